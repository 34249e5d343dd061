package io.phaseload.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The deploy scripts' failure paths, run with bash as a user would: missing tools, missing or bad
 * arguments. Each fails fast with one line naming the problem. (The success paths need AWS, or for
 * EC2 the ssh rehearsal that .ci/run performs.)
 */
class DeployScriptsTest {

  private record Result(int code, String err) {}

  private static Result run(Map<String, String> env, String... command)
      throws IOException, InterruptedException {
    List<String> argv = new ArrayList<>(List.of("bash"));
    argv.addAll(List.of(command));
    ProcessBuilder pb = new ProcessBuilder(argv).directory(Path.of("..").toFile());
    pb.environment().putAll(env);
    Process p = pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "hung: " + String.join(" ", command));
    return new Result(p.exitValue(), err.strip());
  }

  /** A PATH with bash and the basics but without sam or aws. */
  private static final Map<String, String> NO_AWS = Map.of("PATH", "/usr/bin:/bin");

  @Test
  void lambdaScriptsNameTheMissingToolInOneLine() throws Exception {
    for (String script : new String[] {"scripts/deploy-lambda.sh", "scripts/undeploy-lambda.sh"}) {
      Result r = run(NO_AWS, script);
      assertEquals(2, r.code(), script + ": " + r.err());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().contains("(sam) is not installed"), r.err());
    }
    Result bad = run(NO_AWS, "scripts/deploy-lambda.sh", "--bogus");
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("unknown argument --bogus"), bad.err());
  }

  @Test
  void ec2ScriptsRefuseBadArgumentsInOneLine() throws Exception {
    String[][] cases = {
      {"scripts/deploy-ec2.sh"},
      {"scripts/deploy-ec2.sh", "127.0.0.1", "--port", "70000"},
      {"scripts/deploy-ec2.sh", "127.0.0.1", "--workers", "zero"},
      {"scripts/deploy-ec2.sh", "127.0.0.1", "--key", "/no/such/key.pem"},
      {"scripts/deploy-ec2.sh", "127.0.0.1", "--bogus"},
      {"scripts/stop-ec2.sh"},
    };
    for (String[] c : cases) {
      Result r = run(Map.of(), c);
      assertEquals(2, r.code(), String.join(" ", c) + ": " + r.err());
      assertEquals(1, r.err().lines().count(), r.err());
    }
  }
}
