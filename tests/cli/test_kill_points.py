"""Every multi-write command killed at every write point: no half action survives.

Each command runs in a subprocess, once to count its write points
(``ARBITER_TRACE_WRITES``, :mod:`arbiter_app.store.write_points`), then once
per write point with ``ARBITER_KILL_AT_WRITE=N``: the process kills itself with
SIGKILL at exactly its *N*-th write point. After each kill the test checks, as
issue 13 asks:

- the file is absent (an import that did not finish) or whole: it opens, its
  SQLite integrity check passes and its state equals the replay of its journal
  (``verify``);
- the action is there whole or not at all: the journal grew by one entry or by
  none, and when it grew the event is the one an uninterrupted run makes;
- the command can be run again: where the action did not land, the same
  command line succeeds and gives the uninterrupted run's event.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, SetPairingNumbers
from arbiter_app.session.playoff_commands import stored_playoff
from arbiter_app.store.write_points import KILL_AT, TRACE
from tests.support.playoff_events import three_tied_for_first

ROOT = Path(__file__).resolve().parents[2]
TRF = ROOT / "tests" / "data" / "trf" / "open-2024.trf16.trf"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX"),
]


@dataclass(frozen=True)
class Case:
    name: str
    prepare: Callable[[Path], list[str]]
    """Make the files the command needs in a folder; return its arguments."""
    target: str
    """The tournament file the command writes (relative to the folder)."""


def _arbiter(folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in (KILL_AT, TRACE)}
    return subprocess.run(
        [sys.executable, "-m", "arbiter_app", *argv],
        cwd=folder,
        env=env | {"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )


def _with(env: dict[str, str], folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbiter_app", *argv],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


# -- the commands ---------------------------------------------------------------------
def _import(folder: Path) -> list[str]:
    shutil.copyfile(TRF, folder / "open.trf")
    # The file breaks a colour rule in round 4: the import asks first (FIDE C.02).
    return ["import", "open.trf", "-o", "event.arbiter", "--confirm"]


def _double(system: str) -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        with Session.create(
            folder / "event.arbiter", name="D", system=system, rounds=4, durable=False
        ) as session:
            for name, rating in (("Ann", 2400), ("Ben", 2300), ("Cid", 2200), ("Dee", 2100)):
                session.run(AddPlayer(name=name, rating=rating))
            if system.endswith("round-robin"):
                # A round robin's numbers are drawn before round 1 (FIDE C.05 7.2): the same
                # physical draw in every folder, so that each run pairs the same round.
                session.run(SetPairingNumbers(by="draw", order=[3, 1, 4, 2]))
        return ["pair", "event.arbiter", "--initial-colour", "white"]

    return prepare


def _playoff_waiting(folder: Path) -> list[tuple[str, int, int]]:
    """A GCT rapid & blitz play-off whose three-player round robin waits for its results."""
    path = folder / "event.arbiter"
    three_tied_for_first(path).close()
    for argv in (
        ["playoff", "start", str(path), "--regulation", "gct-2023-rapid-blitz"],
        ["playoff", "draw", str(path), "--outcome", "3,1,2"],
        ["playoff", "printed", str(path)],
    ):
        assert main(argv) == 0
    with Session.open(path, readonly=True) as session:
        state = stored_playoff(session.state)
    assert state is not None
    return [(g.spec.id, g.spec.white, g.spec.black) for g in state.games() if g.result is None]


def _playoff_results(folder: Path) -> list[str]:
    games = _playoff_waiting(folder)
    assert len(games) == 3
    results = [item for game, _, _ in games for item in (game, "1/2-1/2")]
    return ["playoff", "result", "event.arbiter", *results]


def _pgn(folder: Path) -> list[str]:
    names = {1: "Ann", 2: "Ben", 3: "Cid"}
    games = _playoff_waiting(folder)
    (folder / "games.pgn").write_text(
        "\n".join(
            f'[Event "Play-off"]\n[White "{names[w]}"]\n[Black "{names[b]}"]\n'
            '[Result "1-0"]\n\n1-0\n'
            for _, w, b in games
        ),
        encoding="utf-8",
    )
    return ["import-pgn", "event.arbiter", "games.pgn"]


def _player_import(folder: Path) -> list[str]:
    Session.create(
        folder / "event.arbiter", name="E", system="swiss", rounds=5, durable=False
    ).close()
    (folder / "players.csv").write_text(
        "name,rating\n" + "".join(f"Player {i},{1500 + i}\n" for i in range(1, 41)),
        encoding="utf-8",
    )
    return ["player", "import", "event.arbiter", "--csv", "players.csv"]


def _new(folder: Path) -> list[str]:
    return ["new", "event.arbiter", "--name", "Spring Open", "--system", "swiss", "--rounds", "5"]


CASES = [
    Case("import TRF", _import, "event.arbiter"),
    Case("new event", _new, "event.arbiter"),
    Case("pair a double Swiss round", _double("double-swiss"), "event.arbiter"),
    Case("pair a double round robin round", _double("double-round-robin"), "event.arbiter"),
    Case("several play-off results", _playoff_results, "event.arbiter"),
    Case("play-off results from PGN", _pgn, "event.arbiter"),
    Case("import a player list", _player_import, "event.arbiter"),
]


# -- the checks ------------------------------------------------------------------------
@dataclass(frozen=True)
class Seen:
    journal: int
    event: object
    playoff: object


def _seen(path: Path) -> Seen | None:
    """What the file holds, opened as the arbiter would open it next (recovery included)."""
    if not path.exists():
        return None
    with Session.open(path, durable=False) as session:
        assert session.verify() == [], session.verify()
        playoff = stored_playoff(session.state)
        games = None if playoff is None else {g.spec.id: g.result for g in playoff.games()}
        return Seen(len(session.journal()), session.event, games)


def _points(case: Case, folder: Path) -> list[str]:
    argv = case.prepare(folder)
    trace = folder.parent / f"{folder.name}.trace"
    done = _with({TRACE: str(trace)}, folder, *argv)
    assert done.returncode == 0, done.stderr
    return [line.split(" ", 1)[1] for line in trace.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_a_kill_at_every_write_point_leaves_no_half_action(case: Case, tmp_path: Path) -> None:
    reference = tmp_path / "reference"
    reference.mkdir()
    points = _points(case, reference)
    after = _seen(reference / case.target)
    assert after is not None
    assert len(points) >= 2, points
    for number, label in enumerate(points, start=1):
        folder = tmp_path / f"kill{number}"
        folder.mkdir()
        argv = case.prepare(folder)
        path = folder / case.target
        before = _seen(path)
        killed = _with({KILL_AT: str(number)}, folder, *argv)
        where = f"{case.name}, killed at write point {number} ({label})"
        assert killed.returncode == -signal.SIGKILL, f"{where}: {killed.stderr}"
        now = _seen(path)
        if now is not None and (before is None or now.journal == before.journal + 1):
            # The action landed: whole, as an uninterrupted run leaves it.
            assert (now.event, now.playoff) == (after.event, after.playoff), where
            assert now.journal == after.journal, where
            continue
        # The action did not land: nothing of it is there, and the command runs again.
        assert now == before, where
        again = _arbiter(folder, *argv)
        assert again.returncode == 0, f"{where}: run again: {again.stderr}"
        redone = _seen(path)
        assert redone is not None
        assert (redone.event, redone.playoff, redone.journal) == (
            after.event,
            after.playoff,
            after.journal,
        ), where
        assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == [], where
    # Past the last write point the command runs to its end.
    folder = tmp_path / "beyond"
    folder.mkdir()
    argv = case.prepare(folder)
    assert _with({KILL_AT: str(len(points) + 1)}, folder, *argv).returncode == 0


def test_an_import_killed_before_its_move_leaves_only_a_hidden_file_the_next_import_clears(
    tmp_path: Path,
) -> None:
    count, work = tmp_path / "count", tmp_path / "work"
    count.mkdir()
    work.mkdir()
    points = _points(CASES[0], count)
    moving = next(i for i, p in enumerate(points, 1) if p.startswith("move: the new file is whole"))
    argv = _import(work)
    killed = _with({KILL_AT: str(moving)}, work, *argv)
    assert killed.returncode == -signal.SIGKILL
    assert not (work / "event.arbiter").exists()
    assert (work / ".event.arbiter.part").exists()
    again = _arbiter(work, *argv)
    assert again.returncode == 0, again.stderr
    assert sorted(p.name for p in work.iterdir()) == ["event.arbiter", "open.trf"]
