package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.phaseload.client.stats.Distribution;
import io.phaseload.client.stats.TimeSeries;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsTest {

  private static final long MS = 1_000_000L;

  @TempDir Path dir;

  @Test
  void percentilesMapToEvenlySpacedDecades() {
    assertEquals(0.0, Spectrum.x(0), 1e-12);
    assertEquals(Math.log10(2), Spectrum.x(0.5), 1e-12);
    assertEquals(1.0, Spectrum.x(0.9), 1e-9);
    assertEquals(2.0, Spectrum.x(0.99), 1e-9);
    assertEquals(3.0, Spectrum.x(0.999), 1e-9);
    assertEquals(4.0, Spectrum.x(0.9999), 1e-9);
  }

  @Test
  void decadesAreLabelledAsPercentilesAndTheRestIsBlank() {
    assertEquals("0%", Spectrum.label(0));
    assertEquals("90%", Spectrum.label(1));
    assertEquals("99%", Spectrum.label(2));
    assertEquals("99.9%", Spectrum.label(3));
    assertEquals("99.99%", Spectrum.label(4));
    assertEquals("99.999%", Spectrum.label(5));
    assertEquals("90%", Spectrum.label(Spectrum.x(0.9)), "despite rounding in log10");
    assertEquals("", Spectrum.label(0.5));
    assertEquals("", Spectrum.label(2.2));
    assertEquals("", Spectrum.label(-1));
  }

  @Test
  void nothingToDrawStillWritesEveryChart() throws IOException {
    TimeSeries none =
        new TimeSeries(10 * MS, 0, new long[0], new long[0], new long[0], new long[0], new long[0]);

    Charts.write(none, List.of(), Distribution.EMPTY, "empty", dir);

    assertCharts();
  }

  @Test
  void requestsThatAllFailedDrawThroughputAndSayThereIsNoLatency() throws IOException {
    long[] zeros = new long[3];
    TimeSeries failed =
        new TimeSeries(10 * MS, 30 * MS, new long[] {2, 0, 1}, zeros, zeros, zeros, zeros);

    Charts.write(
        failed,
        List.of(new Charts.PhaseSpan("ONLY", 0, 30 * MS)),
        Distribution.EMPTY,
        "all failed",
        dir);

    assertCharts();
  }

  @Test
  void aRunIsDrawn() throws IOException {
    long[] sent = {5, 0, 7, 3};
    long[] ok = {5, 0, 6, 3};
    TimeSeries series =
        new TimeSeries(
            10 * MS,
            40 * MS,
            sent,
            ok,
            new long[] {MS, 0, 2 * MS, MS},
            new long[] {3 * MS, 0, 4 * MS, 2 * MS},
            new long[] {900 * MS, 0, 5 * MS, 2 * MS});
    long[] sorted = new long[14];
    for (int i = 0; i < sorted.length; i++) {
      sorted[i] = (i + 1) * MS;
    }
    sorted[13] = 900 * MS;

    List<Path> written =
        Charts.write(
            series,
            List.of(
                new Charts.PhaseSpan("WARMUP", 0, 20 * MS),
                new Charts.PhaseSpan("PEAK", 20 * MS, 40 * MS)),
            Distribution.of(sorted),
            "2 threads x 7 iterations",
            dir);

    assertEquals(3, written.size());
    assertCharts();
  }

  private void assertCharts() throws IOException {
    for (String name : Charts.FILES) {
      BufferedImage image = ImageIO.read(dir.resolve(name).toFile());
      assertNotNull(image, name + " is not a readable PNG");
      assertEquals(Charts.WIDTH, image.getWidth());
      assertEquals(Charts.HEIGHT, image.getHeight());
    }
  }
}
