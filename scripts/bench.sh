#!/usr/bin/env bash
# Benchmarks phaseload side by side with wrk and ab on 127.0.0.1 and writes results/bench.md:
# generation rate against nginx (ratios to wrk and ab), the jersey engine, one plain and one
# templated request against nginx (ratios to the contract and to wrk), server.jar against nginx
# under wrk on each JDK asked for, 10,000 threads x 10 iterations against server.jar with and
# without --no-inline (with the kernel's listen-queue overflows), the recording cost, and the
# fidelity check against /work?ms=20, and the open model's highest arrival rate held beside wrk's
# closed-model rate. Bounded (each measurement a few seconds; under 20 minutes in all), loopback
# only, not part of mvn verify.
#
#   [JAVA_HOME=JDK] [SERVER_JDKS="JDK ..."] [OPEN_THREADS=N] scripts/bench.sh [ROUNDS]
#   [JAVA_HOME=JDK] [OPEN_THREADS=N] scripts/bench.sh --only open
#   [JAVA_HOME=JDK] scripts/bench.sh --only merge
#   [JAVA_HOME=JDK] [CAP_ROUNDS=N] scripts/bench.sh --only capacity
#
# --only open: only the open-model section (a few minutes), into results/bench-open.md.
# --only merge: only the merge of shards' records (a few minutes), into results/bench-merge.md.
# --only capacity: only the capacity searches against servers of known capacity and against nginx
# (about 5 minutes), into results/bench-capacity.md. CAP_ROUNDS: searches per server (default 3).
# OPEN_THREADS: the open model's THREADS, the cap on iterations in flight (default 50).
#
# JAVA_HOME: the JDK for everything but the server comparison (default: the newest under
# /usr/lib/jvm). SERVER_JDKS: the JDKs whose server.jar is compared with nginx, one row each
# (default: that JDK and the oldest 17+ under /usr/lib/jvm). ROUNDS: default 5.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

ONLY=""
if [[ "${1:-}" == --only ]]; then
  [[ "${2:-}" == open || "${2:-}" == merge || "${2:-}" == capacity ]] \
    || die "--only takes one section: open, merge or capacity, got ${2:-nothing}" 2
  ONLY=$2
  shift 2
fi
ROUNDS=${1:-5}
SECS=5
CONNS=50
OUT=results/bench.md
[[ -z "$ONLY" ]] || OUT=results/bench-$ONLY.md
WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -f "$WORK/nginx.pid" ]] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
log() { echo "bench: $*" >&2; }
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive number, got $ROUNDS" 2

CMD="scripts/bench.sh $ROUNDS"
[[ -z "$ONLY" ]] || CMD="scripts/bench.sh --only $ONLY"
[[ -z "${OPEN_THREADS:-}" ]] || CMD="OPEN_THREADS=$OPEN_THREADS $CMD"
[[ -z "${CAP_ROUNDS:-}" ]] || CMD="CAP_ROUNDS=$CAP_ROUNDS $CMD"
CAP_ROUNDS=${CAP_ROUNDS:-3}
[[ "$CAP_ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "CAP_ROUNDS must be a positive number, got $CAP_ROUNDS" 2
if [[ -n "${JAVA_HOME:-}" ]]; then
  JAVA=$JAVA_HOME/bin/java
  CMD="JAVA_HOME=$JAVA_HOME $CMD"
else
  JAVA=$(newest_java)
fi
JDK=$("$JAVA" -version 2>&1 | head -1)
log "JDK: $JDK"
if [[ -n "${SERVER_JDKS:-}" ]]; then
  SERVER_JAVAS=()
  for home in $SERVER_JDKS; do SERVER_JAVAS+=("$home/bin/java"); done
  CMD="SERVER_JDKS=\"$SERVER_JDKS\" $CMD"
else
  SERVER_JAVAS=("$JAVA")
  oldest=""
  for j in /usr/lib/jvm/*/bin/java; do
    v=$(java_feature "$j")
    [[ -n "$v" && "$v" -ge 17 ]] || continue
    if [[ -z "$oldest" || "$v" -lt "$(java_feature "$oldest")" ]]; then oldest=$j; fi
  done
  if [[ -n "$oldest" && "$(readlink -f "$oldest")" != "$(readlink -f "$(command -v "$JAVA")")" ]]; then
    SERVER_JAVAS+=("$oldest")
  fi
fi
for j in "${SERVER_JAVAS[@]}"; do [[ -x "$j" ]] || die "no java at $j" 2; done

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

build_if_missing server client
cp client/target/client.jar server/target/server.jar "$WORK/"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
NOFILE=$(ulimit -n)


# nginx answers the contract from memory, with the path and bodies printed by the contract's one
# definition (io.phaseload.common.Contract): GET -> the hello answer, POST -> the answer to the
# sample body that phaseload always posts; and any path under /items/ with one small fixed body,
# the target of the plain and the templated request. Default keepalive_requests: it closes every
# 1,000.
mapfile -t CONTRACT < <("$JAVA" -cp "$WORK/server.jar" io.phaseload.common.ContractMain \
  path get-answer post-answer)
((${#CONTRACT[@]} == 3)) || die "cannot read the contract from server.jar"
CONTRACT_PATH=${CONTRACT[0]} GET_ANSWER=${CONTRACT[1]} POST_ANSWER=${CONTRACT[2]}
[[ "$GET_ANSWER$POST_ANSWER" != *[\'\\\$]* ]] || die "contract answers need nginx quoting: $GET_ANSWER $POST_ANSWER"
ITEM_ANSWER='{"id":1,"name":"item"}'
NPORT=$(free_port)
start_nginx "$WORK" "$NPORT" "    location / {
      if (\$request_method = POST) { return 200 '$POST_ANSWER'; }
      return 200 '$GET_ANSWER';
    }
    location /items/ { return 200 '$ITEM_ANSWER'; }"
NGINX_URL="http://127.0.0.1:$NPORT$CONTRACT_PATH"
wait_http "$NGINX_URL" || die "no answer from $NGINX_URL"
ITEM_URL="http://127.0.0.1:$NPORT/items/1"
wait_http "$ITEM_URL" || die "no answer from $ITEM_URL"
# The templated request: a fresh path and query string for every request, from a fixed seed.
ITEM_TEMPLATE='/items/${random:1:100000}?t=${thread}'
ITEM_SEED=1
printf 'requests:\n  - name: item\n    path: %s\n' "$ITEM_TEMPLATE" >"$WORK/items.yaml"

wrk_rate() { wrk -t2 -c"$CONNS" -d"${2:-$SECS}s" "$1" 2>/dev/null | awk '/Requests\/sec/ {print $2}'; }

# The open model against the plain request (GET /items/1, nginx answering from memory): the
# highest arrival rate it holds, as a ratio to wrk's closed-model rate on the same URL taken right
# before, then a longer run at half that rate. A rate holds when under 1% of its arrivals are late
# and the achieved rate is within 1% of the intended one.
#
# OPEN_THREADS caps the iterations in flight. By Little's law the in-flight count is the rate times
# the service time: some tens of thousands a second at well under a millisecond each is tens in
# flight, so 50 leaves room and a cap reached would show as late arrivals. Not more: each thread
# holds the next arrival and wakes for its time, and on a machine of a few cores spare threads
# only add wake-ups that compete with nginx (100 and 200 were later than 50 at the same rates).
OPEN_THREADS=${OPEN_THREADS:-50}
[[ "$OPEN_THREADS" =~ ^[1-9][0-9]*$ ]] || die "OPEN_THREADS must be a positive number, got $OPEN_THREADS" 2
OPEN_SECS=3 OPEN_LONG_SECS=10
# The search stops after this many probes or seconds, whatever it has found by then.
OPEN_MAX_PROBES=24 OPEN_MAX_SECS=200
OPEN_N=0 OPEN_ROWS=() OPEN_LAST=""

# Runs one open-model probe at RATE arrivals/s for SECS seconds and checks its JSON: the run
# finished (exit 0, not partial, nothing failed) with the arrivals rate x SECS scheduled and all
# started. Sets OPEN_LAST to "VERDICT|figures" (VERDICT: holds, late, rate, "late, rate", or
# "probe failed: WHY") and adds the probe's table row to OPEN_ROWS; returns 0 when it holds.
#   open_probe RATE SECS
open_probe() {
  local rate=$1 secs=$2 json=$WORK/open-$((++OPEN_N)).json code=0
  "$JAVA" -jar "$WORK/client.jar" "$OPEN_THREADS" 1 --url "$ITEM_URL" -X GET --phases 1.0,1.0 \
    --rate "$rate" --phase-seconds "$secs" -q --json "$json" >"$json.out" 2>&1 || code=$?
  OPEN_LAST=$(python3 - "$json" "$code" "$rate" "$secs" "$WGET" <<'PY'
import json, sys
path, code, rate, secs, wrk = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
def verdict():
    try:
        d = json.load(open(path))
    except (OSError, ValueError) as e:
        return f"probe failed: exit {code}, no JSON ({type(e).__name__})", None
    t, ph = d["total"], d["phases"]
    a = t.get("arrivals")
    if a is None or len(ph) != 2:
        return f"probe failed: exit {code}, not a two-phase open-model run", None
    p = ph[1]  # the measured phase; the first, at the same rate, warms the JIT
    why = []
    if code != 0: why.append(f"exit {code}")
    if d["partial"]: why.append(f"partial ({d['stopReason']})")
    if t["failed"] or t["notSent"]: why.append(f"{t['failed']} failed, {t['notSent']} not sent")
    if abs(p["sent"] - rate * secs) > 1: why.append(f"{p['sent']} sent")
    if a["started"] != a["scheduled"]: why.append(f"{a['started']} of {a['scheduled']} started")
    if p["intendedRate"] != rate: why.append(f"intended {p['intendedRate']}")
    if why:
        return "probe failed: " + ", ".join(why), d
    late = p["late"] / p["sent"] >= 0.01
    off = abs(p["achievedRate"] / rate - 1) > 0.01
    return ", ".join(w for w, bad in (("late", late), ("rate", off)) if bad) or "holds", d
v, d = verdict()
if d is None or "total" not in d or d["total"].get("arrivals") is None:
    print(f"{v}|{rate:.0f}|{rate / wrk:.2f}|-|-|-|-|-|-|-|-|-|-")
    sys.exit()
p = d["phases"][1]
lat, svc = p["latencyMs"] or {}, p["serviceTimeMs"] or {}
print("|".join(str(x) for x in (
    v, f"{rate:.0f}", f"{rate / wrk:.2f}", p["sent"], p["late"],
    f"{100 * p['late'] / max(p['sent'], 1):.2f}", f"{p['achievedRate']:.1f}",
    f"{100 * (p['achievedRate'] / rate - 1):+.2f}", f"{p['maxLateMs']:.1f}",
    lat.get("p50", "-"), lat.get("p99", "-"), svc.get("p50", "-"), svc.get("p99", "-"))))
PY
) || OPEN_LAST="probe failed: its JSON could not be read (exit $code)|$rate|-|-|-|-|-|-|-|-|-|-|-"
  local f; IFS='|' read -r -a f <<<"$OPEN_LAST"
  OPEN_ROWS+=("| $OPEN_N | ${f[1]} | ${f[2]} | ${secs} | ${f[3]} | ${f[4]} | ${f[5]} | ${f[6]} | ${f[7]} | ${f[8]} | ${f[0]} |")
  log "open model: $rate/s for ${secs}s: ${f[0]} (late ${f[4]}, achieved ${f[6]})"
  [[ "${f[0]}" == holds ]]
}

# Whether RATE holds, asking twice when the first probe does not: other work on the machine can
# stall a probe for tens of milliseconds, which at these rates is over 1% of a 3 s probe's
# arrivals late. Both probes are in the table.
open_holds() {
  open_probe "$1" "$OPEN_SECS" && return 0
  ((OPEN_N < OPEN_MAX_PROBES && SECONDS - OPEN_START < OPEN_MAX_SECS)) || return 1
  open_probe "$1" "$OPEN_SECS"
}
open_budget() { ((OPEN_N < OPEN_MAX_PROBES - 1 && SECONDS - OPEN_START < OPEN_MAX_SECS)); }
scale() { python3 -c "print(round(float('$1') * $2))"; }

# The search: from 0.3 x wrk's rate, up by 12% while the rate holds (down by 20% while it does
# not, if the first one fails), then halving the gap between the last rate held and the first
# that failed until it is under 3%. Sets OPEN_HELD (0: none held) and OPEN_FAILED.
open_section() {
  log "open model: wrk on $ITEM_URL"
  WGET=$(wrk_rate "$ITEM_URL")
  [[ -n "$WGET" ]] || die "wrk gave no rate for $ITEM_URL"
  OPEN_START=$SECONDS OPEN_HELD=0 OPEN_FAILED=0
  local r; r=$(scale "$WGET" 0.3)
  if open_holds "$r"; then
    OPEN_HELD=$r
    while open_budget; do
      r=$(scale "$r" 1.12)
      if open_holds "$r"; then OPEN_HELD=$r; else OPEN_FAILED=$r; break; fi
    done
  else
    OPEN_FAILED=$r
    while open_budget && ((r > 100)); do
      r=$(scale "$r" 0.8)
      if open_holds "$r"; then OPEN_HELD=$r; break; else OPEN_FAILED=$r; fi
    done
  fi
  if ((OPEN_HELD > 0 && OPEN_FAILED > 0)); then
    while open_budget && python3 -c "import sys; sys.exit(0 if $OPEN_FAILED > 1.03 * $OPEN_HELD else 1)"; do
      r=$(((OPEN_HELD + OPEN_FAILED) / 2))
      if open_holds "$r"; then OPEN_HELD=$r; else OPEN_FAILED=$r; fi
    done
  fi
  OPEN_SEARCH_SECS=$((SECONDS - OPEN_START)) OPEN_SEARCH_PROBES=$OPEN_N
  OPEN_LONG=""
  if ((OPEN_HELD > 0)); then
    OPEN_HALF=$((OPEN_HELD / 2))
    log "open model: $OPEN_HALF/s for ${OPEN_LONG_SECS}s"
    open_probe "$OPEN_HALF" "$OPEN_LONG_SECS" || true
    OPEN_LONG=$OPEN_LAST
    unset 'OPEN_ROWS[-1]'
  fi
}

# The section's Markdown, from what open_section found.
open_report() {
  local f ratio="-"
  ((OPEN_HELD == 0)) || ratio=$(ratio "$OPEN_HELD" "$WGET")
  echo "## The open model: highest arrival rate held, beside wrk's closed-model rate"
  echo
  echo "Against nginx's \`$ITEM_ANSWER\` at \`$ITEM_URL\`, one GET per arrival. First wrk's"
  echo "closed-model rate, \`wrk -t2 -c$CONNS -d${SECS}s $ITEM_URL\`; right after it, probes of"
  echo "\`client.jar $OPEN_THREADS 1 --url $ITEM_URL -X GET --phases 1.0,1.0 --rate R --phase-seconds $OPEN_SECS --json F\`."
  echo "A rate holds when under 1% of its arrivals are late (begun over 1 ms after their time) and"
  echo "the achieved rate is within 1% of R. The search starts at 0.3 x wrk's rate, goes up 12% a"
  echo "step while the rate holds (down 20% while it does not), then halves the gap between the last"
  echo "rate held and the first failed until it is under 3%; a rate that fails is probed once more"
  echo "(other work on the machine can stall one probe) and holds if either probe does. Every probe"
  echo "is a fresh JVM running two phases at R: the first warms the JIT, the second is measured (its"
  echo "figures are the table's). The open model runs on platform threads (virtual threads' timed"
  echo "parks wake late)."
  echo
  echo "THREADS $OPEN_THREADS: by Little's law the iterations in flight are the rate times the service"
  echo "time, tens at these rates, so the cap is not what limits (a cap reached shows as late"
  echo "arrivals); more threads only add wake-ups competing with nginx for $(nproc) cores."
  echo
  echo "| figure | value | target |"
  echo "| --- | ---: | --- |"
  echo "| wrk closed-model rate (requests/s) | $WGET | |"
  echo "| highest rate held (arrivals/s) | $( ((OPEN_HELD > 0)) && echo "$OPEN_HELD" || echo "none held") | |"
  echo "| highest rate held / wrk | **$ratio** | >= 0.50 |"
  echo "| lowest rate failed (arrivals/s) | $( ((OPEN_FAILED > 0)) && echo "$OPEN_FAILED" || echo "none failed") | |"
  echo "| probes, search time (s) | $OPEN_SEARCH_PROBES, $OPEN_SEARCH_SECS | a few minutes at most |"
  echo
  echo "| probe | R (arrivals/s) | R / wrk | s | arrivals | late | late % | achieved (/s) | error % | latest (ms) | verdict |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
  printf '%s\n' "${OPEN_ROWS[@]}"
  echo
  if [[ -z "$OPEN_LONG" ]]; then
    echo "No rate held, so there is no run at half of it."
    return
  fi
  IFS='|' read -r -a f <<<"$OPEN_LONG"
  echo "### Half the highest rate held, for ${OPEN_LONG_SECS} s"
  echo
  echo "\`client.jar $OPEN_THREADS 1 --url $ITEM_URL -X GET --phases 1.0,1.0 --rate $OPEN_HALF --phase-seconds $OPEN_LONG_SECS --json F\`:"
  echo "${f[0]/#holds/held}. Latency from intended times counts from when each arrival was due"
  echo "(corrected for coordinated omission); service time from when its request was sent."
  echo
  echo "| figure | value | target |"
  echo "| --- | ---: | --- |"
  echo "| intended rate (arrivals/s) | $OPEN_HALF | |"
  echo "| achieved rate (arrivals/s) | ${f[6]} | |"
  echo "| achieved rate's error | **${f[7]}%** | within 0.5% |"
  echo "| late arrivals | **${f[4]}** of ${f[3]} | 0 |"
  echo "| latest start after its time (ms) | ${f[8]} | |"
  echo "| latency from intended times, p50 / p99 (ms) | ${f[9]} / ${f[10]} | |"
  echo "| service time, p50 / p99 (ms) | ${f[11]} / ${f[12]} | |"
}
ratio() { python3 -c "print(f'{float($1)/float($2):.2f}')"; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# The merge of shards' records: RecordBench writes MERGE_SHARDS record files of one plan, requests
# shaped like a real run's (nothing is sent: no machine here records 100 million requests live),
# then `report` merges them, three times, timed and its peak RSS taken by GNU time.
MERGE_SHARDS=10 MERGE_THREADS=1000 MERGE_ITERATIONS=27027 # 3.7 x 1000 x 27027 = 99,999,900 requests
merge_section() {
  log "merge: $MERGE_SHARDS record files of $MERGE_THREADS x $MERGE_ITERATIONS between them"
  mkdir -p "$WORK/merge"
  "$JAVA" -Xmx2g -cp "$WORK/client.jar" io.phaseload.client.bench.RecordBench "$WORK/merge" \
    "$MERGE_SHARDS" "$MERGE_THREADS" "$MERGE_ITERATIONS" >"$WORK/merge-gen.txt"
  MERGE_FILE_BYTES=$(du -cb "$WORK"/merge/shard-*.plr | tail -1 | cut -f1)
  MERGE_WRITE_MS=$(sed -n 's/.*write_ms=\([0-9]*\).*/\1/p' "$WORK/merge-gen.txt" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  MERGE_HEAP_MIB=$("$JAVA" -XX:+PrintFlagsFinal -version 2>/dev/null | awk '$2 == "MaxHeapSize" {print int($4 / 1048576)}')
  MERGE_SECS=() MERGE_RSS=()
  local r code
  for r in 1 2 3; do
    log "merge: report, run $r of 3"
    code=0
    /usr/bin/time -f '%e %M' -o "$WORK/merge-time.txt" "$JAVA" -jar "$WORK/client.jar" report \
      "$WORK"/merge/shard-*.plr --json "$WORK/merged.json" >"$WORK/merge-report.txt" 2>&1 || code=$?
    # RecordBench's requests include 1% HTTP 503s, so report exits 1; 2 would be a refusal.
    ((code <= 1)) || die "report exited $code: $(tail -2 "$WORK/merge-report.txt")"
    read -r secs kib < <(tail -1 "$WORK/merge-time.txt")
    MERGE_SECS+=("$secs") MERGE_RSS+=("$((kib / 1024))")
  done
  MERGE_SENT=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["total"]["sent"])' "$WORK/merged.json")
  # The same merge in half the default heap, without --json: what the heap check asks (24 bytes a
  # request and one shard's file) is the floor, the rest of the default is the collector's room.
  log "merge: report with -Xmx3g"
  code=0
  /usr/bin/time -f '%e %M' -o "$WORK/merge-time.txt" "$JAVA" -Xmx3g -jar "$WORK/client.jar" report \
    "$WORK"/merge/shard-*.plr >"$WORK/merge-report-3g.txt" 2>&1 || code=$?
  ((code <= 1)) || die "report -Xmx3g exited $code: $(tail -2 "$WORK/merge-report-3g.txt")"
  read -r MERGE_SECS_3G kib < <(tail -1 "$WORK/merge-time.txt")
  MERGE_RSS_3G=$((kib / 1024))
}
thousands() { python3 -c "print(f'{int($1):,}')"; }

merge_report() {
  echo "## Merging shards' records: report over $MERGE_SHARDS files of about 10 million requests each"
  echo
  echo "\`RecordBench\` wrote the record files of $MERGE_SHARDS shards of \`client.jar $MERGE_THREADS $MERGE_ITERATIONS\`"
  echo "(the contract's GET and POST; log-normal latencies around 1 ms, 1% HTTP 503s; nothing sent),"
  echo "then \`client.jar report shard-*.plr --json F\` merged them, three times (default heap)."
  echo
  echo "| figure | value |"
  echo "| --- | ---: |"
  echo "| requests in all (3.7 x $MERGE_THREADS x $MERGE_ITERATIONS) | $(thousands $((37 * MERGE_THREADS * MERGE_ITERATIONS / 10))) |"
  echo "| merged total.sent | $(thousands "$MERGE_SENT") |"
  echo "| files, bytes on disk | $(thousands "$MERGE_FILE_BYTES") |"
  echo "| bytes per request on disk (16 in memory) | $(python3 -c "print(f'{$MERGE_FILE_BYTES / ($MERGE_THREADS * $MERGE_ITERATIONS * 3.7):.2f}')") |"
  echo "| writing one file of ~10 M requests, median (ms) | $MERGE_WRITE_MS |"
  echo "| report wall time by run, incl. JVM start (s) | ${MERGE_SECS[*]} |"
  echo "| report wall time, median (s) | $(median "${MERGE_SECS[@]}") |"
  echo "| report peak RSS by run (MiB) | ${MERGE_RSS[*]} |"
  echo "| JVM's default max heap (MiB) | $MERGE_HEAP_MIB |"
  echo "| with -Xmx3g: wall time (s), peak RSS (MiB) | $MERGE_SECS_3G, $MERGE_RSS_3G |"
  echo
  echo "The merge holds the union in one array, as one run's recording: at most 1,073,741,819 requests"
  echo "(16 bytes each; 715,827,879 in the open model, 24 bytes each). Past that, or past the heap"
  echo "(24 bytes a request, 32 with \`--json\` or \`--charts\`, and one shard's file), \`report\` refuses in"
  echo "one line before reading a request (MergeLimitTest); each shard's own file still reports on its own."
}

# The capacity search against services whose capacity is stated before the search: SlotServer K S
# (a test class: every request holds one of K slots for S ms, so K / S requests per second), each
# searched CAP_ROUNDS times, and against nginx, whose capacity on this machine is not known
# beforehand (the search says whether it found nginx's limit or the generator's).
CAP_SERVERS=("20 50" "40 25") # 400/s and 1,600/s
capacity_search() { # NAME URL SLO THREADS [extra flags...]
  local name=$1 url=$2 slo=$3 threads=$4 start code
  shift 4
  start=$(date +%s.%N)
  code=0
  flock /work/bench.lock "$JAVA" -jar "$WORK/client.jar" capacity --url "$url" --slo "$slo" \
    --step-seconds 3 --threads "$threads" --json "$WORK/cap-$name.json" "$@" \
    >"$WORK/cap-$name.txt" 2>&1 || code=$?
  ((code <= 3)) || die "capacity exited $code: $(tail -2 "$WORK/cap-$name.txt")"
  python3 - "$WORK/cap-$name.json" "$code" "$(python3 -c "print(round($(date +%s.%N) - $start))")" \
    >"$WORK/cap-$name.row" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["capacity"]
fmt = lambda v: "-" if v is None else f"{v:,.0f}"
print(fmt(c["rate"]), fmt(c["brokeAt"]), c["stop"], len(c["steps"]),
      "yes" if c["generatorLimited"] else "no", sys.argv[2], sys.argv[3], sep="|")
PY
}
capacity_section() {
  local test_classes=client/target/test-classes
  if [[ ! -f $test_classes/io/phaseload/client/testing/SlotServer.class ]]; then
    log "capacity: compiling the test classes (SlotServer)"
    mvn -q -B test-compile -pl client -am >/dev/null || die "cannot compile client's test classes"
  fi
  local k s port r
  for ks in "${CAP_SERVERS[@]}"; do
    read -r k s <<<"$ks"
    port=$(free_port)
    "$JAVA" -cp "$test_classes" io.phaseload.client.testing.SlotServer "$k" "$s" "$port" \
      >"$WORK/slot-$k-$s.log" 2>&1 &
    PIDS+=("$!")
    wait_http "http://127.0.0.1:$port/" 30 || die "SlotServer $k $s did not start"
    for ((r = 1; r <= CAP_ROUNDS; r++)); do
      log "capacity: SlotServer $k x $s ms, search $r of $CAP_ROUNDS"
      curl -s "http://127.0.0.1:$port/held" >"$WORK/held-$k-$s-$r.before"
      # p50 under 1.5 x the hold, from a quarter of the capacity; threads well above the
      # capacity's requests in flight (K), so that a queue is the service's, not the threads'.
      capacity_search "slot-$k-$s-$r" "http://127.0.0.1:$port/" "p50<$((s * 3 / 2))ms" $((k * 4)) \
        --start-rate $((k * 1000 / s / 4))
      curl -s "http://127.0.0.1:$port/held" >"$WORK/held-$k-$s-$r.after"
    done
  done
  log "capacity: nginx"
  capacity_search nginx "$ITEM_URL" "p99<10ms" 200 --start-rate 1000 --max-rate 64000
}
capacity_report() {
  echo "## Capacity searches against services of known capacity"
  echo
  echo "\`client.jar capacity --slo 'p50<1.5 x S ms' --step-seconds 3 --threads 4K --start-rate capacity/4\`"
  echo "against \`SlotServer K S\` (client/src/test/java/io/phaseload/client/testing/SlotServer.java: every"
  echo "request holds one of K slots for S ms), whose capacity is stated before the search: K / S"
  echo "requests per second. Each search is a fresh process; the search stops at a resolution of 5 %."
  echo
  echo "| server | stated capacity (/s) | search | found (/s) | off by | broke at (/s) | stop | steps | generator-limited | exit | wall (s) | mean slot hold (ms) | K / hold (/s) |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: | ---: |"
  local k s r known row found held
  for ks in "${CAP_SERVERS[@]}"; do
    read -r k s <<<"$ks"
    known=$((k * 1000 / s))
    for ((r = 1; r <= CAP_ROUNDS; r++)); do
      row=$(cat "$WORK/cap-slot-$k-$s-$r.row")
      found=$(cut -d'|' -f1 <<<"$row" | tr -d ,)
      held=$(python3 -c "import sys; a, h = map(int, open(sys.argv[1]).read().split()); b, i = map(int, open(sys.argv[2]).read().split()); m = (i - h) / (b - a) / 1e6; print(f'{m:.3f} | {$k * 1000 / m:,.0f}')" "$WORK/held-$k-$s-$r.before" "$WORK/held-$k-$s-$r.after")
      echo "| SlotServer $k x $s ms | $(thousands $known) | $r | $(cut -d'|' -f1 <<<"$row") | $(python3 -c "print('-' if '$found' == '-' else f'{(float($found) / $known - 1) * 100:+.1f} %')") | $(cut -d'|' -f2- <<<"$row" | sed 's/|/ | /g') | $held |"
    done
  done
  echo
  echo "K / hold is the capacity the slots really gave: K over their mean hold as SlotServer measured"
  echo "it (\`GET /held\`), which a late wake-up on a busy machine lengthens past S. A search that lands"
  echo "between K / hold and 5 % below it found the service's capacity to its resolution."
  echo
  echo "Against nginx (\`/items/1\`, a fixed body from memory, one worker; capacity not known"
  echo "beforehand), \`--slo 'p99<10ms' --threads 200 --start-rate 1000 --max-rate 64000\`:"
  echo
  echo "| found (/s) | broke at (/s) | stop | steps | generator-limited | exit | wall (s) |"
  echo "| ---: | ---: | --- | ---: | --- | ---: | ---: |"
  echo "| $(sed 's/|/ | /g' "$WORK/cap-nginx.row") |"
  echo
  echo "The nginx search's steps:"
  echo
  echo '```'
  sed -n '/^Steps/,$p' "$WORK/cap-nginx.txt" | grep -v '^JSON: '
  echo '```'
  echo
  echo "A search that stopped on \"generator\" measured the generator's limit, not nginx's: its late"
  echo "arrivals came while threads were free, so nginx holds at least the last rate that held, and"
  echo "its capacity needs more generator CPU (\`--engine loop\`, or shards on other machines)."
}

if [[ "$ONLY" == capacity ]]; then
  capacity_section
  {
    echo "# Benchmarks: the capacity search"
    echo
    echo "Produced by \`$CMD\` on $(date -u '+%Y-%m-%d %H:%M UTC'). Machine: $(nproc) cores,"
    echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), Linux $(uname -r), $JDK."
    echo "Everything on 127.0.0.1; other work may share the machine."
    echo
    capacity_report
  } >"$OUT"
  cat "$OUT"
  exit 0
fi

if [[ "$ONLY" == merge ]]; then
  merge_section
  {
    echo "# Benchmarks: merging shards' records"
    echo
    echo "Produced by \`$CMD\` on $(date -u '+%Y-%m-%d %H:%M UTC'). Machine: $(nproc) cores,"
    echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), Linux $(uname -r), $JDK,"
    echo "$(free -g | awk '/^Mem:/ {print $2}') GiB of memory."
    echo
    merge_report
  } >"$OUT"
  cat "$OUT"
  exit 0
fi

if [[ "$ONLY" == open ]]; then
  open_section
  {
    echo "# Benchmarks: the open model"
    echo
    echo "Produced by \`$CMD\` on $(date -u '+%Y-%m-%d %H:%M UTC'). Machine: $(nproc) cores,"
    echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), Linux $(uname -r), $JDK,"
    echo "\`ulimit -n\` $NOFILE. Everything on 127.0.0.1; other work may share the machine."
    echo
    open_report
  } >"$OUT"
  cat "$OUT"
  exit 0
fi

# One server.jar per JDK compared, all started now; the idle ones cost next to nothing.
SERVER_URLS=(); SERVER_JDK_NAMES=()
for j in "${SERVER_JAVAS[@]}"; do
  port=$(free_port)
  "$j" -jar "$WORK/server.jar" --port "$port" >"$WORK/server-$port.log" 2>&1 &
  PIDS+=("$!")
  SERVER_URLS+=("http://127.0.0.1:$port$CONTRACT_PATH")
  SERVER_JDK_NAMES+=("$("$j" -version 2>&1 | head -1 | sed 's/.*version "\([^"]*\)".*/\1/')")
  wait_http "http://127.0.0.1:$port/health" 30 || die "server.jar on $j did not start: $(cat "$WORK/server-$port.log")"
done

ab_rate() { ab -q -k -c "$CONNS" -n "$2" "$1" 2>/dev/null | awk '/Requests per second/ {print $4}'; }
# phaseload: one phase of CONNS threads; its own reported throughput (successful requests per
# second of the phase's wall time). Extra arguments pass through (e.g. --engine jersey).
pl_rate() {
  local url=$1 iters=$2; shift 2
  local out; out=$("$JAVA" -jar "$WORK/client.jar" "$CONNS" "$iters" --url "$url" --phases 1.0 -q "$@")
  grep -q "^Failed requests: 0 " <<<"$out" || die "phaseload failures against $url: $(grep '^Failed' <<<"$out")"
  sed -n 's/^Overall throughput across all phases: \([0-9.]*\).*/\1/p' <<<"$out"
}

# Warm server.jar until its rate settles, unmeasured. C2 compiles Jersey's request path for tens
# of seconds when wrk and other work share the cores; a fixed 8 s warm-up left the first rounds
# at a third of the later ones. Settled: two 3 s runs in a row within 10% (15 s at least, 90 s at
# most, then it goes on regardless).
warm() {
  local start=$SECONDS prev=0 r
  while true; do
    r=$(wrk_rate "$1" 3)
    if ((SECONDS - start >= 15)) \
      && python3 -c "import sys; sys.exit(0 if $prev > 0 and abs($r - $prev) <= 0.1 * $prev else 1)"; then
      break
    fi
    ((SECONDS - start < 90)) || break
    prev=$r
  done
  echo $((SECONDS - start))
}
WARM_SECS=()
for i in "${!SERVER_URLS[@]}"; do
  log "warming server.jar on JDK ${SERVER_JDK_NAMES[$i]}"
  WARM_SECS+=("$(warm "${SERVER_URLS[$i]}")")
done
pl_rate "$NGINX_URL" 500 --contract >/dev/null

# Each round measures nginx and then every server.jar back to back, so that their ratio compares
# rates taken seconds apart under the same load on the machine; likewise the contract, the plain
# request and the templated one, each 250,000 requests (the contract sends two per iteration).
declare -a W A P C D J
declare -A S
for r in $(seq "$ROUNDS"); do
  log "round $r/$ROUNDS"
  W+=("$(wrk_rate "$NGINX_URL")")
  for i in "${!SERVER_URLS[@]}"; do S[$i]="${S[$i]:-} $(wrk_rate "${SERVER_URLS[$i]}")"; done
  P+=("$(pl_rate "$NGINX_URL" 2500 --contract)")
  C+=("$(pl_rate "$ITEM_URL" 5000 -X GET)")
  D+=("$(pl_rate "http://127.0.0.1:$NPORT" 5000 --scenario "$WORK/items.yaml" --seed "$ITEM_SEED")")
  A+=("$(ab_rate "$NGINX_URL" 200000)")
  J+=("$(pl_rate "$NGINX_URL" 400 --contract --engine jersey)")
done
# Per-round ratios of the rates in $1 to those in $2 (default: wrk's against nginx) of the same
# rounds.
ratios() { python3 -c "import sys; a=sys.argv[1].split(); b=sys.argv[2].split(); print(' '.join(f'{float(x)/float(y):.2f}' for x, y in zip(a, b)))" "$1" "${2:-${W[*]}}"; }
MW=$(median "${W[@]}"); MA=$(median "${A[@]}"); MP=$(median "${P[@]}"); MJ=$(median "${J[@]}")
for i in "${!SERVER_URLS[@]}"; do kill "${PIDS[$i]}" 2>/dev/null || true; done

# The open model, on a machine quiet again but for nginx.
open_section

# The machine's TcpExt counter NAME (/proc/net/netstat).
#   tcpext NAME
tcpext() { awk -v k="$1" '/^TcpExt:/ {if (!h) {for (i = 2; i <= NF; i++) if ($i == k) c = i; h = 1} else print $c}' /proc/net/netstat; }

# 10,000 threads x 10 iterations against a fresh server.jar: 370,000 requests, once as it runs by
# default and once with --no-inline. The peak phase opens 10,000 connections at once, more than
# the accept queue holds (the server asks for 16,384; net.core.somaxconn caps it), so the figures
# include the kernel's listen-queue overflows during the run (/proc/net/netstat, TcpExt: counted
# for the whole machine): each is a handshake dropped, which the client's kernel retries after 1,
# 3, 7 s, and a connection still not accepted after --connect-timeout (5 s) is a connect failure.
# The server accepts on a selector thread that serves no connection, so the queue drains while
# requests run.
declare -A BIG
big_run() {
  local mode=$1; shift
  local port; port=$(free_port)
  "$JAVA" -jar "$WORK/server.jar" --port "$port" "$@" >"$WORK/server-$mode.log" 2>&1 &
  local pid=$!; PIDS+=("$pid")
  wait_http "http://127.0.0.1:$port/health" 30 || die "server.jar $* did not start: $(cat "$WORK/server-$mode.log")"
  BIG[$mode,port]=$port BIG[$mode,pid]=$pid
  BIG[$mode,timewait]=$(($(ss -Htan state time-wait | wc -l)))
  local overflows=$(tcpext ListenOverflows) timeouts=$(tcpext TCPTimeouts) start=$(date +%s.%N)
  set +e
  /usr/bin/time -f "%M" -o "$WORK/client-$mode.rss" "$JAVA" -Xmx2g -jar "$WORK/client.jar" 10000 10 \
    127.0.0.1 "$port" -q >"$WORK/big-$mode.txt" 2>"$WORK/big-$mode.err"
  BIG[$mode,code]=$?
  set -e
  BIG[$mode,secs]=$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")
  BIG[$mode,overflows]=$(($(tcpext ListenOverflows) - overflows))
  BIG[$mode,timeouts]=$(($(tcpext TCPTimeouts) - timeouts))
  BIG[$mode,server_hwm]=$(awk '/VmHWM/ {print int($2/1024)}' "/proc/$pid/status")
  local stats; stats=$(curl -fs "http://127.0.0.1:$port/stats")
  BIG[$mode,received]=$(python3 -c "import json,sys; e=json.loads(sys.argv[1])['endpoints']; p=sys.argv[2]; print(e.get('GET '+p,0)+e.get('POST '+p,0))" "$stats" "$CONTRACT_PATH")
  BIG[$mode,client_rss]=$(($(tail -1 "$WORK/client-$mode.rss") / 1024))
  BIG[$mode,reasons]=$(sed -n '/^Failure reasons:/,/^[^ ]/ {/^  /p}' "$WORK/big-$mode.txt" | xargs | sed 's/ *$//')
}
log "10,000 threads x 10 iterations"
big_run inline
log "10,000 threads x 10 iterations, server.jar --no-inline"
big_run noinline --no-inline
kill "${BIG[noinline,pid]}" 2>/dev/null || true
SPORT=${BIG[inline,port]}
big() { sed -n "s/^$2: \([0-9.]*\).*/\1/p" "$WORK/big-$1.txt"; }
# One table row: a figure, then its value for each server mode.
big_row() { echo "| $1 | $2 | $3 |"; }

log "recording cost"
STATS_LINE=$("$JAVA" -Xmx3g -cp "$WORK/client.jar" io.phaseload.client.bench.StatsBench 1000 10000 5)
kv() { sed -n "s/.*\b$1=\([0-9.]*\).*/\1/p" <<<"$STATS_LINE"; }

merge_section
capacity_section

log "fidelity against /work?ms=20"
WORK_URL="http://127.0.0.1:$SPORT/work?ms=20"
WRK_P50=$(wrk -t2 -c"$CONNS" -d"${SECS}s" --latency "$WORK_URL" 2>/dev/null | awk '$1 == "50%" {print $2}')
PL_FID=$("$JAVA" -jar "$WORK/client.jar" "$CONNS" 100 --url "$WORK_URL" --phases 1.0 -q)
PL_P50=$(sed -n 's/^Median latency: \([0-9.]*\) ms/\1/p' <<<"$PL_FID")

row() { local IFS=' | '; echo "| $* |"; }
{
  echo "# Benchmarks"
  echo
  echo "Produced by \`$CMD\` on $(date -u '+%Y-%m-%d %H:%M UTC'). Machine: $(nproc) cores,"
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
  echo "| phaseload default engine (loop), $CONNS threads x 2500 | nginx | ${P[*]} | $MP | phaseload/wrk **$(ratio "$MP" "$MW")** |"
  echo "| ab -k -c$CONNS -n 200000 | nginx | ${A[*]} | $MA | phaseload/ab **$(ratio "$MP" "$MA")** |"
  echo "| phaseload --engine jersey, $CONNS threads x 400 | nginx | ${J[*]} | $MJ | jersey/wrk **$(ratio "$MJ" "$MW")** |"
  echo
  echo "## Any HTTP service: one plain and one templated request at $CONNS connections"
  echo
  echo "Same rounds as above; in each, wrk, the contract, the plain request and the templated request"
  echo "ran one after the other (the default engine, one phase of $CONNS threads, each 250,000 requests; the"
  echo "contract's is the phaseload row above). nginx answers any path under /items/ with"
  echo "\`$ITEM_ANSWER\` from memory."
  echo
  echo "- wrk: \`wrk -t2 -c$CONNS -d${SECS}s $NGINX_URL\` (GET)"
  echo "- contract: \`client.jar $CONNS 2500 --contract --url $NGINX_URL --phases 1.0\` (GET and POST, bodies checked)"
  echo "- plain: \`client.jar $CONNS 5000 --url $ITEM_URL -X GET --phases 1.0\`"
  echo "- templated: \`client.jar $CONNS 5000 --url http://127.0.0.1:$NPORT --scenario items.yaml --seed $ITEM_SEED --phases 1.0\`,"
  echo "  one request, \`path: $ITEM_TEMPLATE\`"
  echo
  echo "Rates are requests/s; a ratio's median is the median of its per-round ratios."
  echo
  echo "| figure | $(seq -s ' | ' -f 'round %g' "$ROUNDS") | median | target |"
  echo "| --- |$(printf ' ---: |%.0s' $(seq "$ROUNDS")) ---: | --- |"
  any_row() { local name=$1 values=$2 target=${3:-}; echo "| $name | ${values// / | } | $(median $values) | $target |"; }
  any_row "wrk" "${W[*]}"
  any_row "contract" "${P[*]}"
  any_row "plain" "${C[*]}"
  any_row "templated" "${D[*]}"
  any_row "plain/contract" "$(ratios "${C[*]}" "${P[*]}")" "within 10%: >= 0.90"
  any_row "templated/contract" "$(ratios "${D[*]}" "${P[*]}")" "within 25%: >= 0.75"
  any_row "plain/wrk" "$(ratios "${C[*]}")" ">= 0.50"
  any_row "templated/wrk" "$(ratios "${D[*]}")" ">= 0.50"
  echo
  echo "## server.jar against nginx under wrk -t2 -c$CONNS -d${SECS}s (requests/s)"
  echo
  echo "Each round measures nginx (the first row of the table above) and then each server.jar, back to"
  echo "back. Every server.jar was first warmed with 3 s wrk runs until two in a row agreed within 10%"
  echo "(the JIT compiles Jersey's request path for tens of seconds when the cores are shared)."
  echo
  echo "| server.jar on | warm-up (s) | rounds | median | server/nginx by round | ratio of medians | lowest |"
  echo "| --- | ---: | --- | ---: | --- | ---: | ---: |"
  for i in "${!SERVER_URLS[@]}"; do
    read -r -a rates <<<"${S[$i]}"
    rs=$(ratios "${S[$i]}")
    echo "| JDK ${SERVER_JDK_NAMES[$i]} | ${WARM_SECS[$i]} | ${rates[*]} | $(median "${rates[@]}") | $rs | **$(ratio "$(median "${rates[@]}")" "$MW")** | $(tr ' ' '\n' <<<"$rs" | sort -g | head -1) |"
  done
  echo
  echo "## 10,000 threads x 10 iterations against server.jar"
  echo
  echo "Each column a fresh server.jar, one after the other (default first), 370,000 requests from"
  echo "\`client.jar 10000 10\`. The peak phase opens 10,000 connections at once, more than the accept"
  echo "queue holds (\`net.core.somaxconn\` $(sysctl -n net.core.somaxconn)); listen-queue overflows are handshakes the kernel"
  echo "dropped for want of room (the client's kernel retries after 1, 3, 7 s; still not accepted after"
  echo "the 5 s connect timeout is a connect failure). Kernel counters are for the whole machine."
  echo "server.jar accepts on a selector thread of its own: Grizzly accepts one connection per pass of"
  echo "that thread's loop, which, when it also ran whole requests, fell behind a burst."
  echo
  echo "| figure | default (whole requests on the I/O thread) | --no-inline |"
  echo "| --- | ---: | ---: |"
  big_row "exit code" "${BIG[inline,code]}" "${BIG[noinline,code]}"
  big_row "requests sent (phase rule: 18,500 thread runs x 10 x 2 = 370,000)" "$(big inline 'Total number of requests sent')" "$(big noinline 'Total number of requests sent')"
  big_row "successful" "$(big inline 'Total number of Successful responses')" "$(big noinline 'Total number of Successful responses')"
  big_row "failed" "$(sed -n 's/^Failed requests: //p' "$WORK/big-inline.txt")" "$(sed -n 's/^Failed requests: //p' "$WORK/big-noinline.txt")"
  big_row "failure reasons" "${BIG[inline,reasons]:--}" "${BIG[noinline,reasons]:--}"
  big_row "listen-queue overflows during the run (TcpExt ListenOverflows)" "${BIG[inline,overflows]}" "${BIG[noinline,overflows]}"
  big_row "retransmission timeouts during the run (TcpExt TCPTimeouts)" "${BIG[inline,timeouts]}" "${BIG[noinline,timeouts]}"
  big_row "TIME_WAIT sockets at the start" "${BIG[inline,timewait]}" "${BIG[noinline,timewait]}"
  big_row "server received (/stats)" "${BIG[inline,received]}" "${BIG[noinline,received]}"
  big_row "test wall time (s)" "$(big inline 'Test Wall Time')" "$(big noinline 'Test Wall Time')"
  big_row "whole command incl. JVM start (s)" "${BIG[inline,secs]}" "${BIG[noinline,secs]}"
  big_row "throughput (requests/s)" "$(big inline 'Overall throughput across all phases')" "$(big noinline 'Overall throughput across all phases')"
  big_row "client peak RSS (MiB)" "${BIG[inline,client_rss]}" "${BIG[noinline,client_rss]}"
  big_row "server peak RSS (MiB)" "${BIG[inline,server_hwm]}" "${BIG[noinline,server_hwm]}"
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
  echo
  open_report
  echo
  merge_report
  echo
  capacity_report
} >"$OUT"
cat "$OUT"
