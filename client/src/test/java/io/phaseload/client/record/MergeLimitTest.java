package io.phaseload.client.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.testing.ClientRun;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shards whose union one array cannot hold: {@code report} says where the limit is before reading a
 * request, and exits 2; no figure is printed.
 */
class MergeLimitTest {

  @TempDir Path dir;

  /** A record file with only a header: enough for report's checks, which come first. */
  private Path headerOnly(LoadPlan plan) throws IOException {
    RecordHeader header =
        new RecordHeader(
            plan,
            List.of("GET: GET /sayHello (ROUND_ROBIN)"),
            "host",
            1,
            1,
            List.of(),
            null,
            0,
            false,
            Map.of(),
            RunInfo.of(
                plan,
                "raw",
                "platform",
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                "http://127.0.0.1:1/",
                false,
                0),
            plan.totalRequests(),
            false);
    Path file = dir.resolve("shard-" + plan.shard().index() + ".plr");
    try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(file))) {
      out.write(RecordFormat.MAGIC);
      out.writeInt(RecordFormat.VERSION);
      byte[] h = header.toBytes();
      out.writeInt(h.length);
      out.write(h);
    }
    return file;
  }

  @Test
  void aMergeLargerThanOneArrayIsRefusedInOneLine() throws IOException {
    LoadPlan whole = LoadPlan.standard(100_000, 10_000); // 3.7 billion requests
    Path a = headerOnly(whole.sharded(new Shard(0, 4)));
    Path b = headerOnly(whole.sharded(new Shard(1, 4)));
    ClientRun r = ClientRun.of("report", a.toString(), b.toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertEquals("", r.out());
    assertEquals(
        "phaseload: the plan's shards hold 3,700,000,000 requests; one report merges at most"
            + " 1,073,741,819 (one array of 16-byte records): report each shard's file on its own\n",
        r.err());
  }
}
