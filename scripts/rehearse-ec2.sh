#!/usr/bin/env bash
# Rehearses the EC2 deployment on loopback: starts Debian's OpenSSH server on 127.0.0.1 on a spare
# port with a throwaway host key and user key, runs deploy-ec2.sh against it (--no-systemd: the
# jar starts with nohup), drives the deployed server with the client and checks /stats, deploys
# again (the upgrade path), stops it with stop-ec2.sh, and cleans up. Exit 0 only if all passed.
#
#   scripts/rehearse-ec2.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
log() { echo "rehearse-ec2: $*"; }

SSHD=/usr/sbin/sshd
[[ -x "$SSHD" ]] || die "OpenSSH server missing: apt-get install -y openssh-server"
WORK=$(mktemp -d)
SSHD_PID=""
cleanup() {
  [[ -f "$WORK/deploy/server.pid" ]] && kill "$(cat "$WORK/deploy/server.pid")" 2>/dev/null || true
  [[ -n "$SSHD_PID" ]] && kill "$SSHD_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

SSH_PORT=$(free_port)
APP_PORT=$(free_port)
ssh-keygen -q -t ed25519 -N '' -f "$WORK/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$WORK/user_key"
cp "$WORK/user_key.pub" "$WORK/authorized_keys"
chmod 600 "$WORK/authorized_keys"
mkdir -p /run/sshd 2>/dev/null || true
cat >"$WORK/sshd_config" <<CONF
ListenAddress 127.0.0.1
Port $SSH_PORT
HostKey $WORK/host_key
AuthorizedKeysFile $WORK/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
PidFile $WORK/sshd.pid
Subsystem sftp /usr/lib/openssh/sftp-server
CONF
"$SSHD" -D -e -f "$WORK/sshd_config" 2>"$WORK/sshd.log" &
SSHD_PID=$!
for _ in $(seq 50); do (echo >/dev/tcp/127.0.0.1/"$SSH_PORT") 2>/dev/null && break; sleep 0.1; done
kill -0 "$SSHD_PID" 2>/dev/null || die "sshd did not start: $(cat "$WORK/sshd.log")"
log "sshd on 127.0.0.1:$SSH_PORT"

build_if_missing server client
export PHASELOAD_SSH_KNOWN_HOSTS=$WORK/known_hosts
DEPLOY=(127.0.0.1 --ssh-port "$SSH_PORT" --key "$WORK/user_key" --user "$(id -un)"
  --port "$APP_PORT" --workers 8 --dir "$WORK/deploy" --no-systemd)

log "deploy"
scripts/deploy-ec2.sh "${DEPLOY[@]}"
FIRST_PID=$(cat "$WORK/deploy/server.pid")
wait_http "http://127.0.0.1:$APP_PORT/health" 2 || die "no /health after deploy"

log "drive the deployed server: client.jar 20 10 127.0.0.1 $APP_PORT"
java -jar client/target/client.jar 20 10 127.0.0.1 "$APP_PORT" -q >"$WORK/client.txt" \
  || die "the client failed: $(cat "$WORK/client.txt")"
grep -q "^Total number of Successful responses: 740$" "$WORK/client.txt" || die "expected 740 successful: $(cat "$WORK/client.txt")"
RECEIVED=$(curl -fs "http://127.0.0.1:$APP_PORT/stats" | python3 -c "import json,sys; e=json.load(sys.stdin)['endpoints']; print(e.get('GET /sayHello',0)+e.get('POST /sayHello',0))")
[[ "$RECEIVED" == 740 ]] || die "the server received $RECEIVED, the client sent 740"
log "client sent 740, server received $RECEIVED"

log "deploy again (upgrade)"
scripts/deploy-ec2.sh "${DEPLOY[@]}"
SECOND_PID=$(cat "$WORK/deploy/server.pid")
[[ "$SECOND_PID" != "$FIRST_PID" ]] || die "the redeploy did not restart the server"
kill -0 "$FIRST_PID" 2>/dev/null && die "the old server ($FIRST_PID) still runs after the upgrade"
wait_http "http://127.0.0.1:$APP_PORT/health" 2 || die "no /health after redeploy"

log "stop"
scripts/stop-ec2.sh "${DEPLOY[@]}"
sleep 0.5
curl -fs --max-time 2 "http://127.0.0.1:$APP_PORT/health" >/dev/null 2>&1 && die "the server still answers after stop-ec2.sh"
log "passed: deploy, 740 requests sent = received, upgrade, stop"
