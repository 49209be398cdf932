#!/usr/bin/env bash
# Installs Debian's Chromium (apt-get) unless it is already there, as `npm test` does before the
# browser tests: `npm run bench` calls it before its browser benches. CHROMIUM_PATH=/path uses
# that binary instead and installs nothing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
banner() { printf '==> %s\n' "$*"; }
source scripts/lib/ensure-packages.sh
ensure_chromium
