package io.phaseload.client.record;

import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.Slices;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.BitSet;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

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
  private final int stride;

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
  private final ByteBuffer body;
  private int requests;

  /** The start word of the run's slot before, from which the next one's is written as a delta. */
  private long previousStart;

  private final byte[] raw;
  private final byte[] packed;
  private final ByteBuffer rawBuffer;
  private final Deflater deflater = new Deflater(Deflater.BEST_SPEED);
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
    this.out = new DataOutputStream(sink);
    this.sync = sync;
    this.rec = rec;
    this.stride = rec.stride();
    this.inFlight = Math.max(1, inFlight);
    boolean open = rec.hasIntendedStarts();
    slices = Slices.of(rec);
    first = slices.first();
    end = slices.end();
    unit = slices.unit();
    low = first.clone();
    dropped = release ? new int[first.length] : null;
    written = open ? new BitSet(rec.capacity()) : null;
    int bodyBytes = RecordFormat.BLOCK_REQUESTS * stride * Long.BYTES;
    body = ByteBuffer.allocate(bodyBytes);
    raw = new byte[RecordFormat.maxRawBytes(stride)];
    rawBuffer = ByteBuffer.wrap(raw);
    packed = new byte[raw.length + raw.length / 100 + 64];
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
    deflater.end();
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
      previousStart = 0;
    }
    body.putLong(startWord - previousStart);
    previousStart = startWord;
    body.putLong(rec.timeWord(k));
    if (rec.hasIntendedStarts()) {
      body.putLong(RecordLayout.start(startWord) - rec.intendedNanos(k));
    }
    if (rec.connections()) {
      body.putLong(rec.connectNanos(k));
      body.putLong(rec.tlsNanos(k));
      body.putLong(rec.firstByteNanos(k));
    }
    requests++;
  }

  /** Writes the frame being made, if it holds any request. */
  private void emit() throws IOException {
    if (requests == 0) {
      return;
    }
    rawBuffer.clear();
    rawBuffer.putInt(runs);
    for (int r = 0; r < runs; r++) {
      rawBuffer.putLong(runFirst[r]);
      rawBuffer.putInt(runLength[r]);
    }
    rawBuffer.put(body.array(), 0, body.position());
    int length = rawBuffer.position();
    crc.reset();
    crc.update(raw, 0, length);
    deflater.reset();
    deflater.setInput(raw, 0, length);
    deflater.finish();
    int size = 0;
    while (!deflater.finished() && size < length) {
      size += deflater.deflate(packed, size, packed.length - size);
    }
    boolean deflated = deflater.finished() && size < length;
    out.writeByte(deflated ? RecordFormat.RUNS_DEFLATED : RecordFormat.RUNS_STORED);
    out.writeInt(requests);
    out.writeInt(length);
    out.writeInt(deflated ? size : length);
    out.writeInt((int) crc.getValue());
    out.write(deflated ? packed : raw, 0, deflated ? size : length);
    bytes += 17 + (deflated ? size : length);
    slotsWritten += requests;
    runs = 0;
    requests = 0;
    body.clear();
  }
}
