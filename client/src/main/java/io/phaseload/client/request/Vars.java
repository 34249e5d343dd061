package io.phaseload.client.request;

import io.phaseload.client.plan.LoadPlan;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * What a user thread's requests are rendered with: its thread number in the phase, the iteration,
 * the phase's name and its own random generator, seeded from the run's seed, the phase and the
 * thread, so that the same seed sends the same requests. Not thread-safe; one per user thread, made
 * before the phase starts.
 */
public final class Vars {

  /** For engines driven without a run (tests): thread 0, iteration 0, no phase, seed 0. */
  public static Vars none() {
    return new Vars(0, "", 0, 0);
  }

  /** No value: a session variable not captured yet, or whose last capture found nothing. */
  private static final int UNSET = -1;

  /** The session's captured values by slot ({@link Scenario#slot}), each valid up to its length. */
  private final byte[][] values;

  private final int[] lengths;

  final int thread;
  byte[] phase;
  final SplittableRandom random;
  int iteration;

  /** Round-robin positions, one per request of the iteration. */
  final int[] next = new int[LoadPlan.MAX_REQUESTS_PER_ITERATION];

  /** The user's cookies. */
  public final CookieJar cookies = new CookieJar();

  /** The scenario's data file, or null; and the user's row of it (-1 before one is chosen). */
  private DataFile data;

  private int row = -1;

  /** Which endpoint of its request the last request sent went to. */
  private int endpoint;

  /** The reused buffer requests with variables are rendered into. */
  public final ByteBuf buffer = new ByteBuf(1024);

  /** The reused buffer bodies with variables are rendered into. */
  public final ByteBuf body = new ByteBuf(256);

  /** The reused buffer a body check with variables is rendered into. */
  final ByteBuf expected = new ByteBuf(256);

  /** The random values the request being rendered drew, in order, for its check to repeat. */
  private final long[] drawn = new long[MAX_DRAWS];

  private int draws;

  public Vars(int thread, String phase, int phaseIndex, long seed) {
    this(thread, phase, phaseIndex, seed, 0);
  }

  /**
   * Moves the user to another phase, whose name its requests render from now on: a user of stages
   * of users keeps its session from one stage to the next.
   */
  public void phase(byte[] name) {
    this.phase = name;
  }

  /**
   * @param slots how many session variables the scenario captures ({@link Scenario#slots})
   */
  public Vars(int thread, String phase, int phaseIndex, long seed, int slots) {
    this.values = new byte[slots][];
    this.lengths = new int[slots];
    Arrays.fill(lengths, UNSET);
    this.thread = thread;
    this.phase = phase.getBytes(StandardCharsets.UTF_8);
    this.random = new SplittableRandom(mix(seed, phaseIndex, thread));
    for (int i = 0; i < next.length; i++) {
      next[i] = thread; // threads start round-robin lists at different places, spreading load
    }
  }

  /**
   * The most draws one request's check can repeat: ten values' worth of variables (a value holds at
   * most 32), so a path, eight headers and a body each full of them.
   */
  static final int MAX_DRAWS = 320;

  /** Starts rendering a request: its check repeats the draws made from here on. */
  public void startRequest() {
    draws = 0;
  }

  /** A uniform value in [lo, hi], remembered for the request's check. */
  long draw(long lo, long hi) {
    long v = random.nextLong(lo, hi + 1);
    if (draws < MAX_DRAWS) {
      drawn[draws++] = v;
    }
    return v;
  }

  /** The request's {@code k}-th draw (0-based). */
  long drawn(int k) {
    return drawn[k];
  }

  /** Whether session variable {@code slot} has a value. */
  public boolean has(int slot) {
    return lengths[slot] != UNSET;
  }

  /**
   * Sets session variable {@code slot} to {@code b[off, off + len)}: the slot's buffer grows to the
   * longest value it held, then allocates no more.
   */
  public void set(int slot, byte[] b, int off, int len) {
    byte[] v = values[slot];
    if (v == null || v.length < len) {
      v = new byte[Math.max(len, v == null ? 32 : 2 * v.length)];
      values[slot] = v;
    }
    System.arraycopy(b, off, v, 0, len);
    lengths[slot] = len;
  }

  /** Takes session variable {@code slot}'s value away: what needs it is then skipped. */
  public void unset(int slot) {
    lengths[slot] = UNSET;
  }

  /**
   * Takes every session variable's value and every cookie away: a new user's session (the open
   * model's arrival).
   */
  public void unsetAll() {
    Arrays.fill(lengths, UNSET);
    cookies.clear();
  }

  /** Gives the user the scenario's data file, whose row {@link #row(int)} chooses. */
  public void data(DataFile file) {
    data = file;
  }

  /** Makes {@code r} the user's row of the data file. */
  public void row(int r) {
    row = r;
  }

  /** Appends column {@code column} of the user's row. */
  void appendData(int column, ByteBuf out) {
    data.append(row, column, out);
  }

  /** Notes that the request being sent goes to endpoint {@code e} of its request. */
  public void sentTo(int e) {
    endpoint = e;
  }

  /** The endpoint the last request went to. */
  public int sentTo() {
    return endpoint;
  }

  /** Appends session variable {@code slot}'s value, which must be set. */
  void appendValue(int slot, ByteBuf out) {
    out.append(values[slot], 0, lengths[slot]);
  }

  /** How many session variables the user holds ({@link Scenario#slots}). */
  public int slots() {
    return values.length;
  }

  /** Session variable {@code slot}'s value as text (for reasons and tests, not the hot path). */
  public String value(int slot) {
    return has(slot) ? new String(values[slot], 0, lengths[slot], StandardCharsets.UTF_8) : null;
  }

  /** Sets the iteration the next requests belong to. */
  public void iteration(int i) {
    iteration = i;
  }

  /** The next of {@code n} endpoints in turn for request {@code request}. */
  public int nextRoundRobin(int request, int n) {
    int i = next[request];
    next[request] = i + 1 == Integer.MAX_VALUE ? 0 : i + 1;
    return i % n;
  }

  /** A uniform index below {@code n}. */
  public int randomIndex(int n) {
    return random.nextInt(n);
  }

  /** A seed for (run seed, phase, thread) whose streams do not overlap in practice. */
  static long mix(long seed, int phase, int thread) {
    long z = seed ^ (0x9E3779B97F4A7C15L * (phase + 1)) ^ (0xBF58476D1CE4E5B9L * (thread + 1));
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
