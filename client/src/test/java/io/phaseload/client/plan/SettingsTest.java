package io.phaseload.client.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What each load model says of itself as data, and that it builds the same model again. */
class SettingsTest {

  private static final List<Stage> STAGES =
      List.of(new Stage(0, 20, Duration.ofSeconds(10)), new Stage(20, 20, Duration.ofSeconds(30)));

  @Test
  void eachModelBuildsItselfAgainFromItsSettings() {
    List<Model> models =
        List.of(
            ClosedPhases.INSTANCE,
            new ClosedStages(STAGES),
            new OpenPhases(250, Duration.ofMillis(1500), Spacing.POISSON),
            new OpenPhases(100, null, Spacing.UNIFORM),
            new OpenStages(STAGES, Spacing.UNIFORM));
    for (Model m : models) {
      assertEquals(m, Models.of(m.settings()), m.describe());
    }
  }

  @Test
  void aClosedModelHasNoRateAndItsStagesOfUsers() {
    Settings s = new ClosedStages(STAGES).settings();
    assertEquals("closed", s.name());
    assertFalse(s.hasRate());
    assertNull(s.arrivals());
    assertEquals(STAGES, s.stages());
    assertEquals(List.of(), ClosedPhases.INSTANCE.settings().stages());
  }

  @Test
  void anOpenModelHasItsRateSpacingAndLength() {
    Settings s = new OpenPhases(250, Duration.ofMillis(1500), Spacing.POISSON).settings();
    assertEquals("open", s.name());
    assertTrue(s.hasRate());
    assertEquals(250.0, s.rate());
    assertEquals(Duration.ofMillis(1500), s.phaseLength());
    assertEquals(Spacing.POISSON, s.arrivals());
    assertEquals(20.0, new OpenStages(STAGES, Spacing.UNIFORM).settings().rate()); // its peak
  }
}
