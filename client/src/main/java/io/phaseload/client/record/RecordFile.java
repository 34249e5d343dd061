package io.phaseload.client.record;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.OutputFile;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.SlotWords;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * {@code --record FILE}: every request of a run, as recorded, in a versioned binary file that
 * {@code client.jar report} reads back and merges. A run writes it as it goes ({@link
 * RecordWriter}), so that whatever ends the process leaves a file that reads: every request up to
 * its last second or so, and a line saying where the run was cut. The one reader of the format,
 * beside its one writer ({@link RecordStream}), so that they cannot disagree. Stateless.
 *
 * <pre>
 *   magic        8 bytes  "PLREC\r\n\032" (a text transfer or a truncation by type shows)
 *   version      u32      {@value RecordFormat#VERSION}
 *   header       u32 length, then that many bytes of UTF-8 JSON ({@link RecordHeader}) as the run
 *                began: no phase run yet
 *   frames       any number, each one of:
 *     runs       u8 4, u32 requests, u32 length, u32 CRC-32 of the bytes, then that many bytes,
 *                all {@link Varints} (unsigned, or zigzagged where signed): the number of runs,
 *                each run's first slot and its slots, then the runs' requests, up to {@value
 *                RecordFormat#BLOCK_REQUESTS} in all
 *     header     u8 3, u32 length, u32 CRC-32, the header as the run stands: its phases done so
 *                far and the failure reasons seen; the last one read is the run's
 *   end          u8 255, u64 requests in all the runs, u64 offset of the last header frame
 * </pre>
 *
 * A request is its {@link RecordLayout} words' fields, each as its difference from the frame's
 * request before (from 0 for the frame's first) where neighbours are alike: the start in
 * nanoseconds (signed difference), the outcome (signed difference), the latency (as it is), the
 * cell (signed difference); in the open model the start minus the intended start (signed); where
 * the header says {@code connections}, the connect, TLS and first byte times as they are; where it
 * says {@code streamWait}, the wait for a free HTTP/2 stream as it is. About eight bytes a request,
 * each read without inflating. Every slot in a run was reached; a slot in no run was not. The other
 * integers are big-endian.
 *
 * <p>Format 7 wrote the same, with no {@code streamWait} in its header and so no stream waits: it
 * reads as it did. Format 6 wrote the same frames with each request's longs as they are, big-endian
 * (the start word as its difference from the run's slot before; in the open model the intended
 * start as the start minus it), stored ({@code u8 1}) or deflated ({@code u8 2}), each framed by
 * {@code u32 requests, u32 raw length, u32 stored length, u32 CRC-32 of the raw bytes}; the raw
 * bytes began with {@code u32 runs}, then each run's {@code u64 first slot, u32 slots}. It is read
 * as well.
 *
 * <p>A file with no end mark was cut: the process that wrote it died or lost its disk. It reads as
 * a run stopped early, {@code "cut at 12.4 s of 20 s: no end mark"}, with every request its frames
 * hold; a last frame torn by the cut (short, or failing its checksum) is dropped, and the reason
 * says so. A frame that fails its checksum with more after it is damage, and the file is refused.
 *
 * <p>Files of formats {@value RecordFormat#OLDEST_VERSION} to 5, written whole after the run, are
 * read as well: their header is the run's, and their requests follow in blocks of every slot in
 * order, each {@code u8 method (0 stored, 1 deflate), u32 requests, u32 stored length, u32 CRC-32}
 * and the stored bytes, ending with {@code u8 255, u64 requests}.
 */
public final class RecordFile {

  private static final int STORED = 0;
  private static final int DEFLATE = 1;

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

  /** The header that says what {@code run} was, with {@code info} and {@code scenario}. */
  public static RecordHeader header(RunResult run, RunInfo info, List<String> scenario) {
    LatencyRecorder rec = run.recording();
    return new RecordHeader(
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
        rec.words(),
        run.reasons().answers());
  }

  /**
   * The header of a run as it begins, before any phase: what {@link RecordWriter} writes first.
   *
   * @param seedPrinted whether the scenario draws from the seed
   * @param words what each request carries after its own words (connection times, stream wait)
   */
  public static RecordHeader start(
      LoadPlan plan,
      List<String> scenario,
      long startEpochNanos,
      long seed,
      boolean seedPrinted,
      RunInfo info,
      SlotWords words) {
    return new RecordHeader(
        plan,
        scenario,
        hostName(),
        startEpochNanos,
        0,
        List.of(),
        null,
        seed,
        seedPrinted,
        Map.of(),
        info,
        plan.totalRequests(),
        words,
        Map.of());
  }

  /**
   * Writes a finished run to {@code file} in one go (through a temporary file beside it, renamed
   * into place, so that a reader never sees half a file).
   *
   * @param scenario the scenario's description, {@code Scenario.describe()}
   * @return the file's size in bytes
   */
  public static long write(Path file, RunResult run, RunInfo info, List<String> scenario)
      throws IOException {
    RecordHeader header = header(run, info, scenario);
    return OutputFile.write(
        file,
        stream -> {
          RecordStream out = new RecordStream(stream, () -> {}, header, run.recording(), 1);
          out.end(header);
        });
  }

  /**
   * Reads a record file.
   *
   * @throws RecordFileException with one line naming the file and what is wrong with it: not a
   *     record file, another version of the format, truncated, damaged
   */
  public static Contents read(Path file) throws RecordFileException {
    try (InputStream in = Files.newInputStream(file)) {
      DataInputStream data = new DataInputStream(new BufferedInputStream(in, 1 << 16));
      int version = version(file, data);
      RecordHeader header = header(file, data, version);
      return version <= RecordFormat.LAST_BLOCK_VERSION
          ? blocks(file, data, header)
          : new Frames(file, version, header, null, null).read(data);
    } catch (EOFException e) {
      throw new RecordFileException(file + " is truncated: it ends before its last request");
    } catch (IOException e) {
      throw new RecordFileException("cannot read " + file + ": " + e.getMessage());
    }
  }

  /**
   * Opens a record file for reading in bounded memory: a file of format 6 or later is read once,
   * for its header and its checks, and its recording is {@link LatencyRecorder#streamed streamed},
   * each pass of the statistics reading its frames again, one at a time. A file of formats 2 to 5
   * is read whole, as {@link #read} reads it.
   *
   * @throws RecordFileException as {@link #read} does
   */
  public static Contents open(Path file) throws RecordFileException {
    return open(file, (rec, k) -> {});
  }

  /**
   * As {@link #open}, handing each request to {@code check} as the reading for the checks passes it
   * (once each, in the order written), or, for a file read whole, once it is read: what a merge
   * counts each shard's requests with in the same pass.
   */
  public static Contents open(Path file, LatencyRecorder.Visitor check) throws RecordFileException {
    try (InputStream in = Files.newInputStream(file)) {
      DataInputStream data = new DataInputStream(new BufferedInputStream(in, 1 << 16));
      int version = version(file, data);
      if (version > RecordFormat.LAST_BLOCK_VERSION) {
        RecordHeader header = header(file, data, version);
        LatencyRecorder streamed =
            LatencyRecorder.streamed(
                header.plan(),
                header.words(),
                new Prefetch(
                    header.plan(), header.words(), visitor -> stream(file, header, visitor)));
        return new Frames(file, version, header, check, streamed).read(data);
      }
    } catch (EOFException e) {
      throw new RecordFileException(file + " is truncated: it ends before its last request");
    } catch (IOException e) {
      throw new RecordFileException("cannot read " + file + ": " + e.getMessage());
    }
    Contents whole = read(file); // formats 2 to 5
    whole.recording().each(check);
    return whole;
  }

  /**
   * The requests of a record being written, streamed from its frames as they stand: what a run
   * whose pages were dropped once on disk reads its statistics from, once every request is written
   * and before the end mark.
   */
  public static LatencyRecorder streamed(Path file) throws RecordFileException {
    RecordHeader header = readHeader(file);
    return LatencyRecorder.streamed(
        header.plan(),
        header.words(),
        new Prefetch(header.plan(), header.words(), visitor -> stream(file, header, visitor)));
  }

  /** One pass over a streamed file's requests, which {@link #open} has read and checked once. */
  private static void stream(Path file, RecordHeader first, LatencyRecorder.Visitor visitor) {
    try (InputStream in = Files.newInputStream(file)) {
      DataInputStream data = new DataInputStream(new BufferedInputStream(in, 1 << 16));
      int version = version(file, data);
      header(file, data, version);
      new Frames(file, version, first, visitor, null).pass(data);
    } catch (IOException | RecordFileException e) {
      throw new IllegalStateException(file + " changed while it was read: " + e.getMessage(), e);
    }
  }

  /**
   * Reads the header, for checks before the requests are loaded: the run's as its last header frame
   * says (the frames' requests are passed, not read), or as it began for a cut file.
   */
  public static RecordHeader readHeader(Path file) throws RecordFileException {
    return scan(file).header();
  }

  /**
   * A file's header, as {@link #readHeader} gives it, and how many requests it holds: what reading
   * it takes room for. A run by time's plan bounds its requests far above what it sent; a file of
   * formats 2 to 5 holds every slot of its plan.
   */
  public record Scan(RecordHeader header, long recorded, boolean streams) {

    /**
     * The requests that reading the file holds in memory at once: none for a file of format 6 or
     * later, which {@link #open} streams, whether one run's or a shard's in a merge; every one it
     * holds for a file of formats 2 to 5, read whole.
     */
    public long held() {
      return streams ? 0 : recorded;
    }
  }

  /** Reads a file's header and counts its requests, its frames passed, not read. */
  public static Scan scan(Path file) throws RecordFileException {
    try (InputStream in = Files.newInputStream(file)) {
      DataInputStream data = new DataInputStream(new BufferedInputStream(in));
      int version;
      RecordHeader header;
      try {
        version = version(file, data);
        header = header(file, data, version);
      } catch (EOFException e) {
        throw new RecordFileException(file + " is truncated: it ends inside its header");
      }
      if (version <= RecordFormat.LAST_BLOCK_VERSION) {
        return new Scan(header, header.requests(), false);
      }
      // A cut or torn frame ends the reading inside Frames: no EOF leaves it.
      Frames frames = new Frames(file, version, header);
      return new Scan(frames.read(data).header(), frames.counted, true);
    } catch (IOException e) {
      throw new RecordFileException("cannot read " + file + ": " + e.getMessage());
    }
  }

  private static int version(Path file, DataInputStream in)
      throws IOException, RecordFileException {
    byte[] magic = new byte[RecordFormat.MAGIC.length];
    int got = in.readNBytes(magic, 0, magic.length);
    if (got < magic.length || !Arrays.equals(magic, RecordFormat.MAGIC)) {
      throw new RecordFileException(
          file + " is not a phaseload record file (written by client.jar --record)");
    }
    int version = in.readInt();
    if (version < RecordFormat.OLDEST_VERSION || version > RecordFormat.VERSION) {
      throw new RecordFileException(
          file
              + " is in record format "
              + version
              + "; this phaseload reads formats "
              + RecordFormat.OLDEST_VERSION
              + " to "
              + RecordFormat.VERSION
              + ": report it with the phaseload that wrote it");
    }
    return version;
  }

  private static RecordHeader header(Path file, DataInputStream in, int version)
      throws IOException, RecordFileException {
    int length = in.readInt();
    if (length < 2 || length > MAX_HEADER_BYTES) {
      throw new RecordFileException(file + " is damaged: its header length is " + length);
    }
    byte[] bytes = in.readNBytes(length);
    if (bytes.length < length) {
      throw new EOFException();
    }
    RecordHeader header = parse(file, bytes);
    LoadPlan plan = header.plan();
    if (header.requests() != plan.totalRequests()
        || plan.totalRequests() > RecordLayout.MAX_REQUESTS) {
      throw new RecordFileException(
          file
              + " is damaged: it says "
              + header.requests()
              + " requests, its plan has "
              + plan.totalRequests());
    }
    if (header.words().streamWait() && version < RecordFormat.FIRST_STREAM_WAIT_VERSION) {
      throw new RecordFileException(
          file + " is damaged: its header says streamWait, which format " + version + " never had");
    }
    return header;
  }

  private static RecordHeader parse(Path file, byte[] bytes) throws RecordFileException {
    try {
      return RecordHeader.fromBytes(bytes);
    } catch (IOException | RuntimeException e) {
      throw new RecordFileException(
          file + " is damaged: its header cannot be read (" + e.getMessage() + ")");
    }
  }

  /**
   * The frames of a file of format 6 or later, read in order: its recording, its header, its end.
   */
  private static final class Frames {
    private final Path file;

    /**
     * Whether the frames of requests are packed (format 7 and later), not stored or deflated (6).
     */
    private final boolean packed;

    private final RecordHeader first;
    private final boolean requests;

    /** Where the frames' requests are placed: every one, or one frame's at a time. */
    private final LatencyRecorder rec;

    /** The recording read: {@link #rec}, or the streamed recording {@link #visitor} passes read. */
    private final LatencyRecorder result;

    /** Told of each request as its frame is read, when the frames are streamed; else null. */
    private final LatencyRecorder.Visitor visitor;

    private RecordHeader last;
    private boolean ended;
    private long placed;

    /** Requests in the frames read, whether their requests were placed or passed. */
    private long counted;

    private long frame;
    private String torn;
    private final long[] phaseFirst;
    private final long[] phaseLast;

    /** When the last sent request of the frames read started; -1 if none. */
    private long lastSent = -1;

    /** The frame's runs: each one's first slot and its length. */
    private final int[] runFirst = new int[RecordFormat.BLOCK_REQUESTS];

    private final int[] runLength = new int[RecordFormat.BLOCK_REQUESTS];

    /** Frames whose requests are passed, not read: for the header and the count. */
    Frames(Path file, int version, RecordHeader first) {
      this(file, version, first, false, null, null);
    }

    /**
     * Frames whose requests are read: into one recording that holds them all, or, with a {@code
     * visitor}, a frame at a time into a scratch recording, handed to the visitor and dropped; the
     * recording read is then {@code streamed} (null for a pass that reads no header).
     */
    Frames(
        Path file,
        int version,
        RecordHeader first,
        LatencyRecorder.Visitor visitor,
        LatencyRecorder streamed) {
      this(file, version, first, true, visitor, streamed);
    }

    private Frames(
        Path file,
        int version,
        RecordHeader first,
        boolean requests,
        LatencyRecorder.Visitor visitor,
        LatencyRecorder streamed) {
      this.file = file;
      this.packed = version > RecordFormat.LAST_DEFLATED_VERSION;
      this.first = first;
      this.last = first;
      this.requests = requests;
      this.visitor = visitor;
      if (!requests) {
        this.rec = null;
        this.result = null;
      } else if (visitor == null) {
        this.rec = LatencyRecorder.sparse(first.plan(), first.words());
        this.result = rec;
      } else {
        this.rec =
            (streamed != null ? streamed : LatencyRecorder.sparse(first.plan(), first.words()))
                .scratch();
        this.result = streamed;
      }
      int phases = first.plan().phases().size();
      this.phaseFirst = new long[phases];
      this.phaseLast = new long[phases];
      Arrays.fill(phaseFirst, Long.MAX_VALUE);
      Arrays.fill(phaseLast, Long.MIN_VALUE);
    }

    Contents read(DataInputStream in) throws IOException, RecordFileException {
      pass(in);
      if (result != null && result != rec) {
        result.knowLastSentStart(lastSent); // the streamed recording's: read through once here
      }
      return new Contents(file, ended ? last : cut(), result);
    }

    /** Reads every frame, to the end mark or to where the file was cut or torn. */
    void pass(DataInputStream in) throws IOException, RecordFileException {
      int stride = RecordLayout.longsPerRequest(first.plan(), first.words());
      byte[] raw =
          new byte[packed ? RecordFormat.maxPackedBytes(stride) : RecordFormat.maxRawBytes(stride)];
      byte[] stored = packed ? null : new byte[raw.length];
      Inflater inflater = new Inflater();
      CRC32 crc = new CRC32();
      try {
        while (!ended && torn == null) {
          int kind = in.read();
          if (kind < 0) {
            break;
          }
          try {
            if (kind == RecordFormat.RUNS_PACKED && packed) {
              packed(in, raw, crc);
            } else if ((kind == RecordFormat.RUNS_STORED || kind == RecordFormat.RUNS_DEFLATED)
                && !packed) {
              runs(in, kind, raw, stored, inflater, crc);
            } else {
              switch (kind) {
                case RecordFormat.HEADER -> header(in, crc);
                case RecordFormat.END -> end(in);
                default -> damaged(in, "frame " + frame + " is of no kind known");
              }
            }
          } catch (EOFException e) {
            // Cut as it wrote its end mark: every frame is whole, but the run's end is not marked.
            torn = ended ? "its end mark was torn" : "its last frame was torn and is dropped";
            ended = false;
          }
          frame++;
        }
      } catch (DataFormatException e) {
        damaged(in, "frame " + frame + " does not inflate");
      } finally {
        inflater.end();
      }
    }

    /**
     * The frame that fails: torn by a cut if it is the file's last, in which case it is dropped and
     * the reading ends; otherwise damage.
     */
    private void damaged(DataInputStream in, String what) throws IOException, RecordFileException {
      if (!ended && in.read() < 0) {
        torn = "its last frame was torn (" + what + ") and is dropped";
        return;
      }
      throw new RecordFileException(file + " is damaged: " + what);
    }

    private void header(DataInputStream in, CRC32 crc) throws IOException, RecordFileException {
      int length = in.readInt();
      int sum = in.readInt();
      if (length < 2 || length > MAX_HEADER_BYTES) {
        damaged(in, "frame " + frame + " is malformed");
        return;
      }
      byte[] bytes = in.readNBytes(length);
      if (bytes.length < length) {
        throw new EOFException();
      }
      if (!sums(in, bytes, bytes.length, sum, crc)) {
        return;
      }
      RecordHeader h = parse(file, bytes);
      if (!h.plan().equals(first.plan()) || !h.words().equals(first.words())) {
        throw new RecordFileException(file + " is damaged: frame " + frame + " is another run's");
      }
      last = h;
    }

    /**
     * Whether the frame's first {@code length} bytes have the CRC-32 {@code sum}; if not, the frame
     * is {@link #damaged} (torn, if it is the file's last).
     */
    private boolean sums(DataInputStream in, byte[] bytes, int length, int sum, CRC32 crc)
        throws IOException, RecordFileException {
      crc.reset();
      crc.update(bytes, 0, length);
      if ((int) crc.getValue() == sum) {
        return true;
      }
      damaged(in, "frame " + frame + " fails its checksum");
      return false;
    }

    private void end(DataInputStream in) throws IOException, RecordFileException {
      ended = true;
      long count = in.readLong();
      in.readLong(); // where the last header frame begins, for a reader that seeks to it
      if (in.read() >= 0) {
        throw new RecordFileException(file + " is damaged: bytes follow its end mark");
      }
      if (requests && count != placed) {
        throw new RecordFileException(
            file
                + " is damaged: its end mark says "
                + count
                + " requests, its frames hold "
                + placed);
      }
    }

    /** A frame of packed requests (format 7 and later): read, checked and placed, or passed. */
    private void packed(DataInputStream in, byte[] raw, CRC32 crc)
        throws IOException, RecordFileException {
      int count = in.readInt();
      int length = in.readInt();
      int sum = in.readInt();
      if (count < 1 || count > RecordFormat.BLOCK_REQUESTS || length < 1 || length > raw.length) {
        damaged(in, "frame " + frame + " is malformed");
        return;
      }
      if (!requests) {
        in.skipNBytes(length);
        counted += count;
        return;
      }
      in.readFully(raw, 0, length);
      if (!sums(in, raw, length, sum, crc)) {
        return;
      }
      try {
        unpack(new Varints.In(raw, 0, length), count);
      } catch (Varints.Malformed e) {
        throw new RecordFileException(file + " is damaged: frame " + frame + " is malformed");
      }
    }

    /** Places a packed frame's requests, as {@link RecordStream} packed them. */
    private void unpack(Varints.In in, int count) throws Varints.Malformed {
      long capacity = rec.capacity();
      long runs = in.next();
      if (runs < 1 || runs > count) {
        throw Varints.Malformed.INSTANCE;
      }
      int n = (int) runs;
      long total = 0;
      for (int r = 0; r < n; r++) {
        long at = in.next();
        long length = in.next();
        if (length < 1 || length > count || at > capacity - length) {
          throw Varints.Malformed.INSTANCE;
        }
        runFirst[r] = (int) at;
        runLength[r] = (int) length;
        total += length;
      }
      if (total != count) {
        throw Varints.Malformed.INSTANCE;
      }
      boolean open = rec.hasIntendedStarts();
      boolean connections = rec.connections();
      int connectionWord = rec.connectionWord();
      boolean streamWait = rec.streamWait();
      long start = 0;
      long outcome = 0;
      long cell = 0;
      for (int r = 0; r < n; r++) {
        for (int k = runFirst[r], end = k + runLength[r]; k < end; k++) {
          start += in.nextSigned();
          outcome += in.nextSigned();
          long latency = in.next();
          cell += in.nextSigned();
          if (start < 0
              || start > RecordLayout.MAX_START_NANOS
              || outcome < 0
              || outcome >= 1L << RecordLayout.OUTCOME_BITS
              || (start | outcome) == 0 // a run holds reached slots only
              || latency < 0
              || latency > RecordLayout.MAX_LATENCY_NANOS
              || cell < 0
              || cell >= RecordLayout.MAX_CELLS) {
            throw Varints.Malformed.INSTANCE;
          }
          int c = (int) cell;
          rec.setWord(k, RecordLayout.START_WORD, RecordLayout.packStart(start, (int) outcome));
          rec.setWord(
              k,
              RecordLayout.TIME_WORD,
              RecordLayout.packTime(
                  latency, RecordLayout.phaseOfCell(c), RecordLayout.requestOfCell(c)));
          if (open) {
            rec.setWord(k, RecordLayout.INTENDED_WORD, start - in.nextSigned());
          }
          if (connections) {
            for (int i = 0; i < RecordLayout.CONNECTION_LONGS; i++) {
              rec.setWord(k, connectionWord + i, in.next());
            }
          }
          if (streamWait) {
            long wait = in.next();
            if (wait < 0) {
              throw Varints.Malformed.INSTANCE;
            }
            rec.setWord(k, rec.streamWaitWord(), wait);
          }
          if (start > lastSent && Outcome.sent((int) outcome)) {
            lastSent = start;
          }
          int phase = RecordLayout.phaseOfCell(c);
          if (phase < phaseFirst.length) {
            phaseFirst[phase] = Math.min(phaseFirst[phase], start);
            phaseLast[phase] = Math.max(phaseLast[phase], start + latency);
          }
        }
      }
      if (!in.done()) {
        throw Varints.Malformed.INSTANCE;
      }
      placed += total;
      counted += total;
      visit(n);
    }

    /**
     * Hands the frame's {@code runs} runs of slots to the visitor, if it streams, then drops their
     * pages.
     */
    private void visit(int runs) {
      if (visitor == null) {
        return;
      }
      for (int r = 0; r < runs; r++) {
        for (int k = runFirst[r], end = k + runLength[r]; k < end; k++) {
          if (rec.startWord(k) != 0) {
            visitor.slot(rec, k);
          }
        }
      }
      rec.clear();
    }

    private void runs(
        DataInputStream in, int kind, byte[] raw, byte[] stored, Inflater inflater, CRC32 crc)
        throws IOException, RecordFileException, DataFormatException {
      int count = in.readInt();
      int length = in.readInt();
      int size = in.readInt();
      int sum = in.readInt();
      if (count < 1
          || count > RecordFormat.BLOCK_REQUESTS
          || length < 4
          || length > raw.length
          || size < 0
          || size > raw.length) {
        damaged(in, "frame " + frame + " is malformed");
        return;
      }
      if (!requests) {
        in.skipNBytes(size);
        counted += count;
        return;
      }
      if (kind == RecordFormat.RUNS_STORED) {
        if (size != length) {
          damaged(in, "frame " + frame + " is malformed");
          return;
        }
        in.readFully(raw, 0, length);
      } else {
        in.readFully(stored, 0, size);
        inflater.reset();
        inflater.setInput(stored, 0, size);
        int out = inflater.inflate(raw, 0, length);
        if (out != length || !inflater.finished()) {
          damaged(in, "frame " + frame + " is short");
          return;
        }
      }
      if (!sums(in, raw, length, sum, crc)) {
        return;
      }
      place(ByteBuffer.wrap(raw, 0, length), length, count);
    }

    private void place(ByteBuffer in, int length, int count) throws RecordFileException {
      int stride = rec.stride();
      int runs = in.getInt();
      long total = 0;
      if (runs < 1 || runs > RecordFormat.BLOCK_REQUESTS || 4L + 12L * runs > length) {
        throw new RecordFileException(file + " is damaged: frame " + frame + " is malformed");
      }
      for (int r = 0; r < runs; r++) {
        long at = in.getLong();
        int slots = in.getInt();
        if (at < 0 || slots < 1 || at + slots > rec.capacity()) {
          throw new RecordFileException(file + " is damaged: frame " + frame + " is malformed");
        }
        runFirst[r] = (int) at;
        runLength[r] = slots;
        total += slots;
      }
      if (4L + 12L * runs + total * stride * Long.BYTES != length || total != count) {
        throw new RecordFileException(file + " is damaged: frame " + frame + " is malformed");
      }
      for (int r = 0; r < runs; r++) {
        long start = 0;
        for (int k = runFirst[r]; k < runFirst[r] + runLength[r]; k++) {
          start = slot(rec, k, start, in);
          long time = rec.timeWord(k);
          int phase = RecordLayout.phase(time);
          if (start != 0 && Outcome.sent(RecordLayout.outcome(start))) {
            lastSent = Math.max(lastSent, RecordLayout.start(start));
          }
          if (start != 0 && phase < phaseFirst.length) {
            long begin = RecordLayout.start(start);
            phaseFirst[phase] = Math.min(phaseFirst[phase], begin);
            phaseLast[phase] = Math.max(phaseLast[phase], begin + RecordLayout.latency(time));
          }
        }
      }
      placed += total;
      counted += total;
      visit(runs);
    }

    /**
     * The header of a cut file: the last one it holds, with the phase the cut fell in (and any it
     * had begun since that header) as stopped there, the run's time up to its last answer, and why
     * it stopped.
     */
    private RecordHeader cut() {
      LoadPlan plan = first.plan();
      List<PhaseResult> phases = new ArrayList<>(last.phases());
      long cut = Long.MIN_VALUE;
      int reached = -1;
      for (int p = 0; p < phaseLast.length; p++) {
        if (phaseLast[p] != Long.MIN_VALUE) {
          cut = Math.max(cut, phaseLast[p]);
          reached = p;
        }
      }
      for (PhaseResult r : phases) {
        cut = Math.max(cut, r.startNanos() + r.durationNanos());
      }
      cut = Math.max(cut, 0);
      for (int p = phases.size(); p <= reached; p++) {
        long begin =
            phases.isEmpty()
                ? phaseFirst[p]
                : phases.get(phases.size() - 1).startNanos()
                    + phases.get(phases.size() - 1).durationNanos();
        long until = p < reached && phaseFirst[p + 1] != Long.MAX_VALUE ? phaseFirst[p + 1] : cut;
        phases.add(new PhaseResult(plan.phases().get(p), begin, Math.max(0, until - begin), false));
      }
      if (requests && result.hasIntendedStarts()) {
        // Counted from the recording, as the run counts them once it is over.
        phases = PhaseResult.counted(phases, result, plan);
      }
      long origin = phases.isEmpty() ? 0 : phases.get(0).startNanos();
      // A plan with a schedule (stages, the open model's phases) has a length to be cut short of.
      long planned = plan.scheduledStartNanos(plan.phases().size());
      String at =
          planned > 0
              ? String.format(
                  Locale.ROOT,
                  "cut at %.1f s of %.1f s: no end mark",
                  (cut - origin) / 1e9,
                  planned / 1e9)
              : String.format(Locale.ROOT, "cut at %.1f s: no end mark", (cut - origin) / 1e9);
      return new RecordHeader(
          plan,
          last.scenario(),
          last.host(),
          last.startEpochNanos(),
          requests ? cut : 0,
          phases,
          torn == null ? at : at + "; " + torn,
          last.seed(),
          last.seedPrinted(),
          last.reasons(),
          last.info(),
          last.requests(),
          last.words(),
          last.answers());
    }
  }

  /** The requests of a file of formats 2 to 5: blocks of every slot, in order, then the end. */
  private static Contents blocks(Path file, DataInputStream in, RecordHeader header)
      throws IOException, RecordFileException {
    LoadPlan plan = header.plan();
    LatencyRecorder rec = LatencyRecorder.sparse(plan, header.words());
    int stride = rec.stride();
    int total = rec.capacity();
    byte[] raw = new byte[RecordFormat.BLOCK_REQUESTS * stride * Long.BYTES];
    byte[] stored = new byte[raw.length];
    ByteBuffer longs = ByteBuffer.wrap(raw);
    Inflater inflater = new Inflater();
    CRC32 crc = new CRC32();
    int next = 0;
    int block = 0;
    try {
      while (true) {
        int method = in.readUnsignedByte();
        if (method == RecordFormat.END) {
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
        if (n < 1
            || n > RecordFormat.BLOCK_REQUESTS
            || next + n > total
            || size < 0
            || size > raw.length) {
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
          start = slot(rec, k, start, longs);
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

  /**
   * Reads slot {@code k}'s words from {@code in}, as {@link RecordStream} wrote them (the start
   * word as its difference from the one before, {@code previous}), into {@code rec}.
   *
   * @return the slot's start word
   */
  private static long slot(LatencyRecorder rec, int k, long previous, ByteBuffer in) {
    long start = previous + in.getLong();
    if (start == 0) {
      // A slot no request reached (written by formats 2 to 5): its page stays as it is, unwritten.
      in.position(in.position() + (rec.stride() - 1) * Long.BYTES);
      return start;
    }
    rec.setWord(k, RecordLayout.START_WORD, start);
    rec.setWord(k, RecordLayout.TIME_WORD, in.getLong());
    if (rec.hasIntendedStarts()) {
      rec.setWord(k, RecordLayout.INTENDED_WORD, RecordLayout.start(start) - in.getLong());
    }
    if (rec.connections()) {
      for (int i = 0; i < RecordLayout.CONNECTION_LONGS; i++) {
        rec.setWord(k, rec.connectionWord() + i, in.getLong());
      }
    }
    return start;
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
