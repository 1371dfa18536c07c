#!/usr/bin/env bash
# Make sure a Chromium that headless tests can drive is on this machine.
#
# Playwright cannot download its own browser here (only the npm registry and
# Debian's mirrors are reachable), so on Debian we use the distro package.
# Order of preference: an existing Debian/Ubuntu chromium, then an existing
# Playwright-managed Chromium, then (root + apt only) `apt-get install chromium`.
#
# Idempotent: when a browser is already there it only looks and exits 0.
set -euo pipefail

readonly TAG='[setup/chromium]'
readonly LOG=/tmp/lantern-setup-chromium.log
# Shared with scripts/setup/postgres.sh so that the two can run in parallel
# without fighting over apt's locks, and so apt-get update runs only once.
readonly APT_LOCK=/tmp/lantern-apt.lock
readonly APT_STAMP=/tmp/lantern-apt-updated.stamp

say() { printf '%s %s\n' "$TAG" "$*"; }
die() {
  printf '%s ERROR: %s\n' "$TAG" "$*" >&2
  exit 1
}

# Print the browser's version if it starts at all; a broken install should
# still be reported, not hidden, but it must not make this check fail.
version_of() {
  timeout 20 "$1" --version 2>/dev/null | head -n 1 || true
}

find_system_chromium() {
  local candidate
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    if [[ -x "$candidate" ]]; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
  return 1
}

find_playwright_chromium() {
  # PLAYWRIGHT_BROWSERS_PATH=0 means "inside node_modules"; nothing to look at.
  local root="${PLAYWRIGHT_BROWSERS_PATH:-${HOME:-/root}/.cache/ms-playwright}"
  [[ "$root" != 0 && -d "$root" ]] || return 1
  local candidate
  # Layouts differ between Playwright versions (chrome-linux vs chrome-linux64,
  # full chromium vs headless shell); accept any of them.
  for candidate in \
    "$root"/chromium-*/chrome-linux*/chrome \
    "$root"/chromium_headless_shell-*/chrome-linux*/headless_shell \
    "$root"/chromium-*/chrome-mac*/Chromium.app/Contents/MacOS/Chromium; do
    if [[ -x "$candidate" ]]; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
  return 1
}

# Run a command with its output going to $LOG; show the log only on failure.
run_logged() {
  local what="$1"
  shift
  printf '\n$ %s\n' "$*" >>"$LOG"
  if ! "$@" >>"$LOG" 2>&1; then
    printf '%s ERROR: %s failed; last lines of %s:\n' "$TAG" "$what" "$LOG" >&2
    tail -n 60 "$LOG" >&2
    exit 1
  fi
}

if browser="$(find_system_chromium)"; then
  say "found system Chromium: $browser ($(version_of "$browser"))"
  exit 0
fi
if browser="$(find_playwright_chromium)"; then
  say "found Playwright Chromium: $browser ($(version_of "$browser"))"
  exit 0
fi

if [[ "$(id -u)" -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
  die "no Chromium found (looked at /usr/bin/chromium, /usr/bin/chromium-browser and ${PLAYWRIGHT_BROWSERS_PATH:-~/.cache/ms-playwright}).
  Get one of:
    - on Debian/Ubuntu: sudo apt-get install chromium   (or re-run this script as root)
    - where browser downloads are allowed: npx playwright install chromium"
fi

export DEBIAN_FRONTEND=noninteractive
: >"$LOG" # only root gets here, and only when there is work to log
say "no Chromium found; installing Debian's chromium package (log: $LOG)"
start=$SECONDS

# Serialise with other Lantern setup scripts that use apt at the same time.
exec 9>"$APT_LOCK"
flock -w 900 9 || die "timed out waiting for $APT_LOCK (another apt run?)"

# One apt-get update per machine per hour is enough; on a fresh machine the
# package lists may be missing or stale, which makes the install 404.
if [[ -z "$(find "$APT_STAMP" -mmin -60 2>/dev/null)" ]]; then
  say "apt-get update"
  run_logged 'apt-get update' apt-get update -q -o DPkg::Lock::Timeout=300
  touch "$APT_STAMP"
fi

# --no-install-recommends: with recommends apt pulls ~130 packages (systemd,
# avahi, samba libs, printer tools) that a headless browser never uses;
# without it ~25. fonts-liberation gives screenshots readable Latin text.
say "apt-get install chromium fonts-liberation"
run_logged 'apt-get install chromium' \
  apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 \
  chromium fonts-liberation

browser="$(find_system_chromium)" || die "apt-get install chromium succeeded but no /usr/bin/chromium; see $LOG"
say "installed $browser ($(version_of "$browser")) in $((SECONDS - start))s"
