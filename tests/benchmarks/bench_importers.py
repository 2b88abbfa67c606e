"""Timings of the readers issue 27 found too slow: PGN of thousands of games, a TRF line
of megabytes.

Run: ``python -m tests.benchmarks.bench_importers`` from the repository root. The PGN
reader is timed on 1,000, 4,000 and 16,000 play-off games (its time must grow with the
games, not with their square: 16,000 took 90-100 seconds before); the TRF reader on a file
whose last line is 15 MB (185 seconds and 3.6 GB before; it is refused by its length now).
:func:`run` returns the rows, as the other benchmarks' ``run`` do.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from arbiter_app.core.errors import InputError
from arbiter_app.core.trf import parse_trf
from arbiter_app.exports.pgn import PlayoffGame, games_to_pgn, read_pgn_results

ROOT = Path(__file__).resolve().parents[2]
GAMES = (1_000, 4_000, 16_000)
PGN_TARGET_PER_GAME = 0.001
"""Seconds per game (python-chess reads the moves): 16 s for 16,000 games at most."""
TRF_TARGET = 1.0
"""Seconds for a TRF whose line is 15 MB: well under a second per MB."""


@dataclass(frozen=True)
class Row:
    what: str
    seconds: float
    target: float


def _pgn(games: int) -> str:
    return games_to_pgn(
        PlayoffGame(
            "Play-off", "Oslo", date(2025, 5, 4), f"{i}.1", "Berg, Ola", "Dahl, Kari", "1-0",
            "600+5", moves=("e4", "e5", "Nf3"),
        )
        for i in range(1, games + 1)
    )  # fmt: skip


def run() -> list[Row]:
    rows: list[Row] = []
    for games in GAMES:
        text = _pgn(games)
        start = time.perf_counter()
        read_pgn_results(text, source="bench.pgn")
        rows.append(
            Row(f"read a PGN of {games:,} games", time.perf_counter() - start,
                PGN_TARGET_PER_GAME * games)
        )  # fmt: skip
    trf = (ROOT / "tests" / "data" / "trf" / "open-2024.trf16.trf").read_text(encoding="utf-8")
    text = trf + "001" + " 1 w 1" * 2_500_000 + "\n"
    start = time.perf_counter()
    with contextlib.suppress(InputError):  # (refused by the line's length: what is timed)
        parse_trf(text, "bench.trf")
    rows.append(Row("read a TRF with a line of 15 MB", time.perf_counter() - start, TRF_TARGET))
    return rows


def main() -> None:
    for row in run():
        verdict = "ok" if row.seconds <= row.target else "SLOW"
        print(f"{row.what:<40} {row.seconds:8.2f} s  (target {row.target:.1f} s) {verdict}")


if __name__ == "__main__":
    main()
