"""Reading a file leaves its folder as it was, even a file whose header says write-ahead
mode (issue 27). SQLite reads such a file through a log and an index it makes beside it,
and a read-only connection cannot take them away again: found by the fuzz campaign, where
a refused file's folder gained ``-wal`` and ``-shm`` files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError
from arbiter_app.session import Session
from arbiter_app.session.commands import EnterResult
from tests.support.sessions import small_event


def _in_wal_mode(path: Path) -> None:
    """The header's write and read versions (bytes 18 and 19) say write-ahead mode, as a
    file left by a writer that a reader kept from going back to a single file."""
    data = bytearray(path.read_bytes())
    data[18:20] = b"\x02\x02"
    path.write_bytes(bytes(data))


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("readonly", [True, False])
def test_reading_a_file_in_write_ahead_mode_leaves_the_folder_as_it_was(
    tmp_path: Path, readonly: bool
) -> None:
    path = tmp_path / "spring.arbiter"
    small_event(path).close()
    _in_wal_mode(path)
    with Session.open(path, readonly=readonly) as session:
        assert session.event.players
    assert _names(tmp_path) == ["spring.arbiter"]


def test_a_refused_file_in_write_ahead_mode_leaves_the_folder_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "spring.arbiter"
    small_event(path).close()
    with sqlite3.connect(path) as conn:  # a round entry now names a player the file lacks
        conn.execute("DELETE FROM players WHERE tpn = 1")
    conn.close()
    _in_wal_mode(path)
    before = path.read_bytes()
    for readonly in (True, False):
        with pytest.raises(ArbiterError, match="who has no row in its players table"):
            Session.open(path, readonly=readonly)
        assert _names(tmp_path) == ["spring.arbiter"]
        assert path.read_bytes() == before


def test_a_reader_leaves_the_writers_log_alone(tmp_path: Path) -> None:
    """While the window writes the file, a command reads it: the log and index are the
    writer's, and stay; the writer goes on, and the file verifies."""
    path = tmp_path / "spring.arbiter"
    small_event(path).close()
    with Session.open(path) as writer:
        last = max(b.round for r in range(1, 10) for b in writer.boards(r))
        pending = next(b.number for b in writer.boards(last) if b.result is None)
        writer.run(EnterResult(round=last, board=pending, result="1-0"))
        assert (tmp_path / "spring.arbiter-wal").exists()
        with Session.open(path, readonly=True) as reader:
            assert reader.event.players
        assert (tmp_path / "spring.arbiter-wal").exists()
        assert (tmp_path / "spring.arbiter-shm").exists()
        writer.undo()  # the writer writes on
    with Session.open(path, readonly=True) as again:
        assert again.verify() == []
    assert _names(tmp_path) == ["spring.arbiter"]
