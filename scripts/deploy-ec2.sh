#!/usr/bin/env bash
# Deploys server.jar to HOST (an EC2 instance, or any Linux box with Java 17+ and ssh): copies it
# with scp, installs the systemd unit phaseload-server.service running it on 0.0.0.0:PORT,
# (re)starts it, waits for GET /health from here, and prints the URL. Re-running upgrades.
#
#   scripts/deploy-ec2.sh HOST [--user ec2-user] [--key KEY.pem] [--port 8080] [--workers N]
#                              [--ssh-port 22] [--dir ~/phaseload] [--no-systemd]
#
# --no-systemd starts the jar with nohup instead (hosts without systemd, and the loopback
# rehearsal in scripts/rehearse-ec2.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ec2-common.sh
parse_args "$@"

build_if_missing server
remote "mkdir -p $REMOTE_DIR" || die "cannot ssh to $SSH_USER@$HOST:$SSH_PORT"
scp "${SSH_OPTS[@]}" -q -P "$SSH_PORT" server/target/server.jar "$SSH_USER@$HOST:$REMOTE_DIR/server.jar.new"
scp "${SSH_OPTS[@]}" -q -P "$SSH_PORT" scripts/phaseload-server.service "$SSH_USER@$HOST:$REMOTE_DIR/phaseload-server.service"
remote "bash -s -- start $REMOTE_DIR $PORT '$WORKERS' $SYSTEMD" <scripts/ec2-remote.sh

URL="http://$HOST:$PORT"
wait_http "$URL/health" 60 || die "no answer from $URL/health after 60 s: is port $PORT open in the security group?"
echo "Server URL: $URL/sayHello"
echo "Try: java -jar client/target/client.jar 20 100 $HOST $PORT"
