package io.phaseload.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ThreadModeTest {

  @Test
  void parsesTheThreeNamesInAnyCase() {
    assertEquals(ThreadMode.AUTO, ThreadMode.parse("auto"));
    assertEquals(ThreadMode.PLATFORM, ThreadMode.parse(" Platform "));
    assertEquals(ThreadMode.VIRTUAL, ThreadMode.parse("VIRTUAL"));
  }

  @Test
  void refusesOtherNamesNamingTheChoices() {
    for (String bad : new String[] {"green", "", null}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> ThreadMode.parse(bad));
      assertEquals(
          "thread mode must be auto, platform or virtual, got '" + bad + "'", e.getMessage());
    }
  }

  @Test
  void resolvesToWhatThisJdkHas() {
    boolean virtual = Runtime.version().feature() >= 21;
    assertEquals(virtual, ThreadMode.virtualAvailable());
    assertEquals(virtual ? ThreadMode.VIRTUAL : ThreadMode.PLATFORM, ThreadMode.AUTO.resolve());
    assertEquals(ThreadMode.PLATFORM, ThreadMode.PLATFORM.resolve());
    if (virtual) {
      assertEquals(ThreadMode.VIRTUAL, ThreadMode.VIRTUAL.resolve());
    } else {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, ThreadMode.VIRTUAL::resolve);
      assertTrue(e.getMessage().startsWith("virtual threads need JDK 21"), e.getMessage());
    }
  }

  @Test
  void virtualExecutorRunsTasksOnVirtualThreadsOrSaysWhyNot() throws Exception {
    if (!ThreadMode.virtualAvailable()) {
      assertThrows(IllegalStateException.class, ThreadMode::newVirtualThreadPerTaskExecutor);
      return;
    }
    ExecutorService executor = ThreadMode.newVirtualThreadPerTaskExecutor();
    try {
      Future<Boolean> virtual =
          executor.submit(
              () -> (Boolean) Thread.class.getMethod("isVirtual").invoke(Thread.currentThread()));
      assertTrue(virtual.get());
    } finally {
      executor.shutdown();
    }
  }
}
