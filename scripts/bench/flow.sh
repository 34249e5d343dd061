# Sourced by scripts/bench.sh: what users cost. ROUNDS alternating pairs at 50 users against
# nginx (/items/1 answers {"id":1,"name":"item"}), each run about SECS s, CPU per request from GNU
# time as in the closed section:
#   captures  a flow of three requests, the first capturing two values (JSON) that the other two
#             use in their path and a header, beside the same three requests with those values
#             written in (target: at most 1.5 x the CPU per request);
#   cookies   one request with each user's cookie jar on (the default) and no Set-Cookie answered,
#             beside the same with cookies: false (target: the rate within 3 %).

FLOW_CAP_ROWS=() FLOW_COOKIE_ROWS=()
FLOW_PLAIN_CPU=() FLOW_CAPT_CPU=() FLOW_ON=() FLOW_OFF=() FLOW_ON_CPU=() FLOW_OFF_CPU=()

flow_files() {
  cat >"$WORK/flow-plain.yaml" <<'YAML'
requests:
  - {name: a, path: /items/1}
  - {name: b, path: /items/1, headers: {X-Name: item}}
  - {name: c, path: /items/1}
YAML
  cat >"$WORK/flow-captures.yaml" <<'YAML'
requests:
  - {name: a, path: /items/1, capture: {id: {json: '$.id'}, name: {json: '$.name'}}}
  - {name: b, path: '/items/${id}', headers: {X-Name: '${name}'}}
  - {name: c, path: '/items/${id}'}
YAML
  printf 'cookies: false\nrequests:\n  - {name: a, path: /items/1}\n' >"$WORK/flow-nocookies.yaml"
  printf 'requests:\n  - {name: a, path: /items/1}\n' >"$WORK/flow-cookies.yaml"
}

flow_section() {
  wrk_reference
  flow_files
  local i iter3 iter1 r c r2 c2 base="http://127.0.0.1:$NPORT/"
  # Three requests an iteration: a third of the iterations of one.
  iter1=$(python3 -c "print(max(20, int($WRK50 * $SECS / 50)))")
  iter3=$(python3 -c "print(max(20, int($WRK50 * $SECS / 50 / 3)))")
  for ((i = 1; i <= ROUNDS; i++)); do
    log "flow: captures, round $i of $ROUNDS"
    read -r r c _ < <(closed_phaseload 50 "$iter3" --url "$base" --scenario "$WORK/flow-plain.yaml")
    read -r r2 c2 _ < <(closed_phaseload 50 "$iter3" --url "$base" --scenario "$WORK/flow-captures.yaml")
    FLOW_PLAIN_CPU+=("$c") FLOW_CAPT_CPU+=("$c2")
    FLOW_CAP_ROWS+=("| $i | $r | $r2 | $c | $c2 | $(ratio "$c2" "$c") |")
    log "flow: cookies, round $i of $ROUNDS"
    read -r r c _ < <(closed_phaseload 50 "$iter1" --url "$base" --scenario "$WORK/flow-nocookies.yaml")
    read -r r2 c2 _ < <(closed_phaseload 50 "$iter1" --url "$base" --scenario "$WORK/flow-cookies.yaml")
    FLOW_OFF+=("$r") FLOW_ON+=("$r2") FLOW_OFF_CPU+=("$c") FLOW_ON_CPU+=("$c2")
    FLOW_COOKIE_ROWS+=("| $i | $r | $r2 | $(ratio "$r2" "$r") | $c | $c2 |")
  done
}

flow_report() {
  local plain capt on off
  plain=$(median "${FLOW_PLAIN_CPU[@]}") capt=$(median "${FLOW_CAPT_CPU[@]}")
  on=$(median "${FLOW_ON[@]}") off=$(median "${FLOW_OFF[@]}")
  echo "## What users cost: captures and cookies"
  echo
  echo "\`client.jar 50 I --url URL --scenario FILE --phases 1.0 --json F\` against nginx's /items/1, which"
  echo "answers \`$ITEM_ANSWER\` (I: wrk's rate at 50 connections, $WRK50 requests/s, x ${SECS} s / 50,"
  echo "over the requests an iteration; wrk's rate: $WRK50_FROM); alternating pairs. Rate as in the"
  echo "closed section; CPU us per request, start-up included."
  echo
  echo "### Captures"
  echo
  echo "Three requests an iteration; the first captures \`\$.id\` and \`\$.name\` from its JSON, the"
  echo "second sends \`/items/\${id}\` with \`X-Name: \${name}\`, the third \`/items/\${id}\`; beside the same"
  echo "three with \`/items/1\` and \`X-Name: item\` written in. Medians: CPU per request $plain us without"
  echo "captures, $capt us with."
  echo
  target "CPU per request, a flow with two captures / the same requests without" "$(ratio "$capt" "$plain")" '<=' 1.5
  echo
  echo "| round | without req/s | with captures req/s | CPU without | CPU with | CPU with / without |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${FLOW_CAP_ROWS[@]}"
  echo
  echo "### Cookies on, no Set-Cookie answered"
  echo
  echo "One request an iteration, each user's cookie jar on (the default) beside \`cookies: false\`."
  echo "Medians: $off requests/s off, $on on; CPU per request $(median "${FLOW_OFF_CPU[@]}") and"
  echo "$(median "${FLOW_ON_CPU[@]}") us."
  echo
  target "rate with cookies on / off" "$(ratio "$on" "$off")" '>=' 0.97
  echo
  echo "| round | off req/s | on req/s | on / off | CPU off | CPU on |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${FLOW_COOKIE_ROWS[@]}"
}
