#!/usr/bin/env bash
# The metrics formats (scan/merge/diff --format openmetrics and prometheus) read by real
# parsers: prometheus-client's OpenMetrics and text-format parsers (PyPI, in a virtual
# environment under .build/) and promtool (Debian's prometheus package), with every value held
# against the JSON report of the same command. See scripts/check_metrics.py.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh prometheus
venv=.build/metrics-venv
if ! "$venv/bin/python" -c 'import prometheus_client' 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv" 2>/dev/null || {
        ./scripts/install-deps.sh python3-venv
        python3 -m venv "$venv"
    }
    "$venv/bin/pip" install --quiet --disable-pip-version-check prometheus-client
fi
client=$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("prometheus-client"))')
echo "prometheus-client $client; $(promtool --version 2>&1 | head -n 1)"

swift build --product aasa-scan
"$venv/bin/python" scripts/check_metrics.py "$(swift build --show-bin-path)/aasa-scan" \
    "$(command -v promtool)"
