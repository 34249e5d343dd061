package io.phaseload.client.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.SlotWords;
import io.phaseload.client.testing.TestInfo;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The record file gives back exactly what was written (every word of every request, the header),
 * and a file that is not one, of another format version, truncated or damaged gets one line.
 */
class RecordFileTest {

  @TempDir Path dir;

  /** A recording with random words, some slots never reached, and an interned reason. */
  private static RunResult run(LoadPlan plan, long seed) {
    return run(plan, seed, false);
  }

  /** As {@link #run(LoadPlan, long)}, with random connection times if {@code connections}. */
  private static RunResult run(LoadPlan plan, long seed, boolean connections) {
    return run(plan, seed, connections ? SlotWords.CONNECTIONS : SlotWords.NONE);
  }

  /**
   * As {@link #run(LoadPlan, long)}, with random connection times and stream waits as {@code words}
   * has them. The same words for the same seed: the format 7 fixtures were written from it.
   */
  private static RunResult run(LoadPlan plan, long seed, SlotWords words) {
    LatencyRecorder rec = LatencyRecorder.allocate(plan, words);
    boolean connections = words.connections();
    Reasons reasons = new Reasons();
    int odd = reasons.intern("a reason of its own");
    SplittableRandom random = new SplittableRandom(seed);
    for (int k = 0; k < rec.capacity(); k++) {
      if (random.nextInt(10) == 0) {
        continue; // never reached
      }
      int outcome =
          switch (random.nextInt(4)) {
            case 0 -> Outcome.failure(Outcome.IO, odd);
            case 1 -> Outcome.failure(Outcome.CONNECT, Reasons.REFUSED);
            case 2 -> Outcome.of(Outcome.HTTP, 503);
            default -> Outcome.of(Outcome.OK, 200);
          };
      long start = random.nextLong(1, 1L << 40);
      long latency = random.nextLong(1L << 45);
      int phase = random.nextInt(plan.phases().size());
      int request = random.nextInt(plan.requestNames().size());
      if (plan.isOpen()) {
        rec.recordOpen(
            k, start - random.nextLong(1 << 20), start, latency, phase, request, outcome);
      } else {
        rec.record(k, start, latency, phase, request, outcome);
      }
      if (connections) {
        // 0 (none measured) as often as not, as the record file must keep it.
        rec.recordConnection(
            k,
            random.nextBoolean() ? 0 : random.nextLong(1L << 33),
            random.nextBoolean() ? 0 : random.nextLong(1L << 33),
            random.nextLong(1L << 40));
      }
      if (words.streamWait()) {
        // 0 (a stream was free) as often as not, and waits up to a few seconds.
        rec.recordStreamWait(k, random.nextBoolean() ? 0 : random.nextLong(1L << 32));
      }
    }
    List<PhaseResult> phases = new ArrayList<>();
    for (var phase : plan.phases().subList(0, 3)) {
      phases.add(
          new PhaseResult(
              phase,
              1000L * phase.index(),
              999,
              true,
              5,
              plan.isOpen() ? new ArrivalStats(10, 9, 1, 2_000_000, 33.3, 1234) : null));
    }
    return new RunResult(
        plan, 1_795_392_061_349_123_456L, 4321, phases, rec, reasons, "interrupted", 77, true);
  }

  static RunInfo info(LoadPlan plan) {
    return TestInfo.of(plan, 77);
  }

  @Test
  void aClosedRecordingReadsBackWordForWord() throws Exception {
    // More than one block, and a last block that is not full.
    LoadPlan plan = LoadPlan.standard(100, 400).sharded(new Shard(1, 3));
    roundTrip(plan);
  }

  @Test
  void anOpenRecordingReadsBackWordForWord() throws Exception {
    LoadPlan plan =
        LoadPlan.standard(10, 50)
            .withModel(new OpenPhases(250.5, Duration.ofSeconds(3), Spacing.POISSON));
    roundTrip(plan);
  }

  @Test
  void connectionTimesReadBackWordForWord() throws Exception {
    roundTripInEitherModel(SlotWords.CONNECTIONS);
  }

  /**
   * A run over HTTP/2's stream waits read back word for word, read whole and streamed, in either
   * model, and beside connection times where a recording has both.
   */
  @Test
  void streamWaitsReadBackWordForWord() throws Exception {
    roundTripInEitherModel(SlotWords.STREAM_WAIT);
    roundTrip(LoadPlan.standard(20, 30), new SlotWords(true, true));
  }

  /** A closed and an open recording with {@code words}, each read back word for word. */
  private void roundTripInEitherModel(SlotWords words) throws Exception {
    roundTrip(LoadPlan.standard(100, 400), words);
    roundTrip(
        LoadPlan.standard(10, 50).withModel(new OpenPhases(250.5, null, Spacing.UNIFORM)), words);
  }

  /**
   * Files of format 7, written by the phaseload before format 8 added the stream wait, read as they
   * did, whole and streamed: a closed run with connection times and an open one without, each the
   * words {@link #run(LoadPlan, long, SlotWords)} gives for its seed, with no stream waits. Written
   * again, they are format 8 files of the same words.
   */
  @Test
  void format7FilesStillReadWordForWord() throws Exception {
    LoadPlan closed = LoadPlan.standard(20, 12);
    LoadPlan open =
        LoadPlan.standard(10, 20).withModel(new OpenPhases(250.5, null, Spacing.UNIFORM));
    List<RunResult> runs = List.of(run(closed, 7, true), run(open, 8, false));
    List<String> names = List.of("closed7.plr", "open7.plr");
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      RunResult run = runs.get(i);
      Path seven = dir.resolve(name);
      try (var in = RecordFileTest.class.getResourceAsStream("/records/" + name)) {
        Files.copy(in, seven);
      }
      assertEquals(7, ByteBuffer.wrap(Files.readAllBytes(seven)).getInt(8));
      RecordFile.Contents c = RecordFile.read(seven);
      assertEquals(run.recording().words(), c.header().words(), name);
      assertFalse(c.recording().streamWait(), name);
      assertSameWords(run.recording(), c.recording());
      assertEquals(run.phases(), c.result().phases());
      assertEquals(run.reasons().messages(), c.result().reasons().messages());
      assertEquals(run.stopReason(), c.result().stopReason());
      assertSameWordsStreamed(run.recording(), seven);

      Path eight = dir.resolve("8-" + name);
      RecordFile.write(eight, c.result(), c.header().info(), c.header().scenario());
      assertEquals(RecordFormat.VERSION, ByteBuffer.wrap(Files.readAllBytes(eight)).getInt(8));
      assertSameWords(run.recording(), RecordFile.read(eight).recording());
    }
  }

  /**
   * The writer refuses a header that says other words than its recording holds: the reader would
   * take each request's words as the header says, and misread every one.
   */
  @Test
  void aHeaderMustSayTheWordsItsRecordingHolds() {
    LoadPlan plan = LoadPlan.standard(4, 10);
    LatencyRecorder rec = run(plan, 5, SlotWords.STREAM_WAIT).recording();
    RecordHeader none =
        RecordFile.start(plan, List.of("r"), 1, 77, false, info(plan), SlotWords.NONE);
    assertThrows(
        IllegalArgumentException.class,
        () -> new RecordStream(OutputStream.nullOutputStream(), () -> {}, none, rec, 1));
  }

  /**
   * A header that says {@code streamWait} in a file of a format before 8, which had none, is
   * damage: its requests would be read with a word they were not written with.
   */
  @Test
  void aStreamWaitInAFormat7FileIsRefused() throws Exception {
    LoadPlan plan = LoadPlan.standard(4, 10);
    Path file = dir.resolve("run.plr");
    RecordFile.write(file, run(plan, 5, SlotWords.STREAM_WAIT), info(plan), List.of("r"));
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer.wrap(bytes).putInt(RecordFormat.MAGIC.length, 7);
    Path seven = dir.resolve("seven.plr");
    Files.write(seven, bytes);
    assertEquals(
        seven + " is damaged: its header says streamWait, which format 7 never had",
        refusal(seven));
  }

  /**
   * A file of format 2, which had no connection times and no {@code connections} in its header,
   * reads as it did: the same words, no connection times.
   */
  @Test
  void aFormatTwoFileStillReads() throws Exception {
    LoadPlan plan = LoadPlan.standard(50, 40);
    RunResult run = run(plan, 7);
    String header =
        new String(
            RecordFile.header(run, info(plan), List.of("GET: GET /x (ROUND_ROBIN)")).toBytes(),
            StandardCharsets.UTF_8);
    // Format 2 wrote neither connection times nor stream waits, nor said so.
    String old = header.replace(",\"connections\":false,\"streamWait\":false", "");
    assertEquals(
        header.length() - ",\"connections\":false,\"streamWait\":false".length(), old.length());
    Path v2 = dir.resolve("v2.plr");
    Files.write(v2, WholeRecord.bytes(2, old.getBytes(StandardCharsets.UTF_8), run.recording()));

    RecordFile.Contents c = RecordFile.read(v2);
    assertFalse(c.header().connections());
    assertFalse(c.recording().connections());
    assertSameWords(run.recording(), c.recording());
    assertEquals(run.phases(), c.result().phases());
  }

  /** A file of format 5, the last written whole after its run, reads word for word. */
  @Test
  void aFormatFiveFileStillReads() throws Exception {
    LoadPlan plan = LoadPlan.standard(100, 400).sharded(new Shard(1, 3));
    RunResult run = run(plan, 11, true);
    Path v5 = dir.resolve("v5.plr");
    byte[] header = RecordFile.header(run, info(plan), List.of("r")).toBytes();
    Files.write(v5, WholeRecord.bytes(5, header, run.recording()));

    RecordFile.Contents c = RecordFile.read(v5);
    assertSameWords(run.recording(), c.recording());
    assertEquals(run.stopReason(), c.result().stopReason());
    assertEquals(run.wallNanos(), c.result().wallNanos());
  }

  /**
   * Files of format 6 (frames of deflated longs), written by the phaseload before format 7 packed
   * them: a closed run with connection times (480 requests) and an open one (400), each written
   * again in the format of now (packed, as 7's were), read back word for word, with the same
   * header, and smaller.
   */
  @Test
  void format6FilesReadAndWriteAgainPackedWordForWord() throws Exception {
    for (String name : List.of("closed6.plr", "open6.plr")) {
      Path six = dir.resolve(name);
      try (var in = RecordFileTest.class.getResourceAsStream("/records/" + name)) {
        Files.copy(in, six);
      }
      RecordFile.Contents old = RecordFile.read(six);
      long sent = 0;
      for (int k = 0; k < old.recording().capacity(); k++) {
        sent += old.recording().reached(k) ? 1 : 0;
      }
      assertEquals(name.startsWith("closed") ? 480 : 400, sent, name);
      Path seven = dir.resolve("7-" + name);
      long bytes =
          RecordFile.write(seven, old.result(), old.header().info(), old.header().scenario());
      assertEquals(RecordFormat.VERSION, ByteBuffer.wrap(Files.readAllBytes(seven)).getInt(8));
      assertTrue(
          bytes < Files.size(six), name + ": " + bytes + " bytes against " + Files.size(six));
      RecordFile.Contents back = RecordFile.read(seven);
      assertSameWords(old.recording(), back.recording());
      assertEquals(old.header().connections(), back.header().connections());
      assertEquals(old.result().phases(), back.result().phases());
      assertEquals(old.result().reasons().messages(), back.result().reasons().messages());
      RecordFile.Contents streamed = RecordFile.open(six);
      long[] visited = {0};
      streamed.recording().each((rec, k) -> visited[0]++);
      assertEquals(sent, visited[0]);
    }
  }

  /**
   * A packed frame whose checksum holds but whose integers do not decode (a writer's fault, not a
   * cut) is damage, refused in one line; so is one whose integers run past its slots.
   */
  @Test
  void aPackedFrameThatDoesNotDecodeIsRefused() throws Exception {
    LoadPlan plan = LoadPlan.standard(4, 10);
    Path file = dir.resolve("run.plr");
    RecordFile.write(file, run(plan, 5), info(plan), List.of("r"));
    byte[] bytes = Files.readAllBytes(file);
    int frame = RecordFormat.MAGIC.length + 8 + ByteBuffer.wrap(bytes).getInt(12);
    assertEquals(RecordFormat.RUNS_PACKED, bytes[frame]);
    int length = ByteBuffer.wrap(bytes).getInt(frame + 5);
    // Every byte with its top bit set: an integer longer than ten bytes, then no end.
    for (int i = frame + 13; i < frame + 13 + length; i++) {
      bytes[i] = (byte) 0xFF;
    }
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(bytes, frame + 13, length);
    ByteBuffer.wrap(bytes).putInt(frame + 9, (int) crc.getValue());
    Path bad = dir.resolve("bad.plr");
    Files.write(bad, bytes);
    RecordFileException e = assertThrows(RecordFileException.class, () -> RecordFile.read(bad));
    assertEquals(bad + " is damaged: frame 0 is malformed", e.getMessage());
  }

  /**
   * A run streamed as it goes, in flushes between which each user (closed) records its next slots
   * in order, or arrivals (open) end out of order, reads back word for word; every slot written
   * once.
   */
  @Test
  void aRecordingStreamedAsItGoesReadsBackWordForWord() throws Exception {
    for (LoadPlan plan :
        List.of(
            LoadPlan.standard(40, 30),
            LoadPlan.standard(10, 50)
                .withModel(new OpenPhases(250.5, Duration.ofSeconds(3), Spacing.POISSON)))) {
      Path file = dir.resolve("streamed.plr");
      LatencyRecorder whole = streamed(plan, file, 5, true);
      RecordFile.Contents c = RecordFile.read(file);
      assertSameWords(whole, c.recording());
      assertEquals(null, c.result().stopReason());
      assertEquals(4321, c.result().wallNanos());
    }
  }

  /**
   * A streamed file cut at any byte (a process killed as it wrote, a disk that filled) reads: its
   * header says where the run was cut, and every request it gives is one the run recorded, word for
   * word; the longer the file, the more it gives.
   */
  @Test
  void aStreamedFileCutAnywhereReadsTheRequestsItsWholeFramesHold() throws Exception {
    LoadPlan plan = LoadPlan.standard(40, 30);
    Path file = dir.resolve("streamed.plr");
    LatencyRecorder whole = streamed(plan, file, 6, false);
    byte[] bytes = Files.readAllBytes(file);
    int headerEnd = RecordFormat.MAGIC.length + 8 + ByteBuffer.wrap(bytes).getInt(12);
    long before = -1;
    Path cut = dir.resolve("cut.plr");
    for (int at = headerEnd; at <= bytes.length; at += Math.max(1, bytes.length / 97)) {
      Files.write(cut, Arrays.copyOf(bytes, at));
      RecordFile.Contents c = RecordFile.read(cut);
      String why = c.result().stopReason();
      assertTrue(why.startsWith("cut at ") && why.contains("s: no end mark"), why);
      LatencyRecorder back = c.recording();
      long reached = 0;
      for (int k = 0; k < back.capacity(); k++) {
        if (back.reached(k)) {
          reached++;
          assertEquals(whole.startWord(k), back.startWord(k), "slot " + k + " cut at " + at);
          assertEquals(whole.timeWord(k), back.timeWord(k), "slot " + k + " cut at " + at);
        }
      }
      assertTrue(reached >= before, "cut at " + at + ": " + reached + " after " + before);
      before = reached;
      assertEquals(plan.totalRequests(), RecordFile.readHeader(cut).requests());
    }
    assertTrue(before > 0, "the longest cut gives requests");
  }

  /**
   * Writes {@code plan}'s run as a run would: {@code rounds} flushes, between which each user (or a
   * random half of the arrivals, out of order) records its next slots; then, if {@code end}, its
   * end mark. The recording written.
   */
  private static LatencyRecorder streamed(LoadPlan plan, Path file, int rounds, boolean end)
      throws IOException {
    LatencyRecorder rec = LatencyRecorder.allocate(plan);
    Reasons reasons = new Reasons();
    RunResult run = new RunResult(plan, 1, 4321, List.of(), rec, reasons, null, 77, false);
    RecordHeader header = RecordFile.header(run, info(plan), List.of("r"));
    SplittableRandom random = new SplittableRandom(3);
    int[] next = new int[rec.capacity()];
    try (OutputStream out = Files.newOutputStream(file)) {
      RecordStream stream = new RecordStream(out, () -> {}, header, rec, 1 << 20);
      for (int round = 0; round < rounds; round++) {
        for (int p = 0; p < rec.phaseCount(); p++) {
          long units = rec.units(p, 0);
          for (long u = 0; u < units; u++) {
            int first = rec.start(p, 0, u);
            int per = rec.perUnit(0);
            int from = first + next[first];
            int upTo = Math.min(first + per, from + random.nextInt(per / rounds + 2));
            if (rec.hasIntendedStarts() && random.nextBoolean()) {
              continue; // this arrival ends later
            }
            for (int k = from; k < upTo; k++) {
              long start = 1 + random.nextLong(1L << 40);
              if (rec.hasIntendedStarts()) {
                rec.recordOpen(k, start - 5, start, random.nextLong(1L << 30), p, 0, 0);
              } else {
                rec.record(k, start, random.nextLong(1L << 30), p, 0, 0);
              }
            }
            next[first] = upTo - first;
          }
        }
        stream.flush(header.standing(List.of(), reasons.messages(), reasons.answers()), false);
      }
      if (end) {
        stream.end(header);
      }
    }
    return rec;
  }

  /** Every word of every slot the same, whether its page was allocated or not. */
  static void assertSameWords(LatencyRecorder expected, LatencyRecorder actual) {
    assertEquals(expected.capacity(), actual.capacity());
    assertEquals(expected.stride(), actual.stride());
    for (int k = 0; k < expected.capacity(); k++) {
      for (int w = 0; w < expected.stride(); w++) {
        if (expected.word(k, w) != actual.word(k, w)) {
          assertEquals(expected.word(k, w), actual.word(k, w), "slot " + k + " word " + w);
        }
      }
    }
  }

  /**
   * Every slot a streamed reading of {@code file} visits holds {@code expected}'s words there, and
   * it visits every slot {@code expected} reached, once.
   */
  static void assertSameWordsStreamed(LatencyRecorder expected, Path file) throws Exception {
    LatencyRecorder streamed = RecordFile.open(file).recording();
    assertEquals(expected.stride(), streamed.stride());
    long[] visited = {0};
    streamed.each(
        (rec, k) -> {
          visited[0]++;
          for (int w = 0; w < expected.stride(); w++) {
            if (expected.word(k, w) != rec.word(k, w)) {
              assertEquals(expected.word(k, w), rec.word(k, w), "slot " + k + " word " + w);
            }
          }
        });
    long reached = 0;
    for (int k = 0; k < expected.capacity(); k++) {
      reached += expected.reached(k) ? 1 : 0;
    }
    assertEquals(reached, visited[0]);
  }

  private void roundTrip(LoadPlan plan) throws Exception {
    roundTrip(plan, SlotWords.NONE);
  }

  private void roundTrip(LoadPlan plan, SlotWords words) throws Exception {
    RunResult run = run(plan, 42, words);
    Path file = dir.resolve("run.plr");
    List<String> scenario = List.of("GET: GET /x (ROUND_ROBIN)");
    long bytes = RecordFile.write(file, run, info(plan), scenario);
    assertEquals(Files.size(file), bytes);

    RecordFile.Contents c = RecordFile.read(file);
    assertEquals(words, c.header().words());
    assertEquals(run.recording().stride(), c.recording().stride());
    assertSameWords(run.recording(), c.recording());
    assertSameWordsStreamed(run.recording(), file);
    RunResult back = c.result();
    assertEquals(run.plan(), back.plan());
    assertEquals(run.phases(), back.phases());
    assertEquals(run.startEpochNanos(), back.startEpochNanos());
    assertEquals(run.wallNanos(), back.wallNanos());
    assertEquals(run.stopReason(), back.stopReason());
    assertEquals(run.seed(), back.seed());
    assertEquals(run.seedPrinted(), back.seedPrinted());
    assertEquals(run.reasons().messages(), back.reasons().messages());
    assertEquals(scenario, c.header().scenario());
    assertEquals(info(plan).settings().toString(), c.header().info().settings().toString());
    assertEquals(info(plan).environment(), c.header().info().environment());
    assertEquals(RecordFile.hostName(), c.header().host());
  }

  @Test
  void anythingElseIsRefusedInOneLine() throws Exception {
    LoadPlan plan = LoadPlan.standard(20, 200);
    Path good = dir.resolve("good.plr");
    RecordFile.write(good, run(plan, 7), info(plan), List.of("r"));
    byte[] bytes = Files.readAllBytes(good);

    Path text = dir.resolve("text.plr");
    Files.writeString(text, "start_ms,phase,request\n");
    assertEquals(
        text + " is not a phaseload record file (written by client.jar --record)", refusal(text));

    Path empty = dir.resolve("empty.plr");
    Files.write(empty, new byte[0]);
    assertEquals(
        empty + " is not a phaseload record file (written by client.jar --record)", refusal(empty));

    for (int version : new int[] {RecordFormat.OLDEST_VERSION - 1, RecordFormat.VERSION + 1}) {
      Path other = dir.resolve("v" + version + ".plr");
      byte[] changed = bytes.clone();
      ByteBuffer.wrap(changed).putInt(RecordFormat.MAGIC.length, version);
      Files.write(other, changed);
      assertEquals(
          other
              + " is in record format "
              + version
              + "; this phaseload reads formats "
              + RecordFormat.OLDEST_VERSION
              + " to "
              + RecordFormat.VERSION
              + ": report it with the phaseload that wrote it",
          refusal(other));
    }

    Path cut = dir.resolve("cut.plr");
    Files.write(cut, Arrays.copyOf(bytes, bytes.length - 100));
    String why = RecordFile.read(cut).result().stopReason();
    assertTrue(
        why.startsWith("cut at ")
            && why.endsWith(" s: no end mark; its last frame was torn and is dropped"),
        why);
    // Cut as it wrote its end mark: every request reads, and the run reads as cut.
    Path endCut = dir.resolve("end-cut.plr");
    Files.write(endCut, Arrays.copyOf(bytes, bytes.length - 5));
    RecordFile.Contents ended = RecordFile.read(endCut);
    assertTrue(
        ended.result().stopReason().endsWith(" s: no end mark; its end mark was torn"),
        ended.result().stopReason());
    assertSameWords(RecordFile.read(good).recording(), ended.recording());

    Path headerCut = dir.resolve("header-cut.plr");
    Files.write(headerCut, Arrays.copyOf(bytes, 20));
    assertEquals(
        headerCut + " is truncated: it ends inside its header",
        assertThrows(RecordFileException.class, () -> RecordFile.readHeader(headerCut))
            .getMessage());

    Path flipped = dir.resolve("flipped.plr");
    Files.copy(good, flipped);
    try (RandomAccessFile f = new RandomAccessFile(flipped.toFile(), "rw")) {
      long at = f.length() - 2000; // inside the last block's data
      f.seek(at);
      int b = f.read();
      f.seek(at);
      f.write(b ^ 0x40);
    }
    String damaged = refusal(flipped);
    assertEquals(flipped + " is damaged", damaged.substring(0, damaged.indexOf(':')), damaged);
  }

  private static String refusal(Path file) throws IOException {
    return assertThrows(RecordFileException.class, () -> RecordFile.read(file)).getMessage();
  }
}
