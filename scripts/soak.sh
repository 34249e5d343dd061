#!/usr/bin/env bash
# Soak: steady load against server.jar on 127.0.0.1 for SECONDS (default 600), sampling both
# processes' memory every 10 s; writes results/soak.md. Loopback only; bounded in time.
#
#   scripts/soak.sh [SECONDS] [THREADS]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

SECONDS_WANTED=${1:-600}
THREADS=${2:-50}
OUT=results/soak.md
WORK=$(mktemp -d)
SERVER_PID=""
CLIENT_PID=""
cleanup() {
  [[ -n "$CLIENT_PID" ]] && kill "$CLIENT_PID" 2>/dev/null || true
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

[[ "$SECONDS_WANTED" =~ ^[0-9]+$ && "$SECONDS_WANTED" -ge 30 ]] || die "SECONDS must be 30 or more"
[[ "$THREADS" =~ ^[0-9]+$ && "$THREADS" -ge 1 ]] || die "THREADS must be a positive number"

build_if_missing server client
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
# Run copies, so that a rebuild during the soak cannot change the jars under the running JVMs.
cp client/target/client.jar server/target/server.jar "$WORK/"
CLIENT_JAR=$WORK/client.jar
SERVER_JAR=$WORK/server.jar
PORT=$(free_port)

SERVER_JVM_OPTS=-Xmx1g start_server_jar "$SERVER_JAR" "$PORT" "$WORK/server.log"

# Calibrate: a short run; its steady rate (median requests/s of its second half, from --json)
# sizes the first soak run. The server's JIT keeps improving for minutes, so a run may end early:
# further runs, each sized from the previous run's own throughput, fill the remaining time. The
# server is one process throughout; each client run is a fresh JVM (column "run").
$JAVA -jar "$CLIENT_JAR" "$THREADS" 3000 127.0.0.1 "$PORT" --phases 1.0 -q \
  --json "$WORK/calib.json" >"$WORK/calib.txt"
RATE=$(python3 -c "
import json, statistics
s = [p['ok'] for p in json.load(open('$WORK/calib.json'))['perSecond']]
print(int(statistics.median(s[len(s) // 2:-1] or s)))")
CALIBRATED=$RATE
BEFORE=$(curl -fs "http://127.0.0.1:$PORT/stats")

rss() { awk '/VmRSS/ {print int($2/1024)}' "/proc/$1/status" 2>/dev/null || echo 0; }
heap() { # used heap in MiB from jstat (survivors + eden + old)
  jstat -gc "$1" 2>/dev/null | awk 'NR==2 {printf "%d", ($3+$4+$6+$8)/1024}' || echo "?"
}

START=$(date +%s)
echo "| t (s) | run | server RSS MiB | server heap MiB | client RSS MiB | client heap MiB |" >"$WORK/samples.md"
echo "| ---: | ---: | ---: | ---: | ---: | ---: |" >>"$WORK/samples.md"
RUN=0; CODE=0; SENT=0; OK=0; FAILED=0; RUNS=""
while true; do
  LEFT=$(( SECONDS_WANTED - ($(date +%s) - START) ))
  (( LEFT >= 20 )) || break
  RUN=$((RUN + 1))
  ITERATIONS=$(python3 -c "print(max(1, int(float('$RATE') * $LEFT / (2 * $THREADS))))")
  $JAVA -Xmx2g -jar "$CLIENT_JAR" "$THREADS" "$ITERATIONS" 127.0.0.1 "$PORT" \
    --phases 1.0 -q >"$WORK/client-$RUN.txt" 2>"$WORK/client.err" &
  CLIENT_PID=$!
  while kill -0 "$CLIENT_PID" 2>/dev/null; do
    T=$(( $(date +%s) - START ))
    echo "| $T | $RUN | $(rss $SERVER_PID) | $(heap $SERVER_PID) | $(rss $CLIENT_PID) | $(heap $CLIENT_PID) |" >>"$WORK/samples.md"
    if (( T > SECONDS_WANTED * 3 )); then die "the soak took over three times the time wanted"; fi
    sleep 10
  done
  C=0; wait "$CLIENT_PID" || C=$?
  CLIENT_PID=""
  (( C == 0 )) || CODE=$C
  f() { sed -n "s/^$1: \([0-9.]*\).*/\1/p" "$WORK/client-$RUN.txt"; }
  SENT=$(( SENT + $(f 'Total number of requests sent') ))
  OK=$(( OK + $(f 'Total number of Successful responses') ))
  FAILED=$(( FAILED + $(f 'Failed requests') ))
  RATE=$(f 'Overall throughput across all phases')
  RUNS="$RUNS
| $RUN | \`client.jar $THREADS $ITERATIONS 127.0.0.1 PORT --phases 1.0\` | $(f 'Total number of requests sent') | $(f 'Failed requests') | $(f 'Test Wall Time') | $RATE | $(f 'Median latency') | $(f 'P99 latency') | $(f 'Max latency') |"
done
AFTER=$(curl -fs "http://127.0.0.1:$PORT/stats")
ELAPSED=$(( $(date +%s) - START ))

received() { python3 -c "import json,sys; d=json.loads(sys.argv[1]); print(d['endpoints'].get('GET /sayHello',0)+d['endpoints'].get('POST /sayHello',0))" "$1"; }
SERVER_GOT=$(( $(received "$AFTER") - $(received "$BEFORE") ))

{
  echo "# Soak: steady load against server.jar"
  echo
  echo "Produced by \`scripts/soak.sh $SECONDS_WANTED $THREADS\` on $(date -u '+%Y-%m-%d %H:%M UTC');"
  echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs),"
  echo "$($JAVA -version 2>&1 | head -1). Loopback only."
  echo
  echo "$THREADS threads in one phase (\`--phases 1.0\`), back-to-back client runs sized to fill the time"
  echo "(the first from a calibration run's steady $CALIBRATED requests/s, the next from the previous run's"
  echo "throughput). Worst client exit code: $CODE."
  echo
  echo "| figure | value |"
  echo "| --- | ---: |"
  echo "| duration (s) | $ELAPSED |"
  echo "| client runs | $RUN |"
  echo "| requests sent | $SENT |"
  echo "| successful | $OK |"
  echo "| failed | $FAILED |"
  echo "| server received (from /stats) | $SERVER_GOT |"
  echo
  echo "| run | command | sent | failed | wall s | req/s | median | p99 | max |"
  echo "| ---: | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |$RUNS"
  echo
  echo "Memory every 10 s (RSS from /proc, used heap from jstat):"
  echo
  cat "$WORK/samples.md"
} >"$OUT"
cat "$OUT"
[[ "$CODE" == 0 ]] || die "the client reported failures (exit $CODE)"
