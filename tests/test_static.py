"""The house style is checked by the suite: ruff everywhere, mypy strict on the whole package."""

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


def test_mypy_strict_on_the_whole_package() -> None:
    """A type gate on every layer (the commands' types are what the window and the command
    line must give), not only on the rules core."""
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "arbiter_app"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
