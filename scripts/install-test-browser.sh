#!/usr/bin/env bash
# Installs Debian's chromium, which HtmlPageBrowserTest runs headless (no network, a fresh profile)
# to open the --html page and read back what it drew. Without it that test is skipped, saying why.
# Does nothing when chromium is there.
set -euo pipefail
if [[ -x /usr/bin/chromium ]]; then
  echo "install-test-browser: chromium is installed"
  exit 0
fi
SUDO=""; [[ $(id -u) == 0 ]] || SUDO=sudo
echo "install-test-browser: installing chromium"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
