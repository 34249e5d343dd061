#!/usr/bin/env bash
# Rehearses a sharded run end to end on 127.0.0.1: starts server.jar on a spare port, runs
# scripts/shards-local.sh (three shards of the Kubernetes Job's arguments, from
# scripts/k8s/phaseload-job.yaml) against it, and checks that the merged report's total.sent equals
# what the server's /stats says it received. Exit 0 only if the report passed and the counts agree.
#
#   scripts/rehearse-shards.sh [N THREADS ITERATIONS [CLIENT_ARG...]]   (default 3 30 20)
#
# CLIENT_ARGs go to every shard (e.g. --rate 600 --phase-seconds 1 for the open model).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
log() { echo "rehearse-shards: $*"; }

SHARDS=${1:-3} THREADS=${2:-30} ITERATIONS=${3:-20}
shift $(($# < 3 ? $# : 3))
build_if_missing server client
WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
  [[ -z "$SERVER_PID" ]] || kill "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

PORT=$(free_port)
java -jar server/target/server.jar --port "$PORT" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
wait_http "http://127.0.0.1:$PORT/health" 30 || die "server.jar did not answer on $PORT: $(tail -3 "$WORK/server.log")"
log "server.jar on 127.0.0.1:$PORT; $SHARDS shards of $THREADS threads x $ITERATIONS iterations"

code=0
OUT=$WORK/out scripts/shards-local.sh "$SHARDS" "$THREADS" "$ITERATIONS" 127.0.0.1 "$PORT" "$@" || code=$?
((code == 0)) || die "shards-local.sh exited with $code"
grep -q '^Shards:' "$WORK/out/report.txt" || die "the merged report has no Shards: block"

SENT=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["total"]["sent"])' "$WORK/out/merged.json") \
  || die "no total.sent in the merged JSON"
RECEIVED=$(curl -fs "http://127.0.0.1:$PORT/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["received"])') \
  || die "cannot read the server's /stats"
((SENT > 0)) || die "the merged report says nothing was sent"
[[ "$SENT" == "$RECEIVED" ]] || die "the shards sent $SENT (merged report), the server received $RECEIVED"
log "passed: $SHARDS shards sent $SENT requests, the server received $RECEIVED"
