#!/usr/bin/env bash
# Stop or start again a test cluster made by scripts/test-db/start.sh, keeping its data and
# port: fault tests use it to take PostgreSQL away under a running app and bring it back.
#
#   scripts/test-db/server.sh DIR stop    # fast shutdown: sessions are terminated
#   scripts/test-db/server.sh DIR start   # same port, same settings
set -euo pipefail

# shellcheck source=scripts/test-db/common.sh
. "$(dirname "$0")/common.sh"

[[ $# -eq 2 && ( "$2" == stop || "$2" == start ) ]] || die "usage: $0 DIR stop|start"
load_cluster "$1"
dir="$cluster_dir"
data="$LANTERN_TEST_DB_DATA"
pg_ctl="${LANTERN_TEST_DB_BINDIR:?}/pg_ctl"

if [[ "$2" == stop ]]; then
  log "stopping the server on port $LANTERN_TEST_DB_PORT (data kept)"
  as_data_owner "$pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null
else
  log "starting the server again on port $LANTERN_TEST_DB_PORT"
  as_data_owner "$pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 60 \
    -o "-p $LANTERN_TEST_DB_PORT -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${LANTERN_PG_OPTIONS:-}" \
    start >/dev/null
fi
