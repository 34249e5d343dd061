package io.phaseload.client.record;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.OutputFile;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * {@code --record FILE}: every request of a run, as recorded, in a versioned binary file that
 * {@code client.jar report} reads back and merges. The one writer and the one reader of the format,
 * so that they cannot disagree. Stateless.
 *
 * <pre>
 *   magic        8 bytes  "PLREC\r\n\032" (a text transfer or a truncation by type shows)
 *   version      u32      {@value #VERSION}
 *   header       u32 length, then that many bytes of UTF-8 JSON ({@link RecordHeader})
 *   blocks       of up to {@value #BLOCK_REQUESTS} requests each:
 *                  u8 method (0 stored, 1 deflate), u32 requests, u32 stored length,
 *                  u32 CRC-32 of the block's bytes before compression, the stored bytes
 *   end          u8 255, u64 requests in all the blocks
 * </pre>
 *
 * A block's bytes are its requests' longs, big-endian, {@link RecordLayout} words in slot order,
 * transformed so that deflate finds more to squeeze: each start word as its difference from the
 * previous one in the block; the time word as is; in the open model the intended start as the start
 * minus it; where the header says {@code connections}, the request's connect, TLS and first byte
 * times as they are. A block is deflated only if that makes it smaller. All integers are
 * big-endian.
 *
 * <p>Files of format {@value #OLDEST_VERSION} (no connection times, no {@code connections} in the
 * header) are read as well.
 */
public final class RecordFile {

  /**
   * The format written and read. 5: the plan names its populations, each with its share of the
   * users and its run of the requests: those each user sends once before its iterations (setup), in
   * each iteration, and once after them (teardown). 4: outcomes of two more kinds, a failed capture
   * and a request skipped for a session variable with no value (the header's scenario lists the
   * captures). 3: a run with {@code --no-keepalive} adds each request's connection times. 2: a bad
   * body's outcome carries a reason code (its check and an excerpt), where 1 carried its HTTP
   * status.
   */
  public static final int VERSION = 5;

  /**
   * The oldest format still read: 2, whose requests are 3's without connection times; 3's are 4's
   * without captures; 4's plans are 5's of one population, with no setup or teardown.
   */
  public static final int OLDEST_VERSION = 2;

  static final byte[] MAGIC = {'P', 'L', 'R', 'E', 'C', '\r', '\n', 0x1A};

  static final int BLOCK_REQUESTS = 1 << 16;

  private static final int STORED = 0;
  private static final int DEFLATE = 1;
  private static final int END = 255;

  /** The largest header a reader accepts: a header is a few KiB, so more means a damaged file. */
  private static final int MAX_HEADER_BYTES = 16 << 20;

  /** A record file read back: its header and the recording it holds. */
  public record Contents(Path file, RecordHeader header, LatencyRecorder recording) {

    /** The run as the generator saw it: what its own reports were made of. */
    public RunResult result() {
      return new RunResult(
          header.plan(),
          header.startEpochNanos(),
          header.wallNanos(),
          header.phases(),
          recording,
          header.reasonTable(),
          header.stopReason(),
          header.seed(),
          header.seedPrinted());
    }
  }

  private RecordFile() {}

  /**
   * Writes {@code run} to {@code file} (through a temporary file beside it, renamed into place, so
   * that a reader never sees half a file).
   *
   * @param scenario the scenario's description, {@code Scenario.describe()}
   * @return the file's size in bytes
   */
  public static long write(Path file, RunResult run, RunInfo info, List<String> scenario)
      throws IOException {
    LatencyRecorder rec = run.recording();
    RecordHeader header =
        new RecordHeader(
            run.plan(),
            scenario,
            hostName(),
            run.startEpochNanos(),
            run.wallNanos(),
            run.phases(),
            run.stopReason(),
            run.seed(),
            run.seedPrinted(),
            run.reasons().messages(),
            info,
            rec.capacity(),
            rec.connections(),
            run.reasons().answers());
    return OutputFile.write(
        file,
        stream -> {
          DataOutputStream out = new DataOutputStream(stream);
          out.write(MAGIC);
          out.writeInt(VERSION);
          byte[] h = header.toBytes();
          out.writeInt(h.length);
          out.write(h);
          writeBlocks(rec, out);
          out.flush();
        });
  }

  private static void writeBlocks(LatencyRecorder rec, DataOutputStream out) throws IOException {
    long[] data = rec.data();
    int stride = rec.stride();
    int requests = rec.capacity();
    byte[] raw = new byte[BLOCK_REQUESTS * stride * Long.BYTES];
    byte[] packed = new byte[raw.length + raw.length / 100 + 64];
    LongBuffer longs = ByteBuffer.wrap(raw).asLongBuffer();
    Deflater deflater = new Deflater(Deflater.BEST_SPEED);
    CRC32 crc = new CRC32();
    try {
      for (int first = 0; first < requests; first += BLOCK_REQUESTS) {
        int n = Math.min(BLOCK_REQUESTS, requests - first);
        longs.clear();
        long previous = 0;
        for (int k = first; k < first + n; k++) {
          long start = data[stride * k + RecordLayout.START_WORD];
          longs.put(start - previous);
          previous = start;
          longs.put(data[stride * k + RecordLayout.TIME_WORD]);
          if (rec.hasIntendedStarts()) {
            longs.put(RecordLayout.start(start) - data[stride * k + RecordLayout.INTENDED_WORD]);
          }
          if (rec.connections()) {
            int c = rec.connectionIndex(k);
            for (int i = 0; i < RecordLayout.CONNECTION_LONGS; i++) {
              longs.put(data[c + i]);
            }
          }
        }
        int length = n * stride * Long.BYTES;
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
        out.writeByte(deflated ? DEFLATE : STORED);
        out.writeInt(n);
        out.writeInt(deflated ? size : length);
        out.writeInt((int) crc.getValue());
        out.write(deflated ? packed : raw, 0, deflated ? size : length);
      }
      out.writeByte(END);
      out.writeLong(requests);
    } finally {
      deflater.end();
    }
  }

  /**
   * Reads a record file.
   *
   * @throws RecordFileException with one line naming the file and what is wrong with it: not a
   *     record file, another version of the format, truncated, damaged
   */
  public static Contents read(Path file) throws RecordFileException {
    try (InputStream in = Files.newInputStream(file)) {
      return read(file, new DataInputStream(new BufferedInputStream(in, 1 << 16)));
    } catch (EOFException e) {
      throw new RecordFileException(file + " is truncated: it ends before its last request");
    } catch (IOException e) {
      throw new RecordFileException("cannot read " + file + ": " + e.getMessage());
    }
  }

  /** Reads only the header, for checks before the requests are loaded. */
  public static RecordHeader readHeader(Path file) throws RecordFileException {
    try (InputStream in = Files.newInputStream(file)) {
      return header(file, new DataInputStream(new BufferedInputStream(in)));
    } catch (EOFException e) {
      throw new RecordFileException(file + " is truncated: it ends inside its header");
    } catch (IOException e) {
      throw new RecordFileException("cannot read " + file + ": " + e.getMessage());
    }
  }

  private static RecordHeader header(Path file, DataInputStream in)
      throws IOException, RecordFileException {
    byte[] magic = new byte[MAGIC.length];
    int got = in.readNBytes(magic, 0, magic.length);
    if (got < magic.length || !Arrays.equals(magic, MAGIC)) {
      throw new RecordFileException(
          file + " is not a phaseload record file (written by client.jar --record)");
    }
    int version = in.readInt();
    if (version < OLDEST_VERSION || version > VERSION) {
      throw new RecordFileException(
          file
              + " is in record format "
              + version
              + "; this phaseload reads formats "
              + OLDEST_VERSION
              + " to "
              + VERSION
              + ": report it with the phaseload that wrote it");
    }
    int length = in.readInt();
    if (length < 2 || length > MAX_HEADER_BYTES) {
      throw new RecordFileException(file + " is damaged: its header length is " + length);
    }
    byte[] bytes = in.readNBytes(length);
    if (bytes.length < length) {
      throw new EOFException();
    }
    try {
      return RecordHeader.fromBytes(bytes);
    } catch (IOException | RuntimeException e) {
      throw new RecordFileException(
          file + " is damaged: its header cannot be read (" + e.getMessage() + ")");
    }
  }

  private static Contents read(Path file, DataInputStream in)
      throws IOException, RecordFileException {
    RecordHeader header = header(file, in);
    LoadPlan plan = header.plan();
    if (header.requests() != plan.totalRequests()
        || plan.totalRequests() > RecordLayout.maxRequests(plan, header.connections())) {
      throw new RecordFileException(
          file
              + " is damaged: it says "
              + header.requests()
              + " requests, its plan has "
              + plan.totalRequests());
    }
    LatencyRecorder rec = LatencyRecorder.allocate(plan, header.connections());
    long[] data = rec.data();
    int stride = rec.stride();
    int total = rec.capacity();
    byte[] raw = new byte[BLOCK_REQUESTS * stride * Long.BYTES];
    byte[] stored = new byte[raw.length];
    LongBuffer longs = ByteBuffer.wrap(raw).asLongBuffer();
    Inflater inflater = new Inflater();
    CRC32 crc = new CRC32();
    int next = 0;
    int block = 0;
    try {
      while (true) {
        int method = in.readUnsignedByte();
        if (method == END) {
          long count = in.readLong();
          if (count != total || next != total) {
            throw new RecordFileException(
                file + " is truncated: it holds " + next + " of " + total + " requests");
          }
          return new Contents(file, header, rec);
        }
        int n = in.readInt();
        int size = in.readInt();
        int sum = in.readInt();
        int length = n * stride * Long.BYTES;
        if (n < 1 || n > BLOCK_REQUESTS || next + n > total || size < 0 || size > raw.length) {
          throw new RecordFileException(file + " is damaged: block " + block + " is malformed");
        }
        if (method == STORED && size == length) {
          in.readFully(raw, 0, length);
        } else if (method == DEFLATE) {
          in.readFully(stored, 0, size);
          inflater.reset();
          inflater.setInput(stored, 0, size);
          int out = inflater.inflate(raw, 0, length);
          if (out != length || !inflater.finished()) {
            throw new RecordFileException(file + " is damaged: block " + block + " is short");
          }
        } else {
          throw new RecordFileException(file + " is damaged: block " + block + " is malformed");
        }
        crc.reset();
        crc.update(raw, 0, length);
        if ((int) crc.getValue() != sum) {
          throw new RecordFileException(
              file + " is damaged: block " + block + " fails its checksum");
        }
        longs.clear();
        long start = 0;
        for (int k = next; k < next + n; k++) {
          start += longs.get();
          data[stride * k + RecordLayout.START_WORD] = start;
          data[stride * k + RecordLayout.TIME_WORD] = longs.get();
          if (rec.hasIntendedStarts()) {
            data[stride * k + RecordLayout.INTENDED_WORD] = RecordLayout.start(start) - longs.get();
          }
          if (rec.connections()) {
            int c = rec.connectionIndex(k);
            for (int i = 0; i < RecordLayout.CONNECTION_LONGS; i++) {
              data[c + i] = longs.get();
            }
          }
        }
        next += n;
        block++;
      }
    } catch (DataFormatException e) {
      throw new RecordFileException(file + " is damaged: block " + block + " does not inflate");
    } finally {
      inflater.end();
    }
  }

  /** This machine's name, for the merged report's Shards block; "unknown" if it has none. */
  static String hostName() {
    String env = System.getenv("HOSTNAME");
    if (env != null && !env.isBlank()) {
      return env;
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
