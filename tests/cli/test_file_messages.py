"""What the commands say about a file that is not as Arbiter left it (issue 13, messages).

- a crash's leftover rollback journal: recovered on opening, and said so (not "read-only");
- a file whose journal chain does not verify: every command that opens it says so on
  standard error and still reads it;
- a damaged header: the real damage in words, no raw byte counts;
- a file the session refuses: not one byte of it changes.
"""

from __future__ import annotations

import os
import signal
import sqlite3
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session import Session
from arbiter_app.store import CorruptFile, EventFile
from tests.support.sessions import small_event

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="a crash is a forked child")


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "spring.arbiter"
    small_event(path).close()
    return path


def _crash_mid_transaction(path: Path) -> None:
    """A writer killed with a transaction half written in rollback-journal mode."""
    pid = os.fork()
    if pid == 0:  # the child never returns into pytest
        try:
            conn = sqlite3.connect(path, isolation_level=None)
            conn.execute("PRAGMA journal_mode = DELETE")
            conn.execute("PRAGMA cache_size = 1")  # pages spill into the file before commit
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("UPDATE players SET name = name || ' (half written)'")
            conn.execute("UPDATE entries SET rated = rated")
        finally:
            os.kill(os.getpid(), signal.SIGKILL)
    os.waitpid(pid, 0)


@pytest.mark.parametrize(
    "argv",
    [
        ["log", "{f}"],
        ["standings", "{f}", "--format", "text"],
        ["verify", "{f}"],
        ["playoff", "next", "{f}"],
    ],
    ids=lambda a: a[0],
)
def test_a_crash_leftover_journal_is_recovered_and_said(
    event: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with Session.open(event, readonly=True) as session:
        before = session.event
    _crash_mid_transaction(event)
    journal = Path(f"{event}-journal")
    assert journal.stat().st_size > 0, "the crash must leave a hot journal"
    assert main([a.format(f=event) for a in argv]) == 0
    err = capsys.readouterr().err
    assert "read-only" not in err
    assert "a crash had interrupted an action before it was saved; it was rolled back" in err
    assert not journal.exists() or journal.stat().st_size == 0
    with Session.open(event, readonly=True) as session:
        assert session.event == before  # the half-written names are gone
        assert session.verify() == []


def _tamper(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE journal SET args = replace(args, 'Ann', 'Ana') WHERE seq = 2")
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    "argv",
    [
        ["log", "{f}"],
        ["standings", "{f}", "--format", "text"],
        ["export", "{f}", "--format", "csv", "-o", "{out}"],
        ["explain", "{f}", "--player", "1", "--tiebreak", "BH"],
        ["playoff", "next", "{f}"],
        ["pair", "{f}", "-c"],
        ["player", "add", "{f}", "--name", "Eve", "--late", "not-paired"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_a_tampered_file_is_said_by_every_command_and_still_read(
    event: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _tamper(event)
    out = event.with_suffix(".csv")
    code = main([a.format(f=event, out=out) for a in argv])
    captured = capsys.readouterr()
    assert code in (0, 1), captured.err  # the command did its work (pair -c may find a difference)
    warnings = [line for line in captured.err.splitlines() if "warning" in line]
    assert warnings == [
        "arbiter-app: warning: spring.arbiter: the journal does not verify: journal entry 2 "
        "(add_player) was edited. The file was changed outside Arbiter, so its history "
        "cannot be trusted; it can still be read, and the command line's verify lists every "
        "problem"
    ]


def test_an_untouched_file_has_no_warning(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(event), "--format", "text"]) == 0
    assert capsys.readouterr().err == ""


def _header(path: Path, offset: int, value: bytes) -> None:
    data = bytearray(path.read_bytes())
    data[offset : offset + len(value)] = value
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("readonly", [False, True])
def test_a_damaged_page_count_says_the_header_is_damaged(event: Path, readonly: bool) -> None:
    _header(event, 28, (1 << 31).to_bytes(4, "big"))  # the page count, bytes 28-31
    before = event.read_bytes()
    with pytest.raises(CorruptFile) as refused:
        EventFile.open(event, readonly=readonly)
    message = str(refused.value)
    assert message.startswith("spring.arbiter: the database header is damaged: it counts")
    assert "2,147,483,648 pages, far more than any event file holds" in message
    assert "should hold" not in message
    assert event.read_bytes() == before


def test_a_file_cut_short_says_both_readings(event: Path) -> None:
    data = event.read_bytes()
    event.write_bytes(data[: len(data) // 2])
    with pytest.raises(CorruptFile) as refused:
        EventFile.open(event)
    assert "the file is cut short or its header is damaged: the header counts" in str(refused.value)


def _damage_a_row_in_wal_mode(path: Path) -> None:
    """A file the store opens but the session refuses, whose header says WAL (a copy taken
    while it was open): closing it the usual way would rewrite header bytes 18 and 19."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE entries SET kind = 'no such kind' WHERE rowid = 1")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.close()
    assert path.read_bytes()[18:20] == b"\x02\x02"


@pytest.mark.parametrize(
    "argv",
    [
        ["standings", "{f}", "--format", "text"],
        ["player", "add", "{f}", "--name", "Eve", "--late", "not-paired"],
        ["undo", "{f}"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_a_refused_file_is_left_byte_for_byte(
    event: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _damage_a_row_in_wal_mode(event)
    before = event.read_bytes()
    folder = sorted(p.name for p in event.parent.iterdir())
    assert main([a.format(f=event) for a in argv]) == 2
    assert "damaged" in capsys.readouterr().err
    assert event.read_bytes() == before  # every byte, the header's counters included
    # SQLite's own companions of a file in WAL mode may appear (a reader makes them), empty
    # of pages: nothing else.
    extra = sorted(p.name for p in event.parent.iterdir() if p.name not in folder)
    assert set(extra) <= {"spring.arbiter-wal", "spring.arbiter-shm"}
    wal = Path(f"{event}-wal")
    assert not wal.exists() or wal.stat().st_size == 0


def test_opening_and_closing_without_a_change_writes_nothing(event: Path) -> None:
    before = event.read_bytes()
    with Session.open(event) as session:
        session.event  # noqa: B018 - reading only
    assert event.read_bytes() == before
