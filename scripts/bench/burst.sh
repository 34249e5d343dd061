# Sourced by scripts/bench.sh: BURST_THREADS (default 10,000) threads x 10 iterations of the
# contract against a fresh server.jar, as it runs by default and with --no-inline.

BURST_THREADS=${BURST_THREADS:-10000}

# The machine's TcpExt counter NAME (/proc/net/netstat).
#   tcpext NAME
tcpext() { awk -v k="$1" '/^TcpExt:/ {if (!h) {for (i = 2; i <= NF; i++) if ($i == k) c = i; h = 1} else print $c}' /proc/net/netstat; }

# 10,000 threads x 10 iterations against a fresh server.jar: 370,000 requests, once as it runs by
# default and once with --no-inline. The peak phase opens 10,000 connections at once, more than
# the accept queue holds (the server asks for 16,384; net.core.somaxconn caps it), so the figures
# include the kernel's listen-queue overflows during the run (/proc/net/netstat, TcpExt: counted
# for the whole machine): each is a handshake dropped, which the client's kernel retries after 1,
# 3, 7 s, and a connection still not accepted after --connect-timeout (5 s) is a connect failure.
# The server accepts on a selector thread that serves no connection, so the queue drains while
# requests run.
declare -A BIG
big_run() {
  local mode=$1; shift
  local port pid; port=$(free_port)
  start_server_jar "$WORK/server.jar" "$port" "$WORK/server-$mode.log" "$@"
  pid=$SERVER_PID; PIDS+=("$pid")
  BIG[$mode,port]=$port BIG[$mode,pid]=$pid
  BIG[$mode,timewait]=$(($(ss -Htan state time-wait | wc -l)))
  local overflows=$(tcpext ListenOverflows) timeouts=$(tcpext TCPTimeouts) start=$(date +%s.%N)
  set +e
  locked /usr/bin/time -f "%M" -o "$WORK/client-$mode.rss" "$JAVA" -Xmx2g -jar "$WORK/client.jar" "$BURST_THREADS" 10 \
    127.0.0.1 "$port" -q --json "$WORK/big-$mode.json" >"$WORK/big-$mode.txt" 2>"$WORK/big-$mode.err"
  BIG[$mode,code]=$?
  set -e
  BIG[$mode,secs]=$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")
  BIG[$mode,overflows]=$(($(tcpext ListenOverflows) - overflows))
  BIG[$mode,timeouts]=$(($(tcpext TCPTimeouts) - timeouts))
  BIG[$mode,server_hwm]=$(awk '/VmHWM/ {print int($2/1024)}' "/proc/$pid/status")
  local stats; stats=$(curl -fs "http://127.0.0.1:$port/stats")
  BIG[$mode,received]=$(python3 -c "import json,sys; e=json.loads(sys.argv[1])['endpoints']; p=sys.argv[2]; print(e.get('GET '+p,0)+e.get('POST '+p,0))" "$stats" "$CONTRACT_PATH")
  BIG[$mode,client_rss]=$(($(tail -1 "$WORK/client-$mode.rss") / 1024))
  kill "$pid" 2>/dev/null || true
}

burst_section() {
  log "$BURST_THREADS threads x 10 iterations"
  big_run inline
  log "$BURST_THREADS threads x 10 iterations, server.jar --no-inline"
  big_run noinline --no-inline
}

# A figure of each mode's --json, as EXPR over d (figures.py get), "-" if there is none.
big() { figures get "$WORK/big-$1.json" "$2" 2>/dev/null || echo -; }
# One table row: a figure, then for each mode its --json EXPR (figures.py get).
big_row() { echo "| $1 | $(big inline "$2") | $(big noinline "$2") |"; }
big_value_row() { echo "| $1 | $2 | $3 |"; }

burst_report() {
  echo "## $BURST_THREADS threads x 10 iterations against server.jar"
  echo
  echo "Each column a fresh server.jar, one after the other (default first), \`client.jar $BURST_THREADS 10"
  echo "127.0.0.1 PORT --json F\` (the contract, four phases: 3.7 x $BURST_THREADS x 10 x 2 requests, -Xmx2g)."
  echo "The peak phase opens $BURST_THREADS connections at once, more than the accept queue holds"
  echo "(\`net.core.somaxconn\` $(sysctl -n net.core.somaxconn)); listen-queue overflows are handshakes the"
  echo "kernel dropped for want of room (the client's kernel retries after 1, 3, 7 s; still not accepted"
  echo "after the 5 s connect timeout is a connect failure). Kernel counters are for the whole machine."
  echo
  echo "| figure | default (whole requests on the I/O thread) | --no-inline |"
  echo "| --- | ---: | ---: |"
  big_value_row "exit code" "${BIG[inline,code]}" "${BIG[noinline,code]}"
  big_row "requests sent" 'd["total"]["sent"]'
  big_row "successful" 'd["total"]["ok"]'
  big_row "failed" 'str(d["total"]["failed"]) + " (" + ", ".join(f"{k} {v}" for k, v in d["total"]["errors"].items()) + ")"'
  big_row "failure reasons" '", ".join(f"{k}: {v}" for k, v in d["total"]["reasons"].items()) or "-"'
  big_value_row "listen-queue overflows during the run (TcpExt ListenOverflows)" "${BIG[inline,overflows]}" "${BIG[noinline,overflows]}"
  big_value_row "retransmission timeouts during the run (TcpExt TCPTimeouts)" "${BIG[inline,timeouts]}" "${BIG[noinline,timeouts]}"
  big_value_row "TIME_WAIT sockets at the start" "${BIG[inline,timewait]}" "${BIG[noinline,timewait]}"
  big_value_row "server received (/stats)" "${BIG[inline,received]}" "${BIG[noinline,received]}"
  big_row "phases' seconds (phaseSeconds)" 'd["phaseSeconds"]'
  big_value_row "whole command incl. JVM start (s)" "${BIG[inline,secs]}" "${BIG[noinline,secs]}"
  big_row "rate (requests completed / phaseSeconds)" 'round(rate(d["total"]["ok"], d["phaseSeconds"]))'
  big_value_row "client peak RSS (MiB)" "${BIG[inline,client_rss]}" "${BIG[noinline,client_rss]}"
  big_value_row "server peak RSS (MiB)" "${BIG[inline,server_hwm]}" "${BIG[noinline,server_hwm]}"
}
