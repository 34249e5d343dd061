#!/usr/bin/env bash
# Rehearses the Kubernetes Job on this machine: the client arguments are read from
# scripts/k8s/phaseload-job.yaml and filled in by the same function as scripts/k8s/run.sh uses
# (scripts/k8s/lib-job.sh), so the manifest and this rehearsal cannot drift apart. Starts N clients
# at once, each through the image's entrypoint (scripts/k8s/entrypoint.sh) as pod I would be:
# JOB_COMPLETION_INDEX=I set and $(JOB_COMPLETION_INDEX) expanded to I, the manifest's /out mapped
# to OUT. Then merges their records with `client.jar report` and prints the report.
#
#   [OUT=DIR] [START_MARGIN=SECONDS] scripts/shards-local.sh N THREADS ITERATIONS HOST PORT [CLIENT_ARG...]
#
# OUT (default a new temporary directory): shard-I.plr, shard-I.log, merged.json, report.txt and
# the filled manifest. START_MARGIN (default 5): from now to the shared start, time enough for N
# JVMs to start. Exit code: the report's (0 all requests ok, 1 failures or a shard missing, 2 bad
# records); 1 if a client ended with anything but 0 or 1.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
source scripts/k8s/lib-job.sh
log() { echo "shards-local: $*" >&2; }

(($# >= 5)) || die "usage: scripts/shards-local.sh N THREADS ITERATIONS HOST PORT [CLIENT_ARG...]" 2
SHARDS=$1 THREADS=$2 ITERATIONS=$3 HOST=$4 PORT=$5
shift 5
START_MARGIN=${START_MARGIN:-5}
[[ "$START_MARGIN" =~ ^[0-9]+$ ]] || die "START_MARGIN must be seconds, got $START_MARGIN" 2
build_if_missing client
OUT=${OUT:-$(mktemp -d -t phaseload-shards.XXXXXX)}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
START_AT=$(($(date +%s%N) / 1000000 + START_MARGIN * 1000))
job_render shards-local phaseload-client:local "$SHARDS" "$THREADS" "$ITERATIONS" "$HOST" "$PORT" \
  "$START_AT" "$@" >"$OUT/job.yaml"
job_args "$OUT/job.yaml" >"$OUT/args" || die "cannot read the container's args from $OUT/job.yaml"
mapfile -t ARGS <"$OUT/args"

PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT INT TERM
for ((i = 0; i < SHARDS; i++)); do
  pod_args=()
  for a in "${ARGS[@]}"; do
    a=$(job_expand "$a" "$i")
    [[ "$a" != /out/* ]] || a=$OUT/${a#/out/}
    pod_args+=("$a")
  done
  JOB_COMPLETION_INDEX=$i PHASELOAD_JAR=client/target/client.jar \
    scripts/k8s/entrypoint.sh "${pod_args[@]}" >"$OUT/shard-$i.log" 2>&1 &
  PIDS+=($!)
done
log "$SHARDS clients of $THREADS threads x $ITERATIONS iterations / $SHARDS against $HOST:$PORT, starting at $(date -d "@$((START_AT / 1000))" '+%H:%M:%S') (records into $OUT): ${ARGS[*]}"

records=()
for ((i = 0; i < SHARDS; i++)); do
  code=0
  wait "${PIDS[$i]}" || code=$?
  ((code <= 1)) || die "shard $i exited with $code: $(tail -3 "$OUT/shard-$i.log")"
  log "shard $i: exit code $code"
  [[ ! -f "$OUT/shard-$i.plr" ]] || records+=("$OUT/shard-$i.plr")
done
PIDS=()
((${#records[@]})) || die "no shard wrote a record"

code=0
java -jar client/target/client.jar report "${records[@]}" --json "$OUT/merged.json" | tee "$OUT/report.txt" || code=${PIPESTATUS[0]}
exit "$code"
