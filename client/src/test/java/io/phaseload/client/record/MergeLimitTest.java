package io.phaseload.client.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.bench.RecordBench;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.SlotWords;
import io.phaseload.client.testing.ChildClient;
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
 * The limits of a merge: shards whose union one recording's slots cannot number are refused before
 * a request is read; shards whose union the heap could not hold merge, streamed from their files.
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
            SlotWords.NONE);
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
            + " 1,073,741,819 (a recording's slots are numbered by int): report each shard's file"
            + " on its own\n",
        r.err());
  }

  /**
   * Four shards of a million requests each (RecordBench's, 1 % of them 503s) merge in a child JVM
   * of 48 MiB, where holding their union takes 64 MiB: every request is counted, by request and by
   * kind.
   */
  @Test
  void shardsLargerThanTheHeapMergeStreamedFromTheirFiles() throws Exception {
    RecordBench.main(new String[] {dir.toString(), "4", "400", "2703"});
    Path json = dir.resolve("merged.json");
    List<String> args = new java.util.ArrayList<>(List.of("report"));
    for (int i = 0; i < 4; i++) {
      args.add(dir.resolve("shard-" + i + ".plr").toString());
    }
    args.addAll(List.of("--json", json.toString()));
    ChildClient r = ChildClient.run("48m", 120, dir, args.toArray(String[]::new));
    assertEquals(1, r.code(), r.toString()); // the 503s are failures
    JsonNode total = new ObjectMapper().readTree(json.toFile()).path("total");
    assertEquals(4_000_440, total.path("sent").asLong(), total.toString());
    assertEquals(4_000_440, total.path("ok").asLong() + total.path("failed").asLong());
    assertEquals(true, total.path("failed").asLong() > 20_000, total.toString());
  }
}
