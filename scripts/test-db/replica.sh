#!/usr/bin/env bash
# Start a streaming read replica of a test cluster made by scripts/test-db/start.sh, and print
# its URL (last line of stdout, same database name). Stop it with scripts/test-db/stop.sh DIR.
#
#   url="$(scripts/test-db/replica.sh PRIMARY_DIR DIR | tail -n 1)"
#
# pg_basebackup copies the primary (-c fast: no waiting for a spread checkpoint) and -R makes
# the copy a hot standby that follows the primary's WAL; the primary's defaults
# (wal_level=replica, max_wal_senders=10, trust for replication on loopback) are all it needs.
set -euo pipefail

readonly TAG='[test-db]'
log() { printf '%s %s\n' "$TAG" "$*" >&2; }
die() {
  printf '%s ERROR: %s\n' "$TAG" "$*" >&2
  exit 1
}

[[ $# -eq 2 ]] || die "usage: $0 PRIMARY_DIR DIR"
primary="$(cd -- "$1" && pwd -P)" || die "no such dir: $1"
[[ -f "$primary/lantern-test-db.env" ]] || die "$primary was not made by scripts/test-db/start.sh"
LANTERN_TEST_DB_PORT=''
LANTERN_TEST_DB_URL=''
LANTERN_TEST_DB_BINDIR=''
# shellcheck source=/dev/null
. "$primary/lantern-test-db.env"
primary_port="$LANTERN_TEST_DB_PORT"
primary_url="$LANTERN_TEST_DB_URL"
bindir="$LANTERN_TEST_DB_BINDIR"

mkdir -p -- "$2"
dir="$(cd -- "$2" && pwd -P)"
[[ -z "$(ls -A -- "$dir")" ]] || die "$dir is not empty"
[[ "$dir" =~ ^[A-Za-z0-9_./+-]+$ && ${#dir} -le 80 ]] || die "DIR must be a short plain path: $dir"
data="$dir/data"
state="$dir/lantern-test-db.env"
printf 'LANTERN_TEST_DB_DIR=%q\nLANTERN_TEST_DB_DATA=%q\n' "$dir" "$data" >"$state"

# As start.sh: the server tools refuse root, so run them as 'postgres' there.
run_as=''
if [[ "$(id -u)" -eq 0 ]]; then
  run_as=postgres
  chown -R "$run_as:" "$dir"
fi
as_pg() {
  if [[ -n "$run_as" ]]; then (cd / && runuser -u "$run_as" -- "$@"); else "$@"; fi
}

log "copying the primary (port $primary_port) into $data"
as_pg "$bindir/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$data" -R -X stream -c fast --no-sync >&2

port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})')"
log "starting the replica on 127.0.0.1:$port"
as_pg "$bindir/pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 60 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c hot_standby=on" \
  start >/dev/null
url="${primary_url/:$primary_port\//:$port/}"
printf 'LANTERN_TEST_DB_PORT=%q\nLANTERN_TEST_DB_URL=%q\nLANTERN_TEST_DB_BINDIR=%q\n' "$port" "$url" "$bindir" >>"$state"
printf '%s\n' "$url"
