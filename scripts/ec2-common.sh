# Sourced by deploy-ec2.sh and stop-ec2.sh: the shared options and the ssh command line.
source scripts/lib.sh
HOST=""; SSH_USER=ec2-user; KEY=""; PORT=8080; WORKERS=""; SSH_PORT=22; SYSTEMD=true
REMOTE_DIR='~/phaseload'
parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --user) SSH_USER=${2:?--user needs a value}; shift 2 ;;
      --key) KEY=${2:?--key needs a value}; shift 2 ;;
      --port) PORT=${2:?--port needs a value}; shift 2 ;;
      --workers) WORKERS=${2:?--workers needs a value}; shift 2 ;;
      --ssh-port) SSH_PORT=${2:?--ssh-port needs a value}; shift 2 ;;
      --dir) REMOTE_DIR=${2:?--dir needs a value}; shift 2 ;;
      --no-systemd) SYSTEMD=false; shift ;;
      -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
      -*) die "unknown option $1" 2 ;;
      *) [[ -z "$HOST" ]] || die "one HOST only, got $HOST and $1" 2; HOST=$1; shift ;;
    esac
  done
  [[ -n "$HOST" ]] || die "missing HOST (usage: $(basename "$0") HOST [--user U] [--key KEY.pem] [--port P] ...)" 2
  [[ "$PORT" =~ ^[0-9]+$ && "$PORT" -ge 1 && "$PORT" -le 65535 ]] || die "--port must be 1-65535, got $PORT" 2
  [[ "$SSH_PORT" =~ ^[0-9]+$ ]] || die "--ssh-port must be a number, got $SSH_PORT" 2
  [[ -z "$WORKERS" || "$WORKERS" =~ ^[1-9][0-9]*$ ]] || die "--workers must be a positive number, got $WORKERS" 2
  [[ -z "$KEY" || -r "$KEY" ]] || die "cannot read the key $KEY" 2
  command -v ssh >/dev/null && command -v scp >/dev/null || die "ssh and scp are needed (Debian: openssh-client)" 2
  SSH_OPTS=(-o BatchMode=yes -o ConnectTimeout=10 -o StrictHostKeyChecking=accept-new)
  [[ -n "$KEY" ]] && SSH_OPTS+=(-i "$KEY")
  if [[ -n "${PHASELOAD_SSH_KNOWN_HOSTS:-}" ]]; then
    SSH_OPTS+=(-o UserKnownHostsFile="$PHASELOAD_SSH_KNOWN_HOSTS")
  fi
}
remote() { ssh "${SSH_OPTS[@]}" -p "$SSH_PORT" "$SSH_USER@$HOST" "$@"; }
