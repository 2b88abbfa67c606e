"""Bringing a tournament file written by an older Arbiter up to the current format.

:data:`MIGRATIONS` lists one step per format version: the step at key *v*
turns a version-*v* file into a version-*v+1* file. Before the first step
runs, the file is copied byte for byte to ``NAME.arbiter.bak-v<old>`` (and the
copy flushed to disk), so the arbiter can always go back to what they had.
All steps run in one transaction together with the new ``user_version``:
a crash mid-way leaves the old file as it was.

A step that changes what commands write (not only where) cannot convert the
rows by itself: what the old version did not record cannot be made up. Since
the state tables are by design a replay of the journal, such a step is listed
in :data:`REBUILDS`; the migration then marks the file, and the session
rebuilds the state tables by replaying the journal with the current commands
(one transaction, which also clears the mark, so a crash in between only
means the rebuild runs again at the next opening).

Format history:

1. First format: state tables without ratings at the start of a round and
   without the ``records`` table for later command families.
2. ``entries.opponent_rating``, ``boards.white_rating`` and ``boards.black_rating``
   (the online Swiss rules: AROC 1 uses the opponents' ratings "at the start of each
   round"), and the ``records`` table.
3. ``players.club`` (club prizes) and ``players.rating_source`` (where each rating
   came from: a FIDE list and its month, typed in, an import). Version 2 did not
   record the source, so the state is rebuilt from the journal, whose commands
   say how each rating came in.
4. Sections: every state table's key starts with the ``section`` column, so one
   file holds an Open, a Reserve and a ladder of quads. Every row of an older file
   is of its one section, number 1, and so is every entry of its journal (an entry
   that names no section is of the first), so the rows move as they are and the
   journal replays unchanged.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from arbiter_app.store.schema import (
    FIRST_SECTION,
    SCHEMA_VERSION,
    SECTION_COLUMN,
    STATE_TABLES,
    TABLES_BY_NAME,
)

if TYPE_CHECKING:
    import sqlite_utils

Step = Callable[["sqlite_utils.Database"], None]


def _v1_to_v2(db: sqlite_utils.Database) -> None:
    db["entries"].add_column("opponent_rating", int)  # type: ignore[union-attr]
    db["boards"].add_column("white_rating", int)  # type: ignore[union-attr]
    db["boards"].add_column("black_rating", int)  # type: ignore[union-attr]
    records = TABLES_BY_NAME["records"]
    db["records"].create(records.all_columns, pk=records.key_names)  # type: ignore[union-attr]


def _v2_to_v3(db: sqlite_utils.Database) -> None:
    db["players"].add_column("club", str)  # type: ignore[union-attr]
    db["players"].add_column("rating_source", str)  # type: ignore[union-attr]


def _v3_to_v4(db: sqlite_utils.Database) -> None:
    """Each state table made again with the section as its first key column (SQLite cannot
    change a primary key in place); every row goes to the first section."""
    for spec in STATE_TABLES:
        old = f"{spec.name}_v3"
        db.execute(f'ALTER TABLE "{spec.name}" RENAME TO "{old}"')
        db[spec.name].create(spec.file_columns, pk=spec.file_key_names)  # type: ignore[union-attr]
        columns = ", ".join(f'"{c}"' for c in spec.all_columns)
        db.execute(
            f'INSERT INTO "{spec.name}" ("{SECTION_COLUMN}", {columns}) '
            f'SELECT {FIRST_SECTION}, {columns} FROM "{old}"'
        )
        db.execute(f'DROP TABLE "{old}"')


MIGRATIONS: dict[int, Step] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4}

ADDED_BY_STEP: dict[int, dict[str, tuple[str, ...] | None]] = {
    1: {
        "entries": ("opponent_rating",),
        "boards": ("white_rating", "black_rating"),
        "records": None,
    },
    2: {"players": ("club", "rating_source")},
    3: {spec.name: (SECTION_COLUMN,) for spec in STATE_TABLES},
}
"""What each step adds: columns per table, or None for a whole new table (so that the
tables of a file at an older version can be checked before it is migrated)."""

REBUILDS: frozenset[int] = frozenset({1, 2})
"""Steps after which the state tables are rebuilt from the journal (version 2 records
the ratings at the start of a round, which version 1 did not keep; version 3 the
source of each rating)."""

REBUILD_MARK = "rebuild_pending"


def backup_path(path: Path, old_version: int) -> Path:
    return path.with_name(f"{path.name}.bak-v{old_version}")


def make_backup(path: Path, old_version: int) -> Path:
    """Copy *path* to its ``.bak-v<old>`` name and flush the copy to disk."""
    target = backup_path(path, old_version)
    shutil.copyfile(path, target)
    with open(target, "rb+") as fh:
        os.fsync(fh.fileno())
    return target


def migrate(db: sqlite_utils.Database, found: int) -> None:
    """Run every step from version *found* to :data:`SCHEMA_VERSION` in one transaction."""
    missing = [v for v in range(found, SCHEMA_VERSION) if v not in MIGRATIONS]
    if missing:
        raise RuntimeError(f"no migration step from format version {missing[0]}")
    with db.atomic():
        for version in range(found, SCHEMA_VERSION):
            MIGRATIONS[version](db)
        if REBUILDS & set(range(found, SCHEMA_VERSION)):
            db["meta"].upsert({"key": REBUILD_MARK, "value": "1"}, pk="key")  # type: ignore[union-attr]
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
