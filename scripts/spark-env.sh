#!/usr/bin/env bash
# Sets up what the Spark example needs, once: Java 17 or newer (Debian's
# openjdk-17-jre-headless when missing) and a virtual environment with pyspark 4.x in
# .build/spark-venv (git-ignored; kept, so later runs only check it). Prints nothing when
# all is there.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/spark-venv

java_major() {
    command -v java >/dev/null 2>&1 || { echo 0; return; }
    java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1
}

if [ "$(java_major)" -lt 17 ]; then
    ./scripts/install-deps.sh openjdk-17-jre-headless
fi

if "$venv/bin/python" -c 'import pyspark, sys; sys.exit(not pyspark.__version__.startswith("4."))' \
    2>/dev/null; then
    exit 0
fi

command -v python3 >/dev/null 2>&1 || ./scripts/install-deps.sh python3 python3-venv
rm -rf "$venv"
if ! python3 -m venv "$venv" 2>/dev/null; then
    # Debian's python3 makes virtual environments only with python3-venv.
    rm -rf "$venv"
    ./scripts/install-deps.sh python3-venv
    python3 -m venv "$venv"
fi
echo "installing pyspark 4.x into $venv" >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'pyspark>=4,<5'
