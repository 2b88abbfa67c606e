"""The FIDE lists and the category prizes in the window: look up, import, check, categories."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EditSettings
from arbiter_app.session.rating_lookup import import_list
from arbiter_app.store.rating_db import RatingDatabase
from arbiter_app.ui.dialogs.player import PlayerDialog
from arbiter_app.ui.dialogs.ratings import RatingCheckDialog, RatingListsDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow, Services
from arbiter_app.ui.panels.players import PlayersPanel
from arbiter_app.ui.panels.prizes import PrizesPanel
from arbiter_app.ui.settings import Settings
from tests.support.sessions import TickingClock

DATA = Path(__file__).resolve().parents[1] / "data" / "ratings"


def rapid_event(folder: Path) -> EventDocument:
    """A rapid event starting 19 September 2026; the combined list of September imported."""
    import_list(DATA / "players_list_foa.txt", date(2026, 9, 1))
    session = Session.create(
        folder / "rapid.arbiter",
        name="Club Rapid",
        system="swiss",
        rounds=5,
        clock=TickingClock(),
        durable=False,
    )
    session.run(EditSettings(info={"time_control": "G/15+10", "start_date": "2026-09-19"}))
    return EventDocument(session)


@pytest.fixture
def document(tmp_path: Path) -> Iterator[EventDocument]:
    opened = rapid_event(tmp_path)
    yield opened
    opened.close()


def add_dialog(qtbot: QtBot, document: EventDocument) -> tuple[PlayersPanel, PlayerDialog]:
    panel = PlayersPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.mouseClick(panel.button(panel.add_action), Qt.MouseButton.LeftButton)
    dialog = panel.dialog
    assert isinstance(dialog, PlayerDialog)
    return panel, dialog


def test_add_player_looks_the_player_up_on_the_fide_list(
    qtbot: QtBot, document: EventDocument
) -> None:
    _, dialog = add_dialog(qtbot, document)
    qtbot.keyClicks(dialog.search, "lindq")
    assert dialog.matches.count() == 1
    assert dialog.matches.item(0).text() == (
        "Lindqvist, Maja  WCM  SWE  2009  1766 (FIDE rapid list, September 2026)"
    )
    assert (dialog.name.text(), dialog.fide_id.text(), dialog.rating.value()) == (
        "Lindqvist, Maja", "24600962", 1766,
    )  # fmt: skip
    assert dialog.source.text() == "Rating from: FIDE rapid list, September 2026."
    dialog.accept()
    maja = document.tournament.player(1)
    assert (maja.title, maja.sex, maja.birth, maja.federation) == ("WCM", "w", "2009", "SWE")
    assert maja.rating_source == "fide:rapid:2026-09"


def test_a_missing_rapid_rating_falls_back_to_standard_and_says_so(
    qtbot: QtBot, document: EventDocument
) -> None:
    _, dialog = add_dialog(qtbot, document)
    qtbot.keyClicks(dialog.search, "4100018")
    assert dialog.rating.value() == 2037
    assert "standard rating (no rapid rating)" in dialog.source.text()
    assert "the standard rating is used" in dialog.source.text()
    # A rating typed over the list's is the arbiter's own.
    dialog.rating.setValue(2050)
    assert dialog.source.text() == "Rating typed in."
    assert "rating_source" not in dialog.fields()
    dialog.accept()
    assert document.tournament.player(1).rating_source == "manual"


def test_the_ratings_menu_imports_a_list_and_checks_the_players(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    window = MainWindow(document, settings, Services())
    qtbot.addWidget(window)
    menu = window.ratings_menu
    assert [a.text() for a in menu.actions() if not a.isSeparator()] == [
        "&Import FIDE rating list…",
        "&Update every list from a folder…",
        "&Download FIDE's lists now",
        "FIDE &lists imported…",
        "&Sequence of rating lists…",
        "&Check players' ratings…",
        "Check &after each list update",
        "Import US Chess &member list…",
        "Check players' US Chess membe&rships…",
    ]
    report = menu.import_path(DATA / "rapid_rating_list.xml", date(2026, 10, 1))
    assert report is not None and report.imported.title == "FIDE rapid list, October 2026"
    document.run(AddPlayer.of({"name": "Aasgaard, Magne", "fide_id": "1503014", "rating": 2700}))
    document.run(AddPlayer.of({"name": "Okafor, Chinedu", "fide_id": "30917461", "rating": 1544}))
    dialog = menu.check()
    assert isinstance(dialog, RatingCheckDialog)
    # The rapid list of October is not valid yet on 19 September: September's is.
    assert "valid at the start, 2026-09-19" in dialog.report.heading()
    assert dialog.table.rowCount() == 1
    assert [dialog.table.item(0, c).text() for c in range(5)] == [
        "1", "Aasgaard, Magne", "1503014", "2700", "2688",
    ]  # fmt: skip
    assert dialog.summary.text() == "1 of the 2 players with a FIDE ID differs from the list."
    window.close()


def test_the_check_applies_the_ticked_ratings_and_runs_after_an_import(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    """Checklist Q139 (a check after a list update), Q143-Q144 (a chosen subset applied,
    nothing unasked), Q141 (the check says when the list valid at the start is missing)."""
    window = MainWindow(document, settings, Services())
    qtbot.addWidget(window)
    menu = window.ratings_menu
    document.today = lambda: date(2026, 9, 20)  # type: ignore[method-assign]
    document.run(AddPlayer.of({"name": "Aasgaard, Magne", "fide_id": "1503014", "rating": 2700}))
    document.run(AddPlayer.of({"name": "Lindqvist, Maja", "fide_id": "24600962", "rating": 1700}))
    dialog = menu.check()
    assert isinstance(dialog, RatingCheckDialog)
    assert not dialog.stale.isVisibleTo(dialog)
    assert dialog.table.rowCount() == 2 and dialog.apply_button.isEnabled()
    dialog.table.item(0, 0).setCheckState(Qt.CheckState.Unchecked)  # Magne stays at 2700
    entries = len(document.session.journal())
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert [(p.name, p.rating) for p in document.tournament.players] == [
        ("Aasgaard, Magne", 2700),
        ("Lindqvist, Maja", 1766),
    ]
    assert len(document.session.journal()) == entries + 1
    again = menu.dialog
    assert isinstance(again, RatingCheckDialog) and again is not dialog
    assert again.table.rowCount() == 1
    again.close()
    # A list imported while the event is open: the check follows the import's notice.
    document.run(EditSettings(info={"start_date": "2026-11-20"}))
    menu.import_path(DATA / "rapid_rating_list.xml", date(2026, 10, 1))
    box = menu.dialog
    assert box is not None and not isinstance(box, RatingCheckDialog)
    box.done(0)
    checked = menu.dialog
    assert isinstance(checked, RatingCheckDialog)
    assert "list of November 2026" in checked.stale.text()
    assert checked.stale.isVisibleTo(checked)
    checked.close()
    # The list valid at the start is there, but FIDE has published a newer one since.
    document.run(EditSettings(info={"start_date": "2026-10-03"}))
    document.today = lambda: date(2026, 11, 5)  # type: ignore[method-assign]
    current = menu.check()
    assert current is not None and current.stale.text() == (
        "FIDE has published the list of November 2026 (a list comes out on the first day of "
        "every month); the newest on this computer is of October 2026. Download it and update "
        "the lists to keep them current."
    )
    current.close()
    window.close()


def test_the_sequence_of_lists_is_set_from_the_ratings_menu(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    """Checklist Q124, Q126: lists added, left out and reordered in the window."""
    csv = tmp_path / "ENG.csv"
    csv.write_text("id;name;rating\nA1;Kasimov, Rustam;2101\n")
    with RatingDatabase.open() as db:
        db.import_custom(csv, name="ENG", month=date(2026, 9, 1))
    window = MainWindow(document, settings, Services())
    qtbot.addWidget(window)
    dialog = window.ratings_menu.edit_sequence()
    assert isinstance(dialog, RatingListsDialog)
    rows = [dialog.lists.item(r) for r in range(dialog.lists.count())]
    assert [(i.text(), i.checkState() == Qt.CheckState.Checked) for i in rows] == [
        ("FIDE rapid", True),
        ("FIDE standard", True),
        ("FIDE blitz", True),
        ("list ENG", False),
    ]
    # The default of a rapid event (checklist Q123), named on its button.
    assert dialog.reset.toolTip() == (
        "Back to the default of a rapid event: the effective rapid list (rapid, else "
        "standard), then the blitz list: FIDE rapid, FIDE standard, FIDE blitz"
    )
    dialog.lists.setCurrentRow(3)
    qtbot.mouseClick(dialog.up, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.up, Qt.MouseButton.LeftButton)
    dialog.lists.item(1).setCheckState(Qt.CheckState.Checked)
    dialog.lists.item(3).setCheckState(Qt.CheckState.Unchecked)
    dialog.accept()
    assert document.session.state.setting("rating_lists") == ["rapid", "list:ENG", "standard"]
    again = window.ratings_menu.edit_sequence()
    assert again is not None
    qtbot.mouseClick(again.reset, Qt.MouseButton.LeftButton)
    assert document.session.state.setting("rating_lists") is None
    window.close()


def test_q138_the_check_after_a_list_update_is_switched_off_and_on(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    """Checklist Q138: the check that opens by itself after an import (Q139) is switched
    off and on from the Ratings menu, as a setting of the event (undone like any other)."""
    window = MainWindow(document, settings, Services())
    qtbot.addWidget(window)
    menu = window.ratings_menu
    document.run(AddPlayer.of({"name": "Lindqvist, Maja", "fide_id": "24600962", "rating": 1700}))
    switch = menu.auto_check_action
    assert switch.isCheckable() and switch.isChecked()
    # Off: the import's notice says the event was not checked, and no check opens.
    switch.trigger()
    assert document.session.state.setting("rating_check_after_update") is False
    menu.import_path(DATA / "players_list_foa.txt", date(2026, 9, 1))
    box = menu.dialog
    assert isinstance(box, QMessageBox)
    assert box.informativeText() == (
        "The event's ratings were not checked against the lists: the check after a list "
        "update is switched off for this event (FIDE C.02, question 138). A check asked for "
        "still runs ('arbiter-app ratings check FILE', or Ratings ▸ Check players' ratings… "
        "in the window)."
    )
    box.done(0)
    assert menu.dialog is box
    # Asked for, the check runs all the same.
    asked = menu.check()
    assert isinstance(asked, RatingCheckDialog) and asked.table.rowCount() == 1
    asked.close()
    # Undo switches it on again (one action of the event); the menu shows it.
    document.undo()
    menu.show_auto_check()
    assert switch.isChecked()
    menu.import_path(DATA / "players_list_foa.txt", date(2026, 9, 1))
    box = menu.dialog
    assert isinstance(box, QMessageBox) and not box.informativeText()
    box.done(0)
    assert isinstance(menu.dialog, RatingCheckDialog)
    menu.dialog.close()
    window.close()


def test_every_list_of_a_folder_is_updated_from_the_ratings_menu(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    """Checklist Q136 (one update of every local list) and Q139 (the check after it)."""
    folder = tmp_path / "downloads"
    folder.mkdir()
    (folder / "rapid_oct26frl_xml.xml").write_bytes((DATA / "rapid_rating_list.xml").read_bytes())
    (folder / "NAT.csv").write_text("id;name;rating\n")
    document.today = lambda: date(2026, 10, 2)  # type: ignore[method-assign]
    document.run(AddPlayer.of({"name": "Aasgaard, Magne", "fide_id": "1503014", "rating": 2700}))
    window = MainWindow(document, settings, Services())
    qtbot.addWidget(window)
    menu = window.ratings_menu
    lines = menu.update_folder(folder)
    assert lines is not None
    assert [(line.file, line.imported) for line in lines] == [
        ("NAT.csv", None),
        ("rapid_oct26frl_xml.xml", True),
    ]
    box = menu.dialog
    assert isinstance(box, QMessageBox) and box.text() == "1 list imported from downloads."
    box.done(0)
    assert isinstance(menu.dialog, RatingCheckDialog)
    menu.dialog.close()
    window.close()


def test_the_prizes_panel_defines_categories_and_lists_them(
    qtbot: QtBot, document: EventDocument
) -> None:
    for name, rating, sex in (("Ann", 2200, "w"), ("Ben", 2100, "m"), ("Cid", 1750, "m")):
        document.run(AddPlayer.of({"name": name, "rating": rating, "sex": sex}))
    panel = PrizesPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    panel.fund.setText("300, 200")
    assert panel.set_fund()
    panel.categories_box.setChecked(True)
    assert panel.categories.isVisible()
    panel.categories.setPlainText("U1800: rating<1800: 150\nWomen: sex=w: 100")
    panel.award_rule.setCurrentIndex(panel.award_rule.findData("place-first"))
    qtbot.mouseClick(panel.categories_button, Qt.MouseButton.LeftButton)
    panel.refresh()
    model = panel.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Place", "No.", "Player", "Money (USD)", "Prize", "Tour points", "How"]
    assert "the place prizes are given first" in panel.rule.text()
    assert document.prize_categories() == (
        ("U1800: rating<1800: 150.00", "Women: sex=w: 100.00"),
        "place-first",
    )
    # No round played: all three share places 1-3, so place prizes first pay 166.66 each
    # and the categories' lists have nobody left.
    money = {model.cell(r, 2): model.cell(r, 3) for r in range(model.rowCount())}
    assert money == {"Ann": "166.67", "Ben": "166.67", "Cid": "166.66"}
    panel.categories.setPlainText("U1800: rating<1800: 20,50")
    assert not panel.set_categories()  # refused with the message; nothing changed


def test_each_button_of_the_sequence_dialog_has_its_own_key(qtbot: QtBot) -> None:
    """Move down and Default both took Alt+D, which then only moved the focus between them
    (seen under Xvfb with real keys): each button has a letter of its own."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QAbstractButton

    from arbiter_app.core.ratinglist import RatingType
    from arbiter_app.ui.dialogs.ratings import RatingListsDialog

    dialog = RatingListsDialog(("standard",), ["standard", "rapid", "blitz"], RatingType.STANDARD)
    qtbot.addWidget(dialog)
    dialog.show()
    keys = [
        b.text().split("&")[1][0].lower()
        for b in dialog.findChildren(QAbstractButton)
        if "&" in b.text()
    ]
    assert len(keys) >= 3 and len(keys) == len(set(keys)), keys
    assert dialog.down.text() == "Move do&wn"
    dialog.down.click()
    first = dialog.lists.item(0).data(Qt.ItemDataRole.UserRole)
    assert first == "rapid"
    dialog.reject()


def test_the_fide_look_up_says_who_holds_the_id_already(
    qtbot: QtBot, document: EventDocument
) -> None:
    _, dialog = add_dialog(qtbot, document)
    qtbot.keyClicks(dialog.search, "lindq")
    dialog.accept()
    _, dialog = add_dialog(qtbot, document)
    qtbot.keyClicks(dialog.search, "lindq")
    assert dialog.found.text() == (
        "Already registered: player 1 (Lindqvist, Maja); a player is registered once."
    )
    dialog.reject()
