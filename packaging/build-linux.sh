#!/bin/sh
# Build the frozen Linux app into dist/arbiter (work files in build/); run from anywhere.
# Needs a Python 3.11 environment with the project's dependencies and pyinstaller;
# set PYTHON to choose it (default: python3 on PATH).
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
"$PYTHON" -m PyInstaller --noconfirm --clean --distpath dist --workpath build packaging/arbiter.spec
dist/arbiter/arbiter --version
