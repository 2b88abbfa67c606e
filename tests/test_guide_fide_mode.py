"""The FIDE mode page's map names tests that exist: every ``tests/…::name`` it cites."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "resources" / "guide" / "fide-mode.md"


def _cited() -> list[tuple[str, str]]:
    """(file, name) for every test the page cites; ``::name`` alone reuses the last file."""
    out: list[tuple[str, str]] = []
    last = ""
    for ref in re.findall(r"`((?:tests/[\w/]+\.py)?(?:::[\w*…]+)?)`", PAGE.read_text("utf-8")):
        path, _, name = ref.partition("::")
        last = path or last
        if name or path:
            out.append((last, name))
    return out


def test_the_map_cites_only_tests_that_exist() -> None:
    cited = _cited()
    assert len(cited) > 40
    for path, name in cited:
        source = (ROOT / path).read_text("utf-8")
        if not name:
            continue
        stem = name.rstrip("*…").rstrip("_")
        assert re.search(rf"def {re.escape(stem)}", source), f"{path}::{name} is not a test"


def test_the_map_covers_every_group_of_the_checklist() -> None:
    text = PAGE.read_text("utf-8")
    for group in ("Q16-39", "Q40", "Q43", "Q44", "Q45", "Q46", "Q56", "Q57-58", "Q63", "Q64",
                  "Q69", "Q89-105", "Q106-111", "Q112", "Q115", "Q145", "Q146", "Q156", "Q170",
                  "Q174", "Q179", "Q24", "Q157", "Q180", "Q181-184", "Q185", "Q186-188",
                  "Q192-193", "Q116-144", "Q190", "Q194", "Q197", "Q218-221"):  # fmt: skip
        assert f"| {group} |" in text, group
