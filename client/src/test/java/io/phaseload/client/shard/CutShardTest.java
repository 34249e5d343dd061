package io.phaseload.client.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard whose generator died leaves a cut record: the merge takes what it holds, beside the other
 * shards' whole records, and names its cut in the merged run's reason, exit 1.
 */
@Timeout(60)
class CutShardTest {

  @TempDir Path dir;

  @Test
  void aCutShardMergesWithWhatItHoldsAndItsCutNamed() throws Exception {
    List<ClientRun> shards;
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      shards =
          ClientRun.shards(
              dir, 2, "10", "300", "127.0.0.1", "" + server.port(), "--phases", "1.0", "-q");
    }
    // Shard 1's file as a kill just before its end would leave it: every frame of requests whole,
    // the run's last header and its end mark never written (the end mark's last 8 bytes say
    // where that header begins).
    Path cut = dir.resolve("shard-1.plr");
    byte[] whole = Files.readAllBytes(cut);
    long lastHeader = ByteBuffer.wrap(whole, whole.length - 8, 8).getLong();
    Files.write(cut, Arrays.copyOf(whole, (int) lastHeader));
    long held = RecordFile.scan(cut).recorded();
    assertEquals(shards.get(1).sent(), held, "every frame of requests is whole");

    ClientRun report = ClientRun.report(dir, 2);
    assertEquals(ExitCode.FAILED, report.code(), report.out() + report.err());
    assertEquals(shards.get(0).sent() + held, report.sent());
    String why = report.result().stopReason();
    assertTrue(why.startsWith("shard 1/2: cut at ") && why.contains("s: no end mark"), why);
  }
}
