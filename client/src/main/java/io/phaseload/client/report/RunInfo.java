package io.phaseload.client.report;

import java.util.List;
import java.util.Map;

/**
 * What a report says about how a run was set up, besides its results: settings, target and the
 * machine. Immutable.
 *
 * @param settings the run's options in the order to print them (threads, iterations, ...)
 * @param target the URL tested
 * @param embedded whether the target was the client's own embedded server
 * @param environment JDK, OS and cores of the machine that ran the client
 */
public record RunInfo(
    Map<String, Object> settings,
    String target,
    boolean embedded,
    Map<String, Object> environment) {

  public RunInfo {
    settings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(settings));
    environment = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(environment));
  }

  /** The machine running this JVM. */
  public static Map<String, Object> thisMachine() {
    Map<String, Object> env = new java.util.LinkedHashMap<>();
    env.put("java", System.getProperty("java.vendor") + " " + Runtime.version());
    env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    env.put("arch", System.getProperty("os.arch"));
    env.put("cores", Runtime.getRuntime().availableProcessors());
    return env;
  }

  /** Settings shared by single runs and sweeps. */
  public static Map<String, Object> settings(
      int threads,
      int iterations,
      List<Double> phases,
      String engine,
      String threadMode,
      long connectTimeoutMs,
      long readTimeoutMs) {
    Map<String, Object> s = new java.util.LinkedHashMap<>();
    s.put("threads", threads);
    s.put("iterations", iterations);
    s.put("phases", phases);
    s.put("engine", engine);
    s.put("threadMode", threadMode);
    s.put("connectTimeoutMs", connectTimeoutMs);
    s.put("readTimeoutMs", readTimeoutMs);
    return s;
  }
}
