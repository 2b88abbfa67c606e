"""What users read names the regulation and its article, never our internal document names."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_INTERNAL = re.compile(r"seed 00\d|00[0-2]_[0-9a-f…]", re.IGNORECASE)


def test_no_internal_document_names_in_the_program_or_its_resources() -> None:
    found = []
    for folder in ("arbiter_app", "resources"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in {".py", ".md", ".txt", ".json", ".html", ".css", ".trf"}:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if _INTERNAL.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []
