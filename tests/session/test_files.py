"""Untitled events, Save As, Save a copy, and the file on disk whole after every action."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Outcome
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, CorrectResult, EnterResult, RecordPairings
from arbiter_app.store import FileExists, FileLocked, FileMissing, StoreError
from tests.support.sessions import TickingClock, crash, folder_snapshot, small_event


def played(session: Session) -> Session:
    """Players, round 1 paired and played, one result corrected then undone."""
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900)):
        session.run(AddPlayer(name=name, rating=rating))
    session.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
    session.run(EnterResult(round=1, board=1, result="1-0"))
    session.run(EnterResult(round=1, board=2, result="1/2"))
    session.run(CorrectResult(round=1, board=2, result="0-1"))
    session.undo()
    return session


def same_event(a: Session, b: Session) -> None:
    """Same rows, same journal (hashes included), and the reopened one verifies clean."""
    assert b.state == a.state
    assert [e.hash for e in b.journal()] == [e.hash for e in a.journal()]
    assert b.event == a.event
    assert b.verify() == []


@pytest.fixture
def untitled() -> Iterator[Session]:
    s = Session.create_untitled(name="Spring Open", rounds=5, clock=TickingClock())
    yield s
    s.close()


# -- untitled events ----------------------------------------------------------------------
def test_an_untitled_event_runs_every_command_with_the_same_journal(untitled: Session) -> None:
    assert untitled.untitled and untitled.path is None and untitled.scratch is None
    assert not untitled.unsaved  # only the creation: nothing to lose yet
    played(untitled)
    assert untitled.unsaved
    assert [p.name for p in untitled.event.players] == ["Ann", "Ben", "Cid", "Dee"]
    assert untitled.event.entry(4, 1).outcome is Outcome.DRAW  # the correction was undone
    assert [e.command for e in untitled.journal()][-2:] == ["correct_result", "undo"]
    assert untitled.verify() == []


def test_untitled_then_save_as_then_reopen_is_the_same_event(
    untitled: Session, tmp_path: Path
) -> None:
    played(untitled)
    target = tmp_path / "spring.arbiter"
    untitled.save_as(target, durable=False)
    assert untitled.path == target and not untitled.untitled and not untitled.unsaved
    # The session goes on in the file: the next command is written there, under its lock.
    untitled.run(RecordPairings(round=2, boards=[[1, 4], [2, 3]]))
    with pytest.raises(FileLocked):
        Session.open(target)
    with Session.open(target, readonly=True) as reopened:
        same_event(untitled, reopened)
        assert reopened.journal()[-1].command == "record_pairings"
    untitled.undo()  # undo still knows the commands run before Save As
    assert untitled.boards(2) == []


def test_save_as_moves_a_file_event_to_a_new_file_and_leaves_the_old_one(
    tmp_path: Path,
) -> None:
    first = tmp_path / "first.arbiter"
    with small_event(first) as session:
        session.save_as(tmp_path / "second.arbiter", durable=False)
        session.run(EnterResult(round=2, board=2, result="1-0"))
        assert session.path == tmp_path / "second.arbiter"
        # The old file is closed, whole and as it was: it opens for writing again.
        with Session.open(first) as old:
            assert old.journal()[-1].command == "enter_result"
            assert len(old.journal()) == len(session.journal()) - 1


def test_save_a_copy_while_open_leaves_the_session_where_it_is(tmp_path: Path) -> None:
    path = tmp_path / "e.arbiter"
    with small_event(path) as session:
        copy = tmp_path / "copy.arbiter"
        session.save_copy(copy)
        assert session.path == path
        session.run(EnterResult(round=2, board=2, result="1-0"))  # still writes to path
        # The copy is a closed, single file: no log or lock beside it, and it opens for writing.
        assert not Path(f"{copy}-wal").exists() and not Path(f"{copy}.lock").exists()
        with Session.open(copy) as opened:
            assert len(opened.journal()) == len(session.journal()) - 1
            assert opened.verify() == []
            opened.run(EnterResult(round=2, board=2, result="0-1"))


def test_an_untitled_event_saves_a_copy_and_stays_untitled(
    untitled: Session, tmp_path: Path
) -> None:
    played(untitled)
    untitled.save_copy(tmp_path / "copy.arbiter")
    assert untitled.untitled and untitled.unsaved
    with Session.open(tmp_path / "copy.arbiter", readonly=True) as copy:
        same_event(untitled, copy)


def test_a_copy_is_made_from_a_file_another_session_has_open(tmp_path: Path) -> None:
    """What ``arbiter-app copy`` does while the window has the file: read-only, then backup."""
    path = tmp_path / "e.arbiter"
    with small_event(path) as writer:
        with Session.open(path, readonly=True) as reader:
            reader.save_copy(tmp_path / "usb.arbiter")
        with Session.open(tmp_path / "usb.arbiter", readonly=True) as copy:
            same_event(writer, copy)


# -- the file on disk is whole after every action ------------------------------------------
def test_a_plain_copy_of_the_open_file_is_the_same_event(tmp_path: Path) -> None:
    """Issue 12 point 3: a USB backup taken by copying the file while the window is open."""
    path = tmp_path / "e.arbiter"
    session = Session.create(path, name="Club", system="swiss", rounds=5, clock=TickingClock())
    try:
        played(session)  # several commands, the last of them an undo
        copies = tmp_path / "stick"
        copies.mkdir()
        shutil.copyfile(path, copies / "e.arbiter")  # the main file only: no -wal beside it
        with Session.open(copies / "e.arbiter") as copy:
            same_event(session, copy)
        session.run(RecordPairings(round=2, boards=[[1, 4], [2, 3]]))
        shutil.copyfile(path, copies / "later.arbiter")
        with Session.open(copies / "later.arbiter", readonly=True) as copy:
            same_event(session, copy)
    finally:
        session.close()


def test_the_log_beside_the_open_file_holds_nothing_the_file_lacks(tmp_path: Path) -> None:
    """The main file alone answers every query (the write-ahead log is folded in)."""
    path = tmp_path / "e.arbiter"
    with small_event(path) as session:
        session.run(EnterResult(round=2, board=2, result="1-0"))
        plain = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
        try:
            count = plain.execute("SELECT count(*) FROM journal").fetchone()[0]
        finally:
            plain.close()
        assert count == len(session.journal())


def test_folding_the_log_never_waits_for_a_reader(tmp_path: Path) -> None:
    """A reader in the middle of a long read keeps part of the log; the next commit folds it."""
    path = tmp_path / "e.arbiter"
    with small_event(path) as session:
        reader = sqlite3.connect(str(path), isolation_level=None)
        try:
            reader.execute("BEGIN")
            reader.execute("SELECT count(*) FROM journal").fetchone()  # holds a snapshot
            session.run(EnterResult(round=2, board=2, result="1-0"))
            assert not session._file.fold_log()  # the reader still needs the log
        finally:
            reader.execute("COMMIT")
            reader.close()
        session.run(CorrectResult(round=2, board=2, result="0-1"))
        assert session._file.fold_log()
        shutil.copyfile(path, tmp_path / "copy.arbiter")
        with Session.open(tmp_path / "copy.arbiter", readonly=True) as copy:
            same_event(session, copy)


# -- refusals ------------------------------------------------------------------------------
def refused(action: object, kind: type[Exception], fragment: str, folder: Path) -> None:
    before = folder_snapshot(folder)
    with pytest.raises(kind) as info:
        action()  # type: ignore[operator]
    assert fragment in str(info.value)
    assert folder_snapshot(folder) == before


def test_save_as_and_copy_refuse_with_reasons_and_change_nothing(tmp_path: Path) -> None:
    path = tmp_path / "e.arbiter"
    other = tmp_path / "other.arbiter"
    Session.create(other, name="Other", system="swiss", rounds=3, durable=False).close()
    with small_event(path) as session:
        journal = session.journal()
        refused(
            lambda: session.save_copy(path), StoreError, "that is the event's own file", tmp_path
        )
        refused(lambda: session.save_as(path), StoreError, "the event's own file", tmp_path)
        refused(lambda: session.save_copy(other), FileExists, "exists already", tmp_path)
        refused(lambda: session.save_as(other), FileExists, "exists already", tmp_path)
        refused(
            lambda: session.save_copy(tmp_path / "notes.txt"),
            StoreError,
            "ends in .arbiter",
            tmp_path,
        )
        refused(
            lambda: session.save_as(tmp_path / "gone" / "e.arbiter"),
            FileMissing,
            "does not exist",
            tmp_path,
        )
        with Session.open(other) as holder:
            # Another window has it open: even a confirmed overwrite is refused.
            refused(
                lambda: session.save_as(other, overwrite=True),
                FileLocked,
                "already open for writing",
                tmp_path,
            )
            assert holder.event.name == "Other"
        assert session.path == path and session.journal() == journal
        session.run(EnterResult(round=2, board=2, result="1-0"))  # still in its own file


def test_a_confirmed_overwrite_replaces_a_closed_file(tmp_path: Path) -> None:
    other = tmp_path / "other.arbiter"
    Session.create(other, name="Other", system="swiss", rounds=3, durable=False).close()
    with small_event(tmp_path / "e.arbiter") as session:
        session.save_copy(other, overwrite=True)
    with Session.open(other, readonly=True) as replaced:
        assert replaced.event.name == "Spring Open"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_a_failed_copy_leaves_no_half_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that fails during the copy: the target is not created, nothing is left over."""
    with small_event(tmp_path / "e.arbiter") as session:
        real_replace = os.replace

        def failing(src: object, dst: object) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "replace", failing)
        before = folder_snapshot(tmp_path)
        with pytest.raises(ArbiterError, match="could not be written"):
            session.save_as(tmp_path / "full.arbiter")
        monkeypatch.setattr(os, "replace", real_replace)
        assert folder_snapshot(tmp_path) == before
        assert session.path == tmp_path / "e.arbiter"
        session.run(EnterResult(round=2, board=2, result="1-0"))


def test_a_read_only_session_cannot_move_but_can_copy(tmp_path: Path) -> None:
    path = tmp_path / "e.arbiter"
    small_event(path).close()
    with Session.open(path, readonly=True) as reader:
        refused(
            lambda: reader.save_as(tmp_path / "new.arbiter"), ArbiterError, "read-only", tmp_path
        )
        reader.save_copy(tmp_path / "copy.arbiter")
    assert (tmp_path / "copy.arbiter").exists()


# -- scratch files: untitled work survives a crash -------------------------------------------
def test_an_untitled_event_in_a_scratch_file_is_recovered_after_a_crash(tmp_path: Path) -> None:
    scratch = tmp_path / "untitled-1.arbiter"
    session = Session.create_untitled(scratch=scratch, clock=TickingClock(), durable=False)
    played(session)
    state, journal = session.state, session.journal()
    crash(session)  # the process ends without closing
    with Session.recover(scratch, durable=False) as recovered:
        assert recovered.untitled and recovered.unsaved and recovered.path is None
        assert recovered.state == state and recovered.journal() == journal
        recovered.save_as(tmp_path / "saved.arbiter", durable=False)
        assert not scratch.exists()  # saved: the scratch file goes
    assert Session.open(tmp_path / "saved.arbiter", readonly=True).event.players


def test_closing_an_untitled_event_discards_its_scratch_file(tmp_path: Path) -> None:
    scratch = tmp_path / "untitled-2.arbiter"
    session = Session.create_untitled(scratch=scratch, durable=False)
    session.run(AddPlayer(name="Ann"))
    assert scratch.exists()
    session.close()
    assert not scratch.exists()
    assert not Path(f"{scratch}.lock").exists()
