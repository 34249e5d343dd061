package io.phaseload.client.request;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Text with variables, parsed once and rendered per request without allocating: {@code ${thread}}
 * (0-based within the phase), {@code ${iteration}} (0-based), {@code ${phase}} (its name), {@code
 * ${random:LO:HI}} (a uniform integer, both ends included, from the thread's seeded generator) and
 * {@code ${NAME}}, a session variable a request captured ({@link Capture}). A template names its
 * session variables when parsed; the {@link Scenario} checks that an earlier request captures each
 * and {@link #bind binds} them to the session's slots. Immutable; rendering is thread-safe given a
 * thread's own {@link Vars}.
 */
public final class Template {

  /** The most variables one template may hold. */
  public static final int MAX_VARIABLES = 32;

  private static final int LITERAL = 0;
  private static final int THREAD = 1;
  private static final int ITERATION = 2;
  private static final int PHASE = 3;
  private static final int RANDOM = 4;
  private static final int SESSION = 5;
  private static final int DATA = 6;

  /** What prefixes a data file's column: {@code ${data.email}}. */
  public static final String DATA_PREFIX = "data.";

  /** The built-in variables' names, which no session variable may take. */
  public static final List<String> BUILT_IN = List.of("thread", "iteration", "phase", "random");

  /** What a session variable's name may be. */
  public static final String NAME = "[A-Za-z_][A-Za-z0-9_]*";

  private final String text;
  private final int[] kinds;
  private final byte[][] literals;
  private final long[] lo;
  private final long[] hi;
  private final byte[] constant;

  /** Each part's session variable name (null for other parts); its slot is in {@link #lo}. */
  private final String[] names;

  private Template(String text, List<Object> parts) {
    this.text = text;
    int n = parts.size();
    kinds = new int[n];
    literals = new byte[n][];
    lo = new long[n];
    hi = new long[n];
    names = new String[n];
    boolean constantText = true;
    for (int i = 0; i < n; i++) {
      Object p = parts.get(i);
      if (p instanceof String s) {
        literals[i] = s.getBytes(StandardCharsets.UTF_8);
      } else if (p instanceof Named v) {
        kinds[i] = v.name.startsWith(DATA_PREFIX) ? DATA : SESSION;
        names[i] = v.name;
        lo[i] = -1;
        constantText = false;
      } else {
        long[] v = (long[]) p;
        kinds[i] = (int) v[0];
        lo[i] = v[1];
        hi[i] = v[2];
        constantText = false;
      }
    }
    constant = constantText ? text.getBytes(StandardCharsets.UTF_8) : null;
  }

  /** A copy of {@code t} whose session variables are bound to slots. */
  private Template(Template t, ToIntFunction<String> slotOf) {
    this.text = t.text;
    this.kinds = t.kinds;
    this.literals = t.literals;
    this.lo = t.lo.clone();
    this.hi = t.hi;
    this.names = t.names;
    this.constant = t.constant;
    for (int i = 0; i < kinds.length; i++) {
      if (kinds[i] == SESSION || kinds[i] == DATA) {
        lo[i] = slotOf.applyAsInt(names[i]);
      }
    }
  }

  /** A session variable's name, as parsed, before it has a slot. */
  private record Named(String name) {}

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException naming the variable that is unknown or malformed
   */
  public static Template parse(String text) {
    List<Object> parts = new ArrayList<>();
    int vars = 0;
    int at = 0;
    while (at < text.length()) {
      int open = text.indexOf("${", at);
      if (open < 0) {
        parts.add(text.substring(at));
        break;
      }
      if (open > at) {
        parts.add(text.substring(at, open));
      }
      int close = text.indexOf('}', open);
      if (close < 0) {
        throw new IllegalArgumentException("unclosed ${ at " + text.substring(open));
      }
      parts.add(variable(text.substring(open + 2, close)));
      if (++vars > MAX_VARIABLES) {
        throw new IllegalArgumentException(
            "more than " + MAX_VARIABLES + " variables in one value");
      }
      at = close + 1;
    }
    return new Template(text, parts);
  }

  private static Object variable(String name) {
    switch (name) {
      case "thread":
        return new long[] {THREAD, 0, 0};
      case "iteration":
        return new long[] {ITERATION, 0, 0};
      case "phase":
        return new long[] {PHASE, 0, 0};
      default:
        break;
    }
    if (name.matches(NAME)
        || (name.startsWith(DATA_PREFIX)
            && name.substring(DATA_PREFIX.length()).matches("[A-Za-z_][A-Za-z0-9_-]*"))) {
      return new Named(name);
    }
    if (name.startsWith("random:")) {
      String[] range = name.substring(7).split(":", -1);
      long low;
      long high;
      try {
        if (range.length != 2) {
          throw new NumberFormatException();
        }
        low = Long.parseLong(range[0].trim());
        high = Long.parseLong(range[1].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "bad range in ${" + name + "}: use ${random:LO:HI} with whole numbers");
      }
      if (low > high || high == Long.MAX_VALUE) {
        throw new IllegalArgumentException("bad range in ${" + name + "}: LO must not be above HI");
      }
      return new long[] {RANDOM, low, high};
    }
    throw new IllegalArgumentException(
        "bad variable ${"
            + name
            + "}: use ${thread}, ${iteration}, ${phase}, ${random:LO:HI} or a captured ${NAME}");
  }

  /** The session variables this template uses, in order, each once. */
  public List<String> sessionNames() {
    return named(SESSION);
  }

  /** The data columns this template uses, as {@code data.NAME}, in order, each once. */
  public List<String> dataNames() {
    return named(DATA);
  }

  private List<String> named(int kind) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      if (kinds[i] == kind && !out.contains(names[i])) {
        out.add(names[i]);
      }
    }
    return out;
  }

  /**
   * This template with each session variable bound to its slot, {@code slotOf(name)}; itself when
   * it has none.
   */
  public Template bind(ToIntFunction<String> slotOf) {
    for (int k : kinds) {
      if (k == SESSION || k == DATA) {
        return new Template(this, slotOf);
      }
    }
    return this;
  }

  /** The bytes when the template has no variable, else null. */
  public byte[] constant() {
    return constant;
  }

  /** Whether any variable draws from the random generator. */
  public boolean usesRandom() {
    for (int k : kinds) {
      if (k == RANDOM) {
        return true;
      }
    }
    return false;
  }

  /** Appends the rendered bytes to {@code out}. */
  public void render(Vars vars, ByteBuf out) {
    if (constant != null) {
      out.append(constant);
      return;
    }
    for (int i = 0; i < kinds.length; i++) {
      switch (kinds[i]) {
        case LITERAL -> out.append(literals[i]);
        case THREAD -> out.append(vars.thread);
        case ITERATION -> out.append(vars.iteration);
        case PHASE -> out.append(vars.phase);
        case SESSION -> vars.appendValue((int) lo[i], out);
        case DATA -> vars.appendData((int) lo[i], out);
        default -> out.append(vars.draw(lo[i], hi[i]));
      }
    }
  }

  /**
   * Appends the bytes with the values the request just rendered drew: {@code ${thread}}, {@code
   * ${iteration}} and {@code ${phase}} as {@link #render} does, and the k-th {@code
   * ${random:LO:HI}} as the request's k-th draw, so that a check repeats what was sent. {@link
   * #checkRepeats} has made sure those draws exist.
   */
  public void renderAgain(Vars vars, ByteBuf out) {
    if (constant != null) {
      out.append(constant);
      return;
    }
    int draw = 0;
    for (int i = 0; i < kinds.length; i++) {
      switch (kinds[i]) {
        case LITERAL -> out.append(literals[i]);
        case THREAD -> out.append(vars.thread);
        case ITERATION -> out.append(vars.iteration);
        case PHASE -> out.append(vars.phase);
        case SESSION -> vars.appendValue((int) lo[i], out);
        case DATA -> vars.appendData((int) lo[i], out);
        default -> out.append(vars.drawn(draw++));
      }
    }
  }

  /** The ranges of this template's {@code ${random:LO:HI}} variables, in order. */
  List<long[]> randomRanges() {
    List<long[]> ranges = new ArrayList<>();
    for (int i = 0; i < kinds.length; i++) {
      if (kinds[i] == RANDOM) {
        ranges.add(new long[] {lo[i], hi[i]});
      }
    }
    return ranges;
  }

  /**
   * Checks that {@link #renderAgain} can repeat a request that draws {@code drawn}, in order: its
   * k-th random variable must have the range of the request's k-th draw.
   *
   * @throws IllegalArgumentException naming the variable that has no draw to repeat
   */
  void checkRepeats(List<long[]> drawn, String where) {
    List<long[]> mine = randomRanges();
    for (int k = 0; k < mine.size(); k++) {
      long[] r = mine.get(k);
      String var = "${random:" + r[0] + ":" + r[1] + "}";
      if (k >= Vars.MAX_DRAWS) {
        throw new IllegalArgumentException(
            where + ": a check repeats at most " + Vars.MAX_DRAWS + " random draws");
      }
      if (k >= drawn.size() || drawn.get(k)[0] != r[0] || drawn.get(k)[1] != r[1]) {
        throw new IllegalArgumentException(
            where
                + ": "
                + var
                + " must repeat the request's random draw number "
                + (k + 1)
                + (k >= drawn.size()
                    ? ", but the request draws only " + drawn.size()
                    : ", which is ${random:" + drawn.get(k)[0] + ":" + drawn.get(k)[1] + "}")
                + " (a check repeats its request's draws, in the order path, headers, body)");
      }
    }
  }

  @Override
  public String toString() {
    return text;
  }
}
