#!/usr/bin/env bash
# Stops the server deploy-ec2.sh started on HOST.
#
#   scripts/stop-ec2.sh HOST [--user ec2-user] [--key KEY.pem] [--ssh-port 22] [--dir ~/phaseload]
#                            [--no-systemd]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ec2-common.sh
parse_args "$@"
remote "bash -s -- stop $REMOTE_DIR $PORT '' $SYSTEMD" <scripts/ec2-remote.sh
echo "Stopped phaseload-server on $HOST"
