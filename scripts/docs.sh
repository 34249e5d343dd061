#!/usr/bin/env bash
# Regenerates what the manual quotes from the code: docs/cli.md (every command's help, verbatim, as
# DocsTest checks) and every marked sample in README.md and docs/*.md (scripts/samples.py), each
# from a real run against server.jar on 127.0.0.1:8080, which this script starts and stops.
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
cleanup() {
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

if curl -s --max-time 1 http://127.0.0.1:8080/ >/dev/null 2>&1; then
  die "127.0.0.1:8080 is in use; the samples name that port, so stop what listens there first"
fi
start_server_jar server/target/server.jar 8080 "$WORK/server.log"
ln -s "$PWD/client" "$PWD/server" "$PWD/docs" "$WORK/"
python3 scripts/samples.py "$WORK" README.md docs/*.md
