package io.phaseload.client.testing;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.RunInfo;
import java.time.Duration;

/** The run information of a synthetic run: the raw engine, platform threads, loopback. */
public final class TestInfo {

  private TestInfo() {}

  /** {@code plan}'s run against http://127.0.0.1:1/x, of seed {@code seed}. */
  public static RunInfo of(LoadPlan plan, long seed) {
    return RunInfo.of(
        plan,
        "raw",
        "platform",
        Duration.ofSeconds(5),
        Duration.ofSeconds(30),
        "http://127.0.0.1:1/x",
        false,
        seed);
  }
}
