# Sourced by the scripts in scripts/ (after they cd to the repository root): the helpers each of
# them needs. Defines functions only; sets no options and changes no directory.

# Prints "SCRIPT: MESSAGE" on stderr and exits with CODE (default 1).
#   die MESSAGE [CODE]
die() { echo "$(basename "$0" .sh): $1" >&2; exit "${2:-1}"; }

# A TCP port free on 127.0.0.1 at the time of asking.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# Waits until URL answers 2xx, for up to SECONDS (default 10); returns 1 if it never did, so that
# the caller can say why.
#   wait_http URL [SECONDS]
wait_http() {
  local deadline=$((SECONDS + ${2:-10}))
  until curl -fs --max-time 2 "$1" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}

# Starts JAR (server.jar) on 127.0.0.1:PORT with $JAVA (default: java on the PATH), in the
# background, its output in LOG, and waits up to 30 s for its /health; sets SERVER_PID (which the
# caller kills when done) or dies with the log. JVM options go before the jar: SERVER_JVM_OPTS,
# split on spaces (e.g. -Xmx1g). ARGs go to the server (e.g. --no-inline).
#   start_server_jar JAR PORT LOG [ARG...]
start_server_jar() {
  local jar=$1 port=$2 log=$3
  # shellcheck disable=SC2086 # SERVER_JVM_OPTS is a list of options, one word each
  "${JAVA:-java}" ${SERVER_JVM_OPTS:-} -jar "$jar" --port "$port" "${@:4}" >"$log" 2>&1 &
  SERVER_PID=$!
  wait_http "http://127.0.0.1:$port/health" 30 || die "server.jar did not start: $(cat "$log")"
}

# Builds the named modules (e.g. server client) unless each one's shaded jar, MODULE/target/
# MODULE.jar, is already there.
#   build_if_missing MODULE...
build_if_missing() {
  local m missing=()
  for m in "$@"; do [[ -f "$m/target/$m.jar" ]] || missing+=("$m"); done
  ((${#missing[@]} == 0)) && return 0
  local IFS=,
  mvn -q -B -pl "${missing[*]}" -am package -DskipTests
}

# The java launcher of the highest feature version under /usr/lib/jvm, else the one on PATH.
newest_java() {
  local j v best=0 java=java
  for j in /usr/lib/jvm/*/bin/java; do
    [[ -x "$j" ]] || continue
    v=$(java_feature "$j")
    if [[ -n "$v" && "$v" -gt "$best" ]]; then best=$v; java=$j; fi
  done
  echo "$java"
}

# The feature version (17, 25, ...) of a java launcher.
java_feature() { "$1" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1; }

# Starts nginx with one worker on 127.0.0.1:PORT, answering from memory as LOCATIONS says (nginx
# location blocks, placed in its one server block, whose default type is application/json); its
# files go under DIR/nginx and its pid to DIR/nginx.pid, which the caller kills when done. Access
# log off and room for 20,000 connections, so that nginx is never the client's limit on a run of
# many connections. LISTEN, if given, is added to the listen line (" http2": h2c with prior
# knowledge). Dies if nginx is missing or does not start.
#   start_nginx DIR PORT LOCATIONS [LISTEN]
start_nginx() {
  local dir=$1 port=$2 locations=$3 listen=${4:-} nginx
  nginx=$(command -v nginx || echo /usr/sbin/nginx)
  [[ -x "$nginx" ]] || die "needs nginx (Debian package nginx)"
  mkdir -p "$dir/nginx"
  cat >"$dir/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/nginx/error.log;
events { worker_connections 20000; }
http {
  access_log off;
  client_body_temp_path $dir/nginx; proxy_temp_path $dir/nginx; fastcgi_temp_path $dir/nginx;
  uwsgi_temp_path $dir/nginx; scgi_temp_path $dir/nginx;
  server {
    listen 127.0.0.1:$port$listen;
    default_type application/json;
$locations
  }
}
CONF
  "$nginx" -c "$dir/nginx/nginx.conf" -p "$dir/nginx" || die "nginx did not start"
}

# The median of the numbers given, to two decimals at most (a "-" or "failed" among them: "-").
#   median NUMBER...
median() {
  python3 -c '
import statistics, sys
try:
    m = statistics.median(map(float, sys.argv[1:]))
    print(f"{m:.2f}".rstrip("0").rstrip("."))
except ValueError:
    print("-")' "$@"
}

# A / B to two decimals ("-" if either is not a number).
#   ratio A B
ratio() { python3 -c 'import sys; print(f"{float(sys.argv[1]) / float(sys.argv[2]):.2f}")' "$1" "$2" 2>/dev/null || echo -; }

# One line naming the machine and JAVA's JDK, for a results file's header.
#   machine_line JAVA
machine_line() {
  echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), Linux $(uname -r),"
  echo "$(free -g | awk '/^Mem:/ {print $2}') GiB of memory, $("$1" -version 2>&1 | head -1)."
}
