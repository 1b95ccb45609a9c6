#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests that need one (the --db postgres:// store, workers).
#   scripts/test-postgres.sh start DIR   prints the connection URL on stdout
#   scripts/test-postgres.sh stop DIR
# It listens on 127.0.0.1 only, with a password (scram), in DIR. Run as root it runs the server as
# the `postgres` user (the server refuses root). Needs Debian's postgresql (or any PostgreSQL >= 12
# whose initdb/pg_ctl are on PATH or in /usr/lib/postgresql/*/bin).
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?data folder}
port=${FELICITY_TEST_POSTGRES_PORT:-55432}
bin=$(dirname "$(command -v initdb 2>/dev/null || ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1)")
[ -x "$bin/initdb" ] || { echo "test-postgres: no initdb found (install Debian's postgresql)" >&2; exit 1; }
as() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      as bash -c "printf '%s\n' felicity-test-secret > '$dir/pw' && '$bin/initdb' -D '$dir/data' -U felicity --pwfile='$dir/pw' --auth=scram-sha-256 -E UTF8 >'$dir/initdb.log'"
    fi
    as "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
    echo "postgres://felicity:felicity-test-secret@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -f "$dir/data/postmaster.pid" ] && as "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
