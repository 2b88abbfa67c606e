"""The session :meth:`Session.create` returns holds what it wrote, not a re-reading of it:
the same event, the same rows and journal as the file opened afresh, and it goes on."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EnterResult, RecordPairings
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
