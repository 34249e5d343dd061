# Sourced by scripts/bench.sh: server.jar against nginx under wrk -t2 -c50, one server.jar per JDK
# compared (SERVER_JDKS, default this JDK and the oldest 17+ under /usr/lib/jvm), each warmed until
# its rate settles, then ROUNDS rounds of nginx and every server.jar back to back.

SERVER_SECS=5

server_javas() {
  local home j v oldest=""
  if [[ -n "${SERVER_JDKS:-}" ]]; then
    for home in $SERVER_JDKS; do echo "$home/bin/java"; done
    return
  fi
  echo "$JAVA"
  for j in /usr/lib/jvm/*/bin/java; do
    v=$(java_feature "$j")
    [[ -n "$v" && "$v" -ge 17 ]] || continue
    if [[ -z "$oldest" || "$v" -lt "$(java_feature "$oldest")" ]]; then oldest=$j; fi
  done
  if [[ -n "$oldest" && "$(readlink -f "$oldest")" != "$(readlink -f "$(command -v "$JAVA")")" ]]; then
    echo "$oldest"
  fi
}

# Warms the server at URL with 3 s wrk runs, unmeasured, until two in a row agree within 10 % (15 s
# at least, 90 s at most): C2 compiles Jersey's request path for tens of seconds when wrk and other
# work share the cores, and a fixed 8 s warm-up left the first rounds at a third of the later ones.
# Prints the seconds it took.
server_warm() {
  local start=$SECONDS prev=0 r
  while ((SECONDS - start < 90)); do
    r=$(closed_wrk 50 3 "$1" | cut -d' ' -f1)
    if ((SECONDS - start >= 15)) && python3 -c "import sys; sys.exit(0 if $prev > 0 and abs(float('$r') - $prev) <= 0.1 * $prev else 1)" 2>/dev/null; then
      break
    fi
    [[ "$r" =~ ^[0-9]+$ ]] && prev=$r
  done
  echo $((SECONDS - start))
}

SERVER_URLS=() SERVER_NAMES=() SERVER_WARM=() SERVER_RATES=() SERVER_NGINX=""
server_section() {
  local j port i r pids=() javas
  mapfile -t javas < <(server_javas)
  for j in "${javas[@]}"; do
    [[ -x "$j" ]] || die "no java at $j" 2
    port=$(free_port)
    JAVA=$j start_server_jar "$WORK/server.jar" "$port" "$WORK/server-$port.log"
    PIDS+=("$SERVER_PID") pids+=("$SERVER_PID")
    SERVER_URLS+=("http://127.0.0.1:$port$CONTRACT_PATH")
    SERVER_NAMES+=("$("$j" -version 2>&1 | head -1 | sed 's/.*version "\([^"]*\)".*/\1/')")
  done
  for i in "${!SERVER_URLS[@]}"; do
    log "warming server.jar on JDK ${SERVER_NAMES[$i]}"
    SERVER_WARM+=("$(server_warm "${SERVER_URLS[$i]}")")
  done
  for ((r = 1; r <= ROUNDS; r++)); do
    log "server, round $r of $ROUNDS"
    SERVER_NGINX+=" $(closed_wrk 50 "$SERVER_SECS" "$NGINX_URL" | cut -d' ' -f1)"
    for i in "${!SERVER_URLS[@]}"; do
      SERVER_RATES[i]+=" $(closed_wrk 50 "$SERVER_SECS" "${SERVER_URLS[$i]}" | cut -d' ' -f1)"
    done
  done
  for j in "${pids[@]}"; do kill "$j" 2>/dev/null || true; done
}

server_report() {
  local i rs
  echo "## server.jar against nginx under wrk -t2 -c50 -d${SERVER_SECS}s (requests/s)"
  echo
  echo "Both answer the contract's GET (\`$CONTRACT_PATH\`); nginx from memory. Each round measures nginx and"
  echo "then each server.jar, back to back. Every server.jar was first warmed with 3 s wrk runs until"
  echo "two in a row agreed within 10 % (the JIT compiles Jersey's request path for tens of seconds"
  echo "when the cores are shared). Rate as in the closed section."
  echo
  echo "nginx by round: ${SERVER_NGINX# }; median $(median $SERVER_NGINX)."
  echo
  echo "| server.jar on | warm-up (s) | rounds | median | server/nginx by round | ratio of medians | lowest |"
  echo "| --- | ---: | --- | ---: | --- | ---: | ---: |"
  for i in "${!SERVER_URLS[@]}"; do
    rs=$(ratios "${SERVER_RATES[$i]}" "$SERVER_NGINX")
    echo "| JDK ${SERVER_NAMES[$i]} | ${SERVER_WARM[$i]} | ${SERVER_RATES[$i]# } | $(median ${SERVER_RATES[$i]}) | $rs | **$(ratio "$(median ${SERVER_RATES[$i]})" "$(median $SERVER_NGINX)")** | $(tr ' ' '\n' <<<"$rs" | sort -g | head -1) |"
  done
}
