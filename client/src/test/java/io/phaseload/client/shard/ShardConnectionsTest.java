package io.phaseload.client.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.SlotWords;
import io.phaseload.client.stats.ConnectionTimes;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shards of a {@code --no-keepalive} run merge their connection times exactly: the merged report's
 * connecting and waiting statistics are those of one recording holding every shard's requests.
 */
@Timeout(120)
class ShardConnectionsTest {

  @TempDir Path dir;

  @Test
  void mergedShardsKeepEveryRequestsConnectionTimes() throws Exception {
    int shards = 2;
    LoadPlan whole = LoadPlan.standard(6, 5);
    List<String> files = new ArrayList<>();
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      for (int i = 0; i < shards; i++) {
        String file = dir.resolve("shard-" + i + ".plr").toString();
        files.add(file);
        ClientRun run =
            ClientRun.of(
                "6",
                "5",
                "127.0.0.1",
                String.valueOf(server.port()),
                "--shard",
                i + "/" + shards,
                "--no-keepalive",
                "--record",
                file,
                "-q");
        assertEquals(0, run.code(), run.out() + run.err());
      }
      assertEquals(whole.totalRequests(), server.stats().received());
    }

    List<String> args = new ArrayList<>(List.of("report"));
    args.addAll(files);
    ClientRun report = ClientRun.of(args.toArray(String[]::new));
    assertEquals(0, report.code(), report.out() + report.err());
    assertTrue(report.result().recording().connections());

    LatencyRecorder union = LatencyRecorder.allocate(whole, SlotWords.CONNECTIONS);
    int k = 0;
    for (String f : files) {
      LatencyRecorder shard = RecordFile.read(Path.of(f)).recording();
      for (int s = 0; s < shard.capacity(); s++) {
        if (shard.reached(s)) {
          union.record(
              k,
              shard.startNanos(s),
              shard.latencyNanos(s),
              shard.phase(s),
              shard.request(s),
              shard.outcome(s));
          union.recordConnection(
              k++, shard.connectNanos(s), shard.tlsNanos(s), shard.firstByteNanos(s));
        }
      }
    }
    assertEquals(whole.totalRequests(), k);
    ConnectionTimes expected = ConnectionTimes.of(union);
    ConnectionTimes merged = report.summary().connections().orElseThrow();
    assertEquals(whole.totalRequests(), merged.connecting().count());
    assertEquals(expected, merged);
  }
}
