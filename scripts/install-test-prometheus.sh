#!/usr/bin/env bash
# Installs Debian's prometheus and prometheus-pushgateway, which LivePrometheusTest and
# LivePushgatewayTest start on 127.0.0.1 (each on a free port, with its own temporary storage) to
# scrape the client's /metrics and to take its pushes. Without them those tests are skipped, saying
# why. Does nothing when both are there. Debian's packages also start the daemons as services on
# their default ports; the tests use their own instances, never those.
set -euo pipefail
if [[ -x /usr/bin/prometheus && -x /usr/bin/prometheus-pushgateway ]]; then
  echo "install-test-prometheus: prometheus and prometheus-pushgateway are installed"
  exit 0
fi
SUDO=""; [[ $(id -u) == 0 ]] || SUDO=sudo
echo "install-test-prometheus: installing prometheus and prometheus-pushgateway"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq prometheus prometheus-pushgateway >/dev/null
