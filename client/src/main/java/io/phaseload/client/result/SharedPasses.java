package io.phaseload.client.result;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Statistics of one run read together, their passes over a recording read from disk shared: each
 * task runs in a thread of its own, and each of its passes ({@link LatencyRecorder#each}) waits
 * until every task still running has asked for one, when a single reading of the record hands each
 * request to all of them. A report whose statistics read a record fifteen times in all reads it as
 * often as the one that reads it most. A recording held in memory has no reading to share: its
 * tasks run one after another, in the caller's thread.
 *
 * <p>A task must read the recording only through {@code each} and must not wait for another task.
 * What a task computes does not depend on the others: each is handed every request once a pass, as
 * it would be alone. A task that throws fails alone, and {@link #together} rethrows the first
 * failure once every task has ended.
 */
public final class SharedPasses implements LatencyRecorder.Source {

  private final LatencyRecorder under;

  /** The tasks still running, whose next pass the one being gathered waits for. */
  private int running;

  /** The passes asked for and not yet read, in the order asked. */
  private final List<LatencyRecorder.Visitor> asked = new ArrayList<>();

  /** Each pass read so far; a task waits for this to pass the one it joined. */
  private long read;

  /** What the last pass's reading or a visitor threw, by the visitor it failed. */
  private final List<Failure> failures = new ArrayList<>();

  private record Failure(LatencyRecorder.Visitor visitor, Throwable thrown) {}

  private SharedPasses(LatencyRecorder under, int tasks) {
    this.under = under;
    this.running = tasks;
  }

  /**
   * Runs each of {@code tasks} over {@code run}: over {@code run} itself, one after another, if its
   * recording is held in memory; else each in a thread of its own, over this run read through one
   * shared reading of its record.
   *
   * @throws RuntimeException the first task's failure, once every task has ended
   */
  public static void together(RunResult run, List<Consumer<RunResult>> tasks) {
    LatencyRecorder rec = run.recording();
    if (!rec.isStreamed() || tasks.size() < 2) {
      tasks.forEach(t -> t.accept(run));
      return;
    }
    SharedPasses passes = new SharedPasses(rec, tasks.size());
    RunResult shared = run.withRecording(rec.through(passes));
    Throwable[] thrown = new Throwable[tasks.size()];
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < tasks.size(); i++) {
      int task = i;
      Thread t =
          new Thread(
              () -> {
                try {
                  tasks.get(task).accept(shared);
                } catch (RuntimeException | Error e) {
                  thrown[task] = e;
                } finally {
                  passes.leave();
                }
              },
              "phaseload-statistics-" + i);
      t.setDaemon(true);
      threads.add(t);
    }
    threads.forEach(Thread::start);
    boolean interrupted = false;
    for (Thread t : threads) {
      while (true) {
        try {
          t.join();
          break;
        } catch (InterruptedException e) {
          interrupted = true; // the tasks end with their reading: a report has no other way out
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    for (Throwable t : thrown) {
      if (t instanceof RuntimeException e) {
        throw e;
      }
      if (t instanceof Error e) {
        throw e;
      }
    }
  }

  /** A task's pass: joins the one being gathered, and returns once it has been read. */
  @Override
  public void each(LatencyRecorder.Visitor visitor) {
    Throwable failed;
    boolean interrupted = false;
    synchronized (this) {
      asked.add(visitor);
      long joined = read;
      if (asked.size() == running) {
        readAll();
      }
      while (read == joined) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted =
              true; // a pass is not left half read by one of its tasks: it ends on its own
        }
      }
      failed = failureOf(visitor);
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (failed instanceof RuntimeException e) {
      throw e;
    }
    if (failed instanceof Error e) {
      throw e;
    }
  }

  /** A task has ended: a pass gathered without it need not wait for it. */
  private synchronized void leave() {
    running--;
    if (running > 0 && asked.size() == running) {
      readAll();
    }
  }

  /**
   * Reads the pass gathered: every task that asked gets every request. Called with the lock held,
   * by the last task to ask (or to leave), while the others wait.
   */
  private void readAll() {
    LatencyRecorder.Visitor[] visitors = asked.toArray(new LatencyRecorder.Visitor[0]);
    asked.clear();
    failures.clear();
    Throwable[] thrown = new Throwable[visitors.length];
    try {
      under.each(
          (rec, k) -> {
            for (int i = 0; i < visitors.length; i++) {
              if (thrown[i] == null) {
                try {
                  visitors[i].slot(rec, k);
                } catch (RuntimeException | Error e) {
                  thrown[i] = e;
                }
              }
            }
          });
    } catch (RuntimeException | Error e) {
      // The reading itself failed (a record that changed under it): every task's pass did.
      for (int i = 0; i < visitors.length; i++) {
        thrown[i] = thrown[i] == null ? e : thrown[i];
      }
    }
    for (int i = 0; i < visitors.length; i++) {
      if (thrown[i] != null) {
        failures.add(new Failure(visitors[i], thrown[i]));
      }
    }
    read++;
    notifyAll();
  }

  private Throwable failureOf(LatencyRecorder.Visitor visitor) {
    for (Failure f : failures) {
      if (f.visitor() == visitor) {
        return f.thrown();
      }
    }
    return null;
  }
}
