"""A file of format version 1, made by hand, is migrated with a backup; read-only opens never touch it."""

from __future__ import annotations

import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError
from arbiter_app.session import Session
from arbiter_app.session.commands import EnterResult
from arbiter_app.store import APPLICATION_ID, SCHEMA_VERSION, EventFile
from arbiter_app.store.migrations import backup_path
from tests.support.sessions import folder_snapshot, sha256, small_event

# The version-1 schema, written out by hand as that version created it.
V1_SCHEMA = """
CREATE TABLE settings (key TEXT, value TEXT, PRIMARY KEY (key));
CREATE TABLE players (tpn INTEGER, name TEXT, rating INTEGER, title TEXT, federation TEXT,
    fide_id TEXT, national_rating INTEGER, national_id TEXT, sex TEXT, birth TEXT,
    disqualified INTEGER, withdrawn_from_round INTEGER, PRIMARY KEY (tpn));
CREATE TABLE entries (tpn INTEGER, round INTEGER, kind TEXT, opponent INTEGER, colour TEXT,
    outcome TEXT, rated INTEGER, PRIMARY KEY (tpn, round));
CREATE TABLE boards (round INTEGER, board INTEGER, white INTEGER, black INTEGER,
    PRIMARY KEY (round, board));
CREATE TABLE bye_requests (tpn INTEGER, round INTEGER, kind TEXT, PRIMARY KEY (tpn, round));
CREATE TABLE adjustments (id INTEGER, tpn INTEGER, points TEXT, round INTEGER, reason TEXT,
    PRIMARY KEY (id));
CREATE TABLE forbidden_pairs (id INTEGER, players TEXT, PRIMARY KEY (id));
CREATE TABLE journal (seq INTEGER PRIMARY KEY, time TEXT, actor TEXT, command TEXT, args TEXT,
    seed INTEGER, prev_hash TEXT, hash TEXT);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
"""

_COPIED = {
    "settings": "key, value",
    "players": "tpn, name, rating, title, federation, fide_id, national_rating, national_id, "
    "sex, birth, disqualified, withdrawn_from_round",
    "entries": "tpn, round, kind, opponent, colour, outcome, rated",
    "boards": "round, board, white, black",
    "bye_requests": "tpn, round, kind",
    "adjustments": "id, tpn, points, round, reason",
    "forbidden_pairs": "id, players",
    "journal": "seq, time, actor, command, args, seed, prev_hash, hash",
    "meta": "key, value",
}


def make_v1_file(tmp_path: Path) -> Path:
    """A version-1 file holding the small event (rows copied column by column)."""
    source = tmp_path / "source.arbiter"
    small_event(source).close()
    target = tmp_path / "old.arbiter"
    conn = sqlite3.connect(target)
    conn.executescript(V1_SCHEMA)
    conn.execute("ATTACH DATABASE ? AS src", (str(source),))
    for table, columns in _COPIED.items():
        conn.execute(f"INSERT INTO {table} ({columns}) SELECT {columns} FROM src.{table}")
    conn.commit()
    conn.execute("DETACH DATABASE src")
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    source.unlink()
    return target


def test_opening_a_version_1_file_migrates_it_after_a_backup(tmp_path: Path) -> None:
    path = make_v1_file(tmp_path)
    original = path.read_bytes()
    with Session.open(path, durable=False) as session:
        assert session.migrated_from == 1
        scores = session.event.scores()
        assert scores == {1: 2, 2: Fraction(1, 2), 3: 0, 4: Fraction(1, 2)}
        assert session.verify() == []
        # Version 1 kept no ratings at the start of a round; the rebuild from the journal does.
        assert session.event.entry(1, 1).opponent_rating == 2000
        # The migrated file takes new commands, and the new column holds ratings.
        session.run(EnterResult(round=2, board=2, result="0-1"))
        assert session.event.entry(3, 2).opponent_rating == 1900
    backup = backup_path(path, 1)
    assert backup.name == "old.arbiter.bak-v1"
    assert backup.read_bytes() == original
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    columns = {r[1] for r in conn.execute("PRAGMA table_info(entries)")}
    assert "opponent_rating" in columns
    conn.close()
    # Opening again migrates nothing more.
    with EventFile.open(path) as again:
        assert again.migrated_from is None


def test_a_read_only_open_of_a_version_1_file_changes_nothing(tmp_path: Path) -> None:
    path = make_v1_file(tmp_path)
    before = folder_snapshot(tmp_path)
    with Session.open(path, readonly=True) as session:
        assert session.migrated_from == 1
        assert session.event.scores()[1] == 2
        assert session.verify() == []
    assert folder_snapshot(tmp_path) == before
    assert not backup_path(path, 1).exists()


def test_a_failed_migration_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbiter_app.store import migrations

    path = make_v1_file(tmp_path)
    digest = sha256(path)

    def broken(db: object) -> None:
        raise RuntimeError("simulated failure in a migration step")

    monkeypatch.setitem(migrations.MIGRATIONS, 1, broken)
    with pytest.raises(RuntimeError, match="simulated"):
        EventFile.open(path)
    assert sha256(path) == digest
    assert backup_path(path, 1).read_bytes() == path.read_bytes()
    # The lock was released: the file opens again (and migrates for real).
    monkeypatch.undo()
    with EventFile.open(path) as opened:
        assert opened.migrated_from == 1


def test_an_old_file_refused_after_its_migration_is_put_back_as_it_was(tmp_path: Path) -> None:
    """A version-1 file whose journal is damaged migrates, then the session refuses it:
    the file is put back byte for byte and the copy made for the migration goes."""
    path = make_v1_file(tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE journal SET args = '{\"name\": 7}' WHERE seq = 2")
    conn.commit()
    conn.close()
    before = folder_snapshot(tmp_path)
    with pytest.raises(ArbiterError):
        Session.open(path, durable=False)
    assert folder_snapshot(tmp_path) == before
    with pytest.raises(ArbiterError):
        Session.open(path, readonly=True)
    assert folder_snapshot(tmp_path) == before
