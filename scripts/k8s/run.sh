#!/usr/bin/env bash
# Runs one load test from N pods of a Kubernetes Indexed Job (phaseload-job.yaml, filled in by
# lib-job.sh): pod I runs shard I/N, all start their first phase at the same instant, and each
# record is copied back and merged by `client.jar report` on this machine. Needs kubectl set up for
# the cluster and the client image (Dockerfile) pushed where the cluster can pull it.
#
#   IMAGE=REGISTRY/phaseload-client:TAG [NAMESPACE=NS] [OUT=DIR] [START_MARGIN=SECONDS] \
#     [TIMEOUT=SECONDS] scripts/k8s/run.sh N THREADS ITERATIONS HOST PORT [CLIENT_ARG...]
#
# START_MARGIN (default 60): from now to the shared start, time enough for every pod to be
# scheduled, pull the image and start the JVM. TIMEOUT (default 1800): the most the whole run may
# take. OUT (default a new temporary directory): where shard-I.plr, merged.json and report.txt go.
# Needs bash 4 or later (macOS: brew install bash). Exit code: the report's (0 all requests ok, 1 failures or a shard missing, 2 bad records), or 1
# when the Job itself failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib.sh
source scripts/k8s/lib-job.sh
log() { echo "run: $*" >&2; }

(($# >= 5)) || die "usage: IMAGE=IMAGE scripts/k8s/run.sh N THREADS ITERATIONS HOST PORT [CLIENT_ARG...]" 2
SHARDS=$1 THREADS=$2 ITERATIONS=$3 HOST=$4 PORT=$5
shift 5
[[ -n "${IMAGE:-}" ]] || die "set IMAGE to the client image the cluster pulls (see scripts/k8s/Dockerfile)" 2
START_MARGIN=${START_MARGIN:-60}
TIMEOUT=${TIMEOUT:-1800}
[[ "$START_MARGIN" =~ ^[0-9]+$ ]] || die "START_MARGIN must be seconds, got $START_MARGIN" 2
[[ "$TIMEOUT" =~ ^[1-9][0-9]*$ ]] || die "TIMEOUT must be seconds, got $TIMEOUT" 2
command -v kubectl >/dev/null || die "kubectl is not installed"
build_if_missing client
KUBECTL=(kubectl)
[[ -z "${NAMESPACE:-}" ]] || KUBECTL+=(--namespace "$NAMESPACE")
"${KUBECTL[@]}" auth can-i create jobs >/dev/null 2>&1 || die "kubectl cannot create Jobs here (check the context and NAMESPACE)"

NAME=phaseload-$(date +%Y%m%d-%H%M%S)
OUT=${OUT:-$(mktemp -d -t phaseload-k8s.XXXXXX)}
mkdir -p "$OUT"
# Whole seconds: date's %N (nanoseconds) is GNU only, and run.sh may run from a laptop.
START_AT=$((($(date +%s) + START_MARGIN) * 1000))
MANIFEST=$OUT/$NAME.yaml
job_render "$NAME" "$IMAGE" "$SHARDS" "$THREADS" "$ITERATIONS" "$HOST" "$PORT" "$START_AT" "$@" >"$MANIFEST"
# Where pod I writes its record: the argument after --record, for I.
RECORD=$(job_args "$MANIFEST" | sed -n '/^--record$/{n;p;q;}')
[[ "$RECORD" == /out/* ]] || die "the manifest's --record is not under /out: '$RECORD'"

JOB_CREATED=""
cleanup() {
  [[ -z "$JOB_CREATED" ]] || "${KUBECTL[@]}" delete job "$NAME" --ignore-not-found --wait=false >/dev/null 2>&1 || true
}
trap cleanup EXIT INT TERM
"${KUBECTL[@]}" apply -f "$MANIFEST" >/dev/null || die "kubectl apply -f $MANIFEST failed"
JOB_CREATED=1
log "job/$NAME: $SHARDS pods of $THREADS threads x $ITERATIONS iterations / $SHARDS against $HOST:$PORT, starting in ${START_MARGIN}s, at $START_AT ms (records into $OUT)"

# Each pod keeps its container up after the client (entrypoint.sh) until it is released, so the Job
# cannot complete first: wait for each pod's /out/exit-code instead and copy its record. Release
# them only when every record is copied: a pod exiting with its client's 1 fails the Job
# (backoffLimit 0), and a failed Job's controller stops the pods still running, records and all.
PODS_JSONPATH='{range .items[*]}{.metadata.name}{" "}{.metadata.annotations.batch\.kubernetes\.io/job-completion-index}{" "}{.status.phase}{" "}{.status.containerStatuses[0].state.waiting.reason}{.status.containerStatuses[0].state.terminated.reason}{"\n"}{end}'
declare -A EXIT_CODE=() POD=()
LATE_WARNED=""
deadline=$((SECONDS + TIMEOUT))
while ((${#EXIT_CODE[@]} < SHARDS)); do
  ((SECONDS < deadline)) || die "timed out after ${TIMEOUT}s with ${#EXIT_CODE[@]} of $SHARDS records copied"
  failed=$("${KUBECTL[@]}" get job "$NAME" -o jsonpath='{.status.conditions[?(@.type=="Failed")].message}' 2>/dev/null || true)
  [[ -z "$failed" ]] || die "job/$NAME failed before every record was copied: $failed"
  while read -r pod index phase reason; do
    [[ -n "$pod" && -z "${EXIT_CODE[$index]:-}" ]] || continue
    case "$reason" in
      ErrImagePull | ImagePullBackOff | InvalidImageName | CreateContainerConfigError | CreateContainerError | OOMKilled | Error)
        die "pod $pod (shard $index): $reason" ;;
    esac
    case "$phase" in
      Running) ;;
      Succeeded | Failed) die "pod $pod (shard $index) ended ($phase${reason:+, $reason}) before its record was copied" ;;
      *)
        if [[ -z "$LATE_WARNED" ]] && (($(date +%s) * 1000 > START_AT)); then
          log "pod $pod (shard $index) is still $phase at the start instant: it will start late (raise START_MARGIN)"
          LATE_WARNED=1
        fi
        continue ;;
    esac
    "${KUBECTL[@]}" exec "$pod" -c phaseload -- test -e /out/exit-code 2>/dev/null || continue
    code=$("${KUBECTL[@]}" exec "$pod" -c phaseload -- cat /out/exit-code) || die "cannot read the exit code of $pod"
    remote=$(job_expand "$RECORD" "$index")
    local_file=$OUT/$(basename "$remote")
    if "${KUBECTL[@]}" exec "$pod" -c phaseload -- test -e "$remote" 2>/dev/null; then
      "${KUBECTL[@]}" cp --retries=3 -c phaseload "$pod:$remote" "$local_file" >/dev/null \
        || die "kubectl cp $pod:$remote failed"
      size=$("${KUBECTL[@]}" exec "$pod" -c phaseload -- wc -c "$remote" | awk '{print $1}')
      (($(wc -c <"$local_file") == size)) || die "the copy of $pod:$remote is not its $size bytes"
    else
      log "shard $index ($pod) wrote no record (client exit code $code); the report will count it missing"
    fi
    EXIT_CODE[$index]=$code
    POD[$index]=$pod
    log "shard $index ($pod): client exit code $code"
    # 0 and 1 are a run's outcomes (all ok, some failed); anything else is the client's own trouble.
    ((code <= 1)) || log "shard $index's last lines: $("${KUBECTL[@]}" logs "$pod" -c phaseload --tail=3 2>&1)"
  done < <("${KUBECTL[@]}" get pods -l "job-name=$NAME" -o jsonpath="$PODS_JSONPATH")
  ((${#EXIT_CODE[@]} == SHARDS)) || sleep 5
done

for index in "${!POD[@]}"; do
  "${KUBECTL[@]}" exec "${POD[$index]}" -c phaseload -- touch /out/done-fetched \
    || log "could not release ${POD[$index]}; it exits by itself after PHASELOAD_HOLD_SECONDS"
done
# Released, the pods exit with their client's code: complete if all were 0, failed otherwise.
until "${KUBECTL[@]}" get job "$NAME" -o jsonpath='{.status.conditions[?(@.status=="True")].type}' | grep -qE 'Complete|Failed'; do
  ((SECONDS < deadline)) || { log "job/$NAME did not finish after its records were copied"; break; }
  sleep 2
done

shopt -s nullglob
records=("$OUT"/shard-*.plr)
((${#records[@]})) || die "no record was copied back"
code=0
java -jar client/target/client.jar report "${records[@]}" --json "$OUT/merged.json" | tee "$OUT/report.txt" || code=$?
log "report: $OUT/report.txt, $OUT/merged.json (exit code $code)"
exit "$code"
