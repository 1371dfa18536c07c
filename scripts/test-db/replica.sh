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

# shellcheck source=scripts/test-db/common.sh
. "$(dirname "$0")/common.sh"

[[ $# -eq 2 ]] || die "usage: $0 PRIMARY_DIR DIR"
load_cluster "$1"
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

# As root, the copy belongs to the primary's owner, who runs the tools (as_data_owner).
if [[ "$(id -u)" -eq 0 ]]; then chown -R "$(stat -c %U "$LANTERN_TEST_DB_DATA"):" "$dir"; fi

log "copying the primary (port $primary_port) into $data"
as_data_owner "$bindir/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$data" -R -X stream -c fast --no-sync >&2

port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})')"
log "starting the replica on 127.0.0.1:$port"
as_data_owner "$bindir/pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 60 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c hot_standby=on" \
  start >/dev/null
url="${primary_url/:$primary_port\//:$port/}"
printf 'LANTERN_TEST_DB_PORT=%q\nLANTERN_TEST_DB_URL=%q\nLANTERN_TEST_DB_BINDIR=%q\n' "$port" "$url" "$bindir" >>"$state"
printf '%s\n' "$url"
