# Sourced by scripts/bench.sh: the open model beside wrk2 against nginx (/items/1). ROUNDS
# alternating rounds at 0.3, 0.5 and 0.7 x wrk's closed-model rate at 50 connections, then, for
# each generator, a search for the highest rate it holds with p99 under OPEN_SLO_MS (from intended
# times), as `client.jar capacity` searches a service: rising by OPEN_STEP while a rate holds, then
# halving the gap between the highest held and the lowest broken until it is under 5 %; each rate
# is decided by the median of OPEN_SEARCH_RUNS runs.

OPEN_FRACS=(0.3 0.5 0.7)
OPEN_GENS=(phaseload wrk2)
OPEN_SLO_MS=10 OPEN_START=0.5 OPEN_STEP=1.25 OPEN_MAX_STEPS=${OPEN_MAX_STEPS:-9}
OPEN_SEARCH_RUNS=${OPEN_SEARCH_RUNS:-3}
declare -A OPEN_FIG OPEN_HELD OPEN_BROKE OPEN_STEPS
OPEN_ROWS=()

open_section() {
  wrk_reference
  local i frac g rate
  for ((i = 1; i <= ROUNDS; i++)); do
    for frac in "${OPEN_FRACS[@]}"; do
      rate=$(python3 -c "print(round($WRK50 * $frac))")
      for g in "${OPEN_GENS[@]}"; do
        log "open model, round $i of $ROUNDS, $g at $rate arrivals/s"
        local f; read -r -a f < <("open_$g" "$rate" "$ITEM_URL")
        OPEN_FIG[$frac,$g,p50]+=" ${f[0]}" OPEN_FIG[$frac,$g,p99]+=" ${f[1]}" OPEN_FIG[$frac,$g,p999]+=" ${f[2]}"
        OPEN_FIG[$frac,$g,cpu]+=" ${f[7]}" OPEN_FIG[$frac,$g,cs]+=" ${f[8]}"
        OPEN_ROWS+=("| $i | $frac | $rate | $g | ${f[0]} | ${f[1]} | ${f[2]} | ${f[3]} | ${f[4]} | ${f[5]} | ${f[6]} | ${f[7]} | ${f[8]} |")
      done
    done
  done
  for g in "${OPEN_GENS[@]}"; do open_search "$g"; done
}

# Whether generator G holds RATE: OPEN_SEARCH_RUNS runs of it, none failing a request, and the
# median of their p99s from intended times under OPEN_SLO_MS. One run decided it before, and on two
# cores shared with nginx one run swings: at 0.7 x wrk, phaseload's p99 was 4.8, 4.3, 61, 2.4 and
# 45 ms in five rounds, and wrk2 broke at 0.5 x in the search while its median there was 2.85 ms.
# Adds the step's row, with the medians and every run's p99, to OPEN_STEPS[G].
open_holds() {
  local g=$1 rate=$2 f run p50s="" p99s="" p999s="" achieved="" failed=0 verdict
  for ((run = 1; run <= OPEN_SEARCH_RUNS; run++)); do
    read -r -a f < <("open_$g" "$rate" "$ITEM_URL")
    p50s+=" ${f[0]}" p99s+=" ${f[1]}" p999s+=" ${f[2]}" achieved+=" ${f[3]}"
    [[ ${f[6]} == 0 ]] || failed=$((failed + 1))
  done
  # shellcheck disable=SC2086 # the runs' figures, one word each
  verdict=$(python3 -c "
import statistics, sys
p99s, failed = sys.argv[1].split(), int(sys.argv[2])
ok = failed == 0 and 'failed' not in p99s and statistics.median(map(float, p99s)) < $OPEN_SLO_MS
print('holds' if ok else 'broke')" "$p99s" "$failed")
  log "open model, search, $g at $rate/s: p99s$p99s ms, $verdict"
  # shellcheck disable=SC2086 # the runs' figures, one word each
  OPEN_STEPS[$g]+="| $g | $rate | $(ratio "$rate" "$WRK50") | $(median $p50s) | $(median $p99s) | ${p99s# } | $(median $p999s) | $(median $achieved) | $failed | $verdict |"$'\n'
  [[ $verdict == holds ]]
}

#   open_search G: sets OPEN_HELD[G] (0: none held) and OPEN_BROKE[G] (0: none broke).
open_search() {
  local g=$1 steps=0 held=0 broke=0 r
  r=$(python3 -c "print(round($WRK50 * $OPEN_START))")
  while ((steps < OPEN_MAX_STEPS)); do
    steps=$((steps + 1))
    if open_holds "$g" "$r"; then held=$r; else broke=$r; fi
    if ((broke == 0)); then
      r=$(python3 -c "print(round($r * $OPEN_STEP))")
    elif ((held == 0)); then
      r=$(python3 -c "print(round($r / $OPEN_STEP))")
    elif python3 -c "import sys; sys.exit(0 if $broke > 1.05 * $held else 1)"; then
      r=$(((held + broke) / 2))
    else
      break
    fi
  done
  OPEN_HELD[$g]=$held OPEN_BROKE[$g]=$broke
}

open_report() {
  local frac g
  echo "## Open model beside wrk2 against nginx"
  echo
  echo "$OPEN_CONNS connections at R arrivals/s, R a fraction of wrk's closed-model rate at 50 connections,"
  echo "$WRK50 requests/s ($WRK50_FROM). wrk2: \`$(basename "$WRK2") -t2 -c$OPEN_CONNS -d$((OPEN_WARM + OPEN_SECS))s -R R -L URL\`"
  echo "(it throws away its first 10 s, \"calibration\", and reports what follows); phaseload:"
  echo "\`client.jar $OPEN_CONNS 1 --url URL --rate R --phases 1.0,1.0,1.0 --phase-seconds $OPEN_SECS --json F\`, the"
  echo "last phase reported; both warm up ${OPEN_WARM} s and measure ${OPEN_SECS} s. Latency in ms, from each"
  echo "request's intended time in both. Achieved and sent: wrk2's over its whole run (it reports"
  echo "no other); phaseload's over the measured phase, with its late arrivals (begun over 1 ms after"
  echo "their time; wrk2 reports none). The generators alternate within each round."
  echo
  echo "Medians of $ROUNDS rounds:"
  echo
  echo "| x wrk | R /s | phaseload p50 | wrk2 p50 | phaseload p99 | wrk2 p99 | phaseload p99.9 | wrk2 p99.9 |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  declare -A m
  for frac in "${OPEN_FRACS[@]}"; do
    for g in "${OPEN_GENS[@]}"; do
      # shellcheck disable=SC2086 # the rounds' figures, one word each
      m[$g,p50]=$(median ${OPEN_FIG[$frac,$g,p50]}) m[$g,p99]=$(median ${OPEN_FIG[$frac,$g,p99]}) m[$g,p999]=$(median ${OPEN_FIG[$frac,$g,p999]})
    done
    echo "| $frac | $(python3 -c "print(round($WRK50 * $frac))") | ${m[phaseload,p50]} | ${m[wrk2,p50]} | **${m[phaseload,p99]}** | **${m[wrk2,p99]}** | ${m[phaseload,p999]} | ${m[wrk2,p999]} |"
    m[$frac,pl]=${m[phaseload,p99]} m[$frac,w2]=${m[wrk2,p99]}
  done
  echo
  for frac in "${OPEN_FRACS[@]}"; do
    if python3 -c "import sys; sys.exit(0 if '${m[$frac,w2]}' not in ('-', 'failed') and float('${m[$frac,w2]}') < $OPEN_SLO_MS else 1)"; then
      target "p99 at $frac x wrk, phaseload / wrk2 (wrk2's p99 ${m[$frac,w2]} ms is under $OPEN_SLO_MS ms)" \
        "$(ratio "${m[$frac,pl]}" "${m[$frac,w2]}")" '<=' 1.0
    else
      echo "- (at $frac x wrk wrk2's p99 is ${m[$frac,w2]} ms, not under $OPEN_SLO_MS ms: no p99 target there)"
    fi
  done
  target "highest rate held with p99 under $OPEN_SLO_MS ms, phaseload / wrk2" "$(ratio "${OPEN_HELD[phaseload]}" "${OPEN_HELD[wrk2]}")" '>=' 1.0
  target "highest rate held with p99 under $OPEN_SLO_MS ms, phaseload / wrk's closed rate" "$(ratio "${OPEN_HELD[phaseload]}" "$WRK50")" '>=' 0.75
  echo
  echo "What each request costs the generator, over its whole run (GNU time: user + system CPU, and"
  echo "voluntary + involuntary context switches, over the requests sent; phaseload's JVM start-up and"
  echo "JIT are inside it), medians of the rounds. phaseload paces each arrival to its time (its p50"
  echo "from intended times above), napping between arrivals; wrk2 sends in bursts, up to a"
  echo "millisecond late, and sleeps less. Each CPU microsecond a generator spends is one that nginx,"
  echo "on the same two cores, does not get."
  echo
  echo "| x wrk | phaseload CPU us | wrk2 CPU us | phaseload / wrk2 | phaseload switches | wrk2 switches |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
  for frac in "${OPEN_FRACS[@]}"; do
    for g in "${OPEN_GENS[@]}"; do
      # shellcheck disable=SC2086 # the rounds' figures, one word each
      m[$g,cpu]=$(median ${OPEN_FIG[$frac,$g,cpu]}) m[$g,cs]=$(median ${OPEN_FIG[$frac,$g,cs]})
    done
    echo "| $frac | ${m[phaseload,cpu]} | ${m[wrk2,cpu]} | $(ratio "${m[phaseload,cpu]}" "${m[wrk2,cpu]}") | ${m[phaseload,cs]} | ${m[wrk2,cs]} |"
  done
  echo
  echo "### The highest rate each generator holds with p99 under $OPEN_SLO_MS ms"
  echo
  echo "Runs as above, one generator after the other: from ${OPEN_START} x wrk's rate up by x${OPEN_STEP} while a"
  echo "rate holds (down while it does not), then halving the gap between the highest rate held and the"
  echo "lowest broken until it is under 5 %, at most ${OPEN_MAX_STEPS} rates. Each rate is run $OPEN_SEARCH_RUNS times, and holds"
  echo "when no run failed a request and the median of their p99s from intended times is under"
  echo "$OPEN_SLO_MS ms (one run swings too far on two cores shared with nginx: see the rounds below)."
  echo "Figures are the runs' medians; failed: the runs that failed a request."
  echo
  echo "| generator | highest held /s | x wrk | lowest broken /s | rates |"
  echo "| --- | ---: | ---: | ---: | ---: |"
  for g in "${OPEN_GENS[@]}"; do
    local broke=${OPEN_BROKE[$g]}
    ((broke > 0)) || broke="none within $OPEN_MAX_STEPS rates (the highest held is a floor)"
    echo "| $g | ${OPEN_HELD[$g]} | $(ratio "${OPEN_HELD[$g]}" "$WRK50") | $broke | $(grep -c . <<<"${OPEN_STEPS[$g]}") |"
  done
  echo
  echo "| generator | R /s | x wrk | p50 | p99 | every run's p99 | p99.9 | achieved /s | failed | verdict |"
  echo "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |"
  for g in "${OPEN_GENS[@]}"; do printf '%s' "${OPEN_STEPS[$g]}"; done
  echo
  echo "Every round at the fixed rates:"
  echo
  echo "| round | x wrk | R /s | generator | p50 | p99 | p99.9 | achieved /s | sent | late | failed | CPU us per request | switches per request |"
  echo "| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${OPEN_ROWS[@]}"
}
