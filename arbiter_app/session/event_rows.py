"""The rows of a whole event: one :class:`State` per section, and a command's view of them.

An event file holds one or more sections, each a tournament of its own (an
Open and a Reserve, a ladder of quads). Every section's rows are a
:class:`~arbiter_app.session.state.State` exactly as a one-tournament event's
were, so every command of a section reads and writes them through a
:class:`~arbiter_app.session.state.Tx` as before. :class:`EventRows` holds them
all, keyed by section number; the file keeps the same rows with the section as
the first key column (:data:`~arbiter_app.store.schema.SECTION_COLUMN`).

Commands on the event as a whole (adding a section, moving a player, making
quads) see :class:`EventTx`: one transaction over every section, whose writes
are :data:`EventWrites` (section → table → key → row).

What the sections share is the event's header: its name, place, dates and
arbiters (:data:`SHARED_INFO`). Each section keeps a whole copy of it, so
everything that reads one section reads it as before; a change of a shared
field in one section is written to every section in the same transaction
(:func:`shared_header_writes`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from arbiter_app.session.state import State, Tx, Writes
from arbiter_app.store.file import Key, Row, TableRows
from arbiter_app.store.journal import canonical_json
from arbiter_app.store.schema import FIRST_SECTION, STATE_TABLES

EventWrites = dict[int, Writes]
"""Rows to write per section (section → table → key → row, None to delete)."""

SHARED_INFO = (
    "name",
    "city",
    "federation",
    "start_date",
    "end_date",
    "chief_arbiter",
    "deputy_arbiters",
)
"""Header fields of the event, the same in every section; the type of tournament, the
time control and the round dates are each section's own (US Chess 5 and its notes: a
time control per section)."""

SECTION_NAME = "section_name"
"""The setting that holds a section's name (a one-section event's section has none: it is
called after the event and never named)."""


def _exists(state: State) -> bool:
    """A section exists once its tournament is created (it has a system)."""
    return ("system",) in state.tables["settings"]


class EventRows:
    """Every section's rows, by section number (only sections that have rows)."""

    def __init__(self, parts: Mapping[int, State] | None = None) -> None:
        self.parts: dict[int, State] = dict(parts or {})

    @staticmethod
    def from_file(by_section: Mapping[int, Mapping[str, TableRows]]) -> EventRows:
        """The file's rows as the store reads them, section by section
        (:meth:`~arbiter_app.store.file.EventFile.read_state`)."""
        return EventRows({s: State(tables) for s, tables in by_section.items()})

    def part(self, section: int) -> State:
        """The rows of *section* (an empty state when it has none)."""
        found = self.parts.get(section)
        return found if found is not None else State()

    def sections(self) -> list[int]:
        """The sections that exist, in the order they were made."""
        return sorted(s for s, state in self.parts.items() if _exists(state))

    def copy(self) -> EventRows:
        return EventRows({s: state.copy() for s, state in self.parts.items()})

    def apply(self, writes: Mapping[int, Writes]) -> None:
        for section, rows in writes.items():
            state = self.parts.setdefault(section, State())
            state.apply(rows)
            if not any(state.tables.values()):
                del self.parts[section]  # a section removed leaves nothing behind

    def diff(self, other: EventRows) -> EventWrites:
        """The writes that turn these rows into *other*'s."""
        out: EventWrites = {}
        for section in self.parts.keys() | other.parts.keys():
            changed = self.part(section).diff(other.part(section))
            if changed:
                out[section] = changed
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventRows):
            return NotImplemented
        return not self.diff(other)

    __hash__ = None  # type: ignore[assignment]


def file_writes(writes: Mapping[int, Writes]) -> dict[str, dict[Key, Row | None]]:
    """Per-section writes as the file takes them: each key with its section first."""
    out: dict[str, dict[Key, Row | None]] = {}
    for section, tables in writes.items():
        for name, rows in tables.items():
            target = out.setdefault(name, {})
            for key, row in rows.items():
                target[(section, *key)] = row
    return out


class EventTx:
    """A command's view of every section: a :class:`Tx` per section it touches."""

    def __init__(self, rows: EventRows) -> None:
        self._rows = rows
        self._open: dict[int, Tx] = {}
        self._removed: set[int] = set()

    def section(self, section: int) -> Tx:
        """The transaction of *section* (an empty one for a section being made)."""
        tx = self._open.get(section)
        if tx is None:
            tx = self._open[section] = Tx(self._rows.part(section))
        return tx

    def sections(self) -> list[int]:
        """The sections as this command sees them (its own additions and removals in)."""
        made = {s for s, tx in self._open.items() if tx.setting("system") is not None}
        return sorted((set(self._rows.sections()) | made) - self._removed)

    def new_section(self) -> int:
        """A number for a new section: one more than any number ever in use here."""
        used = set(self._rows.parts) | set(self._open)
        return max(used, default=FIRST_SECTION - 1) + 1

    def remove_section(self, section: int) -> None:
        """Delete every row of *section*."""
        tx = self.section(section)
        for spec in STATE_TABLES:
            for key in list(tx.keys(spec.name)):
                tx.delete(spec.name, key)
        self._removed.add(section)

    def writes(self) -> EventWrites:
        out: EventWrites = {}
        for section, tx in self._open.items():
            changed = tx.writes()
            if changed:
                out[section] = changed
        return out


def section_name(state: State | Tx, default: str = "") -> str:
    """The section's name (*default*, the event's name, when it was never named)."""
    value = state.setting(SECTION_NAME)
    return str(value) if value else default


def event_name(state: State | Tx) -> str:
    return str(state.setting("info", {}).get("name") or "")


def shared_header_writes(rows: EventRows, writes: EventWrites) -> EventWrites:
    """*writes* with every shared header field a section changed written to the others too.

    The event's name, place, dates and arbiters are one for all its sections
    (:data:`SHARED_INFO`): whichever section's settings changed them, every
    section's copy follows in the same transaction.
    """
    changed: dict[str, Any] = {}
    for section, tables in writes.items():
        row = tables.get("settings", {}).get(("info",))
        if row is None:
            continue
        before = rows.part(section).setting("info", {})
        after = json.loads(row["value"])
        for key in SHARED_INFO:
            if after.get(key) != before.get(key):
                changed[key] = after.get(key)
    if not changed:
        return writes
    out: EventWrites = {s: {t: dict(r) for t, r in tables.items()} for s, tables in writes.items()}
    for section in rows.sections():
        pending = out.get(section, {}).get("settings", {}).get(("info",))
        if pending is None and ("info",) in out.get(section, {}).get("settings", {}):
            continue  # the section is being removed
        info = json.loads(pending["value"]) if pending else rows.part(section).setting("info", {})
        updated = {**info, **changed}
        if updated != info:
            target = out.setdefault(section, {}).setdefault("settings", {})
            target[("info",)] = {"value": canonical_json(updated)}
    return out
