"""The FIDE TEC 2024 tie-break exercise: every published answer, and the 2026 changes."""

from __future__ import annotations

import csv
from fractions import Fraction

import pytest

from arbiter_app.core.model import RuleSet
from arbiter_app.core.tiebreaks import REGISTRY, TieBreakContext, explain, parse_spec
from tests.core.tiebreaks.conftest import DATA
from tests.support.compact import event_from_csv

FOLDER = DATA / "tec-2024"


def _answers() -> list[tuple[int, str, Fraction]]:
    with (FOLDER / "answers.tsv").open(newline="") as fh:
        return [
            (int(r["player"]), r["tiebreak"].replace("-", "/"), Fraction(r["answer"]))
            for r in csv.DictReader(fh, delimiter="\t")
        ]


def _context(rule_set: RuleSet) -> TieBreakContext:
    return TieBreakContext(event_from_csv(FOLDER / "crosstable.csv", rule_set=rule_set))


def _value(ctx: TieBreakContext, code: str, tpn: int) -> Fraction:
    spec = parse_spec(code)
    return REGISTRY[spec.name].compute(ctx, spec, [tpn])[tpn]


def test_all_published_answers_are_there() -> None:
    assert len(_answers()) == 23


@pytest.mark.parametrize(("tpn", "code", "answer"), _answers())
def test_published_answer_under_2024_rules(tpn: int, code: str, answer: Fraction) -> None:
    assert _value(_context(RuleSet.FIDE_2024), code, tpn) == answer


@pytest.mark.parametrize(
    ("tpn", "before", "after"), [(11, Fraction(27, 2), Fraction(25, 2)), (4, 15, 14)]
)
def test_2026_dummy_caps_change_buchholz(tpn: int, before: Fraction, after: Fraction) -> None:
    assert _value(_context(RuleSet.FIDE_2024), "BH", tpn) == before
    assert _value(_context(RuleSet.FIDE_2026), "BH", tpn) == after


def test_2026_explanation_names_the_cap() -> None:
    ctx = _context(RuleSet.FIDE_2026)
    text = explain(ctx, parse_spec("BH"), 11).render()
    assert "capped at the scheduled opponent's score 1½ (2026 16.4.1)" in text
    text = explain(ctx, parse_spec("BH"), 4).render()
    assert "capped at a draw per round, 2½ (2026 16.4.2)" in text
    text = explain(_context(RuleSet.FIDE_2024), parse_spec("BH"), 4).render()
    assert "counted as 3: voluntarily unplayed rounds after their last available round" in text
