"""Benchmark: pairing one Swiss round with Arbiter against gacrux alone, on the same input.

Run ``python -m tests.benchmarks.bench_pairing`` from the repository root; it
prints two tables. :func:`run` and :func:`engines` return the rows for other scripts.

The second table sets Arbiter's own Dutch engine beside gacrux (:func:`engines`):
round 6 of a 7-round Swiss of 200, 1,000, 3,000 and 10,000 players whose rounds
1–5 are Dutch pairings (made by the own engine, with requested half-point byes
and forfeits), each engine in a fresh process on the same event, processor time
and peak memory of that process; gacrux is not run above 3,000 players (it
builds every pair of players and does not fit in memory). When the environment
variable ``ARBITER_BBP`` names a bbpPairings binary (FIDE's endorsed engine, built from
its public source, never part of this repository), it pairs the same round from the
event written as TRF-16 (``--dutch FILE -p``), its processor time and peak memory
those of its own process, up to ``ARBITER_BBP_LARGEST`` players (1,000 unless set:
it took 13 minutes at 3,000 on the 2-core machine).

The third table is the US Chess engine (US Chess rules 27-29, issue 24): round 4 of a
five-round section of 500 players whose rounds 1-3 it paired itself, processor time
against the target of 2 seconds (:func:`uschess_row`).

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
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

from arbiter_app.core.model import (
    ByeRequest,
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Player,
    RuleSet,
    System,
)
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


def _registered(players: int, rounds: int, before_round: int, rng: random.Random) -> Event:
    """*players* rated at random, none paired yet, and 2 % asking for half-point byes."""
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
    return replace(event, bye_requests=tuple(requests))


def _results(pairing: RoundPairing, rng: random.Random) -> dict[int, GameResult]:
    """Random results: 2 % forfeits, a third drawn, the rest split between the colours."""
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
    return results


def history(players: int, rounds: int, before_round: int, seed: int = 6) -> Event:
    """A Swiss of *players* with rounds 1 … before_round−1 played."""
    rng = random.Random(seed)
    event = _registered(players, rounds, before_round, rng)
    for rnd in range(1, before_round):
        pairing = _quick_round(event, rnd, rng)
        event = append_round(event, pairing, _results(pairing, rng))
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


ENGINE_SIZES = (200, 1000, 3000, 10000)
GACRUX_LIMIT = 3000
"""gacrux builds a table of every pair of players: above this it does not fit in memory."""
TARGETS = {1000: 1.0, 3000: 5.0, 10000: 60.0}
"""Processor seconds the own engine should stay within (issue 25)."""
MEMORY_TARGET_MB = 2048


BBP_ENV = "ARBITER_BBP"
"""The environment variable naming the endorsed engine's binary (bbpPairings)."""
BBP_LARGEST_ENV = "ARBITER_BBP_LARGEST"
BBP_LIMIT = 1000
"""The largest field the endorsed engine pairs unless ``ARBITER_BBP_LARGEST`` says more."""


@dataclass(frozen=True)
class EngineRow:
    players: int
    boards: int
    own_cpu: float
    own_peak_mb: float
    gacrux_cpu: float | None
    gacrux_peak_mb: float | None
    equal: bool | None
    bbp_cpu: float | None = None
    bbp_peak_mb: float | None = None
    bbp_equal: bool | None = None


def dutch_history(players: int, rounds: int = 7, before_round: int = 6, seed: int = 6) -> Event:
    """A Swiss of *players* whose rounds 1 … before_round−1 are Dutch pairings (own engine)."""
    rng = random.Random(seed)
    event = _registered(players, rounds, before_round, rng)
    options = SwissOptions(initial_colour=Colour.WHITE, engine="own")
    for rnd in range(1, before_round):
        pairing = pair_swiss(event, rnd, options)
        event = append_round(event, pairing, _results(pairing, rng))
    return event


def _peak_mb() -> float:
    """This process's peak resident memory (VmHWM: ru_maxrss survives exec from the parent)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _one(engine: str, players: int) -> dict[str, object]:
    """Pair round 6 with one engine in this process: processor time, peak memory, the boards."""
    event = dutch_history(players)
    excluded = {r.tpn for r in event.bye_requests if r.round == 6}
    tournament, tpn_of = build_tournament(event, 6, excluded, Colour.WHITE)
    cpu = time.process_time()
    if engine == "own":
        from arbiter_app.core.pairing.dutch_engine import pair_tournament

        result = pair_tournament(tournament, 6, tpn_of)
    else:
        result = run_engine(tournament, 6, tpn_of)
    cpu = time.process_time() - cpu
    return {
        "cpu": cpu,
        "peak_mb": _peak_mb(),
        "boards": [list(b) for b in result.boards],
        "bye": result.pairing_bye,
    }


def _bbp(binary: str, players: int) -> dict[str, object]:
    """Pair round 6 with the endorsed engine: the event as TRF-16, ``--dutch FILE -p OUT``;
    its process's processor time and peak memory (this process's only child), the boards
    by pairing number (the event's numbers are its pairing numbers)."""
    from arbiter_app.core.trf.writer import event_to_trf

    event = dutch_history(players)
    with tempfile.TemporaryDirectory() as folder:
        given = Path(folder) / "round-6.trf"
        given.write_text(event_to_trf(event, "TRF-16", initial_colour=Colour.WHITE), "utf-8")
        out = Path(folder) / "pairs.txt"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(
            [binary, "--dutch", str(given), "-p", str(out)], capture_output=True, text=True
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise RuntimeError(f"bbpPairings: {done.stderr.strip() or done.stdout.strip()}")
        lines = out.read_text(encoding="utf-8").split()
    numbers = [int(x) for x in lines[1:]]
    boards = [[w, b] for w, b in zip(numbers[::2], numbers[1::2], strict=True) if b]
    bye = next((w for w, b in zip(numbers[::2], numbers[1::2], strict=True) if not b), None)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return {"cpu": cpu, "peak_mb": after.ru_maxrss / 1024, "boards": boards, "bye": bye}


def _same_pairs(a: dict[str, object], b: dict[str, object]) -> bool:
    """The same boards with the same colours and the same bye (board order aside: the
    engines number the boards by different rules)."""
    pairs = [{tuple(x) for x in d["boards"]} for d in (a, b)]  # type: ignore[attr-defined]
    return pairs[0] == pairs[1] and a["bye"] == b["bye"]


def _fresh(engine: str, players: int) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-m", "tests.benchmarks.bench_pairing", "--one", engine, str(players)],
        capture_output=True,
        text=True,
        check=True,
    )
    answer: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return answer


def engines(sizes: tuple[int, ...] = ENGINE_SIZES) -> list[EngineRow]:
    """Round 6 of 7 at each size: the own engine, and gacrux up to :data:`GACRUX_LIMIT`."""
    binary = os.environ.get(BBP_ENV) or None
    largest = int(os.environ.get(BBP_LARGEST_ENV) or BBP_LIMIT)
    rows = []
    for n in sizes:
        own = _fresh("own", n)
        ref = _fresh("gacrux", n) if n <= GACRUX_LIMIT else None
        bbp = _fresh("bbp", n) if binary is not None and n <= largest else None
        rows.append(
            EngineRow(
                n,
                len(own["boards"]),  # type: ignore[arg-type]
                float(own["cpu"]),  # type: ignore[arg-type]
                float(own["peak_mb"]),  # type: ignore[arg-type]
                None if ref is None else float(ref["cpu"]),  # type: ignore[arg-type]
                None if ref is None else float(ref["peak_mb"]),  # type: ignore[arg-type]
                None if ref is None else (own["boards"], own["bye"]) == (ref["boards"], ref["bye"]),
                None if bbp is None else float(bbp["cpu"]),  # type: ignore[arg-type]
                None if bbp is None else float(bbp["peak_mb"]),  # type: ignore[arg-type]
                None if bbp is None else _same_pairs(own, bbp),
            )
        )
    return rows


def engine_table(rows: list[EngineRow]) -> str:
    lines = [
        f"{'players':>7} {'boards':>6} {'own cpu':>8} {'own MB':>7} {'gacrux cpu':>11} "
        f"{'gacrux MB':>10} {'equal':>6}",
    ]
    for r in rows:
        gc = "" if r.gacrux_cpu is None else f"{r.gacrux_cpu:.2f}"
        gm = "" if r.gacrux_peak_mb is None else f"{r.gacrux_peak_mb:.0f}"
        eq = "" if r.equal is None else "yes" if r.equal else "NO"
        lines.append(
            f"{r.players:>7} {r.boards:>6} {r.own_cpu:>8.2f} {r.own_peak_mb:>7.0f} {gc:>11} "
            f"{gm:>10} {eq:>6}"
        )
    return "\n".join(lines)


US_TARGET_SECONDS = 2.0
"""Processor seconds the US Chess engine may take for round 4 of a 500-player section."""


@dataclass(frozen=True)
class UsChessRow:
    players: int
    round: int
    boards: int
    seconds: float
    cpu: float

    @property
    def within_target(self) -> bool:
        return self.cpu < US_TARGET_SECONDS


def uschess_history(players: int = 500, before_round: int = 4, seed: int = 6) -> Event:
    """A US Chess section of *players* whose rounds 1 … before_round−1 the US engine paired."""
    rng = random.Random(seed)
    event = replace(_registered(players, 5, before_round, rng), rule_set=RuleSet.USCF)
    options = SwissOptions(initial_colour=Colour.WHITE, engine="uschess")
    for rnd in range(1, before_round):
        pairing = pair_swiss(event, rnd, options)
        event = append_round(event, pairing, _results(pairing, rng))
    return event


def uschess_row(players: int = 500, round_no: int = 4) -> UsChessRow:
    """Pair round *round_no* of a US Chess section by the US engine, the whole
    :func:`pair_swiss` (reading the event, the bye, the score groups, the log)."""
    event = uschess_history(players, round_no)
    options = SwissOptions(initial_colour=Colour.WHITE, engine="uschess")
    start, cpu = time.perf_counter(), time.process_time()
    pairing = pair_swiss(event, round_no, options)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return UsChessRow(players, round_no, len(pairing.boards), seconds, cpu)


def uschess_table(rows: list[UsChessRow]) -> str:
    lines = [f"{'players':>7} {'round':>6} {'boards':>6} {'US s':>7} {'US cpu':>7} {'< 2 s':>6}"]
    for r in rows:
        lines.append(
            f"{r.players:>7} {r.round:>6} {r.boards:>6} {r.seconds:>7.2f} {r.cpu:>7.2f} "
            f"{'yes' if r.within_target else 'NO':>6}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"] and sys.argv[2] == "bbp":
        print(json.dumps(_bbp(os.environ[BBP_ENV], int(sys.argv[3]))))
    elif sys.argv[1:2] == ["--one"]:
        print(json.dumps(_one(sys.argv[2], int(sys.argv[3]))))
    elif sys.argv[1:2] == ["--uschess"]:
        print(uschess_table([uschess_row()]))
    else:
        print(table(run()))
        print()
        print(engine_table(engines()))
        print()
        print(uschess_table([uschess_row()]))
