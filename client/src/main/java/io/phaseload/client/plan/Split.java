package io.phaseload.client.plan;

import java.util.List;

/**
 * How a phase's users and arrivals are shared out among a plan's populations: a weighted
 * population's exact share by largest remainder, a population with a number of its own keeps it.
 * Stateless.
 */
final class Split {

  private Split() {}

  /**
   * Population {@code p}'s users in {@code phase} of the whole plan: in the closed model the users
   * that run, in the open model the cap on its arrivals in flight. A weighted population's share of
   * the phase's threads is exact, by largest remainder: 80/20 of 50 is 40 and 10.
   */
  static int users(List<Population> populations, Phase phase, int p) {
    Population.Share share = populations.get(p).share();
    if (share instanceof Population.Users u) {
      return u.users();
    }
    if (share instanceof Population.Rate r) {
      return r.cap();
    }
    return (int) weighted(populations, phase.threads(), p);
  }

  /**
   * Weighted population {@code p}'s part of {@code total}: each gets the floor of its share, and
   * what is left goes one each to the largest remainders (the first on ties), so the parts sum to
   * {@code total} exactly; 0 for a population that is not weighted.
   */
  static long weighted(List<Population> populations, long total, int p) {
    double sum = 0;
    for (Population q : populations) {
      if (q.share() instanceof Population.Weight w) {
        sum += w.weight();
      }
    }
    long given = 0;
    long[] floors = new long[populations.size()];
    double[] rests = new double[populations.size()];
    for (int q = 0; q < populations.size(); q++) {
      if (populations.get(q).share() instanceof Population.Weight w) {
        double exact = total * (w.weight() / sum);
        floors[q] = (long) Math.floor(exact);
        rests[q] = exact - floors[q];
        given += floors[q];
      } else {
        rests[q] = -1;
      }
    }
    // Population p gets one more if its remainder ranks among the total - given largest.
    long ahead = 0;
    for (int q = 0; q < populations.size(); q++) {
      if (rests[q] > rests[p] || (rests[q] == rests[p] && q < p)) {
        ahead++;
      }
    }
    return floors[p] + (rests[p] >= 0 && ahead < total - given ? 1 : 0);
  }
}
