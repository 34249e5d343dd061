# Sourced by scripts/bench.sh: a day's record, reported in bounded memory.
#   DayRecord writes the record of an open-model run of DAY_HOURS (default 24) at DAY_RATE
#   arrivals/s (default 10,000: 864 M requests), as a run writes it, nothing sent: no machine here
#   runs a day. Then `client.jar report FILE --json F --html P` reads it under -Xmx256m, timed, its peak RSS
#   taken by GNU time, and a JFR recording of its heap after each GC (jdk.GCHeapSummary).

DAY_HOURS=${DAY_HOURS:-24} DAY_RATE=${DAY_RATE:-10000}

day_section() {
  exec 9>>"$LOCK"
  flock 9
  log "day: writing the record of $DAY_HOURS h at $DAY_RATE/s"
  /usr/bin/time -f '%e %M' -o "$WORK/day-write.time" "$JAVA" -Xmx1g -cp "$WORK/client.jar" \
    io.phaseload.client.bench.DayRecord "$WORK/day.plr" "$DAY_HOURS" "$DAY_RATE" >"$WORK/day-gen.txt" 2>&1 ||
    die "DayRecord failed: $(tail -2 "$WORK/day-gen.txt")"
  read -r DAY_WRITE_SECS DAY_WRITE_KIB < <(tail -1 "$WORK/day-write.time")
  DAY_BYTES=$(stat -c %s "$WORK/day.plr")
  log "day: report under -Xmx256m"
  local code=0
  /usr/bin/time -f '%e %M' -o "$WORK/day-report.time" "$JAVA" -Xmx256m \
    -XX:StartFlightRecording=filename="$WORK/day.jfr",settings=default -jar "$WORK/client.jar" \
    report "$WORK/day.plr" --json "$WORK/day.json" --html "$WORK/day.html" >"$WORK/day-report.txt" 2>&1 || code=$?
  # The synthetic requests include 1 % HTTP 503s, so report exits 1; 2 would be a refusal.
  ((code <= 1)) || die "report exited $code: $(tail -2 "$WORK/day-report.txt")"
  read -r DAY_REPORT_SECS DAY_REPORT_KIB < <(tail -1 "$WORK/day-report.time")
  DAY_PAGE_BYTES=$(stat -c %s "$WORK/day.html")
  # The heap after each GC, its largest: what the report held live.
  DAY_HEAP_AFTER_MIB=$("$(dirname "$(readlink -f "$(command -v "$JAVA")")")/jfr" print --events jdk.GCHeapSummary "$WORK/day.jfr" |
    awk '/when = "After GC"/ {after = 1} after && /heapUsed/ {gsub(/[^0-9.]/, "", $3); v = $3; u = $4;
      if (u ~ /GB/) v *= 1024; else if (u ~ /kB/) v /= 1024; if (v > m) m = v; after = 0} END {printf "%.0f", m}')
  rm -f "$WORK/day.plr" "$WORK/day.jfr"
  flock -u 9
}

day_report() {
  local sent
  sent=$(figures get "$WORK/day.json" 'd["total"]["sent"]' 2>/dev/null || echo 0)
  echo "## A day's record: $DAY_HOURS h at $(thousands "$DAY_RATE") arrivals a second, reported in bounded memory"
  echo
  echo "A run of a day is beyond this machine, so \`DayRecord\` wrote the record one would leave: an"
  echo "open-model run of $DAY_HOURS h at $(thousands "$DAY_RATE")/s, one GET an arrival, written through the"
  echo "run's own \`RecordWriter\` (its pages dropped once on disk), nothing sent. Arrivals due evenly,"
  echo "begun 20 to 80 us after their time, one in 2,000 over a millisecond late; latencies log-normal"
  echo "around 1 ms; one in 100 an HTTP 503. Then \`java -Xmx256m -jar client.jar report F --json F --html P\`,"
  echo "timed by GNU time, its heap after each GC read from a JFR recording."
  echo
  echo "| figure | value |"
  echo "| --- | ---: |"
  echo "| requests in the record (report's total.sent) | $(thousands "$sent") |"
  echo "| record on disk, bytes | $(thousands "$DAY_BYTES") |"
  echo "| bytes per request on disk | $(python3 -c "print(f'{$DAY_BYTES / max(1, $sent):.2f}')") |"
  echo "| writing it (DayRecord, -Xmx1g), wall s, peak RSS MiB | $DAY_WRITE_SECS, $((DAY_WRITE_KIB / 1024)) |"
  echo "| report with -Xmx256m, wall s (JVM start included) | $DAY_REPORT_SECS |"
  echo "| report's peak RSS, MiB | $((DAY_REPORT_KIB / 1024)) |"
  echo "| report's largest heap after a GC, MiB | $DAY_HEAP_AFTER_MIB |"
  echo "| its --html page, bytes | $(thousands "$DAY_PAGE_BYTES") |"
  echo "| report's --json perSecond rows (their length, s) | $(figures get "$WORK/day.json" 'len(d["perSecond"])' 2>/dev/null || echo -) ($(figures get "$WORK/day.json" 'd["perSecond"][0]["seconds"]' 2>/dev/null || echo -)) |"
  echo "| report's p50 / p99 / max, ms | $(figures get "$WORK/day.json" '"%s / %s / %s" % (d["total"]["latencyMs"]["p50"], d["total"]["latencyMs"]["p99"], d["total"]["latencyMs"]["max"])' 2>/dev/null || echo -) |"
  echo
  target "report of a day's record within -Xmx256m (exit 0 or 1, no refusal)" "$DAY_HEAP_AFTER_MIB" '<=' 256
  target "the day's page under 5 MB (bytes)" "$DAY_PAGE_BYTES" '<=' 5000000
}
