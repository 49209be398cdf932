#!/usr/bin/env bash
# Runs the unit + API tests against a real PostgreSQL server instead of PGlite.
# Called by `npm run test:pg`.
#
# The server is a throwaway cluster made by scripts/with-postgres.sh: in a temp directory,
# listening only on 127.0.0.1 on a free port, removed again on exit (also on failure / Ctrl-C);
# it never uses (or touches) a PostgreSQL that may already be running on this machine. Debian's
# `postgresql` package is installed with apt-get if no server binaries are present.
#
# Env: anything scripts/test.sh understands (TEST_CONCURRENCY, TEST_TIMEOUT_MS, ...) passes
# through; ONLY defaults to "unit,api" (ONLY=api for just apps/server/test).
# Prints the same final "N passed, N failed" line as scripts/test.sh; exits with its exit code.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The test helper makes a database per file on the server of TEST_DATABASE_URL.
ONLY="${ONLY:-unit,api}" exec bash scripts/with-postgres.sh --export TEST_DATABASE_URL -- bash scripts/test.sh
