"""A file of format 3 (one tournament, no sections) opens as an event of one section: a
backup first, every row moved to section 1, the journal replayed unchanged, the sheets as before."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from arbiter_app.session import Session
from arbiter_app.session.commands import EnterResult
from arbiter_app.sheets.builders import SHEETS, trf_text
from arbiter_app.sheets.source import from_session
from arbiter_app.store import APPLICATION_ID, SCHEMA_VERSION
from arbiter_app.store.migrations import backup_path
from arbiter_app.store.schema import STATE_TABLES
from tests.support.sessions import small_event


def _v3_schema() -> str:
    """The tables as format 3 made them: each state table keyed by its own key alone."""
    lines = []
    for spec in STATE_TABLES:
        columns = ", ".join(
            f"{name} {'INTEGER' if kind is int else 'TEXT'}"
            for name, kind in spec.all_columns.items()
        )
        lines.append(
            f"CREATE TABLE {spec.name} ({columns}, PRIMARY KEY ({', '.join(spec.key_names)}));"
        )
    lines.append(
        "CREATE TABLE journal (seq INTEGER PRIMARY KEY, time TEXT, actor TEXT, command TEXT, "
        "args TEXT, seed INTEGER, prev_hash TEXT, hash TEXT);"
    )
    lines.append("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);")
    return "\n".join(lines)


def make_v3_file(tmp_path: Path) -> tuple[Path, Path]:
    """A format-3 file holding the small event, and a current file of the same event."""
    source = tmp_path / "source.arbiter"
    small_event(source).close()
    target = tmp_path / "old.arbiter"
    conn = sqlite3.connect(target)
    conn.executescript(_v3_schema())
    conn.execute("ATTACH DATABASE ? AS src", (str(source),))
    for spec in STATE_TABLES:
        columns = ", ".join(spec.all_columns)
        conn.execute(f"INSERT INTO {spec.name} ({columns}) SELECT {columns} FROM src.{spec.name}")
    for table in ("journal", "meta"):
        conn.execute(f"INSERT INTO {table} SELECT * FROM src.{table}")
    conn.commit()
    conn.execute("DETACH DATABASE src")
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 3")
    conn.commit()
    conn.close()
    return target, source


def test_a_format_3_file_becomes_one_section_with_a_backup(tmp_path: Path) -> None:
    path, current = make_v3_file(tmp_path)
    original = path.read_bytes()
    with Session.open(current, readonly=True) as fresh:
        expected_journal = fresh.journal()
        expected_sheets = {
            name: SHEETS[name](from_session(fresh), None) for name in ("standings", "crosstable")
        }
        expected_trf = trf_text(from_session(fresh))
        expected_rows = fresh.rows
    with Session.open(path, durable=False) as session:
        assert session.migrated_from == 3
        assert [s.name for s in session.sections] == ["Spring Open"]
        assert session.several_sections is False
        # The journal is the file's own, entry for entry, and replays to the moved rows.
        assert session.journal() == expected_journal
        assert session.verify() == []
        assert session.rows == expected_rows
        # The sheets print as before: no word of sections in a one-section event.
        source = from_session(session)
        for name, lines in expected_sheets.items():
            assert SHEETS[name](source, None) == lines
        assert trf_text(source) == expected_trf
        # The migrated file takes new commands in its one section.
        session.run(EnterResult(round=2, board=2, result="0-1"))
        assert "section" not in session.journal()[-1].arguments
    assert backup_path(path, 3).read_bytes() == original
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    keys = [r[1] for r in conn.execute("PRAGMA table_info(players)") if r[5]]
    assert keys == ["section", "tpn"]
    assert conn.execute("SELECT DISTINCT section FROM entries").fetchall() == [(1,)]
    conn.close()
