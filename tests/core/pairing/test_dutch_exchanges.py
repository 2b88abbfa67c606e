"""Exchanges of any size between S1 and S2 in Arbiter's Dutch engine (C.04.3 article 4.3.3).

The exchanges are tried by the number of players exchanged, then by the difference of
the sums of the numbers moved, then by the S1 players moved (highest first) and the S2
players moved (lowest first). A bracket whose pairing needs three players of S1 to
meet three others of S1 needs an exchange of three: the engine makes it, as gacrux
does, instead of handing the round over.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

import pytest

from arbiter_app.core.model import Colour, Event, EventInfo, Player, System
from arbiter_app.core.pairing import SwissOptions, append_round, pair_swiss
from arbiter_app.core.pairing.dutch_engine.brackets import exchanges, split_indices
from arbiter_app.core.result import GameResult

WHITE = SwissOptions(initial_colour=Colour.WHITE)


def _by_sorting(half: int, size: int, k: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every exchange of *k* players listed, then sorted by the article's keys."""
    options = [
        ((sum(ys) - sum(xs), tuple(-x for x in reversed(xs)), ys), xs, ys)
        for xs in combinations(range(half), k)
        for ys in combinations(range(half, size), k)
    ]
    return [(xs, ys) for _, xs, ys in sorted(options)]


@pytest.mark.parametrize("size", range(2, 15))
def test_exchanges_come_in_the_order_of_the_article(size: int) -> None:
    for half in range(1, size // 2 + 1):
        for k in range(1, half + 1):
            assert list(exchanges(half, size, k)) == _by_sorting(half, size, k)


def test_the_first_exchanges_of_three_in_a_bracket_of_twelve() -> None:
    """S1 is 1-6 and S2 7-12 (positions 0-11): the smallest difference of sums moves 4,
    5 and 6 for 7, 8 and 9 (difference 9); next the difference 10, moving 4, 5, 6 for 7,
    8, 10 (S1's highest first: 6, 5, 4 before any other)."""
    first = list(exchanges(6, 12, 3))[:2]
    assert first == [((3, 4, 5), (6, 7, 8)), ((3, 4, 5), (6, 7, 9))]
    splits = list(split_indices(12, 6))
    assert splits[0] == (list(range(6)), list(range(6, 12)))
    assert len(splits) == sum(len(list(exchanges(6, 12, k))) for k in range(1, 7)) + 1
    # After every exchange of one and two comes the first of three.
    ones_and_twos = 1 + 36 + 225
    assert splits[ones_and_twos] == ([0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 10, 11])


def _apart(players: int, trio: tuple[int, ...]) -> Event:
    """Round 1 of *players*: each of *trio* (in S1) may meet nobody of S2 nor each other."""
    half = players // 2
    groups = {frozenset((a, b)) for a in trio for b in range(half + 1, players + 1)}
    groups |= {frozenset((a, b)) for a, b in combinations(trio, 2)}
    return Event(
        info=EventInfo(name="exchanges"),
        system=System.SWISS,
        planned_rounds=5,
        players=tuple(Player(t, f"P{t}", 2500 - 10 * t) for t in range(1, players + 1)),
        entries={t: () for t in range(1, players + 1)},
        forbidden_pairs=tuple(groups),
    )


def test_a_bracket_that_needs_an_exchange_of_three_is_paired_as_gacrux() -> None:
    """Twelve players, 4, 5 and 6 forbidden against 7-12 and each other: they must meet 1,
    2 and 3, so S1 keeps one of each such pair; the first such exchange moves 4, 5, 6 to
    S2 for 7, 8, 9 (article 4.3.3), giving 1-4, 2-5, 3-6, then 7-10, 8-11, 9-12."""
    event = _apart(12, (4, 5, 6))
    own = pair_swiss(event, 1, replace(WHITE, engine="own"))
    reference = pair_swiss(event, 1, WHITE)
    assert own.notes == ()  # certified by Arbiter's engine, not handed to gacrux
    assert (own.boards, own.byes) == (reference.boards, reference.byes)
    assert sorted(tuple(sorted(b.players)) for b in own.boards) == [
        (1, 4), (2, 5), (3, 6), (7, 10), (8, 11), (9, 12)
    ]  # fmt: skip


@pytest.mark.parametrize("seed", (1, 2, 4, 7, 8, 13, 20, 23))
def test_larger_brackets_with_many_forbidden_pairs_pair_as_gacrux(seed: int) -> None:
    """Random round-1 brackets of 12-30 players where three to five S1 players may meet
    only the rest of S1: exchanges of three or more, equal to gacrux and not handed over."""
    rng = random.Random(seed)
    players = rng.randint(12, 30)
    half = players // 2
    trio = tuple(rng.sample(range(1, half + 1), rng.randint(3, min(5, half // 2))))
    event = _apart(players, trio)
    own = pair_swiss(event, 1, replace(WHITE, engine="own"))
    reference = pair_swiss(event, 1, WHITE)
    assert own.notes == ()
    assert (own.boards, own.byes) == (reference.boards, reference.byes)


def test_a_top_bracket_needing_an_exchange_of_three_floats_nobody() -> None:
    """Round 2 of 24 players after 1-12 won round 1; 4, 5 and 6 may not meet 7-12 nor each
    other. Bracket 1 pairs all twelve by an exchange of three (1-4, 2-5, 3-6, 7-10, 8-11,
    9-12), as gacrux does; with exchanges capped at two the engine floated 11 and 12 down
    instead, a pairing with two downfloaters too many ([C6])."""
    event = _apart(24, (4, 5, 6))
    event = replace(event, forbidden_pairs=())
    first = pair_swiss(event, 1, WHITE)
    results = {
        b.number: GameResult.WHITE_WINS if b.white < b.black else GameResult.BLACK_WINS
        for b in first.boards
    }
    event = append_round(event, first, results)
    event = replace(event, forbidden_pairs=_apart(12, (4, 5, 6)).forbidden_pairs)
    own = pair_swiss(event, 2, replace(WHITE, engine="own"))
    reference = pair_swiss(event, 2, WHITE)
    assert own.notes == ()
    assert (own.boards, own.byes) == (reference.boards, reference.byes)
    top = sorted(tuple(sorted(b.players)) for b in own.boards if max(b.players) <= 12)
    assert top == [(1, 4), (2, 5), (3, 6), (7, 10), (8, 11), (9, 12)]
