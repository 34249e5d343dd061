# Sourced by scripts/bench.sh: any HTTP service at 50 connections. ROUNDS rounds, each of wrk (5 s),
# phaseload's contract (GET and POST, answers checked), a plain request, a templated one (a fresh
# path and query string each, from a fixed seed), ab, and phaseload's jersey engine, against nginx.

REQ_SECS=5
REQ_TEMPLATE='/items/${random:1:100000}?t=${thread}'
declare -A REQ

# ab -k -c50 -n N URL, as "RATE - COMPLETED SECONDS" (figures.py closed ab).
closed_ab() {
  locked ab -q -k -c 50 -n "$1" "$2" >"$WORK/ab.txt" 2>&1 || true
  figures closed ab "$WORK/ab.txt"
}

request_section() {
  printf 'requests:\n  - name: item\n    path: %s\n' "$REQ_TEMPLATE" >"$WORK/items.yaml"
  local i
  for ((i = 1; i <= ROUNDS; i++)); do
    log "request, round $i of $ROUNDS"
    REQ[wrk]+=" $(closed_wrk 50 "$REQ_SECS" "$NGINX_URL" | cut -d' ' -f1)"
    REQ[contract]+=" $(closed_phaseload 50 2500 --contract --url "$NGINX_URL" | cut -d' ' -f1)"
    REQ[plain]+=" $(closed_phaseload 50 5000 --url "$ITEM_URL" -X GET | cut -d' ' -f1)"
    REQ[templated]+=" $(closed_phaseload 50 5000 --url "http://127.0.0.1:$NPORT" --scenario "$WORK/items.yaml" --seed 1 | cut -d' ' -f1)"
    REQ[ab]+=" $(closed_ab 200000 "$NGINX_URL" | cut -d' ' -f1)"
    REQ[jersey]+=" $(closed_phaseload 50 400 --contract --url "$NGINX_URL" --engine jersey | cut -d' ' -f1)"
  done
}

# One row: NAME, the rounds' VALUES, their median, TARGET.
request_row() { echo "| $1 | $(sed 's/^ *//; s/ \+/ | /g' <<<"$2") | $(median $2) | ${3:-} |"; }

request_report() {
  local name
  echo "## Any HTTP service: the contract, a plain and a templated request at 50 connections"
  echo
  echo "Each round ran, one after the other: \`wrk -t2 -c50 -d${REQ_SECS}s $NGINX_URL\` (GET); the contract,"
  echo "\`client.jar 50 2500 --contract --url URL --phases 1.0\` (GET and POST, bodies checked); plain,"
  echo "\`client.jar 50 5000 --url $ITEM_URL -X GET --phases 1.0\`; templated, \`client.jar 50 5000 --url"
  echo "http://127.0.0.1:$NPORT --scenario items.yaml --seed 1 --phases 1.0\`, one request, \`path: $REQ_TEMPLATE\`;"
  echo "\`ab -k -c50 -n 200000\` on the contract's path (GET); and the contract on \`--engine jersey\`, 50 x 400."
  echo "phaseload on its default engine (loop) but for the jersey row. Rate as in the closed section:"
  echo "requests completed with 2xx over the seconds measured. A ratio's median is the median of its"
  echo "per-round ratios."
  echo
  echo "| figure | $(seq -s ' | ' -f 'round %g' "$ROUNDS") | median | target |"
  echo "| --- |$(printf ' ---: |%.0s' $(seq "$ROUNDS")) ---: | --- |"
  for name in wrk contract plain templated ab jersey; do request_row "$name" "${REQ[$name]}"; done
  request_row "plain/contract" "$(ratios "${REQ[plain]}" "${REQ[contract]}")" ">= 0.90"
  request_row "templated/contract" "$(ratios "${REQ[templated]}" "${REQ[contract]}")" ">= 0.75"
  request_row "plain/wrk" "$(ratios "${REQ[plain]}" "${REQ[wrk]}")" ">= 0.50"
  request_row "templated/wrk" "$(ratios "${REQ[templated]}" "${REQ[wrk]}")" ">= 0.50"
  request_row "contract/ab" "$(ratios "${REQ[contract]}" "${REQ[ab]}")"
  request_row "jersey/wrk" "$(ratios "${REQ[jersey]}" "${REQ[wrk]}")"
  echo
  target "plain / contract" "$(median $(ratios "${REQ[plain]}" "${REQ[contract]}"))" '>=' 0.90
  target "templated / contract" "$(median $(ratios "${REQ[templated]}" "${REQ[contract]}"))" '>=' 0.75
  target "plain / wrk" "$(median $(ratios "${REQ[plain]}" "${REQ[wrk]}"))" '>=' 0.50
  target "templated / wrk" "$(median $(ratios "${REQ[templated]}" "${REQ[wrk]}"))" '>=' 0.50
}
