# Sourced by scripts/bench.sh: 10,000 requests in flight. server.jar answers /work?ms=1000 from its
# timer (no thread waits), warmed first by 10 s at 5,000/s so that its JIT is not measured; the loop
# engine sends 10,000 arrivals/s for 10 s with up to 12,000 users: by Little's law 10,000/s of one
# second each is 10,000 in flight, and a cap of exactly 10,000 would leave no room for the server's
# least delay, so every later arrival would queue for a user. The client's sending threads are counted
# while it runs; its peak RSS (VmHWM) beside a run of 200 users at 100/s gives the memory per
# connection (user space only: the kernel's socket buffers are not in RSS).

declare -A INFLIGHT

# A process's user + system CPU so far, in clock ticks (/proc/PID/stat fields 14 and 15).
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }

#   inflight_run USERS RATE: sets INFLIGHT[USERS,*] from one run of 10 s, with the CPU each process
#   used over it (the client's as last sampled, at most 0.5 s before it ended).
inflight_run() {
  local users=$1 json=$WORK/inflight-$1.json before after pid threads=0 hwm=0 n h c cpu=0 server0 t0
  before=$(curl -fs "http://127.0.0.1:$INFLIGHT_PORT/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["received"])')
  "$JAVA" -Xmx2g -jar "$WORK/client.jar" "$users" 1 --url "$INFLIGHT_URL" --phases 1.0 --rate "$2" \
    --phase-seconds 10 --engine loop -q --json "$json" >"$WORK/inflight-$users.txt" 2>&1 &
  pid=$!
  server0=$(cpu_ticks "$SERVER_PID") t0=$(date +%s.%N)
  while kill -0 "$pid" 2>/dev/null; do
    c=$(cpu_ticks "$pid")
    ((c <= cpu)) || cpu=$c
    n=$(cat /proc/"$pid"/task/*/comm 2>/dev/null | grep -c "phaseload-loop" || true)
    ((n <= threads)) || threads=$n
    h=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
    ((h <= hwm)) || hwm=$h
    sleep 0.5
  done
  wait "$pid" || true
  INFLIGHT[$users,cores]=$(python3 -c "import os,sys; t=os.sysconf('SC_CLK_TCK'); w=float(sys.argv[3])-float(sys.argv[4]); print(f'{int(sys.argv[1])/t/w:.2f} {int(sys.argv[2])/t/w:.2f}')" \
    "$(($(cpu_ticks "$SERVER_PID") - server0))" "$cpu" "$(date +%s.%N)" "$t0")
  after=$(curl -fs "http://127.0.0.1:$INFLIGHT_PORT/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["received"])')
  INFLIGHT[$users,row]="| $users | $2 | $(figures get "$json" \
    '" | ".join(str(x) for x in (d["total"]["sent"], "RECEIVED", d["total"]["failed"] + d["total"]["notSent"], d["phases"][0]["late"], "THREADS", "HWM", round(d["phases"][0]["achievedRate"]), d["phases"][0]["latencyMs"]["p50"], d["phases"][0]["serviceTimeMs"]["p50"]))' \
    2>/dev/null || echo "failed | RECEIVED | - | - | THREADS | HWM | - | - | -") |"
  INFLIGHT[$users,row]=${INFLIGHT[$users,row]/RECEIVED/$((after - before))}
  INFLIGHT[$users,row]=${INFLIGHT[$users,row]/THREADS/$threads}
  INFLIGHT[$users,row]=${INFLIGHT[$users,row]/HWM/$((hwm / 1024))}
  INFLIGHT[$users,hwm]=$hwm
  INFLIGHT[$users,late]=$(figures get "$json" 'd["phases"][0]["late"] / max(1, d["phases"][0]["sent"])' 2>/dev/null || echo -)
  INFLIGHT[$users,service]=$(figures get "$json" 'd["phases"][0]["serviceTimeMs"]["p50"]' 2>/dev/null || echo -)
  INFLIGHT[$users,sent]=$(figures get "$json" 'd["total"]["sent"]' 2>/dev/null || echo -)
  INFLIGHT[$users,received]=$((after - before))
  INFLIGHT[$users,threads]=$threads
}

inflight_section() {
  INFLIGHT_PORT=$(free_port)
  start_server_jar "$WORK/server.jar" "$INFLIGHT_PORT" "$WORK/server-inflight.log"
  PIDS+=("$SERVER_PID")
  INFLIGHT_URL="http://127.0.0.1:$INFLIGHT_PORT/work?ms=1000"
  exec 9>>"$LOCK"
  flock 9
  log "10,000 in flight: warming server.jar"
  inflight_run 6000 5000
  log "10,000 in flight"
  inflight_run 12000 10000
  log "200 users at 100/s"
  inflight_run 200 100
  flock -u 9
  kill "$SERVER_PID" 2>/dev/null || true
}

inflight_report() {
  echo "## 10,000 requests in flight"
  echo
  echo "server.jar, \`/work?ms=1000\` (answers after one second from its timer), warmed by 10 s at 5,000/s;"
  echo "12,000 users (10,000 in flight by Little's law, and room for the server's least delay); \`client.jar USERS 1 --url URL"
  echo "--phases 1.0 --rate R --phase-seconds 10 --engine loop --json F\` with \`-Xmx2g\`. Sending threads:"
  echo "the client's threads named phaseload-loop-N, counted every 0.5 s; RSS: the client's peak (VmHWM)."
  echo "Received: the server's /stats before and after."
  echo
  echo "| users | rate /s | sent | server received | failed | late | sending threads | peak RSS MiB | achieved /s | p50 ms from intended | p50 service ms |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  echo "${INFLIGHT[12000,row]}"
  echo "${INFLIGHT[200,row]}"
  echo
  local server client
  read -r server client <<<"${INFLIGHT[12000,cores]}"
  target "late arrivals at 10,000/s, share of all" "${INFLIGHT[12000,late]}" '<=' 0.01
  target "requests received / sent at 10,000/s (nothing lost)" \
    "$(ratio "${INFLIGHT[12000,received]}" "${INFLIGHT[12000,sent]}")" '>=' 1.0
  target "sending threads, over 2 x cores" \
    "$(python3 -c "print(${INFLIGHT[12000,threads]} / (2 * $(nproc)))")" '<=' 1.0
  echo
  echo "Over the run at 10,000/s server.jar used $server cores and the client $client (user + system"
  echo "CPU over the wall time) of the machine's $(nproc). The server answered in ${INFLIGHT[12000,service]} ms (p50 from the"
  echo "actual send) against the 1,000 asked, so 10,000/s needed $(python3 -c "print(round(10 * float('${INFLIGHT[12000,service]}')))" 2>/dev/null || echo -) requests in flight by Little's law:"
  echo "more than the 12,000 users, and every later arrival waited for one to come free."
  echo
  echo "Memory per connection: (peak RSS at 12,000 users - at 200) / 11,800 ="
  echo "**$(((INFLIGHT[12000,hwm] - INFLIGHT[200,hwm]) * 1024 / 11800)) bytes** (user space: the heap as the collector"
  echo "left it, the users' buffers and the JDK's channels; the kernel's socket buffers come on top)."
}
