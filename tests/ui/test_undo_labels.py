"""The Undo menu says what it undoes, from the journal entry's arguments."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.core.model import Colour
from arbiter_app.core.result import GameResult
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, SetPrizeCategories, SetPrizeFund
from arbiter_app.ui.document import EventDocument
from tests.support.sessions import TickingClock
from tests.support.warning_dialogs import AgreeToAll


def test_undo_names_the_pairing_the_registration_and_the_result(tmp_path: Path) -> None:
    session = Session.create(
        tmp_path / "club.arbiter",
        name="Club",
        system="swiss",
        rounds=3,
        clock=TickingClock(),
        durable=False,
    )
    document = EventDocument(session)
    document.warnings = AgreeToAll()
    try:
        for name in ("Okafor, Daniel", "Sato, Kenji", "Barros, Lucia"):
            session.run(AddPlayer(name=name, rating=2000))
        assert document.undo_label() == "registration of Barros, Lucia"
        document.pair_next_round(Colour.WHITE)
        assert document.undo_label() == "pairing of round 1"
        document.set_result(1, 1, GameResult.WHITE_WINS)
        assert document.undo_label() == "result of board 1, round 1: 1-0"
        document.undo()
        assert document.redo_label() == "result of board 1, round 1: 1-0"
        document.undo()
        assert document.redo_label() == "pairing of round 1"
        session.run(SetPrizeFund(prizes=["100", "50"]))
        assert document.undo_label() == "prize fund"
        session.run(SetPrizeCategories(categories=["Under 2100: rating<2100: 20"]))
        assert document.undo_label() == "category prizes"
    finally:
        document.close()
