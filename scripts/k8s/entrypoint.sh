#!/bin/bash
# The client image's entrypoint: `docker run IMAGE THREADS ITERATIONS HOST PORT [options]` runs
# client.jar with those arguments.
#
# It first raises the open-files soft limit to the hard one: a container takes its limits from the
# runtime, not from the host's limits.conf, and some runtimes give a soft limit of 1024, which a
# generator with thousands of connections would exceed; raising soft to hard needs no privilege.
#
# With PHASELOAD_HOLD_DIR set (the Job sets /out), the container outlives the client: it writes
# the client's exit code to $PHASELOAD_HOLD_DIR/exit-code, then waits until
# $PHASELOAD_HOLD_DIR/done-fetched exists (run.sh creates it once it has copied the record out) or
# PHASELOAD_HOLD_SECONDS (default 600) have passed, and exits with the client's code. The record
# is in an emptyDir, which cannot be copied once the container has exited.
#
# PHASELOAD_JAR: the client jar (default /opt/phaseload/client.jar; scripts/shards-local.sh points
# it at client/target/client.jar).
set -u
jar=${PHASELOAD_JAR:-/opt/phaseload/client.jar}
hard=$(ulimit -Hn)
ulimit -n "$hard" 2>/dev/null || echo "phaseload: open files stay at $(ulimit -n) (hard limit $hard)" >&2

dir=${PHASELOAD_HOLD_DIR:-}
[ -n "$dir" ] || exec java -jar "$jar" "$@"

# Not exec'd, so this shell is PID 1 in the pod: pass a stop (kubectl delete) on to the client.
java -jar "$jar" "$@" &
pid=$!
trap 'kill -TERM "$pid" 2>/dev/null' TERM INT
code=0
wait "$pid" || code=$?
# A trapped signal ends the first wait early (code > 128); the second waits for the client's own.
if [ "$code" -gt 128 ] && kill -0 "$pid" 2>/dev/null; then
  code=0
  wait "$pid" || code=$?
fi
trap - TERM INT
echo "$code" >"$dir/exit-code.tmp" && mv "$dir/exit-code.tmp" "$dir/exit-code"
hold=${PHASELOAD_HOLD_SECONDS:-600}
waited=0
while [ ! -e "$dir/done-fetched" ] && [ "$waited" -lt "$hold" ]; do
  sleep 1
  waited=$((waited + 1))
done
[ -e "$dir/done-fetched" ] || echo "phaseload: nobody fetched $dir in ${hold}s; exiting" >&2
exit "$code"
