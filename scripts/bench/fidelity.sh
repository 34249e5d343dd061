# Sourced by scripts/bench.sh: fidelity, the median latency of server.jar's /work?ms=20 (answers
# after 20 ms) at 50 connections, from wrk --latency and from phaseload.

fidelity_section() {
  local port
  port=$(free_port)
  start_server_jar "$WORK/server.jar" "$port" "$WORK/server-fidelity.log"
  PIDS+=("$SERVER_PID")
  FIDELITY_URL="http://127.0.0.1:$port/work?ms=20"
  log "fidelity against /work?ms=20"
  # A first run of each, unmeasured, warms server.jar's JIT.
  locked wrk -t2 -c50 -d5s "$FIDELITY_URL" >/dev/null 2>&1 || true
  locked wrk -t2 -c50 -d5s --latency "$FIDELITY_URL" >"$WORK/fidelity-wrk.txt" 2>&1 || true
  FIDELITY_WRK=$(figures p50 wrk "$WORK/fidelity-wrk.txt" 2>/dev/null || echo -)
  locked "$JAVA" -jar "$WORK/client.jar" 50 100 --url "$FIDELITY_URL" --phases 1.0 -q \
    --json "$WORK/fidelity.json" >/dev/null 2>&1 || true
  FIDELITY_PL=$(figures get "$WORK/fidelity.json" 'd["total"]["latencyMs"]["p50"]' 2>/dev/null || echo -)
  kill "$SERVER_PID" 2>/dev/null || true
}

fidelity_report() {
  off() { python3 -c "import sys; print(f'{float(sys.argv[1]) - 20:.2f}')" "$1" 2>/dev/null || echo -; }
  echo "## Fidelity: /work?ms=20 at 50 connections"
  echo
  echo "server.jar's \`/work?ms=20\` answers after 20 ms; \`wrk -t2 -c50 -d5s --latency\` (after one run"
  echo "unmeasured), then \`client.jar 50 100 --url URL --phases 1.0 --json F\` (total.latencyMs.p50)."
  echo
  echo "| driver | median latency (ms) | off by (ms) |"
  echo "| --- | ---: | ---: |"
  echo "| wrk --latency | $FIDELITY_WRK | $(off "$FIDELITY_WRK") |"
  echo "| phaseload | $FIDELITY_PL | $(off "$FIDELITY_PL") |"
}
