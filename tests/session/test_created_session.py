"""The session :meth:`Session.create` returns holds what it wrote, not a re-reading of it:
the same event, the same rows and journal as the file opened afresh, and it goes on."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.session import Session
from arbiter_app.session.codec import event_to_json
from arbiter_app.session.commands import AddPlayer, EnterResult, ImportEvent, RecordPairings
from arbiter_app.store.journal import canonical_json
from tests.support.sessions import TickingClock


def _fill(session: Session) -> None:
    for i in range(6):
        session.run(AddPlayer(name=f"Player {i + 1}", rating=2000 - 10 * i))
    session.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]), confirm=True)


def test_the_created_session_is_the_file_as_it_opens(tmp_path: Path) -> None:
    path = tmp_path / "made.arbiter"
    with Session.create(
        path, name="Made", system="swiss", rounds=3, clock=TickingClock(), then=_fill
    ) as made:
        with Session.open(path, readonly=True) as fresh:
            assert made.event == fresh.event
            assert made.state.tables == fresh.state.tables
            assert [x.entry.hash for x in made.log()] == [x.entry.hash for x in fresh.log()]
        assert len(made.event.players) == 6
        made.run(EnterResult(round=1, board=2, result="0-1"))
        made.undo()
        made.redo()
        assert made.verify() == []
    with Session.open(path, readonly=True) as again:
        assert [b.result and b.result.value for b in again.boards(1)] == [None, "0-1", None]
        assert again.verify() == []


def test_each_entry_is_the_canonical_text_of_the_arguments_it_keeps(tmp_path: Path) -> None:
    """An answer to no question is not kept; an answer that was asked for is (an import
    whose rounds repeat a game, FIDE C.02), and the text hashed into the chain is always
    the canonical text of what the entry keeps."""
    with Session.create(
        tmp_path / "a.arbiter", name="A", system="swiss", rounds=3, clock=TickingClock()
    ) as source:
        for name in ("Ann", "Bob", "Cid", "Dan"):
            source.run(AddPlayer(name=name, rating=1900))
        for round_no, boards in ((1, [[1, 2], [3, 4]]), (2, [[2, 1], [4, 3]])):
            source.run(RecordPairings(round=round_no, boards=boards), confirm=True)
            for board in (1, 2):
                source.run(EnterResult(round=round_no, board=board, result="1-0"))
        event = event_to_json(source.event)
    with Session.create(
        tmp_path / "b.arbiter", name="B", system="swiss", rounds=3, clock=TickingClock()
    ) as s:
        s.run(AddPlayer(name="Eve", rating=2000), confirm=True)  # nothing asked
        s.undo()
        s.run(ImportEvent(event=event, source="test"), confirm=True)
        lines = s.log()
        assert s.verify() == []
    kept = {x.entry.command: x.entry for x in lines}
    assert "confirm" not in kept["add_player"].arguments
    assert kept["import_event"].arguments["confirm"] is True
    for line in lines:
        assert line.entry.args == canonical_json(line.entry.arguments)
        assert line.entry.hash == line.entry.expected_hash()
