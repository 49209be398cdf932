#!/usr/bin/env bash
# Runs a command with BENCH_DATABASE_URL pointing at a throwaway PostgreSQL server with durable
# settings (every commit flushed to disk, as in production): see scripts/with-postgres.sh.
#
#   bash bench/with-postgres.sh node --import tsx bench/http.ts
#
# `npm run bench` uses it by itself when BENCH_DATABASE_URL is not set.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec bash scripts/with-postgres.sh --durable --export BENCH_DATABASE_URL -- "$@"
