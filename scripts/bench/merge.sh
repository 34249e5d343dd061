# Sourced by scripts/bench.sh: the merge of shards' records by `client.jar report`.

thousands() { python3 -c "print(f'{int($1):,}')"; }

# The merge of shards' records: RecordBench writes MERGE_SHARDS record files of one plan, requests
# shaped like a real run's (nothing is sent: no machine here records 100 million requests live),
# then `report` merges them, three times in the issue's bound of 512 MiB of heap, timed and its peak
# RSS taken by GNU time, and once in the default heap.
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
    /usr/bin/time -f '%e %M' -o "$WORK/merge-time.txt" "$JAVA" -Xmx512m -jar "$WORK/client.jar" \
      report "$WORK"/merge/shard-*.plr --json "$WORK/merged.json" >"$WORK/merge-report.txt" 2>&1 || code=$?
    # RecordBench's requests include 1% HTTP 503s, so report exits 1; 2 would be a refusal.
    ((code <= 1)) || die "report exited $code: $(tail -2 "$WORK/merge-report.txt")"
    read -r secs kib < <(tail -1 "$WORK/merge-time.txt")
    MERGE_SECS+=("$secs") MERGE_RSS+=("$((kib / 1024))")
  done
  MERGE_SENT=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["total"]["sent"])' "$WORK/merged.json")
  # The same merge in the default heap: the merge is streamed, so more heap buys the collector room,
  # not a faster merge.
  log "merge: report in the default heap"
  code=0
  /usr/bin/time -f '%e %M' -o "$WORK/merge-time.txt" "$JAVA" -jar "$WORK/client.jar" report \
    "$WORK"/merge/shard-*.plr --json "$WORK/merged-default.json" >"$WORK/merge-report-default.txt" 2>&1 || code=$?
  ((code <= 1)) || die "report exited $code: $(tail -2 "$WORK/merge-report-default.txt")"
  local kib
  read -r MERGE_SECS_DEFAULT kib < <(tail -1 "$WORK/merge-time.txt")
  MERGE_RSS_DEFAULT=$((kib / 1024))
  flock -u 9
}

merge_report() {
  echo "## Merging shards' records: report over $MERGE_SHARDS files of about 10 million requests each"
  echo
  echo "\`RecordBench\` wrote the record files of $MERGE_SHARDS shards of \`client.jar $MERGE_THREADS $MERGE_ITERATIONS\`"
  echo "(the contract's GET and POST; log-normal latencies around 1 ms, 1% HTTP 503s; nothing sent),"
  echo "then \`client.jar report shard-*.plr --json F\` merged them, three times with \`-Xmx512m\`, and once in the default heap."
  echo
  echo "| figure | value |"
  echo "| --- | ---: |"
  echo "| requests in all (3.7 x $MERGE_THREADS x $MERGE_ITERATIONS) | $(thousands $((37 * MERGE_THREADS * MERGE_ITERATIONS / 10))) |"
  echo "| merged total.sent | $(thousands "$MERGE_SENT") |"
  echo "| files, bytes on disk | $(thousands "$MERGE_FILE_BYTES") |"
  echo "| bytes per request on disk (16 in memory) | $(python3 -c "print(f'{$MERGE_FILE_BYTES / ($MERGE_THREADS * $MERGE_ITERATIONS * 3.7):.2f}')") |"
  echo "| writing one file of ~10 M requests, median (ms) | $MERGE_WRITE_MS |"
  echo "| report with -Xmx512m, wall time by run, incl. JVM start (s) | ${MERGE_SECS[*]} |"
  echo "| report with -Xmx512m, wall time, median (s) | $(median "${MERGE_SECS[@]}") |"
  echo "| report with -Xmx512m, peak RSS by run (MiB) | ${MERGE_RSS[*]} |"
  echo "| in the default heap ($MERGE_HEAP_MIB MiB): wall time (s), peak RSS (MiB) | $MERGE_SECS_DEFAULT, $MERGE_RSS_DEFAULT |"
  echo
  echo "The merge is streamed (format 7's frames, \`ShardMerge\`): \`report\` reads each file once for its checks"
  echo "and counts, then every pass of the statistics reads the files again, laying each shard's requests"
  echo "into their one-run slots 65,536 at a time, so the heap holds parts, not the 100 million requests."
  echo "The statistics read the files together (\`SharedPasses\`): the run's, phases' and requests'"
  echo "percentiles and the time series share three passes, where they took six; with the checks, the"
  echo "files are read four times. A thread of its own decodes and lays while the statistics take what it"
  echo "read, so the wall time is the statistics' own work on every request, four times over, where the"
  echo "in-memory merge read each file once and sorted. The target was 512 MiB of heap and no slower than"
  echo "the in-memory merge's 17.4 s median (2026-11-23, 4.8 GB RSS): see the rows above. The union's"
  echo "slots are numbered by int: at most 1,073,741,819 requests, in either model; past that \`report\`"
  echo "refuses in one line before reading a request (MergeLimitTest)."
}
