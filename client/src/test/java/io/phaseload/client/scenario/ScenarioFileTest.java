package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.testing.ClientRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A scenario file that cannot be used is one line naming the file, the request and the fault. */
class ScenarioFileTest {

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "requests: [{name: a, path: '/x/${nope}'}]|request 'a' uses ${nope}, which no earlier"
            + " request captures",
        "requests: [{name: a, path: '/x/${id}'}, {name: b, path: /y, capture: {id: {json: $.id}}}]"
            + "|request 'a' uses ${id}, which no earlier request captures",
        "requests: [{name: a, path: /x, capture: {id: {json: '$.items[0'}}}]|request 'a': capture"
            + " id: bad JSONPath '$.items[0'",
        "requests: [{name: a, path: /x, capture: {id: {regex: 'id=\\d+'}}}]|request 'a': capture"
            + " id: regex 'id=\\d+' needs a group",
        "requests: [{name: a, path: /x, capture: {thread: {json: $.t}}}]|request 'a': capture"
            + " thread shadows the built-in ${thread}",
        "requests: [{name: a, path: /x, capture: {id: {xpath: /a}}}]|request 'a': capture id:"
            + " unknown source 'xpath'",
        "requests: [{name: a, path: /x, capture: {id: {header: 'Bad Name'}}}]|request 'a':"
            + " capture id: 'Bad Name' is not a header name",
        "requests: [{name: a, path: /x, think: soon}]|request 'a': think must be a duration",
        "requests: [{name: a, path: /x, think: {min: 2s, max: 1s}}]|request 'a': think: min 2s is"
            + " above max 1s",
        "requests: [{name: a, path: /x, think: {median: 1s}}]|request 'a': think must be a"
            + " duration (500ms), {min: 200ms, max: 2s} or {mean: 1s}",
        "requests: [{name: a, path: '/x/${random:9:1}'}]|request 'a': bad range in ${random:9:1}",
        "requests: [{name: a, path: /x}, {name: a, path: /y}]|request 'a': the name is used twice",
        "requests: [{name: a, url: 'ftp://127.0.0.1/x'}]|request 'a': unsupported URL scheme 'ftp'",
        "requests: [{name: a, url: '127.0.0.1:8080/x'}]|request 'a': '127.0.0.1:8080/x' is not an"
            + " http or https URL: did you mean http://127.0.0.1:8080/x?",
        "requests: [{name: a, path: /x, bodyFile: missing.json}]|request 'a': cannot read body file",
        "requests: [{name: a, path: /x, expect: {status: 2yy}}]|request 'a': expected status must be",
        "requests: [{name: a, path: /x, colour: red}]|request 'a': unknown key 'colour'",
        "requests: [{name: a}]|request 'a': give exactly one of path, url or urls",
        "requests: [{path: /x}]|request 1: needs a name",
        "requests: []|'requests' must be a list of at least one request",
        "requests: [{name: a, path: /x, headers: {Content-Length: 3}}]|request 'a': Content-Length"
            + " is set by phaseload",
        "'requests: [{'|not valid YAML",
        "requests: [{name: a, method: 'get me', path: /x}]|request 'a': method must be"
      })
  void saysWhatIsWrongInOneLineAndExits2(String yaml, String expected, @TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("steps.yaml");
    Files.writeString(file, yaml);
    ClientRun run = ClientRun.of("1", "1", "127.0.0.1", "9", "--scenario", file.toString());
    assertEquals(ExitCode.USAGE, run.code(), run.err());
    String[] lines = run.err().strip().split("\n");
    assertEquals(2, lines.length, run.err());
    assertTrue(lines[0].startsWith("phaseload: " + file), lines[0]);
    assertTrue(lines[0].contains(expected), lines[0]);
    assertFalse(run.err().contains("Exception"), run.err());
    assertEquals("", run.out());
  }
}
