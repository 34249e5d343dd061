# Sourced by scripts/bench.sh: long runs by time against nginx's /items/1, and what they hold.
#   closed  client.jar 50 --for SOAK_MINUTES m --url URL -q --record F
#   open    the same with --rate R, R half the closed soak's rate
# Every 10 s of each soak: the client's RSS (VmRSS of /proc/PID/status), its heap (jstat -gc of the
# run's JDK: used, and what the last GC left) and the record file's bytes on disk; one
# `jstat -gc -t PID 10000` per soak (one JVM, not one per sample), each line it prints the moment
# RSS and the file are read (soak_samples.py), and two full GCs forced with jcmd (minute 2 and the
# end) so that the live heap is measured there. Then the cost of streaming the record: ROUNDS
# alternating rounds of SECS s of client.jar 50 --for with --record, the same without, and
# wrk -t2 -c50; and the time and peak RSS of client.jar report over the closed soak's record.
# SOAK_MINUTES: each soak's length (default 30, the issue's).

SOAK_MINUTES=${SOAK_MINUTES:-30} SOAK_USERS=50 SOAK_EVERY=10
[[ "$SOAK_MINUTES" =~ ^[1-9][0-9]*$ ]] || die "SOAK_MINUTES must be a positive number, got $SOAK_MINUTES" 2
SOAK_ROWS_REC=() SOAK_ROWS_NOREC=() SOAK_ROWS_WRK=() SOAK_CPU_REC=() SOAK_CPU_NOREC=()

# The JDK tool beside the java that runs the client (jstat), so that it can attach to it.
soak_jdk_tool() { echo "$(dirname "$(readlink -f "$(command -v "$JAVA")")")/$1"; }

# One soak: client.jar with FLAGS under the lock, sampled while it runs; leaves
# $WORK/soak-NAME.{rec,json,txt,samples}, the samples as soak_samples.py prints them.
#   soak_run NAME FLAGS...
soak_run() {
  local name=$1 lock_pid pid jstat
  jstat=$(soak_jdk_tool jstat)
  [[ -x "$jstat" && -x "$(soak_jdk_tool jcmd)" ]] || die "no jstat and jcmd beside $JAVA: the soak samples the heap with them"
  rm -f "$WORK/soak-$name".*
  # flock itself (locked's command, not the function): a job of one command runs as that
  # command, and flock runs java as its child once it holds the lock.
  flock "$LOCK" "$JAVA" -jar "$WORK/client.jar" "$SOAK_USERS" --for "${SOAK_MINUTES}m" --url "$ITEM_URL" -q \
    --record "$WORK/soak-$name.rec" --json "$WORK/soak-$name.json" "${@:2}" >"$WORK/soak-$name.txt" 2>&1 &
  lock_pid=$!
  PIDS+=("$lock_pid")
  until pid=$(pgrep -P "$lock_pid" -x java); do
    kill -0 "$lock_pid" 2>/dev/null || break
    sleep 0.2
  done
  if [[ -n "$pid" ]]; then
    PIDS+=("$pid")
    "$jstat" -gc -t "$pid" "${SOAK_EVERY}000" 2>/dev/null | python3 scripts/bench/soak_samples.py \
      "$pid" "$WORK/soak-$name.rec" "$((SOAK_MINUTES * 60))" "$(soak_jdk_tool jcmd)" \
      >"$WORK/soak-$name.samples" || true
  fi
  wait "$lock_pid" || log "soak $name ended with exit $?: $(tail -3 "$WORK/soak-$name.txt")"
}

# One round of the streaming cost: phaseload by time, with or without --record; prints figures.py
# closed's "RATE CPU_US COMPLETED SECONDS".
#   soak_cost_phaseload FLAGS...
soak_cost_phaseload() {
  rm -f "$WORK/cost.json" "$WORK/cost.rec"
  timed "$WORK/cpu" "$JAVA" -jar "$WORK/client.jar" "$SOAK_USERS" --for "${SECS}s" --url "$ITEM_URL" -q \
    --json "$WORK/cost.json" "$@" >"$WORK/cost.txt" 2>&1 || true
  figures closed phaseload "$WORK/cost.json" "$WORK/cpu"
}

soak_section() {
  local i r
  log "closed soak: $SOAK_USERS users for $SOAK_MINUTES min"
  soak_run closed
  SOAK_CLOSED_RATE=$(figures closed phaseload "$WORK/soak-closed.json" | cut -d' ' -f1)
  [[ "$SOAK_CLOSED_RATE" =~ ^[0-9]+$ ]] || die "the closed soak gave no rate: $(tail -3 "$WORK/soak-closed.txt")"
  SOAK_RATE=$((SOAK_CLOSED_RATE / 2))
  log "open soak: $SOAK_RATE arrivals/s (half of $SOAK_CLOSED_RATE) for $SOAK_MINUTES min"
  soak_run open --rate "$SOAK_RATE"
  for ((i = 1; i <= ROUNDS; i++)); do
    log "streaming cost, round $i of $ROUNDS"
    read -r -a r < <(soak_cost_phaseload --record "$WORK/cost.rec")
    SOAK_ROWS_REC+=("${r[0]}") SOAK_CPU_REC+=("${r[1]}")
    read -r -a r < <(soak_cost_phaseload)
    SOAK_ROWS_NOREC+=("${r[0]}") SOAK_CPU_NOREC+=("${r[1]}")
    SOAK_ROWS_WRK+=("$(closed_wrk "$SOAK_USERS" "$SECS" "$ITEM_URL" | cut -d' ' -f1)")
  done
  log "report over the closed soak's record"
  locked /usr/bin/time -f '%e %M' -o "$WORK/report.time" "$JAVA" -jar "$WORK/client.jar" report \
    "$WORK/soak-closed.rec" >"$WORK/report.txt" 2>&1 || log "report ended with exit $?: $(tail -3 "$WORK/report.txt")"
  read -r SOAK_REPORT_SECS SOAK_REPORT_KIB < <(tail -1 "$WORK/report.time") || true
  SOAK_REPORT_REQUESTS=$(figures get "$WORK/soak-closed.json" 'd["total"]["sent"]' 2>/dev/null || echo -)
}

# The figures and the samples table of one soak.
#   soak_table NAME
soak_table() {
  local name=$1
  python3 - "$WORK/soak-$name.samples" "$WORK/soak-$name.json" "$name" <<'PY'
import json, sys
samples, js, name = sys.argv[1:]
rows = [tuple(map(float, l.split())) for l in open(samples) if l.strip()]
try:
    d = json.load(open(js))
    t = d["total"]
    print(f"Requests sent {t['sent']:,}, ok {t['ok']:,}, failed {t['failed']:,}, not sent {t['notSent']:,};"
          f" {t['ok'] / d['phaseSeconds']:,.0f} ok/s over {d['phaseSeconds']:.1f} s"
          f"{'; PARTIAL: ' + str(d['stopReason']) if d['partial'] else ''}.")
except (OSError, ValueError, KeyError) as e:
    print(f"No --json from the {name} soak ({e}).")
print()
print("| s since JVM start | RSS MiB | heap used MiB | heap after last GC MiB | GCs | record MiB |")
print("| ---: | ---: | ---: | ---: | ---: | ---: |")
for s, rss, after, used, gcs, size, forced in rows:
    mark = " (forced full GC)" if forced else ""
    print(f"| {s:.0f} | {rss / 1024:.0f} | {used / 1024:.0f} | {after / 1024:.0f}{mark} | {gcs:.0f} | {size / 2**20:.1f} |")
PY
}

# "SECS RSS HEAP_AFTER_GC RECORD" (MiB) at the first or the last sample after a forced full GC of
# soak NAME (if none was taken: the sample nearest 120 s, or the last).
#   soak_at NAME first|last
soak_at() {
  python3 - "$WORK/soak-$1.samples" "$2" <<'PY'
import sys
rows = [tuple(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
forced = [r for r in rows if r[6]]
if forced:
    r = forced[0] if sys.argv[2] == "first" else forced[-1]
else:
    r = min(rows, key=lambda r: abs(r[0] - 120)) if sys.argv[2] == "first" else rows[-1]
print(f"{r[0]:.0f} {r[1] / 1024:.0f} {r[2] / 1024:.0f} {r[5] / 2**20:.1f} {'forced' if forced else 'not'}")
PY
}

# The heap after GC at the first sample from 10 s, per request the whole run sent (a recording
# allocated up front shows here), and the peak RSS and heap used with their times.
#   soak_early_and_peak NAME
soak_early_and_peak() {
  python3 - "$WORK/soak-$1.samples" "$WORK/soak-$1.json" <<'PY' || true
import json, sys
rows = [tuple(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
d = json.load(open(sys.argv[2]))
sent = d["total"]["sent"]
early = next((r for r in rows if r[0] >= 10), rows[-1])
rss = max(rows, key=lambda r: r[1])
used = max(rows, key=lambda r: r[3])
print(f"At {early[0]:.0f} s the heap after the last GC was {early[2] / 1024:.0f} MiB, "
      f"{early[2] * 1024 / sent:.1f} bytes per request of the {sent:,} the run sent in all. "
      f"Peak RSS {rss[1] / 1024:.0f} MiB at {rss[0]:.0f} s, peak heap used {used[3] / 1024:.0f} MiB at "
      f"{used[0]:.0f} s (the load: {d['phaseSeconds']:.0f} s, from {d['setupSeconds']:.1f} s of setup"
      f" after the JVM's start; a sample after that is the run's end, its summary computed).")
PY
}

soak_report() {
  local name t0 rss0 heap0 rec0 f0 t1 rss1 heap1 rec1 f1 per
  echo "## Soak: $SOAK_MINUTES-minute runs by time against nginx's /items/1"
  echo
  echo "Each soak ran **$SOAK_MINUTES minutes** (SOAK_MINUTES=$SOAK_MINUTES; the issue's soak is 30)."
  echo "Sampled every $SOAK_EVERY s (one \`jstat -gc -t PID 10000\` of the JDK above; at each line it prints, the"
  echo "rest read): the client's RSS (\`VmRSS\`, /proc/PID/status); its heap used (S0U + S1U + EU + OU, eden"
  echo "included, live or not); its heap after the last GC (S0U + S1U + OU: survivor and old, eden left"
  echo "out as every GC empties it); and the record file's bytes on disk. The client allocates so little"
  echo "outside its recording that GCs are rare and the after-GC figure can be minutes old, so two full"
  echo "GCs are forced (\`jcmd PID GC.run\`): at minute 2 and about 25 s before the end; the sample after"
  echo "each holds the live heap, and the growth below is between those two. A run by time, closed or"
  echo "open, allocates a page of its recording as it fills it and drops it once it is on disk, so the"
  echo "live heap holds what is in flight, not the run."
  for name in closed open; do
    echo
    if [[ $name == closed ]]; then
      echo "### Closed: \`client.jar $SOAK_USERS --for ${SOAK_MINUTES}m --url URL -q --record F --json F\`"
    else
      echo "### Open: \`client.jar $SOAK_USERS --rate $SOAK_RATE --for ${SOAK_MINUTES}m --url URL -q --record F --json F\`"
      echo
      echo "$SOAK_RATE arrivals/s: half the closed soak's $SOAK_CLOSED_RATE ok/s (\`figures.py closed\` of its --json)."
    fi
    echo
    if [[ ! -s "$WORK/soak-$name.samples" ]]; then
      echo "No samples were taken; the run's last line: $(tail -1 "$WORK/soak-$name.txt" 2>/dev/null)"
      continue
    fi
    read -r t0 rss0 heap0 rec0 f0 < <(soak_at "$name" first) || true
    read -r t1 rss1 heap1 rec1 f1 < <(soak_at "$name" last) || true
    per=$(python3 -c "
import json, os
d = json.load(open('$WORK/soak-$name.json'))
print(f\"{os.path.getsize('$WORK/soak-$name.rec') / d['total']['sent']:.2f}\")" 2>/dev/null || echo -)
    [[ "$f0" == forced ]] || echo "(No forced GC was sampled: the figures are the samples nearest 120 s and the last.)"
    echo "From ${t0} s to ${t1} s: RSS $rss0 -> $rss1 MiB ($(ratio "$rss1" "$rss0") x), live heap after"
    echo "the forced GC $heap0 -> $heap1 MiB ($(ratio "$heap1" "$heap0") x), record $rec0 -> $rec1 MiB. On disk: $per bytes"
    echo "per request sent (the final file over --json's total.sent)."
    soak_early_and_peak "$name"
    echo
    target "heap at the end within 10 % of minute 2 ($name, MiB)" "$heap1" '<=' \
      "$(python3 -c "print(round($heap0 * 1.1))")"
    echo
    soak_table "$name"
  done
  echo
  echo "### The cost of streaming the record"
  echo
  echo "$ROUNDS alternating rounds of ${SECS} s: \`client.jar $SOAK_USERS --for ${SECS}s --url URL -q --json F --record F\`,"
  echo "the same without \`--record\`, and \`wrk -t2 -c$SOAK_USERS -d${SECS}s URL\`. Rate: ok over phaseSeconds"
  echo "(figures.py). CPU: user + system per request, JVM start included. A run by time without"
  echo "\`--record\` streams to a temporary record of its own, so both phaseload columns write one: their"
  echo "ratio is the rounds' noise, and record / wrk is the cost."
  echo
  echo "| round | with --record | without | wrk | record / no record | record / wrk | CPU us/req with | without |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  local i rr rw
  read -r -a rr < <(ratios "${SOAK_ROWS_REC[*]}" "${SOAK_ROWS_NOREC[*]}")
  read -r -a rw < <(ratios "${SOAK_ROWS_REC[*]}" "${SOAK_ROWS_WRK[*]}")
  for ((i = 0; i < ROUNDS; i++)); do
    echo "| $((i + 1)) | ${SOAK_ROWS_REC[i]} | ${SOAK_ROWS_NOREC[i]} | ${SOAK_ROWS_WRK[i]} | ${rr[i]} | ${rw[i]} | ${SOAK_CPU_REC[i]} | ${SOAK_CPU_NOREC[i]} |"
  done
  echo "| median | $(median "${SOAK_ROWS_REC[@]}") | $(median "${SOAK_ROWS_NOREC[@]}") | $(median "${SOAK_ROWS_WRK[@]}") | $(median "${rr[@]}") | $(median "${rw[@]}") | $(median "${SOAK_CPU_REC[@]}") | $(median "${SOAK_CPU_NOREC[@]}") |"
  echo
  target "rate with --record / wrk's" "$(median "${rw[@]}")" '>=' 0.95
  echo
  echo "### Report over the closed soak's record"
  echo
  echo "\`/usr/bin/time -f '%e %M' java -jar client.jar report F\` over the closed soak's file"
  echo "($(thousands "$SOAK_REPORT_REQUESTS" 2>/dev/null || echo "$SOAK_REPORT_REQUESTS") requests):"
  echo "${SOAK_REPORT_SECS:-?} s wall, peak RSS $(python3 -c "print(round(${SOAK_REPORT_KIB:-0} / 1024))") MiB."
}
