"""Check-in from the main window: the Round menu's entries, the status bar's count, and
round 1 paired with only the players present."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.model import Colour, EntryKind
from arbiter_app.session.commands import AddPlayer
from arbiter_app.ui.settings import Settings
from tests.ui.conftest import round_menu


def test_the_round_menu_checks_in_and_round_one_pairs_only_those_present(
    qtbot: QtBot, settings: Settings
) -> None:
    window = app.create_window(settings)
    qtbot.addWidget(window)
    for number, name in enumerate(("Ada", "Bea", "Cy", "Dov", "Eve", "Fay"), 1):
        window.document.run(AddPlayer.of({"name": name, "rating": 2000 - 10 * number}))
    window.show()
    qtbot.waitExposed(window)
    entries = [a.text() for a in round_menu(window).actions() if a.text()]
    assert "Checked in" in entries and "Absent for round…" in entries
    for tpn in (1, 2, 4, 5):
        assert window.players.select_player(tpn)
        window.players.check_in_action.trigger()
    assert window.state_label.text().endswith("; 4 of 6 players checked in")
    window.document.pair_next_round(Colour.WHITE)
    event = window.document.tournament
    assert [event.entry(t, 1).kind for t in (3, 6)] == [EntryKind.NOT_PAIRED] * 2
    assert len(window.document.boards(1)) == 2
    # Check-in is over: the status says where round 1 stands, not who checked in.
    assert "checked in" not in window.state_label.text()
    assert not window.players.check_in_action.isEnabled()
