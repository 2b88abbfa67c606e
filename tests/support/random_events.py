"""Seeded random Swiss tournaments with every kind of unplayed round, for property tests.

Each event is reproducible from its seed: players with ratings, late entries,
withdrawals, requested byes (half, zero, full point), absences, forfeits
(single and double), pairing-allocated byes, and a few unrated games.
Pairings are Swiss-like (score order, no repeat when avoidable): tie-break
rules do not depend on how pairings were made.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from arbiter_app.core.model import (
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Outcome,
    Player,
    RoundEntry,
    RuleSet,
    System,
)


@dataclass(frozen=True)
class Shape:
    players: tuple[int, int] = (8, 200)
    rounds: tuple[int, int] = (5, 11)


def _colour(tpn: int, white: int) -> Colour:
    """The colour *tpn* was scheduled to have (forfeits keep it, as TRF records it)."""
    return Colour.WHITE if tpn == white else Colour.BLACK


def random_event(seed: int, rule_set: RuleSet | None = None, shape: Shape = Shape()) -> Event:
    rng = random.Random(seed)
    n = rng.randint(*shape.players)
    rounds = rng.randint(*shape.rounds)
    players = [Player(t, f"Player {t}", rng.randint(1400, 2700)) for t in range(1, n + 1)]
    first = {t: 1 for t in range(1, n + 1)}
    last = {t: rounds for t in range(1, n + 1)}
    for t in range(1, n + 1):
        if rng.random() < 0.08:
            first[t] = rng.randint(2, 3)
        if rng.random() < 0.08:
            last[t] = rng.randint(1, rounds - 1)
    rows: dict[int, list[RoundEntry]] = {t: [] for t in range(1, n + 1)}
    score = dict.fromkeys(rows, 0.0)
    met: dict[int, set[int]] = {t: set() for t in rows}
    for r in range(1, rounds + 1):
        available: list[int] = []
        for t in rows:
            if r < first[t]:
                rows[t].append(RoundEntry(EntryKind.NOT_PAIRED))
            elif r > last[t]:
                rows[t].append(RoundEntry(EntryKind.WITHDRAWN))
            else:
                x = rng.random()
                if x < 0.04:
                    rows[t].append(RoundEntry(EntryKind.HALF_BYE))
                    score[t] += 0.5
                elif x < 0.06:
                    rows[t].append(RoundEntry(EntryKind.ZERO_BYE))
                elif x < 0.07:
                    rows[t].append(RoundEntry(EntryKind.FULL_BYE))
                    score[t] += 1
                elif x < 0.08:
                    rows[t].append(RoundEntry(EntryKind.NOT_PAIRED))
                else:
                    available.append(t)
        available.sort(key=lambda t: (-score[t], rng.random()))
        if len(available) % 2:
            pab = available.pop()
            rows[pab].append(RoundEntry(EntryKind.PAIRING_BYE))
            score[pab] += 1
        while available:
            a = available.pop(0)
            b = next((x for x in available if x not in met[a]), available[0])
            available.remove(b)
            met[a].add(b)
            met[b].add(a)
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            y = rng.random()
            if y < 0.03:
                winner, loser = (white, black) if rng.random() < 0.5 else (black, white)
                rows[winner].append(
                    RoundEntry(EntryKind.FORFEIT_WIN, loser, _colour(winner, white))
                )
                rows[loser].append(
                    RoundEntry(EntryKind.FORFEIT_LOSS, winner, _colour(loser, white))
                )
                score[winner] += 1
                continue
            if y < 0.04:
                rows[white].append(RoundEntry(EntryKind.FORFEIT_LOSS, black, Colour.WHITE))
                rows[black].append(RoundEntry(EntryKind.FORFEIT_LOSS, white, Colour.BLACK))
                continue
            rated = rng.random() > 0.02
            z = rng.random()
            out = Outcome.WIN if z < 0.4 else Outcome.DRAW if z < 0.7 else Outcome.LOSS
            rows[white].append(RoundEntry.game(black, Colour.WHITE, out, rated=rated))
            rows[black].append(RoundEntry.game(white, Colour.BLACK, out.opposite, rated=rated))
            pts = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0}
            score[white] += pts[out]
            score[black] += pts[out.opposite]
    return Event(
        info=EventInfo(name=f"random {seed}"),
        system=System.SWISS,
        planned_rounds=rounds,
        players=tuple(players),
        entries={t: tuple(v) for t, v in rows.items()},
        rule_set=rule_set,
    )


def random_round_robin(seed: int, rule_set: RuleSet | None = None) -> Event:
    """A seeded single round robin (4 to 12 players; the free round of an odd field is
    an unpaired round), with forfeits and a possible withdrawal whose games are forfeited."""
    rng = random.Random(seed)
    n = rng.randint(4, 12)
    field = list(range(1, n + 1)) + ([0] if n % 2 else [])
    size = len(field)
    players = [Player(t, f"Player {t}", rng.randint(1400, 2700)) for t in range(1, n + 1)]
    quits = {rng.randint(1, n): rng.randint(2, size - 1)} if rng.random() < 0.3 else {}
    rows: dict[int, list[RoundEntry]] = {t: [] for t in range(1, n + 1)}
    order = field[:]
    for r in range(1, size):
        for k in range(size // 2):
            a, b = order[k], order[size - 1 - k]
            if 0 in (a, b):
                rows[a or b].append(RoundEntry(EntryKind.NOT_PAIRED))
                continue
            white, black = (a, b) if (r + k) % 2 else (b, a)
            gone = [t for t in (white, black) if t in quits and r >= quits[t]]
            if gone or rng.random() < 0.05:
                loser = gone[0] if gone else rng.choice((white, black))
                winner = black if loser == white else white
                rows[winner].append(
                    RoundEntry(EntryKind.FORFEIT_WIN, loser, _colour(winner, white))
                )
                rows[loser].append(
                    RoundEntry(EntryKind.FORFEIT_LOSS, winner, _colour(loser, white))
                )
                continue
            z = rng.random()
            out = Outcome.WIN if z < 0.4 else Outcome.DRAW if z < 0.7 else Outcome.LOSS
            rows[white].append(RoundEntry.game(black, Colour.WHITE, out))
            rows[black].append(RoundEntry.game(white, Colour.BLACK, out.opposite))
        order = [order[0], order[-1], *order[1:-1]]
    return Event(
        info=EventInfo(name=f"round robin {seed}"),
        system=System.ROUND_ROBIN,
        planned_rounds=size - 1,
        players=tuple(players),
        entries={t: tuple(v) for t, v in rows.items()},
        rule_set=rule_set,
    )
