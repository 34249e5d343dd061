#!/usr/bin/env bash
# A real run's --html page, --hgrm files and JSON, a capacity search's page (against SlotServer
# 20 50, a test server of 400 requests/s) and a comparison's page (/work?ms=20 against ms=26), and
# a screenshot of each page in headless Chromium (no network), written to results/page/: the pages
# the README shows. Loopback only.
#
#   scripts/page.sh [THREADS] [ITERATIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

THREADS=${1:-50}
ITERATIONS=${2:-200}
WORK=$(mktemp -d)
SERVER_PID=""
SLOT_PID=""
cleanup() {
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null || true
  [[ -n "$SLOT_PID" ]] && kill "$SLOT_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

[[ -x /usr/bin/chromium ]] || die "chromium is not installed: bash scripts/install-test-browser.sh"
build_if_missing server client
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
cp client/target/client.jar server/target/server.jar "$WORK/"

PORT=$(free_port)
start_server_jar "$WORK/server.jar" "$PORT" "$WORK/server.log"

OUT=results/page
rm -rf "$OUT"
mkdir -p "$OUT"
COMMAND="java -jar client.jar $THREADS $ITERATIONS 127.0.0.1 $PORT --html run.html --hgrm latency.hgrm --json run.json -q"
echo "== $COMMAND"
(cd "$OUT" && $JAVA -jar "$WORK/client.jar" "$THREADS" "$ITERATIONS" 127.0.0.1 "$PORT" \
  --html run.html --hgrm latency.hgrm --json run.json -q) | tee "$WORK/report.txt"

# Two recorded runs, 6 ms apart, after a warm-up run, and their comparison's page.
WORK_URL="http://127.0.0.1:$PORT/work"
$JAVA -jar "$WORK/client.jar" 8 200 --phases 1.0 -q --url "$WORK_URL?ms=1" >/dev/null
for ms in 20 26; do
  $JAVA -jar "$WORK/client.jar" 8 500 --phases 1.0 -q --url "$WORK_URL?ms=$ms" \
    --record "$WORK/work-$ms.plr" >/dev/null
done
COMPARE="java -jar client.jar compare work-20.plr work-26.plr --html compare.html --json compare.json"
echo "== $COMPARE"
ROOT=$PWD
(cd "$WORK" && $JAVA -jar "$WORK/client.jar" compare work-20.plr work-26.plr \
  --html "$ROOT/$OUT/compare.html" --json "$ROOT/$OUT/compare.json") | tee "$OUT/compare.txt"
kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""

# A capacity search against a service of stated capacity.
if [[ ! -f client/target/test-classes/io/phaseload/client/testing/SlotServer.class ]]; then
  mvn -q -B test-compile -pl client -am >/dev/null || die "cannot compile client's test classes"
fi
SLOT_PORT=$(free_port)
$JAVA -cp client/target/test-classes io.phaseload.client.testing.SlotServer 20 50 "$SLOT_PORT" \
  >"$WORK/slot.log" 2>&1 &
SLOT_PID=$!
wait_http "http://127.0.0.1:$SLOT_PORT/" 10 || die "SlotServer did not start: $(cat "$WORK/slot.log")"
CAPACITY="java -jar client.jar capacity --url http://127.0.0.1:$SLOT_PORT/ --slo p50<75ms --start-rate 100 --step-seconds 3 --threads 64 --html capacity.html --json capacity.json -q"
echo "== $CAPACITY"
$JAVA -jar "$WORK/client.jar" capacity --url "http://127.0.0.1:$SLOT_PORT/" --slo 'p50<75ms' \
  --start-rate 100 --step-seconds 3 --threads 64 --html "$OUT/capacity.html" \
  --json "$OUT/capacity.json" -q | tee "$OUT/capacity.txt"
kill "$SLOT_PID"; wait "$SLOT_PID" 2>/dev/null || true; SLOT_PID=""

shot() { # PAGE PNG HEIGHT
  chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$WORK/profile" \
    --host-resolver-rules='MAP * ~NOTFOUND' --proxy-server=127.0.0.1:9 --hide-scrollbars \
    --virtual-time-budget=3000 --window-size=1200,"$3" --screenshot="$OUT/$2" \
    "file://$PWD/$OUT/$1" 2>/dev/null
}
shot run.html page.png 3050
shot capacity.html capacity.png 1700
shot compare.html compare.png 2000

cat >"$OUT/README.md" <<MD
# A run's --html page

Written by \`scripts/page.sh $THREADS $ITERATIONS\` on $(date -u +%Y-%m-%d): against server.jar on
127.0.0.1, \`$COMMAND\`; the screenshot by headless Chromium (no network). Machine:
$($JAVA -version 2>&1 | sed -n 1p), $(uname -sr), $(nproc) cores.

- [run.html](run.html): the page (open it offline; [page.png](page.png) is its screenshot)
- [latency.hgrm](latency.hgrm), one per request name beside it: HdrHistogram's percentile format
- [run.json](run.json): the JSON summary the page's tables equal
- [compare.html](compare.html) ([compare.png](compare.png), [compare.json](compare.json),
  [compare.txt](compare.txt)): \`$COMPARE\`, of two runs of \`client.jar 8 500 --phases 1.0\`
  against /work?ms=20 and /work?ms=26, recorded with --record after a warm-up run
- [capacity.html](capacity.html) ([capacity.png](capacity.png), [capacity.json](capacity.json),
  [capacity.txt](capacity.txt)): \`$CAPACITY\`, against \`SlotServer 20 50\`
  (client/src/test/java/io/phaseload/client/testing/SlotServer.java), whose capacity is 20 slots
  / 50 ms = 400 requests/s
MD
ls -la "$OUT"
