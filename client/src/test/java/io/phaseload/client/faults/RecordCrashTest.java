package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.testing.ChildClient;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The record survives what kills its process: the real client as a child JVM against a real server,
 * killed with SIGKILL at random moments, or running out of disk. Each file reads, says where the
 * run was cut, and holds what the server answered, short of at most a second's worth.
 */
class RecordCrashTest {

  @TempDir Path dir;

  /**
   * kill -9 at 20 random moments, of closed runs at full speed and of open runs at 2,000 arrivals a
   * second, two at a time (a closed one and an open one, each against a server of its own). What a
   * server answered and the file does not hold is what was in flight or answered since the last
   * write (every {@code RecordWriter.PERIOD}): at most a second's worth.
   */
  @Test
  @Timeout(240)
  void killedAtAnyMomentTheRecordReadsAndHoldsWhatTheServerAnswered() throws Exception {
    long seed = System.nanoTime();
    SplittableRandom random = new SplittableRandom(seed);
    try (PhaseloadServer closed = PhaseloadServer.start(ServerConfig.ephemeral());
        PhaseloadServer open = PhaseloadServer.start(ServerConfig.ephemeral())) {
      for (int round = 0; round < 10; round++) {
        Kill[] kills = {
          Kill.start(this, closed, false, "kill" + round + "-closed"),
          Kill.start(this, open, true, "kill" + round + "-open")
        };
        try {
          for (Kill k : kills) {
            awaitHeader(k.file, k.child);
            k.began = System.nanoTime();
          }
          for (Kill k : kills) {
            k.waitMillis = random.nextLong(300, 1500);
          }
          Arrays.sort(kills, Comparator.comparingLong(k -> k.began / 1_000_000 + k.waitMillis));
          for (Kill k : kills) {
            long at = k.began + k.waitMillis * 1_000_000;
            while (System.nanoTime() < at) {
              for (Kill each : kills) {
                each.sample();
              }
              Thread.sleep(Math.max(1, Math.min(10, (at - System.nanoTime()) / 1_000_000)));
            }
            k.child.destroyForcibly(); // SIGKILL
            k.killed = System.nanoTime();
            k.waitMillis = (k.killed - k.began) / 1_000_000;
          }
          for (Kill k : kills) {
            assertTrue(k.child.waitFor(10, TimeUnit.SECONDS));
          }
          for (Kill k : kills) {
            k.check(settled(k.server) - k.before, seed);
          }
        } finally {
          for (Kill k : kills) {
            k.child.destroyForcibly().waitFor();
          }
        }
      }
    }
  }

  /** One child run to be killed: its server, its record file, and when its clock started. */
  private static final class Kill {
    final PhaseloadServer server;
    final boolean open;
    final Path file;
    final long before;
    final Process child;
    long began;
    long killed;
    long waitMillis;

    /** The server's count of answers, sampled every few ms until the kill: when, and how many. */
    final List<long[]> answered = new ArrayList<>();

    void sample() {
      if (killed == 0) {
        answered.add(new long[] {System.nanoTime(), server.stats().answered()});
      }
    }

    /**
     * What the server answered in the last second before the kill: a second's worth at the rate the
     * run had reached (from its start, if it ran less than a second).
     */
    long lastSecond(long received) {
      long from = before;
      for (long[] s : answered) {
        if (s[0] <= killed - 1_000_000_000L) {
          from = s[1];
        }
      }
      return before + received - from;
    }

    private Kill(PhaseloadServer server, boolean open, Path file, long before, Process child) {
      this.server = server;
      this.open = open;
      this.file = file;
      this.before = before;
      this.child = child;
    }

    static Kill start(RecordCrashTest test, PhaseloadServer server, boolean open, String name)
        throws Exception {
      Path file = test.dir.resolve(name + ".plr");
      List<String> args =
          new ArrayList<>(
              List.of(
                  String.valueOf(open ? 50 : 4),
                  "100000",
                  "127.0.0.1",
                  String.valueOf(server.port()),
                  "--phases",
                  "1.0",
                  "--quiet",
                  "--record",
                  file.toString()));
      if (open) {
        args.addAll(List.of("--rate", "2000", "--phase-seconds", "60"));
      }
      long before = server.stats().answered();
      return new Kill(server, open, file, before, test.child(args, name));
    }

    /** The file reads, as cut, and holds what the server answered less a second's worth. */
    void check(long received, long seed) throws Exception {
      String at = file.getFileName() + " killed after " + waitMillis + " ms (seed " + seed + ")";
      RecordFile.Contents c = RecordFile.read(file);
      String why = c.result().stopReason();
      assertTrue(why != null && why.startsWith("cut at "), at + ": " + why);
      long held = reached(c.recording());
      long second = lastSecond(received);
      int users = open ? 50 : 4;
      assertTrue(held <= received, at + ": holds " + held + " of " + received + " answered");
      assertTrue(
          received - held <= second + users,
          at
              + ": holds "
              + held
              + " of "
              + received
              + " answered, "
              + second
              + " in its last second");
      if (waitMillis >= 1200) {
        // A write a period after the clock started, and one more since.
        assertTrue(held > 0, at + ": holds nothing of " + received);
      }
    }
  }

  /**
   * A disk that fills as the run goes (a 256 KiB tmpfs): the run stops, says why in one line, exits
   * 1 with its report printed, and what was written reads as a cut run.
   */
  @Test
  @Timeout(120)
  void aDiskThatFillsStopsTheRunAndWhatWasWrittenReads() throws Exception {
    Path disk = dir.resolve("disk");
    Files.createDirectories(disk);
    Process mount =
        new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", disk.toString())
            .redirectErrorStream(true)
            .start();
    assumeTrue(mount.waitFor() == 0, "mounting a tmpfs needs root");
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      Path file = disk.resolve("run.plr");
      Process child =
          child(
              List.of(
                  "4",
                  "200000",
                  "127.0.0.1",
                  String.valueOf(server.port()),
                  "--phases",
                  "1.0",
                  "--record",
                  file.toString()));
      assertTrue(child.waitFor(100, TimeUnit.SECONDS), "the run stops when the disk is full");
      String out = Files.readString(dir.resolve("child.out"), StandardCharsets.UTF_8);
      String err = Files.readString(dir.resolve("child.err"), StandardCharsets.UTF_8);
      assertEquals(ExitCode.FAILED, child.exitValue(), out + err);
      assertEquals(
          List.of("phaseload: cannot write " + file + ": No space left on device"),
          err.strip().lines().toList());
      assertTrue(
          out.contains("PARTIAL RESULTS: run stopped early (cannot write the record " + file), out);
      long received = settled(server);

      RecordFile.Contents c = RecordFile.read(file);
      assertTrue(c.result().stopReason().startsWith("cut at "), c.result().stopReason());
      long held = reached(c.recording());
      assertTrue(held > 0 && held < received, held + " held of " + received + " answered");
      assertFalse(out.contains("\tat "), out);
    } finally {
      new ProcessBuilder("umount", disk.toString()).start().waitFor();
    }
  }

  private Process child(List<String> args) throws Exception {
    return child(args, "child");
  }

  private Process child(List<String> args, String name) throws Exception {
    List<String> command = ChildClient.command("1g", args);
    return new ProcessBuilder(command)
        .redirectInput(new File("/dev/null"))
        .redirectOutput(dir.resolve(name + ".out").toFile())
        .redirectError(dir.resolve(name + ".err").toFile())
        .start();
  }

  /** Waits until the record has its header: the run's clock has started. */
  private static void awaitHeader(Path file, Process child) throws Exception {
    for (int i = 0; i < 3000 && !(Files.exists(file) && Files.size(file) > 64); i++) {
      assertTrue(child.isAlive(), "the child exited before its run began");
      Thread.sleep(10);
    }
    assertTrue(Files.size(file) > 64, "no record header after 30 s");
  }

  /** What the server has answered once its count stops moving (the dead client's last ones). */
  private static long settled(PhaseloadServer server) throws InterruptedException {
    long last = -1;
    long now = server.stats().answered();
    while (now != last) {
      Thread.sleep(200);
      last = now;
      now = server.stats().answered();
    }
    return now;
  }

  private static long reached(LatencyRecorder rec) {
    long n = 0;
    for (int k = 0; k < rec.capacity(); k++) {
      if (rec.reached(k)) {
        n++;
      }
    }
    return n;
  }
}
