package io.phaseload.client.request;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.phaseload.client.plan.LoadPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A scenario's data file, {@code data: {file: users.csv, pick: ..., per: ...}}: rows whose columns
 * requests use as {@code ${data.NAME}}. CSV with a header row (read by Jackson's CSV format), or
 * JSON lines ({@code .jsonl}, {@code .ndjson}: an object per line). Loaded once, before the run,
 * each cell kept as the bytes it is sent as; read-only during the run, so users on any thread share
 * it.
 *
 * @param file the file as the scenario names it
 * @param columns the column names, in the file's order
 * @param cells each row's cells, by column
 * @param pick how a user's row is chosen
 * @param per whether a row is chosen once per user or at every iteration
 */
public record DataFile(String file, List<String> columns, byte[][][] cells, Pick pick, Per per) {

  /** The most rows a data file may have. */
  public static final int MAX_ROWS = 1_000_000;

  /** How rows are chosen. */
  public enum Pick {
    /** In order, by the user's (or iteration's, or arrival's) number in the whole run. */
    SEQUENTIAL,
    /** As sequential, and every row at most once: a run that needs more is refused. */
    UNIQUE,
    /** Uniformly, from the user's generator seeded from --seed. */
    RANDOM
  }

  /** When rows are chosen. */
  public enum Per {
    USER,
    ITERATION
  }

  /**
   * Reads {@code spec}, the scenario's {@code data} mapping, resolving its file against the
   * scenario's own folder.
   *
   * @throws IllegalArgumentException in one line: a missing or empty file, a bad pick or per
   */
  public static DataFile read(Path scenario, JsonNode spec) {
    if (spec == null || !spec.isObject() || !spec.hasNonNull("file")) {
      throw new IllegalArgumentException(
          "data must be a mapping with a file (and pick: sequential, unique or random; per: user"
              + " or iteration)");
    }
    for (Iterator<String> it = spec.fieldNames(); it.hasNext(); ) {
      String k = it.next();
      if (!List.of("file", "pick", "per").contains(k)) {
        throw new IllegalArgumentException("unknown key 'data." + k + "' (use file, pick, per)");
      }
    }
    String name = spec.get("file").asText();
    Pick pick = choose(Pick.class, spec, "pick", Pick.SEQUENTIAL);
    Per per = choose(Per.class, spec, "per", Per.USER);
    Path f = scenario.toAbsolutePath().resolveSibling(name);
    if (!Files.isReadable(f)) {
      throw new IllegalArgumentException("data file " + name + " cannot be read");
    }
    List<String> columns = new ArrayList<>();
    List<byte[][]> rows = new ArrayList<>();
    String lower = name.toLowerCase(Locale.ROOT);
    try {
      if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) {
        jsonLines(f, columns, rows);
      } else {
        csv(f, columns, rows);
      }
    } catch (IOException | RuntimeException e) {
      String m = e.getMessage() == null ? e.toString() : e.getMessage().split("\n")[0];
      throw new IllegalArgumentException("data file " + name + " cannot be read: " + m);
    }
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("data file " + name + " has no rows");
    }
    return new DataFile(name, List.copyOf(columns), rows.toArray(byte[][][]::new), pick, per);
  }

  private static void csv(Path f, List<String> columns, List<byte[][]> rows) throws IOException {
    CsvMapper mapper = new CsvMapper();
    CsvSchema schema = CsvSchema.emptySchema().withHeader();
    try (MappingIterator<Map<String, String>> it =
        mapper.readerForMapOf(String.class).with(schema).readValues(f.toFile())) {
      while (it.hasNext()) {
        Map<String, String> row = it.next();
        if (columns.isEmpty()) {
          // The header's names, not the first row's keys: a short first row lacks some.
          ((CsvSchema) it.getParser().getSchema()).forEach(c -> columns.add(c.getName()));
        }
        requireEvery(
            columns,
            row::containsKey,
            "row " + (rows.size() + 1) + " after the header",
            "cell as ,,");
        add(rows, columns, row::get);
      }
    }
  }

  private static void jsonLines(Path f, List<String> columns, List<byte[][]> rows)
      throws IOException {
    try (MappingIterator<JsonNode> it =
        new ObjectMapper().readerFor(JsonNode.class).readValues(f.toFile())) {
      while (it.hasNext()) {
        JsonNode row = it.next();
        if (!row.isObject()) {
          throw new IllegalArgumentException("line " + (rows.size() + 1) + " is not an object");
        }
        if (columns.isEmpty()) {
          row.fieldNames().forEachRemaining(columns::add);
        }
        requireEvery(columns, row::has, "line " + (rows.size() + 1), "value as \"\"");
        // A nested object or array is sent as its JSON text, not as nothing.
        add(rows, columns, c -> cell(row.get(c)));
      }
    }
  }

  /**
   * Refuses a row without a value for each column (a CSV row cut short, a JSON line without one of
   * the first line's keys): it would send the missing ones as empty values.
   *
   * @param row the row as the message names it
   * @param empty how to write an empty value in the file's format
   */
  private static void requireEvery(
      List<String> columns, Predicate<String> has, String row, String empty) {
    List<String> missing = null;
    for (String c : columns) {
      if (!has.test(c)) {
        missing = missing == null ? new ArrayList<>() : missing;
        missing.add(c);
      }
    }
    if (missing != null) {
      throw new IllegalArgumentException(
          row
              + " has no value for "
              + String.join(", ", missing)
              + " (write an empty "
              + empty
              + ")");
    }
  }

  /**
   * A JSON value as a cell: a string's text, a number's digits, a container's JSON; null as empty.
   */
  private static String cell(JsonNode value) {
    return value.isNull() ? null : value.isContainerNode() ? value.toString() : value.asText();
  }

  private static void add(
      List<byte[][]> rows, List<String> columns, java.util.function.Function<String, String> cell) {
    if (rows.size() == MAX_ROWS) {
      throw new IllegalArgumentException("more than " + MAX_ROWS + " rows");
    }
    byte[][] r = new byte[columns.size()][];
    for (int c = 0; c < r.length; c++) {
      String v = cell.apply(columns.get(c));
      r[c] = (v == null ? "" : v).getBytes(StandardCharsets.UTF_8);
    }
    rows.add(r);
  }

  private static <E extends Enum<E>> E choose(Class<E> type, JsonNode spec, String key, E dflt) {
    if (!spec.hasNonNull(key)) {
      return dflt;
    }
    String v = spec.get(key).asText().toUpperCase(Locale.ROOT);
    for (E e : type.getEnumConstants()) {
      if (e.name().equals(v)) {
        return e;
      }
    }
    List<String> names = new ArrayList<>();
    for (E e : type.getEnumConstants()) {
      names.add(e.name().toLowerCase(Locale.ROOT));
    }
    throw new IllegalArgumentException(
        "data."
            + key
            + " must be "
            + String.join(" or ", names)
            + ", got '"
            + spec.get(key).asText()
            + "'");
  }

  /**
   * Checks that a {@code unique} file has a row for everything of {@code plan} (the whole plan, of
   * which shards take disjoint slices) that takes one: every user, every iteration, or in the open
   * model every arrival.
   *
   * @throws IllegalArgumentException in one line, saying how many rows the run needs
   */
  public void checkEnough(LoadPlan plan) {
    if (pick != Pick.UNIQUE) {
      return;
    }
    // The message names a user and an iteration as the load does: an arrival is both.
    long needed =
        per == Per.USER
            ? plan.model().wholeUsersOfRun(plan)
            : plan.model().wholeIterationsOfRun(plan);
    String what = per == Per.USER ? plan.load().user() : plan.load().iteration();
    if (needed > rows()) {
      throw new IllegalArgumentException(
          "data file "
              + file
              + " has "
              + rows()
              + " rows; pick unique needs one for every "
              + what
              + " of the run: "
              + needed);
    }
  }

  /** How many rows. */
  public int rows() {
    return cells.length;
  }

  /** The index of column {@code name}, or -1. */
  public int column(String name) {
    return columns.indexOf(name);
  }

  /** Appends row {@code row}'s cell of column {@code column}. */
  void append(int row, int column, ByteBuf out) {
    out.append(cells[row][column]);
  }

  /** One line for records: the file, its shape and how rows are chosen. */
  public String describe() {
    return "data "
        + file
        + " ("
        + rows()
        + " rows: "
        + String.join(", ", columns)
        + "; pick "
        + pick.name().toLowerCase(Locale.ROOT)
        + " per "
        + per.name().toLowerCase(Locale.ROOT)
        + ")";
  }
}
