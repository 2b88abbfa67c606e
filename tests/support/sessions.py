"""Tournament files for tests: a pinned clock and small ready-made events."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from arbiter_app.session import Outcome, Session
from arbiter_app.session.commands import AddPlayer, EnterResult, RecordPairings, decode


class TickingClock:
    """A clock for tests: starts at a fixed moment and advances one second per reading."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 3, 14, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        moment = self.now
        self.now += timedelta(seconds=1)
        return moment


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def folder_snapshot(folder: Path) -> dict[str, str]:
    """Every file in *folder* with its hash: to show that a refusal changed nothing."""
    return {p.name: sha256(p) for p in sorted(folder.iterdir()) if p.is_file()}


def small_event(path: Path, *, durable: bool = False) -> Session:
    """Four players, round 1 paired and played, round 2 paired with one result in."""
    session = Session.create(
        path, name="Spring Open", system="swiss", rounds=5, clock=TickingClock(), durable=durable
    )
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900)):
        session.run(AddPlayer(name=name, rating=rating))
    session.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
    session.run(EnterResult(round=1, board=1, result="1-0"))
    session.run(EnterResult(round=1, board=2, result="1/2"))
    session.run(RecordPairings(round=2, boards=[[2, 1], [3, 4]]))
    session.run(EnterResult(round=2, board=1, result="0-1"))
    return session


EVERYBODY_MET = ([[1, 2], [3, 4]], [[1, 3], [4, 2]], [[4, 1], [2, 3]])
"""Three rounds in which each of four players meets the three others."""


def everybody_met(path: Path, players: int = 4) -> Session:
    """A Swiss of 5 rounds whose four players have all met after round 3 (a fifth, when
    asked, had the three byes): round 4 has no legal pairing (FIDE C.04.3 article 1.9.3)."""
    session = Session.create(
        path, name="Club Swiss", system="swiss", rounds=5, clock=TickingClock(), durable=False
    )
    for i in range(1, players + 1):
        session.run(AddPlayer(name=f"P{i}", rating=2400 - 50 * i))
    for number, boards in enumerate(EVERYBODY_MET, start=1):
        byes = [[5, "pairing-bye"]] if players == 5 else []
        session.run(RecordPairings(round=number, boards=boards, byes=byes))
        session.run(EnterResult(round=number, board=1, result="1-0"))
        session.run(EnterResult(round=number, board=2, result="1/2"))
    return session


def content_sha256(path: Path) -> str:
    """The file's hash without SQLite's bookkeeping of writers: the file change counter
    (header bytes 24-27), the counter it was valid for (92-95), the SQLite version that
    wrote last (96-99).

    Opening a file for writing and closing it again rewrites those (the journal mode
    goes to WAL and back) although no page changes; every other byte must stay.
    """
    data = bytearray(path.read_bytes())
    if len(data) >= 100:
        data[24:28] = data[92:96] = data[96:100] = b"\0\0\0\0"
    return hashlib.sha256(bytes(data)).hexdigest()


def crash(session: Session) -> None:
    """End *session* as a crash would: no closing; the lock goes as the process would
    take it with it, and the file stays as the last commit left it."""
    file = session._file
    if file._lock is not None:
        file._lock.release()
    file.conn.close()


def crashed_untitled(scratch: Path, name: str = "Spring Open") -> None:
    """An untitled event with one player in *scratch*, left there by a crash."""
    session = Session.create_untitled(name=name, scratch=scratch)
    session.run(AddPlayer(name="Ann", rating=2200))
    crash(session)


def run_entry(session: Session, name: str, /, **arguments: Any) -> Outcome:
    """Run the command a journal entry named *name* with *arguments* would hold (``confirm``
    is the arbiter's answer): for scripts and fuzzers that speak the journal's language."""
    confirm = arguments.pop("confirm", None)
    return session.run(decode(name, arguments), confirm=confirm)
