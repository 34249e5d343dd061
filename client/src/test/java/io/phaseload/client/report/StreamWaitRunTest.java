package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.result.SlotWords;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.StreamWait;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.EmbeddedServer;
import io.phaseload.client.testing.H2Server;
import io.phaseload.client.testing.H2Server.Act;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real runs: over HTTP/2, with more users than one connection has streams, requests wait for a
 * stream, and the run's statistics, its record read back and its JSON (valid against the schema)
 * give the same stream wait; over HTTP/1.1, none of them has one.
 */
@Timeout(120)
class StreamWaitRunTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @RegisterExtension static final EmbeddedServer http11 = new EmbeddedServer();

  @TempDir Path dir;

  /** 8 users (15 over the phases) share one connection of 2 streams, each answered in 5 ms. */
  @Test
  void aRunOverHttp2CountsItsWaitsAndItsRecordKeepsThem() throws Exception {
    Path record = dir.resolve("h2.plr");
    Path json = dir.resolve("h2.json");
    try (H2Server server = H2Server.start((n, stream) -> Act.ANSWER, 2, 5)) {
      ClientRun run = run("8", server.url("/h2"), record, json, "--http2", "--connections", "1");
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(server.requests(), run.sent());

      StreamWait w = run.finished().streamWait();
      assertEquals(run.sent(), w.sent());
      // The peak's 8 users on 2 streams: most of its requests find both open.
      assertTrue(w.waited() > 0 && w.waited() < w.sent(), w.toString());
      assertEquals(w.waited(), w.waits().count(), "every request succeeded");
      assertTrue(w.waits().min() > 0, w.toString());

      RecordFile.Contents back = RecordFile.open(record);
      assertEquals(SlotWords.STREAM_WAIT, back.header().words());
      assertEquals(w, Analysis.of(back.result()).streamWait(), "the record's, read back");

      JsonNode doc = valid(json);
      JsonNode s = doc.get("total").get("streamWait");
      assertEquals(w.sent(), s.get("sent").asLong());
      assertEquals(w.waited(), s.get("waited").asLong());
      assertEquals(w.waits().count(), s.get("waitMs").get("count").asLong());
    }
  }

  @Test
  void aRunOverHttp11HasNoStreamWait() throws Exception {
    Path record = dir.resolve("h1.plr");
    Path json = dir.resolve("h1.json");
    ClientRun run = run("4", http11.url("/sayHello"), record, json);
    assertEquals(0, run.code(), run.out() + run.err());
    assertNull(run.finished().streamWait());
    assertFalse(run.result().recording().streamWait());
    assertEquals(SlotWords.NONE, RecordFile.readHeader(record).words());
    assertFalse(valid(json).get("total").has("streamWait"));
  }

  /** A run of THREADS x 10 GETs of {@code url}, with its record and its JSON, and {@code more}. */
  private static ClientRun run(String threads, String url, Path record, Path json, String... more) {
    List<String> args = new ArrayList<>(List.of(threads, "10", "--url", url, "-q"));
    args.addAll(List.of("--record", record.toString(), "--json", json.toString()));
    args.addAll(List.of(more));
    return ClientRun.of(args.toArray(String[]::new));
  }

  /** The document in {@code json}, checked against the published schema. */
  private static JsonNode valid(Path json) throws Exception {
    SchemaTest.assertValid("run", json);
    return MAPPER.readTree(json.toFile());
  }
}
