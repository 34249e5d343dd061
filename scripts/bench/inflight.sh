# Sourced by scripts/bench.sh: 10,000 requests in flight. server.jar answers /work?ms=1000 from its
# timer (no thread waits), warmed first by 10 s at 5,000/s so that its JIT is not measured; the loop
# engine ramps from 1 to 10,000 arrivals/s over 5 s and holds 10,000/s for 10 s, with up to 12,000
# users: by Little's law 10,000/s of one second each is 10,000 in flight, and a cap of exactly 10,000
# would leave no room for the server's least delay, so every later arrival would queue for a user.
# The targets are judged on the hold; the ramp opens the connections (each user's on its first
# arrival), as a real test ramps to its load. server.jar logs its collections (-Xlog:gc), which the
# report counts over the hold. The client's sending threads are counted while it runs; its peak RSS
# (VmHWM) beside a run of 200 users at 100/s gives the memory per connection (user space only: the
# kernel's socket buffers are not in RSS).

declare -A INFLIGHT

# A process's user + system CPU so far, in clock ticks (/proc/PID/stat fields 14 and 15).
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }

#   inflight_run USERS RATE PHASE LOAD...: sets INFLIGHT[USERS,*] from one run of `client.jar USERS 1
#   --url URL LOAD...` and its phase PHASE (0 for the first), with the CPU each process used over the
#   run (the client's as last sampled, at most 0.5 s before it ended).
inflight_run() {
  local users=$1 at=$3 json=$WORK/inflight-$1.json before after pid threads=0 hwm=0 n h c cpu=0 server0 t0
  before=$(curl -fs "http://127.0.0.1:$INFLIGHT_PORT/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["received"])')
  "$JAVA" -Xmx2g -jar "$WORK/client.jar" "$users" 1 --url "$INFLIGHT_URL" "${@:4}" \
    --engine loop -q --json "$json" >"$WORK/inflight-$users.txt" 2>&1 &
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
    '" | ".join(str(x) for x in (d["total"]["sent"], "RECEIVED", d["total"]["failed"] + d["total"]["notSent"], d["phases"]['"$at"']["sent"], d["phases"]['"$at"']["late"], "THREADS", "HWM", round(d["phases"]['"$at"']["achievedRate"]), d["phases"]['"$at"']["latencyMs"]["p50"], d["phases"]['"$at"']["serviceTimeMs"]["p50"], d["phases"]['"$at"']["serviceTimeMs"]["max"]))' \
    2>/dev/null || echo "failed | RECEIVED | - | - | - | THREADS | HWM | - | - | - | -") |"
  INFLIGHT[$users,row]=${INFLIGHT[$users,row]/RECEIVED/$((after - before))}
  INFLIGHT[$users,row]=${INFLIGHT[$users,row]/THREADS/$threads}
  INFLIGHT[$users,row]=${INFLIGHT[$users,row]/HWM/$((hwm / 1024))}
  INFLIGHT[$users,hwm]=$hwm
  INFLIGHT[$users,late]=$(figures get "$json" 'd["phases"]['"$at"']["late"] / max(1, d["phases"]['"$at"']["sent"])' 2>/dev/null || echo -)
  INFLIGHT[$users,service]=$(figures get "$json" 'd["phases"]['"$at"']["serviceTimeMs"]["p50"]' 2>/dev/null || echo -)
  INFLIGHT[$users,busy]=$(figures get "$json" 'd["phases"]['"$at"']["lateThreadsBusy"]' 2>/dev/null || echo -)
  INFLIGHT[$users,rampLate]=$(figures get "$json" 'd["phases"][0]["late"] / max(1, d["phases"][0]["sent"])' 2>/dev/null || echo -)
  INFLIGHT[$users,gc]=$(figures get "$json" '"%.3f %.3f" % (d["startEpochMillis"] / 1000 + d["phases"]['"$at"']["startSeconds"], d["startEpochMillis"] / 1000 + d["phases"]['"$at"']["startSeconds"] + d["phases"]['"$at"']["durationSeconds"])' 2>/dev/null || echo "0 0")
  # shellcheck disable=SC2086 # the window is two words
  INFLIGHT[$users,gc]=$(gc_pauses "$WORK/server-inflight-gc.log" ${INFLIGHT[$users,gc]} || echo "- - -")
  INFLIGHT[$users,watch]=$(figures get "$json" '"%(gcCount)s %(gcSeconds)s %(lagSeconds)s %(lagLongestMs)s %(cpuOthersShare)s" % d["generator"]["phases"]['"$at"']' 2>/dev/null || echo "- - - - -")
  INFLIGHT[$users,sent]=$(figures get "$json" 'd["total"]["sent"]' 2>/dev/null || echo -)
  INFLIGHT[$users,received]=$((after - before))
  INFLIGHT[$users,threads]=$threads
}

# The collector's pauses that server.jar logged (-Xlog:gc with wall-clock times) between two epoch
# seconds, as "COUNT TOTAL_MS LONGEST_MS".
#   gc_pauses LOG FROM TO
gc_pauses() {
  python3 - "$@" <<'PY'
import re, sys
from datetime import datetime
log, start, end = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
pauses = []
for line in open(log, errors="replace"):
    m = re.match(r"\[([^\]]+)\].*Pause.* ([\d.]+)ms$", line.strip())
    if m:
        at = datetime.strptime(m.group(1), "%Y-%m-%dT%H:%M:%S.%f%z").timestamp()
        if start <= at <= end:
            pauses.append(float(m.group(2)))
print(len(pauses), round(sum(pauses)), round(max(pauses, default=0)))
PY
}

inflight_section() {
  INFLIGHT_PORT=$(free_port)
  SERVER_JVM_OPTS="-Xlog:gc:file=$WORK/server-inflight-gc.log:time" \
    start_server_jar "$WORK/server.jar" "$INFLIGHT_PORT" "$WORK/server-inflight.log"
  PIDS+=("$SERVER_PID")
  INFLIGHT_URL="http://127.0.0.1:$INFLIGHT_PORT/work?ms=1000"
  exec 9>>"$LOCK"
  flock 9
  log "10,000 in flight: warming server.jar"
  inflight_run 6000 5000 0 --phases 1.0 --rate 5000 --phase-seconds 10
  log "10,000 in flight"
  inflight_run 12000 10000 1 --rate 1 --stages 5s:10000,10s:10000
  log "200 users at 100/s"
  inflight_run 200 100 0 --phases 1.0 --rate 100 --phase-seconds 10
  flock -u 9
  kill "$SERVER_PID" 2>/dev/null || true
}

inflight_report() {
  echo "## 10,000 requests in flight"
  echo
  echo "server.jar, \`/work?ms=1000\` (answers after one second from its timer), warmed by 10 s at 5,000/s;"
  echo "12,000 users (10,000 in flight by Little's law, and room for the server's least delay):"
  echo "\`client.jar 12000 1 --url URL --rate 1 --stages 5s:10000,10s:10000 --engine loop --json F\`"
  echo "with \`-Xmx2g\`, a ramp from 1 to 10,000 arrivals/s over 5 s, in which the users open their"
  echo "connections, then a hold of 10 s at 10,000/s; the row and the targets are the hold's. The"
  echo "200-user row is \`--phases 1.0 --rate 100 --phase-seconds 10\`. Sending threads: the client's"
  echo "threads named phaseload-loop-N, counted every 0.5 s; RSS: the client's peak (VmHWM). Sent and"
  echo "received: the whole run's, the server's /stats before and after; failed: the run's failed and"
  echo "not sent."
  echo
  echo "| users | rate /s | sent | server received | failed | hold: arrivals | late | sending threads | peak RSS MiB | achieved /s | p50 ms from intended | p50 service ms | max service ms |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  echo "${INFLIGHT[12000,row]}"
  echo "${INFLIGHT[200,row]}"
  echo
  local server client count total longest gcs gcsec lag lagmax others
  read -r server client <<<"${INFLIGHT[12000,cores]}"
  read -r count total longest <<<"${INFLIGHT[12000,gc]}"
  read -r gcs gcsec lag lagmax others <<<"${INFLIGHT[12000,watch]}"
  target "late arrivals in the hold at 10,000/s, share of all" "${INFLIGHT[12000,late]}" '<=' 0.01
  target "requests received / sent at 10,000/s (nothing lost)" \
    "$(ratio "${INFLIGHT[12000,received]}" "${INFLIGHT[12000,sent]}")" '>=' 1.0
  target "sending threads, over 2 x cores" \
    "$(python3 -c "print(${INFLIGHT[12000,threads]} / (2 * $(nproc)))")" '<=' 1.0
  echo
  echo "Over the whole run server.jar used $server cores and the client $client (user + system CPU over"
  echo "the wall time) of the machine's $(nproc). In the hold the server answered in ${INFLIGHT[12000,service]} ms (p50 from the"
  echo "actual send) against the 1,000 asked; ${INFLIGHT[12000,busy]} late arrivals found all 12,000 users in flight, the"
  echo "others were begun late by the client itself. Late arrivals in the ramp, where the users open their"
  echo "connections: $(python3 -c "print(f'{float(\"${INFLIGHT[12000,rampLate]}\"):.1%}')" 2>/dev/null || echo -) of its arrivals."
  echo
  echo "server.jar's collector paused $count times in the hold, $total ms in all, the longest $longest ms"
  echo "(its -Xlog:gc). Each pause holds every answer due meanwhile, and the collector's threads take both"
  echo "cores from the client, whose arrivals in the meantime begin late. The client's own watch over the"
  echo "hold (\`generator\` in its --json): $gcs collections of its own taking $gcsec s, scheduling lag"
  echo "$lag s (the longest $lagmax ms), and other processes using $(python3 -c "print(f'{float(\"$others\"):.0%}')" 2>/dev/null || echo -) of the cores."
  echo
  echo "Memory per connection: (peak RSS at 12,000 users - at 200) / 11,800 ="
  echo "**$(((INFLIGHT[12000,hwm] - INFLIGHT[200,hwm]) * 1024 / 11800)) bytes** (user space: the heap as the collector"
  echo "left it, the users' buffers and the JDK's channels; the kernel's socket buffers come on top)."
}
