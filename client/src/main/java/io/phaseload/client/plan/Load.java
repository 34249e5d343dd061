package io.phaseload.client.plan;

/**
 * What a model's load is measured in, as its charts name it: {@code measure} titles the chart of
 * target against achieved load ("Arrivals per second"), {@code unit} labels its axis
 * ("arrivals/s"). Its target over time is {@link LoadPlan#loadAt}. {@code user} and {@code
 * iteration} are what messages call one user and one iteration of it: an arrival is both, a user of
 * one iteration. Immutable.
 */
public record Load(String measure, String unit, String user, String iteration) {

  /** The load of a model that schedules arrivals: a rate. */
  public static final Load ARRIVALS =
      new Load("Arrivals per second", "arrivals/s", "arrival", "arrival");

  /** The load of a model whose users run back to back: how many run. */
  public static final Load USERS = new Load("Users running", "users", "user", "iteration");
}
