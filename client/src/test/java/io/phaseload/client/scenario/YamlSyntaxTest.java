package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.testing.ClientRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A scenario file that is not valid YAML is one line: the line and column of the mistake (not the
 * line before, where SnakeYAML began to read it), the text there and the likely fix; exit 2, no
 * stack trace.
 */
class YamlSyntaxTest {

  static Stream<Arguments> mistakes() {
    return Stream.of(
        mistake(
            "requests:\n  - name: a\n\tpath: /x\n",
            ":3:1: not valid YAML, a tab in \"\\tpath: /x\": indent with spaces; YAML allows no"
                + " tabs there"),
        mistake(
            "requests:\n  - {name: login, path: /login}\n  - {name: item, path: /items/${id}}\n",
            ":3:31: not valid YAML, ${id} inside {...} in \"- {name: item, path: /items/${id}}\":"
                + " quote the value, path: '/items/${id}'"),
        mistake(
            "requests:\n  - name: a\n    path: /x\n    body: {\"a\": 1, \"t\": ${thread}}\n",
            ":4:25: not valid YAML, ${thread} inside {...} in \"body: {\"a\": 1, \"t\": ${thread}}\":"
                + " quote the whole value, body: '{\"a\": 1, \"t\": ${thread}}'"),
        mistake(
            "requests:\n  - name: a\n    path: /x\n    headers: {Authorization: Bearer ${t}}\n",
            ":4:37: not valid YAML, ${t} inside {...} in \"headers: {Authorization: Bearer ${t}}\":"
                + " quote the value, Authorization: 'Bearer ${t}'"),
        mistake(
            "requests:\n  - name: a\n    urls: [http://h/${x}, http://h/b]\n",
            ":3:21: not valid YAML, ${x} inside [...] in \"urls: [http://h/${x}, http://h/b]\":"
                + " quote the item, 'http://h/${x}'"),
        mistake(
            "requests:\n  - name: a\n    path: /x: y\n",
            ":3:13: not valid YAML, ': ' inside a value in \"path: /x: y\": quote the value, path:"
                + " '/x: y'"),
        mistake(
            "requests:\n  - name: a\n    path: /x\n     method: GET\n",
            ":4:12: not valid YAML, a key indented under a value in \"method: GET\": line it up"
                + " with path: above (column 5)"),
        mistake(
            "requests:\n  - name: a\n  path: /x\n",
            ":3:3: not valid YAML, a line out of line with those above in \"path: /x\": line it up"
                + " with name: above (column 5), or begin it with - for a new item"),
        mistake(
            "requests:\n  - name: a\n    path: /x\n   - name: b\n    path: /y\n",
            ":4:4: not valid YAML, a line out of line with those above in \"- name: b\": line its -"
                + " up with the - of the list above (column 3)"),
        mistake(
            "requests:\n  - name: a\n    path /x\n    method: GET\n",
            ":3:5: not valid YAML, a key without ':' in \"path /x\": write path: /x"),
        mistake(
            "requests:\n  - name: a\n    path: @x\n",
            ":3:11: not valid YAML, a value starting with @ in \"path: @x\": quote it, path: '@x'"),
        mistake(
            "requests:\n  - name: \"a\n    path: /x\n",
            ":2:11: not valid YAML, a quote never closed in \"- name: \"a\": close it on the same"
                + " line"),
        mistake(
            "requests:\n  - name: 'it's'\n    path: /x\n",
            ":2:15: not valid YAML, text after a closing quote in \"- name: 'it's'\": inside '...'"
                + " write '' for ', or quote with \"...\""),
        mistake(
            "requests:\n  - name: a\n    path: /x\n    headers:\n      X-A: &a v\n      X-B: *a\n",
            ":6: not valid YAML: *a is an alias, which phaseload does not resolve: write the value"
                + " out"),
        mistake(
            "base: &b {path: /x}\nrequests:\n  - name: a\n    <<: *b\n",
            ":4: not valid YAML: *b is an alias, which phaseload does not resolve: write the value"
                + " out"));
  }

  private static Arguments mistake(String yaml, String line) {
    return Arguments.of(yaml, line);
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("mistakes")
  void saysWhereWhatAndTheFixInOneLine(String yaml, String expected, @TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("steps.yaml");
    Files.writeString(file, yaml);
    ClientRun run = ClientRun.of("1", "1", "127.0.0.1", "9", "--scenario", file.toString());
    assertEquals(ExitCode.USAGE, run.code(), run.err());
    List<String> lines = run.err().lines().toList();
    assertEquals("phaseload: " + file + expected, lines.get(0));
    assertEquals(2, lines.size(), run.err());
    assertEquals("", run.out());
  }
}
