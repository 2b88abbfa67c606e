"""The Ratings menu's US Chess member list: imported from the window (with its month asked
when the file's name does not say it), then the players' memberships checked (US Chess rule
23C: level-2 notices, nothing refused)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QDate
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.session.commands import AddPlayer
from arbiter_app.store.member_db import MemberDatabase
from arbiter_app.ui.dialogs.ratings import ImportListDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow, Services
from arbiter_app.ui.settings import Settings
from tests.ui.test_uschess_members_window import SUPPLEMENT, add_dialog, us_event


@pytest.fixture
def us_window(
    qtbot: QtBot, tmp_path: Path, settings: Settings
) -> Iterator[tuple[MainWindow, EventDocument]]:
    """The window over a US Chess event of 5 December 2026, before any member list."""
    document = us_event(tmp_path / "saturday.arbiter")
    window = MainWindow(document, settings, Services())
    qtbot.addWidget(window)
    yield window, document
    window.close()
    document.close()


def choose(monkeypatch: object, path: Path) -> None:
    monkeypatch.setattr(  # type: ignore[attr-defined]
        QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), "")
    )


def test_the_member_list_is_imported_from_the_menu_then_the_players_are_checked(
    qtbot: QtBot, us_window: tuple[MainWindow, EventDocument], monkeypatch: object
) -> None:
    window, document = us_window
    # Before any list, the look-up points the TD to the menu, not to the command line.
    dialog = add_dialog(qtbot, document)
    assert dialog.member_found.text() == (
        "No US Chess member list is imported yet (Ratings ▸ Import US Chess member list…)."
    )
    dialog.reject()
    menu = window.ratings_menu
    # Nothing imported: the check says what to do, and how.
    menu.check_memberships()
    QApplication.processEvents()
    error = [b for b in window.findChildren(QMessageBox) if b.isVisible()][-1]
    assert "Ratings ▸ Import US Chess member list…" in error.text() + error.informativeText()
    error.close()
    # The supplement's name says its month (November 2026): imported at once.
    choose(monkeypatch, SUPPLEMENT)
    menu.members_action.trigger()
    qtbot.waitUntil(lambda: isinstance(menu.dialog, QMessageBox) and menu.dialog.isVisible())
    assert menu.dialog.text() == "Imported 14 members: US Chess member list, November 2026."
    menu.dialog.close()
    with MemberDatabase.open() as db:
        assert [x.title for x in db.lists()] == ["US Chess member list, November 2026"]
    document.run(AddPlayer.of({"name": "CASTELLO, MIRA", "national_id": "12000003"}))
    document.run(AddPlayer.of({"name": "EKWUEME, NIA", "national_id": "12000005"}))
    document.run(AddPlayer.of({"name": "Walk-in, Pat"}))
    checked = menu.check_memberships()
    assert checked is not None
    box = menu.dialog
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.text() == "2 players with a US Chess ID checked, 1 notice; 1 player without an ID"
    assert box.informativeText().startswith("1 CASTELLO, MIRA (US Chess ID 12000003): the")
    assert "(US Chess rule 23C)" in box.informativeText()
    box.close()


def test_a_file_without_its_month_in_the_name_asks_for_the_month(
    qtbot: QtBot,
    tmp_path: Path,
    us_window: tuple[MainWindow, EventDocument],
    monkeypatch: object,
) -> None:
    window, _ = us_window
    renamed = tmp_path / "members.txt"
    shutil.copy(SUPPLEMENT, renamed)
    choose(monkeypatch, renamed)
    menu = window.ratings_menu
    menu.members_action.trigger()
    asked = menu.dialog
    assert isinstance(asked, ImportListDialog) and asked.isVisible()
    assert asked.windowTitle() == "Import a US Chess member list"
    assert not asked.kind.isVisible()  # FIDE's kinds of list mean nothing here
    asked.month.setDate(QDate(2026, 10, 1))
    asked.accept()
    qtbot.waitUntil(lambda: isinstance(menu.dialog, QMessageBox) and menu.dialog.isVisible())
    assert menu.dialog.text() == "Imported 14 members: US Chess member list, October 2026."
    menu.dialog.close()
