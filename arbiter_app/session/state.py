"""The event's rows in memory, and a command's private view of them.

:class:`State` mirrors the file's state tables (``table → key → row``). Rows
are never changed in place: a write replaces the whole row, so two states can
share rows and be compared cheaply.

:class:`Tx` is what a command sees: reads see the command's own writes, and
nothing reaches the :class:`State` until the command has finished without
error. A refused command therefore leaves no trace, in memory or on disk.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from arbiter_app.core.words import noun_for
from arbiter_app.store.file import Key, Row, TableRows
from arbiter_app.store.journal import canonical_json
from arbiter_app.store.schema import STATE_TABLES, TABLES_BY_NAME

_VALUE_NAMES = {spec.name: (spec.value_names, frozenset(spec.value_names)) for spec in STATE_TABLES}
"""Each table's value columns, in order and as a set (a put checks a row's against them:
an imported event puts a hundred thousand rows)."""

_DELETED: Row = {"__deleted__": True}
"""Marks a key the transaction removed (compared by identity)."""

Writes = dict[str, dict[Key, Row | None]]


class State:
    """Every state table as ``key → row``."""

    def __init__(self, tables: Mapping[str, TableRows] | None = None) -> None:
        self.tables: dict[str, TableRows] = {spec.name: {} for spec in STATE_TABLES}
        if tables:
            for name, rows in tables.items():
                self.tables[name] = dict(rows)

    def copy(self) -> State:
        return State(self.tables)

    def apply(self, writes: Mapping[str, Mapping[Key, Row | None]]) -> None:
        for name, rows in writes.items():
            table = self.tables[name]
            for key, row in rows.items():
                if row is None:
                    table.pop(key, None)
                else:
                    table[key] = row

    def diff(self, other: State) -> Writes:
        """The writes that turn this state into *other*."""
        out: Writes = {}
        for spec in STATE_TABLES:
            mine = self.tables[spec.name]
            theirs = other.tables[spec.name]
            changed: dict[Key, Row | None] = {}
            for key, row in theirs.items():
                old = mine.get(key)
                if old is not row and old != row:
                    changed[key] = row
            for key in mine.keys() - theirs.keys():
                changed[key] = None
            if changed:
                out[spec.name] = changed
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.tables == other.tables

    __hash__ = None  # type: ignore[assignment]

    def setting(self, name: str, default: Any = None) -> Any:
        row = self.tables["settings"].get((name,))
        return default if row is None else json.loads(row["value"])


class Tx:
    """A command's view of a :class:`State`: writes are kept aside until :meth:`writes`."""

    def __init__(self, state: State) -> None:
        self._state = state
        self._overlay: dict[str, dict[Key, Row]] = {}

    @property
    def base(self) -> State:
        """The state as it was before this transaction (its writes are not in it)."""
        return self._state

    # -- reading -------------------------------------------------------------
    def get(self, table: str, key: Key) -> Row | None:
        mine = self._overlay.get(table)
        if mine is not None and key in mine:
            row = mine[key]
            return None if row is _DELETED else row
        return self._state.tables[table].get(key)

    def rows(self, table: str) -> dict[Key, Row]:
        """The table as this command sees it (a fresh dict; O(table size))."""
        out = dict(self._state.tables[table])
        for key, row in self._overlay.get(table, {}).items():
            if row is _DELETED:
                out.pop(key, None)
            else:
                out[key] = row
        return out

    def keys(self, table: str) -> Iterator[Key]:
        return iter(self.rows(table))

    def setting(self, name: str, default: Any = None) -> Any:
        row = self.get("settings", (name,))
        return default if row is None else json.loads(row["value"])

    # -- writing -------------------------------------------------------------
    def put(self, table: str, key: Key, row: Mapping[str, Any]) -> None:
        spec = TABLES_BY_NAME[table]
        if len(key) != len(spec.key):
            raise ValueError(f"{table}: key {key!r} does not match {spec.key_names}")
        names, known = _VALUE_NAMES[table]
        if not known.issuperset(row):
            unknown = set(row) - known
            raise ValueError(
                f"{table}: unknown {noun_for(len(unknown), 'column')} {sorted(unknown)}"
            )

        self._overlay.setdefault(table, {})[key] = {name: row.get(name) for name in names}

    def delete(self, table: str, key: Key) -> None:
        self._overlay.setdefault(table, {})[key] = _DELETED

    def set_setting(self, name: str, value: Any) -> None:
        self.put("settings", (name,), {"value": canonical_json(value)})

    def writes(self) -> Writes:
        """The rows this command changed, with rows equal to the state's left out."""
        out: Writes = {}
        for table, rows in self._overlay.items():
            base = self._state.tables[table]
            changed: dict[Key, Row | None] = {}
            for key, row in rows.items():
                if row is _DELETED:
                    if key in base:
                        changed[key] = None
                elif base.get(key) != row:
                    changed[key] = row
            if changed:
                out[table] = changed
        return out
