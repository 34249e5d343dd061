#!/usr/bin/env bash
# The benchmark harness: phaseload beside wrk, wrk2, hey, h2load and ab on 127.0.0.1, each section
# into a file of its own under results/ (every round's row, the medians, the ratios and a line per
# target: met, or missed by how much), then results/bench.md, the targets of every section file.
# Every measurement holds a lock file, so that benches on one machine do not overlap. Loopback only;
# not part of mvn verify. phaseload's figures are read from its --json; the peers' from their text.
#
#   [ROUNDS=5] [SECS=20] [WRK2=PATH] [JAVA_HOME=JDK] [RESULTS=DIR] scripts/bench.sh [--only SECTION[,SECTION...]]
#   scripts/bench.sh --estimate [--only ...]     prints the estimated time and exits
#
# Sections (default: all, in this order):
#   closed     closed model against nginx at 50, 200, 1,000 connections: rate and CPU per request
#              of wrk -t2, phaseload (loop, the default engine, and threads), hey and h2load
#   open       open model beside wrk2 at 0.3, 0.5, 0.7 x wrk's closed rate, and each one's highest
#              rate held with p99 under 10 ms
#   cliff      the open model's phase change: each of three equal phases' late arrivals
#   start      an open run at full rate from its first arrival, a user per arrival of its first
#              second (START_USERS, default 2,000): the arrivals late all the same
#   live       the closed-model rate with --live and a scraper, beside the same run without
#   flow       what users cost: a flow with two captures beside the same requests without, and
#              cookies on beside off (no Set-Cookie answered)
#   inflight   10,000 requests in flight against server.jar /work?ms=1000; memory per connection
#   request    the contract, a plain and a templated request, the jersey engine, ab, beside wrk
#   server     server.jar against nginx under wrk, per JDK
#   burst      10,000 threads x 10 iterations against server.jar, with and without --no-inline
#   recording  the recording's cost (StatsBench)
#   fidelity   median latency against /work?ms=20, beside wrk
#   merge      report over 10 record files of about 10 million requests each
#   capacity   the capacity search against servers of known capacity and against nginx
#   soak       runs by time of SOAK_MINUTES (default 30), closed then open at half its rate: the
#              client's RSS, heap after GC and record bytes every 10 s; the cost of --record beside
#              wrk; report's time over the closed soak's record
#   http2      HTTP/2 over h2c against nginx: phaseload --http2 beside h2load at -c 50 -m 1 and
#              -c 10 -m 10; HTTP/1.1 against HTTP/2 decided by compare; the open model over HTTP/2
#              at half the closed rate beside wrk2 over HTTP/1.1
#   day        a day's record (DAY_HOURS, default 24, at DAY_RATE/s, default 10,000), written as a
#              run writes it, nothing sent, then reported under -Xmx256m: time, RSS, heap, page
#
# ROUNDS: alternating rounds (default 5). SECS: seconds of each closed-model and --live run, rate
# and CPU measured in the same run (default 20). WRK2: wrk2's binary (default: wrk2 on the PATH);
# the open section needs it. RESULTS: where the files go (default results/). BENCH_LOCK: the lock
# file (default in TMPDIR). SERVER_JDKS="HOME ...": the server section's JDKs (default: this one
# and the oldest 17+ under /usr/lib/jvm). CAP_ROUNDS: capacity searches per server (default 3).
# Smaller, for a quick check of the harness itself: OPEN_MAX_STEPS (the open search's rates per
# generator, default 9), OPEN_SEARCH_RUNS (its runs per rate, default 3), BURST_THREADS (default
# 10000), MERGE_ITERATIONS (default 27027), START_USERS (default 2000), SOAK_MINUTES (default 30),
# DAY_HOURS (default 24).
# Needs wrk, hey, h2load, ab, nginx and GNU time (Debian: wrk, hey, nghttp2-client,
# apache2-utils, nginx, time).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

ALL=(closed open cliff start live flow inflight request server burst recording fidelity merge capacity soak http2 day)
SECTIONS=("${ALL[@]}") ESTIMATE_ONLY=""
while (($#)); do
  case $1 in
    --only)
      [[ -n "${2:-}" ]] || die "--only takes sections: ${ALL[*]}" 2
      IFS=, read -r -a SECTIONS <<<"$2"
      for s in "${SECTIONS[@]}"; do
        [[ " ${ALL[*]} " == *" $s "* ]] || die "no section $s; the sections: ${ALL[*]}" 2
      done
      shift 2 ;;
    --estimate) ESTIMATE_ONLY=1; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument $1 (see --help)" 2 ;;
  esac
done
ROUNDS=${ROUNDS:-5} SECS=${SECS:-20} CAP_ROUNDS=${CAP_ROUNDS:-3}
for v in ROUNDS SECS CAP_ROUNDS; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || die "$v must be a positive number, got ${!v}" 2
done
RESULTS=${RESULTS:-results}
LOCK=${BENCH_LOCK:-${TMPDIR:-/tmp}/phaseload-bench.lock}
WRK2=${WRK2:-$(command -v wrk2 || true)}
# The command as run, for each file's header: the knobs that differ from their defaults.
CMD="scripts/bench.sh"
((${#SECTIONS[@]} == ${#ALL[@]})) || CMD+=" --only $(IFS=,; echo "${SECTIONS[*]}")"
[[ "$CAP_ROUNDS" == 3 ]] || CMD="CAP_ROUNDS=$CAP_ROUNDS $CMD"
for v in OPEN_MAX_STEPS OPEN_SEARCH_RUNS START_USERS BURST_THREADS MERGE_ITERATIONS SOAK_MINUTES; do
  [[ -z "${!v:-}" ]] || CMD="$v=${!v} $CMD"
done
[[ "$SECS" == 20 ]] || CMD="SECS=$SECS $CMD"
[[ "$ROUNDS" == 5 ]] || CMD="ROUNDS=$ROUNDS $CMD"
[[ -z "$WRK2" ]] || CMD="WRK2=$WRK2 $CMD"
[[ -z "${JAVA_HOME:-}" ]] || CMD="JAVA_HOME=$JAVA_HOME $CMD"
[[ -z "${SERVER_JDKS:-}" ]] || CMD="SERVER_JDKS=\"$SERVER_JDKS\" $CMD"

for f in scripts/bench/*.sh; do source "$f"; done
wants() { [[ " ${SECTIONS[*]} " == *" $1 "* ]]; }

# Seconds each section takes at these settings, roughly (measured runs plus JVM starts); the open
# section measures wrk's closed rate itself when the closed section does not run before it.
estimate() {
  case $1 in
    closed) echo $((3 * ROUNDS * (5 * SECS + 8))) ;;
    open)
      local own_wrk=$((3 * (SECS + 1)))
      wants closed && own_wrk=0
      echo $(((ROUNDS * 6 + 2 * OPEN_MAX_STEPS * OPEN_SEARCH_RUNS) * (OPEN_WARM + OPEN_SECS + 1) + own_wrk)) ;;
    cliff) echo $((ROUNDS * (3 * OPEN_SECS + 3))) ;;
    start) echo $((ROUNDS * 6)) ;;
    live) echo $((2 * ROUNDS * (SECS + 3))) ;;
    flow) echo $((4 * ROUNDS * (SECS + 3))) ;;
    inflight) echo 50 ;;
    request) echo $((ROUNDS * 30)) ;;
    server) echo $((90 + ROUNDS * 15)) ;;
    burst) echo 80 ;;
    recording) echo 60 ;;
    fidelity) echo 15 ;;
    merge) echo 420 ;;
    capacity) echo $((CAP_ROUNDS * 2 * 40 + 60)) ;;
    soak) echo $((2 * (SOAK_MINUTES * 60 + 5) + ROUNDS * (3 * SECS + 6) + 60)) ;;
    http2) echo $((2 * ROUNDS * (2 * SECS + 4) + 2 * SECS + 10 + ROUNDS * 2 * (OPEN_WARM + OPEN_SECS + 2))) ;;
    day) echo $((DAY_HOURS * 100 + 60)) ;;
  esac
}
TOTAL=0
for s in "${SECTIONS[@]}"; do
  e=$(estimate "$s")
  TOTAL=$((TOTAL + e))
  log "$(printf '%-10s about %3d min' "$s" $(((e + 59) / 60)))"
done
log "in all about $(((TOTAL + 59) / 60)) minutes (ROUNDS=$ROUNDS SECS=$SECS)"
[[ -z "$ESTIMATE_ONLY" ]] || exit 0

for tool in wrk hey h2load ab; do
  command -v "$tool" >/dev/null || die "needs $tool (Debian packages wrk, hey, nghttp2-client, apache2-utils)"
done
[[ -x /usr/bin/time ]] || die "needs GNU time (Debian package time) for CPU per request"
if wants open && [[ -z "$WRK2" ]]; then
  die "the open section needs wrk2, which is not a Debian package: git clone https://github.com/giltene/wrk2,
  make -C wrk2 (needs a C compiler, libssl-dev and zlib1g-dev), then WRK2=wrk2/wrk scripts/bench.sh;
  or leave the section out: --only $(IFS=,; a=("${SECTIONS[@]/open/}"); echo "${a[*]}" | sed 's/,,/,/; s/^,//; s/,$//')" 2
fi
[[ -z "$WRK2" || -x "$WRK2" ]] || die "WRK2=$WRK2 is not an executable" 2
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/java}
JAVA=${JAVA:-$(newest_java)}
JDK=$("$JAVA" -version 2>&1 | head -1)
mkdir -p "$RESULTS"

WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -f "$WORK/nginx.pid" ]] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  [[ -f "$WORK/h2nginx/nginx.pid" ]] && kill "$(cat "$WORK/h2nginx/nginx.pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
build_if_missing server client
# Copies, so that a rebuild during the bench cannot change the jars under the running JVMs.
cp client/target/client.jar server/target/server.jar "$WORK/"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
NOFILE=$(ulimit -n)
start_bench_nginx

for s in "${SECTIONS[@]}"; do
  log "== $s"
  "${s}_section"
  write_report "$s"
done
write_summary
