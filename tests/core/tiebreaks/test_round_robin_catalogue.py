"""The round-robin tie-breaks of FIDE's checklist (C.02): present, cited, equal to gacrux's.

Question numbers: the checklist summary gives the round-robin group as Q89-105;
Q101 (every mandatory round-robin tie-break present, a hard fail) is the number
the task names. Tests of the group whose own number the summary does not give
carry the group's range.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core.errors import UnknownTieBreak
from arbiter_app.core.model import RuleSet, System, check_consistency
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.tiebreaks import REGISTRY, TieBreakContext, parse_spec
from arbiter_app.core.tiebreaks.round_robin import (
    MANDATORY,
    allowed,
    article_of,
    refusal,
    refusal_for,
)
from tests.core.tiebreaks.conftest import reference_event
from tests.core.tiebreaks.test_property_gacrux import assert_same_values
from tests.support.gacrux_oracle import gacrux_values
from tests.support.random_events import random_round_robin


def test_q101_rr_tiebreaks_present() -> None:
    """Every mandatory round-robin tie-break parses and cites its C.07 article."""
    assert len(MANDATORY) == 18
    for code in MANDATORY:
        spec = parse_spec(code)
        assert spec.name in REGISTRY
        assert article_of(code).startswith("FIDE C.07"), code
        assert allowed(System.ROUND_ROBIN, code)
        assert allowed(System.DOUBLE_ROUND_ROBIN, code)


def test_q101_modifiers_mean_what_c07_says() -> None:
    """/R reverses TPN and RTNG; /L moves the Koya limit by half points, with a sign."""
    assert parse_spec("TPN/R").reversed and parse_spec("RTNG/R").reversed
    assert parse_spec("KS/L-2").parameter == -2
    assert parse_spec("KS/L+1").parameter == 1
    for bad in ("SB/R", "BH/C-1", "KS/L"):
        with pytest.raises(UnknownTieBreak):
            parse_spec(bad)


def test_q101_tpn_r_and_rtng_r_reverse_the_ranking() -> None:
    event = reference_event("rr6-2023")
    flat = replace(event, entries={p.tpn: () for p in event.players})  # everyone level
    by_tpn = [r.tpn for r in compute_standings(flat, ["TPN"]).rows]
    assert by_tpn == [1, 2, 3, 4, 5, 6]
    assert [r.tpn for r in compute_standings(flat, ["TPN/R"]).rows] == by_tpn[::-1]
    ratings = {p.tpn: p.rating or 0 for p in flat.players}
    high_first = [r.tpn for r in compute_standings(flat, ["RTNG"]).rows]
    low_first = [r.tpn for r in compute_standings(flat, ["RTNG/R"]).rows]
    assert [ratings[t] for t in high_first] == sorted(ratings.values(), reverse=True)
    assert [ratings[t] for t in low_first] == sorted(ratings.values())


def test_q101_koya_limit_steps_on_the_fide_exercise() -> None:
    """FIDE exercise 16: limit 2½ of 5; lowering it to 1½ counts every game (KS = score)."""
    ctx = TieBreakContext(reference_event("rr6-2023"))
    players = [1, 2, 3, 4, 5, 6]
    lowered = REGISTRY["KS"].compute(ctx, parse_spec("KS/L-2"), players)
    assert lowered == ctx.scores
    raised = REGISTRY["KS"].compute(ctx, parse_spec("KS/L3"), players)  # limit 4: nobody
    assert set(raised.values()) == {Fraction(0)}


# gacrux writes the Koya limit step with its sign ("L+1"); a bare "L1" is a percentage there.
GACRUX_SPELLING = {"KS/L1": "KS/L+1", "KS/L2": "KS/L+2"}


@pytest.mark.parametrize("rule_set", [RuleSet.FIDE_2024, RuleSet.FIDE_2026], ids=lambda r: r.value)
@pytest.mark.parametrize("seed", range(8))
def test_q101_rr_values_equal_gacrux(seed: int, rule_set: RuleSet) -> None:
    """Every mandatory round-robin tie-break has gacrux's value (/R changes only the order)."""
    event = random_round_robin(seed, rule_set)
    assert not check_consistency(event)
    codes = tuple(dict.fromkeys(c.removesuffix("/R") for c in MANDATORY))
    spelled = tuple(GACRUX_SPELLING.get(c, c) for c in codes)
    reference = gacrux_values(event, rule_set, spelled, tournament_type="Round Robin")
    assert_same_values(TieBreakContext(event), reference, codes, spelled)


@pytest.mark.parametrize("code", ["BH", "BH/C1", "BH/M1", "FB", "AOB"])
def test_q89_105_buchholz_family_refused_for_round_robins(code: str) -> None:
    reason = refusal(code)
    assert reason is not None and "C.07" in reason and "round robin" in reason
    assert refusal_for(System.ROUND_ROBIN, ["DE", code]) == reason
    assert refusal_for(System.DOUBLE_ROUND_ROBIN, [code]) == reason
    assert refusal_for(System.SWISS, [code]) is None
    assert not allowed("round-robin", code)
