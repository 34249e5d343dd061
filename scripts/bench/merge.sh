# Sourced by scripts/bench.sh: the merge of shards' records by `client.jar report`.

thousands() { python3 -c "print(f'{int($1):,}')"; }

# The merge of shards' records: RecordBench writes MERGE_SHARDS record files of one plan, requests
# shaped like a real run's (nothing is sent: no machine here records 100 million requests live),
# then `report` merges them, three times, timed and its peak RSS taken by GNU time.
MERGE_SHARDS=10 MERGE_THREADS=1000 MERGE_ITERATIONS=${MERGE_ITERATIONS:-27027} # 3.7 x 1000 x 27027 = 99,999,900 requests
merge_section() {
  exec 9>>"$LOCK"
  flock 9
  log "merge: $MERGE_SHARDS record files of $MERGE_THREADS x $MERGE_ITERATIONS between them"
  mkdir -p "$WORK/merge"
  "$JAVA" -Xmx2g -cp "$WORK/client.jar" io.phaseload.client.bench.RecordBench "$WORK/merge" \
    "$MERGE_SHARDS" "$MERGE_THREADS" "$MERGE_ITERATIONS" >"$WORK/merge-gen.txt"
  MERGE_FILE_BYTES=$(du -cb "$WORK"/merge/shard-*.plr | tail -1 | cut -f1)
  MERGE_WRITE_MS=$(sed -n 's/.*write_ms=\([0-9]*\).*/\1/p' "$WORK/merge-gen.txt" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  MERGE_HEAP_MIB=$("$JAVA" -XX:+PrintFlagsFinal -version 2>/dev/null | awk '$2 == "MaxHeapSize" {print int($4 / 1048576)}')
  MERGE_SECS=() MERGE_RSS=()
  local r code secs kib
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
  local kib
  read -r MERGE_SECS_3G kib < <(tail -1 "$WORK/merge-time.txt")
  MERGE_RSS_3G=$((kib / 1024))
  flock -u 9
}

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

