# Sourced by scripts/bench.sh: an open-model run at full rate from its first arrival, with as many
# users as arrivals in its first second, so that every user's first arrival comes at once. ROUNDS
# runs of client.jar START_USERS 1 --rate START_USERS --phases 1.0 --phase-seconds 2 against
# nginx's /items/1: each user opens its connection in the setup, before the clock starts
# (OpenedAhead), and the figure is how many arrivals were late all the same (begun over 1 ms after
# their time, phases[0].late), and the latest. FullRateStartTest asserts that every connection was
# opened ahead; how many arrivals are late is the machine's as well, so it is measured here.

START_ROWS=() START_SHARES=()

start_section() {
  local i late max users=${START_USERS:-2000}
  START_N=$((users * 2))
  for ((i = 1; i <= ROUNDS; i++)); do
    log "full-rate start, $users users at $users/s, round $i of $ROUNDS"
    rm -f "$WORK/start.json"
    locked "$JAVA" -jar "$WORK/client.jar" "$users" 1 --url "$ITEM_URL" --rate "$users" \
      --phases 1.0 --phase-seconds 2 -q --json "$WORK/start.json" >/dev/null 2>&1 || true
    read -r late max < <(figures get "$WORK/start.json" \
      '"%s %s" % (d["phases"][0]["late"], d["phases"][0]["maxLateMs"])' 2>/dev/null || echo "- -")
    START_SHARES+=("$(python3 -c "print(round(100 * $late / $START_N, 2))" 2>/dev/null || echo -)")
    START_ROWS+=("| $i | $late | ${START_SHARES[-1]} | $max |")
  done
}

start_report() {
  local share
  share=$(median "${START_SHARES[@]}")
  echo "## A full-rate start"
  echo
  echo "\`client.jar ${START_USERS:-2000} 1 --url URL --rate ${START_USERS:-2000} --phases 1.0 --phase-seconds 2 --json F\`"
  echo "against nginx's /items/1: $(thousands "$START_N") arrivals, the first $(thousands "${START_USERS:-2000}") each a user's first, on a"
  echo "connection opened before the clock started. Late: begun over 1 ms after its time (\`phases[].late\`)."
  echo
  echo "Median of $ROUNDS rounds: $share % late."
  echo
  target "late arrivals, % of all" "$share" '<=' 1.0
  echo
  echo "| round | late | % late | latest, ms |"
  echo "| ---: | ---: | ---: | ---: |"
  printf '%s\n' "${START_ROWS[@]}"
}
