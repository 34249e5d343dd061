package io.phaseload.client.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.testing.ClientRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An unknown option is one line naming the command's nearest options, by edit distance, in every
 * command; exit 2 and nothing sent.
 */
@Timeout(30)
class UnknownOptionTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "1 1 --stage 2s:10|\"--stage\" is not a valid option; did you mean --stages?",
        "1 1 --Rate 10|\"--Rate\" is not a valid option; did you mean --rate?",
        "1 1 -stages 2s:10|\"-stages\" is not a valid option; did you mean --stages?",
        "1 1 --read-timout 5|\"--read-timout\" is not a valid option; did you mean --read-timeout?",
        "1 1 -x PUT|\"-x\" is not a valid option; did you mean -X?",
        "1 1 --jsn=a.json|\"--jsn=a.json\" is not a valid option; did you mean --json?",
        "1 1 --bogus|\"--bogus\" is not a valid option",
        "capacity --url http://127.0.0.1:9/ --max-rat 100|\"--max-rat\" is not a valid option; did"
            + " you mean --max-rate?",
        "sweep --thread 1,2|\"--thread\" is not a valid option; did you mean --threads?",
        "compare a.plr b.plr --noise-flor 5%|\"--noise-flor\" is not a valid option; did you mean"
            + " --noise-floor?",
        "report a.plr --jsn r.json|\"--jsn\" is not a valid option; did you mean --json?",
        "1 1 --phase 1.0|\"--phase\" is not a valid option; did you mean --phases?"
      })
  void namesTheNearestOptions(String args, String message) {
    ClientRun run = ClientRun.of(args.split(" "));
    assertEquals(ExitCode.USAGE, run.code(), run.err());
    assertEquals("", run.out());
    List<String> lines = run.err().lines().toList();
    assertEquals("phaseload: " + message, lines.get(0));
    assertEquals(2, lines.size(), run.err());
  }

  @Test
  void twoAsNearAreBothNamed() {
    assertEquals(
        List.of("--json", "--jsonx"), Nearest.to("--jsox", List.of("--json", "--jsonx", "-q")));
    assertEquals(List.of(), Nearest.to("--quux", List.of("--json", "--csv")));
    assertEquals(3, Nearest.distance("kitten", "sitting"));
  }
}
