"""A generated Swiss event as TRF-16 text, reproducible from a seed.

Used by the standings benchmark (1,000 players, 11 rounds) and by property
tests on small events. Pairings follow score groups without rematches where
possible and are written on both players' rows; colours are balanced;
results are drawn from rating differences; a few players take half-point
byes in the first half, withdraw, or lose by forfeit; an odd count gives a
pairing-allocated bye.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass
class _Player:
    tpn: int
    rating: int
    score2: int = 0  # half-points
    whites: int = 0
    blacks: int = 0
    met: set[int] | None = None
    had_pab: bool = False
    cells: list[str] | None = None


def generate_trf(players: int, rounds: int, seed: int) -> str:
    """A consistent Swiss in TRF-16: score-group pairings without rematches, colours
    balanced, results drawn from rating differences, with half-point byes, a
    pairing-allocated bye whenever the count is odd, forfeits, and withdrawals."""
    rng = random.Random(seed)
    ps = [
        _Player(t, 2700 - (t - 1) * 1400 // players, met=set(), cells=[])
        for t in range(1, players + 1)
    ]
    leaving = max(players // 100, 1 if players >= 8 else 0) if rounds >= 4 else 0
    withdrawn_from = {t: rng.randint(4, rounds) for t in rng.sample(range(1, players + 1), leaving)}
    for r in range(1, rounds + 1):
        active = []
        for p in ps:
            assert p.cells is not None
            if withdrawn_from.get(p.tpn, rounds + 1) <= r:
                p.cells.append(" " * 10)  # withdrawn: a blank round, as TRF writes absences
                continue
            if r <= rounds // 2 and rng.random() < 0.01:
                p.cells.append("  0000 - H")
                p.score2 += 1
                continue
            active.append(p)
        active.sort(key=lambda p: (-p.score2, -p.rating, p.tpn))
        if len(active) % 2:
            # the lowest player without a bye yet (everyone had one: the lowest)
            bye = next((p for p in reversed(active) if not p.had_pab), active[-1])
            active.remove(bye)
            bye.had_pab = True
            assert bye.cells is not None
            bye.cells.append("  0000 - U")
            bye.score2 += 2
        unpaired = list(active)
        while unpaired:
            a = unpaired.pop(0)
            assert a.met is not None
            idx = next((i for i, b in enumerate(unpaired) if b.tpn not in a.met), 0)
            b = unpaired.pop(idx)
            assert b.met is not None
            a.met.add(b.tpn)
            b.met.add(a.tpn)
            white, black = (a, b) if a.whites - a.blacks <= b.whites - b.blacks else (b, a)
            white.whites += 1
            black.blacks += 1
            assert white.cells is not None and black.cells is not None
            if rng.random() < 0.005:
                # forfeit: the black player did not come
                white.cells.append(f"  {black.tpn:>4} w +")
                black.cells.append(f"  {white.tpn:>4} b -")
                white.score2 += 2
                continue
            expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
            x = rng.random()
            draw = 0.3
            if x < expected - draw / 2:
                w, bl = "1", "0"
                white.score2 += 2
            elif x < expected + draw / 2:
                w, bl = "=", "="
                white.score2 += 1
                black.score2 += 1
            else:
                w, bl = "0", "1"
                black.score2 += 2
            white.cells.append(f"  {black.tpn:>4} w {w}")
            black.cells.append(f"  {white.tpn:>4} b {bl}")
    ranked = sorted(ps, key=lambda p: (-p.score2, p.tpn))
    rank = {p.tpn: i for i, p in enumerate(ranked, start=1)}
    lines = [
        "012 Benchmark Open",
        "022 Nowhere",
        "032 FID",
        "042 2024/05/01",
        "052 2024/05/11",
        f"062 {players}",
        f"072 {players}",
        "092 Individual: Swiss-System",
        "102 Chief Arbiter",
        f"XXR {rounds}",
    ]
    for p in ps:
        assert p.cells is not None
        points = f"{p.score2 // 2}.{5 if p.score2 % 2 else 0}"
        name = f"Player {p.tpn:04d}"
        head = (
            f"001 {p.tpn:>4} m    {name:<33} {p.rating:>4} FID {p.tpn + 100000:>11} "
            f"{'1990/01/01':<10} {points:>4} {rank[p.tpn]:>4}"
        )
        lines.append(head + "".join(p.cells).rstrip())
    return "\n".join(lines) + "\n"
