"""The rules of who is at the venue (core.attendance): check-in before round 1, the bye of
an absence by rule set, a late entrant's rounds missed."""

from __future__ import annotations

from arbiter_app.core.attendance import (
    absence_kind,
    check_in_summary,
    full_point_late_refusal,
    half_bye_rounds,
    late_entry_default,
    left_out_of_round_one,
)
from arbiter_app.core.model import ByeRequest, EntryKind, Event, Player
from arbiter_app.core.pairing.byes import ByePolicy


def field(n: int = 6) -> Event:
    players = tuple(Player(t, f"P{t}") for t in range(1, n + 1))
    return Event(players=players, planned_rounds=5)


def test_us_chess_offers_half_point_byes_in_the_first_half_only() -> None:
    """US Chess 22C1: the first half of the event, or the middle round of an odd number."""
    assert [half_bye_rounds(n) for n in (4, 5, 6, 7)] == [2, 3, 3, 4]
    us = [absence_kind(ByePolicy.USCF, r, 5) for r in range(1, 6)]
    assert us == [EntryKind.HALF_BYE] * 3 + [EntryKind.ZERO_BYE] * 2
    for policy in (ByePolicy.FIDE, ByePolicy.ONLINE):
        assert {absence_kind(policy, r, 5) for r in range(1, 6)} == {EntryKind.ZERO_BYE}


def test_round_one_leaves_out_who_did_not_check_in_but_keeps_requests() -> None:
    event = field()
    assert left_out_of_round_one(event, frozenset()) == frozenset()  # no check-in begun
    withdrawn = Player(6, "P6", withdrawn_from_round=1)
    event = event.with_players([*event.players[:5], withdrawn])
    event = Event(
        players=event.players,
        planned_rounds=5,
        bye_requests=(ByeRequest(4, 1, EntryKind.HALF_BYE),),
    )
    assert left_out_of_round_one(event, {1, 2}) == {3, 5}
    assert check_in_summary(event, {1, 2}) == "2 of 5 players checked in"
    assert check_in_summary(event, ()) == ""


def test_a_late_entrants_default_and_full_point_byes_by_rule_set() -> None:
    assert late_entry_default(ByePolicy.USCF) == "half-bye"
    assert late_entry_default(ByePolicy.FIDE) == "not-paired"
    assert full_point_late_refusal(ByePolicy.FIDE) is None
    refusal = full_point_late_refusal(ByePolicy.USCF)
    assert refusal is not None and "22B" in refusal
    assert full_point_late_refusal(ByePolicy.ONLINE) is not None
