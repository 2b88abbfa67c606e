"""The journal: undo and redo through it, the hash chain, verify, and a full disk."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    EditPlayer,
    EnterResult,
    LateEntry,
    SetPairingNumbers,
)
from arbiter_app.session.replay import replay
from arbiter_app.store import DiskFull, EventFile
from arbiter_app.store.journal import GENESIS, verify_chain
from tests.support.sessions import TickingClock, sha256, small_event


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "e.arbiter"
    small_event(p).close()
    return p


@pytest.fixture
def session(path: Path) -> Iterator[Session]:
    s = Session.open(path, clock=TickingClock(), durable=False)
    yield s
    s.close()


def test_entries_carry_time_command_arguments_and_the_chain(session: Session) -> None:
    journal = session.journal()
    assert [e.seq for e in journal] == list(range(1, len(journal) + 1))
    assert journal[0].prev_hash == GENESIS
    assert all(b.prev_hash == a.hash for a, b in pairwise(journal))
    # The small event's clock starts at 09:00:00 and ticks once per command.
    assert journal[0].time == "2026-03-14T09:00:00.000+00:00"
    assert journal[1].time == "2026-03-14T09:00:01.000+00:00"
    last = journal[-1]
    assert (last.command, last.arguments) == (
        "enter_result",
        {"board": 1, "result": "0-1", "round": 2},
    )


def test_undo_and_redo_walk_the_history(session: Session) -> None:
    start = session.state
    session.run(EnterResult(round=2, board=2, result="1-0"))
    after_result = session.state
    changes = session.undo()
    assert changes.command == "undo" and changes.players == {3, 4}
    assert session.state == start
    session.redo()
    assert session.state == after_result
    session.undo()
    session.undo()  # the round-2 board-1 result
    assert session.event.score(1) == 1
    session.redo()
    assert session.event.score(1) == 2
    # A new command empties the redo stack.
    session.run(EditPlayer(tpn=1, name="Ann Z"))
    assert not session.can_redo
    with pytest.raises(RuleError, match="nothing to redo"):
        session.redo()
    assert session.verify() == []
    log = session.log()
    undone = [line.entry.seq for line in log if line.undone]
    assert undone == [11]  # board 2 of round 2, entered, undone, redone, undone again


def test_undo_stops_at_the_events_creation(tmp_path: Path) -> None:
    with Session.create(tmp_path / "x.arbiter", name="X", system="swiss", rounds=3) as s:
        assert not s.can_undo
        digest = sha256(s.path)
        with pytest.raises(RuleError, match="nothing to undo"):
            s.undo()
        assert sha256(s.path) == digest
        s.run(AddPlayer(name="A"))
        s.undo()
        assert s.event.players == ()
        assert not s.can_undo and s.can_redo


def test_redo_reuses_the_seed_of_a_draw(session: Session, tmp_path: Path) -> None:
    with Session.create(tmp_path / "lots.arbiter", name="L", system="swiss", rounds=3) as s:
        for i in range(10):
            s.run(AddPlayer(name=f"P{i}"))
        order = s.run(SetPairingNumbers(by="lot")).value
        names = [p.name for p in s.event.players]
        s.undo()
        assert [p.name for p in s.event.players] == [f"P{i}" for i in range(10)]
        s.redo()
        assert [p.name for p in s.event.players] == names
        assert s.log()[-1].entry.command == "redo"
        assert order == [int(p.name[1:]) + 1 for p in s.event.players]


def _edit(path: Path, sql: str, *params: object) -> None:
    conn = sqlite3.connect(path)
    conn.execute(sql, params)
    conn.commit()
    conn.close()


def _problems(path: Path) -> list[str]:
    with Session.open(path, readonly=True) as s:
        return s.verify()


def test_verify_accepts_an_untouched_file(path: Path) -> None:
    assert _problems(path) == []


def test_verify_finds_an_edited_journal_entry(path: Path) -> None:
    _edit(path, "UPDATE journal SET args = ? WHERE seq = 7", '{"board":1,"result":"0-1","round":1}')
    problems = _problems(path)
    assert any("journal entry 7 (enter_result) was edited" in p for p in problems)
    # The replay now disagrees with the stored state too.
    assert any("differ from a replay" in p for p in problems)


def test_verify_finds_a_rehashed_edit_by_the_following_link(path: Path) -> None:
    from arbiter_app.store.journal import entry_hash

    with EventFile.open(path, readonly=True) as f:
        entry = f.read_journal()[2]
    args = '{"name":"Ben","rating":2500}'
    digest = entry_hash(
        entry.prev_hash, entry.seq, entry.time, entry.actor, entry.command, args, None
    )
    _edit(path, "UPDATE journal SET args = ?, hash = ? WHERE seq = 3", args, digest)
    problems = _problems(path)
    assert "journal entry 4 does not follow the entry before it" in problems


def test_verify_finds_a_missing_last_entry(path: Path) -> None:
    _edit(path, "DELETE FROM journal WHERE seq = (SELECT MAX(seq) FROM journal)")
    problems = _problems(path)
    assert any("recorded 10" in p for p in problems)
    assert "the last journal entry is not the one the file recorded" in problems


def test_verify_finds_state_edited_behind_the_journals_back(path: Path) -> None:
    _edit(path, "UPDATE players SET rating = 2900 WHERE tpn = 4")
    assert _problems(path) == ["table players: 1 row differs from a replay of the journal ((4,))"]


def test_verify_chain_directly() -> None:
    from arbiter_app.store.journal import make_entry

    a = make_entry(None, "t1", "", "x", {"n": 1}, None)
    b = make_entry(a, "t2", "", "y", {"n": 2}, 7)
    assert verify_chain([a, b], b.hash, 2) == []
    assert verify_chain([b, a], a.hash, 2) != []
    assert "journal entry 2 is out of place (expected 1)" in verify_chain([b], b.hash, 1)


def test_replay_of_the_journal_equals_the_stored_state(session: Session) -> None:
    session.run(EnterResult(round=2, board=2, result="-+"))
    session.undo()
    session.run(EnterResult(round=2, board=2, result="1/2"))
    assert replay(session.journal()) == session.rows


def test_a_full_disk_is_reported_and_loses_nothing(path: Path) -> None:
    with Session.open(path, durable=False) as s:
        before = s.state
        journal = s.journal()
        pages = s._file.conn.execute("PRAGMA page_count").fetchone()[0]
        s._file.conn.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(DiskFull, match="disk is full"):
            for i in range(5000):
                # Names as long as a TRF name may be (33 characters) fill pages quickest.
                s.run(LateEntry(name=f"Padding {i:>5} " + "x" * 19))
        # Whatever was committed before the disk filled up is consistent; memory matches disk.
        assert s.rows == replay(s.journal())
        assert len(s.journal()) >= len(journal)
        assert s.state != before or len(s.journal()) == len(journal)
    with Session.open(path, readonly=True) as again:
        assert again.verify() == []
        assert again.rows == replay(again.journal())


def test_an_entry_hash_is_the_sha256_of_the_canonical_json_of_its_fields() -> None:
    """The hash of an entry is fixed by the files already written: the direct spelling of
    its payload must give the same text as canonical_json, whatever the strings hold."""
    import hashlib

    from arbiter_app.store.journal import canonical_json, entry_hash

    def by_the_definition(*fields: object) -> str:
        return hashlib.sha256(canonical_json(list(fields)).encode("utf-8")).hexdigest()

    awkward = 'Ann é "quoted" \\ back\nline \x01 \u2028 \U0001f600 \x7f'
    cases: list[tuple[str, int, str, str, str, str, int | None]] = [
        ("0" * 64, 1, "2026-11-27T07:00:00+00:00", awkward, "enter_result", '{"a":"b\\n"}', None),
        ("f" * 64, 2**70, "t", "", "pair_round", "{}", 5),
        ("e" * 64, 3, "t", "a", "c", '{"x":[1,2]}', -(2**65)),
        ("d" * 64, True, "t", "a", "c", "{}", None),  # not an int: the general path
    ]
    for fields in cases:
        assert entry_hash(*fields) == by_the_definition(*fields), fields
