# Sourced by scripts/test.sh and scripts/ensure-bench-tools.sh: installs the Debian packages whose
# programs the tests and benches use, only those that are missing. Needs `banner` to be defined.
#
# Install the Debian packages whose programs the tests use, only those that are missing:
#   ensure_packages /usr/bin/pdftotext:poppler-utils ...
# (the browser tests never use Playwright's own browser download: Chromium comes from Debian).
ensure_packages() {
  local missing=() item
  for item in "$@"; do
    [[ -x "${item%%:*}" ]] || missing+=("${item#*:}")
  done
  ((${#missing[@]} == 0)) && return 0
  banner "installing ${missing[*]} (apt-get)"
  local sudo=()
  if ((EUID != 0)); then sudo=(sudo); fi
  # Only refresh package lists if they are missing or older than an hour. Another apt-get at work
  # (an unattended upgrade, a second install) holds dpkg's lock: wait up to 10 minutes for it
  # rather than fail at once.
  if [[ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -60 2>/dev/null | head -n 1)" ]]; then
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
}

ensure_chromium() {
  local chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [[ -x "$chromium" ]]; then return 0; fi
  if [[ -n "${CHROMIUM_PATH:-}" ]]; then
    echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
    return 1
  fi
  ensure_packages /usr/bin/chromium:chromium
  "$chromium" --version
}
