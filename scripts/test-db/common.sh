# Shared by server.sh and replica.sh (sourced): messages, and reading a cluster's state file
# (written by start.sh) into LANTERN_TEST_DB_DATA, _PORT, _URL and _BINDIR.

readonly TAG='[test-db]'
log() { printf '%s %s\n' "$TAG" "$*" >&2; }
die() {
  printf '%s ERROR: %s\n' "$TAG" "$*" >&2
  exit 1
}

# load_cluster DIR: sets cluster_dir and the LANTERN_TEST_DB_* variables, or dies.
load_cluster() {
  cluster_dir="$(cd -- "$1" && pwd -P)" || die "no such dir: $1"
  [[ -f "$cluster_dir/lantern-test-db.env" ]] || die "$cluster_dir was not made by scripts/test-db/start.sh"
  LANTERN_TEST_DB_DATA=''
  LANTERN_TEST_DB_PORT=''
  LANTERN_TEST_DB_URL=''
  LANTERN_TEST_DB_BINDIR=''
  # shellcheck source=/dev/null
  . "$cluster_dir/lantern-test-db.env"
  LANTERN_TEST_DB_DATA="${LANTERN_TEST_DB_DATA:-$cluster_dir/data}"
}

# The server tools refuse to run as root: run them as the data dir's owner then (as start.sh does).
as_data_owner() {
  if [[ "$(id -u)" -eq 0 ]]; then
    (cd / && runuser -u "$(stat -c %U "$LANTERN_TEST_DB_DATA" 2>/dev/null || echo postgres)" -- "$@")
  else
    "$@"
  fi
}
