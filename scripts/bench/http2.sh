# Sourced by scripts/bench.sh: HTTP/2 against nginx over h2c, an instance of its own with one
# worker, an h2c port and an HTTP/1.1 port on one server block (/items/1 answers from memory,
# keepalive_requests raised so that no GOAWAY ends a connection mid-run):
#   closed   ROUNDS alternating rounds of h2load and phaseload --http2 at the same connections and
#            streams, -c 50 -m 1 and -c 10 -m 10: rate and CPU per request from the same run;
#   protocol phaseload at 50 users over HTTP/1.1 and over HTTP/2 (-c 50 -m 1), recorded, and
#            compare deciding whether the difference lies beyond the noise;
#   open     the open model over HTTP/2 (-c 10 -m 5, 50 users) at half phaseload's closed rate at
#            -c 10 -m 10: p99 from intended times, beside wrk2 over HTTP/1.1 at the same rate.

H2_CONFIGS=("50 1" "10 10")
declare -A H2_RATE H2_CPU
H2_ROWS=() H2_COMPARE="" H2_OPEN_ROWS=() H2_OPEN_RATE=""

start_h2_nginx() {
  local dir=$WORK/h2nginx nginx
  nginx=$(command -v nginx || echo /usr/sbin/nginx)
  mkdir -p "$dir"
  H2PORT=$(free_port) H1PORT=$(free_port)
  cat >"$dir/nginx.conf" <<CONF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections 20000; }
http {
  access_log off;
  keepalive_requests 100000000;
  client_body_temp_path $dir; proxy_temp_path $dir; fastcgi_temp_path $dir;
  uwsgi_temp_path $dir; scgi_temp_path $dir;
  server {
    listen 127.0.0.1:$H2PORT http2;
    listen 127.0.0.1:$H1PORT;
    default_type application/json;
    location /items/ { return 200 '$ITEM_ANSWER'; }
  }
}
CONF
  "$nginx" -c "$dir/nginx.conf" -p "$dir" || die "the h2c nginx did not start"
  H2_PID_FILE=$dir/nginx.pid
  H2_URL="http://127.0.0.1:$H2PORT/items/1" H1_URL="http://127.0.0.1:$H1PORT/items/1"
  local said
  said=$(curl -s -o /dev/null -w '%{http_version} %{http_code}' --http2-prior-knowledge "$H2_URL")
  [[ "$said" == "2 200" ]] || die "nginx on $H2_URL does not speak h2c (curl: $said)"
}
stop_h2_nginx() { [[ -f "${H2_PID_FILE:-}" ]] && kill "$(cat "$H2_PID_FILE")" 2>/dev/null || true; }

http2_section() {
  local cfg c m users n i iter
  command -v curl >/dev/null || die "the http2 section needs curl, which checks nginx speaks h2c"
  start_h2_nginx
  for cfg in "${H2_CONFIGS[@]}"; do
    read -r c m <<<"$cfg"
    users=$((c * m)) n=$((30000 * SECS))
    declare -A rates=() cpus=()
    for ((i = 1; i <= ROUNDS; i++)); do
      log "http2, -c $c -m $m, round $i of $ROUNDS"
      declare -A r=() k=()
      timed "$WORK/cpu" timeout 300 h2load -t2 -c"$c" -m"$m" -n "$n" "$H2_URL" >"$WORK/h2load.txt" 2>&1 || true
      read -r r[h2load] k[h2load] _ < <(figures closed h2load "$WORK/h2load.txt" "$WORK/cpu")
      # The next runs are sized by h2load's rate in this round: about SECS s each.
      [[ "${r[h2load]}" =~ ^[0-9.]+$ ]] && n=$(python3 -c "print(int(float('${r[h2load]}') * $SECS))")
      iter=$(python3 -c "print(max(20, $n // $users))")
      read -r r[pl] k[pl] _ < <(closed_phaseload "$users" "$iter" --url "$H2_URL" --http2 \
        --connections "$c" --streams "$m")
      rates[h2load]+=" ${r[h2load]}" cpus[h2load]+=" ${k[h2load]}"
      rates[pl]+=" ${r[pl]}" cpus[pl]+=" ${k[pl]}"
      H2_ROWS+=("| $c | $m | $i | ${r[h2load]} | ${r[pl]} | $(ratio "${r[pl]}" "${r[h2load]}") | ${k[h2load]} | ${k[pl]} | $(ratio "${k[pl]}" "${k[h2load]}") |")
      unset r k
    done
    # shellcheck disable=SC2086 # the rounds' figures, one word each
    H2_RATE[$c,h2load]=$(median ${rates[h2load]}) H2_CPU[$c,h2load]=$(median ${cpus[h2load]})
    # shellcheck disable=SC2086
    H2_RATE[$c,pl]=$(median ${rates[pl]}) H2_CPU[$c,pl]=$(median ${cpus[pl]})
    unset rates cpus
  done
  http2_protocols
  http2_open
  stop_h2_nginx
}

# phaseload at 50 users over HTTP/1.1 then HTTP/2 (-c 50 -m 1), about SECS s each, recorded;
# compare's verdicts on throughput and p99, from its block bootstrap.
http2_protocols() {
  local iter=$((${H2_RATE[50,pl]%.*} * SECS / 50))
  ((iter >= 20)) || iter=20
  log "http2: HTTP/1.1 against HTTP/2 on the same nginx, $iter iterations of 50 users each"
  locked "$JAVA" -jar "$WORK/client.jar" 50 "$iter" --phases 1.0 -q --url "$H1_URL" \
    --record "$WORK/h1.plr" >"$WORK/h1.txt" 2>&1 || true
  locked "$JAVA" -jar "$WORK/client.jar" 50 "$iter" --phases 1.0 -q --url "$H2_URL" --http2 \
    --connections 50 --streams 1 --record "$WORK/h2.plr" >"$WORK/h2.txt" 2>&1 || true
  "$JAVA" -jar "$WORK/client.jar" compare "$WORK/h1.plr" "$WORK/h2.plr" >"$WORK/compare.txt" 2>&1 || true
  H2_COMPARE=$(cat "$WORK/compare.txt")
}

# The open model over HTTP/2 at half phaseload's closed rate at -c 10 -m 10, beside wrk2 over
# HTTP/1.1 at the same rate: ROUNDS alternating pairs, p99 from intended times.
http2_open() {
  local i p w
  H2_OPEN_RATE=$(python3 -c "print(int(float('${H2_RATE[10,pl]}') * 0.5))")
  for ((i = 1; i <= ROUNDS; i++)); do
    log "http2: the open model at $H2_OPEN_RATE/s, round $i of $ROUNDS"
    p=$(open_phaseload "$H2_OPEN_RATE" "$H2_URL" --http2 --connections 10 --streams 5)
    w=$( [[ -n "$WRK2" ]] && open_wrk2 "$H2_OPEN_RATE" "$H1_URL" || echo "not run: no WRK2")
    H2_OPEN_ROWS+=("| $i | $p | $w |")
  done
}

http2_report() {
  local cfg c m
  echo "## HTTP/2 against nginx over h2c, beside h2load"
  echo
  echo "nginx with one worker answering \`$ITEM_ANSWER\` at /items/1 from memory, h2c with prior"
  echo "knowledge (\`listen ... http2\`), \`keepalive_requests\` raised so that no GOAWAY ends a"
  echo "connection mid-run. Each round: \`h2load -t2 -cC -mM -n N\` (N: the last round's h2load rate x"
  echo "${SECS} s), then phaseload \`client.jar U I --url URL --http2 --connections C --streams M"
  echo "--phases 1.0 --json F\` with U = C x M users and I = N / U. Rate and CPU per request as in the"
  echo "closed section, from the same run (GNU time, start-up included)."
  echo
  echo "Medians of $ROUNDS rounds (requests/s; CPU us per request):"
  echo
  echo "| -c | -m | h2load | phaseload | phaseload / h2load | CPU h2load | CPU phaseload | CPU ratio |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  for cfg in "${H2_CONFIGS[@]}"; do
    read -r c m <<<"$cfg"
    echo "| $c | $m | ${H2_RATE[$c,h2load]} | ${H2_RATE[$c,pl]} | **$(ratio "${H2_RATE[$c,pl]}" "${H2_RATE[$c,h2load]}")** | ${H2_CPU[$c,h2load]} | ${H2_CPU[$c,pl]} | **$(ratio "${H2_CPU[$c,pl]}" "${H2_CPU[$c,h2load]}")** |"
  done
  echo
  for cfg in "${H2_CONFIGS[@]}"; do
    read -r c m <<<"$cfg"
    target "rate, phaseload / h2load at -c $c -m $m" \
      "$(ratio "${H2_RATE[$c,pl]}" "${H2_RATE[$c,h2load]}")" '>=' 0.9
    target "CPU per request, phaseload / h2load at -c $c -m $m" \
      "$(ratio "${H2_CPU[$c,pl]}" "${H2_CPU[$c,h2load]}")" '<=' 1.5
  done
  echo
  echo "Every round:"
  echo
  echo "| -c | -m | round | h2load | phaseload | ratio | CPU h2load | CPU phaseload | CPU ratio |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${H2_ROWS[@]}"
  echo
  echo "## HTTP/1.1 against HTTP/2 on the same nginx"
  echo
  echo "phaseload at 50 users for about ${SECS} s each, first over HTTP/1.1 (the nginx's other port),"
  echo "then over HTTP/2 with -c 50 -m 1, each \`--record\`ed; then \`client.jar compare H1 H2\`, whose"
  echo "verdicts come from a block bootstrap of the two records (a change is slower or faster only"
  echo "when its 99 % interval lies wholly beyond the noise floor):"
  echo
  echo '```'
  echo "$H2_COMPARE"
  echo '```'
  echo
  echo "## The open model over HTTP/2"
  echo
  echo "$H2_OPEN_RATE arrivals/s (half phaseload's closed rate at -c 10 -m 10): phaseload \`client.jar"
  echo "$OPEN_CONNS 1 --rate R --phase-seconds $OPEN_SECS --http2 --connections 10 --streams 5\`, its last"
  echo "phase of ${OPEN_SECS} s after ${OPEN_WARM} s of warm-up, latency from intended times; beside it, as a"
  echo "reference on the other protocol, wrk2 \`-t2 -c$OPEN_CONNS -R R -L\` over HTTP/1.1 on the same"
  echo "nginx (its first 10 s calibration). Each cell: p50 p99 p99.9 (ms), achieved rate, sent, late,"
  echo "failed, then CPU us per request."
  echo
  echo "| round | phaseload over HTTP/2 | wrk2 over HTTP/1.1 |"
  echo "| ---: | --- | --- |"
  printf '%s\n' "${H2_OPEN_ROWS[@]}"
}
