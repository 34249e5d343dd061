# Runs on the instance (sent over ssh by deploy-ec2.sh / stop-ec2.sh): start, restart or stop
# the server, with systemd or, where it is absent, with nohup and a pid file.
#   bash -s -- ACTION DIR PORT WORKERS SYSTEMD
set -euo pipefail
ACTION=$1; DIR=$2; PORT=$3; WORKERS=$4; SYSTEMD=$5
DIR=${DIR/#\~/$HOME}
ARGS="--host 0.0.0.0 --port $PORT${WORKERS:+ --workers $WORKERS}"
SUDO=""; [[ $(id -u) == 0 ]] || SUDO=sudo
stop_nohup() {
  if [[ -f "$DIR/server.pid" ]]; then
    kill "$(cat "$DIR/server.pid")" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$(cat "$DIR/server.pid")" 2>/dev/null || break; sleep 0.2; done
    rm -f "$DIR/server.pid"
  fi
}
case "$ACTION" in
  start)
    mv -f "$DIR/server.jar.new" "$DIR/server.jar"
    if [[ "$SYSTEMD" == true ]]; then
      sed -e "s|@USER@|$(id -un)|; s|@DIR@|$DIR|g; s|@ARGS@|$ARGS|" "$DIR/phaseload-server.service" \
        | $SUDO tee /etc/systemd/system/phaseload-server.service >/dev/null
      $SUDO systemctl daemon-reload
      $SUDO systemctl enable phaseload-server >/dev/null 2>&1
      $SUDO systemctl restart phaseload-server
    else
      stop_nohup
      command -v java >/dev/null || { echo "java is not installed on $(hostname)" >&2; exit 1; }
      nohup java -jar "$DIR/server.jar" $ARGS >"$DIR/server.log" 2>&1 < /dev/null &
      echo $! >"$DIR/server.pid"
    fi ;;
  stop)
    if [[ "$SYSTEMD" == true ]]; then
      $SUDO systemctl stop phaseload-server
    else
      stop_nohup
    fi ;;
  *) echo "unknown action $ACTION" >&2; exit 2 ;;
esac
