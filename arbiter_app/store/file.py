"""Opening, creating and writing a tournament file.

Every refusal happens *before* the file could be changed: the 100-byte SQLite
header is read with plain file I/O and checked (is it SQLite, is it ours, is
it from a newer version, is it cut short) before SQLite ever opens the file
for writing; then the folder must be writable and the write lock free; then
``PRAGMA quick_check`` must pass. Only after all that may a migration run
(with a backup first).

While a file is open for writing it is in SQLite's write-ahead-log mode with
``synchronous=FULL``: a commit is on the disk when :meth:`EventFile.commit`
returns, a crash at any moment leaves either the whole transaction or none of
it, and other processes can read it meanwhile. After every commit the log is
folded into the file (a passive checkpoint, which never waits for a reader),
so the ``.arbiter`` file on disk is a whole event by itself at every moment
between actions: a plain copy of it (a USB backup, an e-mail to the organiser)
opens as the same event with the same journal. On closing, the file returns
to the rollback-journal mode, so a closed event is one single file that can be
read even from a read-only folder.

An event with no file yet lives in an in-memory database with the same
tables (:meth:`EventFile.in_memory`); :meth:`EventFile.save_as` writes it, or
any open event, to a file with SQLite's backup API and goes on there
(:mod:`arbiter_app.store.copying`).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
import stat
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arbiter_app.core.words import count, noun_for
from arbiter_app.store.copying import write_copy
from arbiter_app.store.errors import (
    CorruptFile,
    CraftedFile,
    DiskError,
    DiskFull,
    FileExists,
    FileMissing,
    NotAnArbiterFile,
    ReadOnlyLocation,
    StoreBug,
    StoreError,
    TooNew,
    translate,
)
from arbiter_app.store.journal import BROKEN_MARK, JournalEntry
from arbiter_app.store.leftovers import (
    companion,
    has_content,
    has_leftovers,
    image,
    set_aside_all,
    settle,
)
from arbiter_app.store.locking import WriteLock, real_path
from arbiter_app.store.migrations import ADDED_BY_STEP, REBUILD_MARK, make_backup, migrate
from arbiter_app.store.recovery import hot_journal, settle_for_reading
from arbiter_app.store.schema import (
    APPLICATION_ID,
    JOURNAL_COLUMNS,
    META_TABLE,
    SCHEMA_VERSION,
    SECTION_COLUMN,
    STATE_TABLES,
    TABLES_BY_NAME,
)
from arbiter_app.store.write_points import reached

_MAGIC = b"SQLite format 3\x00"
UNTITLED = Path("Untitled event")
"""What an event in memory is called in messages (it has no file name yet)."""
_BUSY_TIMEOUT_MS = 5000

Key = tuple[Any, ...]
Row = dict[str, Any]
TableRows = dict[Key, Row]
Writes = Mapping[str, Mapping[Key, Row | None]]
"""Rows to write per table: a row to insert or replace, None to delete the key. The file
keys every row by its section first (:data:`~arbiter_app.store.schema.SECTION_COLUMN`)."""

if TYPE_CHECKING:
    import sqlite_utils


@contextlib.contextmanager
def sqlite_errors(path: Path) -> Iterator[None]:
    """Translate :mod:`sqlite3` errors raised inside the block (see :func:`translate`)."""
    try:
        yield
    except sqlite3.Error as exc:
        raise translate(exc, path) from exc


def read_header(path: Path) -> tuple[int, int]:
    """Check the SQLite header of *path*; return ``(user_version, application_id)``.

    Raises :class:`FileMissing`, :class:`NotAnArbiterFile`, :class:`CorruptFile`
    or :class:`TooNew`. Reads the file only.
    """
    try:
        kind = os.stat(path).st_mode
        if not stat.S_ISREG(kind) and not stat.S_ISDIR(kind):
            # Never opened: a pipe (FIFO) blocks a reader until some writer comes.
            raise NotAnArbiterFile(
                path,
                f"is {'a pipe (FIFO)' if stat.S_ISFIFO(kind) else 'a device or socket'}, "
                "not a tournament file",
            )
        with open(path, "rb") as fh:
            header = fh.read(100)
            size = os.fstat(fh.fileno()).st_size
    except FileNotFoundError as exc:
        raise FileMissing(path, "no such file") from exc
    except IsADirectoryError as exc:
        raise NotAnArbiterFile(path, "is a folder, not a tournament file") from exc
    except PermissionError as exc:
        raise ReadOnlyLocation(path, "the file cannot be read (permission denied)") from exc
    if not header.startswith(_MAGIC[: min(len(header), 16)]) or not header:
        raise NotAnArbiterFile(path, "not an Arbiter tournament file (not an SQLite database)")
    if len(header) < 100:
        raise CorruptFile(path, "the file is cut short (incomplete database header)")
    user_version = int.from_bytes(header[60:64], "big")
    application_id = int.from_bytes(header[68:72], "big")
    if application_id != APPLICATION_ID:
        raise NotAnArbiterFile(
            path, "an SQLite database of another program, not an Arbiter tournament file"
        )
    if user_version > SCHEMA_VERSION:
        raise TooNew(path, user_version, SCHEMA_VERSION)
    if user_version < 1:
        raise CorruptFile(path, "the file has no format version")
    if int.from_bytes(header[44:48], "big") not in (1, 2, 3, 4):
        # SQLite's schema format number; any other value makes SQLite refuse the file.
        raise CorruptFile(path, "the database header is damaged (schema format)")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    page_count = int.from_bytes(header[28:32], "big")
    count_valid = header[24:28] == header[92:96]
    # After a crash, SQLite completes or rolls back the last transaction from these.
    hot_journal = Path(f"{path}-journal").exists() or Path(f"{path}-wal").exists()
    if page_size < 512 or page_size & (page_size - 1):
        raise CorruptFile(path, "the database header is damaged")
    if count_valid and not hot_journal and size < page_count * page_size:
        raise CorruptFile(path, _short_file(size, page_size, page_count))
    return user_version, application_id


_MOST_PAGES = 1 << 24
"""More pages than any event file has (16 million: gigabytes of pages); a header that
counts more is damaged itself."""


def _short_file(size: int, page_size: int, page_count: int) -> str:
    """What a header whose page count the file does not hold tells, in words."""
    has = size // page_size
    if page_count > _MOST_PAGES:
        return (
            f"the database header is damaged: it counts "
            f"{count(page_count, 'page', thousands=True)}, far more "
            f"than any event file holds (this one has {has:,})"
        )
    return (
        f"the file is cut short or its header is damaged: the header counts "
        f"{count(page_count, 'page', thousands=True)} but the file holds {has:,} "
        f"({size:,} bytes); a copy that did not finish "
        "leaves a file like this, so look for a whole copy (a backup, the stick it came from)"
    )


class EventFile:
    """An open tournament file: its state tables, its journal, its write lock."""

    def __init__(
        self, path: Path, conn: sqlite3.Connection, lock: WriteLock | None, readonly: bool
    ) -> None:
        self.path = path
        self.conn = conn
        self._db: sqlite_utils.Database | None = None
        self.readonly = readonly
        self._lock = lock
        self.migrated_from: int | None = None
        self.backup: Path | None = None
        self.memory_copy = False
        """A read-only open of an older file works on a migrated copy in memory."""
        self.in_memory_event = False
        """An event with no file yet: the database lives in memory until Save As."""
        self.recovered = False
        """Opening rolled back an action a crash had left unfinished (store.recovery)."""
        self._wal = False
        """Write-ahead logging is on (from the first commit on)."""
        self._made: list[Path] = []
        """What SQLite made beside a file opened read-only, to be cleared on closing."""

    @property
    def db(self) -> sqlite_utils.Database:
        """sqlite-utils over the connection, for migrating a file of an older format.

        Creating, reading and writing an event are plain SQL: the library takes a tenth
        of a second to load, and neither a new event nor the first result waits for it.
        """
        if self._db is None:
            import sqlite_utils

            self._db = sqlite_utils.Database(self.conn)
        return self._db

    def _query(self, sql: str) -> list[dict[str, Any]]:
        """The rows of *sql* as dicts keyed by column name."""
        cursor = self.conn.execute(sql)
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    # -- opening -------------------------------------------------------------
    @classmethod
    def create(cls, path: Path | str, *, durable: bool = True) -> EventFile:
        """Create a new, empty tournament file; refuse to overwrite anything."""
        path = Path(path)
        cls.refuse_new(path)
        lock = WriteLock(path)
        lock.acquire()
        try:
            # A journal or log an earlier file of this name left must not be applied to it.
            set_aside_all(path, "an earlier file of this name")
        except OSError as exc:
            lock.release()
            raise ReadOnlyLocation(path, f"cannot make the file ({exc.strerror})") from exc

        def prepare(conn: sqlite3.Connection) -> None:
            _new_event_tables(conn, path, crash_points=True)
            _use_wal(conn, path)

        conn = _connect_locked(path, lock, durable, prepare, remove_on_failure=True)
        created = cls(path, conn, lock, readonly=False)
        created._wal = True
        return created

    @staticmethod
    def refuse_new(path: Path) -> None:
        """Refuse a new file at *path* that would overwrite one, or could not be made."""
        if path.exists() or path.is_symlink():
            raise FileExists(path, "a file of that name exists already; choose another name")
        folder = path.parent if str(path.parent) else Path(".")
        if not folder.is_dir():
            raise FileMissing(path, f"the folder {folder} does not exist")
        if not os.access(folder, os.W_OK):
            raise ReadOnlyLocation(path, "the folder is read-only; choose another place")

    @classmethod
    def in_memory(cls) -> EventFile:
        """A new, empty event with no file: the same tables, in memory."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        opened = cls(UNTITLED, conn, None, readonly=False)
        _new_event_tables(conn, UNTITLED)
        opened.in_memory_event = True
        opened._wal = True  # memory has no log to start
        return opened

    @classmethod
    def open(cls, path: Path | str, *, readonly: bool = False, durable: bool = True) -> EventFile:
        """Open an existing file, for writing (with the lock) or read-only.

        A symbolic link is followed (SQLite puts the journal beside the file itself, and
        the lock is the file's: :func:`~arbiter_app.store.locking.real_path`)."""
        path = real_path(Path(path))
        if readonly:
            ignore = False
            recovered = False
            if has_leftovers(path):
                read_header(path)  # what is not ours is refused before anything is written
                recovered, ignore = settle_for_reading(path)
            version, _ = read_header(path)
            # SQLite reads a file in write-ahead mode through a log and an index it makes
            # beside it, which a read-only connection cannot take away again.
            made = [c for c in (companion(path, "-wal"), companion(path, "-shm")) if not c.exists()]
            try:
                opened = cls._open_readonly(path, version, immutable=ignore)
            except BaseException:
                _clear_what_reading_made(path, made)
                raise
            opened.recovered = recovered
            opened._made = made
            return opened
        version, _ = read_header(path)
        if not os.access(path, os.W_OK):
            raise ReadOnlyLocation(path, "the file is read-only; it can be opened read-only")
        folder = path.parent if str(path.parent) else Path(".")
        if not os.access(folder, os.W_OK):
            raise ReadOnlyLocation(
                path, "the folder is read-only; the file can be opened read-only"
            )
        lock = WriteLock(path)
        lock.acquire()
        try:
            # A journal or log that is not the event's own is set aside, never applied.
            settle(path)
            recovered = hot_journal(path)
            try:
                conn = _connect(path, readonly=False, durable=durable)
            except (DiskFull, DiskError) as exc:
                raise _no_room_to_write(path, exc) from exc
            try:
                try:
                    _check_integrity(conn, path)
                except (DiskFull, DiskError) as exc:
                    raise _no_room_to_write(path, exc) from exc
                _check_schema(conn, path, version)
                _check_tables(conn, path, version)
                opened = cls(path, conn, lock, readonly=False)
                opened.recovered = recovered  # SQLite rolled the journal back on first read
                if version < SCHEMA_VERSION:
                    # Fold a log left by a crash into the file first: the copy must be whole.
                    with sqlite_errors(path):
                        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                    opened.backup = make_backup(path, version)
                    try:
                        with sqlite_errors(path):
                            migrate(opened.db, version)
                    except StoreBug as exc:
                        # The migration's one transaction was rolled back: the file is as
                        # it was, so the copy of it goes too.
                        opened.backup.unlink(missing_ok=True)
                        raise _unmigratable(path, version, exc) from exc
                    opened.migrated_from = version
                _check_tables(conn, path)
                # A log a crash left is folded in now, so the file is whole from the start;
                # otherwise write-ahead logging starts with the first write (commit): a
                # file opened and closed again, or refused by the session, is not written.
                with contextlib.suppress(DiskFull, DiskError):
                    # On a full disk the log stays beside the file, which SQLite reads with
                    # it, until a later commit or closing folds it; each action is then
                    # saved or said not saved, and the event is not shut away (issue 27).
                    opened.fold_log()
            except BaseException:
                conn.close()
                raise
        except BaseException:
            lock.release()
            raise
        return opened

    @classmethod
    def _open_readonly(cls, path: Path, version: int, *, immutable: bool = False) -> EventFile:
        conn, in_memory = _connect_for_reading(path, immutable=immutable)
        try:
            _check_integrity(conn, path)
            _check_schema(conn, path, version)
            _check_tables(conn, path, version)
            if version < SCHEMA_VERSION:
                # Never touch the file itself: migrate a copy in memory.
                if not in_memory:
                    memory = sqlite3.connect(":memory:", isolation_level=None)
                    with sqlite_errors(path):
                        conn.backup(memory)
                    conn.close()
                    conn = memory
                opened = cls(path, conn, None, readonly=True)
                opened.memory_copy = True
                try:
                    with sqlite_errors(path):
                        migrate(opened.db, version)
                except StoreBug as exc:
                    raise _unmigratable(path, version, exc) from exc
                opened.migrated_from = version
            else:
                opened = cls(path, conn, None, readonly=True)
                opened.memory_copy = in_memory
            _check_tables(conn, path)
        except BaseException:
            conn.close()
            raise
        return opened

    def close(self, *, settle: bool = True) -> None:
        """Close the file; *settle* (for writing) folds the log back and leaves a single file.
        A file the session refused is closed with ``settle=False``: nothing is written."""
        if not self.readonly and settle:
            # Back to a single file. If a reader still has it open this cannot happen
            # now; the file then stays in WAL mode, which the next opening handles.
            reached("close: before the log is folded into the file")
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("PRAGMA busy_timeout = 0")
                self.conn.execute("PRAGMA journal_mode = DELETE")
            reached("close: the log folded into the file")
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()
        if self._made:
            _clear_what_reading_made(self.path, self._made)
            self._made = []
        if not self.readonly and not settle and self.migrated_from is not None:
            self._put_back_unmigrated()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _put_back_unmigrated(self) -> None:
        """A file migrated by this opening and then refused goes back to what it was.

        The copy taken before the migration is the file byte for byte: it is renamed
        over the migrated file (one atomic step, under the lock), after the log the
        migration left is removed. A crash in between leaves the copy beside the file.
        """
        backup = self.backup
        if backup is None or not backup.exists():
            return
        for suffix in ("-wal", "-shm"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)
        os.replace(backup, self.path)
        self.backup = None
        self.migrated_from = None

    def __enter__(self) -> EventFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading -------------------------------------------------------------
    def read_table(self, name: str) -> dict[int, TableRows]:
        """Every row of table *name*, by section, keyed by the table's own key."""
        spec = TABLES_BY_NAME[name]
        keys = spec.file_key_names
        values = spec.value_names
        n = len(keys)
        columns = ", ".join(f'"{c}"' for c in keys + values)
        with sqlite_errors(self.path):
            rows = self.conn.execute(f'SELECT {columns} FROM "{name}"').fetchall()
        # The hot path of opening a big event (110,000 round entries at 10,000 players):
        # one comprehension when every row is of one section, as most events are.
        sections = {r[0] for r in rows}
        if len(sections) == 1:
            return {sections.pop(): {r[1:n]: dict(zip(values, r[n:])) for r in rows}}  # noqa: B905
        split: dict[int, TableRows] = {}
        for r in rows:
            split.setdefault(r[0], {})[r[1:n]] = dict(zip(values, r[n:]))  # noqa: B905
        return split

    def read_state(self) -> dict[int, dict[str, TableRows]]:
        """Every section's tables (only the tables that have rows of it), each keyed by
        the table's own key; a file whose rows Arbiter could not use is refused."""
        self._check_types()
        by_section: dict[int, dict[str, TableRows]] = {}
        for spec in STATE_TABLES:
            for section, rows in self.read_table(spec.name).items():
                by_section.setdefault(section, {})[spec.name] = rows
        self._check_players(by_section)
        return by_section

    def _check_types(self) -> None:
        """Refuse a file whose state rows hold values of the wrong kind.

        SQLite stores whatever is written into a column (a number where text belongs,
        bytes where a round number belongs); only another program or damage writes such
        a value, and the rules would stumble on it later, in the middle of some action.
        One scan per table, in SQLite itself, so a big event opens as fast as before.
        """
        kinds = {int: "'integer'", str: "'text'"}
        for spec in STATE_TABLES:
            tests = [
                f'typeof("{name}") <> {kinds[kind]}'
                for name, kind in ((SECTION_COLUMN, int), *spec.key)
            ]
            tests += [
                f"typeof(\"{name}\") NOT IN ({kinds[kind]}, 'null')" for name, kind in spec.columns
            ]
            query = f'SELECT rowid FROM "{spec.name}" WHERE {" OR ".join(tests)} LIMIT 1'
            with sqlite_errors(self.path):
                wrong = self.conn.execute(query).fetchone()
            if wrong is not None:
                raise CorruptFile(
                    self.path,
                    f"the file's contents are damaged (a row of its {spec.name} table holds "
                    "a value of the wrong kind)",
                )

    def _check_players(self, by_section: Mapping[int, Mapping[str, TableRows]]) -> None:
        """Refuse a file whose rows name a player who has no row of their own.

        Arbiter removes a player only with everything that names them; a round entry,
        a board or a bye request naming a player the file lacks was left by another
        program or by damage, and every standing, sheet and tie-break would stumble on
        it (issue 27: a crafted file). The rows just read are checked, each reference of
        a section as one set of players: a 10,000-player event's 110,000 round entries
        take a few milliseconds."""
        for section_no, tables in sorted(by_section.items()):
            known = {key[0] for key in tables.get("players", {})}
            for table, column, what in _PLAYER_REFERENCES:
                rows = tables.get(table)
                if not rows:
                    continue
                keys = TABLES_BY_NAME[table].key_names
                if column in keys:
                    at = keys.index(column)
                    named = {key[at] for key in rows}
                else:
                    named = {row[column] for row in rows.values()}
                missing = sorted(t for t in named - known if t is not None and t > 0)
                if missing:
                    section = f" of section {section_no}" if section_no != 1 else ""
                    raise CorruptFile(
                        self.path,
                        f"the file's contents are damaged ({what}{section} is player "
                        f"{missing[0]}, who has no row in its players table); open a backup "
                        "or the copy it came from",
                    )

    def read_journal(self) -> list[JournalEntry]:
        with sqlite_errors(self.path):
            rows = self._query("SELECT * FROM journal ORDER BY seq")
        return [JournalEntry.from_row(r) for r in rows]

    def last_entry(self) -> JournalEntry | None:
        with sqlite_errors(self.path):
            rows = self._query("SELECT * FROM journal ORDER BY seq DESC LIMIT 1")
        return JournalEntry.from_row(rows[0]) if rows else None

    def journal_head(self) -> tuple[str | None, int | None]:
        """The hash and length of the journal as recorded in the ``meta`` table."""
        with sqlite_errors(self.path):
            meta = {r["key"]: r["value"] for r in self._query("SELECT key, value FROM meta")}
        head = meta.get("journal_head")
        length = meta.get("journal_length")
        return head, int(length) if length is not None else None

    def broken_mark(self) -> dict[str, str] | None:
        """What the file recorded when its journal was found broken and then written to
        (:data:`~arbiter_app.store.journal.BROKEN_MARK`); None when it never was. A mark
        that is not what Arbiter writes is itself reported as a broken journal."""
        with sqlite_errors(self.path):
            row = self.conn.execute(
                "SELECT value FROM meta WHERE key = ?", (BROKEN_MARK,)
            ).fetchone()
        if row is None:
            return None
        try:
            value = json.loads(str(row[0]))
        except ValueError:
            value = None
        if not isinstance(value, dict):
            return {"problem": "the record of it is damaged", "noticed": ""}
        return {
            "problem": str(value.get("problem", "")),
            "noticed": str(value.get("noticed", "")),
        }

    @property
    def rebuild_pending(self) -> bool:
        """A migration asked for the state tables to be rebuilt from the journal."""
        with sqlite_errors(self.path):
            rows = self.conn.execute("SELECT 1 FROM meta WHERE key = ?", (REBUILD_MARK,))
            return rows.fetchone() is not None

    @property
    def can_rebuild(self) -> bool:
        return not self.readonly or self.memory_copy

    def rebuild(self, writes: Writes) -> None:
        """Write the rebuilt state and clear the mark, in one transaction (no journal entry:
        the journal is what the state was rebuilt from)."""
        if not self.can_rebuild:
            raise StoreBug("a read-only file was asked to write")
        with sqlite_errors(self.path), _transaction(self.conn):
            for table, rows in writes.items():
                self._write_table(table, rows)
            self.conn.execute("DELETE FROM meta WHERE key = ?", (REBUILD_MARK,))
        self.fold_log()

    def integrity_check(self) -> str:
        with sqlite_errors(self.path):
            return ", ".join(str(r[0]) for r in self.conn.execute("PRAGMA integrity_check"))

    # -- copies --------------------------------------------------------------
    @property
    def source_path(self) -> Path | None:
        """The file on disk this database is read from (None for an event in memory)."""
        return None if self.in_memory_event or self.memory_copy else self.path

    def write_copy(self, target: Path | str, *, overwrite: bool = False) -> None:
        """Write the event as it stands to *target*, a whole closed file; this stays open here."""
        with sqlite_errors(self.path):
            write_copy(self.conn, Path(target), source=self.source_path, overwrite=overwrite)

    def save_as(
        self, target: Path | str, *, overwrite: bool = False, durable: bool = True
    ) -> EventFile:
        """Write the event to *target* and return it opened there for writing.

        This file is closed only once the target is written and opened; until
        then a refusal or a failure leaves everything as it was.
        """
        if self.readonly:
            raise StoreBug("a read-only file was asked to move")
        target = Path(target)
        with sqlite_errors(self.path):
            lock = write_copy(
                self.conn, target, source=self.source_path, overwrite=overwrite, keep_lock=True
            )
        assert lock is not None

        def prepare(conn: sqlite3.Connection) -> None:
            _check_tables(conn, target)
            _use_wal(conn, target)

        conn = _connect_locked(target, lock, durable, prepare)
        self.close()
        moved = EventFile(target, conn, lock, readonly=False)
        moved._wal = True
        return moved

    # -- writing -------------------------------------------------------------
    def commit(
        self, entry: JournalEntry, writes: Writes, marks: Mapping[str, str] | None = None
    ) -> None:
        """Write *writes* and append *entry* to the journal, all in one transaction,
        then fold the log into the file (see the module docstring). *marks* are more
        ``meta`` rows written in the same transaction (a broken journal's mark)."""
        if self.readonly:
            raise StoreBug("a read-only file was asked to write")
        if not self._wal:
            _use_wal(self.conn, self.path)
            self._wal = True
        try:
            with sqlite_errors(self.path), _transaction(self.conn):
                for table, rows in writes.items():
                    self._write_table(table, rows)
                row = entry.as_row()
                self.conn.execute(_INSERT_ENTRY, [row[c] for c in JOURNAL_COLUMNS])
                self.conn.executemany(
                    _PUT_META,
                    [
                        ("journal_head", entry.hash),
                        ("journal_length", str(entry.seq)),
                        *(marks or {}).items(),
                    ],
                )
                reached(f"commit {entry.seq} {entry.command}: rows written, not committed")
        except StoreError:
            # Said "not saved" only when it is not: a commit that failed after its log
            # frame was written (a full disk growing SQLite's index) has landed all the same.
            if not self._landed(entry):
                raise
        reached(f"commit {entry.seq} {entry.command}: committed")
        with contextlib.suppress(StoreError):
            # The action is saved (its commit is in the log, on the disk); only folding the
            # log into the file may fail (a full disk). The log then stays beside the file,
            # which opens with it, and the next commit or closing folds it (issue 27).
            self.fold_log()
        reached(f"commit {entry.seq} {entry.command}: the log folded into the file")

    def _landed(self, entry: JournalEntry) -> bool:
        """Whether *entry* is in the file (after a commit reported an error)."""
        try:
            row = self.conn.execute("SELECT hash FROM journal WHERE seq = ?", (entry.seq,))
            found = row.fetchone()
        except sqlite3.Error:
            return False
        return found is not None and found[0] == entry.hash

    def fold_log(self) -> bool:
        """Copy what the write-ahead log holds into the file itself; True when all of it went.

        A passive checkpoint: it never waits, so a reader holding an older
        snapshot (another program reading the event) can leave part of the log
        for the next commit, or for closing, to fold.
        """
        if self.readonly or self.in_memory_event:
            return True
        with sqlite_errors(self.path):
            rows = self.conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        # (busy, frames in the log, frames checkpointed); -1 frames: not in WAL mode.
        return not rows or rows[0][1] == rows[0][2]

    def _write_table(self, name: str, rows: Mapping[Key, Row | None]) -> None:
        """Write rows keyed by the section and the table's own key (None deletes).

        Rows go in through one prepared upsert per set of columns (SQLite's
        ``INSERT … ON CONFLICT DO UPDATE``), the statement sqlite-utils' ``upsert_all``
        writes, without building a statement of a hundred rows for each chunk: an
        imported event of 10,000 players writes a hundred thousand rows at once.
        """
        spec = TABLES_BY_NAME[name]
        keys = spec.file_key_names
        where = " AND ".join(f'"{k}" = ?' for k in keys)
        put: dict[tuple[str, ...], list[list[Any]]] = {}
        for key, row in rows.items():
            if row is None:
                self.conn.execute(f'DELETE FROM "{name}" WHERE {where}', key)
            else:
                columns = tuple(c for c in row if c not in keys)
                values = [*key, *(_sql_value(row[c]) for c in columns)]
                put.setdefault(columns, []).append(values)
        for columns, values in put.items():
            self.conn.executemany(_upsert(name, keys, columns), values)


def _upsert(table: str, keys: tuple[str, ...], columns: tuple[str, ...]) -> str:
    """The statement that inserts a row of *table* or updates the row with its key."""
    names = ", ".join(f'"{c}"' for c in (*keys, *columns))
    marks = ", ".join("?" for _ in (*keys, *columns))
    conflict = ", ".join(f'"{k}"' for k in keys)
    update = ", ".join(f'"{c}" = excluded."{c}"' for c in columns)
    action = f"DO UPDATE SET {update}" if columns else "DO NOTHING"
    return f'INSERT INTO "{table}" ({names}) VALUES ({marks}) ON CONFLICT({conflict}) {action}'


def _sql_value(value: Any) -> Any:
    """A row's value as SQLite stores it (lists and mappings as JSON text)."""
    if isinstance(value, (dict, list, tuple)):
        return json.dumps(value, default=repr, ensure_ascii=False)
    return value


_INSERT_ENTRY = (
    f"INSERT INTO journal ({', '.join(JOURNAL_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in JOURNAL_COLUMNS)})"
)
_PUT_META = "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"


@contextlib.contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """One transaction around the block: committed when it ends, rolled back when it
    raises or the commit fails (a savepoint inside a transaction already open)."""
    if conn.in_transaction:
        conn.execute("SAVEPOINT arbiter_write")
        try:
            yield
        except BaseException:
            if conn.in_transaction:  # an error may have ended the transaction already
                conn.execute("ROLLBACK TO SAVEPOINT arbiter_write")
                conn.execute("RELEASE SAVEPOINT arbiter_write")
            raise
        conn.execute("RELEASE SAVEPOINT arbiter_write")
        return
    conn.execute("BEGIN")
    try:
        yield
    except BaseException:
        _roll_back(conn)
        raise
    try:
        conn.execute("COMMIT")
    except BaseException:
        _roll_back(conn)
        raise


def _roll_back(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:  # an error may have rolled it back already
        conn.execute("ROLLBACK")


_ROOM = 64 * 1024
"""Less free space than this is a full disk for SQLite (its index beside a file in
write-ahead mode alone takes 32 KiB)."""


def _no_room_to_write(path: Path, exc: StoreError) -> StoreError:
    """Opening for writing failed on a disk with no room: say that, not "not saved"."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        info = os.statvfs(folder)
        free = info.f_bavail * info.f_frsize
    except (OSError, AttributeError):  # (no statvfs on Windows)
        return exc
    if free >= _ROOM:
        return exc
    return DiskFull(
        path,
        f"the disk is full ({free // 1024} KiB free): the file cannot be opened for writing "
        "(SQLite needs room beside it); nothing was changed. It can still be read and "
        "copied elsewhere; free some space and try again",
    )


def _unmigratable(path: Path, version: int, exc: Exception) -> CorruptFile:
    """The tables of a file that says it is at *version* are not what that version wrote."""
    return CorruptFile(path, f"the file says it is format {version} but its tables are not ({exc})")


def _connect_locked(
    path: Path,
    lock: WriteLock,
    durable: bool,
    prepare: Callable[[sqlite3.Connection], None],
    *,
    remove_on_failure: bool = False,
) -> sqlite3.Connection:
    """Connect to *path* for writing under *lock* (held) and *prepare* the connection.

    On any failure the connection is closed and the lock released, and with
    *remove_on_failure* the file (just made) goes too: nothing is left half done.
    """
    try:
        conn = _connect(path, readonly=False, durable=durable)
        try:
            prepare(conn)
            # The file is there now (made, or a copy put over the old one): lock it itself.
            lock.bind_identity()
        except BaseException:
            conn.close()
            raise
    except BaseException:
        lock.release()
        if remove_on_failure:
            with contextlib.suppress(OSError):
                path.unlink()
        raise
    return conn


def _connect(
    path: Path, *, readonly: bool, durable: bool, immutable: bool = False
) -> sqlite3.Connection:
    """*immutable* (read-only): the file as it is on the disk, its journal and log beside it
    ignored (SQLite's ``immutable`` URI parameter: read-only media)."""
    conn: sqlite3.Connection | None = None
    try:
        if readonly:
            uri = f"{path.resolve().as_uri()}?mode=ro{'&immutable=1' if immutable else ''}"
            conn = sqlite3.connect(uri, uri=True, isolation_level=None)
        else:
            conn = sqlite3.connect(str(path), isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
        if not readonly:
            # FULL: a commit is on the disk before commit() returns (crash safety).
            conn.execute(f"PRAGMA synchronous = {'FULL' if durable else 'OFF'}")
    except sqlite3.Error as exc:
        raise translate(exc, path) from exc
    except UnicodeDecodeError as exc:
        # SQLite's message quotes a damaged schema whose names are no longer UTF-8.
        if conn is not None:
            conn.close()
        raise CorruptFile(path, "the file is damaged (a name that is not UTF-8)") from exc
    return conn


def _clear_what_reading_made(path: Path, made: list[Path]) -> None:
    """Remove the log and index SQLite made beside *path* to read it (*made*: those that
    were not there before), so that reading leaves the folder as it was: a refused file
    is left alone, log and all (issue 27). Only while no writer has the file, under its
    lock, and only a log still empty; otherwise they are left for the writer."""
    present = [c for c in made if c.exists()]
    if not present:
        return
    lock = WriteLock(path)
    try:
        lock.acquire()
    except StoreError:
        return  # a writer has it (or the folder cannot be written): not ours to touch
    try:
        if any(c.name.endswith("-wal") and has_content(c) for c in present):
            return
        for leftover in present:  # the log first, then its index
            with contextlib.suppress(OSError):
                leftover.unlink()
    finally:
        lock.release()


def _connect_for_reading(path: Path, *, immutable: bool) -> tuple[sqlite3.Connection, bool]:
    """A read-only connection to *path*, and whether it reads a copy in memory.

    SQLite reads a file in write-ahead mode through an index it keeps beside it
    (``-shm``); on a full disk, or on read-only media, that index cannot be made, and
    SQLite refuses to read. The event is then put together in memory from the file and
    its log, as SQLite would read it (:func:`~arbiter_app.store.leftovers.image`): a full
    disk never keeps the arbiter from reading or copying the event (issue 27).
    """
    failure: Exception
    try:
        conn = _connect(path, readonly=True, durable=False, immutable=immutable)
    except StoreError as exc:
        failure = exc
    else:
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as exc:
            failure = translate(exc, path)
            conn.close()
        except UnicodeDecodeError:
            return conn, False  # damage: the checks that follow say so
        else:
            return conn, False
    if not isinstance(failure, (DiskFull, DiskError, ReadOnlyLocation)):
        raise failure
    try:
        data = image(path, with_log=not immutable)
        memory = sqlite3.connect(":memory:", isolation_level=None)
        memory.deserialize(data)
    except (OSError, sqlite3.Error):
        if isinstance(failure, DiskError):
            raise DiskError(
                path, f"the file cannot be read: the disk reported an error ({failure})"
            ) from None
        raise failure from None
    return memory, True


def _use_wal(conn: sqlite3.Connection, path: Path) -> None:
    """Write-ahead logging where the file system allows it (network drives may not: SQLite
    then keeps the rollback journal, which is just as safe, only slower)."""
    with sqlite_errors(path):
        conn.execute("PRAGMA journal_mode = WAL").fetchall()


def _check_integrity(conn: sqlite3.Connection, path: Path) -> None:
    try:
        rows = [str(r[0]) for r in conn.execute("PRAGMA quick_check")]
    except UnicodeDecodeError as exc:
        # SQLite's report quotes damaged text that is no longer UTF-8.
        raise CorruptFile(path, "the file is damaged (text that is not UTF-8)") from exc
    except sqlite3.Error as exc:
        error = translate(exc, path)
        if isinstance(error, StoreError):
            raise error from exc
        raise CorruptFile(path, f"the file is damaged ({exc})") from exc
    if rows != ["ok"]:
        raise CorruptFile(path, f"the file is damaged ({'; '.join(rows[:3])})")


@contextlib.contextmanager
def _undecodable_is_damage(path: Path) -> Iterator[None]:
    try:
        yield
    except UnicodeDecodeError as exc:
        raise CorruptFile(path, "the file is damaged (a name that is not UTF-8)") from exc


def _expected_columns(version: int) -> dict[str, set[str]]:
    """The tables and columns of a file at format *version*."""
    tables = {spec.name: set(spec.file_columns) for spec in STATE_TABLES}
    tables["journal"] = set(JOURNAL_COLUMNS)
    tables[META_TABLE] = {"key", "value"}
    for step in range(version, SCHEMA_VERSION):
        for table, columns in ADDED_BY_STEP.get(step, {}).items():
            if columns is None:
                tables.pop(table, None)
            elif table in tables:  # (a table a later step added: gone already)
                tables[table] -= set(columns)
    return tables


_QUOTED = re.compile(r'"(?:[^"]|"")*"|\[[^\]]*\]|`(?:[^`]|``)*`|\'(?:[^\']|\'\')*\'')
_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_TABLE_WORDS = frozenset(
    {"CREATE", "TABLE", "PRIMARY", "KEY", "INTEGER", "TEXT", "REAL", "FLOAT", "BLOB", "NUMERIC"}
)
"""Every word of a table Arbiter makes, its quoted names aside (sqlite-utils writes
``CREATE TABLE "players" ("section" INTEGER, …, PRIMARY KEY ("section", "tpn"))``)."""


def _check_schema(conn: sqlite3.Connection, path: Path, version: int) -> None:
    """Refuse what Arbiter never makes: a trigger (it would run on every write: raise,
    recurse, or silently rewrite a rating), a view, an index of its own, a table, or a
    column rule (CHECK, DEFAULT, UNIQUE, REFERENCES, COLLATE, …) that would refuse or
    change what Arbiter writes. Nothing of the file is run to find out: only its schema
    is read."""
    # (A file whose tables are another version's than it says is refused later, in words.)
    expected = {*_expected_columns(version), *_expected_columns(SCHEMA_VERSION)}
    with sqlite_errors(path), _undecodable_is_damage(path):
        rows = conn.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
    for kind, name, sql in rows:
        found: str | None = None
        if kind in ("trigger", "view"):
            found = f"a {kind} {name}"
        elif kind == "index" and sql is not None:
            found = f"an index {name}"
        elif kind == "table" and not str(name).startswith("sqlite_"):
            if name not in expected:
                found = f"a table {name}"
            else:
                with sqlite_errors(path), _undecodable_is_damage(path):
                    info = conn.execute(f'PRAGMA table_info("{name}")').fetchall()
                # Names may be written unquoted (a file of an early version).
                names = {str(name).upper(), *(str(r[1]).upper() for r in info)}
                words = {w.upper() for w in _WORD.findall(_QUOTED.sub(" ", str(sql or "")))}
                odd = sorted(words - _TABLE_WORDS - names)
                if odd:
                    found = f"a rule in its table {name} ({' '.join(odd[:3])})"
        if found is not None:
            raise CraftedFile(
                path,
                f"the file holds {found}, which Arbiter never makes: another program "
                "changed it, and it could act on its own; open a backup or the copy it "
                "came from",
            )


def _check_tables(conn: sqlite3.Connection, path: Path, version: int = SCHEMA_VERSION) -> None:
    """Every table and column Arbiter reads is there (a file that says it is ours may
    still be damaged, or be another program's with our application id)."""
    with sqlite_errors(path), _undecodable_is_damage(path):
        present = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        expected = _expected_columns(version)
        missing = sorted(set(expected) - present)
        if missing:
            tables = noun_for(len(missing), "table")
            raise CorruptFile(path, f"the file lacks the {tables} {', '.join(missing)}")
        for table, columns in expected.items():
            found = {r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')}
            lacking = sorted(columns - found)
            if lacking:
                raise CorruptFile(
                    path,
                    f"the table {table} lacks the {noun_for(len(lacking), 'column')} "
                    f"{', '.join(lacking)}",
                )


def _new_event_tables(conn: sqlite3.Connection, path: Path, *, crash_points: bool = False) -> None:
    """The tables, the application id and the format version of a new event, in one
    transaction. With *crash_points* (a file on disk) the write points of
    :mod:`arbiter_app.store.write_points` are passed."""
    with sqlite_errors(path):
        with _transaction(conn):
            for sql in table_statements():
                conn.execute(sql)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            if crash_points:
                reached("create: tables written, not committed")
        if crash_points:
            reached("create: tables committed")


_SQL_TYPES = {int: "INTEGER", str: "TEXT"}

_PLAYER_REFERENCES = (
    ("entries", "tpn", "a round entry's player"),
    ("entries", "opponent", "a game's opponent"),
    ("boards", "white", "a board's White"),
    ("boards", "black", "a board's Black"),
    ("bye_requests", "tpn", "a bye request's player"),
    ("adjustments", "tpn", "a score adjustment's player"),
)
"""The columns that name a player: (table, column, what the column is in words)."""


def table_statements() -> list[str]:
    """The ``CREATE TABLE`` statement of every table of a new event, word for word as
    sqlite-utils writes them (the format's first files were made by it, and a file's
    schema is read as text when it is opened: :func:`_check_schema`)."""
    tables: list[tuple[str, Mapping[str, type], tuple[str, ...]]] = [
        (spec.name, spec.file_columns, spec.file_key_names) for spec in STATE_TABLES
    ]
    tables.append(("journal", JOURNAL_COLUMNS, ("seq",)))
    tables.append((META_TABLE, {"key": str, "value": str}, ("key",)))
    statements = []
    for name, columns, key in tables:
        lines = [
            f'"{column}" {_SQL_TYPES[kind]}' + (" PRIMARY KEY" if key == (column,) else "")
            for column, kind in columns.items()
        ]
        if len(key) > 1:
            names = ", ".join(f'"{k}"' for k in key)
            lines.append(f"PRIMARY KEY ({names})")
        body = ",\n   ".join(lines)
        statements.append(f'CREATE TABLE "{name}" (\n   {body}\n)')
    return statements
