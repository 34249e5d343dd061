#!/usr/bin/env bash
# Regenerates what the manual quotes from the code: docs/cli.md (every command's help, verbatim, as
# DocsTest checks) and every marked sample in README.md and docs/*.md (scripts/samples.py), each
# from a real run against server.jar on 127.0.0.1:8080 (and, for the login and CRUD samples,
# json-server-auth on 127.0.0.1:3000; for HTTP/2's, nginx over h2c on 127.0.0.1:8082, with at most
# 10 streams open on a connection), which this script starts and stops.
# Loopback only. Review the diff before committing it: the figures are this machine's.
#
#   scripts/docs.sh            both
#   scripts/docs.sh cli        docs/cli.md only (no server, no runs)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

build_if_missing server client
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
CLIENT=client/target/client.jar

{
  echo "# The command line"
  echo
  echo "Every command's help, verbatim (\`scripts/docs.sh cli\` writes this page from the jar; a"
  echo "test checks that it still matches). \`java -jar client.jar help TOPIC\` prints any page of"
  echo "this manual."
  for args in "--help" "--help-all" "report --help" "compare --help" "capacity --help" \
    "sweep --help" "help"; do
    echo
    echo "## \`client.jar $args\`"
    echo
    echo '```'
    # shellcheck disable=SC2086 # the words of $args are the command's arguments
    "$JAVA" -jar "$CLIENT" $args
    echo '```'
  done
  echo
  echo "## \`server.jar --help\`"
  echo
  echo '```'
  "$JAVA" -jar server/target/server.jar --help
  echo '```'
} >docs/cli.md
echo "docs/cli.md written"
[[ "${1:-}" == cli ]] && exit 0

WORK=$(mktemp -d)
SERVER_PID=""
CRUD_PID=""
cleanup() {
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null || true
  [[ -f "$WORK/nginx.pid" ]] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  [[ -n "$CRUD_PID" ]] && kill "$CRUD_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

if curl -s --max-time 1 http://127.0.0.1:8080/ >/dev/null 2>&1; then
  die "127.0.0.1:8080 is in use; the samples name that port, so stop what listens there first"
fi
start_server_jar server/target/server.jar 8080 "$WORK/server.log"

# The login and CRUD samples run against json-server-auth on 127.0.0.1:3000 (from
# scripts/install-test-npm.sh), seeded with the users of docs/examples/users.csv, whom
# docs/examples/crud.yaml logs in as.
CRUD_BIN=${PHASELOAD_NPM:-/opt/phaseload-npm}/node_modules/.bin/json-server-auth
[[ -x "$CRUD_BIN" ]] || die "needs json-server-auth for the CRUD samples: run scripts/install-test-npm.sh"
mkdir -p "$WORK/crud"
echo '{"users": [], "items": []}' >"$WORK/crud/db.json"
(cd "$WORK/crud" && exec "$CRUD_BIN" db.json --port 3000 --host 127.0.0.1 >"$WORK/crud.log" 2>&1) &
CRUD_PID=$!
wait_http http://127.0.0.1:3000/items 30 || die "json-server-auth did not start: $(cat "$WORK/crud.log")"
tail -n +2 docs/examples/users.csv | while IFS=, read -r email password; do
  curl -fs -o /dev/null -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" http://127.0.0.1:3000/register ||
    die "could not register $email at json-server-auth"
done
# The HTTP/2 samples (docs/http2.md): nginx over h2c with a limit of 10 streams a connection, and
# no GOAWAY after 1,000 requests.
start_nginx "$WORK" 8082 "    http2_max_concurrent_streams 10;
    keepalive_requests 1000000;
    location /items/ { return 200 '{\"id\":1,\"name\":\"item\"}'; }" " http2"
ln -s "$PWD/client" "$PWD/server" "$PWD/docs" "$PWD/scripts" "$WORK/"
python3 scripts/samples.py "$WORK" README.md docs/*.md
