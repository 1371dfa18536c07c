#!/usr/bin/env bash
# Stop a throwaway cluster made by scripts/test-db/start.sh DIR and delete DIR.
#
#   scripts/test-db/stop.sh DIR
#
# Safe to call twice, on a half-started cluster, or on a DIR that is gone:
# it never fails for a cluster that is already stopped. It only deletes a DIR
# that start.sh marked as its own (DIR/lantern-test-db.env).
set -euo pipefail

readonly TAG='[test-db]'
readonly STATE_NAME=lantern-test-db.env

log() { printf '%s %s\n' "$TAG" "$*" >&2; }

if [[ $# -ne 1 || -z "$1" ]]; then
  printf 'usage: %s DIR   (the DIR given to / printed by scripts/test-db/start.sh)\n' "$0" >&2
  exit 2
fi
dir="$1"

if [[ ! -d "$dir" ]]; then
  log "nothing to stop: $dir does not exist"
  exit 0
fi
dir="$(cd -- "$dir" && pwd -P)"
state="$dir/$STATE_NAME"
if [[ ! -f "$state" ]]; then
  # Not made by start.sh (or already cleaned): deleting it could destroy
  # someone's files, so leave it alone.
  log "nothing to stop: $dir has no $STATE_NAME (not a test-db dir); leaving it alone"
  exit 0
fi

LANTERN_TEST_DB_DATA=''
LANTERN_TEST_DB_BINDIR=''
# shellcheck source=/dev/null
. "$state"
data="${LANTERN_TEST_DB_DATA:-$dir/data}"

if [[ -f "$data/postmaster.pid" ]]; then
  pg_ctl="${LANTERN_TEST_DB_BINDIR:+$LANTERN_TEST_DB_BINDIR/pg_ctl}"
  [[ -x "$pg_ctl" ]] || pg_ctl="$(command -v pg_ctl || true)"
  # pg_ctl refuses to run as root: run it as the data dir's owner then.
  owner=''
  if [[ "$(id -u)" -eq 0 ]]; then
    owner="$(stat -c %U "$data" 2>/dev/null || echo postgres)"
  fi
  if [[ -n "$pg_ctl" ]]; then
    log "stopping server in $data"
    if [[ -n "$owner" && "$owner" != root ]]; then
      (cd / && runuser -u "$owner" -- "$pg_ctl" -D "$data" -m immediate -w -t 30 stop) >/dev/null 2>&1 || true
    else
      "$pg_ctl" -D "$data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
    fi
  fi
  # If pg_ctl could not do it (missing binary, timeout), stop the postmaster
  # named in its own pid file, after checking it really is a postgres.
  if [[ -f "$data/postmaster.pid" ]]; then
    pid="$(head -n 1 "$data/postmaster.pid" 2>/dev/null || true)"
    if [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null &&
      ps -o comm= -p "$pid" 2>/dev/null | grep -q postgres; then
      log "pg_ctl did not stop it; killing postmaster $pid"
      kill -QUIT "$pid" 2>/dev/null || true
      for _ in 1 2 3 4 5 6 7 8 9 10; do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.5
      done
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
else
  log "server in $dir is not running"
fi

if rm -rf -- "$dir"; then
  log "removed $dir"
else
  log "warning: could not fully remove $dir"
fi
