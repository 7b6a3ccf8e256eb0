#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server from Debian's packages, on loopback only, for the
# tests: `.ci/postgres.sh start` prints the URL to export as OCAF_POSTGRES_URL; `stop` removes it.
#   .ci/postgres.sh start|stop [PORT]
set -euo pipefail
port=${2:-55432}
dir=${OCAF_POSTGRES_DIR:-/tmp/ocaf-postgres-$port}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_postgres() {
  if [[ $(id -u) == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case $1 in
  start)
    if [[ ! -x $bin/initdb ]]; then
      sudo=""; [[ $(id -u) != 0 ]] && sudo=sudo
      $sudo apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
      bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    fi
    rm -rf "$dir" && mkdir -p "$dir" && chown postgres "$dir" 2>/dev/null || true
    as_postgres "$bin/initdb" -D "$dir/data" -U ocaf --auth=trust >/dev/null
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir" start >/dev/null
    as_postgres "$bin/createdb" -h 127.0.0.1 -p "$port" -U ocaf ocaf
    echo "postgres://ocaf@127.0.0.1:$port/ocaf"
    ;;
  stop)
    [[ -d $dir/data ]] && as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
esac
