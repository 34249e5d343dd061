package io.phaseload.client.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The client's imports, read from its compiled classes with jdeps: every package imports only
 * packages below it in the data flow the README draws, and no files depend on each other in a loop.
 * A nested class counts as its file.
 */
class LayersTest {

  /** Lowest first: a package may use only those before it (and itself). */
  static final List<String> LAYERS =
      List.of(
          "plan",
          "request",
          "result",
          "engine",
          "run",
          "record",
          "stats",
          "slo",
          "capacity",
          "compare",
          "report",
          "sweep",
          "cli",
          "bench");

  private static final Pattern EDGE =
      Pattern.compile(
          "^\\s+io\\.phaseload\\.client\\.(\\S+)\\s+->\\s+io\\.phaseload\\.client\\.(\\S+)\\s");

  private static Map<String, Set<String>> uses;

  @BeforeAll
  static void readClasses() {
    Path classes = Path.of("target", "classes");
    assertTrue(Files.isDirectory(classes.resolve("io/phaseload/client")), "compiled classes");
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
    StringWriter out = new StringWriter();
    int code =
        jdeps.run(
            new PrintWriter(out),
            new PrintWriter(new StringWriter()),
            "-verbose:class",
            "-filter:none",
            "-e",
            "io\\.phaseload\\.client\\..*",
            classes.toString());
    assertEquals(0, code, "jdeps exit code");
    uses = new TreeMap<>();
    for (String line : out.toString().split("\n")) {
      Matcher m = EDGE.matcher(line);
      if (m.find()) {
        String from = file(m.group(1));
        String to = file(m.group(2));
        if (!from.equals(to)) {
          uses.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
        }
      }
    }
    assertTrue(uses.size() > 50, "jdeps found the client's classes: " + uses.size());
  }

  @Test
  void everyPackageUsesOnlyPackagesBelowIt() {
    List<String> upward = new ArrayList<>();
    uses.forEach(
        (from, targets) -> {
          for (String to : targets) {
            int a = layer(from);
            int b = layer(to);
            if (a != b && b > a) {
              upward.add(from + " -> " + to);
            }
          }
        });
    assertEquals(List.of(), upward);
  }

  @Test
  void noFilesDependOnEachOtherInALoop() {
    assertEquals(List.of(), loops());
  }

  /** Strongly connected groups of more than one file (Tarjan's algorithm, iterative). */
  private static List<Set<String>> loops() {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<Set<String>> found = new ArrayList<>();
    Set<String> all = new TreeSet<>(uses.keySet());
    uses.values().forEach(all::addAll);
    for (String root : all) {
      if (!index.containsKey(root)) {
        strongConnect(root, index, low, stack, onStack, found);
      }
    }
    return found;
  }

  private static void strongConnect(
      String v,
      Map<String, Integer> index,
      Map<String, Integer> low,
      Deque<String> stack,
      Set<String> onStack,
      List<Set<String>> found) {
    index.put(v, index.size());
    low.put(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (String w : uses.getOrDefault(v, Set.of())) {
      if (!index.containsKey(w)) {
        strongConnect(w, index, low, stack, onStack, found);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      Set<String> group = new TreeSet<>();
      String w;
      do {
        w = stack.pop();
        onStack.remove(w);
        group.add(w);
      } while (!w.equals(v));
      if (group.size() > 1) {
        found.add(group);
      }
    }
  }

  /** The file a class is in: "engine.RawSession$Connection" is "engine.RawSession". */
  private static String file(String className) {
    int nested = className.indexOf('$');
    return nested < 0 ? className : className.substring(0, nested);
  }

  private static int layer(String file) {
    String pkg = file.substring(0, file.lastIndexOf('.'));
    String top = pkg.contains(".") ? pkg.substring(0, pkg.indexOf('.')) : pkg;
    int i = LAYERS.indexOf(top);
    assertTrue(i >= 0, "package " + pkg + " has no place in LayersTest.LAYERS");
    return i;
  }
}
