package io.phaseload.client.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.testing.ChildClient;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --for D}: a run by time is one command, as wrk's {@code -d}, hey's {@code -z} and k6's
 * {@code duration} are. THREADS users throughout D with no ITERATIONS to compute, or {@code --rate
 * R} arrivals a second throughout; the run ends at D as planned, exit 0, while {@code --duration}
 * stays a safety bound that stops it early, exit 1. What the server received is what was sent, and
 * the recording holds what was sent, not the bound on what might have been.
 */
@Timeout(60)
class RunByTimeTest {

  @TempDir Path dir;

  private static ScriptedServer counting(AtomicLong received) throws Exception {
    return ScriptedServer.start(
        r -> {
          received.incrementAndGet();
          return Reply.response(200, "{}");
        });
  }

  @Test
  void usersForATimeRunUntilItEndsWithNoIterationsToCompute() throws Exception {
    AtomicLong received = new AtomicLong();
    Path record = dir.resolve("run.plr");
    try (ScriptedServer server = counting(received)) {
      ClientRun run =
          ClientRun.of(
              "4", "--for", "2s", "--url", server.url("/"), "--quiet", "--record", "" + record);
      assertEquals(ExitCode.OK, run.code(), run.out() + run.err());
      assertNull(run.result().stopReason(), "ended as planned");
      assertTrue(run.sent() > 0 && run.sent() == run.ok(), run.out());
      assertEquals(run.sent(), received.get(), "what the server received");
      PhaseResult held = run.result().phases().get(0);
      assertTrue(held.durationNanos() >= 2_000_000_000L, "held 2 s: " + held.durationNanos());
      // Pages as many as it took to record what it sent (each user's first and last partly), not
      // the 1,073,741,816 slots its users were allowed.
      LatencyRecorder rec = run.result().recording();
      assertTrue(rec.capacity() > 1_000_000_000, "the bound: " + rec.capacity());
      assertTrue(
          rec.slotsAllocated() <= run.sent() + 2 * 4L * LatencyRecorder.PAGE_SLOTS,
          rec.slotsAllocated() + " slots for " + run.sent());

      RecordFile.Contents back = RecordFile.read(record);
      assertEquals(run.sent(), RecordFile.scan(record).recorded());
      assertNull(back.result().stopReason());
    }
  }

  @Test
  void arrivalsForATimeAreTheRateTimesTheLength() throws Exception {
    AtomicLong received = new AtomicLong();
    try (ScriptedServer server = counting(received)) {
      ClientRun run =
          ClientRun.of("20", "--for", "2s", "--rate", "150", "--url", server.url("/"), "--quiet");
      assertEquals(ExitCode.OK, run.code(), run.out() + run.err());
      assertEquals(300, run.result().phases().get(0).arrivals().scheduled());
      assertEquals(300, run.sent());
      assertEquals(300, received.get());
    }
  }

  @Test
  void aSafetyBoundShorterThanTheRunStopsItEarly() throws Exception {
    AtomicLong received = new AtomicLong();
    try (ScriptedServer server = counting(received)) {
      ClientRun run =
          ClientRun.of(
              "2", "--for", "30s", "--duration", "1s", "--url", server.url("/"), "--quiet");
      assertEquals(ExitCode.FAILED, run.code(), run.out() + run.err());
      assertEquals("--duration 1s reached", run.result().stopReason());
      assertEquals(run.sent(), received.get());
    }
  }

  /**
   * A small heap runs users for a time: the recording takes what was sent, where a plan of the same
   * bound would need 24 GiB.
   */
  @Test
  void aSmallHeapRunsUsersForATime() throws Exception {
    AtomicLong received = new AtomicLong();
    try (ScriptedServer server = counting(received)) {
      ChildClient c =
          ChildClient.run("64m", 30, dir, "4", "--for", "2s", "--url", server.url("/"), "--quiet");
      assertEquals(ExitCode.OK, c.code(), c.toString());
      assertFalse(c.stackTrace(), c.toString());
      assertTrue(received.get() > 0);
      assertTrue(c.out().contains("Total number of requests sent: " + received.get()), c.out());
    }
  }

  /**
   * A run by time without {@code --record} streams to a temporary record of its own: a run that
   * ends removes it; a run killed with SIGKILL leaves it, and it reads as the cut run it was.
   */
  @Test
  void aRunByTimeStreamsToATemporaryRecordRemovedAtExit() throws Exception {
    Path tmp = Files.createDirectories(dir.resolve("tmp"));
    AtomicLong received = new AtomicLong();
    try (ScriptedServer server = counting(received)) {
      List<String> args = List.of("4", "--for", "2s", "--url", server.url("/"), "-q");
      Process ended = child(tmp, args).start();
      assertTrue(ended.waitFor(30, TimeUnit.SECONDS));
      assertEquals(ExitCode.OK, ended.exitValue());
      assertTrue(received.get() > 0);
      try (Stream<Path> left = Files.list(tmp)) {
        assertEquals(List.of(), left.toList(), "the temporary record is removed at exit");
      }

      Process killed =
          child(tmp, List.of("4", "--for", "60s", "--url", server.url("/"), "-q")).start();
      Thread.sleep(3_000);
      killed.destroyForcibly().waitFor();
      Path record;
      try (Stream<Path> left = Files.list(tmp)) {
        record = left.filter(f -> f.getFileName().toString().endsWith(".plr")).findFirst().get();
      }
      RecordFile.Scan scan = RecordFile.scan(record);
      assertTrue(scan.recorded() > 0, "the requests written before the kill");
      assertTrue(
          scan.header().stopReason().startsWith("cut at "), "cut: " + scan.header().stopReason());
    }
  }

  /**
   * A run by time that cannot make its temporary record says so in one line and runs on, holding
   * its requests in memory.
   */
  @Test
  void noTemporaryRecordIsOneLineAndTheRunGoesOn() throws Exception {
    Path missing = dir.resolve("no-such-dir");
    AtomicLong received = new AtomicLong();
    try (ScriptedServer server = counting(received)) {
      Process p =
          child(missing, List.of("2", "--for", "1s", "--url", server.url("/"), "-q")).start();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS));
      String err = Files.readString(dir.resolve("child.err"));
      assertEquals(ExitCode.OK, p.exitValue(), err);
      assertEquals(
          List.of(
              "phaseload: no temporary record: cannot create a file in "
                  + missing
                  + "; the run holds every request in memory (give --record FILE on a disk with"
                  + " room)"),
          err.lines().filter(l -> l.startsWith("phaseload:")).toList());
      assertFalse(err.contains("\tat "), err);
      assertTrue(received.get() > 0);
    }
  }

  /** The client as a child JVM whose temporary directory is {@code tmp}. */
  private ProcessBuilder child(Path tmp, List<String> args) {
    List<String> command = new ArrayList<>(ChildClient.command("128m", args));
    command.add(1, "-Djava.io.tmpdir=" + tmp);
    return new ProcessBuilder(command)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectOutput(dir.resolve("child.out").toFile())
        .redirectError(dir.resolve("child.err").toFile());
  }

  @Test
  void aRunByTimeTakesNoOtherShape() throws Exception {
    for (String[] args :
        new String[][] {
          {"4", "--for", "2s", "--phases", "1.0"},
          {"4", "--for", "2s", "--stages", "1s:4"},
          {"4", "--for", "2s", "--rate", "10", "--phase-seconds", "1"},
        }) {
      ClientRun run = ClientRun.of(args);
      assertEquals(ExitCode.USAGE, run.code(), run.err());
      assertTrue(
          run.err()
              .startsWith(
                  "phaseload: --for is the run's length: no --phases, --stages or"
                      + " --phase-seconds beside it"),
          run.err());
    }
    ClientRun bad = ClientRun.of("4", "--for", "soon");
    assertEquals(ExitCode.USAGE, bad.code(), bad.err());
    assertTrue(bad.err().startsWith("phaseload: --for"), bad.err());
    ClientRun none = ClientRun.of("4");
    assertTrue(none.err().contains("or --for D to run for a time"), none.err());
  }
}
