#!/usr/bin/env bash
# Installs the system packages aasa-scan builds and tests against, only when they are missing:
# libzstd-dev, zlib1g-dev, libcurl4-openssl-dev (the HTTP client of `fetch`), libxml2-dev (the
# XML of Android manifests) and pkg-config to build; the zstd and gzip tools the tests use to make compressed fixtures; openssl, with which
# the fetch tests make their certificates; plus any package named on the command line.
set -euo pipefail
# Elsewhere (macOS: `brew install zstd`; zlib and libcurl come with the system) they are the user's to
# install: there is no dpkg to ask.
command -v dpkg >/dev/null || exit 0
missing=()
for package in libzstd-dev zlib1g-dev libcurl4-openssl-dev libxml2-dev pkg-config zstd gzip openssl "$@"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
