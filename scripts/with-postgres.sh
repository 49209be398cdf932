#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server, then removes the server again.
#
#   bash scripts/with-postgres.sh [--durable] [--export NAME]... [--] command [args...]
#
# The command finds the URL of an empty database (`shop_test`, user `postgres`, no password) in
# $WITH_POSTGRES_URL and in every variable named with --export. The server is new for each run:
# a cluster in a temp directory, listening only on 127.0.0.1 on a free port, with its unix socket
# inside that directory; it is stopped and deleted on exit (also on failure / Ctrl-C). It never
# uses or touches a PostgreSQL that may already run on this machine. Debian's `postgresql` package
# is installed with apt-get if no server binaries are present (without its default cluster).
#
# By default the cluster trades durability for speed (fsync, synchronous_commit and
# full_page_writes off), which suits tests. --durable keeps PostgreSQL's defaults (every commit
# flushed to disk), as a production server runs: benchmarks use that.
#
# Used by scripts/test-postgres.sh (npm run test:pg) and bench/with-postgres.sh (npm run bench).
# Exits with the command's exit status.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

durable=0
exports=()
while (($#)); do
  case "$1" in
    --durable) durable=1; shift ;;
    --export) exports+=("$2"); shift 2 ;;
    --) shift; break ;;
    -*) echo "with-postgres.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
if (($# == 0)); then
  echo "usage: bash scripts/with-postgres.sh [--durable] [--export NAME]... [--] command [args...]" >&2
  exit 2
fi

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
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive UCF_FORCE_CONFFOLD=1 apt-get install -y -qq \
    --no-install-recommends -o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-confold postgresql >/dev/null
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

# Only loopback TCP, socket in our dir (not /var/run/postgresql, which may belong to another server).
cat >>"$PG_DIR/data/postgresql.conf" <<EOF

# --- scripts/with-postgres.sh ---
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$PG_DIR/sock'
max_connections = 200
EOF
if ((durable == 0)); then
  # A disposable test server: no durability, much faster.
  cat >>"$PG_DIR/data/postgresql.conf" <<EOF
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
fi

echo "==> starting throwaway PostgreSQL on 127.0.0.1:$PORT ($PG_DIR$( ((durable)) && echo ', durable'))"
started=1
(cd "$PG_DIR" && "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null) || {
  cat "$PG_DIR/server.log" >&2 || true
  exit 1
}
(cd "$PG_DIR" && "${as_pg[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres shop_test)

# ---------------------------------------------------------------------------------------------
# 3. The command
# ---------------------------------------------------------------------------------------------
export WITH_POSTGRES_URL="postgres://postgres@127.0.0.1:$PORT/shop_test"
for name in "${exports[@]}"; do export "$name=$WITH_POSTGRES_URL"; done
rc=0
"$@" || rc=$?
# The EXIT trap stops the cluster quietly, so the command's output stays last.
exit "$rc"
