"""Rule-by-rule tests of the FIDE catalogue on small hand-made crosstables."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Event, RuleSet, check_consistency
from arbiter_app.core.points import GCT_RAPID
from arbiter_app.core.tiebreaks import REGISTRY, TieBreakContext, explain, parse_spec
from arbiter_app.core.tiebreaks.unplayed import cut_indices
from tests.core.tiebreaks.conftest import reference_event
from tests.support.compact import event_from_text


def value(event: Event, code: str, tpn: int, group: list[int] | None = None) -> Fraction:
    spec = parse_spec(code)
    return REGISTRY[spec.name].compute(TieBreakContext(event), spec, group or [tpn])[tpn]


FORFEIT = """
1: +W2 -F4 +W3
2: -B1 +W3 +B4
3: =W4 -B2 -B1
4: =B3 +F1 -W2
"""


def forfeit_event(rule_set: RuleSet) -> Event:
    ev = event_from_text(FORFEIT, rule_set=rule_set)
    assert not check_consistency(ev)
    return ev


def test_forfeit_loss_dummy_is_capped_at_the_scheduled_opponent_in_2026() -> None:
    """2026 16.4.1: the dummy for a forfeit is at most the scheduled opponent's AS-O."""
    assert value(forfeit_event(RuleSet.FIDE_2024), "BH", 1) == Fraction(9, 2)  # 2 + 2 + ½
    assert value(forfeit_event(RuleSet.FIDE_2026), "BH", 1) == 4  # 2 + 1½ + ½
    # the forfeit winner's own score (1½) is below its opponent's (2): no cap
    assert value(forfeit_event(RuleSet.FIDE_2026), "BH", 4) == value(
        forfeit_event(RuleSet.FIDE_2024), "BH", 4
    )


def test_uscf_rule_set_uses_the_2024_text_for_fide_tie_breaks() -> None:
    ev = forfeit_event(RuleSet.USCF)
    assert value(ev, "BH", 1) == value(forfeit_event(RuleSet.FIDE_2024), "BH", 1)


def test_sonneborn_berger_cuts_the_opponent_when_its_contribution_is_larger() -> None:
    """16.5: a VUR is cut unless the least significant opponent's contribution is larger."""
    # (significance, contribution, vur): opponent 4 beaten (4), HPB 2, opponent 6 drawn (3)
    items = [(4, 4, False), (6, 3, False), (5, 2, True)]
    ((index, reason),) = cut_indices(items, 1, 0, 3)
    assert index == 0 and "16.5 exception" in reason
    # with a smaller contribution from the weakest opponent, the VUR goes first
    items = [(4, 1, False), (6, 3, False), (5, 2, True)]
    ((index, reason),) = cut_indices(items, 1, 0, 3)
    assert index == 2 and "cut first (16.5)" in reason


def test_cuts_low_and_high_and_never_more_than_the_rounds() -> None:
    items = [(3, 3, False), (1, 1, False), (5, 5, False), (1, 1, False)]
    assert [i for i, _ in cut_indices(items, 1, 1, 4)] == [1, 2]  # M1: earliest lowest, highest
    assert [i for i, _ in cut_indices(items, 2, 0, 4)] == [1, 3]
    assert len(cut_indices(items, 5, 5, 2)) == 2


DE_EXAMPLE = """
1: +W2 +W3 +W4
2: -B1 +W4 +W3
3: =BYE -B1 -B2
4: =BYE -B2 -B1
"""


def test_direct_encounter_ranks_whoever_cannot_be_caught() -> None:
    """C.07 6.3 (exercises chapter 6): 1 and 2 are ranked; 3 and 4 never met and stay tied."""
    ev = event_from_text(DE_EXAMPLE)
    assert not check_consistency(ev)
    ranks = {t: value(ev, "DE", t, [1, 2, 3, 4]) for t in (1, 2, 3, 4)}
    assert ranks == {1: 1, 2: 2, 3: 3, 4: 3}


def test_seed_002_direct_encounter_needs_everyone_to_have_met() -> None:
    """Seed 002_…: not all tied players met -> still a tie; all met -> points among them."""
    ev = event_from_text(DE_EXAMPLE)
    assert {t: value(ev, "DE/ALL", t, [1, 2, 3, 4]) for t in (1, 2, 3, 4)} == dict.fromkeys(
        (1, 2, 3, 4), 1
    )
    assert {t: value(ev, "DE/ALL", t, [1, 2, 3]) for t in (1, 2, 3)} == {1: 1, 2: 2, 3: 3}
    assert value(ev, "DE/ALL", 3, [3, 4]) == value(ev, "DE/ALL", 4, [3, 4]) == 1


def test_counting_tie_breaks_on_the_swiss() -> None:
    ev = reference_event("swiss16-2023")
    # Jessica (#9): -B1 -W10 =BYE -F11 +BYE
    assert value(ev, "WIN", 9) == 1  # the PAB is worth a win
    assert value(ev, "WON", 9) == 0
    assert value(ev, "REP", 9) == 3  # two games and the PAB
    assert value(ev, "GE", 9) == 3
    assert value(ev, "STD", 9) == Fraction(3, 2)  # HPB ½, PAB 1
    assert value(ev, "TPN", 9) == 9
    assert not REGISTRY["TPN"].higher_is_better
    assert value(ev, "RTNG", 9) == 1800


def test_standard_points_ignore_the_point_system() -> None:
    """STD (2026 text): 1 / ½ / 0 per round whatever the event awards."""
    ev = reference_event("swiss16-2023")
    gct = replace(ev, point_system=GCT_RAPID)
    for tpn in (1, 9, 12, 14):
        assert value(gct, "STD", tpn) == value(ev, "STD", tpn)
        assert value(gct, "BH", tpn) == 2 * value(ev, "BH", tpn)
        assert value(gct, "SB", tpn) == 4 * value(ev, "SB", tpn)


def test_fore_buchholz_before_the_last_round_is_buchholz() -> None:
    ev = replace(reference_event("swiss16-2023"), planned_rounds=7)
    for tpn in (1, 4, 12):
        assert value(ev, "FB", tpn) == value(ev, "BH", tpn)


def test_koya_limit_modifier() -> None:
    """FIDE exercise 16 (C.07 14.5): the limit of 2½ moves by half a point at a time."""
    ev = reference_event("rr6-2023")
    ctx = TieBreakContext(ev)
    low = parse_spec("KS/L-2")  # limit 1½: every opponent counts, KS = the score
    values = REGISTRY["KS"].compute(ctx, low, [1, 2, 3, 4, 5, 6])
    assert values == ctx.scores
    assert value(ev, "KS/L-1", 2) == value(ev, "KS", 2)  # limit 2: nobody scored 2
    assert value(ev, "KS/L1", 1) == value(ev, "KS", 1)  # limit 3: the 3½ players still count
    assert value(ev, "KS/L3", 1) == 0  # limit 4: nobody


def test_aliases_from_the_seeds() -> None:
    spec = parse_spec("AROC 1")
    assert (spec.name, spec.cut_low) == ("ARO", 1)
    assert parse_spec("GE").name == "REP"


UNRATED = """
1: +W2 =B3 -W4
2: -B1 +W4 =B3
3: +B4 =W1 =W2
4: -W3 -B2 +B1
"""


def test_unrated_opponents_are_left_out_unless_given_a_rating() -> None:
    ev = event_from_text(UNRATED, ratings={1: 2000, 2: 1800, 3: None, 4: 1600})
    assert value(ev, "ARO", 1) == 1700  # 2 and 4 only
    assert value(ev, "ARO/U1000", 1) == 1467  # (1800 + 1000 + 1600) / 3 = 1466.7
    assert value(ev, "ARO/C1", 1) == 1700  # the cut falls on the unrated game first
    assert value(ev, "RTNG", 3) == 0
    assert value(ev, "RTNG/U1500", 3) == 1500
    text = explain(TieBreakContext(ev), parse_spec("ARO/C1"), 1).render()
    assert "unrated opponent" in text


def test_player_without_games_has_undefined_rating_tie_breaks() -> None:
    ev = reference_event("swiss16-2023")
    ctx = TieBreakContext(ev)
    ex = explain(ctx, parse_spec("ARO/C1"), 12)  # one game, cut away
    assert ex.value == 0 and any("undefined" in n for n in ex.notes)


@pytest.mark.parametrize("code", ["BH/C1", "SB", "ARO/C1", "PS/C1"])
def test_results_are_exact_fractions(code: str) -> None:
    ev = reference_event("swiss16-2023")
    spec = parse_spec(code)
    values = REGISTRY[spec.name].compute(TieBreakContext(ev), spec, [p.tpn for p in ev.players])
    assert all(type(v) is Fraction for v in values.values())


def test_intermediate_standings_use_the_rounds_so_far() -> None:
    ev = reference_event("swiss16-2023")
    ctx = TieBreakContext(ev, after_round=3)
    # Bruno (#2) after 3 rounds: opponents 10 (1), 7 (1), 1 (2)
    assert REGISTRY["BH"].compute(ctx, parse_spec("BH"), [2])[2] == 4
    assert REGISTRY["PS"].compute(ctx, parse_spec("PS"), [2])[2] == Fraction(11, 2)  # 1 + 2 + 2½


def test_an_event_without_rounds_has_zero_tie_breaks() -> None:
    ev = replace(reference_event("swiss16-2023"), entries={})
    ctx = TieBreakContext(ev)
    for code in ("BH", "BH/C1", "SB", "KS", "WIN", "STD", "PS", "ARO/C1", "TPR", "FB"):
        spec = parse_spec(code)
        assert REGISTRY[spec.name].compute(ctx, spec, [1, 2]) == {1: 0, 2: 0}, code


def test_an_unknown_opponent_is_reported_clearly() -> None:
    ev = event_from_text("1: +W2\n2: -B1\n3: =W9")
    with pytest.raises(RuleError, match="round 1: player 3 is paired with 9"):
        value(ev, "BH", 1)


def test_progressive_scores_refuse_a_median_cut() -> None:
    with pytest.raises(RuleError, match="only cut the first rounds"):
        value(reference_event("swiss16-2023"), "PS/M1", 1)
