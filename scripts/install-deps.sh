#!/usr/bin/env bash
# Installs the system packages aasa-scan builds and tests against, only when they are missing:
# libzstd-dev, zlib1g-dev and pkg-config to build; the zstd and gzip tools the tests use to
# make compressed fixtures; plus any package named on the command line.
set -euo pipefail
# Elsewhere (macOS: `brew install zstd`; zlib comes with the system) they are the user's to
# install: there is no dpkg to ask.
command -v dpkg >/dev/null || exit 0
missing=()
for package in libzstd-dev zlib1g-dev pkg-config zstd gzip "$@"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
