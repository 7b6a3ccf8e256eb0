#!/usr/bin/env bash
# Starts or stops HAProxy from Debian's packages (installed if missing) on loopback, in front of
# app servers, with Web/Deploy/haproxy.cfg's settings:
#   .ci/haproxy.sh start PORT SERVER_PORT...   (prints nothing; the proxy listens on PORT)
#   .ci/haproxy.sh stop PORT
set -euo pipefail
cd "$(dirname "$0")/.."
command=$1
port=$2
shift 2
dir=/tmp/ocaf-haproxy-$port
case $command in
  start)
    if ! command -v haproxy >/dev/null; then
      sudo=""; [[ $(id -u) != 0 ]] && sudo=sudo
      $sudo apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq haproxy >/dev/null
    fi
    rm -rf "$dir" && mkdir -p "$dir"
    # The deploy file's settings, with this proxy's port and these servers.
    {
      sed -e "s/bind 127.0.0.1:8080/bind 127.0.0.1:$port/" -e '/^  server /d' Web/Deploy/haproxy.cfg
      index=0
      for server_port in "$@"; do
        index=$((index + 1))
        echo "  server s$index 127.0.0.1:$server_port cookie s$index check inter 500ms fall 1 rise 2"
      done
    } >"$dir/haproxy.cfg"
    haproxy -c -q -f "$dir/haproxy.cfg"
    haproxy -D -f "$dir/haproxy.cfg" -p "$dir/pid"
    ;;
  stop)
    [[ -f $dir/pid ]] && kill "$(cat "$dir/pid")" 2>/dev/null || true
    rm -rf "$dir"
    ;;
esac
