package io.phaseload.client.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Outside {@code plan/}, code asks which load model runs in a handful of places, each with its
 * reason in a comment: everything else asks the model's methods, or the run's data (a recording's
 * intended starts, the arrivals' figures). A new check anywhere else fails here, so that a new load
 * model stays a new type in {@code plan/} and touches nothing else.
 */
class ModelChecksTest {

  /** A question of which model runs: the model's kind, or a capability that splits the models. */
  private static final Pattern CHECK =
      Pattern.compile(
          "isOpen\\(\\)|instanceof (Model|OpenModel|ClosedModel|OpenPhases|OpenStages|ClosedPhases"
              + "|ClosedStages)\\b|\\.staged\\(\\)|runsThrough\\(\\)|schedulesArrivals\\(\\)"
              + "|recordsIntendedStarts\\(\\)|Load\\.(ARRIVALS|USERS)");

  /** The handful, by file, with their reasons. */
  private static final Map<String, Integer> ALLOWED =
      Map.of(
          // The drive: one through all phases, or each phase once its users are done; and whether
          // its users take scheduled arrivals (OpenUser) or run iterations (ClosedUser).
          "run/PhaseRunner.java", 2,
          // Scheduled arrivals are taken by a pool of threads, never a thread per user.
          "run/RunConfig.java", 1,
          // Scheduled arrivals' connections are opened ahead, within the timeouts, all at once.
          "run/RunDeadline.java", 1,
          // The record's shape: intended starts take a word of their own.
          "result/RecordLayout.java", 1);

  @Test
  void onlyAHandfulOfPlacesAskWhichModelRuns() throws IOException {
    Path root = Path.of("src", "main", "java", "io", "phaseload", "client");
    assertTrue(Files.isDirectory(root.resolve("plan")), "the sources");
    Map<String, Integer> found = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(p -> p.toString().endsWith(".java")).toList();
    }
    for (Path file : files) {
      String name = root.relativize(file).toString().replace('\\', '/');
      if (name.startsWith("plan/")) {
        continue;
      }
      for (String line : Files.readAllLines(file)) {
        String code = line.strip();
        if (code.startsWith("*") || code.startsWith("//") || code.startsWith("/*")) {
          continue;
        }
        if (CHECK.matcher(code).find()) {
          found.merge(name, 1, Integer::sum);
        }
      }
    }
    assertEquals(new TreeMap<>(ALLOWED), found);
  }
}
