package io.phaseload.client.run;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenStages;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.plan.Stage;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.SlotWords;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The heap check counts what the run holds: its recording, and nothing per request for the
 * statistics and the report files, which are found in passes over it; connection times where they
 * are recorded.
 */
class HeapCheckTest {

  @Test
  void theReportFilesTakeNoHeapPerRequest() {
    Runtime rt = Runtime.getRuntime();
    long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    // 16 bytes a request take 6/7 of the free heap; 8/7 of it are refused.
    long fits = free * 6 / 7 / 16;
    long over = free * 8 / 7 / 16;
    LoadPlan plan = LoadPlan.of(1000, (int) (fits / 1000), List.of(1.0), List.of("GET"));
    LoadPlan large = LoadPlan.of(1000, (int) (over / 1000), List.of(1.0), List.of("GET"));
    assertDoesNotThrow(() -> HeapCheck.require(plan));
    RunRefusedException e = assertThrows(RunRefusedException.class, () -> HeapCheck.require(large));
    assertTrue(e.getMessage().contains("(16 bytes each)"), e.getMessage());
    assertDoesNotThrow(() -> HeapCheck.requireForReport(plan, plan.totalRequests(), false, 0));
    assertThrows(
        RunRefusedException.class,
        () -> HeapCheck.requireForReport(large, large.totalRequests(), false, 0));
  }

  @Test
  void connectionTimesAreBudgetedOnlyWhenRecorded() {
    Runtime rt = Runtime.getRuntime();
    long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    // 16 bytes a request take 2/5 of the free heap; with connection times, 40 bytes, 5/5 of it.
    long requests = free * 2 / 5 / 16 * 21 / 20;
    int iterations = (int) Math.min(Integer.MAX_VALUE, requests / 1000);
    LoadPlan plan = LoadPlan.of(1000, iterations, List.of(1.0), List.of("GET"));
    assertDoesNotThrow(() -> HeapCheck.require(plan, SlotWords.NONE));
    RunRefusedException e =
        assertThrows(
            RunRefusedException.class, () -> HeapCheck.require(plan, SlotWords.CONNECTIONS));
    assertTrue(e.getMessage().contains("(40 bytes each)"), e.getMessage());
    // The merge of shards' records budgets them alike.
    assertDoesNotThrow(() -> HeapCheck.requireForReport(plan, plan.totalRequests(), false, 0));
    RunRefusedException merge =
        assertThrows(
            RunRefusedException.class,
            () -> HeapCheck.requireForReport(plan, plan.totalRequests(), true, 0));
    assertTrue(merge.getMessage().contains("(40 bytes each)"), merge.getMessage());
  }

  /**
   * A day at 10,000 arrivals a second (864 M requests, 24 bytes each in memory) is one recording,
   * its pages allocated as they fill: the open model's limit was the one array's, 715,827,879.
   */
  @Test
  void aDayOfArrivalsIsOneRecording() {
    LoadPlan day =
        OpenStages.plan(
            50,
            List.of(new Stage(10_000, 10_000, Duration.ofHours(24))),
            Spacing.UNIFORM,
            List.of("GET"));
    assertEquals(864_000_000L, day.totalRequests());
    LatencyRecorder rec = LatencyRecorder.sparse(day, SlotWords.NONE);
    assertEquals(864_000_000L, rec.capacity());
    assertEquals(0, rec.slotsAllocated());
  }

  /**
   * A recording's slots are numbered by int, whatever a request takes: records with connection
   * times (40 bytes a request) merge up to the same count as those without, and a plan past it is
   * refused in one line before any heap is asked.
   */
  @Test
  void aMergeIsBoundedBySlotsNotByTheBytesOfARequest() {
    LoadPlan within = LoadPlan.of(1000, 500_000, List.of(1.0), List.of("GET"));
    assertTrue(within.totalRequests() <= RecordLayout.MAX_REQUESTS);
    RunRefusedException heap =
        assertThrows(
            RunRefusedException.class,
            () -> HeapCheck.requireForReport(within, within.totalRequests(), true, 0));
    assertTrue(heap.getMessage().contains("(40 bytes each)"), heap.getMessage());
    LoadPlan past = LoadPlan.of(10_000, 120_000, List.of(1.0), List.of("GET"));
    for (boolean connections : new boolean[] {false, true}) {
      RunRefusedException e =
          assertThrows(
              RunRefusedException.class,
              () -> HeapCheck.requireForReport(past, past.totalRequests(), connections, 0));
      assertTrue(
          e.getMessage().contains("one report merges at most 1,073,741,819"), e.getMessage());
    }
  }
}
