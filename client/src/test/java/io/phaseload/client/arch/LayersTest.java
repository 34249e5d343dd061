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
import java.util.LinkedHashMap;
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
 * The client's imports, read from its compiled classes with jdeps: every package imports only the
 * packages {@link #MAY_USE} allows it, all below it in the data flow the README draws, and no files
 * depend on each other in a loop. A nested class counts as its file. Inside the engine, each
 * protocol has a package of its own ({@link #PROTOCOLS}), which may use the engine code every
 * protocol shares but not another protocol's package.
 */
class LayersTest {

  /**
   * Each package and the packages it may use, lowest first. The producers of a run's data (run,
   * record, stats) are siblings: each reads the data types in result and none reads another, so a
   * record file never depends on how a run is driven, nor a statistic on either.
   */
  static final Map<String, Set<String>> MAY_USE = mayUse();

  private static Map<String, Set<String>> mayUse() {
    Map<String, Set<String>> m = new LinkedHashMap<>();
    Set<String> data = Set.of("plan", "request", "result");
    m.put("plan", Set.of());
    m.put("request", Set.of("plan"));
    m.put("result", Set.of("plan", "request"));
    m.put("engine", data);
    m.put("run", with(data, "engine"));
    m.put("record", data);
    m.put("stats", data);
    m.put("slo", with(data, "stats"));
    m.put("capacity", with(data, "run", "stats", "slo"));
    m.put("compare", with(data, "stats"));
    m.put("report", with(data, "stats", "slo", "capacity", "compare"));
    m.put("sweep", with(data, "stats", "report"));
    m.put("live", with(data, "stats", "report"));
    m.put("cli", with(m.keySet()));
    m.put("bench", with(m.keySet()));
    m.get("bench").remove("cli");
    return m;
  }

  /**
   * The engine's packages every protocol shares: the engines, the user's state machine, origins,
   * failures, TLS settings (engine), and the event loops with the connection they drive
   * (engine.loop).
   */
  static final Set<String> ENGINE_SHARED = Set.of("engine", "engine.loop");

  /**
   * The engine's protocol packages: each holds one protocol's codec and its loop connection (a
   * {@code Route} and a {@code LoopChannel}). A protocol's package may use {@link #ENGINE_SHARED}
   * and never another protocol's, so that one protocol changes without touching the others. A next
   * protocol is a package beside these (HTTP/2 in engine.http2), listed here.
   */
  static final Set<String> PROTOCOLS = Set.of("engine.http1", "engine.http2");

  private static Set<String> with(Set<String> base, String... more) {
    Set<String> s = new TreeSet<>(base);
    s.addAll(List.of(more));
    return s;
  }

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
  void everyPackageUsesOnlyThePackagesItMay() {
    List<String> forbidden = new ArrayList<>();
    uses.forEach(
        (from, targets) -> {
          for (String to : targets) {
            String a = top(from);
            String b = top(to);
            if (!a.equals(b) && !MAY_USE.get(a).contains(b)) {
              forbidden.add(from + " -> " + to);
            }
          }
        });
    assertEquals(List.of(), forbidden);
  }

  @Test
  void everyEnginePackageIsSharedOrAProtocol() {
    Set<String> unknown = new TreeSet<>();
    uses.forEach(
        (from, targets) -> {
          for (String file : with(targets, from)) {
            String pkg = pkg(file);
            if (top(file).equals("engine")
                && !ENGINE_SHARED.contains(pkg)
                && !PROTOCOLS.contains(pkg)) {
              unknown.add(pkg);
            }
          }
        });
    assertEquals(Set.of(), unknown);
  }

  @Test
  void aProtocolUsesNoOtherProtocol() {
    List<String> forbidden = new ArrayList<>();
    uses.forEach(
        (from, targets) -> {
          for (String to : targets) {
            String a = pkg(from);
            String b = pkg(to);
            if (PROTOCOLS.contains(a) && PROTOCOLS.contains(b) && !a.equals(b)) {
              forbidden.add(from + " -> " + to);
            }
          }
        });
    assertEquals(List.of(), forbidden);
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

  /** The package of a file: "engine.loop.EventLoop" is in "engine.loop". */
  private static String pkg(String file) {
    return file.substring(0, file.lastIndexOf('.'));
  }

  /** The top package of a file: "engine.loop.EventLoop" is in "engine". */
  private static String top(String file) {
    String pkg = pkg(file);
    String top = pkg.contains(".") ? pkg.substring(0, pkg.indexOf('.')) : pkg;
    assertTrue(MAY_USE.containsKey(top), "package " + pkg + " has no place in LayersTest.MAY_USE");
    return top;
  }
}
