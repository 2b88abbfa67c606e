"""Files that SQLite opens but Arbiter cannot use are refused as damaged, changing nothing.

Each case is one the fuzz run (tests/fuzz) found crashing with another exception.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError
from arbiter_app.session import Session
from arbiter_app.store.errors import CorruptFile
from tests.support.sessions import content_sha256, small_event


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    path = tmp_path / "e.arbiter"
    small_event(path).close()
    return path


def _sql(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in statements:
        conn.execute(statement)
    conn.close()


def _refused(path: Path, fragment: str) -> None:
    """Refused for writing and read-only, with *fragment* in the message; nothing written."""
    folder = {p.name: content_sha256(p) for p in path.parent.iterdir()}
    for readonly in (False, True):
        with pytest.raises(CorruptFile) as info:
            Session.open(path, readonly=readonly, durable=False)
        assert fragment in str(info.value)
        assert {p.name: content_sha256(p) for p in path.parent.iterdir()} == folder


def test_a_damaged_schema_format_in_the_header(event_file: Path) -> None:
    data = bytearray(event_file.read_bytes())
    data[44:48] = (77).to_bytes(4, "big")  # was: StoreBug "unsupported file format"
    event_file.write_bytes(bytes(data))
    _refused(event_file, "the database header is damaged (schema format)")


def test_a_table_without_a_column(event_file: Path) -> None:
    _sql(event_file, "ALTER TABLE players DROP COLUMN sex")  # was: StoreBug "no such column"
    _refused(event_file, "the table players lacks the column sex")


def test_an_older_format_number_on_newer_tables(event_file: Path) -> None:
    # Migrating from 1 added a column that is there already: was StoreBug
    # "duplicate column name", and the backup copy stayed behind.
    _sql(event_file, "PRAGMA user_version = 1")
    _refused(event_file, "the file says it is format 1 but its tables are not")
    assert sorted(p.name for p in event_file.parent.iterdir()) == ["e.arbiter"]


@pytest.mark.parametrize(
    ("statement", "was"),
    [
        ("UPDATE entries SET kind = 'gbme'", "ValueError"),
        ("UPDATE entries SET round = x'00ff' WHERE rowid = 1", "TypeError (sorting keys)"),
        ("UPDATE settings SET value = '{' WHERE key = 'rounds'", "JSONDecodeError"),
        ("INSERT INTO forbidden_pairs VALUES (1, 1, NULL)", "AttributeError"),
        ("INSERT INTO adjustments VALUES (1, 1, 1, '', NULL, '')", "ValueError in Fraction"),
        ("UPDATE players SET section = 'Open' WHERE tpn = 1", "no section number"),
        ("UPDATE journal SET args = '[1]' WHERE seq = 2", "ValueError"),
    ],
)
def test_rows_arbiter_cannot_decode(event_file: Path, statement: str, was: str) -> None:
    _sql(event_file, statement)
    _refused(event_file, "the file's contents are damaged")


def test_text_that_is_not_utf8(event_file: Path) -> None:
    _sql(event_file, "UPDATE players SET name = CAST(x'41ff42' AS TEXT) WHERE tpn = 1")
    _refused(event_file, "damaged")


def test_a_damaged_schema_whose_name_is_not_utf8(event_file: Path) -> None:
    # SQLite's "malformed schema" message quotes the name: was a UnicodeDecodeError.
    _sql(
        event_file,
        "PRAGMA writable_schema = ON",
        "UPDATE sqlite_master SET name = CAST(x'62ff' AS TEXT), sql = 'CREATE TABLE boards ('"
        " WHERE name = 'boards'",
    )
    _refused(event_file, "damaged")


@pytest.mark.parametrize(
    ("statement", "table"),
    [
        # Found by the long fuzz run: a board whose round is bytes crashed `player number`.
        ("UPDATE boards SET round = X'02' WHERE board = 1 AND round = 2", "boards"),
        ("UPDATE entries SET opponent = 'three' WHERE tpn = 1 AND round = 1", "entries"),
        ("UPDATE players SET rating = 'strong' WHERE tpn = 2", "players"),
        # Also found by it: a board with no round crashed `playoff next` (the state's rounds).
        ("UPDATE boards SET round = NULL WHERE board = 1 AND round = 2", "boards"),
    ],
)
def test_a_value_of_the_wrong_kind(event_file: Path, statement: str, table: str) -> None:
    _sql(event_file, statement)
    _refused(event_file, f"a row of its {table} table holds a value of the wrong kind")


def test_a_file_whose_section_lost_its_system_is_checked_all_the_same(event_file: Path) -> None:
    # With the "system" setting gone the file has no section to check at opening, yet the
    # window reads the first section: a NULL adjustment then raised TypeError in the middle.
    _sql(
        event_file,
        "DELETE FROM settings WHERE key = 'system'",
        "INSERT INTO adjustments (section, id, tpn, points, round, reason) "
        "VALUES (1, 1, 1, NULL, 1, 'x')",
    )
    _refused(event_file, "the file's contents are damaged")


def test_an_older_format_number_refused_after_migrating_is_put_back(event_file: Path) -> None:
    # A current file labelled format 3 migrates, then its damaged journal is refused: the
    # migrated file and the copy taken before the migration stayed behind.
    _sql(event_file, "PRAGMA user_version = 3", "UPDATE journal SET args = '{' WHERE seq = 2")
    folder = {p.name: content_sha256(p) for p in event_file.parent.iterdir()}
    with pytest.raises(ArbiterError):
        Session.open(event_file, durable=False)
    assert {p.name: content_sha256(p) for p in event_file.parent.iterdir()} == folder
