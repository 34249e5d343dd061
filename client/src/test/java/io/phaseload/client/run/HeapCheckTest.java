package io.phaseload.client.run;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The heap check counts what the report files need besides the recording: a plan that fits without
 * --json and --charts is refused with them when their 8 bytes a request do not fit.
 */
class HeapCheckTest {

  @Test
  void thePerSecondFiguresOfJsonAndChartsAreBudgeted() {
    Runtime rt = Runtime.getRuntime();
    long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    // 24 bytes a request take 6/7 of the free heap, 32 bytes 8/7 of it.
    long requests = free / 28;
    int iterations = (int) Math.min(Integer.MAX_VALUE, requests / 1000);
    LoadPlan plan = LoadPlan.of(1000, iterations, List.of(1.0), List.of("GET"));
    assertDoesNotThrow(() -> HeapCheck.require(plan, false));
    RunRefusedException e =
        assertThrows(RunRefusedException.class, () -> HeapCheck.require(plan, true));
    assertTrue(e.getMessage().contains("(32 bytes each)"), e.getMessage());
    assertDoesNotThrow(() -> HeapCheck.requireForReport(plan, 0, false));
    assertThrows(RunRefusedException.class, () -> HeapCheck.requireForReport(plan, 0, true));
  }
}
