"""Print the lowest versions pyproject.toml allows, one ``name==version`` a line.

Every dependency (and every test tool but the linters, whose findings change from
version to version) is declared ``name>=version`` (releases known to be broken may be
excluded after it with ``!=``); CI installs exactly those
versions in a fresh environment and runs the suite on them (``.ci/lowest``), so a
minimum that is too low (the store calls ``db.atomic()``, which sqlite-utils has
only from 4.0) fails there, not on an arbiter's laptop.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

LINTERS = {"mypy", "ruff"}
"""Checked at the versions the main run installs (tests/test_static.py)."""

_PIN = re.compile(
    r"^\s*([A-Za-z0-9_.-]+)\s*>=\s*([0-9][0-9A-Za-z.]*)\s*(?:,\s*!=\s*[0-9A-Za-z.*]+\s*)*$"
)


def lowest_pins(pyproject: Path) -> list[str]:
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    declared = list(project["dependencies"]) + list(project["optional-dependencies"]["test"])
    pins = []
    for requirement in declared:
        match = _PIN.match(requirement)
        if match is None:
            raise SystemExit(
                f"{requirement!r}: every requirement is written name>=version (!= may follow)"
            )
        name, version = match.groups()
        if name.lower() not in LINTERS:
            pins.append(f"{name}=={version}")
    return pins


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    sys.stdout.write("\n".join(lowest_pins(root / "pyproject.toml")) + "\n")
