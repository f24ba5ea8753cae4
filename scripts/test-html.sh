#!/usr/bin/env bash
# The HTML reports in a real browser: installs Debian's chromium and python3 when they are
# missing, builds aasa-scan, then scripts/html-report-check.py renders the reports with headless
# Chromium and checks the DOM it built against the JSON reports.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh chromium python3
"${SWIFT:-swift}" build --product aasa-scan
python3 scripts/html-report-check.py .build/debug/aasa-scan
