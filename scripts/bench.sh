#!/usr/bin/env bash
# Benchmarks phaseload side by side with wrk and ab on 127.0.0.1 and writes results/bench.md:
# generation rate against nginx (ratios to wrk and ab), the jersey engine, server.jar against
# nginx under wrk, 10,000 threads x 10 iterations against server.jar, the recording cost, and the
# fidelity check against /work?ms=20. Bounded (each measurement a few seconds; under 10 minutes
# in all), loopback only, not part of mvn verify.
#
#   scripts/bench.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${1:-3}
SECS=5
CONNS=50
OUT=results/bench.md
WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -f "$WORK/nginx.pid" ]] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
die() { echo "bench: $*" >&2; exit 1; }
log() { echo "bench: $*" >&2; }

# The newest JDK: JAVA_HOME, else the highest feature version under /usr/lib/jvm.
if [[ -n "${JAVA_HOME:-}" ]]; then
  JAVA=$JAVA_HOME/bin/java
else
  JAVA=java
  best=0
  for j in /usr/lib/jvm/*/bin/java; do
    [[ -x "$j" ]] || continue
    v=$("$j" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
    if [[ -n "$v" && "$v" -gt "$best" ]]; then best=$v; JAVA=$j; fi
  done
fi
JDK=$("$JAVA" -version 2>&1 | head -1)
log "JDK: $JDK"

need=()
command -v wrk >/dev/null || need+=(wrk)
command -v ab >/dev/null || need+=(apache2-utils)
[[ -x /usr/sbin/nginx ]] || command -v nginx >/dev/null || need+=(nginx)
if ((${#need[@]})); then
  [[ $(id -u) == 0 ]] || die "install ${need[*]} (Debian packages) or run as root"
  log "installing ${need[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null 2>&1 \
    || { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; }
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

if [[ ! -f client/target/client.jar || ! -f server/target/server.jar ]]; then
  mvn -q -B package -DskipTests
fi
cp client/target/client.jar server/target/server.jar "$WORK/"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
NOFILE=$(ulimit -n)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_http() { for _ in $(seq 100); do curl -fs "$1" >/dev/null && return 0; sleep 0.1; done; die "no answer from $1"; }

# nginx answers the contract from memory, with the path and bodies printed by the contract's one
# definition (io.phaseload.common.Contract): GET -> the hello answer, POST -> the answer to the
# sample body that phaseload always posts. Default keepalive_requests: it closes every 1,000.
mapfile -t CONTRACT < <("$JAVA" -cp "$WORK/server.jar" io.phaseload.common.ContractMain \
  path get-answer post-answer)
((${#CONTRACT[@]} == 3)) || die "cannot read the contract from server.jar"
CONTRACT_PATH=${CONTRACT[0]} GET_ANSWER=${CONTRACT[1]} POST_ANSWER=${CONTRACT[2]}
[[ "$GET_ANSWER$POST_ANSWER" != *[\'\\\$]* ]] || die "contract answers need nginx quoting: $GET_ANSWER $POST_ANSWER"
NPORT=$(free_port)
mkdir -p "$WORK/nginx"
cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 20000; }
http {
  access_log off;
  client_body_temp_path $WORK/nginx; proxy_temp_path $WORK/nginx; fastcgi_temp_path $WORK/nginx;
  uwsgi_temp_path $WORK/nginx; scgi_temp_path $WORK/nginx;
  server {
    listen 127.0.0.1:$NPORT;
    default_type application/json;
    location / {
      if (\$request_method = POST) { return 200 '$POST_ANSWER'; }
      return 200 '$GET_ANSWER';
    }
  }
}
CONF
"$NGINX" -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" || die "nginx did not start"
NGINX_URL="http://127.0.0.1:$NPORT$CONTRACT_PATH"
wait_http "$NGINX_URL"

SPORT=$(free_port)
"$JAVA" -jar "$WORK/server.jar" --port "$SPORT" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!; PIDS+=("$SERVER_PID")
SERVER_URL="http://127.0.0.1:$SPORT$CONTRACT_PATH"
wait_http "$SERVER_URL"

wrk_rate() { wrk -t2 -c"$CONNS" -d"${SECS}s" "$1" 2>/dev/null | awk '/Requests\/sec/ {print $2}'; }
ab_rate() { ab -q -k -c "$CONNS" -n "$2" "$1" 2>/dev/null | awk '/Requests per second/ {print $4}'; }
# phaseload: one phase of CONNS threads; its own reported throughput (successful requests per
# second of the phase's wall time). Extra arguments pass through (e.g. --engine jersey).
pl_rate() {
  local url=$1 iters=$2; shift 2
  local out; out=$("$JAVA" -jar "$WORK/client.jar" "$CONNS" "$iters" --url "$url" --phases 1.0 -q "$@")
  grep -q "^Failed requests: 0 " <<<"$out" || die "phaseload failures against $url: $(grep '^Failed' <<<"$out")"
  sed -n 's/^Overall throughput across all phases: \([0-9.]*\).*/\1/p' <<<"$out"
}

# Warm both targets and the JIT once, unmeasured: server.jar's C2 compilation takes seconds.
wrk -t2 -c"$CONNS" -d8s "$SERVER_URL" >/dev/null 2>&1
pl_rate "$NGINX_URL" 500 >/dev/null

declare -a W A P J S
for r in $(seq "$ROUNDS"); do
  log "round $r/$ROUNDS"
  W+=("$(wrk_rate "$NGINX_URL")")
  P+=("$(pl_rate "$NGINX_URL" 2500)")
  A+=("$(ab_rate "$NGINX_URL" 200000)")
  J+=("$(pl_rate "$NGINX_URL" 400 --engine jersey)")
  S+=("$(wrk_rate "$SERVER_URL")")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ratio() { python3 -c "print(f'{float($1)/float($2):.2f}')"; }
MW=$(median "${W[@]}"); MA=$(median "${A[@]}"); MP=$(median "${P[@]}"); MJ=$(median "${J[@]}"); MS=$(median "${S[@]}")

# 10,000 threads x 10 iterations against a fresh server.jar: 370,000 requests.
log "10,000 threads x 10 iterations"
kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
SPORT=$(free_port)
"$JAVA" -jar "$WORK/server.jar" --port "$SPORT" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!; PIDS+=("$SERVER_PID")
wait_http "http://127.0.0.1:$SPORT/health"
BIG_START=$(date +%s.%N)
set +e
/usr/bin/time -f "%M" -o "$WORK/client.rss" "$JAVA" -Xmx2g -jar "$WORK/client.jar" 10000 10 127.0.0.1 "$SPORT" -q >"$WORK/big.txt" 2>"$WORK/big.err"
BIG_CODE=$?
set -e
BIG_SECS=$(python3 -c "import time; print(f'{time.time() - $BIG_START:.1f}')")
SERVER_HWM=$(awk '/VmHWM/ {print int($2/1024)}' "/proc/$SERVER_PID/status")
STATS=$(curl -fs "http://127.0.0.1:$SPORT/stats")
BIG_RECEIVED=$(python3 -c "import json,sys; e=json.loads(sys.argv[1])['endpoints']; p=sys.argv[2]; print(e.get('GET '+p,0)+e.get('POST '+p,0))" "$STATS" "$CONTRACT_PATH")
big() { sed -n "s/^$1: \([0-9.]*\).*/\1/p" "$WORK/big.txt"; }
CLIENT_RSS=$(( $(tail -1 "$WORK/client.rss") / 1024 ))

log "recording cost"
STATS_LINE=$("$JAVA" -Xmx3g -cp "$WORK/client.jar" io.phaseload.client.bench.StatsBench 1000 10000 5)
kv() { sed -n "s/.*\b$1=\([0-9.]*\).*/\1/p" <<<"$STATS_LINE"; }

log "fidelity against /work?ms=20"
WORK_URL="http://127.0.0.1:$SPORT/work?ms=20"
WRK_P50=$(wrk -t2 -c"$CONNS" -d"${SECS}s" --latency "$WORK_URL" 2>/dev/null | awk '$1 == "50%" {print $2}')
PL_FID=$("$JAVA" -jar "$WORK/client.jar" "$CONNS" 100 --url "$WORK_URL" --phases 1.0 -q)
PL_P50=$(sed -n 's/^Median latency: \([0-9.]*\) ms/\1/p' <<<"$PL_FID")

row() { local IFS=' | '; echo "| $* |"; }
{
  echo "# Benchmarks"
  echo
  echo "Produced by \`scripts/bench.sh $ROUNDS\` on $(date -u '+%Y-%m-%d %H:%M UTC'). Machine: $(nproc) cores,"
  echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), Linux $(uname -r), $JDK,"
  echo "\`ulimit -n\` $NOFILE. Everything on 127.0.0.1; other work may share the machine, so compare the"
  echo "ratios, which are measured side by side, alternating, in the same rounds."
  echo
  echo "## Generation rate at $CONNS connections (requests/s, median of $ROUNDS rounds)"
  echo
  echo "nginx answers the contract from memory (\`return 200\`). wrk and ab send GETs; phaseload sends"
  echo "GET and POST alternately, checks every body, and its figure is its own reported throughput"
  echo "(successful requests per second of the phase; one phase of $CONNS threads, \`--phases 1.0\`)."
  echo
  echo "| driver | target | rounds | median | ratio |"
  echo "| --- | --- | --- | ---: | --- |"
  echo "| wrk -t2 -c$CONNS -d${SECS}s | nginx | ${W[*]} | $MW | 1 |"
  echo "| phaseload raw engine (default), $CONNS threads x 2500 | nginx | ${P[*]} | $MP | phaseload/wrk **$(ratio "$MP" "$MW")** |"
  echo "| ab -k -c$CONNS -n 200000 | nginx | ${A[*]} | $MA | phaseload/ab **$(ratio "$MP" "$MA")** |"
  echo "| phaseload --engine jersey, $CONNS threads x 400 | nginx | ${J[*]} | $MJ | jersey/wrk **$(ratio "$MJ" "$MW")** |"
  echo "| wrk -t2 -c$CONNS -d${SECS}s | server.jar | ${S[*]} | $MS | server/nginx **$(ratio "$MS" "$MW")** |"
  echo
  echo "## 10,000 threads x 10 iterations against server.jar"
  echo
  echo "| figure | value |"
  echo "| --- | ---: |"
  echo "| exit code | $BIG_CODE |"
  echo "| requests sent (phase rule: 18,500 thread runs x 10 x 2 = 370,000) | $(big 'Total number of requests sent') |"
  echo "| successful | $(big 'Total number of Successful responses') |"
  echo "| failed | $(sed -n 's/^Failed requests: //p' "$WORK/big.txt") |"
  echo "| server received (/stats) | $BIG_RECEIVED |"
  echo "| test wall time (s) | $(big 'Test Wall Time') |"
  echo "| whole command incl. JVM start (s) | $BIG_SECS |"
  echo "| throughput (requests/s) | $(big 'Overall throughput across all phases') |"
  echo "| client peak RSS (MiB) | $CLIENT_RSS |"
  echo "| server peak RSS (MiB) | $SERVER_HWM |"
  echo
  echo "## Recording cost (StatsBench: 1000 x 10,000 = $(kv requests) requests)"
  echo
  echo "| figure | value |"
  echo "| --- | ---: |"
  echo "| bytes per request recorded | $(kv bytes_per_request) |"
  echo "| recorder size (MiB) | $(kv recorder_mib) |"
  echo "| all statistics (sort + every group), median of 5 (ms) | $(kv median_ms) |"
  echo "| first (cold) run (ms) | $(kv first_ms) |"
  echo "| heap given (MiB) | $(kv max_heap_mib) |"
  echo
  echo "## Fidelity: /work?ms=20 at $CONNS connections"
  echo
  echo "| driver | median latency (ms) | off by (ms) |"
  echo "| --- | ---: | ---: |"
  echo "| wrk --latency | ${WRK_P50%ms} | $(python3 -c "print(f'{float(\"${WRK_P50%ms}\") - 20:.2f}')") |"
  echo "| phaseload | $PL_P50 | $(python3 -c "print(f'{float(\"$PL_P50\") - 20:.2f}')") |"
} >"$OUT"
cat "$OUT"
