"""Every benchmark of the project in one table, with the peer tools' figures beside ours.

    python -m tests.benchmarks.run_all            # all benchmarks
    python -m tests.benchmarks.run_all standings  # only those whose name contains a word

Each ``bench_*.py`` module has a ``run()`` that returns its own rows; this
module turns them into one shape (what was measured, our time, the target,
the peer tool's time on the same input in the same run, and the ratio) and
prints a Markdown table, the form the README shows. The benchmarks are kept
out of the default test run (pyproject's ``--ignore=tests/benchmarks``).
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    benchmark: str
    ours: float
    target: float | None = None
    peer: str = ""
    peer_seconds: float | None = None
    unit: str = "s"
    note: str = ""

    @property
    def ratio(self) -> str:
        if self.peer_seconds is None or not self.ours:
            return ""
        return f"{self.peer_seconds / self.ours:.1f}x"

    @property
    def verdict(self) -> str:
        if self.target is None:
            return ""
        return "yes" if self.ours <= self.target else "no"


def _fmt(seconds: float | None) -> str:
    if seconds is None:
        return ""
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def standings_lines() -> list[Line]:
    from tests.benchmarks import bench_standings

    lines: list[Line] = []
    peer: float | None = None
    for row in bench_standings.run(runs=3):
        if "gacrux" in row.name.lower():
            peer = row.seconds
            continue
        lines.append(Line(row.name, row.seconds, row.target, note=row.note[:60]))
    # gacrux computes the FIDE chain for the same file: set it beside the in-process figure.
    return [
        Line(x.benchmark, x.ours, x.target, "gacrux tiebreakchecker", peer, note=x.note)
        if peer is not None and "in process" in x.benchmark and "US Chess" not in x.benchmark
        else x
        for x in lines
    ]


def cli_lines() -> list[Line]:
    from tests.benchmarks import bench_cli

    return [
        Line(
            r.what,
            r.seconds,
            r.target,
            _cli_peer(r.what) if r.peer_seconds is not None else "",
            r.peer_seconds,
            note=r.note,
        )
        for r in bench_cli.run()
    ]


def _cli_peer(what: str) -> str:
    """The gacrux program set beside a command line row."""
    return "gacrux convert (CPU)" if "import" in what else "gacrux tiebreakchecker (CPU)"


def store_lines() -> list[Line]:
    from tests.benchmarks import bench_store

    return [Line(r.what, r.seconds, r.target, note=f"CPU {_fmt(r.cpu)}") for r in bench_store.run()]


def pairing_lines() -> list[Line]:
    from tests.benchmarks import bench_pairing

    return (
        [
            Line(
                f"pair round {r.round} of {r.rounds}, {r.players} players (CPU)",
                r.arbiter_cpu,
                None,
                "gacrux Dutch engine alone",
                r.gacrux_cpu,
            )
            for r in bench_pairing.run()
        ]
        + engine_lines()
        + uschess_lines()
    )


def uschess_lines() -> list[Line]:
    """The US Chess engine (rules 27-29): round 4 of a 500-player section."""
    from tests.benchmarks import bench_pairing

    r = bench_pairing.uschess_row()
    return [
        Line(
            f"US Chess engine, round {r.round}, {r.players} players (CPU)",
            r.cpu,
            bench_pairing.US_TARGET_SECONDS,
            note=f"{r.boards} boards",
        )
    ]


def engine_lines() -> list[Line]:
    """Arbiter's own Dutch engine beside gacrux, round 6 of 7, each in a fresh process."""
    from tests.benchmarks import bench_pairing

    lines: list[Line] = []
    for r in bench_pairing.engines():
        same = "" if r.equal is None else "same pairing" if r.equal else "PAIRINGS DIFFER"
        lines.append(
            Line(
                f"own Dutch engine, round 6 of 7, {r.players:,} players (CPU)",
                r.own_cpu,
                bench_pairing.TARGETS.get(r.players),
                "gacrux Dutch engine alone" if r.gacrux_cpu is not None else "",
                r.gacrux_cpu,
                note=f"peak {r.own_peak_mb:.0f} MB (gacrux "
                + (
                    "not run: does not fit in memory"
                    if r.gacrux_peak_mb is None
                    else f"{r.gacrux_peak_mb:.0f} MB"
                )
                + (f"); {same}" if same else ")"),
            )
        )
        if r.bbp_cpu is not None:
            agree = "same pairing" if r.bbp_equal else "PAIRINGS DIFFER"
            lines.append(
                Line(
                    f"own Dutch engine, round 6 of 7, {r.players:,} players (CPU)",
                    r.own_cpu,
                    bench_pairing.TARGETS.get(r.players),
                    "bbpPairings (FIDE-endorsed)",
                    r.bbp_cpu,
                    note=f"peak {r.own_peak_mb:.0f} MB (bbpPairings {r.bbp_peak_mb:.0f} MB); "
                    + agree,
                )
            )
    return lines


def print_lines() -> list[Line]:
    module = importlib.import_module("tests.benchmarks.bench_print")
    out: list[Line] = []
    for r in module.run():
        name = getattr(r, "what", None) or getattr(r, "name", "")
        target = getattr(r, "target", None)
        out.append(Line(str(name), float(r.seconds), target))
    return out


def gui_lines() -> list[Line]:
    from tests.benchmarks import bench_gui

    return [Line(r.what, r.seconds, r.target, note=r.note) for r in bench_gui.run()]


def ratings_lines() -> list[Line]:
    from tests.benchmarks import bench_ratings

    return [Line(r.what, r.seconds, r.target, note=r.note) for r in bench_ratings.run()]


def importer_lines() -> list[Line]:
    from tests.benchmarks import bench_importers

    return [Line(r.what, r.seconds, r.target) for r in bench_importers.run()]


SUITES: dict[str, Callable[[], list[Line]]] = {
    "standings": standings_lines,
    "cli": cli_lines,
    "store": store_lines,
    "pairing": pairing_lines,
    "print": print_lines,
    "gui": gui_lines,
    "ratings": ratings_lines,
    "importers": importer_lines,
}


def render(lines: Iterable[Line]) -> str:
    head = "| benchmark | Arbiter | target | met | peer tool | peer | peer ÷ Arbiter | note |"
    out = [head, "|---|---:|---:|:-:|---|---:|---:|---|"]
    for x in lines:
        out.append(
            f"| {x.benchmark} | {_fmt(x.ours)} | {_fmt(x.target)} | {x.verdict} | {x.peer} "
            f"| {_fmt(x.peer_seconds)} | {x.ratio} | {x.note} |"
        )
    return "\n".join(out)


def main(argv: list[str]) -> int:
    wanted = [w.lower() for w in argv]
    lines: list[Line] = []
    started = time.perf_counter()
    for name, suite in SUITES.items():
        if wanted and not any(w in name for w in wanted):
            continue
        print(f"running {name} …", file=sys.stderr, flush=True)
        try:
            lines.extend(suite())
        except ModuleNotFoundError as exc:
            print(f"  {name}: not available ({exc})", file=sys.stderr)
    print(render(lines))
    print(f"\n(total {time.perf_counter() - started:.0f} s on this machine)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
