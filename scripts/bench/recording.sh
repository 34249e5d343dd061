# Sourced by scripts/bench.sh: what recording costs (StatsBench: 1,000 x 10,000 requests recorded,
# then every statistic computed, five times).

recording_section() {
  log "recording cost"
  RECORDING_LINE=$(locked "$JAVA" -Xmx3g -cp "$WORK/client.jar" io.phaseload.client.bench.StatsBench 1000 10000 5)
}

recording_report() {
  kv() { sed -n "s/.*\b$1=\([0-9.]*\).*/\1/p" <<<"$RECORDING_LINE"; }
  echo "## Recording cost (StatsBench: 1000 x 10,000 = $(kv requests) requests)"
  echo
  echo "\`java -Xmx3g -cp client.jar io.phaseload.client.bench.StatsBench 1000 10000 5\`"
  echo
  echo "| figure | value |"
  echo "| --- | ---: |"
  echo "| bytes per request recorded | $(kv bytes_per_request) |"
  echo "| recorder size (MiB) | $(kv recorder_mib) |"
  echo "| all statistics (sort + every group), median of 5 (ms) | $(kv median_ms) |"
  echo "| first (cold) run (ms) | $(kv first_ms) |"
  echo "| heap given (MiB) | $(kv max_heap_mib) |"
}
