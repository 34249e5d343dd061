# Sourced by scripts/bench.sh: what --live with a scraper attached costs the closed model. ROUNDS
# alternating pairs at 50 users against nginx (/items/1), each run about SECS s: the run as the
# closed section runs it, then the same with --live PORT and a scraper reading /metrics every second.

LIVE_ROWS=() LIVE_PLAIN=() LIVE_WITH=()

live_section() {
  wrk_reference
  local i iter plain live pcpu lcpu port scraper
  iter=$(python3 -c "print(max(20, int($WRK50 * $SECS / 50)))")
  for ((i = 1; i <= ROUNDS; i++)); do
    log "--live cost, round $i of $ROUNDS"
    read -r plain pcpu _ < <(closed_phaseload 50 "$iter" --url "$ITEM_URL")
    port=$(free_port)
    (while true; do
      curl -fs --max-time 1 "http://127.0.0.1:$port/metrics" >/dev/null 2>&1 || true
      sleep 1
    done) &
    scraper=$!
    read -r live lcpu _ < <(closed_phaseload 50 "$iter" --url "$ITEM_URL" --live "$port" --live-linger 1s)
    kill "$scraper" 2>/dev/null || true
    wait "$scraper" 2>/dev/null || true
    LIVE_PLAIN+=("$plain") LIVE_WITH+=("$live")
    LIVE_ROWS+=("| $i | $plain | $live | $(ratio "$live" "$plain") | $pcpu | $lcpu |")
  done
}

live_report() {
  local plain with
  plain=$(median "${LIVE_PLAIN[@]}") with=$(median "${LIVE_WITH[@]}")
  echo "## What --live with a scraper costs the closed model"
  echo
  echo "\`client.jar 50 I --url URL --phases 1.0 --json F\` against nginx's /items/1 (I = wrk's rate at"
  echo "50 connections, $WRK50 requests/s, x ${SECS} s / 50; wrk's rate: $WRK50_FROM), beside the"
  echo "same with \`--live PORT --live-linger 1s\` and a scraper reading \`/metrics\` every second;"
  echo "alternating, without first. Rate as in the closed section (requests completed over phaseload's"
  echo "\`phaseSeconds\`); CPU us per request, start-up included."
  echo
  echo "Median without $plain requests/s, with $with requests/s."
  echo
  target "rate with --live and a scraper / without" "$(ratio "$with" "$plain")" '>=' 0.97
  echo
  echo "| round | without req/s | with --live and a scraper req/s | with / without | CPU without | CPU with |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${LIVE_ROWS[@]}"
}
