package io.phaseload.client.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The SLO grammar, what it refuses, and each statistic measured on a hand-made group. */
class SloTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "p99<50ms       | | P99    | LT | 50000000",
        "p95 <= 0.2s    | | P95    | LE | 200000000",
        "p99.9<300us    | | P999   | LT | 300000",
        "max>1ms        | | MAX    | GT | 1000000",
        "mean>=2ms      | | MEAN   | GE | 2000000",
        "p50<1.5ms      | | P50    | LT | 1500000",
        "errors<1%      | | ERRORS | LT | 0.01",
        "rate>=1000/s   | | RATE   | GE | 1000",
        "login:p99<100ms | login | P99 | LT | 100000000",
        "a:b:p90<1s     | a:b | P90  | LT | 1000000000"
      })
  void parsesEachForm(String text, String request, String stat, String op, double bound) {
    Slo slo = Slo.parse(text);

    assertEquals(request, slo.request());
    assertEquals(Slo.Stat.valueOf(stat), slo.stat());
    assertEquals(Slo.Op.valueOf(op), slo.op());
    assertEquals(bound, slo.bound(), bound * 1e-12);
    assertEquals(text.replace(" ", ""), slo.expr());
  }

  @ParameterizedTest(name = "[{index}] {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "p98<50ms   | unknown statistic 'p98'",
        "p99<50     | needs a unit",
        "p99<50kg   | unknown unit 'kg'",
        "errors<1   | errors needs a bound in %",
        "rate>100   | rate needs a bound in /s",
        "p99=50ms   | expected [NAME:]STAT OP VALUE",
        "p99<ms     | expected a number",
        "''         | expected [NAME:]STAT OP VALUE",
        ":p99<5ms   | the request name is empty"
      })
  void refusesWithOneLine(String text, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Slo.parse(text));

    assertTrue(e.getMessage().contains(message), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void anUnknownRequestNameIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SloCheck.parse(List.of("p99<1s", "logn:p99<5ms"), List.of("login", "home")));

    assertEquals(
        "--slo 'logn:p99<5ms': no request is named 'logn' (requests: login, home)", e.getMessage());
    assertNull(SloCheck.parse(List.of("p99<1s"), List.of("x")).get(0).request());
  }

  @Test
  void measuresEachStatisticExactly() {
    // 4 ok of latencies 1, 2, 3, 10 ms; 1 failed; 1 not sent: errors 2 / 6.
    long[] sorted = {1_000_000, 2_000_000, 3_000_000, 10_000_000};
    long[] byKind = new long[Outcome.KINDS];
    byKind[Outcome.OK] = 4;
    byKind[Outcome.HTTP] = 1;
    byKind[Outcome.NOT_SENT] = 1;
    Group g =
        new Group(
            "ALL",
            "ALL",
            byKind,
            new TreeMap<>(),
            LatencyStats.ofSorted(sorted),
            LatencyStats.EMPTY);
    long wall = 2_000_000_000L;

    assertEquals(2_000_000, SloCheck.measure(Slo.parse("p50<1s"), g, wall));
    assertEquals(10_000_000, SloCheck.measure(Slo.parse("p99<1s"), g, wall));
    assertEquals(10_000_000, SloCheck.measure(Slo.parse("max<1s"), g, wall));
    assertEquals(4_000_000, SloCheck.measure(Slo.parse("mean<1s"), g, wall));
    assertEquals(2.0 / 6, SloCheck.measure(Slo.parse("errors<1%"), g, wall), 1e-12);
    assertEquals(2.0, SloCheck.measure(Slo.parse("rate>=1/s"), g, wall), 1e-12);
  }

  @Test
  void nothingToMeasureNeverPasses() {
    long[] byKind = new long[Outcome.KINDS];
    byKind[Outcome.HTTP] = 3;
    Group g =
        new Group("ALL", "ALL", byKind, new TreeMap<>(), LatencyStats.EMPTY, LatencyStats.EMPTY);

    assertTrue(Double.isNaN(SloCheck.measure(Slo.parse("p99>0ms"), g, 1_000_000_000L)));
    assertEquals(1.0, SloCheck.measure(Slo.parse("errors<1%"), g, 1_000_000_000L));
  }

  @Test
  void boundsAreInclusiveOrNotAsWritten() {
    assertTrue(Slo.Op.LE.holds(5, 5));
    assertFalse(Slo.Op.LT.holds(5, 5));
    assertTrue(Slo.Op.GE.holds(5, 5));
    assertFalse(Slo.Op.GT.holds(5, 5));
  }
}
