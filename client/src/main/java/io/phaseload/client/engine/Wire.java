package io.phaseload.client.engine;

import io.phaseload.client.engine.http1.Http1Request;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Capture;
import io.phaseload.client.request.DataFile;
import io.phaseload.client.request.RequestSpec;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.request.Vars;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario as a socket engine sends it: its distinct origins (scheme, host and port) and every
 * request prepared for them, and encoded for each protocol. Built once per run, before the first
 * phase; immutable after.
 *
 * @param origins where connections go, indexed by {@link EncodedRequest#origin}
 * @param requests the scenario's requests, in its order
 * @param http1 the same requests as HTTP/1.1 bytes
 * @param keepAlive whether a connection carries request after request ({@link
 *     EngineSettings#keepAlive}); if not, each is closed after its response
 * @param data the scenario's data file, or null
 */
public record Wire(
    Origin[] origins,
    EncodedRequest[] requests,
    Http1Request[] http1,
    boolean keepAlive,
    DataFile data) {

  /** The scenario of {@code settings}, requests without a URL of their own sent to its base. */
  public static Wire of(EngineSettings settings) {
    Scenario scenario = settings.scenario();
    Map<String, Integer> ids = new LinkedHashMap<>();
    List<Origin> list = new ArrayList<>();
    EncodedRequest[] requests = new EncodedRequest[scenario.size()];
    for (int r = 0; r < scenario.size(); r++) {
      RequestSpec spec = scenario.get(r);
      int[] origin = new int[spec.endpoints().size()];
      for (int e = 0; e < origin.length; e++) {
        Target t = spec.endpoints().get(e).originOr(settings.base());
        String key = t.uri().getScheme() + "://" + t.host() + ":" + t.port();
        Integer id = ids.get(key);
        if (id == null) {
          id = list.size();
          ids.put(key, id);
          list.add(new Origin(t, settings.tls()));
        }
        origin[e] = id;
      }
      requests[r] = new EncodedRequest(spec, origin, list, scenario.cookies());
    }
    Http1Request[] http1 = new Http1Request[requests.length];
    for (int r = 0; r < requests.length; r++) {
      http1[r] = new Http1Request(requests[r], list, settings.keepAlive());
    }
    return new Wire(
        list.toArray(new Origin[0]), requests, http1, settings.keepAlive(), scenario.data());
  }

  /**
   * Renders every request once, before the first phase, so that the code and classes it takes are
   * loaded then, not timed mid-run; session variables stand in as "0".
   */
  public void renderEach() {
    int slots = 0;
    for (EncodedRequest r : requests) {
      for (Capture c : r.spec.captures()) {
        slots = Math.max(slots, c.slot() + 1);
      }
    }
    Vars vars = new Vars(0, "", 0, 0, slots);
    vars.data(data);
    vars.row(0);
    byte[] zero = {'0'};
    for (int s = 0; s < slots; s++) {
      vars.set(s, zero, 0, 1);
    }
    for (int r = 0; r < requests.length; r++) {
      http1[r].render(requests[r].spec.pickEndpoint(r, vars), vars);
      requests[r].spec.captures().forEach(Capture::prepare);
    }
  }
}
