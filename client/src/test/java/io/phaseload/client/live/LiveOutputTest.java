package io.phaseload.client.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.Main;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Group;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output of the test's own, plugged in through {@link LiveOutput} beside none of the command
 * line's, is handed a real run against server.jar, half of whose requests fail (404): what it
 * counts from the requests it is handed, and the last moment's figures, are the run's result
 * exactly, and it is told of the run and each phase in order.
 */
@Timeout(120)
class LiveOutputTest {

  @TempDir Path dir;

  /** Records what the run hands it; the request and moment counts on the feed's thread only. */
  static final class Recording implements LiveOutput {
    final List<String> events = new CopyOnWriteArrayList<>();
    final List<LiveMoment> moments = new CopyOnWriteArrayList<>();
    long sent;
    long ok;
    long failed;
    long notSent;
    LiveRun run;

    @Override
    public void open(LiveRun opened) {
      run = opened;
      events.add("open");
    }

    @Override
    public void runStarted() {
      events.add("runStarted");
    }

    @Override
    public void phaseStarted(Phase phase) {
      events.add("phaseStarted " + phase.name());
    }

    @Override
    public void phaseFinished(PhaseResult result) {
      events.add("phaseFinished " + result.phase().name());
    }

    @Override
    public void request(
        int request,
        int outcome,
        long startNanos,
        long latencyNanos,
        long serviceNanos,
        boolean lateArrival) {
      if (!Outcome.sent(outcome)) {
        notSent++;
      } else if (Outcome.ok(outcome)) {
        sent++;
        ok++;
      } else {
        sent++;
        failed++;
      }
    }

    @Override
    public void moment(LiveMoment moment) {
      moments.add(moment);
    }

    @Override
    public void finished(String finalPage) {
      events.add("finished");
    }

    @Override
    public void close() {
      events.add("close");
    }
  }

  @Test
  void anOutputOfItsOwnGetsTheRunsCountsExactly() throws Exception {
    Path scenario = dir.resolve("half.yaml");
    Files.writeString(
        scenario,
        """
        requests:
          - name: work
            path: /work?ms=5
          - name: missing
            path: /no-such-page
        """);
    Recording output = new Recording();
    List<Analysis> runs = new ArrayList<>();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code;
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral());
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8)) {
      code =
          new Main(o, o)
              .observe(runs::add)
              .liveOutput(output)
              .run(
                  "4",
                  "100",
                  "127.0.0.1",
                  String.valueOf(server.port()),
                  "--scenario",
                  scenario.toString(),
                  "-q");
      assertEquals(1, code, out.toString(StandardCharsets.UTF_8)); // the 404s failed
      assertEquals(1, runs.size(), out.toString(StandardCharsets.UTF_8));
      Group total = runs.get(0).summary().total();
      assertTrue(total.ok() > 0 && total.failed() > 0, out.toString(StandardCharsets.UTF_8));
      assertEquals(total.sent(), output.sent, "requests sent");
      assertEquals(total.ok(), output.ok, "successful");
      assertEquals(total.failed(), output.failed, "failed");
      assertEquals(total.notSent(), output.notSent, "not sent");
      assertEquals(total.sent(), server.stats().answered(), "what the server answered");

      LiveMoment last = output.moments.get(output.moments.size() - 1);
      assertTrue(last.over());
      assertEquals(total.sent() + total.notSent(), last.done());
      assertEquals(total.ok(), last.ok());
      assertEquals(total.failed() + total.notSent(), last.failed());
      // The run takes over 2 s (4 phases, each 100 iterations of a 5 ms request per thread):
      // the feed handed moments on while it ran, each counting on from the one before.
      assertTrue(output.moments.size() >= 2, output.moments.toString());
      for (int i = 1; i < output.moments.size(); i++) {
        assertTrue(output.moments.get(i).done() >= output.moments.get(i - 1).done());
        assertFalse(output.moments.get(i - 1).over());
      }
      assertEquals(runs.get(0).result().plan(), output.run.plan());
    }
    List<String> expected = new ArrayList<>(List.of("open", "runStarted"));
    for (Phase phase : output.run.plan().phases()) {
      expected.add("phaseStarted " + phase.name());
      expected.add("phaseFinished " + phase.name());
    }
    expected.addAll(List.of("finished", "close"));
    assertEquals(expected, output.events);
  }
}
