"""pyproject.toml pins what the code needs, and CI runs the suite on those lowest versions."""

from __future__ import annotations

import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _lowest() -> dict[str, str]:
    module = runpy.run_path(str(ROOT / ".ci" / "lowest_pins.py"))
    pins = module["lowest_pins"](ROOT / "pyproject.toml")
    return dict(pin.split("==") for pin in pins)


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def test_the_lowest_versions_are_those_the_code_needs() -> None:
    lowest = _lowest()
    # The store writes through Database.atomic(), which sqlite-utils has from 4.0 on.
    assert _version(lowest["sqlite-utils"]) >= (4, 0)
    assert set(lowest) >= {"PySide6-Essentials", "chess", "sqlite-utils", "gacrux", "rustworkx"}
    assert "ruff" not in lowest and "mypy" not in lowest  # linters run at the main versions


def test_ci_runs_the_suite_on_the_lowest_versions() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lowest = (ROOT / ".ci" / "lowest").read_text(encoding="utf-8")
    assert "bash .ci/lowest" in run
    assert "python .ci/lowest_pins.py" in lowest and "-m pytest" in lowest
