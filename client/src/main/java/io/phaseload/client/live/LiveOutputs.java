package io.phaseload.client.live;

import io.phaseload.client.plan.Phase;
import io.phaseload.client.result.PhaseResult;
import java.io.PrintStream;
import java.util.List;

/**
 * A run's live outputs as one: each call goes to every output in turn, in the order given. Opening
 * is all or nothing: if one output refuses, those already opened are closed.
 *
 * <p>Its threads are its outputs' ({@link LiveOutput}).
 */
final class LiveOutputs implements LiveOutput {

  private final LiveOutput[] outputs;

  LiveOutputs(List<LiveOutput> outputs) {
    this.outputs = outputs.toArray(LiveOutput[]::new);
  }

  @Override
  public void open(LiveRun run) throws LiveRefusedException {
    for (int i = 0; i < outputs.length; i++) {
      try {
        outputs[i].open(run);
      } catch (LiveRefusedException | RuntimeException e) {
        for (int j = i; j >= 0; j--) {
          outputs[j].close();
        }
        throw e;
      }
    }
  }

  @Override
  public void runStarted() {
    for (LiveOutput o : outputs) {
      o.runStarted();
    }
  }

  @Override
  public void phaseStarted(Phase phase) {
    for (LiveOutput o : outputs) {
      o.phaseStarted(phase);
    }
  }

  @Override
  public void phaseFinished(PhaseResult result) {
    for (LiveOutput o : outputs) {
      o.phaseFinished(result);
    }
  }

  @Override
  public void request(
      int request,
      int outcome,
      long startNanos,
      long latencyNanos,
      long serviceNanos,
      boolean lateArrival) {
    for (LiveOutput o : outputs) {
      o.request(request, outcome, startNanos, latencyNanos, serviceNanos, lateArrival);
    }
  }

  @Override
  public void moment(LiveMoment moment) {
    for (LiveOutput o : outputs) {
      o.moment(moment);
    }
  }

  @Override
  public void finished(String finalPage) throws InterruptedException {
    for (LiveOutput o : outputs) {
      o.finished(finalPage);
    }
  }

  @Override
  public void report(PrintStream out) {
    for (LiveOutput o : outputs) {
      o.report(out);
    }
  }

  @Override
  public void close() {
    for (LiveOutput o : outputs) {
      o.close();
    }
  }
}
