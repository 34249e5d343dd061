package io.phaseload.client.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An {@code --hgrm} file read back the way HdrHistogram's readers split it: a header line, a blank
 * line, rows of four columns (three on the last, at 1.0) and three footer lines. Fails the test on
 * any line that is not in that shape.
 *
 * @param rows value (ms), percentile, total count and 1/(1-percentile) (null on the last row)
 */
public record HgrmFile(
    List<Row> rows,
    BigDecimal mean,
    BigDecimal stdDeviation,
    BigDecimal max,
    long totalCount,
    int buckets,
    int subBuckets) {

  public record Row(BigDecimal valueMs, double percentile, long totalCount, Double inverse) {}

  private static final Pattern MEAN =
      Pattern.compile("#\\[Mean    = +([0-9.]+), StdDeviation   = +([0-9.]+)\\]");
  private static final Pattern MAX =
      Pattern.compile("#\\[Max     = +([0-9.]+), Total count    = +([0-9]+)\\]");
  private static final Pattern BUCKETS =
      Pattern.compile("#\\[Buckets = +([0-9]+), SubBuckets     = +([0-9]+)\\]");

  public static HgrmFile parse(String text) {
    String[] lines = text.split("\n", -1);
    assertEquals(
        "       Value     Percentile TotalCount 1/(1-Percentile)", lines[0], "the header line");
    assertEquals("", lines[1], "a blank line after the header");
    List<Row> rows = new ArrayList<>();
    int i = 2;
    while (!lines[i].startsWith("#")) {
      String[] cols = lines[i].trim().split(" +");
      boolean last = cols.length == 3;
      assertTrue(cols.length == 4 || last, "four columns (three on the last row): " + lines[i]);
      rows.add(
          new Row(
              new BigDecimal(cols[0]),
              Double.parseDouble(cols[1]),
              Long.parseLong(cols[2]),
              last ? null : Double.parseDouble(cols[3])));
      i++;
    }
    Matcher mean = matcher(MEAN, lines[i]);
    Matcher max = matcher(MAX, lines[i + 1]);
    Matcher buckets = matcher(BUCKETS, lines[i + 2]);
    assertEquals("", lines[i + 3], "nothing after the footer");
    assertEquals(i + 4, lines.length, "nothing after the footer");
    return new HgrmFile(
        rows,
        new BigDecimal(mean.group(1)),
        new BigDecimal(mean.group(2)),
        new BigDecimal(max.group(1)),
        Long.parseLong(max.group(2)),
        Integer.parseInt(buckets.group(1)),
        Integer.parseInt(buckets.group(2)));
  }

  /** Asserts that {@code p99Ms}, an exact p99, lies between the rows on either side of 0.99. */
  public void assertP99BetweenItsRows(BigDecimal p99Ms) {
    BigDecimal below = null;
    BigDecimal above = null;
    for (Row r : rows) {
      if (r.percentile() <= 0.99) {
        below = r.valueMs();
      } else if (above == null) {
        above = r.valueMs();
      }
    }
    assertTrue(
        below != null
            && above != null
            && below.compareTo(p99Ms) <= 0
            && p99Ms.compareTo(above) <= 0,
        below + " " + p99Ms + " " + above);
  }

  private static Matcher matcher(Pattern p, String line) {
    Matcher m = p.matcher(line);
    assertTrue(m.matches(), "footer line " + line + " should match " + p);
    return m;
  }
}
