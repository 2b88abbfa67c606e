"""Timings of the tournament file: open a big event and rank it; commit one result.

Run: ``python -m tests.benchmarks.bench_store`` from the repository root. The
event has 1,000 players and 11 rounds: rounds 1-10 arrive as one import (as
from a TRF file), round 11 is paired by command and all but the measured
boards have their results entered one by one. Standings use the core's
``compute_standings`` with the ``fide-swiss`` tie-break list.

:func:`run` returns the rows of the table so other tools can collect them.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from arbiter_app.core.model import (
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Outcome,
    Player,
    RoundEntry,
    System,
)
from arbiter_app.core.presets import PRESETS
from arbiter_app.core.standings import Standings, compute_standings
from arbiter_app.session import Session
from arbiter_app.session.codec import event_to_json
from arbiter_app.session.commands import UNSET, EnterResult, ImportEvent, RecordPairings

PLAYERS = 1000
ROUNDS = 11
MEASURED_RESULTS = 20


@dataclass(frozen=True)
class Row:
    """One measurement: wall-clock *seconds* (what the arbiter waits), *cpu* seconds of this
    process (less sensitive to a busy machine), and the *target* for the wall-clock time."""

    what: str
    seconds: float
    cpu: float
    target: float

    @property
    def ok(self) -> bool:
        return self.seconds <= self.target


def big_event(seed: int = 1, players_count: int | None = None) -> Event:
    """*players_count* players (1,000) and ten played rounds (random pairings and results,
    fixed seed)."""
    rng = random.Random(seed)
    players_count = PLAYERS if players_count is None else players_count
    players = tuple(
        Player(tpn, f"Player {tpn:04d}", rng.randint(1000, 2800))
        for tpn in range(1, players_count + 1)
    )
    entries: dict[int, list[RoundEntry]] = {p.tpn: [] for p in players}
    outcomes = (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)
    for _ in range(ROUNDS - 1):
        order = list(entries)
        rng.shuffle(order)
        if len(order) % 2:
            # An odd field: the last player of the shuffle gets the pairing-allocated bye.
            entries[order.pop()].append(RoundEntry.of(EntryKind.PAIRING_BYE))
        for white, black in zip(order[::2], order[1::2], strict=True):
            outcome = rng.choice(outcomes)
            entries[white].append(RoundEntry.game(black, Colour.WHITE, outcome))
            entries[black].append(RoundEntry.game(white, Colour.BLACK, outcome.opposite))
    return Event(
        info=EventInfo(name="Benchmark Open"),
        system=System.SWISS,
        planned_rounds=ROUNDS,
        players=players,
        entries={k: tuple(v) for k, v in entries.items()},
    )


def build(path: Path, players: int | None = None) -> list[int]:
    """Write the benchmark event of *players* players to *path*; return the boards of round 11
    still without result."""
    event = big_event(players_count=players)
    with Session.create(path, name=event.name, system="swiss", rounds=ROUNDS, durable=False) as s:
        # The generated rounds are not paired by the Dutch rules: FIDE mode asks (level 3).
        s.run(ImportEvent(event=event_to_json(event), source="benchmark"), confirm=True)
        order = sorted(p.tpn for p in event.players)
        boards = [[order[i], order[i + 1]] for i in range(0, len(order) - 1, 2)]
        byes = [[order[-1], EntryKind.PAIRING_BYE.value]] if len(order) % 2 else []
        s.run(RecordPairings(round=ROUNDS, boards=boards, byes=byes or UNSET))
        pending = list(range(1, len(boards) + 1))
        for board in pending[MEASURED_RESULTS:]:
            s.run(EnterResult(round=ROUNDS, board=board, result="1/2"))
    return pending[:MEASURED_RESULTS]


TIEBREAKS = PRESETS["fide-swiss"].tiebreaks


def standings(event: Event) -> Standings:
    """Points and the FIDE Swiss tie-break list (ARO/C1, BH/C1, BH, DE)."""
    return compute_standings(event, TIEBREAKS)


def run(folder: Path | None = None) -> list[Row]:
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(folder or scratch) / "benchmark.arbiter"
        path.unlink(missing_ok=True)
        pending = build(path)

        clock = _Stopwatch()
        session = Session.open(path)
        table = standings(session.event)
        open_and_rank = clock.lap()
        assert len(table.rows) == PLAYERS

        timings = []
        for board in pending:
            clock.lap()
            session.run(EnterResult(round=ROUNDS, board=board, result="1-0"))
            timings.append(clock.lap())
        clock.lap()
        standings(session.event)
        rerank = clock.lap()
        session.close()

        clock.lap()
        with Session.open(path, readonly=True) as reader:
            problems = reader.verify()
        verify = clock.lap()
        assert problems == [], problems
    walls = sorted(timings)
    median = walls[len(walls) // 2]
    return [
        Row("open 1,000 players x 11 rounds, standings with 4 tie-breaks", *open_and_rank, 1.0),
        Row("one result entered and committed (median)", *median, 0.020),
        Row("one result entered and committed (slowest)", *walls[-1], 0.020),
        Row("standings again after a result", *rerank, 1.0),
        Row("verify: integrity, chain, replay of the journal", *verify, 10.0),
    ]


class _Stopwatch:
    def __init__(self) -> None:
        self._wall = time.perf_counter()
        self._cpu = time.process_time()

    def lap(self) -> tuple[float, float]:
        """Wall-clock and CPU seconds since the last lap."""
        wall, cpu = time.perf_counter(), time.process_time()
        out = (wall - self._wall, cpu - self._cpu)
        self._wall, self._cpu = wall, cpu
        return out


def main() -> int:
    rows = run()
    width = max(len(r.what) for r in rows)
    print(f"{'measurement':<{width}}  {'wall':>10}  {'cpu':>10}  {'target':>10}  ok")
    for r in rows:
        print(
            f"{r.what:<{width}}  {r.seconds * 1000:>8.1f}ms  {r.cpu * 1000:>8.1f}ms  "
            f"{r.target * 1000:>8.0f}ms  {'yes' if r.ok else 'NO'}"
        )
    return 0 if all(r.ok for r in rows[:2]) else 1


if __name__ == "__main__":
    sys.exit(main())
