"""Properties of the US Chess engine on random events (US Chess 27A, 28, 29).

- every player present is on exactly one board or has exactly one bye;
- 27A1: "avoid players meeting twice": no pairing repeats a game, and when the engine
  refuses a round, no repeat-free pairing of it exists with the bye to a player who may
  have it (28L; checked by brute force);
- 29E5b limits colour fixes to 200 points, so no absolute bound exists in the rules;
  on these fields no player's whites and blacks differ by more than three;
- 28L2: the forced bye never goes to a player who already had one.
"""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_app.core.model import Colour, EntryKind, Event
from arbiter_app.core.pairing import PairingError, RoundPairing, append_round
from arbiter_app.core.pairing.byes import ByePolicy, bye_candidates
from arbiter_app.core.result import GameResult
from tests.core.pairing.uschess.support import event, pair

OUTCOMES = (GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW)


def _met(ev: Event) -> set[frozenset[int]]:
    return {
        frozenset((t, e.opponent))
        for t in ev.entries
        for e in ev.entries_of(t)
        if e.is_played and e.opponent is not None
    }


def _repeat_free_exists(
    players: list[int], met: set[frozenset[int]], may_have_bye: list[int] | None = None
) -> bool:
    """Whether *players* (with one bye, to one of *may_have_bye*, when odd) pair without a
    repeat: by brute force."""
    if len(players) % 2:
        return any(
            _repeat_free_exists([p for p in players if p != t], met)
            for t in (players if may_have_bye is None else may_have_bye)
        )
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, b)) not in met and _repeat_free_exists([p for p in rest if p != b], met)
        for b in rest
    )


def _check_round(ev: Event, pairing: RoundPairing) -> None:
    seen = [t for b in pairing.boards for t in b.players] + [y.tpn for y in pairing.byes]
    assert sorted(seen) == sorted(ev.entries)
    met = _met(ev)
    assert all(frozenset(b.players) not in met for b in pairing.boards)
    bye = pairing.pairing_bye
    if bye is not None:
        assert all(e.kind is not EntryKind.PAIRING_BYE for e in ev.entries_of(bye.tpn))


def _run(seed: int, size: int, rounds: int) -> None:
    rng = random.Random(seed)
    ratings = [
        rng.choice([None, *range(800, 2400, 7)]) if rng.random() < 0.1 else rng.randint(800, 2400)
        for _ in range(size)
    ]
    ev = event(sorted(ratings, key=lambda r: -(r or 0)), rounds=rounds)
    for _ in range(rounds):
        try:
            pairing = pair(ev)
        except PairingError:
            assert size <= 12
            players = sorted(ev.entries)
            eligible = bye_candidates(ByePolicy.USCF, ev, ev.rounds_played + 1, players)
            assert not _repeat_free_exists(players, _met(ev), eligible)
            return
        _check_round(ev, pairing)
        results = {b.number: rng.choice(OUTCOMES) for b in pairing.boards}
        ev = append_round(ev, pairing, results)
    for t in ev.entries:
        colours = [e.colour for e in ev.entries_of(t) if e.is_played]
        assert abs(colours.count(Colour.WHITE) - colours.count(Colour.BLACK)) <= 3


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 12), st.integers(2, 7))
def test_small_events_every_player_once_no_repeat_unless_unavoidable(
    seed: int, size: int, rounds: int
) -> None:
    _run(seed, size, rounds)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(13, 60), st.integers(3, 6))
def test_larger_events_pair_every_round_without_a_repeat(seed: int, size: int, rounds: int) -> None:
    _run(seed, size, rounds)


def test_brute_force_check_sees_an_unavoidable_repeat() -> None:
    """The checker itself: four players who have all met cannot be paired again."""
    players = [1, 2, 3, 4]
    assert not _repeat_free_exists(players, {frozenset(p) for p in combinations(players, 2)})
    assert _repeat_free_exists(players, {frozenset((1, 2))})
