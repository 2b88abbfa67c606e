"""A session open read-only knows when the writer has moved the journal on (issue 26)."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
from tests.support.sessions import TickingClock


def test_a_read_only_session_is_behind_after_the_writers_action(tmp_path: Path) -> None:
    path = tmp_path / "club.arbiter"
    with Session.create(path, name="Club", system="swiss", rounds=3, clock=TickingClock()) as w:
        w.run(AddPlayer(name="Ann", rating=2000))
        with Session.open(path, readonly=True) as reader:
            assert not reader.behind() and not w.behind()
            w.run(AddPlayer(name="Ben", rating=1900))
            assert reader.behind()
            assert [p.name for p in reader.event.players] == ["Ann"]  # as it was read
            with Session.open(path, readonly=True) as again:
                assert not again.behind()
                assert [p.name for p in again.event.players] == ["Ann", "Ben"]
