#!/usr/bin/env bash
# Benchmarks phaseload's engines (the event loops, the default, and --engine threads) side by side
# with wrk, hey and h2load on 127.0.0.1 and writes results/bench-loop.md: the closed model's rate
# against nginx at 50, 200 and 1,000 connections and each generator's CPU per request (alternating
# rounds, medians, ratios to wrk); the open model's lateness and latency at fractions of wrk's
# rate, beside wrk2's when it is given; what --live with a scraper attached costs the closed
# model's rate; 10,000 requests in flight (server.jar /work?ms=1000 at 10,000 arrivals/s for 10 s:
# sent, received, failed, the client's threads); and the client's memory per connection. Every
# measurement holds a lock file (BENCH_LOCK, default in TMPDIR), so that benches on one machine
# do not overlap; loopback only. Rates are read from --json, never from the text report.
#
#   [JAVA_HOME=JDK] [SECS=S] [WRK2=PATH] [BENCH_LOCK=FILE] scripts/bench-loop.sh [ROUNDS]
#
# ROUNDS: closed-model rounds per connection count (default 3). SECS: seconds per closed-model
# measurement (default 5). WRK2: wrk2's binary (default: wrk2 on the PATH, else no wrk2 rows;
# wrk2 is not a Debian package: build github.com/giltene/wrk2 with make). Needs wrk, hey and
# h2load (Debian: wrk, hey, nghttp2-client) and GNU time (time).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

ROUNDS=${1:-3}
SECS=${SECS:-5}
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive number, got $ROUNDS" 2
[[ "$SECS" =~ ^[1-9][0-9]*$ ]] || die "SECS must be a positive number, got $SECS" 2
OUT=results/bench-loop.md
CMD="scripts/bench-loop.sh $ROUNDS"
[[ "$SECS" == 5 ]] || CMD="SECS=$SECS $CMD"
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/java}
JAVA=${JAVA:-$(newest_java)}
[[ -n "${JAVA_HOME:-}" ]] && CMD="JAVA_HOME=$JAVA_HOME $CMD"
[[ -n "${WRK2:-}" ]] && CMD="WRK2=$WRK2 $CMD"
for tool in wrk hey h2load; do
  command -v "$tool" >/dev/null || die "needs $tool (Debian packages wrk, hey, nghttp2-client)"
done
[[ -x /usr/bin/time ]] || die "needs GNU time (Debian package time) for CPU per request"
LOCK=${BENCH_LOCK:-${TMPDIR:-/tmp}/phaseload-bench.lock}
WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -f "$WORK/nginx.pid" ]] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
log() { echo "bench-loop: $*" >&2; }
locked() { flock "$LOCK" "$@"; }

build_if_missing server client
cp client/target/client.jar server/target/server.jar "$WORK/"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

# nginx answers one small JSON body from memory on one worker (start_nginx, as in scripts/bench.sh).
NPORT=$(free_port)
start_nginx "$WORK" "$NPORT" "    location /items/ { return 200 '{\"id\":1,\"name\":\"item\"}'; }"
URL="http://127.0.0.1:$NPORT/items/1"
wait_http "$URL" || die "no answer from $URL"

median() { python3 -c 'import statistics,sys; print(f"{statistics.median(map(float, sys.argv[1:])):.0f}")' "$@"; }
median2() { python3 -c 'import statistics,sys; print(f"{statistics.median(map(float, sys.argv[1:])):.1f}")' "$@"; }
ratio() { python3 -c "print(f'{float(\"$1\")/float(\"$2\"):.2f}')" 2>/dev/null || echo -; }
# timed FILE COMMAND...: runs COMMAND under GNU time, its user + system CPU seconds left in FILE.
timed() { locked /usr/bin/time -f '%U %S' -o "$1" "${@:2}"; }
cpu_us() { python3 -c 'import sys; u, s = open(sys.argv[1]).read().split()[-2:]; print(f"{(float(u) + float(s)) * 1e6 / float(sys.argv[2]):.1f}")' "$1" "$2"; }

# Each generator's closed-model rate at CONNS connections for about SECS s, and its CPU per
# request (user + system time over every request it sent, start-up included), as "RATE CPU_US".
# One definition of rate for all: requests completed over the measured seconds.
wrk_run() {
  timed "$WORK/cpu" wrk -t2 -c"$1" -d"${SECS}s" "$URL" >"$WORK/wrk.txt" 2>&1
  local rate n
  rate=$(awk '/Requests\/sec/ {print $2}' "$WORK/wrk.txt")
  n=$(awk '/requests in/ {print $1}' "$WORK/wrk.txt")
  echo "${rate%.*} $(cpu_us "$WORK/cpu" "$n")"
}
hey_run() {
  timed "$WORK/cpu" hey -z "${SECS}s" -c "$1" "$URL" >"$WORK/hey.txt" 2>&1
  python3 - "$WORK/hey.txt" "$WORK/cpu" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rate = float(re.search(r"Requests/sec:\s+([0-9.]+)", text).group(1))
n = sum(int(c) for c in re.findall(r"\[\d+\]\s+(\d+) responses", text))
u, s = open(sys.argv[2]).read().split()[-2:]
print(f"{rate:.0f} {(float(u) + float(s)) * 1e6 / n:.1f}")
PY
}
# h2load sends N requests (wrk's rate x SECS) rather than running for SECS: with -D, at 200
# connections against nginx (which closes a connection every 1,000 requests), it spun for minutes.
#   h2load_run CONNS N
h2load_run() {
  timed "$WORK/cpu" timeout $((4 * SECS + 30)) h2load --h1 -t2 -c"$1" -n "$2" "$URL" \
    >"$WORK/h2load.txt" 2>&1 || true
  python3 - "$WORK/h2load.txt" "$WORK/cpu" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rate = float(re.search(r"finished in [0-9.]+\w+, ([0-9.]+) req/s", text).group(1))
n = int(re.search(r"requests: \d+ total, \d+ started, (\d+) done", text).group(1))
u, s = open(sys.argv[2]).read().split()[-2:]
print(f"{rate:.0f} {(float(u) + float(s)) * 1e6 / n:.1f}")
PY
}
# phaseload's closed-model run at CONNS users: two equal phases of ITER iterations, the first
# warming the JIT; the rate is the second phase's requests over its duration (from --json).
#   pl_run ENGINE CONNS ITER [more flags]
pl_run() {
  local json=$WORK/closed-$1-$2.json
  timed "$WORK/cpu" "$JAVA" -jar "$WORK/client.jar" "$2" "$3" --url "$URL" --phases 1.0,1.0 \
    --engine "$1" -q --json "$json" "${@:4}" >/dev/null 2>&1 || true
  python3 - "$json" "$WORK/cpu" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); p = d["phases"][1]
if d["total"]["failed"] or d["total"]["notSent"]:
    print("failed -")
else:
    u, s = open(sys.argv[2]).read().split()[-2:]
    print(f"{p['sent'] / p['durationSeconds']:.0f} {(float(u) + float(s)) * 1e6 / d['total']['sent']:.1f}")
PY
}

GENS=(wrk loop threads hey h2load)
declare -A RATE CPU
CLOSED_ROWS=()
for conns in 50 200 1000; do
  declare -A rates=() cpus=()
  for ((i = 1; i <= ROUNDS; i++)); do
    log "closed model, $conns connections, round $i of $ROUNDS"
    read -r wr wc < <(wrk_run "$conns")
    iter=$(python3 -c "print(max(20, int($wr * $SECS / $conns)))")
    read -r lr lc < <(pl_run loop "$conns" "$iter")
    read -r tr tc < <(pl_run threads "$conns" "$iter")
    read -r hr hc < <(hey_run "$conns")
    read -r gr gc < <(h2load_run "$conns" "$(python3 -c "print(int($wr * $SECS))")")
    rates[wrk]+=" $wr" rates[loop]+=" $lr" rates[threads]+=" $tr" rates[hey]+=" $hr" rates[h2load]+=" $gr"
    cpus[wrk]+=" $wc" cpus[loop]+=" $lc" cpus[threads]+=" $tc" cpus[hey]+=" $hc" cpus[h2load]+=" $gc"
    CLOSED_ROWS+=("| $conns | $i | $wr | $lr | $tr | $hr | $gr | $(ratio "$lr" "$wr") | $wc | $lc | $tc | $hc | $gc |")
  done
  for g in "${GENS[@]}"; do
    # shellcheck disable=SC2086 # the rounds' figures, one word each
    RATE[$conns,$g]=$(median ${rates[$g]}) CPU[$conns,$g]=$(median2 ${cpus[$g]})
  done
  unset rates cpus
done

# What --live costs: the loop's closed-model rate at 50 users with --live and a scraper reading
# /metrics every second, beside the same run without, alternating rounds.
LIVE_ROWS=()
lw=() lo=()
for ((i = 1; i <= ROUNDS; i++)); do
  log "--live cost, round $i of $ROUNDS"
  iter=$(python3 -c "print(max(20, int(${RATE[50,wrk]} * $SECS / 50)))")
  read -r plain _ < <(pl_run loop 50 "$iter")
  LPORT=$(free_port)
  (for _ in $(seq 1 $((4 * SECS + 20))); do
    curl -fs "http://127.0.0.1:$LPORT/metrics" >/dev/null 2>&1 || true
    sleep 1
  done) &
  SCRAPER=$!
  read -r live _ < <(pl_run loop 50 "$iter" --live "$LPORT" --live-linger 1s)
  kill "$SCRAPER" 2>/dev/null || true
  wait "$SCRAPER" 2>/dev/null || true
  lw+=("$live") lo+=("$plain")
  LIVE_ROWS+=("| $i | $plain | $live | $(ratio "$live" "$plain") |")
done
LIVE_PLAIN=$(median "${lo[@]}") LIVE_WITH=$(median "${lw[@]}")

# The open model at fractions of wrk's 50-connection median, 50 users (the cap on iterations in
# flight; wrk2's 50 connections), side by side with wrk2 when it is installed. Both warm up for
# 10 s, as wrk2 does (it throws away its first 10 s, "calibration"), then measure about 5 s:
# phaseload runs three phases of 5 s and the third is measured; wrk2 runs 15 s. Latency counts
# from each request's intended time in both. The late share is phaseload's own (begun more than
# 1 ms after its time); wrk2 does not report one.
OPEN_ROWS=()
# open_row ENGINE FRAC RATE: one phaseload run, as a table row.
open_row() {
  local json=$WORK/open-$1-$2.json
  locked "$JAVA" -jar "$WORK/client.jar" 50 1 --url "$URL" --phases 1.0,1.0,1.0 --rate "$3" \
    --phase-seconds 5 --engine "$1" -q --json "$json" >/dev/null 2>&1 || true
  python3 - "$json" "$1" "$2" "$3" <<'PY'
import json, sys
path, engine, frac, rate = sys.argv[1:]
try:
    p = json.load(open(path))["phases"][2]
except Exception:
    print(f"| {engine} | {frac} | {rate} | failed | - | - | - | - | - | - |")
    sys.exit()
late = 100 * p["late"] / max(1, p["sent"])
lat = p["latencyMs"]
print(f"| {engine} | {frac} | {rate} | {p['achievedRate']:.0f} | {p['sent']} | {p['late']} ({late:.2f} %) | {p['failed']} | {lat['p50']:.3f} | {lat['p99']:.3f} | {lat['p99.9']:.3f} |")
PY
}
# wrk2_row FRAC RATE: one wrk2 run of 15 s, as a table row (its rate is over the whole run; its
# failures are its non-2xx/3xx answers and socket errors).
wrk2_row() {
  locked "$WRK2" -t2 -c50 -d15s -R"$2" -L "$URL" 2>&1 | python3 -c '
import re, sys
frac, rate = sys.argv[1:]
text = sys.stdin.read()
unit = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}
q = {}
for pct, val, u in re.findall(r"^\s+(50\.000|99\.000|99\.900)%\s+([0-9.]+)(us|ms|s|m)$", text, re.M):
    q[pct] = float(val) * unit[u]
m = re.search(r"Requests/sec:\s+([0-9.]+)", text)
n = re.search(r"^\s+([0-9]+) requests in", text, re.M)
errs = re.search(r"Non-2xx or 3xx responses: ([0-9]+)", text)
sock = re.search(r"Socket errors: connect ([0-9]+), read ([0-9]+), write ([0-9]+), timeout ([0-9]+)", text)
if not (m and n and len(q) == 3):
    print(f"| wrk2 | {frac} | {rate} | failed | - | - | - | - | - | - |")
else:
    p50, p99, p999 = q["50.000"], q["99.000"], q["99.900"]
    bad = (int(errs.group(1)) if errs else 0) + (sum(map(int, sock.groups())) if sock else 0)
    print(f"| wrk2 | {frac} | {rate} | {float(m.group(1)):.0f} (whole run) | {n.group(1)} (whole run) | - | {bad} | {p50:.3f} | {p99:.3f} | {p999:.3f} |")
' "$1" "$2"
}
WRK2=${WRK2:-$(command -v wrk2 || true)}
for frac in 0.5 0.7 0.9; do
  rate=$(python3 -c "print(int(${RATE[50,wrk]} * $frac))")
  for engine in loop threads; do
    log "open model, $engine, $rate arrivals/s"
    OPEN_ROWS+=("$(open_row "$engine" "$frac" "$rate")")
  done
  if [[ -n "$WRK2" ]]; then
    log "open model, wrk2, $rate arrivals/s"
    OPEN_ROWS+=("$(wrk2_row "$frac" "$rate")")
  fi
done

# 10,000 in flight: /work?ms=1000 at 10,000 arrivals/s for 10 s, 10,000 users; server.jar
# --no-inline, so that its one-second waits hold worker threads, not its I/O threads. The client's
# threads are counted while it runs; its peak RSS (VmHWM) beside a 200-user run at 100/s gives
# the memory per connection (user-space only: the kernel's socket buffers are not in RSS).
SPORT=$(free_port)
"$JAVA" -jar "$WORK/server.jar" --port "$SPORT" --no-inline >"$WORK/server.log" 2>&1 &
PIDS+=("$!")
wait_http "http://127.0.0.1:$SPORT/health" 30 || die "server.jar did not start"
WURL="http://127.0.0.1:$SPORT/work?ms=1000"
# big USERS RATE: sets BIG_* from one loop run of 10 s at RATE arrivals/s with USERS users.
big() {
  local before; before=$(curl -fs "http://127.0.0.1:$SPORT/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["received"])')
  "$JAVA" -Xmx2g -jar "$WORK/client.jar" "$1" 1 --url "$WURL" --phases 1.0 --rate "$2" \
    --phase-seconds 10 --engine loop -q --json "$WORK/big-$1.json" >"$WORK/big-$1.txt" 2>&1 &
  local pid=$! threads=0 hwm=0
  while kill -0 "$pid" 2>/dev/null; do
    local senders; senders=$(cat /proc/"$pid"/task/*/comm 2>/dev/null | grep -c "phaseload-loop" || true)
    if ((senders > threads)); then threads=$senders; fi
    local h; h=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
    if ((h > hwm)); then hwm=$h; fi
    sleep 0.5
  done
  wait "$pid" || true
  local after; after=$(curl -fs "http://127.0.0.1:$SPORT/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["received"])')
  BIG_RECEIVED=$((after - before)) BIG_SENDERS=$threads BIG_HWM_KB=$hwm
  read -r BIG_SENT BIG_FAILED BIG_LATE BIG_ACHIEVED BIG_P50 BIG_SVC50 < <(python3 -c 'import json,sys
try:
    d = json.load(open(sys.argv[1])); t = d["total"]; p = d["phases"][0]
    print(t["sent"], t["failed"] + t["notSent"], p["late"], "%.0f" % p["achievedRate"], p["latencyMs"]["p50"], p["serviceTimeMs"]["p50"])
except Exception as e:
    print("- - - - - -")' "$WORK/big-$1.json")
}
log "10,000 in flight"
exec 9>>"$LOCK"
flock 9
big 10000 10000
B10K=("$BIG_SENT" "$BIG_RECEIVED" "$BIG_FAILED" "$BIG_LATE" "$BIG_SENDERS" "$BIG_HWM_KB" "$BIG_ACHIEVED" "$BIG_P50" "$BIG_SVC50")
big 200 100
B100=("$BIG_SENT" "$BIG_RECEIVED" "$BIG_FAILED" "$BIG_LATE" "$BIG_SENDERS" "$BIG_HWM_KB" "$BIG_ACHIEVED" "$BIG_P50" "$BIG_SVC50")
flock -u 9
PER_CONN=$(( (B10K[5] - B100[5]) * 1024 / (10000 - 200) ))

{
  echo "# phaseload's engines beside wrk, wrk2, hey and h2load"
  echo
  echo "Produced by \`$CMD\` on $(date -u +%Y-%m-%d), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)),"
  echo "$("$JAVA" -version 2>&1 | head -1), wrk $(wrk -v 2>&1 | head -1 | awk '{print $2}'), hey, h2load $(h2load --version 2>&1 | awk '{print $2}'), nginx with one worker answering from memory."
  echo "Each measurement held a lock file, so that no two benches overlapped, but other work may share"
  echo "the machine: the ratios (measured side by side, alternating) mean more than the rates."
  echo
  echo "## Closed model against nginx"
  echo
  echo "N connections for about ${SECS} s each: \`wrk -t2 -cN\`, \`hey -cN\`, \`h2load --h1 -t2 -cN -n\` (wrk's"
  echo "rate x ${SECS} s requests), and"
  echo "phaseload N users x I iterations, two equal phases, the second measured (I = wrk's rate x ${SECS} s"
  echo "/ N), on the event loops (\`loop\`, the default) and a thread per user (\`threads\`). Rate: requests"
  echo "completed per second of the measured span. CPU: the process's user + system time (GNU time) over"
  echo "every request it sent, start-up included (phaseload's JVM start and first phase are in it)."
  echo
  echo "| connections | wrk req/s | loop req/s | threads req/s | hey req/s | h2load req/s | loop / wrk | threads / wrk | CPU us/req wrk | loop | threads | hey | h2load | loop CPU / wrk CPU |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  for conns in 50 200 1000; do
    echo "| $conns | ${RATE[$conns,wrk]} | ${RATE[$conns,loop]} | ${RATE[$conns,threads]} | ${RATE[$conns,hey]} | ${RATE[$conns,h2load]} | $(ratio "${RATE[$conns,loop]}" "${RATE[$conns,wrk]}") | $(ratio "${RATE[$conns,threads]}" "${RATE[$conns,wrk]}") | ${CPU[$conns,wrk]} | ${CPU[$conns,loop]} | ${CPU[$conns,threads]} | ${CPU[$conns,hey]} | ${CPU[$conns,h2load]} | $(ratio "${CPU[$conns,loop]}" "${CPU[$conns,wrk]}") |"
  done
  echo
  echo "Medians of $ROUNDS rounds; every round (rates req/s, CPU us per request):"
  echo
  echo "| connections | round | wrk | loop | threads | hey | h2load | loop / wrk | CPU wrk | loop | threads | hey | h2load |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${CLOSED_ROWS[@]}"
  echo
  echo "## What --live costs"
  echo
  echo "The loop's closed-model rate at 50 users, as above, with \`--live PORT\` and a scraper reading"
  echo "\`/metrics\` every second, beside the same run without; alternating rounds. Median without"
  echo "$LIVE_PLAIN req/s, with $LIVE_WITH req/s: **$(ratio "$LIVE_WITH" "$LIVE_PLAIN") x**."
  echo
  echo "| round | without req/s | with --live and a scraper req/s | with / without |"
  echo "| ---: | ---: | ---: | ---: |"
  printf '%s\n' "${LIVE_ROWS[@]}"
  echo
  echo "## Open model against nginx"
  echo
  echo "50 users (the cap on iterations in flight), \`--rate R --phases 1.0,1.0,1.0 --phase-seconds 5\`,"
  echo "R a fraction of wrk's 50-connection median (${RATE[50,wrk]}/s); the third phase measured, after"
  echo "10 s of warm-up. wrk2 (the open-model wrk: \`wrk2 -t2 -c50 -d15s -R R -L\`) measures after its"
  echo "own 10 s of calibration; its rate and count are over its whole run. Latency is from each"
  echo "request's intended time in every row."
  if [[ -z "$WRK2" ]]; then
    echo
    echo "wrk2 was not installed for this run (it is not a Debian package: build github.com/giltene/wrk2"
    echo "with \`make\` and pass \`WRK2=path/to/wrk\`), so it has no rows."
  fi
  echo
  echo "| engine | x wrk | intended /s | achieved /s | sent | late | failed | p50 ms | p99 ms | p99.9 ms |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${OPEN_ROWS[@]}"
  echo
  echo "## 10,000 requests in flight"
  echo
  echo "server.jar \`/work?ms=1000\` (answers after one second), \`--engine loop\`, 10 s of arrivals,"
  echo "THREADS users (the cap), \`-Xmx2g\`; sending threads are the client's threads named"
  echo "phaseload-loop-N, counted every 0.5 s; RSS is the client's peak (VmHWM)."
  echo
  echo "| users | rate /s | sent | server received | failed | late | sending threads | peak RSS MiB | achieved /s | p50 ms from intended | p50 service ms |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  echo "| 10000 | 10000 | ${B10K[0]} | ${B10K[1]} | ${B10K[2]} | ${B10K[3]} | ${B10K[4]} | $((B10K[5] / 1024)) | ${B10K[6]} | ${B10K[7]} | ${B10K[8]} |"
  echo "| 200 | 100 | ${B100[0]} | ${B100[1]} | ${B100[2]} | ${B100[3]} | ${B100[4]} | $((B100[5] / 1024)) | ${B100[6]} | ${B100[7]} | ${B100[8]} |"
  echo
  echo "Memory per connection: (peak RSS at 10,000 users - at 200) / 9,800 = **$PER_CONN bytes**"
  echo "(user space: heap as the collector left it, the users' buffers and the JDK's channels; the"
  echo "kernel's socket buffers come on top)."
  echo
  echo "What the open model's numbers are made of, measured by hand: [open-model.md](open-model.md)."
} >"$OUT"
log "wrote $OUT"
