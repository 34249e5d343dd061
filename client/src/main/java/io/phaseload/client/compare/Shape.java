package io.phaseload.client.compare;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a compared run was asked to do, from its record's plan or its JSON summary's settings: two
 * runs of different shapes are still compared, but with a warning line for each difference.
 * Immutable.
 *
 * @param model "closed", or the open model's rate, arrivals and phase length
 */
public record Shape(
    int threads, int iterations, List<String> phaseNames, List<String> requestNames, String model) {

  public Shape {
    phaseNames = List.copyOf(phaseNames);
    requestNames = List.copyOf(requestNames);
  }

  public static Shape of(LoadPlan plan) {
    Settings s = plan.model().settings();
    String model = "closed";
    // A rate's settings, as a JSON summary's give them: the two must read the same.
    if (s.hasRate()) {
      model =
          open(
              s.rate(),
              s.arrivals().label(),
              s.phaseLength() == null ? null : s.phaseLength().toNanos() / 1e9);
    }
    return new Shape(
        plan.threads(), plan.iterations(), plan.phaseNames(), plan.requestNames(), model);
  }

  /** The open model's description, the same from a plan and from a JSON summary's settings. */
  static String open(double rate, String arrivals, Double phaseSeconds) {
    return String.format(Locale.ROOT, "open %s/s %s", number(rate), arrivals)
        + (phaseSeconds == null ? "" : ", phases of " + number(phaseSeconds) + " s");
  }

  private static String number(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }

  /** What differs from {@code other}, one line each, this run's value first. */
  public List<String> differences(Shape other) {
    List<String> out = new ArrayList<>();
    if (threads != other.threads) {
      out.add("THREADS " + threads + " vs " + other.threads);
    }
    if (iterations != other.iterations) {
      out.add("ITERATIONS " + iterations + " vs " + other.iterations);
    }
    if (!phaseNames.equals(other.phaseNames)) {
      out.add("phases " + phaseNames + " vs " + other.phaseNames);
    }
    if (!requestNames.equals(other.requestNames)) {
      out.add("requests " + requestNames + " vs " + other.requestNames);
    }
    if (!model.equals(other.model)) {
      out.add("model " + model + " vs " + other.model);
    }
    return out;
  }
}
