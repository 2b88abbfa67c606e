"""The map of FIDE's verification checklist in ``resources/guide/fide-mode.md`` holds.

The map has one row per question of the checklist VCL4THP.13 (FIDE C.02): 225 distinct
questions, each with a result the totals below it add up, and every test it cites
collected by pytest.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "resources" / "guide" / "fide-mode.md"
QUESTIONS = 225
RESULTS = ("pass", "off path", "route", "hard fail")
PENALTY = re.compile(r"penalty (\d+) %")
TEST = re.compile(r"`(tests/[\w/]+\.py::\w+)`")


@dataclass(frozen=True)
class Row:
    question: int
    answer: str
    result: str
    tests: tuple[str, ...]

    @property
    def penalty(self) -> int:
        found = PENALTY.fullmatch(self.result)
        return int(found.group(1)) if found else 0


def _section(title: str) -> str:
    text = PAGE.read_text("utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


@cache
def rows() -> tuple[Row, ...]:
    out: list[Row] = []
    for line in _section("The map").splitlines():
        found = re.match(r"\| Q(\d+) \|", line)
        if not found:
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        assert len(cells) == 7, f"Q{found.group(1)} has {len(cells)} cells, not 7"
        out.append(Row(int(found.group(1)), cells[3], cells[4], tuple(TEST.findall(cells[6]))))
    return tuple(out)


def test_the_map_has_each_of_the_225_questions_once() -> None:
    numbers = [row.question for row in rows()]
    assert len(numbers) == len(set(numbers)), "a question has two rows"
    assert sorted(numbers) == list(range(1, QUESTIONS + 1))


def test_every_row_has_a_result_and_a_pass_has_its_test() -> None:
    for row in rows():
        assert row.result in RESULTS or row.penalty, f"Q{row.question}: {row.result!r}"
        assert row.answer in ("yes", "no", "partly", "—"), f"Q{row.question}: {row.answer!r}"
        if row.result == "pass":
            assert row.tests, f"Q{row.question} passes without a test that shows it"
        if row.result == "off path":
            assert row.answer == "—" and not row.tests, f"Q{row.question} is off the path"


def test_the_totals_stated_are_the_sum_of_the_rows() -> None:
    left = _section("What is left")
    hard = [row.question for row in rows() if row.result == "hard fail"]
    penalties = {row.question: row.penalty for row in rows() if row.penalty}
    stated_hard = re.search(r"\*\*Hard fails left: (\d+)\*\*", left)
    stated_penalties = re.search(r"\*\*Penalties left: (\d+) %\*\*", left)
    assert stated_hard and int(stated_hard.group(1)) == len(hard)
    assert stated_penalties and int(stated_penalties.group(1)) == sum(penalties.values())
    # Every one is named in the list, with its weight.
    named_hard = {int(q) for q in re.findall(r"^- Q(\d+):", left, re.M)}
    named_penalties = {int(q): int(w) for q, w in re.findall(r"^- Q(\d+), (\d+) %:", left, re.M)}
    assert named_hard == set(hard)
    assert named_penalties == penalties


@cache
def _collected(files: tuple[str, ...]) -> frozenset[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return frozenset(line.split("[")[0] for line in done.stdout.splitlines() if "::" in line)


def test_every_test_the_map_cites_is_collected() -> None:
    cited = sorted({test for row in rows() for test in row.tests})
    assert len(cited) > 150
    files = tuple(sorted({test.split("::")[0] for test in cited}))
    for path in files:
        assert (ROOT / path).is_file(), f"{path} does not exist"
    collected = _collected(files)
    missing = [test for test in cited if test not in collected]
    assert not missing, f"not collected: {missing}"
