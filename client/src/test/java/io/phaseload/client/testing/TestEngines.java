package io.phaseload.client.testing;

import io.phaseload.client.engine.Engine;
import io.phaseload.client.engine.EngineKind;
import io.phaseload.client.engine.EngineSettings;
import io.phaseload.client.engine.Protocol;
import io.phaseload.client.engine.Tls;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.run.Engines;
import java.time.Duration;

/** Engines for tests, by the names {@code @EachEngine} passes. */
public final class TestEngines {

  private TestEngines() {}

  public static Engine create(
      String kind, Target target, int connections, Duration connect, Duration read) {
    return create(kind, target, connections, connect, read, Tls.system(), new Reasons());
  }

  public static Engine create(
      String kind,
      Target target,
      int connections,
      Duration connect,
      Duration read,
      Tls tls,
      Reasons reasons) {
    return Engines.create(settings(kind, target, connections, connect, read, tls, reasons));
  }

  /** The settings of an engine of {@code kind} sending the contract to {@code target}. */
  public static EngineSettings settings(
      String kind,
      Target target,
      int connections,
      Duration connect,
      Duration read,
      Tls tls,
      Reasons reasons) {
    return new EngineSettings(
        EngineKind.parse(kind),
        Scenario.contract(target.pathAndQuery(), 0),
        target,
        connections,
        connect,
        read,
        tls,
        true,
        reasons,
        Protocol.HTTP_1_1);
  }
}
