from fractions import Fraction

import pytest

from arbiter_app.core.model import (
    Colour,
    EntryKind,
    Event,
    Outcome,
    Player,
    RoundEntry,
    RuleSet,
    check_consistency,
    fide_rule_set_on,
)
from arbiter_app.core.points import GCT_RAPID, STANDARD, format_points, parse_points
from tests.support.compact import event_from_text


def test_points_parse_and_format_exactly() -> None:
    assert parse_points("2½") == Fraction(5, 2)
    assert parse_points("0,5") == Fraction(1, 2)
    assert parse_points("0.1") == Fraction(1, 10)
    assert format_points(Fraction(7, 2)) == "3½"
    assert format_points(Fraction(7, 2), ascii_only=True) == "3.5"
    assert format_points(Fraction(1, 2)) == "½"
    assert format_points(Fraction(-3, 2)) == "-1½"
    with pytest.raises(ValueError):
        parse_points("abc")


def test_entry_points_follow_the_point_system() -> None:
    win = RoundEntry.game(2, Colour.WHITE, Outcome.WIN)
    assert win.points(STANDARD) == 1
    assert win.points(GCT_RAPID) == 2
    assert RoundEntry(EntryKind.HALF_BYE).points(GCT_RAPID) == 1
    assert RoundEntry(EntryKind.PAIRING_BYE).points(STANDARD) == 1
    assert RoundEntry(EntryKind.ZERO_BYE).points(STANDARD) == 0
    with pytest.raises(ValueError):
        RoundEntry(EntryKind.GAME, opponent=None, outcome=Outcome.WIN)


def test_round_point_systems_mix_rapid_and_blitz() -> None:
    """GCT rapid & blitz: rapid rounds 2/1/0, blitz rounds 1/½/0 in one event (seed 000_…)."""
    ev = event_from_text("1: +W2 =B2\n2: -B1 =W1")
    from dataclasses import replace

    ev = replace(ev, round_point_systems=(GCT_RAPID, STANDARD))
    assert ev.score(1) == Fraction(5, 2)
    assert ev.score(2) == Fraction(1, 2)
    assert ev.score(1, after_round=1) == 2


def test_consistency_check_finds_one_sided_games() -> None:
    ok = event_from_text("1: +W2\n2: -B1")
    assert check_consistency(ok) == []
    bad = event_from_text("1: +W2\n2: +B1")
    assert any("results" in p for p in check_consistency(bad))


def test_rule_set_follows_start_date() -> None:
    from datetime import date

    assert fide_rule_set_on(date(2025, 6, 1)) is RuleSet.FIDE_2024
    assert fide_rule_set_on(date(2026, 3, 1)) is RuleSet.FIDE_2026
    ev = Event(players=(Player(1, "A"),))
    assert ev.effective_rule_set is RuleSet.FIDE_2026


def test_voluntary_unplayed_rounds() -> None:
    assert EntryKind.HALF_BYE.is_voluntarily_unplayed
    assert not EntryKind.PAIRING_BYE.is_voluntarily_unplayed
    assert not EntryKind.FORFEIT_WIN.is_voluntarily_unplayed
    assert EntryKind.FORFEIT_LOSS.is_voluntarily_unplayed


def test_all_scores_equal_each_score_after_every_round() -> None:
    """Event.scores sums in integer units; each value equals Event.score's Fraction sum."""
    from dataclasses import replace as _replace
    from fractions import Fraction as _Fraction

    from arbiter_app.core.model import PointAdjustment
    from arbiter_app.core.points import GCT_RAPID
    from tests.support.random_events import Shape, random_event

    for seed in range(5):
        event = random_event(seed, shape=Shape(players=(10, 30), rounds=(4, 7)))
        event = _replace(
            event,
            round_point_systems=(GCT_RAPID,) * (seed % 3),
            adjustments=(
                PointAdjustment(1, _Fraction(-1, 2), 2),
                PointAdjustment(2, _Fraction(1, 3), None),
            ),
        )
        for after in (None, *range(event.rounds_played + 1)):
            expected = {p.tpn: event.score(p.tpn, after) for p in event.players}
            assert event.scores(after) == expected
        # What a caller does with the dict it got does not change the event's scores.
        got = event.scores()
        got[1] = _Fraction(99)
        assert event.scores()[1] == event.score(1)
