"""Pairing numbers by rating (C.04.2 initial order) or by lot (C.05 Annex 1), as recorded draws."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.lots import physical_draw, seeded_draw
from arbiter_app.core.model import (
    ByeRequest,
    Colour,
    EntryKind,
    Event,
    Outcome,
    Player,
    PointAdjustment,
    RoundEntry,
    System,
)
from arbiter_app.core.pairing.numbers import (
    Numbering,
    draw_numbers,
    late_entry_place,
    numbers_by_lot,
    numbers_by_rating,
    rating_order,
    renumber,
    renumbering_refusal,
    round_one_refusal,
)


def _event() -> Event:
    players = (
        Player(1, "Zed", 1800),
        Player(2, "Abe", 2100, title="FM"),
        Player(3, "Bea", 2100, title="IM"),
        Player(4, "Cal", None),
        Player(5, "Dan", 2100, title="IM"),
    )
    entries = {
        1: (RoundEntry.game(2, Colour.WHITE, Outcome.WIN),),
        2: (RoundEntry.game(1, Colour.BLACK, Outcome.LOSS),),
        3: (RoundEntry(EntryKind.PAIRING_BYE),),
        4: (),
        5: (),
    }
    return Event(
        system=System.ROUND_ROBIN,
        players=players,
        entries=entries,
        bye_requests=(ByeRequest(4, 2, EntryKind.HALF_BYE),),
        forbidden_pairs=(frozenset({1, 4}),),
        adjustments=(PointAdjustment(5, Fraction(-1), 1, "penalty"),),
    )


def test_rating_then_title_then_name() -> None:
    assert rating_order(_event().players) == (3, 5, 2, 1, 4)


def test_renumbering_by_rating_moves_every_reference() -> None:
    event = numbers_by_rating(_event())
    # old 3 -> 1, 5 -> 2, 2 -> 3, 1 -> 4, 4 -> 5
    assert [p.name for p in event.players] == ["Bea", "Dan", "Abe", "Zed", "Cal"]
    assert event.entry(4, 1).opponent == 3 and event.entry(3, 1).opponent == 4
    assert event.entry(1, 1).kind is EntryKind.PAIRING_BYE
    assert event.bye_requests == (ByeRequest(5, 2, EntryKind.HALF_BYE),)
    assert event.forbidden_pairs == (frozenset({4, 5}),)
    assert event.adjustments[0].tpn == 2
    assert event.score(4) == 1 and event.score(2) == -1


def test_seeded_draw_is_recorded_and_reproducible() -> None:
    a, draw_a = draw_numbers(_event(), seed=2024)
    b, draw_b = draw_numbers(_event(), seed=2024)
    assert a == b and draw_a == draw_b and draw_a.seed == 2024
    assert "lot" in draw_a.article
    # The i-th drawn player gets pairing number i.
    names = {p.tpn: p.name for p in _event().players}
    assert [p.name for p in a.players] == [names[t] for t in draw_a.outcome]


def test_physical_draw_is_applied_as_typed() -> None:
    draw = physical_draw("pairing numbers", [1, 2, 3, 4, 5], [5, 4, 3, 2, 1], witnesses=["A"])
    event = numbers_by_lot(_event(), draw)
    assert [p.name for p in event.players] == ["Dan", "Cal", "Bea", "Abe", "Zed"]


def test_a_draw_among_other_players_is_refused() -> None:
    with pytest.raises(RuleError, match="among"):
        numbers_by_lot(_event(), seeded_draw("x", [1, 2, 3], seed=1))


def test_a_renumbering_must_be_a_permutation() -> None:
    with pytest.raises(RuleError):
        renumber(_event(), {1: 1, 2: 1, 3: 3, 4: 4, 5: 5})


# -- the rules that follow from how the numbers were given -----------------------------------


def test_a_late_entry_takes_its_place_in_the_initial_ranking() -> None:
    """C.04.2 articles 2.4-2.5: the numbers given stay in order; the newcomer goes above the
    first player the ranking puts below them (rating, then title, then name)."""
    ranked = (
        Player(1, "Ann", 2200),
        Player(2, "Ben", 2100, title="FM"),
        Player(3, "Cid", 2000),
        Player(4, "Dee", None),
    )
    assert late_entry_place(ranked, Player(9, "Eve", 2150)) == 2
    assert late_entry_place(ranked, Player(9, "Eve", 2100, title="IM")) == 2  # IM before FM
    assert late_entry_place(ranked, Player(9, "Eve", 2100)) == 3  # untitled after the FM
    assert late_entry_place(ranked, Player(9, "Abe", 2000)) == 3  # name: Abe before Cid
    assert late_entry_place(ranked, Player(9, "Eve", 1500)) == 4  # above the unrated
    assert late_entry_place(ranked, Player(9, "Zed", None)) == 5  # unrated, after Dee by name


def test_renumbering_is_refused_once_round_one_is_paired_with_the_reason() -> None:
    assert renumbering_refusal(0, System.SWISS) is None
    swiss = renumbering_refusal(1, System.SWISS)
    assert swiss is not None and "FIDE C.04.2 article 2.3" in swiss and "late entry" in swiss
    rr = renumbering_refusal(3, System.ROUND_ROBIN)
    assert rr is not None and "would repeat games already played" in rr


def test_round_one_needs_decided_numbers() -> None:
    assert round_one_refusal(Numbering.RATING, System.SWISS) is None
    assert round_one_refusal(Numbering.LOT, System.ROUND_ROBIN) is None
    assert round_one_refusal(Numbering.UNRECORDED, System.ROUND_ROBIN) is None
    refusal = round_one_refusal(Numbering.ENTRY, System.DOUBLE_ROUND_ROBIN)
    assert refusal is not None and "drawn by lot before round 1" in refusal
