"""Random Swiss tournaments played round by round, for comparing pairings with gacrux.

Each tournament is fixed by its seed: 10 to 200 players (a few unrated),
5 to 11 rounds, requested half-point (and a few zero- and full-point) byes,
absences, withdrawals, forfeits and double forfeits, and results drawn from
the rating difference. Test code only: the application never uses ``random``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from arbiter_app.core.model import ByeRequest, Colour, EntryKind, Event, EventInfo, Player, System
from arbiter_app.core.pairing.boards import RoundPairing, append_round
from arbiter_app.core.pairing.swiss import SwissOptions
from arbiter_app.core.result import GameResult

_REQUEST_CODE = {EntryKind.HALF_BYE: "H", EntryKind.FULL_BYE: "F", EntryKind.ZERO_BYE: "Z"}


@dataclass(frozen=True)
class RoundCase:
    """One round to pair: the event before it, the options, and the TRF cells of non-players."""

    seed: int
    event: Event
    round: int
    options: SwissOptions
    not_playing: dict[int, str]


def new_event(
    rng: random.Random, players: int, rounds: int, system: System = System.SWISS
) -> Event:
    ratings = sorted((rng.randint(1000, 2700) for _ in range(players)), reverse=True)
    people = []
    for tpn, rating in enumerate(ratings, start=1):
        unrated = rng.random() < 0.05
        people.append(Player(tpn, f"Player {tpn}", None if unrated else rating))
    return Event(
        info=EventInfo(name="random"),
        system=system,
        planned_rounds=rounds,
        players=tuple(people),
        entries={p.tpn: () for p in people},
    )


def random_result(rng: random.Random, event: Event, white: int, black: int) -> GameResult:
    roll = rng.random()
    if roll < 0.02:
        return GameResult.WHITE_FORFEIT_WIN
    if roll < 0.04:
        return GameResult.BLACK_FORFEIT_WIN
    if roll < 0.045:
        return GameResult.DOUBLE_FORFEIT
    rw = event.player(white).rating or 1500
    rb = event.player(black).rating or 1500
    expected = 1 / (1 + 10 ** ((rb - rw) / 400))
    x = rng.random()
    if x < 0.3:
        return GameResult.DRAW
    return GameResult.WHITE_WINS if rng.random() < expected else GameResult.BLACK_WINS


def play(seed: int, pair: Callable[[RoundCase], RoundPairing | None], *, forbidden: int = 0) -> int:
    """Play tournament *seed*; *pair* pairs each round (None stops it). Returns rounds paired.

    *forbidden* adds that many forbidden pairs (TRF 260), drawn among the top
    quarter and the next so that they bite in the first rounds.
    """
    rng = random.Random(seed)
    players = rng.randint(10, 200)
    rounds = rng.randint(5, min(11, players - 1))
    event = new_event(rng, players, rounds)
    if forbidden:
        groups: set[frozenset[int]] = set()
        while len(groups) < forbidden:
            a = rng.randint(1, max(players // 4, 1))
            b = a + players // 2
            if b <= players:
                groups.add(frozenset({a, b}))
        event = replace(event, forbidden_pairs=tuple(sorted(groups, key=sorted)))
    colour = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK
    requests: list[ByeRequest] = []
    for rnd in range(1, rounds + 1):
        not_playing: dict[int, str] = {}
        absent: set[int] = set()
        people = list(event.players)
        for i, p in enumerate(people):
            if p.withdrawn_from_round is not None:
                not_playing[p.tpn] = "Z"
                continue
            x = rng.random()
            if rnd > 1 and x < 0.01:
                people[i] = replace(p, withdrawn_from_round=rnd)
                not_playing[p.tpn] = "Z"
            elif x < 0.02:
                absent.add(p.tpn)
                not_playing[p.tpn] = "Z"
            elif x < 0.05:
                kind = EntryKind.HALF_BYE
                y = rng.random()
                if y < 0.1:
                    kind = EntryKind.ZERO_BYE
                elif y < 0.2:
                    kind = EntryKind.FULL_BYE
                requests.append(ByeRequest(p.tpn, rnd, kind))
                not_playing[p.tpn] = _REQUEST_CODE[kind]
        event = replace(event.with_players(people), bye_requests=tuple(requests))
        options = SwissOptions(initial_colour=colour, absent=frozenset(absent))
        pairing = pair(RoundCase(seed, event, rnd, options, not_playing))
        if pairing is None:
            return rnd - 1
        results = {b.number: random_result(rng, event, b.white, b.black) for b in pairing.boards}
        event = append_round(event, pairing, results)
    return rounds
