package io.phaseload.client.plan;

import java.time.Duration;
import java.util.List;

/**
 * What a load model was asked for, as data: the fields the JSON summary's settings, the record
 * file's plan and a comparison's shape write of it. Each model type says its own (its {@code
 * settings()}), so a writer writes the fields present and never asks which model runs; {@code
 * Models.of} builds the same model again from them. Immutable.
 *
 * @param name "open" or "closed"
 * @param rate arrivals per second at 100 %; 0 for a closed model, which is asked for users
 * @param phaseLength each phase's length when {@code --phase-seconds} gives one, else null
 * @param arrivals how arrivals are spaced; null for a closed model, which schedules none
 * @param stages the stages ({@code --stages}); empty for a model of phases
 */
public record Settings(
    String name, double rate, Duration phaseLength, Spacing arrivals, List<Stage> stages) {

  public Settings {
    stages = List.copyOf(stages);
  }

  /** A closed model's: its stages of users, if any. */
  public static Settings closed(List<Stage> stages) {
    return new Settings("closed", 0, null, null, stages);
  }

  /** Whether the model schedules arrivals at a rate, so its rate, spacing and length are set. */
  public boolean hasRate() {
    return arrivals != null;
  }
}
