"""The US Chess member lists imported on this computer: one SQLite database in the user's
data folder, beside the FIDE lists' (:mod:`arbiter_app.store.rating_db`), kept the same way.

Each imported list is a table of its own (``members_<id>``) with two indexes, by
US Chess ID and by name, built after the rows are in; the ``lists`` table says
its month and file. Importing the list of the same month again replaces it; an
import is one transaction. The file is read as US Chess ships it: the Golden
Database (``TARATSUP.DBF``, read with ``dbfread``), the tab-separated
supplement (``.txt`` or ``.tsv``), or a zip holding one of them.
"""

from __future__ import annotations

import contextlib
import csv
import sqlite3
import tempfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Final

from arbiter_app.core.errors import ArbiterError, InputError, Issue
from arbiter_app.core.ratinglist import (
    month_from_code,
    month_text,
    month_words,
    name_key,
    parse_month,
)
from arbiter_app.core.uschess_members import Member, MemberFile, read_rows
from arbiter_app.store.rating_db import data_folder
from arbiter_app.store.unzip import extract_member

DATABASE_NAME: Final = "uschess-members.sqlite"
_COLUMNS = (*Member._fields, "name_key")
_SUFFIXES = (".dbf", ".txt", ".tsv")


class MemberDatabaseError(ArbiterError):
    """The member database cannot be opened or written (the message says why)."""


@dataclass(frozen=True, slots=True)
class MemberList:
    """An imported member list: its month and file."""

    id: int
    month: date
    file: str
    members: int
    imported: str = ""

    @property
    def title(self) -> str:
        return f"US Chess member list, {month_words(self.month)}"


@dataclass(frozen=True, slots=True)
class MemberImport:
    imported: MemberList
    replaced: MemberList | None
    problems: tuple[Issue, ...]


def default_path() -> Path:
    return data_folder() / DATABASE_NAME


class MemberDatabase:
    """An open member database (create it with :meth:`open`; close it, or use ``with``)."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn

    @classmethod
    def open(cls, path: Path | None = None) -> MemberDatabase:
        path = path or default_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, isolation_level=None)
            conn.execute(
                "CREATE TABLE IF NOT EXISTS lists (id INTEGER PRIMARY KEY, month TEXT NOT NULL,"
                " file TEXT NOT NULL, members INTEGER NOT NULL, imported TEXT NOT NULL)"
            )
        except (OSError, sqlite3.Error) as exc:
            raise MemberDatabaseError(
                f"{path}: the member database cannot be opened ({exc})"
            ) from exc
        return cls(path, conn)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> MemberDatabase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def lists(self) -> list[MemberList]:
        """Every imported list, newest month first."""
        rows = self.conn.execute(
            "SELECT id, month, file, members, imported FROM lists ORDER BY month DESC, id DESC"
        ).fetchall()
        return [
            MemberList(int(i), parse_month(str(m)), str(f), int(n), str(at))
            for i, m, f, n, at in rows
        ]

    # -- importing -------------------------------------------------------------------
    def import_file(
        self, path: Path, *, month: date | None = None, now: datetime | None = None
    ) -> MemberImport:
        """Import the US Chess list in *path*; InputError (nothing changes) when it is not
        one or its month is neither given nor in its name."""
        named = month_from_code(path.stem)
        if month is not None and named is not None and month != named:
            raise InputError(
                [
                    Issue(
                        path.name,
                        0,
                        0,
                        f"the file's name says {month_words(named)}, not {month_words(month)}",
                    )
                ]
            )
        chosen = month or named
        if chosen is None:
            raise InputError(
                [
                    Issue(
                        path.name,
                        0,
                        0,
                        "the list's month is not in its name; give it (--month 2026-11)",
                    )
                ]
            )
        with _members_of(path) as listed:
            return self._store(path.name, listed, chosen, now)

    def _store(
        self, file: str, listed: MemberFile, month: date, now: datetime | None
    ) -> MemberImport:
        conn = self.conn
        types = {"member_id": "TEXT"} | {
            c: "INTEGER" for c in Member._fields if c.startswith(("regular", "quick", "blitz"))
        }
        types |= {c: "INTEGER" for c in Member._fields if c.startswith("online")}
        columns = ", ".join(f"{c} {types.get(c, 'TEXT')}" for c in _COLUMNS)
        marks = ", ".join("?" for _ in _COLUMNS)
        count = 0

        def rows() -> Iterator[tuple[object, ...]]:
            nonlocal count
            for m in listed.members:
                count += 1
                expires = m.expires.isoformat() if m.expires else None
                yield (*m[:3], expires, *m[4:], name_key(m.name))

        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                list_id = int(
                    conn.execute(
                        "INSERT INTO lists (month, file, members, imported) VALUES (?, ?, 0, '')",
                        (month_text(month), file),
                    ).lastrowid
                    or 0
                )
                table = f"members_{list_id}"
                conn.execute(f"CREATE TABLE {table} ({columns})")
                conn.executemany(f"INSERT INTO {table} VALUES ({marks})", rows())
                if count == 0:
                    raise InputError([Issue(file, 0, 0, "the list holds no member")])
                conn.execute(f"CREATE INDEX {table}_id ON {table} (member_id)")
                conn.execute(f"CREATE INDEX {table}_name ON {table} (name_key)")
                stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
                conn.execute(
                    "UPDATE lists SET members = ?, imported = ? WHERE id = ?",
                    (count, stamp, list_id),
                )
                old = [x for x in self.lists() if x.id != list_id and x.month == month]
                for x in old:
                    conn.execute(f"DROP TABLE members_{x.id}")
                    conn.execute("DELETE FROM lists WHERE id = ?", (x.id,))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise MemberDatabaseError(f"{self.path}: the list could not be stored ({exc})") from exc
        imported = next(x for x in self.lists() if x.id == list_id)
        return MemberImport(imported, old[0] if old else None, tuple(listed.problems))

    # -- looking up ------------------------------------------------------------------
    def _row(self, row: tuple[object, ...]) -> Member:
        values = list(row)
        values[3] = date.fromisoformat(str(values[3])) if values[3] else None
        return Member(*values)  # type: ignore[arg-type]

    def by_id(self, member_id: str) -> tuple[MemberList, Member] | None:
        """The member with *member_id* on the newest list that holds them."""
        wanted = member_id.strip()
        if not wanted.isdecimal():
            return None
        names = ", ".join(Member._fields)
        for listed in self.lists():
            row = self.conn.execute(
                f"SELECT {names} FROM members_{listed.id} WHERE member_id = ?",
                (wanted.zfill(8),),
            ).fetchone()
            if row is not None:
                return listed, self._row(row)
        return None

    def search(self, text: str, limit: int = 20) -> list[tuple[MemberList, Member]]:
        """Members whose name matches *text* (the first word begins the name, US Chess
        writes ``LAST, FIRST``; every other word appears in it), or whose ID it is; each
        once, as the newest list gives them."""
        text = text.strip()
        if text.isdecimal():
            found = self.by_id(text)
            return [found] if found else []
        words = name_key(text).replace(",", " ").split()
        if not words:
            return []
        names = ", ".join(Member._fields)
        seen: dict[str, tuple[MemberList, Member]] = {}
        # "Rosa Alden" is also tried the other way round, as US Chess writes it.
        firsts = [words[0]] if len(words) == 1 else [words[0], words[-1]]
        for listed in self.lists():
            for first in firsts:
                others = [w for w in words if w != first]
                sql = (
                    f"SELECT {names} FROM members_{listed.id} WHERE name_key >= ? "
                    "AND name_key < ?"
                    + "".join(" AND name_key LIKE ?" for _ in others)
                    + " ORDER BY name_key LIMIT ?"
                )
                args = [first, first + "\uffff", *(f"%{w}%" for w in others), limit]
                for row in self.conn.execute(sql, args):
                    member = self._row(row)
                    seen.setdefault(member.member_id, (listed, member))
        return sorted(seen.values(), key=lambda f: name_key(f[1].name))[:limit]


@contextlib.contextmanager
def _members_of(path: Path) -> Iterator[MemberFile]:
    """The members of the list in *path* (a zip holding one list, a DBF, a TSV file)."""
    if not path.is_file():
        raise InputError([Issue(str(path), 0, 0, "no such file")])
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            inside = [n for n in archive.namelist() if n.lower().endswith(_SUFFIXES)]
            if len(inside) != 1:
                raise InputError(
                    [
                        Issue(
                            path.name,
                            0,
                            0,
                            "the zip should hold one member list (.dbf, .txt or .tsv); "
                            f"it holds {len(inside) or 'none'}",
                        )
                    ]
                )
            with tempfile.TemporaryDirectory(prefix="arbiter-uschess-") as folder:
                unpacked = extract_member(archive, inside[0], Path(folder), path.name)
                with _members_of(unpacked) as listed:
                    yield listed
        return
    suffix = path.suffix.lower()
    if suffix == ".dbf":
        from dbfread import DBF
        from dbfread.exceptions import DBFNotFound

        try:
            table = DBF(str(path), encoding="latin-1", char_decode_errors="replace", load=False)
        except (DBFNotFound, ValueError, OSError) as exc:
            raise InputError([Issue(path.name, 0, 0, f"not a readable DBF file ({exc})")]) from None
        yield read_rows(table, table.field_names, path.name, first_line=1)
        return
    if suffix not in _SUFFIXES:
        raise InputError(
            [Issue(path.name, 0, 0, "a US Chess member list is a .zip, .dbf, .txt or .tsv file")]
        )
    # Read as it comes (a national list is a million lines): UTF-8, and any byte that is
    # not UTF-8 as Latin-1 (the rating database's error handler), so no name is lost.
    with path.open(encoding="utf-8-sig", errors="arbiter-latin1", newline="") as stream:
        reader = csv.DictReader(stream, delimiter="\t")
        yield read_rows(reader, reader.fieldnames or (), path.name)
