"""The tables of a tournament file, at the current format version.

A tournament file is an SQLite database whose header carries
``application_id`` :data:`APPLICATION_ID` (the bytes ``ARBT``) and whose
``user_version`` is the file format version :data:`SCHEMA_VERSION`. Older
versions are brought up to date by :mod:`arbiter_app.store.migrations`.

The *state tables* hold the event as it stands; the ``journal`` table holds
every command that brought it there. Each state table is keyed; a row is a
mapping of plain values (int, str, None), so the session can hold the state in
memory, compare two states and write only the rows that changed.

An event holds one or more *sections*, each a tournament of its own (an Open
and a Reserve, a ladder of quads). In the file every state table's first key
column is :data:`SECTION_COLUMN`, the section's number; a :class:`TableSpec`
describes a table as one section sees it (its key without the section), which
is how the session and its commands read and write the rows.
"""

from __future__ import annotations

from dataclasses import dataclass

APPLICATION_ID = 0x41524254
"""``PRAGMA application_id`` of every tournament file: ASCII ``ARBT``."""

SCHEMA_VERSION = 4
"""``PRAGMA user_version`` written by this version of Arbiter."""

SUFFIX = ".arbiter"


SECTION_COLUMN = "section"
"""The first key column of every state table in the file: which section a row is of."""

FIRST_SECTION = 1
"""The number of an event's first section (every file of format 3 or older has only it)."""


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A state table as one section sees it: its key columns and its value columns
    (name → SQLite type); in the file the key starts with :data:`SECTION_COLUMN`."""

    name: str
    key: tuple[tuple[str, type], ...]
    columns: tuple[tuple[str, type], ...]

    @property
    def key_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.key)

    @property
    def value_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.columns)

    @property
    def all_columns(self) -> dict[str, type]:
        return {**dict(self.key), **dict(self.columns)}

    @property
    def file_key_names(self) -> tuple[str, ...]:
        """The key columns in the file: the section first."""
        return (SECTION_COLUMN, *self.key_names)

    @property
    def file_columns(self) -> dict[str, type]:
        """Every column in the file, the section first."""
        return {SECTION_COLUMN: int, **self.all_columns}


STATE_TABLES: tuple[TableSpec, ...] = (
    TableSpec("settings", (("key", str),), (("value", str),)),
    TableSpec(
        "players",
        (("tpn", int),),
        (
            ("name", str),
            ("rating", int),
            ("title", str),
            ("federation", str),
            ("fide_id", str),
            ("national_rating", int),
            ("national_id", str),
            ("sex", str),
            ("birth", str),
            ("disqualified", int),
            ("withdrawn_from_round", int),
            ("club", str),
            ("rating_source", str),
        ),
    ),
    TableSpec(
        "entries",
        (("tpn", int), ("round", int)),
        (
            ("kind", str),
            ("opponent", int),
            ("colour", str),
            ("outcome", str),
            ("rated", int),
            ("opponent_rating", int),
        ),
    ),
    TableSpec(
        "boards",
        (("round", int), ("board", int)),
        (("white", int), ("black", int), ("white_rating", int), ("black_rating", int)),
    ),
    TableSpec("bye_requests", (("tpn", int), ("round", int)), (("kind", str),)),
    TableSpec(
        "adjustments",
        (("id", int),),
        (("tpn", int), ("points", str), ("round", int), ("reason", str)),
    ),
    TableSpec("forbidden_pairs", (("id", int),), (("players", str),)),
    TableSpec("records", (("family", str), ("key", str)), (("value", str),)),
)
"""Every state table; ``records`` holds the rows of command families added later
(play-off, prizes), keyed by family and a key of the family's choosing."""

TABLES_BY_NAME = {spec.name: spec for spec in STATE_TABLES}

JOURNAL_COLUMNS: dict[str, type] = {
    "seq": int,
    "time": str,
    "actor": str,
    "command": str,
    "args": str,
    "seed": int,
    "prev_hash": str,
    "hash": str,
}

META_TABLE = "meta"
"""Key/value facts about the file itself (journal head hash and length)."""
