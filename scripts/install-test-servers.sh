#!/usr/bin/env bash
# Installs the web servers RealServerMatrixTest runs the client against (nginx, apache2, lighttpd,
# python3's http.server), and h2o for HTTP/2, from Debian's packages. The test starts its own instances on 127.0.0.1
# with configurations in temporary directories, so the packages' own services are kept from
# starting: on a machine with systemd, apache2's would fail to bind port 80 after nginx's took it,
# and apt-get would report its post-install script as failed. Does nothing when all are there.
set -euo pipefail
need=()
[[ -x /usr/sbin/nginx ]] || need+=(nginx)
[[ -x /usr/sbin/apache2 && -d /usr/lib/apache2/modules ]] || need+=(apache2)
[[ -x /usr/sbin/lighttpd ]] || need+=(lighttpd)
[[ -x /usr/bin/python3 ]] || need+=(python3)
# HTTP/2: h2o beside nginx (Http2RealServerTest), and curl, which checks each speaks h2c first.
[[ -x /usr/bin/h2o ]] || need+=(h2o)
[[ -x /usr/bin/curl ]] || need+=(curl)
if (( ${#need[@]} == 0 )); then
  echo "install-test-servers: nginx, apache2, lighttpd, python3, h2o and curl are installed"
  exit 0
fi
SUDO=""; [[ $(id -u) == 0 ]] || SUDO=sudo
policy=/usr/sbin/policy-rc.d
if [[ ! -e $policy ]]; then
  # invoke-rc.d asks this script before starting a service; 101 means "not allowed".
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
  $SUDO chmod 755 "$policy"
  trap '$SUDO rm -f "$policy"' EXIT
fi
echo "install-test-servers: installing ${need[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
