#!/usr/bin/env bash
# Backs up the shop: the database and the files (photos, designs, print files, invoices' PDFs,
# catalogue images), plus the mail and VERI*FACTU outboxes. See docs/operations.md.
#
#   scripts/backup.sh <backup-root>        -> <backup-root>/shop-<UTC timestamp>/
#
# Reads the same environment as the server:
#   DATA_DIR      (default ./data)  the files (DATA_DIR/files) and, without DATABASE_URL, PGlite
#   DATABASE_URL  when set: PostgreSQL, dumped with pg_dump -Fc while the shop keeps running
#
# PostgreSQL: online. pg_dump takes a consistent snapshot; the files are copied before AND after
# it (files are never changed once written, only added or removed), so every file a row of the
# dump points at is in the backup. Files written after the dump are extra (no row: the orphan
# sweep removes them after a restore).
# PGlite: the server must be stopped (PGlite is one process's database: its files cannot be
# copied consistently while it writes). The script refuses while DATA_DIR/pglite.lock names a
# running process.
#
# Output: database.dump (PostgreSQL, custom format) or pglite.tar.gz, files.tar.gz, outbox.tar.gz,
# MANIFEST (what, when, counts) and SHA256SUMS. Exit status non-zero on any failure; a failed
# backup leaves a directory named *.partial, never one that looks complete.
set -euo pipefail

if [[ $# -ne 1 || "$1" == -* ]]; then
  echo "usage: DATA_DIR=... [DATABASE_URL=...] $0 <backup-root>" >&2
  exit 2
fi
ROOT="$1"
DATA_DIR="${DATA_DIR:-./data}"
DATA_DIR="$(cd "$DATA_DIR" && pwd)"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
DEST="$ROOT/shop-$STAMP"
WORK="$DEST.partial"

if [[ ! -d "$DATA_DIR/files" ]]; then
  echo "backup: $DATA_DIR/files does not exist (wrong DATA_DIR?)" >&2
  exit 1
fi
mkdir -p "$WORK"
DONE=
trap '[[ -n "$DONE" || ! -d "$WORK" ]] || echo "backup FAILED; incomplete copy left in $WORK" >&2' EXIT

# Copies DATA_DIR/files into $WORK/files, adding what is new (stored files never change).
copy_files() {
  mkdir -p "$WORK/files"
  # The temp directory holds writes in progress or interrupted: never part of a backup. A file
  # removed while we read (a swept upload) is no error (tar exit status 1).
  set +e +o pipefail
  tar -C "$DATA_DIR/files" --exclude=./.tmp --ignore-failed-read \
    --warning=no-file-removed --warning=no-file-changed -cf - . |
    tar -C "$WORK/files" --skip-old-files -xf -
  local status=("${PIPESTATUS[@]}")
  set -e -o pipefail
  local produced="${status[0]}" extracted="${status[1]}"
  if ((produced > 1 || extracted != 0)); then
    echo "backup: copying the files failed (tar $produced/$extracted)" >&2
    return 1
  fi
}

if [[ -n "${DATABASE_URL:-}" ]]; then
  KIND=postgresql
  echo "==> files, first pass"
  copy_files
  echo "==> pg_dump -Fc"
  pg_dump --format=custom --no-owner --no-privileges --file="$WORK/database.dump" "$DATABASE_URL"
  echo "==> files, second pass (files written during the dump)"
  copy_files
  ORDERS="$(psql "$DATABASE_URL" -Atc 'SELECT count(*) FROM orders')"
  INVOICES="$(psql "$DATABASE_URL" -Atc 'SELECT count(*) FROM invoices')"
else
  KIND=pglite
  LOCK="$DATA_DIR/pglite.lock"
  if [[ -f "$LOCK" ]]; then
    PID="$(sed -n 's/.*"pid":\([0-9]*\).*/\1/p' "$LOCK")"
    HOST="$(sed -n 's/.*"host":"\([^"]*\)".*/\1/p' "$LOCK")"
    if [[ -n "$PID" && "$HOST" == "$(hostname)" ]] && kill -0 "$PID" 2>/dev/null; then
      echo "backup: the server (pid $PID) is using $DATA_DIR/pglite. Stop it first: PGlite cannot be" >&2
      echo "        copied consistently while it runs (or use PostgreSQL for online backups)." >&2
      rm -rf "$WORK"
      exit 1
    fi
    if [[ -n "$HOST" && "$HOST" != "$(hostname)" ]]; then
      echo "backup: $LOCK belongs to host $HOST; make sure that server is stopped, then remove the lock." >&2
      rm -rf "$WORK"
      exit 1
    fi
  fi
  if [[ ! -d "$DATA_DIR/pglite" ]]; then
    echo "backup: no database at $DATA_DIR/pglite" >&2
    exit 1
  fi
  echo "==> PGlite data directory"
  tar -C "$DATA_DIR" -czf "$WORK/pglite.tar.gz" pglite
  echo "==> files"
  copy_files
  ORDERS="?"
  INVOICES="?"
fi

echo "==> packing"
tar -C "$WORK" -czf "$WORK/files.tar.gz" files
rm -rf "$WORK/files"
OUTBOXES=()
for d in outbox verifactu-outbox; do [[ -d "$DATA_DIR/$d" ]] && OUTBOXES+=("$d"); done
if ((${#OUTBOXES[@]})); then tar -C "$DATA_DIR" -czf "$WORK/outbox.tar.gz" "${OUTBOXES[@]}"; fi

FILES="$(tar -tzf "$WORK/files.tar.gz" | grep -vc '/$' || true)"
cat >"$WORK/MANIFEST" <<EOF
shop backup
created_utc=$STAMP
database=$KIND
data_dir=$DATA_DIR
orders=$ORDERS
invoices=$INVOICES
files=$FILES
EOF
(cd "$WORK" && sha256sum -- * >SHA256SUMS)
mv "$WORK" "$DEST"
DONE=1
echo "backup complete: $DEST ($KIND, $FILES files)"
