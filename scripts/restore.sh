#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh, then checks what it restored. See docs/operations.md.
#
#   scripts/restore.sh <backup-dir> [--force]
#
# Same environment as the server: DATA_DIR (default ./data) and, for PostgreSQL, DATABASE_URL
# (the backup's kind must match). Stop every server instance first.
#
# Without --force it only restores into an empty place: no DATA_DIR/files content, no
# DATA_DIR/pglite, no table in the PostgreSQL database. With --force, the current files and PGlite
# directory are moved aside (DATA_DIR/*.before-restore-<time>, nothing is deleted) and the
# PostgreSQL objects are replaced (pg_restore --clean).
#
# Afterwards it checks: every files row has its bytes, of the recorded size; invoice numbers are
# 1..N per series and year; it prints the counts. Start the server and open
# GET /api/invoices/verify as an admin to recompute the VERI*FACTU chain.
set -euo pipefail

BACKUP=""
FORCE=0
for arg in "$@"; do
  case "$arg" in
    --force) FORCE=1 ;;
    -*) echo "restore: unknown option $arg" >&2; exit 2 ;;
    *) BACKUP="$arg" ;;
  esac
done
if [[ -z "$BACKUP" || ! -f "$BACKUP/MANIFEST" ]]; then
  echo "usage: DATA_DIR=... [DATABASE_URL=...] $0 <backup-dir made by scripts/backup.sh> [--force]" >&2
  exit 2
fi
BACKUP="$(cd "$BACKUP" && pwd)"
DATA_DIR="${DATA_DIR:-./data}"
mkdir -p "$DATA_DIR"
DATA_DIR="$(cd "$DATA_DIR" && pwd)"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
KIND="$(sed -n 's/^database=//p' "$BACKUP/MANIFEST")"

echo "==> checking the backup's checksums"
(cd "$BACKUP" && sha256sum --quiet -c SHA256SUMS)

if [[ -n "${DATABASE_URL:-}" && "$KIND" != postgresql ]] || [[ -z "${DATABASE_URL:-}" && "$KIND" != pglite ]]; then
  echo "restore: this is a $KIND backup; set DATABASE_URL for a postgresql one, unset it for a pglite one." >&2
  exit 1
fi

# A running PGlite server holds DATA_DIR/pglite.lock.
LOCK="$DATA_DIR/pglite.lock"
if [[ -f "$LOCK" ]]; then
  PID="$(sed -n 's/.*"pid":\([0-9]*\).*/\1/p' "$LOCK")"
  if [[ -n "$PID" ]] && kill -0 "$PID" 2>/dev/null; then
    echo "restore: a server (pid $PID) is running on $DATA_DIR; stop it first." >&2
    exit 1
  fi
fi

has_files() { [[ -d "$DATA_DIR/files" ]] && [[ -n "$(find "$DATA_DIR/files" -path "$DATA_DIR/files/.tmp" -prune -o -type f -print -quit)" ]]; }
if has_files; then
  if ((FORCE == 0)); then
    echo "restore: $DATA_DIR/files is not empty (use --force to move it aside)" >&2
    exit 1
  fi
  mv "$DATA_DIR/files" "$DATA_DIR/files.before-restore-$STAMP"
  echo "    moved the current files to $DATA_DIR/files.before-restore-$STAMP"
fi

if [[ "$KIND" == pglite ]]; then
  if [[ -e "$DATA_DIR/pglite" ]]; then
    if ((FORCE == 0)); then
      echo "restore: $DATA_DIR/pglite exists (use --force to move it aside)" >&2
      exit 1
    fi
    mv "$DATA_DIR/pglite" "$DATA_DIR/pglite.before-restore-$STAMP"
    echo "    moved the current database to $DATA_DIR/pglite.before-restore-$STAMP"
  fi
  rm -f "$LOCK"
  echo "==> PGlite data directory"
  tar -C "$DATA_DIR" -xzf "$BACKUP/pglite.tar.gz"
else
  TABLES="$(psql "$DATABASE_URL" -Atc "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")"
  CLEAN=()
  if ((TABLES > 0)); then
    if ((FORCE == 0)); then
      echo "restore: the database already has $TABLES tables (restore into a new database, or use --force)" >&2
      exit 1
    fi
    CLEAN=(--clean --if-exists)
  fi
  echo "==> pg_restore"
  pg_restore --no-owner --no-privileges --exit-on-error "${CLEAN[@]}" --dbname="$DATABASE_URL" "$BACKUP/database.dump"
fi

echo "==> files"
tar -C "$DATA_DIR" -xzf "$BACKUP/files.tar.gz"
mkdir -p "$DATA_DIR/files/.tmp"
if [[ -f "$BACKUP/outbox.tar.gz" ]]; then tar -C "$DATA_DIR" --skip-old-files -xzf "$BACKUP/outbox.tar.gz"; fi

echo "==> checking what was restored"
cd "$REPO"
DATA_DIR="$DATA_DIR" node --input-type=module - <<'EOF'
import { stat } from 'node:fs/promises';
import path from 'node:path';

const dataDir = process.env.DATA_DIR;
let query;
let close;
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  query = async (sql) => (await client.query(sql)).rows;
  close = () => client.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  query = async (sql) => (await db.query(sql)).rows;
  close = () => db.close();
}
const problems = [];
const files = await query('SELECT storage_key, size_bytes FROM files');
for (const f of files) {
  const st = await stat(path.join(dataDir, 'files', f.storage_key)).catch(() => null);
  if (!st) problems.push(`files row without its bytes: ${f.storage_key}`);
  else if (st.size !== Number(f.size_bytes)) problems.push(`size differs: ${f.storage_key}`);
}
const invoices = await query(
  'SELECT series, year, count(*)::int AS n, max(number)::int AS last FROM invoices GROUP BY series, year',
);
for (const s of invoices) {
  if (s.n !== s.last) problems.push(`invoice series ${s.series}${s.year}: ${s.n} invoices, last number ${s.last}`);
}
const [counts] = await query(`SELECT (SELECT count(*) FROM orders)::int AS orders,
  (SELECT count(*) FROM invoices)::int AS invoices, (SELECT count(*) FROM verifactu_records)::int AS records,
  (SELECT count(*) FROM payment_attempts)::int AS payments`);
await close();
console.log(
  `    ${counts.orders} orders, ${files.length} files, ${counts.invoices} invoices (${counts.records} VERI*FACTU records), ${counts.payments} payment attempts`,
);
if (problems.length) {
  for (const p of problems.slice(0, 50)) console.error(`    ✖ ${p}`);
  console.error(`restore: ${problems.length} problem(s)`);
  process.exit(1);
}
EOF
echo "restore complete into $DATA_DIR. Start the server; GET /api/invoices/verify (admin) recomputes the invoice chain."
