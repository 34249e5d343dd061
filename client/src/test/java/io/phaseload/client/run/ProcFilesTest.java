package io.phaseload.client.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcFilesTest {

  @TempDir Path dir;

  private static long field(String text, int index) {
    byte[] b = text.getBytes(StandardCharsets.US_ASCII);
    return ProcFiles.field(b, b.length, index);
  }

  @Test
  void fieldsOfTheFirstLineOnly() {
    assertEquals(1234, field("cpu  1234 5 67\ncpu0 9 9 9\n", 1));
    assertEquals(67, field("cpu  1234 5 67\ncpu0 9 9 9\n", 3));
    assertEquals(-1, field("cpu  1234 5 67\ncpu0 9 9 9\n", 4), "no 4th field on the first line");
    assertEquals(-1, field("cpu  1234 5 67\n", 0), "not a number");
    assertEquals(-1, field("12x 3", 0), "a number only when the field ends");
    assertEquals(42, field("\t7 42", 1));
    assertEquals(-1, field("", 0));
  }

  @Test
  void readsIntoTheBufferAndSaysWhenItCannot() throws Exception {
    Path f = dir.resolve("schedstat");
    Files.writeString(f, "11 22 33\n");
    byte[] buf = new byte[96];
    int len = ProcFiles.read(f.toString(), buf);
    assertEquals(9, len);
    assertEquals(22, ProcFiles.field(buf, len, 1));
    assertEquals(-1, ProcFiles.read(dir.resolve("none").toString(), buf));
    assertEquals(-1, ProcFiles.field(buf, -1, 1));
    byte[] small = new byte[4];
    assertEquals(4, ProcFiles.read(f.toString(), small), "at most the buffer");
  }

  @Test
  void theWatchReadsThisMachinesFiles() {
    assumeTrue(Files.isReadable(Path.of("/proc/stat")), "a Linux /proc");
    assertTrue(GeneratorWatch.machineBusy() > 0);
    assertTrue(GeneratorWatch.runQueueWait() >= 0);
    long a = GeneratorWatch.machineBusy();
    long b = GeneratorWatch.machineBusy();
    assertTrue(b >= a, "busy time only grows");
  }
}
