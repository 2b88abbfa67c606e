"""Creating, opening and writing a file are plain SQL: sqlite-utils loads only to migrate."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import sqlite_utils

from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
from arbiter_app.store.file import table_statements
from arbiter_app.store.schema import JOURNAL_COLUMNS, META_TABLE, STATE_TABLES

REPO = Path(__file__).resolve().parents[2]

CHILD = """
import sys
from pathlib import Path
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
untitled = Session.create_untitled()
untitled.run(AddPlayer(name="Memory Only"))
untitled.close()
print("after an untitled event:", "sqlite_utils" in sys.modules)
with Session.create(Path(sys.argv[1]).with_name("new.arbiter"), name="New", system="swiss", rounds=3) as created:
    created.run(AddPlayer(name="First"))
print("after a new file:", "sqlite_utils" in sys.modules)
with Session.open(sys.argv[1]) as session:
    session.event
    print("after open:", "sqlite_utils" in sys.modules)
    session.run(AddPlayer(name="Late Reader"))
    session.undo()
    session.redo()
    print("after a write:", "sqlite_utils" in sys.modules)
    print("players:", len(session.event.players))
"""


def test_sqlite_utils_is_not_loaded_to_create_open_or_write(tmp_path: Path) -> None:
    path = tmp_path / "e.arbiter"
    with Session.create(path, name="Club", system="swiss", rounds=3) as session:
        session.run(AddPlayer(name="Ann"))
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
    )
    assert done.stdout.splitlines() == [
        "after an untitled event: False",
        "after a new file: False",
        "after open: False",
        "after a write: False",
        "players: 2",
    ]
    with Session.open(path, readonly=True) as again:
        assert [p.name for p in again.event.players] == ["Ann", "Late Reader"]
        assert again.verify() == []
    with Session.open(tmp_path / "new.arbiter", readonly=True) as new:
        assert [p.name for p in new.event.players] == ["First"]
        assert new.verify() == []


def test_the_tables_are_made_word_for_word_as_sqlite_utils_makes_them() -> None:
    """Files of the format's first versions were made by sqlite-utils, and a file's schema
    is read as text when it is opened: a new file's tables are written the same way."""
    theirs = sqlite3.connect(":memory:")
    db = sqlite_utils.Database(theirs)
    for spec in STATE_TABLES:
        db[spec.name].create(spec.file_columns, pk=spec.file_key_names)  # type: ignore[union-attr]
    db["journal"].create(JOURNAL_COLUMNS, pk="seq")  # type: ignore[union-attr]
    db[META_TABLE].create({"key": str, "value": str}, pk="key")  # type: ignore[union-attr]
    ours = sqlite3.connect(":memory:")
    for statement in table_statements():
        ours.execute(statement)
    query = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
    assert ours.execute(query).fetchall() == theirs.execute(query).fetchall()
    assert len(ours.execute(query).fetchall()) == 2 * len(STATE_TABLES) + 3
