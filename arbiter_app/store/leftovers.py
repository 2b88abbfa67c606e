"""A rollback journal or write-ahead log beside an event that is not the event's own.

SQLite applies whatever ``NAME-journal`` (a rollback journal: the pages as they
were before an unfinished transaction) or ``NAME-wal`` (a write-ahead log: the
pages of committed transactions not yet copied into the file) it finds beside a
database, whoever left it there. One left by a crash of another file, copied
along by mistake, or left by the event's previous life (a file since replaced by
a backup, or deleted and made anew) would roll a foreign past into the event, or
damage it (issue 27). So, before an event is opened, a leftover is judged:

1. by SQLite's own rules (https://sqlite.org/fileformat2.html): what SQLite
   would not apply at all (a bad magic number, a header or frames whose
   checksums fail) is left to SQLite, which ignores it; what it would apply must
   have the event's page size, its page 1 must be an Arbiter file's, a rollback
   journal's page 1 must be of the file's last change (the file change counter
   is the journal's or one more), and a write-ahead log is never the own of a
   file whose header says rollback-journal mode (Arbiter closes an event that
   way, only after the log is folded into it and removed);
2. by the event's identity: the leftover is applied to a private copy of the
   event, which must read back whole, and whose journal of actions must agree
   with the event's, entry by entry (a log may only add actions, a rollback
   journal only take back the unfinished one).

What fails is set aside, renamed ``NAME-wal.stale-YYYYMMDD-HHMMSS`` (nothing is
deleted: it may be someone's lost work), and the arbiter is told
(:mod:`arbiter_app.store.notices`). The caller holds the write lock, so no
writer's live log is ever judged.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import struct
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from arbiter_app.store.notices import tell
from arbiter_app.store.schema import APPLICATION_ID

_WAL_MAGIC = (0x377F0682, 0x377F0683)
_WAL_VERSION = 3007000
_JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")
_WAL, _JOURNAL, _SHM = "-wal", "-journal", "-shm"


def companion(path: Path, suffix: str) -> Path:
    return Path(f"{path}{suffix}")


def has_content(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def has_leftovers(path: Path) -> bool:
    """A rollback journal or a write-ahead log with content lies beside *path*."""
    return has_content(companion(path, _WAL)) or has_content(companion(path, _JOURNAL))


def foreign(path: Path) -> list[tuple[Path, str]]:
    """The leftovers beside *path* that are not its own, each with the reason."""
    found: list[tuple[Path, str]] = []
    for suffix, judge in ((_WAL, _judge_wal), (_JOURNAL, _judge_journal)):
        leftover = companion(path, suffix)
        if not has_content(leftover):
            continue
        try:
            reason = judge(path, leftover)
        except (OSError, ValueError, struct.error):
            reason = None  # unreadable now, or not what its header says: SQLite judges it
        if reason is not None:
            found.append((leftover, reason))
    return found


def settle(path: Path) -> list[str]:
    """Set aside every leftover beside *path* that is not its own (the caller holds the
    write lock); returns the notices told."""
    notices = []
    for leftover, reason in foreign(path):
        moved = set_aside(leftover)
        notices.append(
            f"{path.name}: {leftover.name} beside the file was not applied: it does not "
            f"belong to this event ({reason}). It was set aside as {moved.name}, and the "
            "event opened as it was"
        )
    for notice in notices:
        tell(notice)
    return notices


def set_aside_all(path: Path, why: str) -> list[str]:
    """Set aside every companion of *path* (its journal, log, shared memory): the file they
    belonged to is being replaced or made anew (*why* says which); returns the notices."""
    notices = []
    for suffix in (_WAL, _JOURNAL):
        leftover = companion(path, suffix)
        if leftover.exists() and has_content(leftover):
            moved = set_aside(leftover)
            notices.append(
                f"{path.name}: {leftover.name}, left by {why}, was set aside as "
                f"{moved.name} (never applied to the new file)"
            )
        else:
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()  # empty: nothing in it to keep
    with contextlib.suppress(FileNotFoundError):
        companion(path, _SHM).unlink()
    for notice in notices:
        tell(notice)
    return notices


def set_aside(leftover: Path) -> Path:
    """Rename *leftover* (and, for a log, its shared-memory index) out of SQLite's way."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = leftover.with_name(f"{leftover.name}.stale-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = leftover.with_name(f"{leftover.name}.stale-{stamp}-{number}")
    os.replace(leftover, target)
    if leftover.name.endswith(_WAL):
        shm = leftover.with_name(leftover.name[: -len(_WAL)] + _SHM)
        with contextlib.suppress(FileNotFoundError):
            shm.unlink()  # an index of the log set aside: SQLite rebuilds it from a log
    return target


# -- SQLite's rules -----------------------------------------------------------------------
def _database_header(path: Path) -> bytes:
    with open(path, "rb") as fh:
        return fh.read(100)


def _page_size(header: bytes) -> int:
    size = int.from_bytes(header[16:18], "big")
    return 65536 if size == 1 else size


def _ours(page_one: bytes) -> bool:
    return int.from_bytes(page_one[68:72], "big") == APPLICATION_ID


def _wal_checksum(data: bytes, big_endian: bool, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's write-ahead-log checksum (fileformat2.html, "Checksum Algorithm")."""
    for x0, x1 in struct.iter_unpack(">II" if big_endian else "<II", data):
        s0 = (s0 + x0 + s1) & 0xFFFFFFFF
        s1 = (s1 + x1 + s0) & 0xFFFFFFFF
    return s0, s1


def _wal_frames(wal: Path) -> tuple[int, dict[int, bytes], int] | None:
    """The page size, the pages of the committed, valid frames SQLite would apply (the
    latest image of each page) and the file's size in pages after the last commit; None
    when SQLite would apply nothing."""
    with open(wal, "rb") as fh:
        data = fh.read()
    if len(data) < 32:
        return None
    magic, version, page_size, _, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:32])
    if magic not in _WAL_MAGIC or version != _WAL_VERSION:
        return None
    big = magic & 1 == 1
    s0, s1 = _wal_checksum(data[:24], big, 0, 0)
    if (s0, s1) != (c0, c1) or page_size < 512 or page_size & (page_size - 1):
        return None
    pages: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    size = 0
    offset = 32
    while offset + 24 + page_size <= len(data):
        pgno, commit, f1, f2, k0, k1 = struct.unpack(">6I", data[offset : offset + 24])
        page = data[offset + 24 : offset + 24 + page_size]
        if (f1, f2) != (salt1, salt2) or pgno == 0:
            break
        s0, s1 = _wal_checksum(data[offset : offset + 8], big, s0, s1)
        s0, s1 = _wal_checksum(page, big, s0, s1)
        if (s0, s1) != (k0, k1):
            break
        pending[pgno] = page
        if commit:
            pages.update(pending)
            pending = {}
            size = commit
        offset += 24 + page_size
    return (page_size, pages, size) if pages else None


def _judge_wal(path: Path, wal: Path) -> str | None:
    frames = _wal_frames(wal)
    if frames is None:
        return None
    page_size, pages, _ = frames
    header = _database_header(path)
    if page_size != _page_size(header):
        return f"its pages are {page_size:,} bytes, the event's {_page_size(header):,}"
    if 1 in pages and not _ours(pages[1]):
        return "it is the log of another program's database"
    if header[18:20] == b"\x01\x01":
        return (
            "the event was closed whole, in rollback-journal mode, so no write-ahead log "
            "beside it is its own"
        )
    return _trial(path, wal, _WAL, adds=True)


def _journal_page_one(jnl: Path, page_size: int) -> bytes | None:
    """The original of page 1 in a rollback journal's first segment, if it holds one."""
    with open(jnl, "rb") as fh:
        data = fh.read()
    records, nonce = struct.unpack(">II", data[8:16])
    sector = int.from_bytes(data[20:24], "big")
    offset = sector if 512 <= sector <= 65536 else 512
    size = 4 + page_size + 4
    if records in (0, 0xFFFFFFFF):
        records = max(0, (len(data) - offset) // size)
    for _ in range(records):
        if offset + size > len(data):
            break
        pgno = int.from_bytes(data[offset : offset + 4], "big")
        page = data[offset + 4 : offset + 4 + page_size]
        stored = int.from_bytes(data[offset + 4 + page_size : offset + size], "big")
        checksum = nonce
        i = page_size - 200
        while i > 0:
            checksum += page[i]
            i -= 200
        if checksum & 0xFFFFFFFF != stored:
            break  # SQLite stops playing back here
        if pgno == 1:
            return page
        offset += size
    return None


def _judge_journal(path: Path, jnl: Path) -> str | None:
    with open(jnl, "rb") as fh:
        head = fh.read(28)
    if len(head) < 28 or not head.startswith(_JOURNAL_MAGIC):
        return None  # SQLite plays back nothing from it
    page_size = int.from_bytes(head[24:28], "big")
    header = _database_header(path)
    if page_size != _page_size(header):
        return f"its pages are {page_size:,} bytes, the event's {_page_size(header):,}"
    page_one = _journal_page_one(jnl, page_size)
    if page_one is not None:
        if not _ours(page_one):
            return "it holds pages of another program's database"
        before = int.from_bytes(page_one[24:28], "big")
        now = int.from_bytes(header[24:28], "big")
        if now not in (before, (before + 1) & 0xFFFFFFFF):
            return f"its pages are from change {before:,} of a file, the event is at {now:,}"
    return _trial(path, jnl, _JOURNAL, adds=False)


def image(path: Path, *, with_log: bool = True) -> bytes:
    """The database *path* as SQLite reads it, made in memory: the file, with the committed
    pages of its own write-ahead log put in (*with_log*; a log that is not the event's is
    left out), marked as in rollback-journal mode so that it stands alone. For reading
    where SQLite cannot make its index beside the file (a full disk, read-only media)."""
    data = bytearray(path.read_bytes())
    wal = companion(path, _WAL)
    frames = _wal_frames(wal) if with_log and has_content(wal) else None
    if frames is not None and _judge_wal(path, wal) is None:
        page_size, pages, size = frames
        if len(data) < size * page_size:
            data.extend(bytes(size * page_size - len(data)))
        for number, page in pages.items():
            if number <= size:
                data[(number - 1) * page_size : number * page_size] = page
        del data[size * page_size :]
    if len(data) >= 100:
        data[18:20] = b"\x01\x01"  # file format: rollback journal (no log, no index)
    return bytes(data)


# -- the event's identity -----------------------------------------------------------------
Entries = list[tuple[int, str]]


def _entries(path: Path) -> Entries:
    conn = sqlite3.connect(str(path), isolation_level=None)
    try:
        checked = [str(r[0]) for r in conn.execute("PRAGMA quick_check")]
        if checked != ["ok"]:
            raise sqlite3.DatabaseError("; ".join(checked[:2]))
        (app,) = conn.execute("PRAGMA application_id").fetchone()
        if app != APPLICATION_ID:
            raise sqlite3.DatabaseError("not an Arbiter file")
        rows = conn.execute("SELECT seq, hash FROM journal ORDER BY seq").fetchall()
        return [(int(seq), str(digest)) for seq, digest in rows]
    finally:
        conn.close()


def _trial(path: Path, leftover: Path, suffix: str, *, adds: bool) -> str | None:
    """Apply *leftover* to a private copy of *path*; the reason it is not the event's, or
    None. *adds*: a log may add actions; a rollback journal may only take one back."""
    try:
        with tempfile.TemporaryDirectory(prefix="arbiter-leftover-") as folder:
            alone = Path(folder) / "alone.arbiter"
            applied = Path(folder) / "applied.arbiter"
            shutil.copyfile(path, alone)
            shutil.copyfile(path, applied)
            shutil.copyfile(leftover, companion(applied, suffix))
            try:
                mine = _entries(alone)
            except (sqlite3.Error, UnicodeDecodeError):
                return None  # the event itself is damaged: opening it says so
            try:
                theirs = _entries(applied)
            except (sqlite3.Error, UnicodeDecodeError) as exc:
                return f"applied, it would damage the event: {exc}"
    except OSError:
        return None  # no room to try it (a full disk): SQLite's rules above decide
    common = min(len(mine), len(theirs))
    for (seq, digest), (_, other) in zip(mine[:common], theirs[:common], strict=True):
        if digest != other:
            return f"its journal entry {seq} is another event's"
    if adds and len(theirs) < len(mine):
        return f"applied, it would take back {len(mine) - len(theirs)} saved actions"
    if not adds and len(theirs) < len(mine) - 1:
        return f"applied, it would take back {len(mine) - len(theirs)} saved actions"
    if not adds and len(theirs) > len(mine):
        return "applied, it would add actions the event never had"
    return None
