package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.TimeSeries;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JSON schema is a reviewed diff: a change here must change the golden file too. */
class JsonReportTest {

  static RunInfo fixedInfo() {
    Map<String, Object> env = new LinkedHashMap<>();
    env.put("java", "Test JDK 17");
    env.put("os", "Linux 6.1");
    env.put("arch", "amd64");
    env.put("cores", 2);
    RunInfo info =
        RunInfo.of(
            LoadPlan.standard(10, 2),
            "raw",
            "platform",
            Duration.ofMillis(5000),
            Duration.ofMillis(30000),
            "http://127.0.0.1:8080/sayHello",
            false,
            1234L);
    return new RunInfo(info.settings(), info.target(), info.embedded(), env);
  }

  @Test
  void matchesTheGoldenFile() throws IOException {
    RunResult run = TextReportTest.sampleRun();
    StringWriter json = new StringWriter();
    JsonReport.write(
        FinishedRun.of(Analysis.of(run), fixedInfo()), TimeSeries.of(run.recording()), json);
    String actual = json.toString() + "\n";
    Path dump = Path.of("target", "run.actual.json");
    Files.writeString(dump, actual);
    assertEquals(TextReportTest.golden("run.golden.json"), actual, "actual output in " + dump);
  }
}
