#!/usr/bin/env bash
# The whole test suite, as the README's Tests command runs it:
#   lint, typecheck, Vitest (units + integration on PGlite AND on PostgreSQL + pgvector),
#   a production build, and Playwright e2e in Chromium against the built app.
# It installs what this machine lacks (Debian's Chromium, PostgreSQL + pgvector) when it can,
# and says plainly what it is doing. Set TEST_DATABASE_URL to use your own PostgreSQL instead.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
results_dir="$(mktemp -d "${TMPDIR:-/tmp}/lantern-test-results.XXXXXX")"

step "Chromium for the e2e tests"
bash scripts/setup/chromium.sh

pg_dir=""
cleanup() {
  if [[ -n "$pg_dir" ]]; then bash scripts/test-db/stop.sh "$pg_dir" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  step "PostgreSQL: using TEST_DATABASE_URL from the environment"
else
  step "PostgreSQL + pgvector for the PostgreSQL integration suite"
  if bash scripts/setup/postgres.sh; then
    pg_dir="$(mktemp -d "${TMPDIR:-/tmp}/lantern-test-pg.XXXXXX")"
    TEST_DATABASE_URL="$(bash scripts/test-db/start.sh "$pg_dir" | tail -n 1)"
    export TEST_DATABASE_URL
    echo "Started a throwaway PostgreSQL at ${TEST_DATABASE_URL}"
  elif [[ -n "${CI:-}" ]]; then
    echo "PostgreSQL + pgvector could not be set up, and CI must run the PostgreSQL suite." >&2
    exit 1
  else
    echo "!! PostgreSQL + pgvector could not be set up here: the integration suite runs on PGlite only." >&2
    echo "!! Set TEST_DATABASE_URL to a PostgreSQL with pgvector (superuser) to run it on PostgreSQL too." >&2
  fi
fi

step "Lint"
npm run -s lint

step "Typecheck"
npm run -s typecheck

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  step "Vitest: units, and integration on PGlite and on PostgreSQL"
else
  step "Vitest: units, and integration on PGlite"
fi
npx vitest run --reporter=verbose --reporter=json --outputFile.json="$results_dir/vitest.json"

step "Production build"
npx next build

step "Playwright e2e in Chromium against the built app"
E2E_SKIP_BUILD=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$results_dir/playwright.json" npx playwright test --reporter=list,json

step "Summary"
node scripts/test-summary.mjs "$results_dir/vitest.json" "$results_dir/playwright.json"
