package io.phaseload.client.plan;

import java.util.List;

/**
 * The open model's stages ({@code --stages 5s:400/s,...}), a phase each: each stage's rate moves
 * linearly over its length, and its arrivals are the rate's integral. Immutable.
 *
 * @param stages the load shape in arrivals per second, at least one stage
 * @param arrivals how arrivals are spaced
 */
public record OpenStages(List<Stage> stages, Spacing arrivals) implements OpenModel {

  public OpenStages {
    stages = stages == null ? List.of() : List.copyOf(stages);
    if (!(peak(stages) > 0)) {
      throw new IllegalArgumentException("--rate must be a positive number, got " + peak(stages));
    }
    if (arrivals == null) {
      throw new IllegalArgumentException("arrivals must be uniform or poisson");
    }
  }

  /**
   * The plan of {@code stages}, one phase each, named STAGE1, STAGE2, ...: THREADS caps the
   * arrivals in flight in every one, and ITERATIONS is not used.
   */
  public static LoadPlan plan(
      int threads, List<Stage> stages, Spacing arrivals, List<String> requestNames) {
    OpenStages open = new OpenStages(stages, arrivals);
    Phase[] phases = new Phase[stages.size()];
    for (int i = 0; i < phases.length; i++) {
      double fraction = Math.min(1, stages.get(i).meanRate() / open.rate());
      phases[i] = new Phase(i, "STAGE" + (i + 1), fraction, threads);
    }
    return new LoadPlan(threads, 1, List.of(phases), requestNames, open);
  }

  @Override
  public String describe() {
    return "open, stages " + Words.stages(stages, true) + " (" + arrivals.label() + ")";
  }

  /** Its stages drive it; THREADS caps what is in flight. */
  @Override
  public String title(Crowd plan) {
    return "open model, "
        + Words.stagesInShort(stages, true)
        + ", "
        + Words.threads(plan.threads());
  }

  private static double peak(List<Stage> stages) {
    double peak = 0;
    for (Stage s : stages) {
      peak = Math.max(peak, Math.max(s.from(), s.to()));
    }
    return peak;
  }

  /** The stages' highest target: the rate at 100 %. */
  @Override
  public double rate() {
    return peak(stages);
  }

  /** The stage's arrivals: its rate's integral, rounded. */
  @Override
  public long weightedArrivals(Crowd plan, Phase phase) {
    return stages.get(phase.index()).arrivals();
  }

  /** The stage's length. */
  @Override
  public double seconds(Crowd plan, Phase phase) {
    return stages.get(phase.index()).seconds();
  }

  @Override
  public double weightedRate(Phase phase) {
    return stages.get(phase.index()).meanRate();
  }

  /**
   * The stage's ramp, its weighted part for a weighted population; a fixed-rate population's own
   * rate, all through it.
   */
  @Override
  public Ramp ramp(Crowd plan, Phase phase, int p) {
    double share = weightShare(plan, phase, p);
    return share > 0
        ? Ramp.of(stages.get(phase.index()), share, arrivals)
        : Ramp.flat(wholeRate(plan, phase, p), arrivals);
  }
}
