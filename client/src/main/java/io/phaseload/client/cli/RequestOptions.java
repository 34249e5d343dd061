package io.phaseload.client.cli;

import io.phaseload.client.request.Redaction;
import java.util.ArrayList;
import java.util.List;
import org.kohsuke.args4j.Option;

/**
 * What an iteration sends, as the command line says it: a scenario file, one curl-style request, or
 * the sayHello contract. The options a run and a sweep share; filled by args4j, read into a {@link
 * RequestFlags}. Not thread-safe.
 */
final class RequestOptions {

  @Option(
      name = "-X",
      aliases = "--method",
      metaVar = "METHOD",
      usage = "send one METHOD request per iteration (default GET)")
  String method;

  @Option(
      name = "-H",
      aliases = "--header",
      metaVar = "'NAME: VALUE'",
      usage = "add a header to that request; repeatable")
  List<String> headers = new ArrayList<>();

  @Option(
      name = "-d",
      aliases = "--data",
      metaVar = "BODY|@FILE",
      usage = "send BODY, or FILE's content, as that request's body (method POST unless -X)")
  String data;

  @Option(
      name = "--expect-status",
      metaVar = "SPEC",
      usage = "statuses that count as success: 201, 200,201 or 2xx (default 2xx)")
  String expectStatus;

  @Option(
      name = "--scenario",
      metaVar = "FILE",
      usage = "an iteration is the requests listed in FILE (YAML or JSON; see help scenarios)")
  String scenario;

  @Option(
      name = "--contract",
      usage =
          "an iteration is the sayHello contract (GET then POST, answers checked), also with"
              + " --url; the default with HOST PORT or no target")
  boolean contract;

  @Option(
      name = "--seed",
      metaVar = "N",
      usage =
          "seed of ${random:LO:HI} variables and poisson arrivals (default: random, printed in"
              + " the report; 0 with --shard, so that shards draw alike)")
  Long seed;

  /** These options as data, drawing from {@code runSeed} (null for a random seed). */
  RequestFlags flags(Long runSeed) {
    return new RequestFlags(scenario, method, headers, data, expectStatus, contract, runSeed);
  }

  @Option(
      name = "--redact-header",
      metaVar = "NAME",
      usage =
          "hide header NAME's value in every output, as Authorization, Proxy-Authorization,"
              + " Cookie and Set-Cookie always are; repeatable")
  List<String> redactHeaders = new ArrayList<>();

  @Option(
      name = "--no-redact",
      usage =
          "show secrets in the outputs: secret headers' values, URL passwords and captured values"
              + " in failure excerpts (for a private run that needs them)")
  boolean noRedact;

  /** What the outputs hide ({@code --redact-header}, {@code --no-redact}). */
  Redaction redaction() throws UsageException {
    for (String h : redactHeaders) {
      if (!h.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
        throw new UsageException("--redact-header needs a header name, got '" + h + "'");
      }
    }
    return Redaction.of(redactHeaders, noRedact);
  }
}
