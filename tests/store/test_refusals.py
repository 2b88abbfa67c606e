"""Files Arbiter must refuse, each with a clear message and the file left byte for byte as it was."""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

import pytest

from arbiter_app.session import Session
from arbiter_app.store import (
    SCHEMA_VERSION,
    CorruptFile,
    EventFile,
    FileExists,
    FileMissing,
    NotAnArbiterFile,
    ReadOnlyLocation,
    TooNew,
)
from tests.support.sessions import folder_snapshot, small_event


@pytest.fixture
def event_path(tmp_path: Path) -> Path:
    path = tmp_path / "spring.arbiter"
    small_event(path).close()
    return path


def _refused(path: Path, error: type[Exception], fragment: str, *, readonly: bool) -> None:
    """Opening *path* must raise *error* whose message has *fragment*; nothing in the folder changes."""
    before = folder_snapshot(path.parent)
    with pytest.raises(error) as info:
        EventFile.open(path, readonly=readonly)
    assert fragment in str(info.value)
    assert path.name in str(info.value)
    assert folder_snapshot(path.parent) == before


@pytest.mark.parametrize("readonly", [False, True])
def test_a_file_from_a_newer_version_is_refused(event_path: Path, readonly: bool) -> None:
    conn = sqlite3.connect(event_path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    _refused(event_path, TooNew, "newer version of Arbiter", readonly=readonly)


@pytest.mark.parametrize("readonly", [False, True])
def test_another_programs_sqlite_database_is_refused(tmp_path: Path, readonly: bool) -> None:
    path = tmp_path / "other.arbiter"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.execute("INSERT INTO notes VALUES ('hello')")
    conn.commit()
    conn.close()
    _refused(path, NotAnArbiterFile, "another program", readonly=readonly)


@pytest.mark.parametrize("readonly", [False, True])
def test_a_text_file_is_refused(tmp_path: Path, readonly: bool) -> None:
    path = tmp_path / "notes.arbiter"
    path.write_text("012 Spring Open\n001    1 m    Ann\n", encoding="utf-8")
    _refused(path, NotAnArbiterFile, "not an SQLite database", readonly=readonly)


def test_an_empty_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty.arbiter"
    path.write_bytes(b"")
    _refused(path, NotAnArbiterFile, "not an Arbiter tournament file", readonly=False)


@pytest.mark.parametrize("readonly", [False, True])
def test_a_truncated_file_is_refused(event_path: Path, readonly: bool) -> None:
    data = event_path.read_bytes()
    assert len(data) >= 8192, "the sample must span several pages"
    event_path.write_bytes(data[: len(data) // 2])
    _refused(event_path, CorruptFile, "cut short", readonly=readonly)


def test_a_file_cut_inside_its_header_is_refused(event_path: Path) -> None:
    event_path.write_bytes(event_path.read_bytes()[:60])
    _refused(event_path, CorruptFile, "cut short", readonly=False)


@pytest.mark.parametrize("readonly", [False, True])
def test_a_file_with_damaged_pages_is_refused(event_path: Path, readonly: bool) -> None:
    data = bytearray(event_path.read_bytes())
    page = 4096
    # Scribble over every page but the first (the header stays valid).
    for start in range(page, len(data), page):
        data[start : start + 64] = b"\xa5" * 64
    event_path.write_bytes(bytes(data))
    _refused(event_path, CorruptFile, "damaged", readonly=readonly)


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(FileMissing, match="no such file"):
        EventFile.open(tmp_path / "nowhere.arbiter")


def test_creating_over_an_existing_file_is_refused(event_path: Path) -> None:
    before = folder_snapshot(event_path.parent)
    with pytest.raises(FileExists, match="exists already"):
        Session.create(event_path, name="Again", system="swiss", rounds=3)
    assert folder_snapshot(event_path.parent) == before


def test_a_read_only_folder_refuses_writing_but_allows_reading(
    event_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The permission check itself (runs everywhere, also as root, where chmod is not obeyed)."""
    folder = event_path.parent
    real_access = os.access
    monkeypatch.setattr(
        os,
        "access",
        lambda p, mode: False if Path(p) == folder and mode == os.W_OK else real_access(p, mode),
    )
    _refused(event_path, ReadOnlyLocation, "read-only", readonly=False)
    with pytest.raises(ReadOnlyLocation, match="read-only"):
        Session.create(folder / "new.arbiter", name="X", system="swiss", rounds=3)
    with Session.open(event_path, readonly=True) as session:
        assert [p.name for p in session.event.players] == ["Ann", "Ben", "Cid", "Dee"]


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0, reason="needs POSIX permissions, not root"
)
def test_a_really_read_only_folder_refuses_writing(event_path: Path) -> None:
    folder = event_path.parent
    folder.chmod(0o555)
    try:
        _refused(event_path, ReadOnlyLocation, "read-only", readonly=False)
        with Session.open(event_path, readonly=True) as session:
            assert len(session.event.players) == 4
    finally:
        folder.chmod(0o755)


def test_a_read_only_file_refuses_writing(
    event_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_access = os.access
    monkeypatch.setattr(
        os,
        "access",
        lambda p, mode: (
            False if Path(p) == event_path and mode == os.W_OK else real_access(p, mode)
        ),
    )
    _refused(event_path, ReadOnlyLocation, "read-only", readonly=False)
