"""The house style is checked by the suite: ruff everywhere, mypy strict on the rules core."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_is_clean() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "arbiter_app", "tests"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_strict_on_core() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "arbiter_app/core"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
