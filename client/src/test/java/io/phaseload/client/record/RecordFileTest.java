package io.phaseload.client.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
import java.io.IOException;
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
    LatencyRecorder rec = LatencyRecorder.allocate(plan, connections);
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

  private static RunInfo info(LoadPlan plan) {
    return RunInfo.of(
        plan,
        "raw",
        "platform",
        Duration.ofSeconds(5),
        Duration.ofSeconds(30),
        "http://127.0.0.1:1/x",
        false,
        77);
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
    roundTrip(LoadPlan.standard(100, 400), true);
    roundTrip(
        LoadPlan.standard(10, 50).withModel(new OpenPhases(250.5, null, Spacing.UNIFORM)), true);
  }

  /**
   * A file of format 2, which had no connection times and no {@code connections} in its header,
   * reads as it did: the same words, no connection times.
   */
  @Test
  void aFormatTwoFileStillReads() throws Exception {
    LoadPlan plan = LoadPlan.standard(50, 40);
    RunResult run = run(plan, 7);
    Path file = dir.resolve("v3.plr");
    RecordFile.write(file, run, info(plan), List.of("GET: GET /x (ROUND_ROBIN)"));
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    int headerAt = RecordFile.MAGIC.length + 8;
    int length = in.getInt(RecordFile.MAGIC.length + 4);
    String header = new String(bytes, headerAt, length, StandardCharsets.UTF_8);
    String old = header.replace(",\"connections\":false", "");
    assertEquals(header.length() - ",\"connections\":false".length(), old.length());
    byte[] h = old.getBytes(StandardCharsets.UTF_8);
    ByteBuffer out = ByteBuffer.allocate(bytes.length - length + h.length);
    out.put(RecordFile.MAGIC).putInt(2).putInt(h.length).put(h);
    out.put(bytes, headerAt + length, bytes.length - headerAt - length);
    Path v2 = dir.resolve("v2.plr");
    Files.write(v2, out.array());

    RecordFile.Contents c = RecordFile.read(v2);
    assertFalse(c.header().connections());
    assertFalse(c.recording().connections());
    assertArrayEquals(run.recording().data(), c.recording().data());
  }

  private void roundTrip(LoadPlan plan) throws Exception {
    roundTrip(plan, false);
  }

  private void roundTrip(LoadPlan plan, boolean connections) throws Exception {
    RunResult run = run(plan, 42, connections);
    Path file = dir.resolve("run.plr");
    List<String> scenario = List.of("GET: GET /x (ROUND_ROBIN)");
    long bytes = RecordFile.write(file, run, info(plan), scenario);
    assertEquals(Files.size(file), bytes);

    RecordFile.Contents c = RecordFile.read(file);
    assertEquals(connections, c.header().connections());
    assertEquals(run.recording().stride(), c.recording().stride());
    assertArrayEquals(run.recording().data(), c.recording().data());
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

    for (int version : new int[] {RecordFile.OLDEST_VERSION - 1, RecordFile.VERSION + 1}) {
      Path other = dir.resolve("v" + version + ".plr");
      byte[] changed = bytes.clone();
      ByteBuffer.wrap(changed).putInt(RecordFile.MAGIC.length, version);
      Files.write(other, changed);
      assertEquals(
          other
              + " is in record format "
              + version
              + "; this phaseload reads formats "
              + RecordFile.OLDEST_VERSION
              + " to "
              + RecordFile.VERSION
              + ": report it with the phaseload that wrote it",
          refusal(other));
    }

    Path cut = dir.resolve("cut.plr");
    Files.write(cut, Arrays.copyOf(bytes, bytes.length - 100));
    assertEquals(cut + " is truncated: it ends before its last request", refusal(cut));

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
