#!/usr/bin/env bash
# Make sure a PostgreSQL server (initdb, pg_ctl, postgres) and the pgvector
# extension for that same server major are installed, so that
# scripts/test-db/start.sh can run a throwaway cluster with
# `CREATE EXTENSION vector`.
#
# Debian 12 ships PostgreSQL 15 but no pgvector package for it, so pgvector
# 0.8.0 is built from Debian trixie's *source* package (the only place we can
# fetch it from: the network reaches Debian mirrors and npm, nothing else).
#
# Idempotent: existing installs are detected and nothing is done.
# Override the server with LANTERN_PG_BINDIR=/path/to/postgres/bin.
set -euo pipefail

readonly TAG='[setup/postgres]'
# Per-user name: a non-root run must not trip over root's log file.
LOG=/tmp/lantern-setup-postgres.log
[[ "$(id -u)" -eq 0 ]] || LOG="/tmp/lantern-setup-postgres.$(id -u).log"
readonly LOG
# Shared with scripts/setup/chromium.sh (parallel runs, one apt-get update).
readonly APT_LOCK=/tmp/lantern-apt.lock
readonly APT_STAMP=/tmp/lantern-apt-updated.stamp
# Source suite that has pgvector 0.8.0 for us to build.
readonly PGVECTOR_SUITE=trixie

say() { printf '%s %s\n' "$TAG" "$*"; }
die() {
  printf '%s ERROR: %s\n' "$TAG" "$*" >&2
  exit 1
}

# Run a command with its output going to $LOG; show the log only on failure.
# The log is started afresh by the first command of a run, so a no-op run
# keeps the previous install's log around.
run_logged() {
  local what="$1"
  shift
  if [[ -z "${log_started:-}" ]]; then
    : >"$LOG"
    log_started=1
  fi
  printf '\n$ %s\n' "$*" >>"$LOG"
  if ! "$@" >>"$LOG" 2>&1; then
    printf '%s ERROR: %s failed; last lines of %s:\n' "$TAG" "$what" "$LOG" >&2
    tail -n 80 "$LOG" >&2
    exit 1
  fi
}

# Directory holding initdb/pg_ctl/postgres/pg_config of the server to use.
# Same rules as scripts/test-db/start.sh, so both agree on the major version:
# LANTERN_PG_BINDIR, else the newest Debian /usr/lib/postgresql/N/bin, else
# whatever pg_ctl is on PATH (Homebrew, Postgres.app, ...).
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

# pg_config of that server: the one next to it, else the one on PATH.
pg_config_for() {
  if [[ -x "$1/pg_config" ]]; then
    printf '%s\n' "$1/pg_config"
  elif command -v pg_config >/dev/null 2>&1; then
    command -v pg_config
  else
    return 1
  fi
}

# Run a command in another directory (apt-get source unpacks into the cwd).
in_dir() {
  local dir="$1"
  shift
  (cd "$dir" && "$@")
}

can_apt() { [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; }

# Take the Lantern apt lock (once) and run apt-get update at most once an hour.
apt_ready() {
  export DEBIAN_FRONTEND=noninteractive
  if [[ -z "${apt_locked:-}" ]]; then
    exec 9>"$APT_LOCK"
    flock -w 900 9 || die "timed out waiting for $APT_LOCK (another apt run?)"
    apt_locked=1
  fi
  if [[ -z "$(find "$APT_STAMP" -mmin -60 2>/dev/null)" ]]; then
    say "apt-get update"
    run_logged 'apt-get update' apt-get update -q -o DPkg::Lock::Timeout=300
    touch "$APT_STAMP"
  fi
}

# apt-get install only what is missing: naming an installed package would
# upgrade it (e.g. dpkg itself via dpkg-dev), which is not our business.
apt_install_missing() {
  local pkg missing=()
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$pkg")
    fi
  done
  ((${#missing[@]})) || return 0
  apt_ready
  say "apt-get install ${missing[*]}"
  run_logged "apt-get install ${missing[*]}" \
    apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 "${missing[@]}"
}

has_candidate() {
  apt-cache policy "$1" 2>/dev/null | grep -q 'Candidate: [^(]'
}

# The mirror this system already uses for its own release, read from
# /etc/apt/sources.list{,.d/*.list} (one-line format) or .d/*.sources
# (deb822). We never invent a host: the network only reaches that one.
system_mirror() {
  local codename
  # shellcheck source=/dev/null
  codename="$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-}")"
  [[ -n "$codename" ]] || return 1
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f "$f" ]] || continue
    awk -v cn="$codename" '
      BEGIN { RS = ""; FS = "\n" }
      {
        types = ""; uris = ""; suites = ""; enabled = "yes"
        for (i = 1; i <= NF; i++) {
          line = $i
          if (line ~ /^[[:space:]]*#/) continue
          key = tolower(line); sub(/:.*/, "", key)
          val = line; sub(/^[^:]*:[[:space:]]*/, "", val)
          if (key == "types") types = val
          else if (key == "uris") uris = val
          else if (key == "suites") suites = val
          else if (key == "enabled") enabled = tolower(val)
        }
        if (enabled == "no") next
        if ((" " types " ") !~ / deb / || (" " suites " ") !~ (" " cn " ")) next
        split(uris, u, /[[:space:]]+/); print u[1]; exit
      }' "$f"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -f "$f" ]] || continue
    # deb [opts] URI SUITE COMPONENTS...
    sed -E 's/\[[^]]*\]//' "$f" | awk -v cn="$codename" '$1 == "deb" && $3 == cn { print $2; exit }'
  done
}

# Build pgvector from Debian's source package for $PGVECTOR_SUITE against the
# server whose pg_config is $1.
build_pgvector_from_debian_source() {
  local pg_config="$1" major="$2"
  local mirror
  mirror="$(system_mirror | head -n 1)"
  [[ -n "$mirror" ]] || die "cannot find this system's Debian mirror in /etc/apt/sources.list*"

  # Build tools. postgresql-server-dev-N brings PGXS (and clang/llvm for the
  # JIT bitcode that PGXS builds next to the .so).
  apt_install_missing dpkg-dev make gcc "postgresql-server-dev-$major"

  # Fetch the source with a private apt configuration (own sources list, own
  # lists dir, no binary caches) so the system's apt state is never touched:
  # nothing to undo afterwards, even if this script is interrupted.
  local work
  work="$(mktemp -d /tmp/lantern-pgvector.XXXXXX)"
  # shellcheck disable=SC2064  # expand $work now: it is local to this function
  trap "rm -rf '$work'" EXIT
  mkdir -p "$work/lists/partial" "$work/parts" "$work/src"
  local signed_by=''
  [[ -f /usr/share/keyrings/debian-archive-keyring.gpg ]] &&
    signed_by='[signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] '
  printf 'deb-src %s%s %s main\n' "$signed_by" "$mirror" "$PGVECTOR_SUITE" >"$work/sources.list"
  local apt_opts=(
    -o "Dir::Etc::SourceList=$work/sources.list"
    -o "Dir::Etc::SourceParts=$work/parts"
    -o "Dir::State::Lists=$work/lists"
    -o "Dir::Cache::pkgcache="
    -o "Dir::Cache::srcpkgcache="
    # Files live in a root-only temp dir the _apt sandbox user cannot write.
    -o "APT::Sandbox::User=root"
  )
  say "fetching pgvector source from $mirror ($PGVECTOR_SUITE)"
  run_logged "apt-get update ($PGVECTOR_SUITE sources)" apt-get "${apt_opts[@]}" update -q
  run_logged 'apt-get source pgvector' \
    in_dir "$work/src" apt-get "${apt_opts[@]}" source -q pgvector

  local srcdir
  srcdir="$(find "$work/src" -mindepth 1 -maxdepth 1 -type d -name 'pgvector-*' | head -n 1)"
  [[ -n "$srcdir" && -f "$srcdir/Makefile" ]] || die "apt-get source pgvector gave no source tree; see $LOG"

  # OPTFLAGS="" drops upstream's -march=native, so the .so also runs on
  # another CPU than the one that built it.
  say "building $(basename "$srcdir") for PostgreSQL $major"
  run_logged 'make pgvector' make -C "$srcdir" -j"$(nproc 2>/dev/null || echo 2)" OPTFLAGS="" PG_CONFIG="$pg_config"
  say "installing pgvector into $("$pg_config" --pkglibdir)"
  run_logged 'make install pgvector' make -C "$srcdir" install OPTFLAGS="" PG_CONFIG="$pg_config"

  rm -rf "$work"
  trap - EXIT
}

start=$SECONDS

# --- Step 1: the server -------------------------------------------------------
if bindir="$(find_pg_bindir)"; then
  say "PostgreSQL server found: $bindir"
else
  can_apt || die "no PostgreSQL server found (initdb/pg_ctl not in /usr/lib/postgresql/*/bin nor on PATH).
  Install PostgreSQL (e.g. 'sudo apt-get install postgresql' or 'brew install postgresql@15'),
  or re-run this script as root on Debian/Ubuntu."
  apt_ready
  # Prefer 15, the major Lantern is developed against; fall back to the
  # distro's default major elsewhere.
  pkg=postgresql
  has_candidate postgresql-15 && pkg=postgresql-15
  apt_install_missing "$pkg"
  bindir="$(find_pg_bindir)" || die "installed $pkg but found no initdb/pg_ctl; see $LOG"
  say "PostgreSQL server installed: $bindir"
fi

pg_config="$(pg_config_for "$bindir")" ||
  die "no pg_config for the server in $bindir (install its client/dev package)"
version="$("$pg_config" --version | awk '{print $2}')"
major="${version%%.*}"
sharedir="$("$pg_config" --sharedir)"
control="$sharedir/extension/vector.control"

# --- Step 2: pgvector for that server major -----------------------------------
if [[ -f "$control" ]]; then
  say "pgvector found: $control"
else
  if ! can_apt; then
    die "pgvector is not installed for PostgreSQL $major (no $control).
  Install it (e.g. 'brew install pgvector', or 'apt-get install postgresql-$major-pgvector'
  where that package exists), or re-run this script as root on Debian/Ubuntu."
  fi
  apt_ready
  if has_candidate "postgresql-$major-pgvector"; then
    # Ubuntu / PGDG have a binary package: cheaper than building.
    apt_install_missing "postgresql-$major-pgvector"
  else
    say "no postgresql-$major-pgvector package; building pgvector from Debian $PGVECTOR_SUITE source"
    build_pgvector_from_debian_source "$pg_config" "$major"
  fi
  [[ -f "$control" ]] || die "pgvector install finished but $control is missing; see $LOG"
fi

# Re-read the version: building pgvector may have upgraded the server
# package (postgresql-server-dev-N pulls the newest same-major client/server).
version="$("$pg_config" --version | awk '{print $2}')"
vector_version="$(sed -nE "s/^default_version[[:space:]]*=[[:space:]]*'([^']*)'.*/\1/p" "$control")"
say "ready: PostgreSQL $version ($bindir), pgvector ${vector_version:-?} ($((SECONDS - start))s)"
