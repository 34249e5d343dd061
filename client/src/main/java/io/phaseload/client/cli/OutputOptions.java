package io.phaseload.client.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.kohsuke.args4j.Option;

/**
 * The report files a run and {@code report} both write besides stdout. Filled by args4j; not
 * thread-safe.
 */
final class OutputOptions {

  @Option(name = "--json", metaVar = "FILE", usage = "also write the summary as JSON to FILE")
  String json;

  @Option(name = "--csv", metaVar = "FILE", usage = "also write one CSV row per request to FILE")
  String csv;

  @Option(name = "--charts", metaVar = "DIR", usage = "also draw PNG charts of the run into DIR")
  String charts;

  @Option(
      name = "--html",
      metaVar = "FILE",
      usage = "also write the report as one self-contained HTML page (opens offline) to FILE")
  String html;

  @Option(
      name = "--hgrm",
      metaVar = "FILE",
      usage =
          "also write the latency distribution (ms) in HdrHistogram's percentile format to FILE;"
              + " beside it one per request name when there are several, and one of service"
              + " time in the open model")
  String hgrm;

  /** These outputs, checked, with the record file and the live line's choice. */
  Config.Outputs outputs(String record, boolean quiet) throws UsageException {
    distinct(
        new String[] {"--json", "--csv", "--charts", "--record", "--html", "--hgrm"},
        new String[] {json, csv, charts, record, html, hgrm});
    return new Config.Outputs(
        Args.writableFile("--json", json),
        Args.writableFile("--csv", csv),
        Args.writableDir("--charts", charts),
        Args.writableFile("--record", record),
        quiet,
        Args.writableFile("--html", html),
        Args.writableFile("--hgrm", hgrm));
  }

  /** Refuses two outputs given the same path: the one written last would replace the other. */
  private static void distinct(String[] options, String[] paths) throws UsageException {
    Map<Path, String> seen = new HashMap<>();
    for (int i = 0; i < options.length; i++) {
      if (paths[i] == null) {
        continue;
      }
      Path p;
      try {
        p = Path.of(paths[i]).toAbsolutePath().normalize();
      } catch (InvalidPathException e) {
        continue; // its own check says what is wrong with it
      }
      String other = seen.putIfAbsent(p, options[i]);
      if (other != null) {
        throw new UsageException(
            other + " and " + options[i] + " are both " + paths[i] + ": give each its own file");
      }
    }
  }
}
