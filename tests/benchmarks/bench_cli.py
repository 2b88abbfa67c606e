"""Benchmark: the command line as the arbiter runs it, whole processes, processor time.

Rows, each the median over several runs of the child process's processor time
(user + system, from ``os.wait4``: a machine busy with other work inflates it
far less than the wall clock):

- ``arbiter-app --version`` (target 0.1 s): the cost of starting the program;
- ``arbiter-app standings FILE --tiebreaks BH/C1,…`` on the generated Swiss of
  1,000 and of 9,999 players, 11 rounds (targets 0.25 s and 1.5 s), beside
  ``python -m gacrux.tiebreakchecker`` (FIDE's reference implementation) on the
  same file with the same list, ``PTS`` first, in the same run; gacrux runs at
  1,000 players only (at 9,999 it had not finished after five minutes);
- ``arbiter-app print FILE standings`` at both sizes (target 5 s at 9,999);
- ``arbiter-app import FILE.trf -o FILE.arbiter --confirm`` at both sizes (target 5 s
  at 9,999): reading the file, checking every imported round against the pairing
  rules (FIDE C.02: the absolute criteria, and up to 3,000 players the Dutch pairing of
  every round, paired again; the generated Swiss differs from it on every board),
  writing the tournament file; beside ``python -m gacrux.convert``
  (gacrux reading the same TRF file into its JSON: it has no import of its own, and
  its pairing checker pairs the rounds again instead of checking them) at 1,000
  players only (at 9,999 it had not finished after five minutes of processor time);
- ``arbiter-app verify FILE.arbiter`` on the file the import wrote, at both sizes
  (target 5 s at 9,999): SQLite's integrity check, the journal's hash chain, and the
  state compared with a replay of the journal. gacrux has nothing like it.

The program runs as an installed one does, from compiled bytecode: the runs
use a scratch ``PYTHONPYCACHEPREFIX`` that one run fills first, even where
``PYTHONDONTWRITEBYTECODE`` is set (compiling every module on every start
would add about 0.1 s to each row).

Run ``python -m tests.benchmarks.bench_cli`` from the repository root, or call
:func:`run` for the rows (``python -m tests.benchmarks.run_all cli`` prints
them in the README's table).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.support.swiss_generator import generate_trf  # noqa: E402

SIZES = (1000, 9999)
ROUNDS = 11
SEED = 20240401
"""The standings benchmark's generator and seed: every run times the same files."""
CHAIN = ("BH/C1", "BH", "SB", "WIN", "BWG", "DE", "ARO/C1", "PS")
"""The FIDE list gacrux checks too (bench_standings' chain)."""
GACRUX_SIZES = frozenset({1000})
VERSION_TARGET = 0.1
STANDINGS_TARGETS = {1000: 0.25, 9999: 1.5}
PRINT_TARGETS = {9999: 5.0}
IMPORT_TARGETS = {9999: 5.0}
VERIFY_TARGETS = {9999: 5.0}


@dataclass(frozen=True)
class Row:
    """One measurement: median processor seconds, the target, gacrux's on the same file."""

    what: str
    seconds: float
    target: float | None = None
    peer_seconds: float | None = None
    note: str = ""


def environment(cache: Path) -> dict[str, str]:
    """The children's environment: bytecode compiled once into *cache*, Qt offscreen."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


def cpu_seconds(command: Sequence[str], env: dict[str, str], cwd: Path = ROOT) -> float:
    """Processor time of *command* run to its end (it must succeed)."""
    with tempfile.TemporaryFile() as errors:
        child = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=errors
        )
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            errors.seek(0)
            message = errors.read().decode("utf-8", "replace")[-2000:]
            raise RuntimeError(f"{' '.join(command)} failed ({child.returncode}): {message}")
    return usage.ru_utime + usage.ru_stime


def median_cpu(command: Sequence[str], env: dict[str, str], runs: int, cwd: Path = ROOT) -> float:
    return statistics.median(cpu_seconds(command, env, cwd) for _ in range(runs))


def arbiter(*args: str) -> list[str]:
    return [sys.executable, "-m", "arbiter_app", *args]


def run(sizes: Sequence[int] = SIZES, runs: int = 5, heavy_runs: int = 3) -> list[Row]:
    """Generate the files, time each command, return the rows (*heavy_runs* for 9,999)."""
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = environment(folder / "bytecode")
        cpu_seconds(arbiter("--version"), env)  # compiles the modules --version loads
        rows.append(
            Row(
                "arbiter-app --version (CPU)",
                median_cpu(arbiter("--version"), env, runs),
                VERSION_TARGET,
                note="the start of every command",
            )
        )
        for players in sizes:
            trf = folder / f"swiss-{players}x{ROUNDS}.trf"
            trf.write_text(generate_trf(players, ROUNDS, SEED), encoding="utf-8")
            times = heavy_runs if players > 1000 else runs
            standings = arbiter("standings", str(trf), "--tiebreaks", ",".join(CHAIN))
            cpu_seconds(standings, env)  # compiles what standings loads
            peer: float | None = None
            if players in GACRUX_SIZES:
                gacrux = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(trf)]
                gacrux += ["-t", "PTS", *CHAIN, "-F", "TXT", "-o", str(folder / "gacrux.txt")]
                peer = median_cpu(gacrux, env, 1 if players > 1000 else 3, cwd=folder)
            rows.append(
                Row(
                    f"arbiter-app standings, {players:,} players x {ROUNDS} rounds, "
                    f"{len(CHAIN)} tie-breaks (CPU)",
                    median_cpu(standings, env, times),
                    STANDINGS_TARGETS.get(players),
                    peer,
                    "PTS," + ",".join(CHAIN),
                )
            )
            printing = arbiter("print", str(trf), "standings", "-o", str(folder / "out.pdf"))
            cpu_seconds(printing, env)  # compiles what print loads
            rows.append(
                Row(
                    f"arbiter-app print FILE standings, {players:,} players (CPU)",
                    median_cpu(printing, env, times),
                    PRINT_TARGETS.get(players),
                    note="A4 PDF, including starting Qt",
                )
            )
            rows.extend(_import_and_verify(folder, trf, players, env, times))
    return rows


def _import_and_verify(
    folder: Path, trf: Path, players: int, env: dict[str, str], times: int
) -> list[Row]:
    """``import`` of *trf* into a new file (removed before each run), then ``verify`` of it."""
    target = folder / f"{trf.stem}.arbiter"
    importing = arbiter("import", str(trf), "-o", str(target), "--confirm")

    def one_import() -> float:
        target.unlink(missing_ok=True)
        return cpu_seconds(importing, env)

    one_import()  # compiles what import loads
    seconds = statistics.median(one_import() for _ in range(times))
    peer: float | None = None
    if players in GACRUX_SIZES:
        convert = [sys.executable, "-m", "gacrux.convert", "-i", str(trf)]
        convert += ["-o", str(folder / "gacrux.json")]
        peer = median_cpu(convert, env, 1 if players > 1000 else 3, cwd=folder)
    verify = arbiter("verify", str(target))
    cpu_seconds(verify, env)  # compiles what verify loads
    return [
        Row(
            f"arbiter-app import FILE.trf, {players:,} players x {ROUNDS} rounds (CPU)",
            seconds,
            IMPORT_TARGETS.get(players),
            peer,
            "with the check of every round (FIDE C.02; up to 3,000 players each round paired "
            "again and compared); gacrux: reading the TRF file alone",
        ),
        Row(
            f"arbiter-app verify FILE, {players:,} players (CPU)",
            median_cpu(verify, env, times),
            VERIFY_TARGETS.get(players),
            note="integrity, hash chain, state = replay; gacrux has no such check",
        ),
    ]


def main() -> int:
    rows = run()
    width = max(len(r.what) for r in rows)
    for r in rows:
        target = "" if r.target is None else f"target {r.target:.2f} s"
        verdict = "" if r.target is None else ("ok" if r.seconds <= r.target else "SLOW")
        peer = "" if r.peer_seconds is None else f"gacrux {r.peer_seconds:.2f} s"
        print(f"{r.what:<{width}}  {r.seconds:7.3f} s  {target:<15} {verdict:<4} {peer}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
