#!/usr/bin/env bash
# Measures the transport before choosing it: the same minimal client (scripts/nio-vs-netty/
# NioVsNetty.java) on java.nio selectors and on Netty's native epoll, two threads and 50
# connections each, beside wrk -t2 -c50, against nginx answering from memory; alternating rounds.
# Writes results/nio-vs-netty.md. Netty comes from Maven Central (mvn dependency:get), pinned here;
# it is not a dependency of phaseload.
#
#   scripts/nio-vs-netty.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
ROUNDS=${1:-3}
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive number, got $ROUNDS" 2
NETTY=4.1.118.Final
JAVA=$(newest_java)
JAVAC=$(dirname "$(readlink -f "$JAVA")")/javac
WORK=$(mktemp -d)
trap '[[ -f $WORK/nginx.pid ]] && kill "$(cat "$WORK/nginx.pid")"; rm -rf "$WORK"' EXIT
M2=$HOME/.m2/repository/io/netty
CP=""
for a in buffer common resolver transport transport-classes-epoll transport-native-unix-common \
  transport-native-epoll; do
  classifier=""
  [[ $a == transport-native-epoll ]] && classifier=":jar:linux-x86_64"
  jar=$M2/netty-$a/$NETTY/netty-$a-$NETTY${classifier:+-linux-x86_64}.jar
  [[ -f $jar ]] || mvn -q dependency:get -Dartifact="io.netty:netty-$a:$NETTY$classifier" >/dev/null
  CP=$CP$jar:
done
"$JAVAC" -nowarn -d "$WORK" -cp "$CP" scripts/nio-vs-netty/NioVsNetty.java
PORT=$(free_port)
cat >"$WORK/nginx.conf" <<CONF
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 100000000;
  client_body_temp_path $WORK; proxy_temp_path $WORK; fastcgi_temp_path $WORK;
  uwsgi_temp_path $WORK; scgi_temp_path $WORK;
  server { listen 127.0.0.1:$PORT; location /items/ { return 200 '{"id":1,"name":"item"}'; } }
}
CONF
"$(command -v nginx || echo /usr/sbin/nginx)" -c "$WORK/nginx.conf" -p "$WORK"
wait_http "http://127.0.0.1:$PORT/items/1" || die "nginx did not answer"
ROWS=()
for ((i = 1; i <= ROUNDS; i++)); do
  nio=$(flock /work/bench.lock "$JAVA" -cp "$CP$WORK" NioVsNetty nio 50 5 "$PORT" 2>/dev/null | awk '{print $4}')
  netty=$(flock /work/bench.lock "$JAVA" -cp "$CP$WORK" NioVsNetty netty 50 5 "$PORT" 2>/dev/null | awk '{print $4}')
  wrk=$(flock /work/bench.lock wrk -t2 -c50 -d5s "http://127.0.0.1:$PORT/items/1" | awk '/Requests\/sec/ {print int($2)}')
  ROWS+=("| $i | $nio | $netty | $wrk |")
done
{
  echo "# java.nio or Netty epoll for the event-loop engine"
  echo
  echo "Produced by \`scripts/nio-vs-netty.sh $ROUNDS\` on $(date -u +%Y-%m-%d), $(nproc) cores,"
  echo "$("$JAVA" -version 2>&1 | head -1), Netty $NETTY; nginx with one worker; requests/s over 5 s after 2 s"
  echo "of warm-up, 50 connections over 2 threads. A shared machine: compare within a round."
  echo
  echo "| round | java.nio | Netty epoll | wrk -t2 -c50 |"
  echo "| ---: | ---: | ---: | ---: |"
  printf '%s\n' "${ROWS[@]}"
} >results/nio-vs-netty.md
echo "wrote results/nio-vs-netty.md"
