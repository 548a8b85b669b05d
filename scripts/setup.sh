# Sourced by scripts/run and scripts/test: make .venv and install Cardavia into it.
# Works on a fresh Debian with only python3 (installs python3-venv when missing).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if ! python3 -c "import ensurepip, venv" >/dev/null 2>&1; then
    echo "setup: installing python3-venv (Debian keeps venv out of python3)" >&2
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq python3-venv >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
# Reinstall only when the project's declared dependencies changed.
STAMP=.venv/.cardavia-installed
if [ ! -f "$STAMP" ] || [ pyproject.toml -nt "$STAMP" ]; then
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e '.[test]'
    touch "$STAMP"
fi
