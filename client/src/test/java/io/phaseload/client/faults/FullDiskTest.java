package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.testing.ClientRun;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every output on a disk that is full, for real: a 64 KiB tmpfs, mounted for the test (as root) and
 * filled before the run. Each output says in one line that it could not be written, none is left
 * truncated (a page or a CSV cut at the disk's end would be shared as the run's), a file already at
 * an output's path is left as it was, and the run itself is whole.
 */
@Timeout(120)
class FullDiskTest {

  @TempDir Path dir;
  private Path disk;

  @BeforeEach
  void mountSmallDisk() throws Exception {
    disk = dir.resolve("disk");
    Files.createDirectories(disk);
    Process mount =
        new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.toString())
            .redirectErrorStream(true)
            .start();
    assumeTrue(mount.waitFor() == 0, "mounting a tmpfs needs root");
  }

  @AfterEach
  void unmount() throws Exception {
    new ProcessBuilder("umount", disk.toString()).start().waitFor();
  }

  @Test
  void everyOutputOnAFullDiskSaysSoInOneLineAndLeavesNothingHalfWritten() throws Exception {
    Path earlier = disk.resolve("run.json");
    Files.writeString(earlier, "{\"an\": \"earlier run\"}");
    fill(disk.resolve("filler"));

    List<String> outputs = List.of("--json", "--csv", "--html", "--hgrm");
    List<Path> files =
        List.of(
            earlier, disk.resolve("run.csv"), disk.resolve("run.html"), disk.resolve("run.hgrm"));
    String[] args = {"4", "50", "--phases", "1.0", "--quiet"};
    for (int i = 0; i < outputs.size(); i++) {
      args = concat(args, outputs.get(i), files.get(i).toString());
    }
    ClientRun run = ClientRun.of(args);

    // The run is whole: 4 users, 50 iterations of the demo's two requests, all answered.
    assertEquals(400, run.sent(), run.err());
    assertEquals(400, run.ok(), run.err());
    assertEquals(ExitCode.FAILED, run.code(), run.out() + run.err());
    // One line for each output, with the reason; no stack trace.
    List<String> lines = run.err().strip().lines().toList();
    assertEquals(outputs.size(), lines.size(), run.err());
    for (Path f : files) {
      assertTrue(
          lines.stream()
              .anyMatch(
                  l -> l.equals("phaseload: cannot write " + f + ": No space left on device")),
          f + " in:\n" + run.err());
    }
    // Nothing half-written: the disk holds the filler and the earlier file, as they were.
    try (Stream<Path> left = Files.list(disk)) {
      assertEquals(
          List.of("filler", "run.json"),
          left.map(p -> p.getFileName().toString()).sorted().toList());
    }
    assertEquals("{\"an\": \"earlier run\"}", Files.readString(earlier));
  }

  /**
   * The record is written as the run goes: on a full disk its header cannot be, so the run stops at
   * once, says why in one line, and leaves nothing at the path (a file without its header is no
   * record).
   */
  @Test
  void aRecordOnAFullDiskStopsTheRunInOneLineAndLeavesNothing() throws Exception {
    fill(disk.resolve("filler"));
    Path record = disk.resolve("run.rec");
    ClientRun run =
        ClientRun.of("4", "50", "--phases", "1.0", "--quiet", "--record", record.toString());

    assertEquals(ExitCode.FAILED, run.code(), run.out() + run.err());
    assertEquals(
        List.of("phaseload: cannot write " + record + ": No space left on device"),
        run.err().strip().lines().toList());
    assertFalse(Files.exists(record));
  }

  /** Writes until the disk is full. */
  private static void fill(Path file) throws IOException {
    byte[] block = new byte[4096];
    try (OutputStream out = Files.newOutputStream(file)) {
      while (true) {
        out.write(block);
        out.flush();
      }
    } catch (IOException full) {
      assertTrue(String.valueOf(full.getMessage()).contains("No space left"), full.toString());
    }
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
