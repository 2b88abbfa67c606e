"""Registering players with the keyboard only, after a look-up on the FIDE list (issue 26).

An arbiter at the registration desk presses Ins, types in Look up, presses Enter,
tabs through the fields and presses Enter: a new player is registered, and nobody
already entered is touched.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from arbiter_app.ui.dialogs.player import PlayerDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.panels.players import PlayersPanel
from tests.ui.test_ratings_window import rapid_event


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def press(qtbot: QtBot, key: Qt.Key, times: int = 1) -> None:
    for _ in range(times):
        qtbot.keyClick(focused(), key)


def type_text(qtbot: QtBot, text: str) -> None:
    qtbot.keyClicks(focused(), text)


@pytest.fixture
def document(tmp_path: Path) -> Iterator[EventDocument]:
    """A rapid event with the September list imported."""
    opened = rapid_event(tmp_path)
    yield opened
    opened.close()


def open_panel(qtbot: QtBot, document: EventDocument) -> PlayersPanel:
    panel = PlayersPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    panel.activateWindow()
    qtbot.waitActive(panel)
    panel.view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.view)
    return panel


def register_by_keys(qtbot: QtBot, panel: PlayersPanel, looked_up: str) -> PlayerDialog:
    press(qtbot, Qt.Key.Key_Insert)
    dialog = panel.dialog
    assert isinstance(dialog, PlayerDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.search)
    type_text(qtbot, looked_up)
    press(qtbot, Qt.Key.Key_Return)
    # Enter in Look up takes the match: the dialog stays open, the keyboard in Name.
    assert dialog.isVisible()
    assert focused() is dialog.name
    press(qtbot, Qt.Key.Key_Tab, 3)
    assert focused() is dialog.federation  # Name, Title, Rating, Federation
    press(qtbot, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    # Offscreen there is no window manager to give the panel's window back its activation.
    panel.activateWindow()
    return dialog


def test_keyboard_registration_after_a_look_up_adds_a_new_player(
    qtbot: QtBot, document: EventDocument
) -> None:
    panel = open_panel(qtbot, document)
    register_by_keys(qtbot, panel, "lindq")
    qtbot.waitUntil(lambda: len(document.tournament.players) == 1)
    maja = document.tournament.player(1)
    assert (maja.name, maja.rating, maja.title) == ("Lindqvist, Maja", 1766, "WCM")
    # The next one, keys only again: a new player, and Maja as she was.
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.view)
    register_by_keys(qtbot, panel, "Kasimov")
    qtbot.waitUntil(lambda: len(document.tournament.players) == 2)
    # Before round 1 the numbers follow the initial ranking: Rustam, rated higher, is 1 now.
    by_id = {p.fide_id: p for p in document.tournament.players}
    assert replace(by_id["24600962"], tpn=1) == maja
    rustam = by_id["4100018"]
    assert (rustam.name, rustam.rating, rustam.tpn) == ("Kasimov, Rustam", 2037, 1)


def test_a_name_not_on_the_list_is_carried_into_name(qtbot: QtBot, document: EventDocument) -> None:
    panel = open_panel(qtbot, document)
    press(qtbot, Qt.Key.Key_Insert)
    dialog = panel.dialog
    assert isinstance(dialog, PlayerDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.search)
    # First a player on the list, then, typed over, one who is not on it: nothing of the
    # first stays (her rating, her FIDE ID), and the name typed is in Name.
    type_text(qtbot, "lindq")
    assert dialog.fide_id.text() == "24600962"
    dialog.search.selectAll()
    type_text(qtbot, "Nobody, Known")
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.isVisible() and focused() is dialog.name
    assert dialog.name.text() == "Nobody, Known"
    assert (dialog.fide_id.text(), dialog.rating.value(), dialog.title.currentText()) == ("", 0, "")
    assert "Nobody on the imported lists matches" in dialog.found.text()
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(document.tournament.players) == 1)
    (player,) = document.tournament.players
    assert (player.name, player.rating, player.fide_id) == ("Nobody, Known", None, "")


def test_title_is_a_choice_of_fides_titles(qtbot: QtBot, document: EventDocument) -> None:
    from arbiter_app.core.model import Player

    dialog = PlayerDialog(None)
    qtbot.addWidget(dialog)
    assert not dialog.title.isEditable()
    assert [dialog.title.itemText(i) for i in range(dialog.title.count())] == [
        "", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"
    ]  # fmt: skip
    # A title an older file holds is shown as it is, and an unchanged one is no change.
    old = PlayerDialog(None, player=Player(1, "Old, Timer", 2000, title="AGM"))
    qtbot.addWidget(old)
    assert old.title.currentText() == "AGM"
    assert "title" not in old.changed_fields()
