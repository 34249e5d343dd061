package io.phaseload.client.run;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.RecordLayout;
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
    assertDoesNotThrow(() -> HeapCheck.require(plan, false));
    RunRefusedException e =
        assertThrows(RunRefusedException.class, () -> HeapCheck.require(plan, true));
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
   * Records with connection times are 40 bytes a request, not 16: fewer of them fit the one array a
   * merge makes, and a plan between the two limits is refused in one line before any heap is asked.
   */
  @Test
  void aMergeOfRecordsWithConnectionTimesHasALowerLimit() {
    LoadPlan plan = LoadPlan.of(1000, 500_000, List.of(1.0), List.of("GET"));
    long requests = plan.totalRequests();
    assertTrue(
        requests > RecordLayout.maxRequests(plan, true)
            && requests <= RecordLayout.maxRequests(plan),
        requests + " requests lie between the two limits");
    RunRefusedException e =
        assertThrows(
            RunRefusedException.class,
            () -> HeapCheck.requireForReport(plan, plan.totalRequests(), true, 0));
    assertTrue(e.getMessage().contains("one report merges at most"), e.getMessage());
    assertTrue(e.getMessage().contains("40-byte records"), e.getMessage());
  }
}
