package io.phaseload.client.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** --start-at reads both forms, and a wait ends at once when its time has passed or Ctrl-C came. */
class StartAtTest {

  @Test
  void readsEpochMillisAndIsoInstants() {
    assertEquals(Instant.ofEpochMilli(1_795_430_400_000L), StartAt.parse("1795430400000"));
    assertEquals(Instant.parse("2026-11-23T10:00:00Z"), StartAt.parse(" 2026-11-23T10:00:00Z "));
    assertEquals(Instant.parse("2026-11-23T09:00:00Z"), StartAt.parse("2026-11-23T10:00:00+01:00"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StartAt.parse("10:00"));
    assertEquals(
        "--start-at must be epoch milliseconds or an ISO-8601 instant like 2026-11-23T10:00:00Z,"
            + " got '10:00'",
        e.getMessage());
  }

  @Test
  void aPastTimeStartsAtOnceAndAStopEndsTheWait() throws InterruptedException {
    Clock now = Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC);
    assertTrue(StartAt.await(Instant.parse("2026-11-23T09:59:59Z"), now, () -> false));
    assertFalse(StartAt.await(Instant.parse("2026-11-23T11:00:00Z"), now, () -> true));
  }
}
