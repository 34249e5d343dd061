# Sourced by scripts/bench.sh: the capacity search.

# The capacity search against services whose capacity is stated before the search: SlotServer K S
# (a test class: every request holds one of K slots for S ms, so K / S requests per second), each
# searched CAP_ROUNDS times, and against nginx, whose capacity on this machine is not known
# beforehand (the search says whether it found nginx's limit or the generator's).
CAP_SERVERS=("20 50" "40 25") # 400/s and 1,600/s
capacity_search() { # NAME URL SLO THREADS [extra flags...]
  local name=$1 url=$2 slo=$3 threads=$4 start code
  shift 4
  start=$(date +%s.%N)
  code=0
  locked "$JAVA" -jar "$WORK/client.jar" capacity --url "$url" --slo "$slo" \
    --step-seconds 3 --threads "$threads" --json "$WORK/cap-$name.json" "$@" \
    >"$WORK/cap-$name.txt" 2>&1 || code=$?
  ((code <= 3)) || die "capacity exited $code: $(tail -2 "$WORK/cap-$name.txt")"
  python3 - "$WORK/cap-$name.json" "$code" "$(python3 -c "print(round($(date +%s.%N) - $start))")" \
    >"$WORK/cap-$name.row" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["capacity"]
fmt = lambda v: "-" if v is None else f"{v:,.0f}"
print(fmt(c["rate"]), fmt(c["brokeAt"]), c["stop"], len(c["steps"]),
      "yes" if c["generatorLimited"] else "no", sys.argv[2], sys.argv[3], sep="|")
PY
}
capacity_section() {
  local test_classes=client/target/test-classes
  if [[ ! -f $test_classes/io/phaseload/client/testing/SlotServer.class ]]; then
    log "capacity: compiling the test classes (SlotServer)"
    mvn -q -B test-compile -pl client -am >/dev/null || die "cannot compile client's test classes"
  fi
  local k s port r pid
  SLOT_PIDS=()
  for ks in "${CAP_SERVERS[@]}"; do
    read -r k s <<<"$ks"
    port=$(free_port)
    "$JAVA" -cp "$test_classes" io.phaseload.client.testing.SlotServer "$k" "$s" "$port" \
      >"$WORK/slot-$k-$s.log" 2>&1 &
    PIDS+=("$!") SLOT_PIDS+=("$!")
    wait_http "http://127.0.0.1:$port/" 30 || die "SlotServer $k $s did not start"
    for ((r = 1; r <= CAP_ROUNDS; r++)); do
      log "capacity: SlotServer $k x $s ms, search $r of $CAP_ROUNDS"
      curl -s "http://127.0.0.1:$port/held" >"$WORK/held-$k-$s-$r.before"
      # p50 under 1.5 x the hold, from a quarter of the capacity; threads well above the
      # capacity's requests in flight (K), so that a queue is the service's, not the threads'.
      capacity_search "slot-$k-$s-$r" "http://127.0.0.1:$port/" "p50<$((s * 3 / 2))ms" $((k * 4)) \
        --start-rate $((k * 1000 / s / 4))
      curl -s "http://127.0.0.1:$port/held" >"$WORK/held-$k-$s-$r.after"
    done
  done
  log "capacity: nginx"
  capacity_search nginx "$ITEM_URL" "p99<10ms" 200 --start-rate 1000 --max-rate 64000
  for pid in "${SLOT_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
}
capacity_report() {
  echo "## Capacity searches against services of known capacity"
  echo
  echo "\`client.jar capacity --slo 'p50<1.5 x S ms' --step-seconds 3 --threads 4K --start-rate capacity/4\`"
  echo "against \`SlotServer K S\` (client/src/test/java/io/phaseload/client/testing/SlotServer.java: every"
  echo "request holds one of K slots for S ms), whose capacity is stated before the search: K / S"
  echo "requests per second. Each search is a fresh process; the search stops at a resolution of 5 %."
  echo
  echo "| server | stated capacity (/s) | search | found (/s) | off by | broke at (/s) | stop | steps | generator-limited | exit | wall (s) | mean slot hold (ms) | K / hold (/s) |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: | ---: |"
  local k s r known row found held
  for ks in "${CAP_SERVERS[@]}"; do
    read -r k s <<<"$ks"
    known=$((k * 1000 / s))
    for ((r = 1; r <= CAP_ROUNDS; r++)); do
      row=$(cat "$WORK/cap-slot-$k-$s-$r.row")
      found=$(cut -d'|' -f1 <<<"$row" | tr -d ,)
      held=$(python3 -c "import sys; a, h = map(int, open(sys.argv[1]).read().split()); b, i = map(int, open(sys.argv[2]).read().split()); m = (i - h) / (b - a) / 1e6; print(f'{m:.3f} | {$k * 1000 / m:,.0f}')" "$WORK/held-$k-$s-$r.before" "$WORK/held-$k-$s-$r.after")
      echo "| SlotServer $k x $s ms | $(thousands $known) | $r | $(cut -d'|' -f1 <<<"$row") | $(python3 -c "print('-' if '$found' == '-' else f'{(float($found) / $known - 1) * 100:+.1f} %')") | $(cut -d'|' -f2- <<<"$row" | sed 's/|/ | /g') | $held |"
    done
  done
  echo
  echo "K / hold is the capacity the slots really gave: K over their mean hold as SlotServer measured"
  echo "it (\`GET /held\`), which a late wake-up on a busy machine lengthens past S. A search that lands"
  echo "between K / hold and 5 % below it found the service's capacity to its resolution."
  echo
  echo "Against nginx (\`/items/1\`, a fixed body from memory, one worker; capacity not known"
  echo "beforehand), \`--slo 'p99<10ms' --threads 200 --start-rate 1000 --max-rate 64000\`:"
  echo
  echo "| found (/s) | broke at (/s) | stop | steps | generator-limited | exit | wall (s) |"
  echo "| ---: | ---: | --- | ---: | --- | ---: | ---: |"
  echo "| $(sed 's/|/ | /g' "$WORK/cap-nginx.row") |"
  echo
  echo "The nginx search's steps:"
  echo
  echo '```'
  sed -n '/^Steps/,$p' "$WORK/cap-nginx.txt" | grep -v '^JSON: '
  echo '```'
  echo
  echo "A search that stopped on \"generator\" measured the generator's limit, not nginx's: its late"
  echo "arrivals came while threads were free, so nginx holds at least the last rate that held, and"
  echo "its capacity needs more generator CPU (\`--engine loop\`, or shards on other machines)."
}
