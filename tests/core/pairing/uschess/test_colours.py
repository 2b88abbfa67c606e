"""Due colours and who gets them (US Chess 29E1, 29E2, 29E4)."""

from __future__ import annotations

from arbiter_app.core.model import Colour
from arbiter_app.core.pairing.uschess.colours import (
    ALTERNATION,
    EQUALISATION,
    ColourHistory,
    allocate,
)

W, B = Colour.WHITE, Colour.BLACK


def test_due_colour_equalises_first_then_alternates() -> None:
    """29E1: unequal whites and blacks: the colour that equalises; equal: the opposite of the
    last; no game: none."""
    assert ColourHistory((W, W, B)).due is B
    assert ColourHistory((W, B)).due is W
    assert ColourHistory((B, W)).due is B
    assert ColourHistory().due is None


def test_a_second_extra_colour_weighs_more_than_a_missed_alternation() -> None:
    """29E2 (equalisation before alternation) and 29E5b (one colour two more times than the
    other is what the 200-point rule prevents)."""
    assert ColourHistory((W, B)).weight(B) == ALTERNATION
    assert ColourHistory((W,)).weight(W) == EQUALISATION
    assert ColourHistory((W, W)).weight(W) == EQUALISATION + 1
    assert ColourHistory((W,)).weight(B) == 0


def test_equalisation_beats_alternation_whatever_the_ratings() -> None:
    """29E2: player 2 (lower rated) needs White to equalise, player 1 only to alternate."""
    history = {1: ColourHistory((W, B)), 2: ColourHistory((B,))}
    assert allocate(1, 2, history, {1: 2000, 2: 1500}) == (2, 1, ALTERNATION)


def test_equal_claims_colour_history_before_rank() -> None:
    """29E4: both due White by alternation; going back, the latest game where their colours
    differ had 2 with Black and 1 with White, so 2 gets White although 1 is higher-rated."""
    history = {1: ColourHistory((B, W, W, B)), 2: ColourHistory((W, W, B, W, B, B))}
    assert history[1].due is W and history[2].due is W
    assert allocate(1, 2, history, {1: 2000, 2: 1900})[:2] == (2, 1)


def test_equal_claims_and_equal_histories_the_higher_rated_gets_his_colour() -> None:
    """29E4: identical histories: rank decides."""
    history = {1: ColourHistory((W, B)), 2: ColourHistory((W, B))}
    assert allocate(2, 1, history, {1: 2000, 2: 1900})[:2] == (1, 2)
