package io.phaseload.client.cli;

import io.phaseload.client.engine.EngineKind;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenModel;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.run.Durations;
import io.phaseload.client.run.FailureLimit;
import io.phaseload.client.run.RunConfig;
import io.phaseload.client.run.StartAt;
import io.phaseload.common.ThreadMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.kohsuke.args4j.Argument;
import org.kohsuke.args4j.Option;

/**
 * The command line as args4j fills it; {@link #toConfig} checks it and turns it into a {@link
 * Config}. Not thread-safe; used once by {@link Main}.
 */
class Options extends OutputOptions {

  static final String DEFAULT_PATH = "/sayHello";

  /** The seed shards share when --seed is not given. */
  static final long SHARD_SEED = 0;

  @Argument(metaVar = "THREADS ITERATIONS [HOST PORT]", multiValued = true)
  List<String> positional = new ArrayList<>();

  @Option(
      name = "--url",
      metaVar = "URL",
      usage = "target URL instead of HOST PORT (http or https)")
  String url;

  @Option(name = "--path", metaVar = "PATH", usage = "path on HOST PORT (default /sayHello)")
  String path;

  @Option(
      name = "--connect-timeout",
      metaVar = "MS",
      usage = "connect timeout in milliseconds (default 5000)")
  int connectTimeoutMs = 5000;

  @Option(
      name = "--read-timeout",
      metaVar = "MS",
      usage = "longest wait for response bytes in milliseconds (default 30000)")
  int readTimeoutMs = 30000;

  @Option(
      name = "--phases",
      metaVar = "F,F,..",
      usage = "phase sizes as fractions of THREADS (default 0.1,0.5,1.0,0.25; 1.0 = one phase)")
  String phases = "0.1,0.5,1.0,0.25";

  @Option(name = "--engine", metaVar = "NAME", usage = "HTTP engine: raw (default) or jersey")
  String engine = EngineKind.RAW.label();

  @Option(
      name = "--thread-mode",
      metaVar = "MODE",
      usage = "auto (virtual on JDK 21+, platform with --rate), platform or virtual (default auto)")
  String threadMode = "auto";

  @Option(
      name = "--insecure",
      usage = "https: trust any certificate and host name (self-signed test servers only)")
  boolean insecure;

  @Option(
      name = "--max-failures",
      metaVar = "N|P%",
      usage = "stop early (exit 1) once more than N requests, or P% of all, have failed")
  String maxFailures;

  @Option(
      name = "-X",
      aliases = "--method",
      metaVar = "METHOD",
      usage = "send one METHOD request per iteration instead of the contract (default GET)")
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
      usage = "an iteration is the requests listed in FILE (YAML or JSON; see README)")
  String scenario;

  @Option(
      name = "--seed",
      metaVar = "N",
      usage =
          "seed of ${random:LO:HI} variables and poisson arrivals (default: random, printed in"
              + " the report; 0 with --shard, so that shards draw alike)")
  Long seed;

  @Option(
      name = "--rate",
      metaVar = "R",
      usage =
          "the open model: R arrivals per second at 100% (each phase at its fraction of R), each"
              + " running one iteration; latency counts from intended times")
  Double rate;

  @Option(
      name = "--phase-seconds",
      metaVar = "S",
      usage =
          "with --rate: each phase lasts S seconds (f x R x S arrivals) instead of its iterations")
  Double phaseSeconds;

  @Option(
      name = "--arrivals",
      metaVar = "KIND",
      usage = "with --rate: uniform (default) or poisson (exponential gaps, from --seed)")
  String arrivals;

  @Option(
      name = "--duration",
      metaVar = "D",
      usage = "stop the whole run after D (e.g. 90s, 10m, 1h): a partial report, exit 1")
  String duration;

  @Option(
      name = "--ignore-file-limit",
      usage = "run even when ulimit -n is too low for one connection per thread")
  boolean ignoreFileLimit;

  @Option(
      name = "--shard",
      metaVar = "I/N",
      usage =
          "run shard I of N of the plan (I from 0, as a Kubernetes Indexed Job numbers its pods);"
              + " merge the shards' --record files with: client.jar report")
  String shard;

  @Option(
      name = "--start-at",
      metaVar = "TIME",
      usage =
          "wait until TIME (epoch milliseconds or an ISO-8601 instant, e.g."
              + " 2026-11-23T10:00:00Z) to start, so that shards start together")
  String startAt;

  @Option(
      name = "--record",
      metaVar = "FILE",
      usage = "also write every request to FILE (binary; read by client.jar report)")
  String record;

  @Option(name = "--quiet", aliases = "-q", usage = "no live progress line on the terminal")
  boolean quiet;

  @Option(name = "--help", aliases = "-h", help = true, usage = "show this help and exit")
  boolean help;

  @Option(name = "--version", help = true, usage = "show the version and exit")
  boolean version;

  /** Checks everything and builds the run's configuration. */
  Config toConfig() throws UsageException {
    if (positional.size() != 2 && positional.size() != 4) {
      throw new UsageException(
          switch (positional.size()) {
            case 0 -> "missing THREADS and ITERATIONS";
            case 1 -> "missing ITERATIONS (after THREADS " + positional.get(0) + ")";
            case 3 -> "missing PORT (after HOST " + positional.get(2) + ")";
            default ->
                "expected THREADS ITERATIONS [HOST PORT], got " + positional.size() + " arguments";
          });
    }
    int threads = positiveInt("THREADS", positional.get(0));
    int iterations = positiveInt("ITERATIONS", positional.get(1));
    return configFor(threads, iterations, positional.subList(2, positional.size()));
  }

  /**
   * The configuration of one run of {@code threads} x {@code iterations} with these options.
   *
   * @param hostPort empty, or HOST and PORT
   */
  Config configFor(int threads, int iterations, List<String> hostPort) throws UsageException {
    Target target = null;
    if (url != null && path != null) {
      throw new UsageException("--path is for HOST PORT; with --url, put the path in the URL");
    }
    String onPath = path == null ? DEFAULT_PATH : path;
    try {
      if (hostPort.size() == 2) {
        if (url != null) {
          throw new UsageException("give either HOST PORT or --url, not both");
        }
        int port = port(hostPort.get(1));
        target = Target.of(hostPort.get(0), port, onPath);
      } else if (url != null) {
        target = Target.parse(url);
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    if (connectTimeoutMs < 1) {
      throw new UsageException("--connect-timeout must be at least 1 ms, got " + connectTimeoutMs);
    }
    if (readTimeoutMs < 1) {
      throw new UsageException("--read-timeout must be at least 1 ms, got " + readTimeoutMs);
    }
    RunConfig run;
    Shard share;
    try {
      share = shard == null ? Shard.WHOLE : Shard.parse(shard);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    if (shard != null && target == null) {
      throw new UsageException(
          "--shard needs HOST PORT or --url: the shards of a plan test one server, not each its"
              + " own embedded one");
    }
    // Shards must draw from one seed (their variables and a poisson schedule are the one run's),
    // so without --seed they share a fixed one rather than each drawing its own.
    Long runSeed = seed == null && !share.whole() ? Long.valueOf(SHARD_SEED) : seed;
    Scenario requests =
        new RequestFlags(scenario, method, headers, data, expectStatus, runSeed)
            .scenario(target == null ? onPath : target.pathAndQuery());
    try {
      LoadPlan plan = LoadPlan.of(threads, iterations, fractions(phases), requests.names());
      if (rate == null && (phaseSeconds != null || arrivals != null)) {
        throw new IllegalArgumentException("--phase-seconds and --arrivals need --rate");
      }
      if (rate != null) {
        if (phaseSeconds != null && !(phaseSeconds > 0)) {
          throw new IllegalArgumentException(
              "--phase-seconds must be positive, got " + phaseSeconds);
        }
        plan =
            plan.withOpenModel(
                new OpenModel(
                    rate,
                    phaseSeconds == null ? null : Duration.ofNanos(Math.round(phaseSeconds * 1e9)),
                    arrivals == null
                        ? OpenModel.Arrivals.UNIFORM
                        : OpenModel.Arrivals.parse(arrivals)));
      }
      plan = plan.sharded(share);
      ThreadMode mode = ThreadMode.parse(threadMode);
      mode.resolve();
      run =
          new RunConfig(
              plan,
              requests,
              target,
              onPath,
              Duration.ofMillis(connectTimeoutMs),
              Duration.ofMillis(readTimeoutMs),
              EngineKind.parse(engine),
              mode,
              insecure,
              maxFailures == null
                  ? FailureLimit.UNLIMITED
                  : FailureLimit.parse(maxFailures, plan.totalRequests()),
              duration == null ? null : Durations.parse("--duration", duration),
              ignoreFileLimit,
              null,
              startAt == null ? null : StartAt.parse(startAt),
              json != null || charts != null);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    return new Config(
        run,
        new Config.Outputs(
            writableFile("--json", json),
            writableFile("--csv", csv),
            writableDir(charts),
            writableFile("--record", record),
            quiet));
  }

  /** The file, if its directory exists and can be written; checked before any request is sent. */
  static Path writableFile(String option, String file) throws UsageException {
    if (file == null) {
      return null;
    }
    Path path = Path.of(file).toAbsolutePath();
    if (Files.isDirectory(path)) {
      throw new UsageException(option + " " + file + " is a directory, not a file");
    }
    Path dir = path.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new UsageException(option + " " + file + ": directory " + dir + " does not exist");
    }
    if (!Files.isWritable(dir) || Files.exists(path) && !Files.isWritable(path)) {
      throw new UsageException(option + " " + file + " cannot be written");
    }
    return path;
  }

  /**
   * The charts directory, if it is one that can be written or created: checked before any request
   * is sent, created only when the charts are drawn.
   */
  static Path writableDir(String dir) throws UsageException {
    if (dir == null) {
      return null;
    }
    Path path = Path.of(dir).toAbsolutePath();
    Path existing = path;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null || !Files.isDirectory(existing)) {
      throw new UsageException(
          "--charts " + dir + " cannot be created: " + existing + " is a file");
    }
    if (!Files.isWritable(existing)) {
      throw new UsageException("--charts " + dir + " cannot be written");
    }
    return path;
  }

  static int positiveInt(String name, String value) throws UsageException {
    long v;
    try {
      v = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new UsageException(name + " must be a whole number, got '" + value + "'");
    }
    if (v < 1) {
      throw new UsageException(name + " must be at least 1, got " + v);
    }
    if (v > Integer.MAX_VALUE) {
      throw new UsageException(name + " must be at most " + Integer.MAX_VALUE + ", got " + v);
    }
    return (int) v;
  }

  private static int port(String value) throws UsageException {
    int port;
    try {
      port = Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new UsageException("PORT must be a number between 1 and 65535, got '" + value + "'");
    }
    if (port < 1 || port > 65535) {
      throw new UsageException("PORT must be between 1 and 65535, got " + port);
    }
    return port;
  }

  private static List<Double> fractions(String list) {
    List<Double> out = new ArrayList<>();
    for (String part : list.split(",", -1)) {
      try {
        out.add(Double.parseDouble(part.trim()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "--phases must be fractions like 0.1,0.5,1.0,0.25, got '" + list + "'");
      }
    }
    return out;
  }
}
