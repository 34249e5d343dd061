package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.EmbeddedServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON outputs are what docs/schema/ publishes: real outputs of real runs against the real
 * server (a closed run with failures and SLOs, an open-model run without keep-alive, a merge of
 * shards, a capacity search and a comparison), each validated against its schema by a JSON Schema
 * validator. The schemas close every object, so a field renamed or added in the code and not in the
 * schema fails here.
 */
@Timeout(180)
class SchemaTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Path SCHEMAS = Path.of("..", "docs", "schema");

  @RegisterExtension static final EmbeddedServer server = new EmbeddedServer();

  @TempDir Path dir;

  private static String url(String path) {
    return server.url(path);
  }

  private static JsonSchema schema(String name) throws IOException {
    try (InputStream in = Files.newInputStream(SCHEMAS.resolve(name + ".schema.json"))) {
      return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
    }
  }

  static void assertValid(String schema, Path json) throws IOException {
    assertValid(schema, MAPPER.readTree(json.toFile()), json.getFileName().toString());
  }

  /** Fails unless {@code doc} (named {@code name}) is valid against docs/schema/SCHEMA. */
  static void assertValid(String schema, JsonNode doc, String name) throws IOException {
    Set<ValidationMessage> errors = schema(schema).validate(doc);
    assertEquals(Set.of(), errors, name + " against " + schema + ".schema.json");
  }

  private ClientRun run(String... args) {
    ClientRun run = ClientRun.of(args);
    assertTrue(run.code() <= 3, run.out() + run.err());
    return run;
  }

  @Test
  void aClosedRunWithFailuresAndSlosIsARunSummary() throws IOException {
    Path json = dir.resolve("closed.json");
    Path scenario =
        Files.writeString(
            dir.resolve("check.yaml"),
            "requests:\n  - name: hello\n    path: /sayHello\n    expect:\n"
                + "      bodyEquals: 'something else'\n");
    ClientRun run =
        run(
            "3",
            "10",
            "--phases",
            "0.5,1.0",
            "-q",
            "--url",
            url("/"),
            "--scenario",
            scenario.toString(),
            "--slo",
            "p99<1s",
            "--slo",
            "errors<1%",
            "--json",
            json.toString());
    assertEquals(run.total().sent(), run.total().failed(), "every body fails its check");
    JsonNode doc = MAPPER.readTree(json.toFile());
    assertTrue(doc.get("total").get("reasons").has("badBody"), doc.toString());
    assertTrue(doc.has("slo") && doc.has("generator"), doc.toString());
    assertValid("run", json);
  }

  @Test
  void anOpenModelRunWithoutKeepAliveIsARunSummary() throws IOException {
    Path json = dir.resolve("open.json");
    run(
        "4",
        "5",
        "-q",
        "--url",
        url("/work?ms=1"),
        "--rate",
        "200",
        "--phase-seconds",
        "0.3",
        "--no-keepalive",
        "--json",
        json.toString());
    JsonNode doc = MAPPER.readTree(json.toFile());
    JsonNode total = doc.get("total");
    assertTrue(total.has("arrivals") && total.has("serviceTimeMs") && total.has("connectingMs"));
    assertTrue(doc.get("perSecond").get(0).has("serviceP99Ms"), doc.get("perSecond").toString());
    assertValid("run", json);
  }

  @Test
  void aRunOfSeveralPopulationsIsARunSummary() throws IOException {
    Path json = dir.resolve("mix.json");
    Path scenario =
        Files.writeString(
            dir.resolve("mix.yaml"),
            """
            populations:
              - {name: lookup, weight: 3, requests: [{name: get, path: /sayHello}]}
              - name: updater
                threads: 1
                setup: [{name: hello, path: /sayHello}]
                requests: [{name: get, path: /sayHello}]
            """);
    run("4", "2", "-q", "--url", url("/"), "--scenario", "" + scenario, "--json", "" + json);
    JsonNode populations = MAPPER.readTree(json.toFile()).get("populations");
    assertEquals(2, populations.size());
    assertEquals("updater:hello", populations.get(1).get("setup").get(0).asText());
    assertValid("run", json);
  }

  @Test
  void aMergeOfShardsIsARunSummary() throws IOException {
    Path zero = dir.resolve("shard-0.plr");
    Path one = dir.resolve("shard-1.plr");
    Path json = dir.resolve("merged.json");
    run("4", "5", "-q", "--url", url("/sayHello"), "--shard", "0/3", "--record", zero.toString());
    run("4", "5", "-q", "--url", url("/sayHello"), "--shard", "1/3", "--record", one.toString());
    ClientRun report = ClientRun.of("report", zero.toString(), one.toString(), "--json", "" + json);
    assertEquals(1, report.code(), "shard 2/3 is missing: " + report.out() + report.err());
    JsonNode doc = MAPPER.readTree(json.toFile());
    assertEquals(2, doc.get("shards").size());
    assertEquals("2/3", doc.get("missingShards").get(0).asText());
    assertValid("run", json);
  }

  @Test
  void aCapacitySearchIsACapacityDocument() throws IOException {
    Path json = dir.resolve("capacity.json");
    ClientRun search =
        ClientRun.of(
            "capacity",
            "--url",
            url("/work?ms=1"),
            "--slo",
            "p99<5s",
            "--start-rate",
            "50",
            "--max-rate",
            "100",
            "--step-seconds",
            "0.5",
            "--warm-up-seconds",
            "0",
            "--threads",
            "4",
            "-q",
            "--json",
            json.toString());
    assertEquals(0, search.code(), search.out() + search.err());
    assertFalse(MAPPER.readTree(json.toFile()).get("capacity").get("steps").isEmpty());
    assertValid("capacity", json);
  }

  @Test
  void aComparisonIsACompareDocument() throws IOException {
    Path base = dir.resolve("base.plr");
    Path next = dir.resolve("new.plr");
    Path json = dir.resolve("compare.json");
    run("2", "40", "--phases", "1.0", "-q", "--url", url("/work?ms=1"), "--record", "" + base);
    run("2", "40", "--phases", "1.0", "-q", "--url", url("/work?ms=2"), "--record", "" + next);
    ClientRun compare =
        ClientRun.of(
            "compare",
            base.toString(),
            next.toString(),
            "--fail-on-regression",
            "50%",
            "--json",
            json.toString());
    assertTrue(compare.code() == 0 || compare.code() == 4, compare.out() + compare.err());
    assertValid("compare", json);
  }

  @Test
  void aRenamedFieldIsRefused() throws IOException {
    Path json = dir.resolve("renamed.json");
    run("1", "2", "--phases", "1.0", "-q", "--url", url("/sayHello"), "--json", json.toString());
    ObjectNode doc = (ObjectNode) MAPPER.readTree(json.toFile());
    ObjectNode total = (ObjectNode) doc.get("total");
    total.set("requestsSent", total.remove("sent"));
    assertEquals(2, schema("run").validate(doc).size(), "sent missing, requestsSent unknown");
  }
}
