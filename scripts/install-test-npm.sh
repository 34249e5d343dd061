#!/usr/bin/env bash
# Installs the npm services the flow tests start on 127.0.0.1: json-server-auth (with the
# json-server it runs on) for JsonServerAuthFlowTest, and express with express-session, which
# ExpressSessionTest's small app (client/src/test/resources/express/app.js) runs on. They go into one folder of their own,
# PHASELOAD_NPM (default /opt/phaseload-npm), so that json-server-auth finds json-server's
# modules; the tests look for them there. Without them those tests are skipped, saying why. Needs
# node and npm (Debian: nodejs, npm), which it installs if missing. Does nothing when all is there.
set -euo pipefail
DIR=${PHASELOAD_NPM:-/opt/phaseload-npm}
if [[ -x "$DIR/node_modules/.bin/json-server-auth" && -d "$DIR/node_modules/express-session" ]]; then
  echo "install-test-npm: json-server-auth and express-session are installed in $DIR"
  exit 0
fi
SUDO=""; [[ $(id -u) == 0 ]] || SUDO=sudo
if ! command -v npm >/dev/null; then
  echo "install-test-npm: installing nodejs and npm"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm >/dev/null
fi
echo "install-test-npm: installing json-server-auth and express-session into $DIR"
$SUDO mkdir -p "$DIR"
$SUDO npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error \
  json-server@0.17.4 json-server-auth@2.1.0 express@4.21.2 express-session@1.18.1 >/dev/null
