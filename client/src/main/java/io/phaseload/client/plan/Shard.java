package io.phaseload.client.plan;

/**
 * Which share of a plan one generator runs: shard {@code index} of {@code count}, numbered from 0
 * as Kubernetes numbers an Indexed Job's pods. Immutable.
 *
 * <p>Together the shards run exactly the plan of one run. A phase's threads are split as evenly as
 * possible, lower indexes first, so that shard sizes differ by at most one and shard {@code i}'s
 * threads are the one-run threads {@link #first} to {@code first + share - 1}: the shards' records,
 * laid side by side in index order, are laid out as one run's. In the open model shard {@code i}
 * takes arrivals {@code i, i + count, i + 2 x count, ...} of the one-run schedule, so the merged
 * arrivals are as evenly spaced as one generator's.
 */
public record Shard(int index, int count) {

  /** One generator running the whole plan. */
  public static final Shard WHOLE = new Shard(0, 1);

  /** The most shards one plan may be split into. */
  public static final int MAX_COUNT = 10_000;

  public Shard {
    if (count < 1 || count > MAX_COUNT) {
      throw new IllegalArgumentException(
          "--shard needs N between 1 and " + MAX_COUNT + ", got " + count);
    }
    if (index < 0 || index >= count) {
      throw new IllegalArgumentException(
          "--shard I/N needs I from 0 to " + (count - 1) + ", got " + index + "/" + count);
    }
  }

  /** "I/N", e.g. "0/3". */
  public static Shard parse(String s) {
    String[] parts = s.trim().split("/", -1);
    if (parts.length != 2) {
      throw new IllegalArgumentException("--shard must be I/N, e.g. 0/3, got '" + s + "'");
    }
    try {
      return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--shard must be I/N, e.g. 0/3, got '" + s + "'");
    }
  }

  public boolean whole() {
    return count == 1;
  }

  /** This shard's share of {@code total} threads: total / count, one more for the lower indexes. */
  public int share(int total) {
    return total / count + (index < total % count ? 1 : 0);
  }

  /** The one-run number of this shard's first thread among {@code total}. */
  public int first(int total) {
    return index * (total / count) + Math.min(index, total % count);
  }

  /**
   * This shard's share of a schedule of {@code total} arrivals: those whose number is index mod
   * count.
   */
  public long arrivals(long total) {
    return total <= index ? 0 : (total - index + count - 1) / count;
  }

  /** The one-run number of this shard's arrival {@code j}. */
  public long arrival(long j) {
    return index + j * count;
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
