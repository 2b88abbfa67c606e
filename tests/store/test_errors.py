"""SQLite errors: the user's environment becomes a typed ArbiterError, our own mistakes a bug."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError
from arbiter_app.store import (
    CorruptFile,
    DiskError,
    DiskFull,
    FileLocked,
    NotAnArbiterFile,
    ReadOnlyLocation,
    StoreBug,
)
from arbiter_app.store.errors import translate


def _error(code: int) -> sqlite3.Error:
    exc = sqlite3.OperationalError("simulated")
    exc.sqlite_errorcode = code  # type: ignore[attr-defined]
    return exc


@pytest.mark.parametrize(
    ("code", "kind", "fragment"),
    [
        (5, FileLocked, "busy"),
        (6, FileLocked, "busy"),
        (8, ReadOnlyLocation, "read-only"),
        (13, DiskFull, "disk is full"),
        (11, CorruptFile, "damaged"),
        (26, NotAnArbiterFile, "not a database"),
        (10, DiskError, "disk reported an error"),
        (10 | (13 << 8), DiskError, "disk reported an error"),  # an extended I/O code
    ],
)
def test_environment_errors_are_typed(code: int, kind: type[Exception], fragment: str) -> None:
    error = translate(_error(code), Path("open.arbiter"))
    assert isinstance(error, kind) and isinstance(error, ArbiterError)
    assert str(error).startswith("open.arbiter: ")
    assert fragment in str(error)


def test_our_own_sql_mistakes_are_bugs(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "x.db")
    with pytest.raises(sqlite3.Error) as info:
        conn.execute("SELEC nothing")
    conn.close()
    error = translate(info.value, tmp_path / "x.db")
    assert isinstance(error, StoreBug)
    assert not isinstance(error, ArbiterError)


def test_a_real_lock_conflict_is_reported_as_busy(tmp_path: Path) -> None:
    path = tmp_path / "busy.db"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    other = sqlite3.connect(path, timeout=0)
    with pytest.raises(sqlite3.Error) as info:
        other.execute("SELECT * FROM t").fetchall()
    holder.execute("ROLLBACK")
    holder.close()
    other.close()
    assert isinstance(translate(info.value, path), FileLocked)
