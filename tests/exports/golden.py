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
    expected = path.read_text(encoding="utf-8") if path.exists() else None
    assert expected is not None, f"missing golden file {name}; run with ARBITER_UPDATE_GOLDEN=1"
    assert text == expected, f"{name} differs from the golden file"
