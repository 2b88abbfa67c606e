"""The FIDE rating lists imported on this computer: one SQLite database in the user's data folder.

The folder is the platform's (``platformdirs``: ``~/.local/share/Arbiter`` on
Linux, ``%LOCALAPPDATA%\\Arbiter`` on Windows, ``~/Library/Application
Support/Arbiter`` on macOS); the environment variable ``ARBITER_DATA_DIR``
names another (tests, a USB stick at the venue).

Each imported list is a table of its own (``list_<id>``) with its players and
two indexes, by FIDE ID and by name, built after the rows are in (which is
what makes a 1.3-million-player import take seconds); the ``lists`` table
says what each covers and its month. Importing the list of the same
month and kind again replaces it. An import is one transaction: stopped
half-way, it leaves the database as it was.

The file is read from the zip FIDE ships (or unpacked) as a stream: memory
stays bounded whatever the list's size. The rows are plain SQL through
:mod:`sqlite3` rather than sqlite-utils: a bulk insert of 1.3 million rows is
an ``executemany`` over a generator, which sqlite-utils would only wrap.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import json
import os
import queue
import re
import sqlite3
import threading
import zipfile
from collections.abc import Callable, Collection, Generator, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import IO, Final

from arbiter_app.core.custom_list import CustomPlayer, checked_name, read_csv
from arbiter_app.core.errors import ArbiterError, InputError, Issue
from arbiter_app.core.limits import field_problem
from arbiter_app.core.rating_source import CustomFound, CustomList, Found, RatingList
from arbiter_app.core.ratinglist import (
    ListedPlayer,
    ListFile,
    RatingType,
    month_from_code,
    month_text,
    month_words,
    name_key,
    parse_month,
    read_txt,
    read_xml,
)
from arbiter_app.store.unzip import open_member

DATA_DIR_ENV: Final = "ARBITER_DATA_DIR"
DATABASE_NAME: Final = "fide-ratings.sqlite"
CACHE_KIB: Final = 32 * 1024
"""SQLite's page cache during an import; sorting for the indexes spills to temporary
files beyond about as much, so an import's memory stays near 100 MB whatever the list."""
BATCH: Final = 5000
"""Rows handed to SQLite at a time (and between progress reports)."""

_COLUMNS = (*ListedPlayer._fields, "name_key")
_Row = tuple[object, ...]
_TYPES = {name: "INTEGER" for name in ("fide_id", "birth_year")}
_TYPES.update(
    (name, "INTEGER")
    for name in ListedPlayer._fields
    if name.startswith(("standard", "rapid", "blitz"))
)


def fide_number(fide_id: str | int) -> int | None:
    """*fide_id* as the number the lists are searched by, or None for what cannot be a FIDE
    ID (:func:`arbiter_app.core.limits.field_problem`: at most eleven ASCII digits, TRF-26
    record 001; a larger number would not even fit SQLite's integers)."""
    text = str(fide_id).strip()
    if not text or field_problem("fide_id", text) is not None:
        return None
    return int(text)


class RatingDatabaseError(ArbiterError):
    """The rating database cannot be opened or written (the message says why)."""


def data_folder() -> Path:
    """Where Arbiter keeps the user's data: ``$ARBITER_DATA_DIR``, else the platform's folder."""
    chosen = os.environ.get(DATA_DIR_ENV)
    if chosen:
        return Path(chosen)
    import platformdirs

    return platformdirs.user_data_path("Arbiter", appauthor=False)


def default_path() -> Path:
    return data_folder() / DATABASE_NAME


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import did: the list now stored, the one it replaced, the rows left out."""

    imported: RatingList
    replaced: RatingList | None
    problems: tuple[Issue, ...]


@dataclass(frozen=True, slots=True)
class CustomImportReport:
    """What an import of a custom list did: the list stored, the one replaced, rows left out."""

    imported: CustomList
    replaced: CustomList | None
    problems: tuple[Issue, ...]


_CUSTOM_INTS = frozenset({"rating", "fide_id", "birth_year"})

Progress = Callable[[int], None]
"""Called with the number of players read so far, every :data:`BATCH` players (from the
thread that reads the file)."""

_DONE: Final = object()
AHEAD: Final = 4
"""Batches read ahead of the writing: memory stays a few batches whatever the list's size."""


def _read_ahead(rows: Iterator[_Row]) -> Generator[list[_Row], None, None]:
    """*rows* in batches of :data:`BATCH`, read in a thread of their own a few batches ahead.

    The file is parsed while SQLite writes the previous batch (the sqlite3 module lets go of
    the interpreter lock while SQLite works), so the two cores of a venue laptop share an
    import. An error while reading is raised here, in the caller's thread.
    """
    batches: queue.Queue[object] = queue.Queue(maxsize=AHEAD)
    stop = threading.Event()

    def put(item: object) -> bool:
        while not stop.is_set():
            try:
                batches.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def produce() -> None:
        try:
            batch: list[_Row] = []
            for row in rows:
                batch.append(row)
                if len(batch) == BATCH:
                    if not put(batch):
                        return
                    batch = []
            if batch and not put(batch):
                return
            put(_DONE)
        except BaseException as exc:  # handed to the caller's thread
            put(exc)

    thread = threading.Thread(target=produce, name="rating list reader", daemon=True)
    thread.start()
    try:
        while True:
            item = batches.get()
            if item is _DONE:
                return
            if isinstance(item, BaseException):
                raise item
            yield item  # type: ignore[misc]
    finally:
        stop.set()
        thread.join()


_KIND_IN_NAME = re.compile(r"(?<![a-z])(standard|rapid|blitz)(?![a-z])", re.IGNORECASE)


def kind_from_name(name: str) -> RatingType | None:
    """``rapid_rating_list_xml.zip``, ``blitz_sep26frl.txt`` → the list's rating type."""
    found = _KIND_IN_NAME.search(name.replace("_", " "))
    return RatingType(found.group(1).lower()) if found else None


class RatingDatabase:
    """An open rating database (create it with :meth:`open`; close it, or use ``with``)."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn

    @classmethod
    def open(cls, path: Path | None = None) -> RatingDatabase:
        path = path or default_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(
                "CREATE TABLE IF NOT EXISTS lists (id INTEGER PRIMARY KEY, covers TEXT NOT NULL,"
                " month TEXT NOT NULL, file TEXT NOT NULL, players INTEGER NOT NULL,"
                " imported TEXT NOT NULL)"
            )
            conn.execute(
                "CREATE TABLE IF NOT EXISTS custom_lists (id INTEGER PRIMARY KEY, name TEXT NOT"
                " NULL, month TEXT NOT NULL, file TEXT NOT NULL, players INTEGER NOT NULL,"
                " imported TEXT NOT NULL, layout TEXT NOT NULL DEFAULT '{}')"
            )
        except (OSError, sqlite3.Error) as exc:
            raise RatingDatabaseError(
                f"{path}: the rating database cannot be opened ({exc})"
            ) from exc
        return cls(path, conn)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> RatingDatabase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the lists -------------------------------------------------------------------
    def lists(self) -> list[RatingList]:
        """Every imported list, newest month first."""
        rows = self.conn.execute(
            "SELECT id, covers, month, file, players, imported FROM lists"
            " ORDER BY month DESC, id DESC"
        ).fetchall()
        return [
            RatingList(
                int(i),
                frozenset(RatingType(c) for c in str(covers).split(",")),
                parse_month(str(month)),
                str(file),
                int(players),
                str(imported),
            )
            for i, covers, month, file, players, imported in rows
        ]

    def custom_lists(self) -> list[CustomList]:
        """Every imported national or custom list, newest month first."""
        rows = self.conn.execute(
            "SELECT id, name, month, file, players, imported FROM custom_lists"
            " ORDER BY month DESC, id DESC"
        ).fetchall()
        return [
            CustomList(int(i), str(n), parse_month(str(m)), str(f), int(c), str(t))
            for i, n, m, f, c, t in rows
        ]

    def import_custom(
        self,
        path: Path,
        *,
        name: str,
        month: date,
        layout: dict[str, str] | None = None,
        now: datetime | None = None,
    ) -> CustomImportReport:
        """Import the national or custom list *name* of *month* from the CSV file *path*,
        its columns found by *layout* (:mod:`arbiter_app.core.custom_list`). The list of
        the same name and month imported before is replaced; one transaction."""
        checked_name(name)
        if not path.is_file():
            raise InputError([Issue(str(path), 0, 0, "no such file")])
        conn = self.conn
        with path.open("rb") as raw:
            lines = _lines(raw, path.name)
            try:
                listed = read_csv(lines, path.name, layout)
                try:
                    conn.execute("BEGIN IMMEDIATE")
                    try:
                        list_id = int(
                            conn.execute(
                                "INSERT INTO custom_lists (name, month, file, players, imported,"
                                " layout) VALUES (?, ?, ?, 0, '', ?)",
                                (name, month_text(month), path.name, json.dumps(layout or {})),
                            ).lastrowid
                            or 0
                        )
                        table = f"custom_{list_id}"
                        columns = ", ".join(
                            f"{c} {'INTEGER' if c in _CUSTOM_INTS else 'TEXT'}"
                            for c in CustomPlayer._fields
                        )
                        conn.execute(f"CREATE TABLE {table} ({columns})")
                        marks = ", ".join("?" for _ in CustomPlayer._fields)
                        conn.executemany(f"INSERT INTO {table} VALUES ({marks})", listed.players)
                        size = int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
                        if size == 0:
                            raise InputError([Issue(path.name, 0, 0, "the list holds no player")])
                        conn.execute(f"CREATE INDEX {table}_id ON {table} (id)")
                        conn.execute(f"CREATE INDEX {table}_fide ON {table} (fide_id)")
                        stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
                        conn.execute(
                            "UPDATE custom_lists SET players = ?, imported = ? WHERE id = ?",
                            (size, stamp, list_id),
                        )
                        old = [
                            x
                            for x in self.custom_lists()
                            if x.id != list_id and x.name == name and x.month == month
                        ]
                        for x in old:
                            conn.execute(f"DROP TABLE custom_{x.id}")
                            conn.execute("DELETE FROM custom_lists WHERE id = ?", (x.id,))
                        conn.execute("COMMIT")
                    except BaseException:
                        conn.execute("ROLLBACK")
                        raise
                except sqlite3.Error as exc:
                    raise RatingDatabaseError(
                        f"{self.path}: the list could not be stored ({exc})"
                    ) from exc
            finally:
                lines.close()
        imported = next(x for x in self.custom_lists() if x.id == list_id)
        return CustomImportReport(imported, old[0] if old else None, tuple(listed.problems))

    def custom_layout(self, name: str) -> dict[str, str] | None:
        """The layout the newest import of the custom list *name* declared (None: no list of
        that name is imported)."""
        row = self.conn.execute(
            "SELECT layout FROM custom_lists WHERE name = ? ORDER BY month DESC, id DESC",
            (name,),
        ).fetchone()
        if row is None:
            return None
        value = json.loads(str(row[0]))
        return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}

    def custom_found(
        self, names: Collection[str], fide_id: str, national_id: str
    ) -> list[CustomFound]:
        """The player as the custom lists named *names* give them (by the list's ID, the
        player's national ID, else by FIDE ID), newest first."""
        out: list[CustomFound] = []
        fields = ", ".join(CustomPlayer._fields)
        number = fide_number(fide_id)
        for listed in self.custom_lists():
            if listed.name not in names:
                continue
            table = f"custom_{listed.id}"
            row = None
            if national_id:
                row = self.conn.execute(
                    f"SELECT {fields} FROM {table} WHERE id = ?", (national_id,)
                ).fetchone()
            if row is None and number is not None:
                row = self.conn.execute(
                    f"SELECT {fields} FROM {table} WHERE fide_id = ?", (number,)
                ).fetchone()
            if row is not None:
                out.append(CustomFound(listed, CustomPlayer(*row)))
        return out

    # -- importing -------------------------------------------------------------------
    def import_file(
        self,
        path: Path,
        *,
        month: date | None = None,
        rating_type: RatingType | None = None,
        progress: Progress | None = None,
        now: datetime | None = None,
    ) -> ImportReport:
        """Import the FIDE list in *path* (a zip as FIDE ships it, or its TXT or XML file).

        *month* and *rating_type* say what the file's name and header do not;
        when both say, they must agree. Refused with InputError (nothing
        changes) when the file is not a FIDE list or its month is unknown.
        """
        with _opened_member(path) as (member, stream):
            named_type = kind_from_name(member) or kind_from_name(path.name)
            if rating_type is not None and named_type not in (None, rating_type):
                raise InputError(
                    [
                        Issue(
                            path.name,
                            0,
                            0,
                            f"the file's name says it is the {named_type.value} "
                            f"list, not the {rating_type.value} list",
                        )
                    ]
                )
            kind = rating_type or named_type
            lines = None if member.lower().endswith(".xml") else _lines(stream, member)
            try:
                if lines is None:
                    listed = read_xml(stream, member, kind)
                else:
                    listed = read_txt(lines, member, kind)
                try:
                    chosen = _month(path.name, member, listed, month)
                    return self._store(path.name, listed, chosen, progress, now)
                finally:
                    listed.close()
            finally:
                if lines is not None:
                    lines.close()  # while the file under it is still open

    def _store(
        self,
        file: str,
        listed: ListFile,
        month: date,
        progress: Progress | None,
        now: datetime | None,
    ) -> ImportReport:
        conn = self.conn
        columns = ", ".join(f"{c} {_TYPES.get(c, 'TEXT')}" for c in _COLUMNS)
        marks = ", ".join("?" for _ in _COLUMNS)
        count = 0

        def rows() -> Iterator[_Row]:
            nonlocal count
            for player in listed.players:
                count += 1
                if progress is not None and count % BATCH == 0:
                    progress(count)
                yield (*player, name_key(player.name))

        try:
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
            conn.execute("PRAGMA temp_store=FILE")
            conn.execute("BEGIN IMMEDIATE")
            try:
                list_id = int(
                    conn.execute(
                        "INSERT INTO lists (covers, month, file, players, imported)"
                        " VALUES ('', ?, ?, 0, '')",
                        (month_text(month), file),
                    ).lastrowid
                    or 0
                )
                table = f"list_{list_id}"
                conn.execute(f"CREATE TABLE {table} ({columns})")
                reader = _read_ahead(rows())
                try:
                    for batch in reader:
                        conn.executemany(f"INSERT INTO {table} VALUES ({marks})", batch)
                finally:
                    reader.close()
                if count == 0:
                    raise InputError([Issue(file, 0, 0, "the list holds no player")])
                conn.execute(f"CREATE INDEX {table}_id ON {table} (fide_id)")
                conn.execute(f"CREATE INDEX {table}_name ON {table} (name_key)")
                covers = ",".join(t.value for t in RatingType if t in listed.covers)
                stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
                conn.execute(
                    "UPDATE lists SET covers = ?, players = ?, imported = ? WHERE id = ?",
                    (covers, count, stamp, list_id),
                )
                replaced = self._replace_same(list_id, covers, month)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise RatingDatabaseError(f"{self.path}: the list could not be stored ({exc})") from exc
        imported = next(x for x in self.lists() if x.id == list_id)
        return ImportReport(imported, replaced, tuple(listed.problems))

    def _replace_same(self, list_id: int, covers: str, month: date) -> RatingList | None:
        """Drop an earlier import of the same list (same coverage and month)."""
        old = [
            x
            for x in self.lists()
            if x.id != list_id
            and ",".join(t.value for t in RatingType if t in x.covers) == covers
            and x.month == month
        ]
        for x in old:
            self.conn.execute(f"DROP TABLE list_{x.id}")
            self.conn.execute("DELETE FROM lists WHERE id = ?", (x.id,))
        return old[0] if old else None

    # -- looking up ------------------------------------------------------------------
    def by_id(self, fide_id: int | str) -> list[Found]:
        """The player with *fide_id* as every imported list gives them, newest first; none
        for what cannot be a FIDE ID (:func:`fide_number`), which no list holds."""
        number = fide_number(fide_id)
        if number is None:
            return []
        out: list[Found] = []
        names = ", ".join(ListedPlayer._fields)
        for listed in self.lists():
            row = self.conn.execute(
                f"SELECT {names} FROM list_{listed.id} WHERE fide_id = ?", (number,)
            ).fetchone()
            if row is not None:
                out.append(Found(listed, ListedPlayer(*row)))
        return out

    def by_ids(self, fide_ids: list[str]) -> dict[str, list[Found]]:
        """:meth:`by_id` for many players (a consistency check of a whole event)."""
        return {i: self.by_id(i) for i in fide_ids}

    def search(self, text: str, limit: int = 20) -> list[Found]:
        """Players whose name matches *text*, each once, as the newest list gives them.

        A number is a FIDE ID. Otherwise the first word must begin the name
        (FIDE writes ``Surname, Name``) and every other word must appear in
        it; ``Magne Aasgaard`` is also tried the other way round. Accents and
        case do not matter.
        """
        text = text.strip()
        if text.isdecimal():
            found = self.by_id(text)
            return found[:1]
        words = name_key(text).replace(",", " ").split()
        if not words:
            return []
        seen: dict[int, Found] = {}
        names = ", ".join(ListedPlayer._fields)
        firsts = [words[0]] if len(words) == 1 else [words[0], words[-1]]
        for listed in self.lists():
            for first in firsts:
                others = [w for w in words if w != first]
                sql = (
                    f"SELECT {names} FROM list_{listed.id} WHERE name_key >= ? AND name_key < ?"
                    + "".join(" AND name_key LIKE ?" for _ in others)
                    + " ORDER BY name_key LIMIT ?"
                )
                args = [first, first + "\uffff", *(f"%{w}%" for w in others), limit]
                for row in self.conn.execute(sql, args):
                    player = ListedPlayer(*row)
                    seen.setdefault(player.fide_id, Found(listed, player))
        return sorted(seen.values(), key=lambda f: name_key(f.player.name))[:limit]


def _month(name: str, member: str, listed: ListFile, given: date | None) -> date:
    """The list's month: as given, else as its name or header says; they must agree."""
    named = month_from_code(member) or month_from_code(name) or listed.month
    if given is not None and named is not None and given != named:
        raise InputError(
            [
                Issue(
                    name,
                    0,
                    0,
                    f"the file is the list of {month_words(named)}, not of {month_words(given)}",
                )
            ]
        )
    chosen = given or named
    if chosen is None:
        raise InputError(
            [
                Issue(
                    name,
                    0,
                    0,
                    "the list's month is not written in the file or its name; give it "
                    "(for the list of September 2026: --month 2026-09)",
                )
            ]
        )
    return chosen


def _latin1(error: UnicodeError) -> tuple[str, int]:
    """Bytes that are not UTF-8 read as Latin-1 (older lists), so no name is lost."""
    assert isinstance(error, UnicodeDecodeError)
    return error.object[error.start : error.end].decode("latin-1"), error.end


codecs.register_error("arbiter-latin1", _latin1)


def _lines(raw: IO[bytes], source: str) -> Generator[str, None, None]:
    """The list's lines: UTF-8, with any byte that is not read as Latin-1 (the columns are
    counted in characters either way)."""
    text = io.TextIOWrapper(raw, encoding="utf-8", errors="arbiter-latin1", newline="")
    try:
        # Not "yield from": that would close the wrapper, and with it the file, on close().
        # Each line read to a bound: a "line" of gigabytes (a zip bomb of one byte repeated)
        # is refused, never held in memory whole (issue 27).
        number = 0
        while line := text.readline(LONGEST_LIST_LINE + 1):
            number += 1
            if len(line) > LONGEST_LIST_LINE:
                raise InputError(
                    [
                        Issue(
                            source,
                            number,
                            LONGEST_LIST_LINE + 1,
                            f"a line of more than {LONGEST_LIST_LINE:,} characters: not a "
                            "FIDE list (its lines are under 200)",
                        )
                    ]
                )
            yield line
    finally:
        text.detach()  # the file is closed by whoever opened it


LONGEST_LIST_LINE: Final = 4096
"""Characters of a rating list's longest line (FIDE's are under 200)."""


@contextlib.contextmanager
def _opened_member(path: Path) -> Iterator[tuple[str, IO[bytes]]]:
    """The list's file: the one TXT or XML file of a zip, or *path* itself."""
    if not path.is_file():
        # (is_file follows links and never opens: a pipe is refused without a wait)
        there = path.exists() or path.is_symlink()
        what = "is not a file (a folder, a pipe, a device or a broken link)" if there else ""
        raise InputError([Issue(str(path), 0, 0, what or "no such file")])
    if zipfile.is_zipfile(path):
        try:
            archive = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError) as exc:
            raise InputError([Issue(path.name, 0, 0, f"the zip cannot be read ({exc})")]) from None
        with archive:
            members = [n for n in archive.namelist() if n.lower().endswith((".txt", ".xml"))]
            if len(members) != 1:
                raise InputError(
                    [
                        Issue(
                            path.name,
                            0,
                            0,
                            "the zip should hold one FIDE list (a .txt or .xml "
                            f"file); it holds {len(members) or 'none'}",
                        )
                    ]
                )
            with open_member(archive, members[0], path.name) as stream:
                yield members[0], stream
        return
    if path.suffix.lower() not in (".txt", ".xml"):
        raise InputError([Issue(path.name, 0, 0, "a FIDE list is a .zip, .txt or .xml file")])
    with path.open("rb") as stream:
        yield path.name, stream
