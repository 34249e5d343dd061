package io.phaseload.client.cli;

import io.phaseload.client.compare.DriftNoise;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.record.RecordFileException;
import io.phaseload.client.record.RecordWriter;
import io.phaseload.client.report.Charts;
import io.phaseload.client.report.CsvReport;
import io.phaseload.client.report.FinishedRun;
import io.phaseload.client.report.HgrmReport;
import io.phaseload.client.report.HtmlReport;
import io.phaseload.client.report.JsonReport;
import io.phaseload.client.request.Redaction;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.OutputFile;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.run.RunConfig;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.TimeSeries;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Writes a finished run's {@code --json}, {@code --csv}, {@code --charts}, {@code --html} and
 * {@code --hgrm}. Stateless.
 */
final class ReportFiles {

  private ReportFiles() {}

  /**
   * Creates the directories the outputs need, before the run, so that a bad path is one line and no
   * request is sent in vain, and removes an earlier run's record at the {@code --record} path.
   */
  static void prepare(Config.Outputs outputs) throws UsageException {
    if (outputs.charts() != null) {
      createDirectory("--charts", outputs.charts());
    }
    if (outputs.record() != null) {
      // The record is written at its path as the run goes: a device or a pipe there (run as root,
      // /dev/null) would take frames it cannot give back, and removing a stale record would remove
      // it.
      if (Files.exists(outputs.record()) && !Files.isRegularFile(outputs.record())) {
        throw new UsageException(
            "--record " + outputs.record() + " is not a regular file: give the record a file path");
      }
      // An earlier run's record there would pass for this one's if this one dies before writing.
      try {
        Files.deleteIfExists(outputs.record());
      } catch (IOException | RuntimeException e) {
        throw new UsageException(
            "--record "
                + outputs.record()
                + ": cannot remove the earlier record: "
                + e.getMessage());
      }
    }
  }

  static void createDirectory(String option, Path dir) throws UsageException {
    try {
      Files.createDirectories(dir);
    } catch (IOException | RuntimeException e) {
      throw new UsageException(option + " " + dir + " cannot be created: " + e.getMessage());
    }
  }

  /**
   * The writer of {@code --record} as the run goes, if asked for; for a run by time without it, the
   * writer of a temporary record in the system's temporary directory, removed at exit; null
   * otherwise. Its scenario hides what {@code redaction} hides.
   *
   * @param stop told why the run must stop, if the record cannot be written
   * @param err told, in one line, when a run by time cannot make its temporary record
   */
  static RecordWriter recorder(
      Config.Outputs outputs,
      RunConfig rc,
      RunInfo info,
      Redaction redaction,
      Consumer<String> stop,
      PrintStream err) {
    Path file = outputs.record();
    if (file == null) {
      if (!rc.sparse()) {
        return null; // a plan of phases' recording is allocated whole before the run
      }
      try {
        // A run of stages (by time) streams to a record of its own, removed at exit, so that what
        // it holds in memory does not grow with its length.
        file = Files.createTempFile("phaseload-", ".plr");
        file.toFile().deleteOnExit();
      } catch (IOException | RuntimeException e) {
        // Its pages then fill the heap's room, and the run stops there, saying so.
        err.println(
            "phaseload: no temporary record: cannot create a file in "
                + System.getProperty("java.io.tmpdir")
                + "; the run holds every request in memory (give --record FILE on a disk with room)");
        return null;
      }
    }
    List<String> scenario = rc.scenario().describe(redaction);
    return new RecordWriter(
        file,
        (epoch, words) ->
            RecordFile.start(
                rc.plan(),
                scenario,
                epoch,
                rc.scenario().seed(),
                rc.scenario().usesRandom(),
                info,
                words),
        Math.max(1, rc.plan().peakThreads()),
        stop);
  }

  /**
   * The run as its statistics read it. With {@code --record}, every request not yet written is
   * written first; a recording that dropped its pages once they were on disk is then read back from
   * the record, a frame at a time, so that what the run holds in memory does not grow with it.
   */
  static RunResult readBack(RecordWriter writer, RunResult result, PrintStream err) {
    if (writer == null) {
      return result;
    }
    try {
      writer.drain();
    } catch (IOException e) {
      // The write failed: finishing the record says so, with the file's name, after the report.
    }
    if (!result.recording().released()) {
      return result;
    }
    try {
      return result.readFrom(RecordFile.streamed(writer.file()));
    } catch (RecordFileException e) {
      err.println("phaseload: " + e.getMessage());
      return result;
    }
  }

  /**
   * Ends {@code --record}, if asked for, once the run is over (a partial one too: the file says
   * so), or removes a run by time's temporary record: the requests not yet written, the run's final
   * header and the end mark; false (after one line on err) if it, or a write during the run,
   * failed.
   */
  static boolean record(
      Config.Outputs outputs,
      RecordWriter writer,
      RunInfo info,
      RunResult result,
      Scenario scenario,
      Redaction redaction,
      PrintStream out,
      PrintStream err) {
    if (writer == null) {
      return true;
    }
    if (outputs.record() == null) {
      writer.close();
      try {
        Files.deleteIfExists(writer.file());
      } catch (IOException e) {
        // deleteOnExit tries again
      }
      return true;
    }
    try {
      long bytes = writer.finish(RecordFile.header(result, info, scenario.describe(redaction)));
      out.printf(
          Locale.ROOT,
          "Record of every request: %s (%,d bytes; merge shards with: client.jar report FILE...)%n",
          outputs.record(),
          bytes);
      return true;
    } catch (IOException | RuntimeException e) {
      err.println("phaseload: cannot write " + outputs.record() + ": " + e.getMessage());
      return false;
    }
  }

  /** What writes one output and names what it wrote. */
  private interface Output {
    String write() throws IOException;
  }

  /**
   * Writes one output, or says in one line on err why it could not: a full disk or a missing
   * directory costs that file, not the outputs after it.
   */
  private static boolean attempt(Path file, Output output, PrintStream out, PrintStream err) {
    try {
      out.println(output.write());
      return true;
    } catch (IOException | RuntimeException e) {
      err.println("phaseload: cannot write " + file + ": " + e.getMessage());
      return false;
    } catch (OutOfMemoryError e) {
      // The heap check before the run budgets this; a heap shared with more than it knows of can
      // still run out, and the report printed above must not end in a stack trace.
      err.println("phaseload: cannot write " + file + ": out of heap; raise -Xmx");
      return false;
    }
  }

  /**
   * Writes what {@code outputs} ask for (the JSON with the SLO verdicts); false (after one line on
   * err) if something failed.
   *
   * @param commandLine the command that ran, as the HTML page quotes it
   * @param generator the generator's load per phase, for the JSON and the page; empty if unknown
   */
  static boolean write(
      Config.Outputs outputs,
      RunInfo info,
      Analysis analysis,
      String commandLine,
      List<SloResult> slos,
      List<GeneratorLoad> generator,
      List<DriftNoise> drift,
      PrintStream out,
      PrintStream err) {
    if (outputs.json() == null
        && outputs.csv() == null
        && outputs.charts() == null
        && outputs.html() == null
        && outputs.hgrm() == null) {
      return true;
    }
    RunResult result = analysis.result();
    FinishedRun finished = new FinishedRun(analysis, info, slos, generator, drift);
    // The JSON's per-second rows, which the page also draws from when its buckets are a second.
    TimeSeries perSecond =
        outputs.json() == null
            ? null
            : analysis.perSecond() != null
                ? analysis.perSecond()
                : TimeSeries.of(result.recording());
    boolean written = true;
    if (outputs.json() != null) {
      Path json = outputs.json();
      written &=
          attempt(
              json,
              () -> {
                OutputFile.text(json, w -> JsonReport.write(finished, perSecond, w));
                return "JSON summary: " + json;
              },
              out,
              err);
    }
    if (outputs.csv() != null) {
      Path csv = outputs.csv();
      written &=
          attempt(
              csv,
              () -> {
                OutputFile.text(csv, w -> CsvReport.write(result, w));
                return "CSV of every request: " + csv;
              },
              out,
              err);
    }
    if (outputs.charts() != null) {
      Path dir = outputs.charts();
      written &=
          attempt(
              dir,
              () -> {
                List<Path> drawn = Charts.write(analysis, dir);
                return "Charts: "
                    + dir
                    + " ("
                    + String.join(
                        ", ", drawn.stream().map(f -> f.getFileName().toString()).toList())
                    + ")";
              },
              out,
              err);
    }
    if (outputs.html() != null) {
      Path html = outputs.html();
      written &=
          attempt(
              html,
              () -> {
                OutputFile.text(html, w -> HtmlReport.write(finished, commandLine, perSecond, w));
                return "HTML page: " + html;
              },
              out,
              err);
    }
    if (outputs.hgrm() != null) {
      Path hgrm = outputs.hgrm();
      written &=
          attempt(
              hgrm,
              () -> {
                List<Path> files = HgrmReport.write(hgrm, analysis);
                return "Latency distribution (HdrHistogram format): "
                    + String.join(", ", files.stream().map(Path::toString).toList());
              },
              out,
              err);
    }
    return written;
  }
}
