package io.phaseload.client.engine;

import io.phaseload.client.plan.Target;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/** Makes the engine a run asks for by name. */
public final class Engines {

  /** The names {@code --engine} accepts; the first is the default. */
  public static final List<String> NAMES = List.of("raw", "jersey");

  private Engines() {}

  /** Checks an engine name; returns it in canonical form. */
  public static String check(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    if (!NAMES.contains(n)) {
      throw new IllegalArgumentException(
          "engine must be one of " + String.join(", ", NAMES) + ", got '" + name + "'");
    }
    return n;
  }

  /**
   * An engine for {@code target} sized for {@code maxConnections} concurrent users.
   *
   * @param name a name {@link #check} accepted
   */
  public static Engine create(
      String name,
      Target target,
      int maxConnections,
      Duration connectTimeout,
      Duration readTimeout) {
    return create(name, target, maxConnections, connectTimeout, readTimeout, Tls.system());
  }

  /**
   * An engine for {@code target} sized for {@code maxConnections} concurrent users, trusting https
   * targets as {@code tls} says.
   *
   * @param name a name {@link #check} accepted
   */
  public static Engine create(
      String name,
      Target target,
      int maxConnections,
      Duration connectTimeout,
      Duration readTimeout,
      Tls tls) {
    return switch (check(name)) {
      case "raw" -> new RawEngine(target, connectTimeout, readTimeout, tls);
      case "jersey" -> new JerseyEngine(target, maxConnections, connectTimeout, readTimeout, tls);
      default -> throw new IllegalArgumentException("unknown engine " + name);
    };
  }
}
