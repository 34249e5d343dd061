# Sourced by scripts/bench.sh: the closed model against nginx (/items/1) at 50, 200 and 1,000
# connections, ROUNDS alternating rounds of wrk -t2, phaseload's two engines, hey and h2load, each
# run about SECS s, its rate and CPU per request measured in that same run. phaseload's and
# h2load's runs are sized by count (wrk's rate of the round x SECS), the others by time.

CLOSED_CONNS=(50 200 1000)
CLOSED_GENS=(wrk loop threads hey h2load)
declare -A CLOSED_RATE CLOSED_CPU
CLOSED_ROWS=()

closed_section() {
  local conns i g wr wc iter
  for conns in "${CLOSED_CONNS[@]}"; do
    declare -A rates=() cpus=()
    for ((i = 1; i <= ROUNDS; i++)); do
      log "closed model, $conns connections, round $i of $ROUNDS"
      declare -A r=() c=()
      read -r r[wrk] c[wrk] _ < <(closed_wrk "$conns" "$SECS" "$ITEM_URL")
      wr=${r[wrk]}
      [[ "$wr" =~ ^[0-9]+$ ]] || wr=1000 # wrk failed: phaseload and h2load still run, briefly
      iter=$(python3 -c "print(max(20, int(float('$wr') * $SECS / $conns)))")
      read -r r[loop] c[loop] _ < <(closed_phaseload "$conns" "$iter" --url "$ITEM_URL" --engine loop)
      read -r r[threads] c[threads] _ < <(closed_phaseload "$conns" "$iter" --url "$ITEM_URL" --engine threads)
      read -r r[hey] c[hey] _ < <(closed_hey "$conns" "$SECS" "$ITEM_URL")
      read -r r[h2load] c[h2load] _ < <(closed_h2load "$conns" "$((iter * conns))" "$ITEM_URL")
      local row="| $conns | $i |" cpu_row=""
      for g in "${CLOSED_GENS[@]}"; do
        rates[$g]+=" ${r[$g]}" cpus[$g]+=" ${c[$g]}"
        row+=" ${r[$g]} |" cpu_row+=" ${c[$g]} |"
      done
      CLOSED_ROWS+=("$row $(ratio "${r[loop]}" "${r[wrk]}") |$cpu_row $(ratio "${c[loop]}" "${c[wrk]}") |")
      unset r c
    done
    for g in "${CLOSED_GENS[@]}"; do
      # shellcheck disable=SC2086 # the rounds' figures, one word each
      CLOSED_RATE[$conns,$g]=$(median ${rates[$g]}) CLOSED_CPU[$conns,$g]=$(median ${cpus[$g]})
    done
    unset rates cpus
  done
  WRK50=${CLOSED_RATE[50,wrk]} WRK50_FROM="the closed section's median at 50 connections"
}

closed_report() {
  local conns g row
  echo "## Closed model against nginx at 50, 200 and 1,000 connections"
  echo
  echo "N connections, each generator for about ${SECS} s: \`wrk -t2 -cN -d${SECS}s\`, \`hey -z ${SECS}s -c N\`,"
  echo "\`h2load --h1 -t2 -cN -n M\` (M = wrk's rate in the round x ${SECS} s), and phaseload"
  echo "\`client.jar N I --url URL --phases 1.0 --engine E --json F\` (I = M / N), on the event loops"
  echo "(\`loop\`, the default) and a thread per user (\`threads\`); all against nginx's \`$ITEM_ANSWER\`"
  echo "at /items/1. The generators alternate within each round, in the order of the columns."
  echo
  echo "Rate, the same for every generator: requests completed with 2xx over the seconds the generator"
  echo "measured them in, first request to last, as it reports that span (wrk \"N requests in D\", hey"
  echo "\"Total\", h2load \"finished in\", phaseload's \`phaseSeconds\` in --json); phaseload's JIT warm-up"
  echo "is inside its ${SECS} s, as wrk's first connections are inside its own. CPU: the process's"
  echo "user + system time (GNU time, start-up included) over the same requests, in microseconds;"
  echo "rate and CPU come from the same run."
  echo
  echo "Medians of $ROUNDS rounds (requests/s; CPU us per request):"
  echo
  echo "| connections | wrk | loop | threads | hey | h2load | loop / wrk | threads / wrk | CPU wrk | loop | threads | hey | h2load | loop CPU / wrk CPU |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  for conns in "${CLOSED_CONNS[@]}"; do
    row="| $conns |"
    for g in "${CLOSED_GENS[@]}"; do row+=" ${CLOSED_RATE[$conns,$g]} |"; done
    row+=" **$(ratio "${CLOSED_RATE[$conns,loop]}" "${CLOSED_RATE[$conns,wrk]}")** | $(ratio "${CLOSED_RATE[$conns,threads]}" "${CLOSED_RATE[$conns,wrk]}") |"
    for g in "${CLOSED_GENS[@]}"; do row+=" ${CLOSED_CPU[$conns,$g]} |"; done
    echo "$row **$(ratio "${CLOSED_CPU[$conns,loop]}" "${CLOSED_CPU[$conns,wrk]}")** |"
  done
  echo
  for conns in "${CLOSED_CONNS[@]}"; do
    target "rate, phaseload (loop) / wrk -t2 at $conns connections" \
      "$(ratio "${CLOSED_RATE[$conns,loop]}" "${CLOSED_RATE[$conns,wrk]}")" '>=' 1.0
  done
  for conns in "${CLOSED_CONNS[@]}"; do
    target "CPU per request, phaseload (loop) / wrk at $conns connections" \
      "$(ratio "${CLOSED_CPU[$conns,loop]}" "${CLOSED_CPU[$conns,wrk]}")" '<=' 1.3
  done
  echo
  echo "What a rate under wrk's comes with: on two cores that the generator shares with nginx, every"
  echo "microsecond of the generator's CPU per request is one nginx does not get, so a CPU-bound round's"
  echo "rate ratio to wrk follows wrk's CPU per request over phaseload's (loop):"
  echo
  for conns in "${CLOSED_CONNS[@]}"; do
    echo "- $conns connections: rate ratio $(ratio "${CLOSED_RATE[$conns,loop]}" "${CLOSED_RATE[$conns,wrk]}"), CPU per request wrk / loop $(ratio "${CLOSED_CPU[$conns,wrk]}" "${CLOSED_CPU[$conns,loop]}")"
  done
  echo
  echo "Every round (requests/s; CPU us per request; \"failed\": the run failed or its output could not be read):"
  echo
  echo "| connections | round | wrk | loop | threads | hey | h2load | loop / wrk | CPU wrk | loop | threads | hey | h2load | loop CPU / wrk CPU |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${CLOSED_ROWS[@]}"
}
