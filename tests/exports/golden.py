"""Golden files: compare with tests/data/exports/, or rewrite them when asked.

Set ``ARBITER_UPDATE_GOLDEN=1`` to rewrite the files after a deliberate
change, then review the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent.parent / "data" / "exports"


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("ARBITER_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8", newline="")
    expected = None
    if path.exists():
        # newline="": CSV lines end in CRLF and must be compared as written.
        with path.open(encoding="utf-8", newline="") as fh:
            expected = fh.read()
    assert expected is not None, f"missing golden file {name}; run with ARBITER_UPDATE_GOLDEN=1"
    assert text == expected, f"{name} differs from the golden file"
