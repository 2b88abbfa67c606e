"""Generator → checker round trips (FIDE C.02, checklist group Q16-39: the checker and the generator).

A representative subset runs here (small events: Swiss with byes, forfeits
and unusual results, the Baku Acceleration, single and double round robins);
``python -m tests.checker.round_trips --events 200`` runs the full 200.
"""

from __future__ import annotations

import random

import pytest

from arbiter_app.core.checker import Kind
from tests.checker.round_trips import (
    QUICK,
    QUICK_MAX_PLAYERS,
    broken_copies,
    first_round_reported,
    round_trip,
    settings_for,
    standings_reported,
)


def test_the_quick_subset_covers_every_kind_of_event() -> None:
    chosen = [settings_for(i, QUICK_MAX_PLAYERS) for i in QUICK]
    assert any(s.baku for s in chosen)
    assert {s.system.value for s in chosen} >= {"swiss", "round-robin", "double-round-robin"}
    assert any(not s.half_byes.is_zero for s in chosen)
    assert any(not s.forfeits.is_zero for s in chosen)
    assert any(not s.unusual.is_zero for s in chosen)


@pytest.mark.slow
@pytest.mark.parametrize("index", QUICK)
def test_q16_39_generated_event_is_clean_for_both_checkers(index: int) -> None:
    trip = round_trip(index, QUICK_MAX_PLAYERS)
    assert trip.ours_clean, [f.message for f in trip.ours.findings]
    assert trip.gacrux_clean, f"gacrux finds rounds {trip.gacrux_rounds} wrong"


@pytest.mark.slow
@pytest.mark.parametrize("index", (2, 5, 10, 21))
def test_q16_39_broken_copy_is_reported_in_its_round(index: int) -> None:
    trip = round_trip(index, QUICK_MAX_PLAYERS)
    copies = broken_copies(trip, random.Random(index))
    assert copies
    for copy in copies:
        assert not copy.ours.agrees, copy.what
        if copy.round is None:
            assert standings_reported(copy.ours), copy.what
            assert all(f.kind is Kind.STANDINGS for f in copy.ours.findings), copy.what
            continue
        assert first_round_reported(copy.ours) == copy.round, (
            copy.what,
            [f.message for f in copy.ours.findings],
        )
        assert copy.gacrux_rounds and min(copy.gacrux_rounds) == copy.round, copy.what
