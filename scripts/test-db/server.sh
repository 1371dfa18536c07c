#!/usr/bin/env bash
# Stop or start again a test cluster made by scripts/test-db/start.sh, keeping its data and
# port: fault tests use it to take PostgreSQL away under a running app and bring it back.
#
#   scripts/test-db/server.sh DIR stop    # fast shutdown: sessions are terminated
#   scripts/test-db/server.sh DIR start   # same port, same settings
set -euo pipefail

readonly TAG='[test-db]'
log() { printf '%s %s\n' "$TAG" "$*" >&2; }
die() {
  printf '%s ERROR: %s\n' "$TAG" "$*" >&2
  exit 1
}

[[ $# -eq 2 && ( "$2" == stop || "$2" == start ) ]] || die "usage: $0 DIR stop|start"
dir="$(cd -- "$1" && pwd -P)" || die "no such dir: $1"
state="$dir/lantern-test-db.env"
[[ -f "$state" ]] || die "$dir was not made by scripts/test-db/start.sh"
LANTERN_TEST_DB_DATA=''
LANTERN_TEST_DB_PORT=''
LANTERN_TEST_DB_BINDIR=''
# shellcheck source=/dev/null
. "$state"
data="${LANTERN_TEST_DB_DATA:-$dir/data}"
pg_ctl="${LANTERN_TEST_DB_BINDIR:?}/pg_ctl"

# pg_ctl refuses to run as root: run it as the data dir's owner then (as start.sh does).
as_owner() {
  if [[ "$(id -u)" -eq 0 ]]; then
    (cd / && runuser -u "$(stat -c %U "$data")" -- "$@")
  else
    "$@"
  fi
}

if [[ "$2" == stop ]]; then
  log "stopping the server on port $LANTERN_TEST_DB_PORT (data kept)"
  as_owner "$pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null
else
  log "starting the server again on port $LANTERN_TEST_DB_PORT"
  as_owner "$pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 60 \
    -o "-p $LANTERN_TEST_DB_PORT -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${LANTERN_PG_OPTIONS:-}" \
    start >/dev/null
fi
