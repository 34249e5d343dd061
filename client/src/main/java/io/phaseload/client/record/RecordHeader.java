package io.phaseload.client.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Model;
import io.phaseload.client.plan.Models;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Population;
import io.phaseload.client.plan.Settings;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.plan.Stage;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.SlotWords;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A record file's header, everything but the requests: the plan (with the shard), the scenario, how
 * the run went, the failure reasons' messages and the machine. Written and read as a JSON object
 * inside the binary file (see {@link RecordFile}); every field is required when read. Immutable.
 *
 * @param scenario one line per request of the iteration ({@code Scenario.describe()})
 * @param host the generator's host name
 * @param startEpochNanos when the run began, nanoseconds since the epoch
 * @param reasons the failure reasons' messages by code
 * @param requests request slots that follow (the shard's plan's requests, reached or not)
 * @param words what each request carries after its own words: its connection times ({@code
 *     --no-keepalive}; none in files of format 2), its wait for an HTTP/2 stream ({@code --http2};
 *     none before format 8)
 * @param answers the reasons of unexpected statuses, by request of the iteration then status
 *     ({@link Reasons#answers}); empty in files written before they were kept
 */
public record RecordHeader(
    LoadPlan plan,
    List<String> scenario,
    String host,
    long startEpochNanos,
    long wallNanos,
    List<PhaseResult> phases,
    String stopReason,
    long seed,
    boolean seedPrinted,
    Map<Integer, String> reasons,
    RunInfo info,
    long requests,
    SlotWords words,
    Map<Integer, Map<Integer, String>> answers) {

  private static final ObjectMapper JSON = new ObjectMapper();

  public RecordHeader {
    scenario = List.copyOf(scenario);
    phases = List.copyOf(phases);
    reasons = Map.copyOf(reasons);
    Map<Integer, Map<Integer, String>> copy = new LinkedHashMap<>();
    answers.forEach((request, byStatus) -> copy.put(request, Map.copyOf(byStatus)));
    answers = Map.copyOf(copy);
  }

  /** A header that keeps no reason of an unexpected status. */
  public RecordHeader(
      LoadPlan plan,
      List<String> scenario,
      String host,
      long startEpochNanos,
      long wallNanos,
      List<PhaseResult> phases,
      String stopReason,
      long seed,
      boolean seedPrinted,
      Map<Integer, String> reasons,
      RunInfo info,
      long requests,
      SlotWords words) {
    this(
        plan,
        scenario,
        host,
        startEpochNanos,
        wallNanos,
        phases,
        stopReason,
        seed,
        seedPrinted,
        reasons,
        info,
        requests,
        words,
        Map.of());
  }

  /** Whether each request carries its connection times ({@code --no-keepalive}). */
  public boolean connections() {
    return words.connections();
  }

  /**
   * This header as a run in progress stands: the phases done so far and the failure reasons seen,
   * its wall time and stop reason not yet known.
   */
  public RecordHeader standing(
      List<PhaseResult> done, Map<Integer, String> seen, Map<Integer, Map<Integer, String>> kept) {
    return new RecordHeader(
        plan,
        scenario,
        host,
        startEpochNanos,
        0,
        done,
        null,
        seed,
        seedPrinted,
        seen,
        info,
        requests,
        words,
        kept);
  }

  /** The reasons table the messages and the answers' reasons make. */
  public Reasons reasonTable() {
    Reasons table = new Reasons();
    reasons.forEach(table::explain);
    answers.forEach(
        (request, byStatus) ->
            byStatus.forEach((status, message) -> table.firstAnswer(request, status, message)));
    return table;
  }

  byte[] toBytes() {
    ObjectNode root = JSON.createObjectNode();
    root.set("plan", plan(plan));
    root.set("scenario", JSON.valueToTree(scenario));
    root.put("host", host);
    root.put("startEpochNanos", startEpochNanos);
    root.put("wallNanos", wallNanos);
    ArrayNode ran = root.putArray("phases");
    for (PhaseResult p : phases) {
      ObjectNode n = ran.addObject();
      n.put("index", p.phase().index());
      n.put("startNanos", p.startNanos());
      n.put("durationNanos", p.durationNanos());
      n.put("completed", p.completed());
      n.put("setupNanos", p.setupNanos());
      n.put("thinks", p.thinks());
      n.put("thinkNanos", p.thinkNanos());
      if (p.arrivals() != null) {
        ArrivalStats a = p.arrivals();
        ObjectNode s = n.putObject("arrivals");
        s.put("scheduled", a.scheduled());
        s.put("started", a.started());
        s.put("late", a.late());
        s.put("maxLateNanos", a.maxLateNanos());
        s.put("intendedRate", a.intendedRate());
        s.put("lastStartNanos", a.lastStartNanos());
      }
    }
    root.put("stopReason", stopReason);
    root.put("seed", seed);
    root.put("seedPrinted", seedPrinted);
    ObjectNode r = root.putObject("reasons");
    reasons.forEach((code, message) -> r.put(String.valueOf(code), message));
    ObjectNode a = root.putObject("answers");
    answers.forEach(
        (request, byStatus) -> {
          ObjectNode ofRequest = a.putObject(String.valueOf(request));
          byStatus.forEach((status, message) -> ofRequest.put(String.valueOf(status), message));
        });
    ObjectNode i = root.putObject("info");
    i.set("settings", JSON.valueToTree(info.settings()));
    i.put("target", info.target());
    i.put("embedded", info.embedded());
    i.set("environment", JSON.valueToTree(info.environment()));
    root.put("requests", requests);
    root.put("connections", words.connections());
    root.put("streamWait", words.streamWait());
    try {
      return JSON.writeValueAsBytes(root);
    } catch (IOException e) {
      throw new IllegalStateException("cannot encode a record header", e);
    }
  }

  private static ObjectNode plan(LoadPlan plan) {
    ObjectNode n = JSON.createObjectNode();
    n.put("threads", plan.threads());
    n.put("iterations", plan.iterations());
    ArrayNode phases = n.putArray("phases");
    for (Phase p : plan.phases()) {
      ObjectNode ph = phases.addObject();
      ph.put("name", p.name());
      ph.put("fraction", p.fraction());
      ph.put("threads", p.threads());
    }
    n.set("requestNames", JSON.valueToTree(plan.requestNames()));
    ArrayNode populations = n.putArray("populations");
    for (Population pop : plan.populations()) {
      ObjectNode o = populations.addObject();
      o.put("name", pop.name());
      o.put("setup", pop.setup());
      o.put("iteration", pop.iteration());
      o.put("teardown", pop.teardown());
      if (pop.share() instanceof Population.Weight w) {
        o.put("weight", w.weight());
      } else if (pop.share() instanceof Population.Users u) {
        o.put("threads", u.users());
      } else if (pop.share() instanceof Population.Rate r) {
        o.put("rate", r.perSecond());
        o.put("threads", r.cap());
      }
    }
    // The file names each model's own fields, to build the same model again (fromBytes).
    Settings model = plan.model().settings();
    if (model.hasRate()) {
      ObjectNode o = n.putObject("open");
      o.put("rate", model.rate());
      if (model.phaseLength() != null) {
        o.put("phaseLengthNanos", model.phaseLength().toNanos());
      }
      o.put("arrivals", model.arrivals().label());
      o.set("stages", stages(model.stages()));
    } else if (!model.stages().isEmpty()) {
      n.set("closedStages", stages(model.stages()));
    }
    n.put("shardIndex", plan.shard().index());
    n.put("shardCount", plan.shard().count());
    return n;
  }

  /** The plan's populations; before format 5, one whose every request was the iteration's. */
  private static ArrayNode stages(List<Stage> stages) {
    ArrayNode out = JSON.createArrayNode();
    for (Stage s : stages) {
      ObjectNode st = out.addObject();
      st.put("from", s.from());
      st.put("to", s.to());
      st.put("nanos", s.length().toNanos());
    }
    return out;
  }

  /** A model's stages; none before format 5. */
  private static List<Stage> stages(JsonNode list) {
    List<Stage> out = new ArrayList<>();
    for (JsonNode s : list) {
      out.add(
          new Stage(
              need(s, "from").asDouble(),
              need(s, "to").asDouble(),
              Duration.ofNanos(need(s, "nanos").asLong())));
    }
    return out;
  }

  private static List<Population> populations(JsonNode plan, int requests) {
    if (!plan.has("populations")) {
      return List.of(Population.iterationOf(requests));
    }
    List<Population> out = new ArrayList<>();
    int first = 0;
    for (JsonNode o : plan.get("populations")) {
      Population.Share share =
          o.has("rate")
              ? new Population.Rate(o.get("rate").asDouble(), need(o, "threads").asInt())
              : o.has("threads")
                  ? new Population.Users(o.get("threads").asInt())
                  : new Population.Weight(need(o, "weight").asDouble());
      JsonNode name = o.get("name");
      Population pop =
          new Population(
              name == null || name.isNull() ? null : name.asText(),
              share,
              first,
              need(o, "setup").asInt(),
              need(o, "iteration").asInt(),
              need(o, "teardown").asInt());
      out.add(pop);
      first = pop.end();
    }
    return out;
  }

  /**
   * Reads a header written by {@link #toBytes}.
   *
   * @throws IllegalArgumentException naming the field that is missing or wrong
   */
  static RecordHeader fromBytes(byte[] bytes) throws IOException {
    JsonNode root = JSON.readTree(bytes);
    JsonNode p = need(root, "plan");
    List<Phase> phases = new ArrayList<>();
    for (JsonNode ph : need(p, "phases")) {
      phases.add(
          new Phase(
              phases.size(),
              need(ph, "name").asText(),
              need(ph, "fraction").asDouble(),
              need(ph, "threads").asInt()));
    }
    Settings settings = Settings.closed(stages(p.path("closedStages")));
    if (p.has("open")) {
      JsonNode o = p.get("open");
      settings =
          new Settings(
              "open",
              need(o, "rate").asDouble(),
              o.has("phaseLengthNanos")
                  ? Duration.ofNanos(o.get("phaseLengthNanos").asLong())
                  : null,
              Spacing.parse(need(o, "arrivals").asText()),
              stages(o.path("stages")));
    }
    Model model = Models.of(settings);
    List<String> requestNames = strings(need(p, "requestNames"));
    LoadPlan plan =
        new LoadPlan(
            need(p, "threads").asInt(),
            need(p, "iterations").asInt(),
            phases,
            requestNames,
            model,
            new Shard(need(p, "shardIndex").asInt(), need(p, "shardCount").asInt()),
            populations(p, requestNames.size()));
    List<PhaseResult> ran = new ArrayList<>();
    for (JsonNode n : need(root, "phases")) {
      ArrivalStats arrivals = null;
      if (n.has("arrivals")) {
        JsonNode a = n.get("arrivals");
        arrivals =
            new ArrivalStats(
                need(a, "scheduled").asLong(),
                need(a, "started").asLong(),
                need(a, "late").asLong(),
                need(a, "maxLateNanos").asLong(),
                need(a, "intendedRate").asDouble(),
                need(a, "lastStartNanos").asLong());
      }
      ran.add(
          new PhaseResult(
              plan.phases().get(need(n, "index").asInt()),
              need(n, "startNanos").asLong(),
              need(n, "durationNanos").asLong(),
              need(n, "completed").asBoolean(),
              need(n, "setupNanos").asLong(),
              arrivals,
              n.path("thinks").asLong(0),
              n.path("thinkNanos").asLong(0)));
    }
    Map<Integer, String> reasons = new LinkedHashMap<>();
    need(root, "reasons")
        .fields()
        .forEachRemaining(e -> reasons.put(Integer.parseInt(e.getKey()), e.getValue().asText()));
    // Absent from files written before the reasons of unexpected statuses were kept.
    Map<Integer, Map<Integer, String>> answers = new LinkedHashMap<>();
    root.path("answers")
        .fields()
        .forEachRemaining(
            e -> {
              Map<Integer, String> byStatus = new LinkedHashMap<>();
              e.getValue()
                  .fields()
                  .forEachRemaining(
                      s -> byStatus.put(Integer.parseInt(s.getKey()), s.getValue().asText()));
              answers.put(Integer.parseInt(e.getKey()), byStatus);
            });
    JsonNode i = need(root, "info");
    RunInfo info =
        new RunInfo(
            map(need(i, "settings")),
            need(i, "target").asText(),
            need(i, "embedded").asBoolean(),
            map(need(i, "environment")));
    JsonNode stop = need(root, "stopReason");
    return new RecordHeader(
        plan,
        strings(need(root, "scenario")),
        need(root, "host").asText(),
        need(root, "startEpochNanos").asLong(),
        need(root, "wallNanos").asLong(),
        ran,
        stop.isNull() ? null : stop.asText(),
        need(root, "seed").asLong(),
        need(root, "seedPrinted").asBoolean(),
        reasons,
        info,
        need(root, "requests").asLong(),
        new SlotWords(
            root.path("connections").asBoolean(false), root.path("streamWait").asBoolean(false)),
        answers);
  }

  private static JsonNode need(JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null) {
      throw new IllegalArgumentException("the header has no '" + field + "'");
    }
    return v;
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static Map<String, Object> map(JsonNode object) {
    Map<String, Object> out = new LinkedHashMap<>();
    object
        .fields()
        .forEachRemaining(e -> out.put(e.getKey(), JSON.convertValue(e.getValue(), Object.class)));
    return out;
  }
}
