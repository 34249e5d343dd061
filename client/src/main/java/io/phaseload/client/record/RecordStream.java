package io.phaseload.client.record;

import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.Slices;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.BitSet;
import java.util.zip.CRC32;

/**
 * The one writer of the record format ({@link RecordFile}): the header, then the requests in frames
 * as they are recorded, then the end mark. A run streams its recording through it while the run
 * goes ({@link RecordWriter}); a finished recording goes through it in one go ({@link
 * RecordFile#write}).
 *
 * <p>Each {@link #flush} writes the slots recorded since the last one that it can find without a
 * lock: a user's slots (closed model) are filled in order, so it reads each user's from the first
 * not yet written up to the first not reached; an open-model phase's arrivals end in any order, so
 * it reads each arrival's the same way, and passes arrivals not yet done until more of them than
 * can be in flight at once have been passed. A slot is read through {@link
 * LatencyRecorder#publishedStartWord}, whose store is the last of the slot's.
 *
 * <p>Thread-safety: every method is synchronized; the run's threads never call it.
 */
final class RecordStream {

  private final DataOutputStream out;
  private final Sync sync;
  private final LatencyRecorder rec;

  /** The slices the run fills in order, and each one's first slot, end and slots per unit. */
  private final Slices slices;

  private final int[] first;
  private final int[] end;
  private final int[] unit;

  /** Each slice's first slot not yet written. */
  private final int[] low;

  /**
   * Each slice's first page not yet dropped, when the pages written and passed are dropped as the
   * run goes ({@link LatencyRecorder#releasePassed}); null when they are kept.
   */
  private final int[] dropped;

  /** How many units of an open-model slice may be unfinished at once (in flight): then no more. */
  private final int inFlight;

  /** The open model's written slots, beyond each slice's {@link #low}; null in the closed model. */
  private final BitSet written;

  private final long[] runFirst = new long[RecordFormat.BLOCK_REQUESTS];
  private final int[] runLength = new int[RecordFormat.BLOCK_REQUESTS];
  private int runs;
  private int requests;

  /** The frame's requests, packed ({@link Varints}), and their length. */
  private final byte[] body;

  private int bodyLength;

  /** The frame's runs, packed: written before its requests. */
  private final byte[] head = new byte[Varints.MAX_BYTES * (1 + 2 * RecordFormat.BLOCK_REQUESTS)];

  /**
   * The frame's request before: its start, outcome and cell, from which the next one's are written
   * as differences (0 at a frame's beginning).
   */
  private long previousStart;

  private int previousOutcome;
  private int previousCell;

  private final CRC32 crc = new CRC32();
  private long bytes;
  private long slotsWritten;
  private long headerOffset = -1;
  private byte[] lastHeader;

  /** What makes the bytes written so far durable: a file's fsync, or nothing. */
  @FunctionalInterface
  interface Sync {
    void sync() throws IOException;
  }

  /**
   * Writes the file's beginning and its first header.
   *
   * @param inFlight how many units (arrivals) the run may have in flight at once
   */
  RecordStream(OutputStream sink, Sync sync, RecordHeader header, LatencyRecorder rec, int inFlight)
      throws IOException {
    this(sink, sync, header, rec, inFlight, false);
  }

  /**
   * As {@link #RecordStream(OutputStream, Sync, RecordHeader, LatencyRecorder, int)}; with {@code
   * release}, each {@link #flush} drops the pages it has made durable once every reader during the
   * run has passed them, so that the run's memory holds what is in flight, not what was sent.
   */
  RecordStream(
      OutputStream sink,
      Sync sync,
      RecordHeader header,
      LatencyRecorder rec,
      int inFlight,
      boolean release)
      throws IOException {
    if (!header.words().equals(rec.words())) {
      // The reader takes each request's words as the header says: a mismatch would misread them.
      throw new IllegalArgumentException(
          "the header says " + header.words() + ", the recording holds " + rec.words());
    }
    this.out = new DataOutputStream(sink);
    this.sync = sync;
    this.rec = rec;
    int stride = rec.stride();
    this.inFlight = Math.max(1, inFlight);
    boolean open = rec.hasIntendedStarts();
    slices = Slices.of(rec);
    first = slices.first();
    end = slices.end();
    unit = slices.unit();
    low = first.clone();
    dropped = release ? new int[first.length] : null;
    written = open ? new BitSet(rec.capacity()) : null;
    body = new byte[RecordFormat.BLOCK_REQUESTS * Varints.MAX_BYTES * (stride + 2)];
    out.write(RecordFormat.MAGIC);
    out.writeInt(RecordFormat.VERSION);
    byte[] h = header.toBytes();
    out.writeInt(h.length);
    out.write(h);
    bytes = RecordFormat.MAGIC.length + 8L + h.length;
    lastHeader = h;
    out.flush();
  }

  /**
   * Writes the slots recorded since the last call, and {@code header} if it differs from the last
   * one written, then makes them durable.
   *
   * @param all whether the run is over: every slot is read, and none will be reached later
   */
  synchronized void flush(RecordHeader header, boolean all) throws IOException {
    for (int s = 0; s < low.length; s++) {
      collect(s, all);
    }
    emit();
    header(header, false);
    out.flush();
    sync.sync();
    if (dropped != null) {
      rec.releasePassed(first, low, dropped);
    }
  }

  /**
   * Writes the slots left, the run's final header and the end mark, and makes them durable.
   *
   * @return the file's size in bytes
   */
  synchronized long end(RecordHeader header) throws IOException {
    for (int s = 0; s < low.length; s++) {
      collect(s, true);
    }
    emit();
    header(header, true);
    out.writeByte(RecordFormat.END);
    out.writeLong(slotsWritten);
    out.writeLong(headerOffset);
    bytes += 17;
    out.flush();
    sync.sync();
    return bytes;
  }

  private void header(RecordHeader header, boolean always) throws IOException {
    byte[] h = header.toBytes();
    if (!always && Arrays.equals(h, lastHeader)) {
      return;
    }
    crc.reset();
    crc.update(h);
    headerOffset = bytes;
    out.writeByte(RecordFormat.HEADER);
    out.writeInt(h.length);
    out.writeInt((int) crc.getValue());
    out.write(h);
    bytes += 9 + h.length;
    lastHeader = h;
  }

  /** Takes slice {@code s}'s slots recorded and not yet written. */
  private void collect(int s, boolean all) throws IOException {
    int k = low[s];
    int stop = end[s];
    boolean prefix = true;
    int unfinished = 0;
    while (k < stop) {
      if (written != null && written.get(k)) {
        k++;
        if (prefix) {
          low[s] = k;
        }
        continue;
      }
      long word = rec.publishedStartWord(k);
      if (word != 0) {
        take(k, word);
        if (written != null) {
          written.set(k);
        }
        k++;
        if (prefix) {
          low[s] = k;
        }
        continue;
      }
      prefix = false;
      if (all) {
        k = rec.next(k + 1); // the run is over: pass the pages no request was recorded in
        continue;
      }
      if (written == null) {
        return; // a user fills its slots in order: none after this one is reached yet
      }
      // An arrival fills its slots in order: go on to the next arrival, unless more arrivals are
      // unfinished than can be in flight, when the rest have not begun.
      if (++unfinished > inFlight) {
        return;
      }
      k = first[s] + ((k - first[s]) / unit[s] + 1) * unit[s];
    }
  }

  /** Adds slot {@code k} to the frame being made, in its own run or the one before's. */
  private void take(int k, long startWord) throws IOException {
    if (requests == RecordFormat.BLOCK_REQUESTS) {
      emit();
    }
    if (runs > 0 && runFirst[runs - 1] + runLength[runs - 1] == k) {
      runLength[runs - 1]++;
    } else {
      runFirst[runs] = k;
      runLength[runs] = 1;
      runs++;
    }
    long start = RecordLayout.start(startWord);
    int outcome = RecordLayout.outcome(startWord);
    long time = rec.timeWord(k);
    int cell = RecordLayout.cell(time);
    int at = bodyLength;
    at = Varints.putSigned(body, at, start - previousStart);
    at = Varints.putSigned(body, at, outcome - previousOutcome);
    at = Varints.put(body, at, RecordLayout.latency(time));
    at = Varints.putSigned(body, at, cell - previousCell);
    if (rec.hasIntendedStarts()) {
      at = Varints.putSigned(body, at, start - rec.intendedNanos(k));
    }
    if (rec.connections()) {
      at = Varints.put(body, at, rec.connectNanos(k));
      at = Varints.put(body, at, rec.tlsNanos(k));
      at = Varints.put(body, at, rec.firstByteNanos(k));
    }
    if (rec.streamWait()) {
      at = Varints.put(body, at, rec.streamWaitNanos(k));
    }
    bodyLength = at;
    previousStart = start;
    previousOutcome = outcome;
    previousCell = cell;
    requests++;
  }

  /** Writes the frame being made, if it holds any request. */
  private void emit() throws IOException {
    if (requests == 0) {
      return;
    }
    int headLength = Varints.put(head, 0, runs);
    for (int r = 0; r < runs; r++) {
      headLength = Varints.put(head, headLength, runFirst[r]);
      headLength = Varints.put(head, headLength, runLength[r]);
    }
    crc.reset();
    crc.update(head, 0, headLength);
    crc.update(body, 0, bodyLength);
    out.writeByte(RecordFormat.RUNS_PACKED);
    out.writeInt(requests);
    out.writeInt(headLength + bodyLength);
    out.writeInt((int) crc.getValue());
    out.write(head, 0, headLength);
    out.write(body, 0, bodyLength);
    bytes += 13 + headLength + bodyLength;
    slotsWritten += requests;
    runs = 0;
    requests = 0;
    bodyLength = 0;
    previousStart = 0;
    previousOutcome = 0;
    previousCell = 0;
  }
}
