#!/usr/bin/env bash
# Benchmarks the event-loop engine (--engine loop) side by side with wrk and the raw engine on
# 127.0.0.1 and writes results/bench-loop.md: the closed model's rate against nginx at 50, 200 and
# 1,000 connections (alternating rounds, medians, ratios to wrk); the open model's lateness and
# latency at fractions of wrk's rate, beside wrk2's when it is installed; 10,000 requests in
# flight (server.jar /work?ms=1000 at 10,000 arrivals/s for 10 s: sent, received, failed, the
# client's threads); and the client's memory per connection. Every measurement holds
# /work/bench.lock (the machine is shared); loopback only.
#
#   [JAVA_HOME=JDK] [SECS=S] [WRK2=PATH] scripts/bench-loop.sh [ROUNDS]
#
# ROUNDS: closed-model rounds per connection count (default 3). SECS: seconds per closed-model
# measurement (default 5). WRK2: wrk2's binary (default: wrk2 on the PATH, else no wrk2 rows;
# wrk2 is not a Debian package: build github.com/giltene/wrk2 with make).
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
command -v wrk >/dev/null || die "needs wrk (Debian package wrk)"
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
locked() { flock /work/bench.lock "$@"; }

build_if_missing server client
cp client/target/client.jar server/target/server.jar "$WORK/"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

# nginx answers one small JSON body from memory on one worker (start_nginx, as in scripts/bench.sh).
NPORT=$(free_port)
start_nginx "$WORK" "$NPORT" "    location /items/ { return 200 '{\"id\":1,\"name\":\"item\"}'; }"
URL="http://127.0.0.1:$NPORT/items/1"
wait_http "$URL" || die "no answer from $URL"

median() { python3 -c 'import statistics,sys; print(f"{statistics.median(map(float, sys.argv[1:])):.0f}")' "$@"; }
wrk_rate() { locked wrk -t2 -c"$1" -d"${SECS}s" "$URL" 2>/dev/null | awk '/Requests\/sec/ {print $2}'; }

# phaseload's closed-model rate at CONNS users: two equal phases of ITER iterations, the first
# warming the JIT; the rate is the second phase's requests over its duration.
#   pl_rate ENGINE CONNS ITER
pl_rate() {
  local json=$WORK/closed-$1-$2.json
  locked "$JAVA" -jar "$WORK/client.jar" "$2" "$3" --url "$URL" --phases 1.0,1.0 --engine "$1" \
    -q --json "$json" >/dev/null 2>&1 || true
  python3 -c 'import json,sys; p=json.load(open(sys.argv[1]))["phases"][1]; print("%.0f" % (p["sent"] / p["durationSeconds"]) if p["failed"] == 0 else "failed")' "$json"
}

declare -A RATE
CLOSED_ROWS=()
for conns in 50 200 1000; do
  w=() l=() r=()
  for ((i = 1; i <= ROUNDS; i++)); do
    log "closed model, $conns connections, round $i of $ROUNDS"
    wr=$(wrk_rate "$conns")
    iter=$(python3 -c "print(max(20, int($wr * $SECS / $conns)))")
    lr=$(pl_rate loop "$conns" "$iter")
    rr=$(pl_rate raw "$conns" "$iter")
    w+=("$wr") l+=("$lr") r+=("$rr")
    CLOSED_ROWS+=("| $conns | $i | ${wr%.*} | $lr | $rr | $(python3 -c "print(f'{$lr/$wr:.2f}')" 2>/dev/null || echo -) | $(python3 -c "print(f'{$rr/$wr:.2f}')" 2>/dev/null || echo -) |")
  done
  RATE[$conns,wrk]=$(median "${w[@]}") RATE[$conns,loop]=$(median "${l[@]}") RATE[$conns,raw]=$(median "${r[@]}")
done

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
  for engine in loop raw; do
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
exec 9>>/work/bench.lock
flock 9
big 10000 10000
B10K=("$BIG_SENT" "$BIG_RECEIVED" "$BIG_FAILED" "$BIG_LATE" "$BIG_SENDERS" "$BIG_HWM_KB" "$BIG_ACHIEVED" "$BIG_P50" "$BIG_SVC50")
big 200 100
B100=("$BIG_SENT" "$BIG_RECEIVED" "$BIG_FAILED" "$BIG_LATE" "$BIG_SENDERS" "$BIG_HWM_KB" "$BIG_ACHIEVED" "$BIG_P50" "$BIG_SVC50")
flock -u 9
PER_CONN=$(( (B10K[5] - B100[5]) * 1024 / (10000 - 200) ))

{
  echo "# The event-loop engine beside wrk and the raw engine"
  echo
  echo "Produced by \`$CMD\` on $(date -u +%Y-%m-%d), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)),"
  echo "$("$JAVA" -version 2>&1 | head -1), wrk $(wrk -v 2>&1 | head -1 | awk '{print $2}'), nginx with one worker answering from memory."
  echo "The machine is shared with other engineers' builds: each measurement held /work/bench.lock, but"
  echo "the load around it varies, so the ratios (measured side by side, alternating) mean more than the rates."
  echo
  echo "## Closed model against nginx"
  echo
  echo "wrk -t2 -cN -d${SECS}s against phaseload N users x I iterations, two equal phases, the second"
  echo "measured (I = wrk's rate x ${SECS} s / N, so that phase lasts about ${SECS} s)."
  echo
  echo "| connections | wrk req/s | loop req/s | raw req/s | loop / wrk | raw / wrk |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
  for conns in 50 200 1000; do
    echo "| $conns | ${RATE[$conns,wrk]} | ${RATE[$conns,loop]} | ${RATE[$conns,raw]} | $(python3 -c "print(f'{${RATE[$conns,loop]}/${RATE[$conns,wrk]}:.2f}')") | $(python3 -c "print(f'{${RATE[$conns,raw]}/${RATE[$conns,wrk]}:.2f}')") |"
  done
  echo
  echo "Medians of $ROUNDS rounds; every round:"
  echo
  echo "| connections | round | wrk | loop | raw | loop / wrk | raw / wrk |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${CLOSED_ROWS[@]}"
  echo
  echo "## Open model against nginx"
  echo
  echo "50 users (the cap on iterations in flight), \`--rate R --phases 1.0,1.0,1.0 --phase-seconds 5\`,"
  echo "R a fraction of wrk's 50-connection median (${RATE[50,wrk]}/s); the third phase measured, after"
  echo "10 s of warm-up. wrk2 (the open-model wrk: \`wrk2 -t2 -c50 -d15s -R R -L\`) measures after its"
  echo "own 10 s of calibration; its rate and count are over its whole run. Latency is from each"
  echo "request's intended time in every row. The issue's target is < 1 % late at 0.9."
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
