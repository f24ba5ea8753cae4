#!/usr/bin/env bash
# Installs the system packages aasa-scan builds against, only when they are missing.
set -euo pipefail
missing=()
for package in libzstd-dev zlib1g-dev pkg-config; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
