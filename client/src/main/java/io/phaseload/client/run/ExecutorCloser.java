package io.phaseload.client.run;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/** Shuts the executor down when the run is over, waiting briefly for stragglers. */
final class ExecutorCloser implements AutoCloseable {
  final ExecutorService service;

  ExecutorCloser(ExecutorService service) {
    this.service = service;
  }

  @Override
  public void close() {
    service.shutdownNow();
    try {
      service.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
