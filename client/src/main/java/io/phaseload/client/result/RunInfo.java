package io.phaseload.client.result;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
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
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
  }

  /**
   * The settings of a run of {@code plan} on this machine.
   *
   * @param threadMode the mode user threads resolved to (platform or virtual), never auto
   */
  public static RunInfo of(
      LoadPlan plan,
      String engine,
      String threadMode,
      Duration connectTimeout,
      Duration readTimeout,
      String target,
      boolean embedded,
      long seed) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("threads", plan.threads());
    s.put("iterations", plan.iterations());
    s.put("phases", plan.phases().stream().map(Phase::fraction).toList());
    s.put("engine", engine);
    s.put("threadMode", threadMode.toLowerCase(Locale.ROOT));
    s.put("connectTimeoutMs", connectTimeout.toMillis());
    s.put("readTimeoutMs", readTimeout.toMillis());
    s.put("seed", seed);
    if (!plan.shard().whole()) {
      s.put("shard", plan.shard().toString());
    }
    return new RunInfo(s, target, embedded, thisMachine());
  }

  /** These settings with {@code name} set to {@code value}, after the others. */
  public RunInfo with(String name, Object value) {
    Map<String, Object> s = new LinkedHashMap<>(settings);
    s.put(name, value);
    return new RunInfo(s, target, embedded, environment);
  }

  /** The machine running this JVM. */
  public static Map<String, Object> thisMachine() {
    Map<String, Object> env = new LinkedHashMap<>();
    env.put("java", System.getProperty("java.vendor") + " " + Runtime.version());
    env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    env.put("arch", System.getProperty("os.arch"));
    env.put("cores", Runtime.getRuntime().availableProcessors());
    return env;
  }

  /** The machine in one line, as tables under results/ name it. */
  public static String describeMachine() {
    Map<String, Object> m = thisMachine();
    return m.get("java")
        + ", "
        + m.get("os")
        + " "
        + m.get("arch")
        + ", "
        + m.get("cores")
        + " cores";
  }
}
