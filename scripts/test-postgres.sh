#!/usr/bin/env bash
# Runs the unit + API tests against a real PostgreSQL server instead of PGlite.
# Called by `npm run test:pg`.
#
# It never uses (or touches) a PostgreSQL that may already be running on this machine: it creates
# a throwaway cluster in a temp directory, listening only on 127.0.0.1 on a free port, with its
# unix socket inside that directory, and removes it again on exit (also on failure / Ctrl-C).
# Debian's `postgresql` package is installed with apt-get if no server binaries are present.
#
# Env: anything scripts/test.sh understands (TEST_CONCURRENCY, TEST_TIMEOUT_MS, ...) passes
# through; ONLY defaults to "unit,api" (ONLY=api for just apps/server/test).
# Prints the same final "N passed, N failed" line as scripts/test.sh; exits with its exit code.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

sudo=()
if ((EUID != 0)); then sudo=(sudo); fi

# ---------------------------------------------------------------------------------------------
# 1. PostgreSQL server binaries
# ---------------------------------------------------------------------------------------------
find_pg_bin() {
  # Newest major version first.
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5,5 -V -r); do
    if [[ -x "$d/initdb" && -x "$d/pg_ctl" ]]; then echo "$d"; return 0; fi
  done
  return 0
}

PG_BIN="$(find_pg_bin)"
if [[ -z "$PG_BIN" ]]; then
  echo "==> installing PostgreSQL (apt-get)"
  # On a fresh install Debian would create *and start* a "main" cluster on port 5432. We only
  # want the binaries, so tell postgresql-common not to create it (only if no config exists yet;
  # UCF_FORCE_CONFFOLD keeps our file when the package installs its own).
  if [[ ! -e /etc/postgresql-common/createcluster.conf ]]; then
    "${sudo[@]}" mkdir -p /etc/postgresql-common
    echo "create_main_cluster = off" | "${sudo[@]}" tee /etc/postgresql-common/createcluster.conf >/dev/null
  fi
  if [[ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -60 2>/dev/null | head -n 1)" ]]; then
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive UCF_FORCE_CONFFOLD=1 apt-get install -y -qq \
    --no-install-recommends -o Dpkg::Options::=--force-confold postgresql >/dev/null
  PG_BIN="$(find_pg_bin)"
  if [[ -z "$PG_BIN" ]]; then
    echo "PostgreSQL installed but no initdb found under /usr/lib/postgresql/*/bin" >&2
    exit 1
  fi
fi
echo "==> using $("$PG_BIN/postgres" --version)"

# ---------------------------------------------------------------------------------------------
# 2. Throwaway cluster
# ---------------------------------------------------------------------------------------------
# initdb/postgres refuse to run as root, so the cluster belongs to the `postgres` system user
# (created by Debian's package). As a normal user we simply run them as ourselves.
if ((EUID == 0)); then as_pg=(runuser -u postgres --); else as_pg=(); fi

PG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/shop-pg.XXXXXX")"
if ((EUID == 0)); then chown postgres:postgres "$PG_DIR"; fi
chmod 700 "$PG_DIR"
started=0

cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  if ((started)); then
    # -m fast: disconnect clients and stop now; fall back to killing the postmaster by pid.
    if ! (cd "$PG_DIR" && "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w -t 30 stop >/dev/null 2>&1); then
      echo "pg_ctl stop failed; killing the postmaster" >&2
      if [[ -f "$PG_DIR/data/postmaster.pid" ]]; then
        kill -KILL "$(head -n 1 "$PG_DIR/data/postmaster.pid")" 2>/dev/null || true
      fi
    fi
  fi
  rm -rf "$PG_DIR"
  exit "$rc"
}
trap cleanup EXIT
# Turn signals into a normal exit so the EXIT trap (cleanup) runs exactly once.
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# A free TCP port on 127.0.0.1 (the kernel picks it; tiny race until postgres binds it).
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

mkdir -p "$PG_DIR/sock"
if ((EUID == 0)); then chown postgres:postgres "$PG_DIR/sock"; fi

# cd into the temp dir: the postgres user may not be allowed into the repo's directory.
(cd "$PG_DIR" && "${as_pg[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust \
  -E UTF8 --locale=C.UTF-8 --no-sync >"$PG_DIR/initdb.log" 2>&1) || {
  cat "$PG_DIR/initdb.log" >&2
  exit 1
}

# Settings for a disposable test server: no durability (fsync etc. off = much faster), only
# loopback TCP, socket in our dir (not /var/run/postgresql, which may belong to another server).
cat >>"$PG_DIR/data/postgresql.conf" <<EOF

# --- scripts/test-postgres.sh ---
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$PG_DIR/sock'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
EOF

echo "==> starting throwaway PostgreSQL on 127.0.0.1:$PORT ($PG_DIR)"
started=1
(cd "$PG_DIR" && "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null) || {
  cat "$PG_DIR/server.log" >&2 || true
  exit 1
}
(cd "$PG_DIR" && "${as_pg[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres shop_test)

# ---------------------------------------------------------------------------------------------
# 3. Tests (same unit + API set as scripts/test.sh; the test helper makes a database per file)
# ---------------------------------------------------------------------------------------------
rc=0
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/shop_test" ONLY="${ONLY:-unit,api}" \
  bash scripts/test.sh || rc=$?
# The EXIT trap stops the cluster quietly, so test.sh's "N passed, N failed" stays the last line.
exit "$rc"
