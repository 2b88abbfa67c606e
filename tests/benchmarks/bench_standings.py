"""Benchmark: standings of a 1,000-player, 11-round Swiss with a chain of 8 tie-breaks.

Measures, on one generated TRF file in one run:

- the standings computed in process (target 50 ms);
- the whole ``arbiter-app standings FILE --format json`` command in a fresh
  interpreter (target 0.5 s);
- ``python -m gacrux.tiebreakchecker`` (FIDE's reference implementation) on
  the same file with the FIDE chain, for comparison.

Run it as ``python tests/benchmarks/bench_standings.py`` from the repository
root, or call :func:`run` to get the rows (a later ``run_all.py`` collects
them). The event is generated from a fixed seed, so every run times the
same file.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.support.swiss_generator import generate_trf  # noqa: E402

if TYPE_CHECKING:
    from arbiter_app.core.standings import Standings

PLAYERS = 1000
ROUNDS = 11
SEED = 20240401

FIDE_CHAIN = ("BH/C1", "BH", "SB", "WIN", "BWG", "DE", "ARO/C1", "PS")
"""The chain timed when the FIDE catalogue is registered (and the one gacrux runs)."""
USCF_CHAIN = ("MM", "SOLK", "CUM", "OPPC", "MED", "KASH", "MBL", "RBT")
"""The chain timed otherwise: eight US Chess 34E tie-breaks."""


@dataclass(frozen=True)
class Row:
    """One measurement: what, median seconds over *runs*, the target (None: no target)."""

    name: str
    seconds: float
    runs: int
    target: float | None = None
    note: str = ""

    @property
    def within_target(self) -> bool | None:
        return None if self.target is None else self.seconds <= self.target


# -- measuring ----------------------------------------------------------------------


def _median_time(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2]


def _calibration() -> None:
    total = Fraction(0)
    half = Fraction(1, 2)
    for _ in range(100_000):
        total += half


def chain() -> tuple[str, ...]:
    from arbiter_app.core.tiebreaks import REGISTRY

    if all(code.split("/")[0] in REGISTRY for code in FIDE_CHAIN):
        return FIDE_CHAIN
    return USCF_CHAIN


def run(runs: int = 5) -> list[Row]:
    """Generate the event, time the three measurements, return the rows."""
    from arbiter_app.core.model import check_consistency
    from arbiter_app.core.standings import compute_standings
    from arbiter_app.core.tiebreaks.reuse import forget_kept_rows
    from arbiter_app.sheets.source import load

    codes = chain()
    rows: list[Row] = [
        Row(
            "calibration: 100,000 Fraction additions",
            _median_time(_calibration, runs),
            runs,
            note="roughly 0.1-0.15 s on an idle recent desktop (estimate); scale the other rows by it",
        )
    ]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench-1000x11.trf"
        path.write_text(generate_trf(PLAYERS, ROUNDS, SEED), encoding="utf-8")
        event = load(path).event
        assert len(event.players) == PLAYERS and event.rounds_played == ROUNDS
        assert check_consistency(event) == [], "the generated pairings must agree on both sides"

        def cold(tiebreaks: tuple[str, ...]) -> Callable[[], object]:
            # From scratch: the rows kept between standings (core/tiebreaks/reuse.py) would
            # otherwise all be reused, as they are after a result on an open event.
            def compute() -> object:
                forget_kept_rows()
                return compute_standings(event, tiebreaks)

            return compute

        t_core = _median_time(cold(codes), runs)
        rows.append(
            Row(
                f"standings in process ({len(codes)} tie-breaks)",
                t_core,
                runs,
                0.050,
                ",".join(codes),
            )
        )

        if codes != USCF_CHAIN:
            t_uscf = _median_time(cold(USCF_CHAIN), runs)
            rows.append(
                Row(
                    f"standings in process ({len(USCF_CHAIN)} US Chess tie-breaks)",
                    t_uscf,
                    runs,
                    0.050,
                    ",".join(USCF_CHAIN),
                )
            )

        cli = [sys.executable, "-m", "arbiter_app", "standings", str(path)]
        cli += ["--tiebreaks", ",".join(codes), "--format", "json"]

        def run_cli() -> None:
            subprocess.run(cli, cwd=ROOT, check=True, capture_output=True)

        t_cli = _median_time(run_cli, runs)
        rows.append(Row("arbiter-app standings (whole command)", t_cli, runs, 0.5))

        gacrux = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path)]
        gacrux += ["-t", "PTS", *FIDE_CHAIN, "-F", "TXT", "-o", str(Path(tmp) / "gacrux.txt")]

        def run_gacrux() -> None:
            subprocess.run(gacrux, cwd=tmp, check=True, capture_output=True)

        t_gacrux = _median_time(run_gacrux, 1)
        agreement = ""
        if codes == FIDE_CHAIN:
            standings = compute_standings(event, codes)
            agreement = "; " + compare_with_gacrux(standings, Path(tmp) / "gacrux.txt")
        rows.append(
            Row(
                "gacrux.tiebreakchecker (whole command)",
                t_gacrux,
                1,
                note="PTS," + ",".join(FIDE_CHAIN) + agreement,
            )
        )
    return rows


def compare_with_gacrux(standings: Standings, output: Path) -> str:
    """Say for how many players each value agrees with gacrux's (DE left out: it is
    evaluated on tied groups, which depend on the whole list)."""
    lines = output.read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    theirs: dict[int, dict[str, Decimal]] = {}
    for line in lines[1:]:
        cells = line.split("\t")
        if len(cells) != len(header) or not cells[0].isdigit():
            continue
        theirs[int(cells[0])] = {h: Decimal(c) for h, c in zip(header[2:], cells[2:], strict=True)}
    report = []
    for code in standings.codes:
        if code == "DE" or code not in header:
            continue
        same = sum(
            1
            for row in standings.rows
            if row.tpn in theirs
            and Fraction(theirs[row.tpn][code])
            == round(row.values[code], _places(theirs[row.tpn][code]))
        )
        report.append(f"{code} {same}/{len(standings.rows)}")
    return "agrees with gacrux: " + ", ".join(report)


def _places(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def format_rows(rows: list[Row]) -> str:
    gacrux = next((r.seconds for r in rows if r.name.startswith("gacrux")), None)
    header = f"{'measurement':<44} {'median':>10} {'target':>9} {'ok':>4} {'gacrux/this':>12}"
    out = [header, "-" * len(header)]
    for r in rows:
        target = f"{r.target * 1000:.0f} ms" if r.target is not None else ""
        ok = {True: "yes", False: "NO", None: ""}[r.within_target]
        compared = gacrux and not r.name.startswith(("gacrux", "calibration"))
        ratio = f"{gacrux / r.seconds:.1f}x" if compared else ""
        out.append(f"{r.name:<44} {r.seconds * 1000:>7.1f} ms {target:>9} {ok:>4} {ratio:>12}")
        if r.note:
            out.append(f"  {r.note}")
    return "\n".join(out)


def environment() -> str:
    """The machine's state: timings on a loaded machine are not comparable with the targets."""
    import os
    import platform

    try:
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        load = "unknown"
    return (
        f"python {platform.python_version()}, {os.cpu_count()} CPU(s), "
        f"load average {load}; gacrux/this > 1 means this program is faster"
    )


if __name__ == "__main__":
    rows = run()
    print(format_rows(rows))
    print(environment())
