# Sourced by scripts/bench.sh: what a phase change costs the open model. ROUNDS runs at half wrk's
# closed rate at 50 connections, in three equal phases of OPEN_SECS s as the open section runs them
# (client.jar 50 1 --rate R --phases 1.0,1.0,1.0), against nginx's /items/1. Each phase's late
# arrivals (begun over 1 ms after their time) are read from --json: a phase change that costs
# nothing leaves the 2nd phase no later than the 3rd.

CLIFF_ROWS=() CLIFF_2=() CLIFF_3=()

cliff_section() {
  wrk_reference
  local i late l1 l2 l3
  CLIFF_RATE=$(python3 -c "print(round($WRK50 * 0.5))")
  for ((i = 1; i <= ROUNDS; i++)); do
    log "phase change at $CLIFF_RATE/s, round $i of $ROUNDS"
    rm -f "$WORK/cliff.json"
    locked "$JAVA" -jar "$WORK/client.jar" "$OPEN_CONNS" 1 --url "$ITEM_URL" --rate "$CLIFF_RATE" \
      --phases 1.0,1.0,1.0 --phase-seconds "$OPEN_SECS" -q --json "$WORK/cliff.json" >/dev/null 2>&1 || true
    late=$(figures get "$WORK/cliff.json" '" ".join(str(p["late"]) for p in d["phases"])' 2>/dev/null ||
      echo "- - -")
    read -r l1 l2 l3 <<<"$late"
    CLIFF_2+=("$l2") CLIFF_3+=("$l3")
    CLIFF_ROWS+=("| $i | $l1 | $l2 | $l3 | $(ratio "$l2" "$l3") |")
  done
}

cliff_report() {
  local two three
  two=$(median "${CLIFF_2[@]}") three=$(median "${CLIFF_3[@]}")
  echo "## The phase change in the open model"
  echo
  echo "\`client.jar $OPEN_CONNS 1 --url URL --rate $CLIFF_RATE --phases 1.0,1.0,1.0 --phase-seconds $OPEN_SECS --json F\`"
  echo "against nginx's /items/1: $CLIFF_RATE arrivals/s is half wrk's closed rate at 50 connections"
  echo "($WRK50 requests/s, $WRK50_FROM). Each phase's late arrivals, begun over 1 ms after their"
  echo "time (\`phases[].late\`), of $(thousands "$(python3 -c "print($CLIFF_RATE * $OPEN_SECS)")") each."
  echo
  echo "Medians of $ROUNDS rounds: $two late in the 2nd phase, $three in the 3rd. The 1st phase's are the"
  echo "JIT's warm-up; after it, a round's late arrivals come in bursts anywhere in a phase when the two"
  echo "cores, shared with nginx, are short, so single rounds swing both ways and the medians decide."
  echo
  target "late arrivals, 2nd phase / 3rd phase" "$(ratio "$two" "$three")" '<=' 2.0
  echo
  echo "| round | 1st phase late | 2nd phase late | 3rd phase late | 2nd / 3rd |"
  echo "| ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${CLIFF_ROWS[@]}"
}
