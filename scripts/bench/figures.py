"""The figures scripts/bench.sh reads from each generator's output, and the one definition of rate.

Rate, for every generator: requests completed (answered with 2xx) over the seconds the generator
measured them in, from its first request to its last, as it reports that span (wrk "N requests in
D", hey "Total:", h2load "finished in", ab "Time taken for tests", phaseload's --json phaseSeconds). CPU per request: the
process's user + system time (GNU time, start-up included) over the same requests completed.
phaseload's figures come from its --json; the peers' from their text, which is all they write.

  figures.py closed TOOL OUTPUT [CPU_FILE]   -> RATE CPU_US_PER_REQUEST COMPLETED SECONDS
  figures.py open TOOL OUTPUT                -> P50_MS P99_MS P99.9_MS ACHIEVED SENT LATE FAILED
  figures.py p50 wrk OUTPUT                  -> wrk --latency's median in ms
  figures.py get JSON EXPR                   -> EXPR over the JSON document d (python syntax)

TOOL: wrk, hey, h2load, ab or phaseload (closed); phaseload or wrk2 (open). A run that failed, or
whose output cannot be read, prints "failed" and a "-" for each other figure.
"""
import json
import re
import sys

UNIT_S = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}
UNIT_MS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 6e4}


def rate(completed, seconds):
    """The one definition of rate: requests completed over the seconds they were measured in."""
    return completed / seconds


def cpu_us(cpu_file, completed):
    """User + system seconds (GNU time -f '%U %S', its last line) per request, in microseconds."""
    user, system = open(cpu_file).read().split()[-2:]
    return (float(user) + float(system)) * 1e6 / completed


def completed_and_seconds(tool, path):
    """(requests completed with 2xx, seconds measured) from one closed-model run's output."""
    if tool == "phaseload":
        d = json.load(open(path))
        t = d["total"]
        if d["partial"] or t["failed"] or t["notSent"]:
            raise ValueError("phaseload run partial or with failures")
        return t["ok"], d["phaseSeconds"]
    text = open(path).read()
    if tool == "wrk":
        n, d, u = re.search(r"(\d+) requests in ([0-9.]+)(us|ms|s|m)", text).groups()
        bad = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
        return int(n) - (int(bad.group(1)) if bad else 0), float(d) * UNIT_S[u]
    if tool == "hey":
        ok = sum(int(n) for n in re.findall(r"\[2\d\d\]\s+(\d+) responses", text))
        return ok, float(re.search(r"Total:\s+([0-9.]+) secs", text).group(1))
    if tool == "h2load":
        ok = int(re.search(r"requests: \d+ total, \d+ started, \d+ done, (\d+) succeeded", text).group(1))
        d, u = re.search(r"finished in ([0-9.]+)(us|ms|s|m),", text).groups()
        return ok, float(d) * UNIT_S[u]
    if tool == "ab":
        n = int(re.search(r"Complete requests:\s+(\d+)", text).group(1))
        failed = int(re.search(r"Failed requests:\s+(\d+)", text).group(1))
        bad = re.search(r"Non-2xx responses:\s+(\d+)", text)
        secs = float(re.search(r"Time taken for tests:\s+([0-9.]+) seconds", text).group(1))
        return n - failed - (int(bad.group(1)) if bad else 0), secs
    raise ValueError(f"no closed-model reader for {tool}")


def closed(tool, path, cpu_file=None):
    n, secs = completed_and_seconds(tool, path)
    if n <= 0:
        raise ValueError("no request completed")
    cpu = f"{cpu_us(cpu_file, n):.2f}" if cpu_file else "-"
    return [f"{rate(n, secs):.0f}", cpu, str(n), f"{secs:.3f}"]


def open_model(tool, path, cpu_path):
    """Latency from intended times (p50, p99, p99.9 in ms) of the measured span, and its counts;
    then, over the whole run, the CPU (user + system, us) and the context switches (voluntary and
    involuntary) per request, from GNU time's '%U %S %w %c' in cpu_path."""
    return open_latency(tool, path) + per_request(cpu_path, requests_of(tool, path))


def requests_of(tool, path):
    """Requests sent over a whole open-model run, its warm-up included."""
    if tool == "phaseload":
        return json.load(open(path))["total"]["sent"]
    return int(re.search(r"(\d+) requests in", open(path).read()).group(1))


def per_request(cpu_path, requests):
    user, system, waits, switches = open(cpu_path).read().split()[-4:]
    return [f"{(float(user) + float(system)) * 1e6 / requests:.2f}",
            f"{(int(waits) + int(switches)) / requests:.3f}"]


def open_latency(tool, path):
    if tool == "phaseload":
        d = json.load(open(path))
        p = d["phases"][-1]  # the earlier phases, at the same rate, are the warm-up
        lat = p["latencyMs"]
        return [f"{lat['p50']:.3f}", f"{lat['p99']:.3f}", f"{lat['p99.9']:.3f}",
                f"{p['achievedRate']:.0f}", str(p["sent"]), str(p["late"]), str(p["failed"] + p["notSent"])]
    if tool == "wrk2":
        text = open(path).read()
        q = {pct: float(v) * UNIT_MS[u] for pct, v, u in re.findall(
            r"^\s+(50\.000|99\.000|99\.900)%\s+([0-9.]+)(us|ms|s|m)$", text, re.M)}
        n, d, u = re.search(r"(\d+) requests in ([0-9.]+)(us|ms|s|m)", text).groups()
        errs = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
        sock = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
        bad = (int(errs.group(1)) if errs else 0) + (sum(map(int, sock.groups())) if sock else 0)
        # wrk2's count and rate are over its whole run, its 10 s of calibration included; its
        # percentiles only over what came after the calibration. It reports no late arrivals.
        return [f"{q['50.000']:.3f}", f"{q['99.000']:.3f}", f"{q['99.900']:.3f}",
                f"{rate(int(n), float(d) * UNIT_S[u]):.0f}", n, "-", str(bad)]
    raise ValueError(f"no open-model reader for {tool}")


def main(argv):
    what, args = argv[1], argv[2:]
    if what == "get":
        d = json.load(open(args[0]))
        print(eval(args[1], {"rate": rate}, {"d": d}))  # noqa: S307 - the harness's own expressions
        return
    if what == "p50":
        v, u = re.search(r"^\s+50%\s+([0-9.]+)(us|ms|s|m)$", open(args[1]).read(), re.M).groups()
        print(f"{float(v) * UNIT_MS[u]:.3f}")
        return
    width = 4 if what == "closed" else 9
    try:
        figures = closed(*args) if what == "closed" else open_model(*args)
    except (OSError, ValueError, KeyError, AttributeError, TypeError, IndexError, ZeroDivisionError):
        figures = ["failed"] + ["-"] * (width - 1)
    print(" ".join(figures))


if __name__ == "__main__":
    main(sys.argv)
