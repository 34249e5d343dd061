package io.phaseload.client.report;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * {@code --csv FILE}: one row per request recorded (sent or not sent), in recording order (phase,
 * then thread, then the thread's requests in order), written straight from the recording with no
 * per-request objects. Times are milliseconds with microsecond resolution, the same rounding as
 * {@code --json}, so the JSON's percentiles can be recomputed from this file. Stateless.
 */
public final class CsvReport {

  /**
   * The open model's extra columns: when each request should have been sent, and its service time
   * from the actual send; there latency_ms counts from the intended time.
   */
  public static final String OPEN_COLUMNS = ",intended_ms,service_ms";

  /**
   * The columns of a run that opened a connection per request ({@code --no-keepalive}): its TCP
   * connect, TLS handshake and time from the send to the first byte; empty where there was none.
   */
  public static final String CONNECTION_COLUMNS = ",connect_ms,tls_ms,first_byte_ms";

  /**
   * The column of a run over HTTP/2 ({@code --http2}): how long each request waited for a free
   * stream; empty where it waited for none.
   */
  public static final String STREAM_WAIT_COLUMN = ",stream_wait_ms";

  public static final String HEADER =
      "start_ms,phase,request,thread,latency_ms,outcome,status,reason";

  private CsvReport() {}

  public static void write(RunResult run, Writer out) throws IOException {
    LatencyRecorder recorder = run.recording();
    List<String> phases = run.plan().phaseNames();
    List<String> requests = run.plan().requestNames();
    StringBuilder row = new StringBuilder(96);
    boolean open = recorder.hasIntendedStarts();
    out.write(HEADER);
    out.write(open ? OPEN_COLUMNS : "");
    out.write(recorder.connections() ? CONNECTION_COLUMNS : "");
    out.write(recorder.streamWait() ? STREAM_WAIT_COLUMN + "\n" : "\n");
    try {
      recorder.each(
          (rec, k) -> {
            try {
              row(run, phases, requests, rec, k, row);
              out.append(row);
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** Request {@code k}'s row, into {@code row}. */
  private static void row(
      RunResult run,
      List<String> phases,
      List<String> requests,
      LatencyRecorder recorder,
      int k,
      StringBuilder row) {
    boolean open = recorder.hasIntendedStarts();
    boolean connections = recorder.connections();
    int outcome = recorder.outcome(k);
    row.setLength(0);
    micros(row, recorder.startNanos(k));
    row.append(',').append(phases.get(recorder.phase(k)));
    row.append(',').append(requests.get(recorder.request(k)));
    row.append(',').append(recorder.thread(k));
    row.append(',');
    micros(row, open ? recorder.correctedNanos(k) : recorder.latencyNanos(k));
    row.append(',').append(Outcome.kindName(Outcome.kind(outcome)).replace(' ', '_'));
    row.append(',').append(Outcome.status(outcome));
    row.append(',');
    int reason = Outcome.reason(outcome);
    if (reason != 0) {
      quoted(row, run.reasons().message(reason));
    }
    if (open) {
      row.append(',');
      micros(row, recorder.intendedNanos(k));
      row.append(',');
      micros(row, recorder.latencyNanos(k));
    }
    if (connections) {
      optionalMicros(row, recorder.connectNanos(k));
      optionalMicros(row, recorder.tlsNanos(k));
      optionalMicros(row, recorder.firstByteNanos(k));
    }
    if (recorder.streamWait()) {
      optionalMicros(row, recorder.streamWaitNanos(k));
    }
    row.append('\n');
  }

  /** A field in double quotes, its own quotes doubled (RFC 4180). */
  private static void quoted(StringBuilder sb, String field) {
    sb.append('"').append(field.replace("\"", "\"\"")).append('"');
  }

  /** A comma, then {@code nanos} as {@link #micros} does, or nothing for 0 (none measured). */
  private static void optionalMicros(StringBuilder sb, long nanos) {
    sb.append(',');
    if (nanos > 0) {
      micros(sb, nanos);
    }
  }

  /** Nanoseconds as milliseconds with three decimals, rounded half up. */
  private static void micros(StringBuilder sb, long nanos) {
    long micros = (nanos + 500) / 1000;
    sb.append(micros / 1000).append('.');
    long frac = micros % 1000;
    if (frac < 100) {
      sb.append('0');
    }
    if (frac < 10) {
      sb.append('0');
    }
    sb.append(frac);
  }
}
