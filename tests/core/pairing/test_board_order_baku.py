"""Boards of an accelerated round in C.04.2's order, virtual points counted (FIDE C.02,
the checklist's Q188; C.04.5.1, the Baku Acceleration).

C.04.2 orders the boards by the higher score of the pair, then the sum of the scores,
then the better pairing number; under the Baku Acceleration the score that pairs is
the points plus the virtual points of the round, and so is the score that orders the
boards.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from arbiter_app.core.generator.tournament import GeneratorSettings, generate
from arbiter_app.core.model import Event
from arbiter_app.core.pairing.swiss import SwissOptions, pair_round


def _key(
    event: Event, round_no: int, virtual: bool
) -> Callable[[tuple[int, int]], tuple[Fraction, Fraction, int]]:
    def score(tpn: int) -> Fraction:
        extra = event.virtual_points(tpn, round_no) if virtual else Fraction(0)
        return event.score(tpn, round_no - 1) + extra

    def key(pair: tuple[int, int]) -> tuple[Fraction, Fraction, int]:
        a, b = pair
        return (-max(score(a), score(b)), -(score(a) + score(b)), min(a, b))

    return key


def test_q188_an_accelerated_round_is_ordered_by_points_and_virtual_points() -> None:
    differs = 0
    for seed in (8, 9, 10):
        made = generate(GeneratorSettings(players=30, rounds=7, seed=seed, baku=True))
        event = made.event
        assert event.accelerations
        for round_no in range(2, 5):  # rounds with virtual points and points already scored
            before = event.truncated(round_no - 1)
            options = SwissOptions(initial_colour=made.initial_colour)
            pairs = [(b.white, b.black) for b in pair_round(before, round_no, options).boards]
            assert pairs == sorted(pairs, key=_key(before, round_no, virtual=True))
            differs += pairs != sorted(pairs, key=_key(before, round_no, virtual=False))
    assert differs  # real points alone would order some rounds otherwise
