# Sourced by scripts/bench.sh: what every section uses. The generators' runs, each under the lock
# file, each printing its figures as scripts/bench/figures.py reads them (one definition of rate
# for all), the nginx target, and the files' header, targets and summary.

log() { echo "bench: $*" >&2; }
# Runs COMMAND holding the lock file, so that no two benches on the machine overlap.
locked() { flock "$LOCK" "$@"; }
figures() { python3 scripts/bench/figures.py "$@"; }
# Runs COMMAND under the lock and GNU time, its user and system seconds left in FILE.
#   timed FILE COMMAND...
timed() { locked /usr/bin/time -f '%U %S' -o "$1" "${@:2}"; }

# The closed-model runs: each prints "RATE CPU_US COMPLETED SECONDS" (figures.py closed).
#   closed_wrk CONNS SECS URL
closed_wrk() {
  timed "$WORK/cpu" wrk -t2 -c"$1" -d"$2s" "$3" >"$WORK/wrk.txt" 2>&1 || true
  figures closed wrk "$WORK/wrk.txt" "$WORK/cpu"
}
#   closed_hey CONNS SECS URL
closed_hey() {
  timed "$WORK/cpu" hey -z "$2s" -c "$1" "$3" >"$WORK/hey.txt" 2>&1 || true
  figures closed hey "$WORK/hey.txt" "$WORK/cpu"
}
# h2load sends N requests rather than running for a time: with -D, at 200 connections against
# nginx (which closes a connection every 1,000 requests), it spun for minutes.
#   closed_h2load CONNS N URL
closed_h2load() {
  timed "$WORK/cpu" timeout 300 h2load --h1 -t2 -c"$1" -n "$2" "$3" >"$WORK/h2load.txt" 2>&1 || true
  figures closed h2load "$WORK/h2load.txt" "$WORK/cpu"
}
# phaseload, CONNS users x ITER iterations in one phase; FLAGS pass through (--engine, --url, ...).
#   closed_phaseload CONNS ITER FLAGS...
closed_phaseload() {
  rm -f "$WORK/pl.json"
  timed "$WORK/cpu" "$JAVA" -jar "$WORK/client.jar" "$1" "$2" --phases 1.0 -q --json "$WORK/pl.json" \
    "${@:3}" >"$WORK/pl.txt" 2>&1 || true
  figures closed phaseload "$WORK/pl.json" "$WORK/cpu"
}

# The open model's runs at RATE arrivals/s, 50 connections (phaseload's THREADS, the cap on
# iterations in flight; wrk2's -c50), OPEN_WARM s of warm-up then OPEN_SECS s measured, latency
# from intended times; each prints "P50 P99 P99.9 ACHIEVED SENT LATE FAILED" (figures.py open).
# wrk2 throws away its first 10 s (calibration) and measures what follows; phaseload runs equal
# phases of OPEN_SECS and reports the last.
OPEN_WARM=10 OPEN_SECS=5 OPEN_CONNS=50
#   open_phaseload RATE URL [FLAGS...]
open_phaseload() {
  local phases
  phases=$(python3 -c "print(','.join(['1.0'] * ($OPEN_WARM // $OPEN_SECS + 1)))")
  rm -f "$WORK/open.json"
  locked /usr/bin/time -f '%U %S %w %c' -o "$WORK/cpu" "$JAVA" -jar "$WORK/client.jar" "$OPEN_CONNS" 1 \
    --url "$2" --phases "$phases" --rate "$1" --phase-seconds "$OPEN_SECS" -q --json "$WORK/open.json" \
    "${@:3}" >"$WORK/open.txt" 2>&1 || true
  figures open phaseload "$WORK/open.json" "$WORK/cpu"
}
#   open_wrk2 RATE URL
open_wrk2() {
  locked /usr/bin/time -f '%U %S %w %c' -o "$WORK/cpu" "$WRK2" -t2 -c"$OPEN_CONNS" \
    -d"$((OPEN_WARM + OPEN_SECS))s" -R"$1" -L "$2" >"$WORK/wrk2.txt" 2>&1 || true
  figures open wrk2 "$WORK/wrk2.txt" "$WORK/cpu"
}

# wrk's closed-model rate at 50 connections, the open model's and --live's reference: the closed
# section's median when it ran before, else the median of three runs of SECS now.
wrk_reference() {
  [[ -z "${WRK50:-}" ]] || return 0
  local r rates=()
  for r in 1 2 3; do
    log "wrk's closed rate at 50 connections, run $r of 3"
    rates+=("$(closed_wrk 50 "$SECS" "$ITEM_URL" | cut -d' ' -f1)")
  done
  WRK50=$(median "${rates[@]}") WRK50_FROM="the median of 3 runs of \`wrk -t2 -c50 -d${SECS}s\` (${rates[*]})"
}

# nginx, one worker, answering from memory: the contract (io.phaseload.common.Contract's path and
# answers, as printed by ContractMain: GET -> the hello answer, POST -> the answer to the sample
# body phaseload posts), and any path under /items/ with one small fixed body, the target of most
# sections. Default keepalive_requests: it closes a connection every 1,000 requests.
ITEM_ANSWER='{"id":1,"name":"item"}'
start_bench_nginx() {
  local contract
  mapfile -t contract < <("$JAVA" -cp "$WORK/server.jar" io.phaseload.common.ContractMain \
    path get-answer post-answer)
  ((${#contract[@]} == 3)) || die "cannot read the contract from server.jar"
  CONTRACT_PATH=${contract[0]}
  [[ "${contract[1]}${contract[2]}" != *[\'\\\$]* ]] || die "contract answers need nginx quoting: ${contract[*]:1}"
  NPORT=$(free_port)
  start_nginx "$WORK" "$NPORT" "    location / {
      if (\$request_method = POST) { return 200 '${contract[2]}'; }
      return 200 '${contract[1]}';
    }
    location /items/ { return 200 '$ITEM_ANSWER'; }"
  NGINX_URL="http://127.0.0.1:$NPORT$CONTRACT_PATH"
  ITEM_URL="http://127.0.0.1:$NPORT/items/1"
  wait_http "$NGINX_URL" || die "no answer from $NGINX_URL"
  wait_http "$ITEM_URL" || die "no answer from $ITEM_URL"
}

# One line per target: "- target NAME: met (VALUE OP LIMIT)" or "missed by N %" (of the limit).
#   target NAME VALUE '>='|'<=' LIMIT
target() {
  python3 - "$@" <<'PY'
import sys
name, value, op, limit = sys.argv[1:]
try:
    v, l = float(value), float(limit)
except ValueError:
    print(f"- target {name}: **not measured** ({value})")
    sys.exit()
met = v >= l if op == ">=" else v <= l
off = abs(v - l) / l * 100
print(f"- target {name}: **met** ({value} {op} {limit})" if met
      else f"- target {name}: **missed by {off:.1f} %** ({value}, target {op} {limit})")
PY
}

# Writes RESULTS/bench-SECTION.md: the header (command, date, machine), then SECTION_report.
write_report() {
  local out=$RESULTS/bench-$1.md
  {
    echo "# Benchmarks: $1"
    echo
    echo "Produced by \`$CMD\` (section \`$1\`) on $(date -u '+%Y-%m-%d %H:%M UTC')."
    machine_line "$JAVA"
    echo "nginx $(nginx_version), one worker answering from memory; \`ulimit -n\` $NOFILE. Everything on"
    echo "127.0.0.1; each measurement held a lock file, but other work may share the machine: the ratios,"
    echo "measured side by side in alternating rounds, mean more than the rates."
    echo
    "${1}_report"
  } >"$out"
  log "wrote $out"
}
nginx_version() { "$(command -v nginx || echo /usr/sbin/nginx)" -v 2>&1 | sed 's/.*nginx\///'; }

# RESULTS/bench.md: every section file's date and target lines, so that one page says what met.
write_summary() {
  local s f out=$RESULTS/bench.md
  {
    echo "# Benchmarks: the targets"
    echo
    echo "Gathered by \`scripts/bench.sh\` from the section files beside this one (each names its own"
    echo "command, date and machine); a section not run since keeps its last file's lines."
    for s in "${ALL[@]}"; do
      f=$RESULTS/bench-$s.md
      [[ -f "$f" ]] || continue
      echo
      echo "## [$s](bench-$s.md)"
      echo
      grep -m1 '^Produced by' "$f"
      grep '^- target ' "$f" || echo "(no targets: figures only)"
    done
  } >"$out"
  log "wrote $out"
}
thousands() { python3 -c "print(f'{int($1):,}')"; }

# Per-round ratios of the rates in A to those in B ("-" where either failed).
ratios() {
  python3 -c '
import sys
def r(x, y):
    try: return f"{float(x) / float(y):.2f}"
    except ValueError: return "-"
print(" ".join(r(x, y) for x, y in zip(sys.argv[1].split(), sys.argv[2].split())))' "$1" "$2"
}
