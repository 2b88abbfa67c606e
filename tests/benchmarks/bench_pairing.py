"""Benchmark: pairing one Swiss round with Arbiter against gacrux alone, on the same input.

Run ``python -m tests.benchmarks.bench_pairing`` from the repository root; it
prints a table. :func:`run` returns the rows for other scripts.

The fields are 1,000 and 200 players, round 6 of 11. Rounds 1–5 are made by a
quick score-group pairing (the benchmark needs a realistic history, not a
Dutch one: scores spread over score groups, colours alternate, no repeats),
with some requested byes and forfeits. "Arbiter" is the whole
:func:`pair_swiss` (reading the event, byes, building gacrux's input in
process, the engine, the result); "gacrux" is the engine alone on the input
Arbiter built, so the ratio is Arbiter's overhead over the engine. Wall
time and processor time are both shown; the ratio uses processor time, which
other load on the machine does not inflate.
"""

from __future__ import annotations

import copy
import random
import time
from dataclasses import dataclass, replace

from arbiter_app.core.model import ByeRequest, Colour, EntryKind, Event, EventInfo, Player, System
from arbiter_app.core.pairing import (
    Board,
    Bye,
    RoundPairing,
    SwissOptions,
    append_round,
    pair_swiss,
)
from arbiter_app.core.pairing.dutch import build_tournament, run_engine
from arbiter_app.core.result import GameResult


@dataclass(frozen=True)
class Row:
    players: int
    round: int
    rounds: int
    boards: int
    arbiter_seconds: float
    gacrux_seconds: float
    arbiter_cpu: float
    gacrux_cpu: float

    @property
    def ratio(self) -> float:
        """Arbiter over gacrux in processor time (not disturbed by other load)."""
        return self.arbiter_cpu / self.gacrux_cpu


def _quick_round(event: Event, rnd: int, rng: random.Random) -> RoundPairing:
    """A plausible Swiss round: by score then pairing number, no repeats, colours alternate."""
    scores = event.scores(rnd - 1)
    requests = {r.tpn: r.kind for r in event.bye_requests if r.round == rnd}
    order = sorted((t for t in scores if t not in requests), key=lambda t: (-scores[t], t))
    met = {t: {e.opponent for e in event.entries_of(t) if e.opponent} for t in scores}
    boards: list[Board] = []
    byes = [Bye(t, k) for t, k in requests.items()]
    while order:
        a = order.pop(0)
        partner = next((b for b in order if b not in met[a]), None)
        if partner is None:
            byes.append(Bye(a, EntryKind.PAIRING_BYE))
            continue
        order.remove(partner)
        last = [e.colour for e in event.entries_of(a) if e.colour is not None]
        if last and last[-1] is Colour.WHITE:
            boards.append(Board(len(boards) + 1, partner, a))
        else:
            boards.append(Board(len(boards) + 1, a, partner))
    return RoundPairing(rnd, tuple(boards), tuple(byes))


def history(players: int, rounds: int, before_round: int, seed: int = 6) -> Event:
    """A Swiss of *players* with rounds 1 … before_round−1 played."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(players)), reverse=True)
    event = Event(
        info=EventInfo(name=f"benchmark {players}"),
        system=System.SWISS,
        planned_rounds=rounds,
        players=tuple(Player(t, f"P{t}", r) for t, r in enumerate(ratings, start=1)),
        entries={t: () for t in range(1, players + 1)},
    )
    requests = [
        ByeRequest(t, r, EntryKind.HALF_BYE)
        for r in range(1, before_round + 1)
        for t in range(1, players + 1)
        if rng.random() < 0.02
    ]
    event = replace(event, bye_requests=tuple(requests))
    for rnd in range(1, before_round):
        pairing = _quick_round(event, rnd, rng)
        results = {}
        for b in pairing.boards:
            x = rng.random()
            results[b.number] = (
                GameResult.WHITE_FORFEIT_WIN
                if x < 0.02
                else GameResult.DRAW
                if x < 0.35
                else GameResult.WHITE_WINS
                if x < 0.7
                else GameResult.BLACK_WINS
            )
        event = append_round(event, pairing, results)
    return event


def measure(players: int, rounds: int = 11, round_no: int = 6) -> Row:
    event = history(players, rounds, round_no)
    options = SwissOptions(initial_colour=Colour.WHITE)
    start, cpu = time.perf_counter(), time.process_time()
    pairing = pair_swiss(event, round_no, options)
    arbiter, arbiter_cpu = time.perf_counter() - start, time.process_time() - cpu
    excluded = {r.tpn for r in event.bye_requests if r.round == round_no}
    tournament, tpn_of = build_tournament(event, round_no, excluded, Colour.WHITE)
    fresh = copy.deepcopy(tournament)
    start, cpu = time.perf_counter(), time.process_time()
    result = run_engine(fresh, round_no, tpn_of)
    engine, engine_cpu = time.perf_counter() - start, time.process_time() - cpu
    assert [(b.white, b.black) for b in pairing.boards] == list(result.boards)
    return Row(
        players, round_no, rounds, len(pairing.boards), arbiter, engine, arbiter_cpu, engine_cpu
    )


def run(sizes: tuple[int, ...] = (1000, 200)) -> list[Row]:
    """Pair round 6 of 11 for each field size; one row each."""
    return [measure(n) for n in sizes]


def table(rows: list[Row]) -> str:
    lines = [
        f"{'players':>7} {'round':>6} {'boards':>6} {'Arbiter s':>10} {'gacrux s':>9} "
        f"{'Arbiter cpu':>12} {'gacrux cpu':>11} {'ratio':>6}",
    ]
    for r in rows:
        lines.append(
            f"{r.players:>7} {f'{r.round}/{r.rounds}':>6} {r.boards:>6} "
            f"{r.arbiter_seconds:>10.2f} {r.gacrux_seconds:>9.2f} "
            f"{r.arbiter_cpu:>12.2f} {r.gacrux_cpu:>11.2f} {r.ratio:>6.2f}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(run()))
