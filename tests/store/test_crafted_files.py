"""Issue 27, point 6: crafted files are refused, not trusted.

A ``.arbiter`` file is SQLite, which another program may give triggers (that
raise, recurse, or rewrite a rating on every write), views, indexes or column
constraints that Arbiter never makes. Such a file is refused when opened, with a
typed refusal that names what was found; a pipe (FIFO) or a loop of symbolic
links under an event's name is refused at once, without a hang or a traceback.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter_app.session import Session
from arbiter_app.session.commands import EditPlayer
from arbiter_app.store import CorruptFile, CraftedFile
from tests.support.sessions import sha256, small_event

ROOT = Path(__file__).resolve().parents[2]

CRAFTS = {
    "raising trigger": (
        "CREATE TRIGGER no_more BEFORE INSERT ON journal BEGIN SELECT RAISE(ABORT, 'no'); END",
        "trigger no_more",
    ),
    "recursive trigger": (
        "CREATE TRIGGER again AFTER UPDATE ON meta BEGIN "
        "UPDATE meta SET value = value WHERE key = new.key; END",
        "trigger again",
    ),
    "silent rewrite": (
        "CREATE TRIGGER rating AFTER UPDATE ON players BEGIN "
        "UPDATE players SET rating = 2800 WHERE tpn = 4; END",
        "trigger rating",
    ),
    "view": ("CREATE VIEW everyone AS SELECT * FROM players", "view everyone"),
    "unique index": ("CREATE UNIQUE INDEX one_name ON players (name)", "index one_name"),
    "extra table": ("CREATE TABLE notes (text TEXT)", "table notes"),
    "check constraint": (
        "ALTER TABLE players ADD COLUMN mood TEXT CHECK (mood <> 'sad')",
        "CHECK",
    ),
    "default": ("ALTER TABLE players ADD COLUMN mood TEXT DEFAULT 'fine'", "DEFAULT"),
}


OPEN_BOTH_WAYS = """
import sys
from arbiter_app.session import Session
from arbiter_app.store import StoreError
for readonly in (False, True):
    try:
        Session.open(sys.argv[1], readonly=readonly)
    except StoreError as exc:
        print(type(exc).__name__, "pipe" if "pipe" in str(exc) else str(exc))
"""


def _crafted(path: Path, sql: str) -> None:
    small_event(path).close()
    conn = sqlite3.connect(path)
    conn.execute(sql)
    conn.commit()
    conn.close()


@pytest.mark.parametrize("craft", sorted(CRAFTS))
def test_a_schema_object_arbiter_never_makes_is_refused(tmp_path: Path, craft: str) -> None:
    sql, named = CRAFTS[craft]
    path = tmp_path / "e.arbiter"
    _crafted(path, sql)
    digest = sha256(path)
    for readonly in (False, True):
        with pytest.raises(CraftedFile) as refused:
            Session.open(path, readonly=readonly)
        message = str(refused.value)
        assert message.startswith("e.arbiter: ") and named in message
        assert "another program" in message
    assert sha256(path) == digest


def test_the_command_line_refuses_a_crafted_file_with_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "e.arbiter"
    _crafted(path, CRAFTS["silent rewrite"][0])
    done = _arbiter("standings", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "trigger rating" in done.stderr


def _arbiter(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbiter_app", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,  # a FIFO would hang here for ever
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_is_refused_without_a_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "e.arbiter"
    os.mkfifo(fifo)
    # In a process of its own: a FIFO opened for reading would block for ever.
    done = subprocess.run(
        [sys.executable, "-c", OPEN_BOTH_WAYS, str(fifo)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.splitlines() == ["NotAnArbiterFile pipe", "NotAnArbiterFile pipe"], (
        done.stderr
    )
    for argv in (
        ["standings", str(fifo)],
        ["verify", str(fifo)],
        ["copy", str(fifo), "-o", str(tmp_path / "c.arbiter")],
    ):
        done = _arbiter(*argv)
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr and "pipe" in done.stderr


@pytest.mark.skipif(os.name != "posix", reason="symbolic links: POSIX")
def test_a_symbolic_link_loop_is_refused_on_the_command_line(tmp_path: Path) -> None:
    a, b = tmp_path / "a.arbiter", tmp_path / "b.arbiter"
    a.symlink_to(b)
    b.symlink_to(a)
    for argv in (["standings", str(a)], ["verify", str(a)], ["player", "list", str(a)]):
        done = _arbiter(*argv)
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr and "loop" in done.stderr


def test_an_ordinary_event_is_not_refused(tmp_path: Path) -> None:
    """What Arbiter itself makes, and what its migrations add, passes the check."""
    path = tmp_path / "e.arbiter"
    small_event(path).close()
    with Session.open(path) as session:
        session.run(EditPlayer(tpn=1, name="Still Fine"))
    with Session.open(path, readonly=True) as session:
        assert session.verify() == []


MISSING_PLAYER = {
    "a round entry": "DELETE FROM players WHERE tpn = 3",
    "an opponent": "DELETE FROM players WHERE tpn = 3; DELETE FROM entries WHERE tpn = 3; "
    "DELETE FROM boards WHERE white = 3 OR black = 3",
    "a board": "DELETE FROM players WHERE tpn = 3; DELETE FROM entries WHERE tpn = 3 "
    "OR opponent = 3",
}


@pytest.mark.parametrize("row", sorted(MISSING_PLAYER))
def test_a_row_naming_a_player_the_file_lacks_is_damage(tmp_path: Path, row: str) -> None:
    """A result referring to a player with no row (issue 27, point 6): refused as damaged
    when opened, both ways, never a KeyError in the middle of printing the pairings."""
    path = tmp_path / "e.arbiter"
    small_event(path).close()
    conn = sqlite3.connect(path)
    conn.executescript(MISSING_PLAYER[row])
    conn.close()
    digest = sha256(path)
    for readonly in (False, True):
        with pytest.raises(CorruptFile) as refused:
            Session.open(path, readonly=readonly)
        message = str(refused.value)
        assert "player 3, who has no row in its players table" in message
    assert sha256(path) == digest
    out = tmp_path / "p.pdf"
    for argv in (["print", str(path), "pairings", "-o", str(out)], ["standings", str(path)]):
        done = _arbiter(*argv)
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr and "damaged" in done.stderr
    assert not out.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_every_reader_of_a_path_refuses_a_fifo_at_once(tmp_path: Path) -> None:
    """A TRF, a player list, a PGN, a regulation or a rating list that is a pipe: refused
    before anything waits for a writer (issue 27, point 6); each in a process of its own,
    which the timeout would end if it hung."""
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    fifo = tmp_path / "in.trf"
    os.mkfifo(fifo)
    for argv in (
        ["standings", str(fifo)],
        ["import", str(fifo), "-o", str(tmp_path / "new.arbiter")],
        ["check", str(fifo)],
        ["pair", str(fifo), "-c"],
        ["player", "import", str(event), "--csv", str(fifo)],
        ["import-pgn", str(event), str(fifo)],
        ["playoff", "start", str(event), "--regulation-file", str(fifo)],
        ["ratings", "import", str(fifo)],
    ):
        done = _arbiter(*argv)
        assert done.returncode == 2, (argv, done.stderr)
        assert "Traceback" not in done.stderr
        assert "pipe" in done.stderr, (argv, done.stderr)


@pytest.mark.skipif(os.name != "posix", reason="symbolic links: POSIX")
def test_every_reader_of_a_path_refuses_a_link_loop(tmp_path: Path) -> None:
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    a, b = tmp_path / "a.trf", tmp_path / "b.trf"
    a.symlink_to(b)
    b.symlink_to(a)
    for argv in (
        ["standings", str(a)],
        ["check", str(a)],
        ["player", "import", str(event), "--csv", str(a)],
        ["import-pgn", str(event), str(a)],
        ["ratings", "import", str(a)],
    ):
        done = _arbiter(*argv)
        assert done.returncode == 2, (argv, done.stderr)
        assert "Traceback" not in done.stderr
        assert "loop" in done.stderr or "broken link" in done.stderr, (argv, done.stderr)
