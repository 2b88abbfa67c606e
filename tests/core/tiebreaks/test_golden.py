"""Golden tests: every worked answer of the FIDE reference material we implement.

Data in tests/data/fide (extracted from "Exercises in Tie-Breaking", rev.
2403220900, for C.07-2023, and from the French slides on the text in force from
1 March 2026). The 2023 exercises are checked under the FIDE_2024 rule set, the
slides under FIDE_2026. Rows for quantities that are not C.07 tie-breaks are
listed in SKIPPED with the reason.
"""

from __future__ import annotations

import csv
import re
from fractions import Fraction

import pytest

from arbiter_app.core.model import RuleSet
from arbiter_app.core.points import format_decimal
from arbiter_app.core.tiebreaks import REGISTRY, TieBreakContext, explain, parse_spec
from arbiter_app.core.tiebreaks.rating import dp_for, half_up, rated_games
from arbiter_app.core.tiebreaks.unplayed import scores, table, terms
from tests.core.tiebreaks.conftest import DATA, SETS, reference_event

SKIPPED = {
    "EXPSCORE": "expected score of the TPR box with the 400-point cap: an illustration, not a tie-break",
    "PERF": "the slides' 'Perf' column is not C.07 TPR (see tests/data/fide/README.md)",
}

XFAIL: dict[tuple[str, str, int, str], str] = {}


def _rows() -> list[object]:
    params: list[object] = []
    for name in SETS:
        with (DATA / name / "answers.tsv").open(newline="") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                code = row["tiebreak"]
                key = (name, row["section"], int(row["player"]), code)
                marks = []
                if code in SKIPPED:
                    continue
                if key in XFAIL:
                    marks.append(pytest.mark.xfail(reason=XFAIL[key], strict=True))
                params.append(
                    pytest.param(
                        name,
                        int(row["player"]),
                        code,
                        row["answer"],
                        row["note"],
                        id=f"{name}-{row['section']}-{row['player']}-{code}".replace(" ", "_"),
                        marks=marks,
                    )
                )
    return params


_contexts: dict[str, TieBreakContext] = {}


def _ctx(name: str) -> TieBreakContext:
    if name not in _contexts:
        _contexts[name] = TieBreakContext(reference_event(name))
    return _contexts[name]


def _intermediate(ctx: TieBreakContext, tpn: int, code: str, note: str) -> Fraction:
    t = table(ctx)
    if code == "ADJ":
        return t.frac(scores(ctx).for_opponents[tpn])
    if code == "FB-SCORE":
        return t.frac(scores(ctx, fore=True).own[tpn])
    if code == "FB-ADJ":
        return t.frac(scores(ctx, fore=True).for_opponents[tpn])
    rated = rated_games(ctx, None)[tpn]
    if code == "TPR-N":
        return Fraction(len(rated.ratings))
    if code == "TPR-PLAYED-SCORE":
        return rated.score
    if code == "TPR-DP":
        return Fraction(dp_for(half_up(rated.score * 100 / len(rated.ratings))))
    if code == "DUMMY":
        m = re.match(r"r(\d+)", note)
        assert m, note
        tm = terms(ctx)[tpn]
        index = list(tm.rounds).index(int(m.group(1)))
        assert tm.opponents[index] == 0  # a dummy opponent (16.4)
        return t.frac(tm.values[index])
    raise AssertionError(f"no golden mapping for {code}")


@pytest.mark.parametrize(("name", "tpn", "code", "answer", "note"), _rows())
def test_reference_answer(name: str, tpn: int, code: str, answer: str, note: str) -> None:
    ctx = _ctx(name)
    if code in ("ADJ", "FB-SCORE", "FB-ADJ", "TPR-N", "TPR-PLAYED-SCORE", "TPR-DP", "DUMMY"):
        assert _intermediate(ctx, tpn, code, note) == Fraction(answer)
        return
    spec = parse_spec(code)
    tb = REGISTRY[spec.name]
    group = [tpn]
    if tb.group_dependent:
        m = re.search(r"group \{([\d,]+)\}", note)
        assert m, note
        group = [int(x) for x in m.group(1).split(",")]
    value = tb.compute(ctx, spec, group)[tpn]
    if answer == "undefined":
        assert value == 0
        assert "undefined" in explain(ctx, spec, tpn).render()
    elif code == "AOB":
        assert format_decimal(value, 2) == answer
    else:
        assert value == Fraction(answer)


def test_every_2023_answer_also_holds_under_the_2024_rule_set_name() -> None:
    """The 2023 exercises are the text that FIDE_2024 names (C.07 approved 2023)."""
    assert SETS["swiss16-2023"][1] is RuleSet.FIDE_2024
