package io.phaseload.client.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.NamedOptionDef;
import org.kohsuke.args4j.OptionHandlerFilter;

/**
 * The help of a single run: {@code --help}, the options most used under a heading each, short
 * enough for one screen; {@code --help-all}, every option and how the run counts; and {@code help
 * TOPIC}, a page of the manual (docs/), which the jar carries so that it is there offline, printed
 * as plain text ({@link ManualText}). docs/cli.md quotes the first two verbatim.
 */
final class Help {

  /** The manual's pages, as docs/ names them without ".md"; the jar holds each. */
  static final List<String> TOPICS =
      List.of(
          "scenarios",
          "open-model",
          "load-shapes",
          "http2",
          "answers",
          "long-runs",
          "output",
          "live",
          "distributed",
          "record-format",
          "engines",
          "faults",
          "deploy",
          "benchmarks",
          "architecture",
          "development",
          "cli");

  /** The headings of {@code --help} and the options each lists, in the order listed. */
  private static final List<Group> GROUPS =
      List.of(
          new Group("Target", "--url", "--scenario", "--contract"),
          new Group("Request", "-X", "-H", "-d", "--expect-status"),
          new Group("Load", "--phases", "--stages", "--rate", "--for"),
          new Group("Output", "--json", "--html", "--csv", "--record", "--live", "--quiet"),
          new Group("Answers", "--slo"));

  private record Group(String heading, Set<String> names) {
    Group(String heading, String... names) {
      this(heading, Set.of(names));
    }
  }

  private Help() {}

  /** {@code --help}: what THREADS ITERATIONS mean, the options most used, where the rest is. */
  static void printShort(CmdLineParser parser, PrintStream out) {
    out.println("Usage: java -jar client.jar THREADS ITERATIONS [HOST PORT | --url URL] [options]");
    out.println("       java -jar client.jar report|compare|capacity|sweep ...   (COMMAND --help)");
    out.println();
    out.println("THREADS users each run ITERATIONS iterations in four phases (warmup, load, peak,");
    out.println("cooldown: 10%, 50%, 100%, 25% of THREADS), or --stages; or for a time: --for D.");
    out.println("HOST PORT runs the built-in contract (GET then POST /sayHello, answers checked);");
    out.println("--url URL alone sends one GET of URL per iteration; no target at all starts an");
    out.println("embedded server and tests that (the demo). Latency percentiles are exact.");
    for (Group group : GROUPS) {
      out.println();
      out.println(group.heading() + ":");
      OptionHandlerFilter only =
          h -> h.option instanceof NamedOptionDef named && group.names().contains(named.name());
      Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
      parser.printUsage(writer, null, only);
      try {
        writer.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    out.println();
    out.println(
        "Exit codes: 0 all succeeded, 1 requests failed or unreachable, 2 bad command line");
    out.println("(nothing sent), 3 an SLO failed, 4 compare found a regression, 130 interrupted.");
    out.println();
    out.println("--help-all lists every option (engines, timeouts, shards, charts, hgrm, ...).");
    out.println("java -jar client.jar help TOPIC prints a page of the manual (docs/), one of:");
    out.println("  " + String.join(", ", TOPICS.subList(0, 8)) + ",");
    out.println("  " + String.join(", ", TOPICS.subList(8, TOPICS.size())) + ".");
  }

  /**
   * {@code help [TOPIC]}: a page of the manual, or the list of pages; returns the exit code. A
   * topic that does not exist is one line, with the nearest topics, and {@code usage}.
   */
  static int command(String[] args, PrintStream out, PrintStream err, String usage) {
    if (args.length == 0) {
      out.println("Usage: java -jar client.jar help TOPIC, a page of the manual (docs/TOPIC.md):");
      out.println("  " + String.join(", ", TOPICS));
      return ExitCode.OK;
    }
    String topic = args.length == 1 ? topic(args[0]) : null;
    if (topic == null) {
      String typed = String.join(" ", args);
      String near = Nearest.hint(typed, TOPICS);
      return Cli.usageError(
          err,
          "no help topic "
              + typed
              + (near.isEmpty() ? "; the topics: " + String.join(", ", TOPICS) : near),
          usage);
    }
    try {
      out.print(ManualText.render(page(topic)));
      out.flush();
      return ExitCode.OK;
    } catch (IOException e) {
      err.println("phaseload: " + e.getMessage());
      return ExitCode.FAILED;
    }
  }

  /** The topic {@code typed} names, in any case and with or without ".md"; null if none. */
  static String topic(String typed) {
    String t = typed.toLowerCase(Locale.ROOT);
    t = t.endsWith(".md") ? t.substring(0, t.length() - 3) : t;
    return TOPICS.contains(t) ? t : null;
  }

  /** The page of docs/ the jar carries for {@code topic}, one of {@link #TOPICS}, as written. */
  static String page(String topic) throws IOException {
    try (InputStream in =
        Help.class.getResourceAsStream("/io/phaseload/client/docs/" + topic + ".md")) {
      if (in == null) {
        throw new IOException("the manual's page " + topic + ".md is missing from the jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** {@code --help-all}: every option of a run, and how the run counts what it reports. */
  static void printAll(CmdLineParser parser, PrintStream out) {
    out.println("Usage: java -jar client.jar THREADS ITERATIONS [HOST PORT | --url URL] [options]");
    out.println();
    out.println("Runs four phases back to back (warmup, load, peak, cooldown) with 10%, 50%, 100%");
    out.println("and 25% of THREADS; each thread does ITERATIONS iterations. An iteration is:");
    out.println("  - with --url URL alone, one GET of URL, as curl, hey or wrk send;");
    out.println("  - with HOST PORT, or no target, the sayHello contract: GET then POST");
    out.println("    http://HOST:PORT/sayHello, each checked for its JSON answer (--contract runs");
    out.println("    it on --url too, e.g. behind API Gateway);");
    out.println("  - with -X, -H, -d or --expect-status, one request to HOST PORT or --url,");
    out.println("    curl-style (-d makes it a POST unless -X says otherwise);");
    out.println("  - with --scenario FILE, the named requests the YAML file lists, in order.");
    out.println("Without HOST PORT or --url it starts an embedded server on 127.0.0.1 and tests");
    out.println("that. A request succeeds when its status is expected (2xx unless --expect-status");
    out.println("or the scenario's expect says otherwise) and its body passes any body check.");
    out.println("Redirects are not followed: a 301 is the outcome.");
    out.println();
    out.println("--rate R switches to the open model: users arrive at R per second at 100% (each");
    out.println(
        "phase at its fraction), each running one iteration, whatever the server does, and");
    out.println("latency counts from when each should have been sent, beside the service time.");
    out.println("A phase with fraction f sends floor(f x THREADS) x ITERATIONS arrivals, so it");
    out.println(
        "lasts about that many / (f x R) seconds; with --phase-seconds S it sends f x R x S");
    out.println(
        "arrivals in S seconds. THREADS caps the iterations in flight; an arrival that finds");
    out.println(
        "every thread busy waits for the first free one; any arrival begun over 1 ms after");
    out.println("its time (busy threads, or a machine too busy to wake one) is counted late.");
    out.println();
    out.println("Paths, headers and bodies may hold ${thread}, ${iteration}, ${phase} and");
    out.println("${random:LO:HI}, drawn per thread from --seed, so a run can be repeated exactly.");
    out.println("Limits, checked before anything is sent: 64 requests per iteration, 32 variables");
    out.println("per value, 1 MiB per body; body checks look at the first 64 KiB.");
    out.println();
    out.println("Options:");
    parser.printUsage(out);
    out.println();
    out.println("Latency percentiles are exact, over successful requests, by nearest rank:");
    out.println("the q-quantile of n sorted values is the value at rank ceil(q x n).");
    out.println("Throughput is successful requests per second of wall time. A request that");
    out.println("never left the client (no socket: out of file descriptors) is 'not sent' and");
    out.println("is not counted as sent; every failure is listed with its reasons.");
    out.println();
    out.println("How long a run can take: a thread waits up to the connect plus the read timeout");
    out.println("for each request, so against a server that accepts and never answers, one run");
    out.println(
        "can last phases x ITERATIONS x requests per iteration x (connect + read timeout):");
    out.println("the contract's 20 100 with the defaults is about 6.7 hours. That is the run");
    out.println("deadline (plus 5 s); --duration D");
    out.println("bounds the run to what you expect, and --read-timeout bounds each request.");
    out.println("A run stopped early reports what ran, marked PARTIAL, and exits 1.");
    out.println();
    out.println("Before it starts, a run needs one open file per connection: when ulimit -n");
    out.println("cannot hold the busiest phase, it says so and exits 2 (--ignore-file-limit).");
    out.println();
    out.println("SLOs (--slo, repeatable; or slo: in a scenario file, top level or per request):");
    out.println("  [NAME:]STAT OP VALUE   STAT p50 p90 p95 p99 p99.9 max mean with a duration in");
    out.println("  us, ms or s (p99<50ms, p95<=0.2s); errors<P% (failed and not sent over all);");
    out.println("  rate>=R/s (successful requests per second of wall time). NAME: one request.");
    out.println("Judged after the run on the exact statistics (with --rate, latency from intended");
    out.println("times); the report ends with each SLO, what was measured and pass or FAIL. A bad");
    out.println("SLO (unknown statistic, unit or request name) exits 2 before anything is sent.");
    out.println();
    out.println("Exit codes (a run, sweep, report, capacity and compare):");
    out.println("  0    every request succeeded and every SLO held");
    out.println("  1    some failed or were not sent, the run stopped early, or the target is");
    out.println("       unreachable");
    out.println("  2    bad command line, a file the tool refuses, or a run too large for this");
    out.println("       process: nothing was sent");
    out.println("  3    an SLO failed, and nothing else went wrong");
    out.println("  4    compare --fail-on-regression: a percentile got slower beyond the noise");
    out.println("  5    capacity: the client's limit (--threads, its CPU) ended the search first");
    out.println("  130  interrupted (partial report printed)");
    out.println();
    out.println("Many runs: java -jar client.jar sweep --threads 20,50,100 --iterations 100");
    out.println("[HOST PORT | --url URL] --out DIR   (sweep --help for more)");
    out.println();
    out.println("Many generators: the same command on N machines with --shard 0/N ... N-1/N runs");
    out.println("one plan between them (each phase's threads, and with --rate its arrivals, split");
    out.println("evenly; --start-at lines their starts up); with --record FILE each keeps every");
    out.println("request, and java -jar client.jar report FILE... merges them into the exact");
    out.println("report of the whole plan   (report --help for more)");
  }
}
