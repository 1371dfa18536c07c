#!/usr/bin/env bash
# Start a throwaway PostgreSQL cluster for tests and print its URL.
#
#   url="$(scripts/test-db/start.sh "$dir" | tail -n 1)"   # ... later:
#   scripts/test-db/stop.sh "$dir"
#
# DIR (optional) is where the cluster lives; default is a new /tmp dir (then
# the only way to find it again is the path printed on stderr, so pass DIR if
# you want to stop it). The LAST line of stdout is exactly
#   postgres://postgres@127.0.0.1:PORT/lantern_test
# and everything else goes to stderr, so callers can capture stdout directly.
# DIR/lantern-test-db.env records the data dir and port for stop.sh.
#
# The cluster is tuned for speed, not durability (no fsync, trust auth on
# loopback only): it holds nothing worth keeping.
# Needs a PostgreSQL server + pgvector: see scripts/setup/postgres.sh.
# Override the server with LANTERN_PG_BINDIR=/path/to/postgres/bin; pass extra server settings
# with LANTERN_PG_OPTIONS (e.g. "-c shared_buffers=512MB", as bench/ does).
set -euo pipefail

readonly TAG='[test-db]'
readonly DB_NAME=lantern_test
readonly STATE_NAME=lantern-test-db.env

log() { printf '%s %s\n' "$TAG" "$*" >&2; }
die() {
  printf '%s ERROR: %s\n' "$TAG" "$*" >&2
  exit 1
}

# Same rules as scripts/setup/postgres.sh, so the server we start is the one
# pgvector was installed for: LANTERN_PG_BINDIR, else the newest Debian
# /usr/lib/postgresql/N/bin, else whatever pg_ctl is on PATH.
find_pg_bindir() {
  if [[ -n "${LANTERN_PG_BINDIR:-}" ]]; then
    [[ -x "$LANTERN_PG_BINDIR/pg_ctl" ]] || return 1
    printf '%s\n' "$LANTERN_PG_BINDIR"
    return 0
  fi
  local dir='' d
  while IFS= read -r d; do
    if [[ -x "$d/initdb" && -x "$d/pg_ctl" && -x "$d/postgres" ]]; then
      dir="$d" # sorted ascending, so the last match is the newest major
    fi
  done < <(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V)
  if [[ -z "$dir" ]] && command -v pg_ctl >/dev/null 2>&1; then
    dir="$(dirname "$(command -v pg_ctl)")"
    [[ -x "$dir/initdb" ]] || dir=''
  fi
  [[ -n "$dir" ]] || return 1
  printf '%s\n' "$dir"
}

# A TCP port that is free on 127.0.0.1 right now (the kernel picks it).
# Node is always there for this project; python3 is the fallback.
pick_port() {
  if command -v node >/dev/null 2>&1; then
    # Not console.log: with FORCE_COLOR set (Playwright sets it) a number is printed in colour.
    node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port)+"\n");s.close()})'
  elif command -v python3 >/dev/null 2>&1; then
    python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'
  else
    die "need node or python3 to pick a free port"
  fi
}

bindir="$(find_pg_bindir)" ||
  die "no PostgreSQL server found (initdb/pg_ctl). Run scripts/setup/postgres.sh (as root on Debian) or install PostgreSQL + pgvector."
psql="$bindir/psql"
[[ -x "$psql" ]] || psql="$(command -v psql)" || die "no psql found next to $bindir or on PATH"

# initdb and pg_ctl refuse to run as root: as root, run them as the
# 'postgres' system user; otherwise (a developer laptop) as ourselves.
run_as=''
if [[ "$(id -u)" -eq 0 ]]; then
  id postgres >/dev/null 2>&1 || die "running as root but there is no 'postgres' user to run the server as"
  run_as=postgres
fi
as_pg() {
  if [[ -z "$run_as" ]]; then
    "$@"
  elif command -v runuser >/dev/null 2>&1; then
    # cd / first: root's cwd may be unreadable for postgres (noisy warnings).
    (cd / && runuser -u "$run_as" -- "$@")
  else
    (cd / && su -s /bin/bash "$run_as" -c "$(printf '%q ' "$@")")
  fi
}

# --- Where the cluster lives --------------------------------------------------
created_dir=0
if [[ -n "${1:-}" ]]; then
  mkdir -p -- "$1"
  dir="$(cd -- "$1" && pwd -P)"
else
  dir="$(mktemp -d /tmp/lantern-test-db.XXXXXX)"
  created_dir=1
fi
# The dir goes into postgres' -o options and a unix socket path: keep it
# plain, and short (socket paths are limited to ~100 bytes).
[[ "$dir" =~ ^[A-Za-z0-9_./+-]+$ ]] || die "DIR must be a plain path (letters, digits, _ . / + -): $dir"
((${#dir} <= 80)) || die "DIR path too long for a unix socket (max 80 chars): $dir"

state="$dir/$STATE_NAME"
data="$dir/data"

if [[ -f "$state" ]]; then
  # Already ours: reuse it if it is running (makes start.sh idempotent).
  # shellcheck source=/dev/null
  . "$state"
  if as_pg "$bindir/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    log "cluster in $dir is already running on port ${LANTERN_TEST_DB_PORT:?}"
    printf '%s\n' "${LANTERN_TEST_DB_URL:?}"
    exit 0
  fi
  die "$dir holds a stopped test cluster; run scripts/test-db/stop.sh $dir first"
fi
# stop.sh deletes DIR as a whole, so never adopt a dir that has other files.
if [[ -n "$(ls -A -- "$dir")" ]]; then
  die "$dir is not empty; give an empty or new DIR (stop.sh would delete it)"
fi

started=0
cleanup_on_failure() {
  local rc=$?
  ((rc != 0)) || return 0
  if ((started)); then
    as_pg "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if ((created_dir)); then
    rm -rf -- "$dir"
  else
    # Leave the caller's DIR empty again, so it can be reused as is.
    find "$dir" -mindepth 1 -delete 2>/dev/null || true
  fi
  exit "$rc"
}
trap cleanup_on_failure EXIT

# Mark the dir as ours before anything else, so stop.sh can clean up even
# after a half-finished start.
printf 'LANTERN_TEST_DB_DIR=%q\nLANTERN_TEST_DB_DATA=%q\n' "$dir" "$data" >"$state"
if [[ -n "$run_as" ]]; then
  chown -R "$run_as:" "$dir"
  # A DIR inside a root-only tree (e.g. /root/x) can't be reached by postgres.
  as_pg test -w "$dir" || die "user $run_as cannot write to $dir (is a parent dir private?); use a DIR under /tmp"
fi

t0=$SECONDS
version="$("$bindir/postgres" --version | awk '{print $3}')"
log "initdb PostgreSQL $version in $data"
# trust auth + superuser 'postgres' whatever the OS user is; C locale so
# sorting is the same on every machine; --no-sync because durability is moot.
if ! as_pg "$bindir/initdb" -D "$data" -A trust -U postgres -E UTF8 --locale=C --no-sync \
  >"$dir/initdb.log" 2>&1; then
  tail -n 40 "$dir/initdb.log" >&2
  die "initdb failed"
fi

# A free port can be taken by someone else between picking and binding it:
# retry a few times with a fresh port in that (rare) case.
port=''
for attempt in 1 2 3 4 5; do
  try_port="$(pick_port)"
  [[ "$try_port" =~ ^[0-9]+$ ]] || die "could not pick a free port (got '$try_port')"
  log "starting server on 127.0.0.1:$try_port"
  started=1
  if as_pg "$bindir/pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 60 \
    -o "-p $try_port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${LANTERN_PG_OPTIONS:-}" \
    start >"$dir/pg_ctl.log" 2>&1; then
    port="$try_port"
    break
  fi
  if grep -qiE 'could not (bind|create listen)|address already in use' "$dir/postgres.log" 2>/dev/null; then
    log "port $try_port was taken meanwhile (attempt $attempt); retrying"
    as_pg "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
    : >"$dir/postgres.log"
    continue
  fi
  cat "$dir/pg_ctl.log" >&2
  tail -n 40 "$dir/postgres.log" >&2 || true
  die "pg_ctl start failed"
done
[[ -n "$port" ]] || die "could not start the server on a free port after 5 attempts"

url="postgres://postgres@127.0.0.1:$port/$DB_NAME"
printf 'LANTERN_TEST_DB_PORT=%q\nLANTERN_TEST_DB_URL=%q\nLANTERN_TEST_DB_BINDIR=%q\n' \
  "$port" "$url" "$bindir" >>"$state"

sql() {
  local db="$1"
  shift
  PGCONNECT_TIMEOUT=10 "$psql" -X -q -v ON_ERROR_STOP=1 \
    -h 127.0.0.1 -p "$port" -U postgres -d "$db" "$@"
}
log "creating database $DB_NAME with extension vector"
sql postgres -c "CREATE DATABASE $DB_NAME" >&2
# As the superuser: CREATE EXTENSION vector needs one.
if ! sql "$DB_NAME" -c 'CREATE EXTENSION IF NOT EXISTS vector' >&2; then
  die "CREATE EXTENSION vector failed: is pgvector installed for PostgreSQL $version? Run scripts/setup/postgres.sh"
fi

trap - EXIT
log "ready in $((SECONDS - t0))s: PostgreSQL $version, data $data; stop with: scripts/test-db/stop.sh $dir"
printf '%s\n' "$url"
