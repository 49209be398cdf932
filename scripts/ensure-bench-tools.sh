#!/usr/bin/env bash
# Installs what `npm run bench` uses beyond npm packages, with apt-get and only when missing, as
# `npm test` does for its own: Debian's Chromium (editor, kiosk and Lighthouse benches;
# CHROMIUM_PATH=/path uses that binary instead) and heif-enc (libheif-examples: the ingest bench
# makes its HEIC photo with it) and xmllint (libxml2-utils: the VERI*FACTU batch bench validates with it).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
banner() { printf '==> %s\n' "$*"; }
source scripts/lib/ensure-packages.sh
ensure_chromium
ensure_packages /usr/bin/heif-enc:libheif-examples /usr/bin/xmllint:libxml2-utils
