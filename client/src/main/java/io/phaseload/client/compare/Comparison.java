package io.phaseload.client.compare;

import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Figures;
import io.phaseload.client.stats.Group;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Two runs compared, per request name and overall: each metric's exact value in both, the change,
 * and a confidence interval of the change from a block bootstrap of both runs ({@link Blocks}):
 * each replicate draws as many blocks as each run has, with replacement, from each run apart, and
 * recomputes both values from the drawn blocks; the interval is the replicates' central {@link
 * #CONFIDENCE} of new / base - 1. The blocks see how a run moves within itself, not how the machine
 * or the service moved between two runs (measured here: a p50 moved up to 2 % and a p95 up to 6 %
 * between back-to-back runs of one unchanged server, each with a narrow interval), so a change is a
 * verdict only when its whole interval lies beyond a noise floor, {@code +-noiseFloor} percent
 * ({@link #DEFAULT_NOISE_FLOOR} unless told). Max has no interval: one request decides it, and a
 * resampled max never exceeds the sample's. Immutable.
 *
 * @param rows per name ("ALL" first), per metric
 * @param noise whether intervals were estimated (false for JSON summaries, which hold no blocks)
 * @param noiseFloor the change, in percent either way, that a verdict's interval must lie beyond
 */
public record Comparison(
    List<Row> rows, boolean noise, int baseBlocks, int newBlocks, double noiseFloor) {

  /** The central share of the replicates an interval spans. */
  public static final double CONFIDENCE = 0.99;

  /**
   * The run-to-run drift, in percent, that no interval of one pair of runs can see and a verdict
   * must exceed: above the 2 % (p50) and 6 % (p95, an interval reaching to 2 %) seen between
   * back-to-back runs of one unchanged server on this project's 2-core machine, and well under the
   * effects worth finding.
   */
  public static final double DEFAULT_NOISE_FLOOR = 5;

  /** Bootstrap replicates: enough that the 0.5 % and 99.5 % ranks are 10 replicates deep. */
  public static final int REPLICATES = 2000;

  /** A verdict on one metric. */
  public enum Verdict {
    WORSE,
    BETTER,
    SAME,
    /** No interval: max, or inputs without blocks. */
    NONE
  }

  /**
   * One metric of one request name.
   *
   * @param change new / base - 1, in percent (NaN when base is 0)
   * @param low the interval's low end of the change, percent (NaN without one)
   */
  public record Row(
      String name,
      Metric metric,
      double base,
      double next,
      double change,
      double low,
      double high,
      Verdict verdict) {}

  public Comparison {
    rows = List.copyOf(rows);
    if (!(noiseFloor >= 0)) {
      throw new IllegalArgumentException("the noise floor must be 0% or more, got " + noiseFloor);
    }
  }

  /** The rows that got worse beyond the noise by more than {@code percent}. */
  public List<Row> regressions(double percent) {
    return rows.stream()
        .filter(r -> r.metric().percentile() && r.verdict() == Verdict.WORSE && r.low() > percent)
        .toList();
  }

  /**
   * Exact values only, no interval (a side read from a JSON summary holds no blocks): the rows are
   * ALL and every name both sides have, in the base's order.
   *
   * @param base ALL first, then request names
   */
  public static Comparison exact(List<Side> base, List<Side> next) {
    List<Row> rows = new ArrayList<>();
    for (Side b : base) {
      Side n = next.stream().filter(s -> s.name.equals(b.name)).findFirst().orElse(null);
      if (n == null) {
        continue;
      }
      for (Metric m : Metric.values()) {
        double bv = b.values[m.ordinal()];
        double nv = n.values[m.ordinal()];
        rows.add(new Row(b.name, m, bv, nv, change(bv, nv), Double.NaN, Double.NaN, Verdict.NONE));
      }
    }
    return new Comparison(rows, false, 0, 0, 0);
  }

  /** One request name's (or ALL's) exact values, in metric order. */
  public record Side(String name, double[] values) {

    /** ALL, then every request name of a run, in order. */
    public static List<Side> all(Analysis run) {
      List<Side> sides = new ArrayList<>();
      sides.add(of(run, run.summary().total()));
      run.summary().requests().forEach(g -> sides.add(of(run, g)));
      return sides;
    }

    /** One group's values, as {@code run} holds them. */
    public static Side of(Analysis run, Group g) {
      double[] v = new double[Metric.values().length];
      for (Metric m : Metric.values()) {
        v[m.ordinal()] = m.of(run, g);
      }
      return new Side(g.request(), v);
    }
  }

  /**
   * Compares two runs' summaries with intervals from their blocks; the rows are ALL and every name
   * both runs have, in the base's order.
   *
   * @param seed the bootstrap's seed: the same inputs give the same intervals
   * @param noiseFloor the change, in percent either way, a verdict's interval must lie beyond
   */
  public static Comparison of(
      Analysis base,
      Blocks baseBlocks,
      Analysis next,
      Blocks nextBlocks,
      long seed,
      double noiseFloor) {
    List<String> baseNames = base.result().plan().requestNames();
    List<String> nextNames = next.result().plan().requestNames();
    List<int[]> pairs = new ArrayList<>(); // block rows: base, new
    List<Side[]> sides = new ArrayList<>();
    pairs.add(new int[] {0, 0});
    sides.add(
        new Side[] {Side.of(base, base.summary().total()), Side.of(next, next.summary().total())});
    for (int r = 0; r < baseNames.size(); r++) {
      int n = nextNames.indexOf(baseNames.get(r));
      if (n >= 0) {
        pairs.add(new int[] {1 + r, 1 + n});
        sides.add(
            new Side[] {
              Side.of(base, base.summary().requests().get(r)),
              Side.of(next, next.summary().requests().get(n))
            });
      }
    }
    return between(sides, pairs, baseBlocks, nextBlocks, seed, noiseFloor);
  }

  /**
   * Compares the exact values of {@code sides}, each a base and a new side, with intervals from the
   * rows {@code pairs} of {@code baseBlocks} and {@code nextBlocks} (block row 0 is every request,
   * 1 + r request r): two runs, or two windows of one run ({@link DriftNoise}).
   */
  static Comparison between(
      List<Side[]> sides,
      List<int[]> pairs,
      Blocks baseBlocks,
      Blocks nextBlocks,
      long seed,
      double noiseFloor) {
    int metrics = Metric.values().length;
    double[][][] changes = new double[pairs.size()][metrics][REPLICATES];
    boolean noise = baseBlocks.count() > 1 && nextBlocks.count() > 1;
    if (noise) {
      SplittableRandom random = new SplittableRandom(seed);
      int[] mb = new int[baseBlocks.count()];
      int[] mn = new int[nextBlocks.count()];
      double[] vb = new double[metrics];
      double[] vn = new double[metrics];
      for (int b = 0; b < REPLICATES; b++) {
        draw(random, mb);
        draw(random, mn);
        for (int p = 0; p < pairs.size(); p++) {
          values(baseBlocks, pairs.get(p)[0], mb, vb);
          values(nextBlocks, pairs.get(p)[1], mn, vn);
          for (int m = 0; m < metrics; m++) {
            changes[p][m][b] = change(vb[m], vn[m]);
          }
        }
      }
    }
    List<Row> rows = new ArrayList<>();
    for (int p = 0; p < pairs.size(); p++) {
      Side sb = sides.get(p)[0];
      Side sn = sides.get(p)[1];
      for (Metric m : Metric.values()) {
        double bv = sb.values[m.ordinal()];
        double nv = sn.values[m.ordinal()];
        double low = Double.NaN;
        double high = Double.NaN;
        Verdict verdict = Verdict.NONE;
        if (noise && m != Metric.MAX) {
          double[] c = changes[p][m.ordinal()];
          Arrays.sort(c);
          double tail = (1 - CONFIDENCE) / 2;
          low = c[(int) Math.floor(tail * (REPLICATES - 1))];
          high = c[(int) Math.ceil((1 - tail) * (REPLICATES - 1))];
          boolean up = low > noiseFloor;
          boolean down = high < -noiseFloor;
          verdict =
              Double.isNaN(low) || Double.isNaN(high) || !(up || down)
                  ? Verdict.SAME
                  : up == m.higherIsWorse ? Verdict.WORSE : Verdict.BETTER;
        }
        rows.add(new Row(sb.name, m, bv, nv, change(bv, nv), low, high, verdict));
      }
    }
    return new Comparison(rows, noise, baseBlocks.count(), nextBlocks.count(), noiseFloor);
  }

  static double change(double base, double next) {
    return base == 0 ? (next == 0 ? 0 : Double.NaN) : (next / base - 1) * 100;
  }

  /** A multinomial draw: how often each block is picked in {@code m.length} picks. */
  private static void draw(SplittableRandom random, int[] m) {
    Arrays.fill(m, 0);
    for (int i = 0; i < m.length; i++) {
      m[random.nextInt(m.length)]++;
    }
  }

  /** The metrics of the blocks drawn {@code m} times each, for one row, in metric order. */
  private static void values(Blocks blocks, int row, int[] m, double[] out) {
    long[] sum = new long[Blocks.BUCKETS];
    long ok = 0;
    long errors = 0;
    for (int b = 0; b < m.length; b++) {
      if (m[b] == 0) {
        continue;
      }
      ok += m[b] * blocks.ok[b][row];
      errors += m[b] * blocks.errors[b][row];
      int[] h = blocks.histograms[b][row];
      if (h != null) {
        for (int i = 0; i < h.length; i++) {
          sum[i] += (long) m[b] * h[i];
        }
      }
    }
    out[Metric.THROUGHPUT.ordinal()] = Figures.throughput(ok, m.length * blocks.blockNanos / 1e9);
    out[Metric.ERRORS.ordinal()] = 100 * Figures.errorRate(errors, ok + errors);
    out[Metric.MAX.ordinal()] = 0;
    int q = 0;
    long seen = 0;
    Metric[] percentiles = {Metric.P50, Metric.P95, Metric.P99, Metric.P999};
    for (int i = 0; i < sum.length && q < percentiles.length && ok > 0; i++) {
      seen += sum[i];
      while (q < percentiles.length && seen >= Math.ceil(Metric.QUANTILES[q] * ok)) {
        out[percentiles[q].ordinal()] = Blocks.value(i) / 1e6;
        q++;
      }
    }
  }
}
