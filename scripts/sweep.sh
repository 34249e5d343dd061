#!/usr/bin/env bash
# Sweeps on loopback, written to results/: thread counts against server.jar (results/sweep/), and
# server worker pool sizes with the embedded target (results/sweep-pools/). Bounded: a few
# hundred thousand requests each, 127.0.0.1 only.
#
#   scripts/sweep.sh [THREADS_LIST] [ITERATIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

THREADS=${1:-20,50,100,200,500,1000}
ITERATIONS=${2:-100}
WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

build_if_missing server client
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
cp client/target/client.jar server/target/server.jar "$WORK/"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" || true

PORT=$(free_port)
start_server_jar "$WORK/server.jar" "$PORT" "$WORK/server.log"

rm -rf results/sweep results/sweep-pools
echo "== threads $THREADS x $ITERATIONS iterations against server.jar on 127.0.0.1:$PORT"
$JAVA -Xmx2g -jar "$WORK/client.jar" sweep --threads "$THREADS" --iterations "$ITERATIONS" \
  127.0.0.1 "$PORT" --out results/sweep
kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""

echo "== server worker pools 2,8,32 with the embedded target"
$JAVA -Xmx2g -jar "$WORK/client.jar" sweep --threads 10,50,100,200 --iterations 50 \
  --server-workers 2,8,32 --out results/sweep-pools
# The report names the port of this run's server; the committed copy says PORT instead.
sed -i "s/127.0.0.1 $PORT/127.0.0.1 PORT/g; s/127.0.0.1:$PORT/127.0.0.1:PORT/g" results/sweep/report.md
echo "== written: results/sweep/report.md, results/sweep-pools/report.md"
