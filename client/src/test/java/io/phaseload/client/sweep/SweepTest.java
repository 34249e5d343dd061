package io.phaseload.client.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.cli.MainTest;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code sweep} against the real server: one row per run, exact counts, charts and report. */
@Timeout(120)
class SweepTest {

  @TempDir Path dir;

  private static ClientRun sweep(String... args) {
    return MainTest.run(args);
  }

  @Test
  void oneRowPerRunAndEveryRequestReachesTheServer() throws IOException {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      Path out = dir.resolve("sweep");
      ClientRun r =
          sweep(
              "sweep",
              "--threads",
              "4,10",
              "--iterations",
              "5",
              "--repeat",
              "2",
              "127.0.0.1",
              String.valueOf(server.port()),
              "--out",
              out.toString());
      assertEquals(0, r.code(), r.err());
      // 4 threads: 1+2+4+1 = 8 thread runs; 10 threads: 1+5+10+2 = 18; x 5 x 2 requests, x 2
      // repeats
      long expected = 2 * (8 + 18) * 5 * 2;
      assertEquals(
          expected,
          server.stats().endpoint("GET /sayHello") + server.stats().endpoint("POST /sayHello"));
      List<String> rows = Files.readAllLines(out.resolve("sweep.csv"));
      assertEquals(1 + 4, rows.size(), String.join("\n", rows));
      assertTrue(
          rows.get(0)
              .startsWith(SweepReport.CSV_HEADER_START + ",warmup_s,loading_s,peak_s,cooldown_s"),
          rows.get(0));
      assertTrue(rows.get(1).startsWith(",1,4,5,80,80,0.000,"), rows.get(1));
      assertTrue(rows.get(4).startsWith(",2,10,5,180,180,0.000,"), rows.get(4));
      for (String png :
          List.of(
              "latency-p95-p99.png",
              "latency-mean-median.png",
              "phase-durations.png",
              "throughput-failures.png")) {
        assertNotNull(ImageIO.read(out.resolve(png).toFile()), png);
      }
      String report = Files.readString(out.resolve("report.md"));
      assertTrue(report.contains("![latency-p95-p99.png](latency-p95-p99.png)"), report);
      assertTrue(report.contains("Command: `java -jar client.jar sweep --threads 4,10"), report);
    }
  }

  @Test
  void serverWorkersVaryTheEmbeddedPool() throws IOException {
    Path out = dir.resolve("pools");
    ClientRun r =
        sweep(
            "sweep",
            "--threads",
            "2,4",
            "--iterations",
            "3",
            "--server-workers",
            "1,2",
            "--out",
            out.toString());
    assertEquals(0, r.code(), r.err());
    List<String> rows = Files.readAllLines(out.resolve("sweep.csv"));
    assertEquals(1 + 4, rows.size());
    assertTrue(rows.get(1).startsWith("1,1,2,3,"), rows.get(1));
    assertTrue(rows.get(4).startsWith("2,1,4,3,"), rows.get(4));
    assertNotNull(ImageIO.read(out.resolve("throughput-by-pool.png").toFile()));
  }

  @Test
  void badSweepArgumentsGetOneLineAndExit2() {
    String out = dir.resolve("x").toString();
    String[][] cases = {
      {"sweep", "--iterations", "5", "--out", out},
      {"sweep", "--threads", "4,x", "--iterations", "5", "--out", out},
      {"sweep", "--threads", "4", "--iterations", "0", "--out", out},
      {"sweep", "--threads", "4", "--iterations", "5", "--out", out, "--repeat", "0"},
      {
        "sweep",
        "--threads",
        "4",
        "--iterations",
        "5",
        "--out",
        out,
        "--url",
        "http://127.0.0.1:9/",
        "--server-workers",
        "2"
      },
      {"sweep", "--threads", "4", "--iterations", "5", "--out", "/proc/no/such/dir"},
      {"sweep", "--threads", "4", "--iterations", "5", "--out", out, "--json", out + ".json"},
    };
    for (String[] args : cases) {
      ClientRun r = sweep(args);
      String[] lines = r.err().strip().split("\n");
      assertEquals(ExitCode.USAGE, r.code(), String.join(" ", args) + "\n" + r.err());
      assertEquals(2, lines.length, r.err());
      assertTrue(lines[0].startsWith("phaseload: "), lines[0]);
      assertTrue(lines[1].startsWith("Usage: java -jar client.jar sweep"), lines[1]);
    }
  }
}
