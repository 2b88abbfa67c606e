"""One Saturday at a club: an Open, a Reserve and a quad ladder in one event file, on the real
window and the real session, keyboard first where it can be (issue 16).

File ▸ New (Ctrl+N) names the event; its section is renamed Open and a Reserve and
a Quads section are added (Sections menu); players are registered in each, the
sections switched with Ctrl+PgDown / Ctrl+PgUp; two players are moved between
the Open and the Reserve before round 1; the Quads section is split into
quads after the arbiter saw the groups; every section is paired and its results
typed on the boards; each section's standings and prizes (a category prize in
the Reserve) are read; one TRF file per section is written, as FIDE rates
them; File ▸ Save as… gives the event its file; the file, opened again, shows
the same sections, standings and journal.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QLineEdit, QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.session import Session
from arbiter_app.ui.dialogs.new_event import NewEventDialog
from arbiter_app.ui.dialogs.sections import AddSectionDialog, MovePlayerDialog, QuadsDialog
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.windows import save_as_by_keys
from tests.ui.test_club_swiss_day import add_player, standings, type_results
from tests.ui.test_full_flow import CTRL, answering, click, ok_of, retype, the_open

OPEN = (("Amis, Kai", "2390"), ("Berg, Ana", "2210"), ("Cole, Ned", "1990"), ("Dale, Ivo", "1450"))
RESERVE = (("Eck, Lea", "1720"), ("Fox, Ugo", "1480"), ("Gil, Mo", "1350"), ("Hale, Bo", "2050"))
QUADS = (
    ("Ito, Rin", "1610"),
    ("Jax, Pia", "1880"),
    ("Kerr, Al", "1540"),
    ("Lund, Ox", "1770"),
    ("Moss, Ty", "1690"),
    ("Nash, Di", "1820"),
    ("Orr, Sam", "1590"),
    ("Pike, Jo", "1730"),
)
"""Registered in no order of rating; the quads are made by rating from the top."""


def section_shown(window: MainWindow) -> str:
    return window.document.section.name


def go_to(window: MainWindow, qtbot: QtBot, name: str) -> None:
    """Ctrl+PgDown until the section *name* is shown (round the list)."""
    window.activateWindow()  # a question box was the active window a moment ago
    qtbot.waitUntil(window.isActiveWindow)
    for _ in range(len(window.document.sections)):
        if section_shown(window) == name:
            break
        qtbot.keyClick(window, Qt.Key.Key_PageDown, CTRL)
    assert section_shown(window) == name
    assert window.sections_bar.combo.currentText().startswith(name)
    assert f" - {name} — " in window.windowTitle()


def sections_menu(window: MainWindow, qtbot: QtBot, key: Qt.Key) -> None:
    """Alt+C opens the Sections menu; *key* is the underlined letter of the action."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(window.sections_menu.isVisible)
    qtbot.keyClick(window.sections_menu, key)


def add_section(window: MainWindow, qtbot: QtBot, name: str, rounds: str, rules: int) -> None:
    sections_menu(window, qtbot, Qt.Key.Key_A)  # Sections ▸ Add a section…
    dialog = the_open(window, AddSectionDialog)
    qtbot.keyClicks(dialog.name, name)
    retype(qtbot, dialog.rounds, rounds)
    dialog.preset.setCurrentIndex(rules)
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert section_shown(window) == name


def register(window: MainWindow, qtbot: QtBot, entries: tuple[tuple[str, str], ...]) -> None:
    window.docks["players"].raise_()
    for name, rating in entries:
        dialog = add_player(window, qtbot, name, rating)
        qtbot.keyClick(dialog.rating, Qt.Key.Key_Return)


def move(window: MainWindow, qtbot: QtBot, who: str, to: str) -> None:
    sections_menu(window, qtbot, Qt.Key.Key_V)  # Sections ▸ Move a player to another section…
    dialog = the_open(window, MovePlayerDialog)
    dialog.player.setCurrentIndex(dialog.player.findText(who, Qt.MatchFlag.MatchContains))
    dialog.target.setCurrentIndex(dialog.target.findText(to, Qt.MatchFlag.MatchStartsWith))
    click(qtbot, ok_of(dialog))


def pair(window: MainWindow, qtbot: QtBot) -> None:
    window.docks["pairings"].raise_()
    if (
        window.document.paired_rounds() == 0
        and not window.document.tournament.system.is_round_robin
    ):
        with answering(window, QMessageBox, lambda box: click(qtbot, box.buttons()[1])):
            click(qtbot, window.pairings.pair_button)
    else:
        click(qtbot, window.pairings.pair_button)


def names(window: MainWindow) -> list[str]:
    return [p.name for p in window.document.tournament.players]


def test_two_sections_and_a_quad_ladder_on_one_saturday(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    window = app.create_window(settings)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    document = window.document

    # -- File ▸ New, then the sections ---------------------------------------------------------
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    new = the_open(window, NewEventDialog)
    qtbot.keyClicks(new.name, "Saturday Club")
    retype(qtbot, new.rounds, "3")
    qtbot.keyClick(new.name, Qt.Key.Key_Return)
    assert not window.sections_bar.isVisible()  # one section: no switcher in the way
    sections_menu(window, qtbot, Qt.Key.Key_R)  # Sections ▸ Rename this section…
    rename = the_open(window, QInputDialog)
    line = rename.findChild(QLineEdit)
    assert line is not None
    retype(qtbot, line, "Open")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    add_section(window, qtbot, "Reserve", "3", rules=0)
    add_section(window, qtbot, "Quads", "3", rules=0)
    assert window.sections_bar.isVisible()
    assert [s.name for s in document.sections] == ["Open", "Reserve", "Quads"]

    # -- players in each section, switching by keys --------------------------------------------
    qtbot.keyClick(window, Qt.Key.Key_PageUp, CTRL)
    qtbot.keyClick(window, Qt.Key.Key_PageUp, CTRL)
    assert section_shown(window) == "Open"
    register(window, qtbot, OPEN)
    go_to(window, qtbot, "Reserve")
    register(window, qtbot, RESERVE)
    go_to(window, qtbot, "Quads")
    register(window, qtbot, QUADS)
    assert len(names(window)) == 8

    # -- moved before round 1: Dale down to the Reserve, Hale up to the Open -----------------------
    go_to(window, qtbot, "Open")
    move(window, qtbot, "Dale, Ivo", "Reserve")
    go_to(window, qtbot, "Reserve")
    assert "Dale, Ivo" in names(window)
    move(window, qtbot, "Hale, Bo", "Open")
    assert names(window) == ["Eck, Lea", "Fox, Ugo", "Dale, Ivo", "Gil, Mo"]  # by rating
    go_to(window, qtbot, "Open")
    assert names(window) == ["Amis, Kai", "Berg, Ana", "Hale, Bo", "Cole, Ned"]

    # -- quads, shown before they are made ------------------------------------------------------
    go_to(window, qtbot, "Quads")
    sections_menu(window, qtbot, Qt.Key.Key_Q)  # Sections ▸ Make quads of this section…
    quads = the_open(window, QuadsDialog)
    shown = quads.preview.toPlainText().splitlines()
    assert shown[0] == "Quad 1: 4 players, a round robin of 3 rounds"
    assert [s.strip() for s in shown[1:5]] == [
        "Jax, Pia (1880)",
        "Nash, Di (1820)",
        "Lund, Ox (1770)",
        "Pike, Jo (1730)",
    ]
    quads.remainder.setCurrentIndex(quads.remainder.findData("house-player"))
    assert ok_of(quads).isEnabled()  # eight players: no house player needed
    click(qtbot, ok_of(quads))
    assert [s.name for s in document.sections] == ["Open", "Reserve", "Quad 1", "Quad 2"]
    assert section_shown(window) == "Quad 1"
    assert set(names(window)) == {"Jax, Pia", "Nash, Di", "Lund, Ox", "Pike, Jo"}
    assert document.session.journal()[-1].command == "section.quads"

    # -- every section paired, its results typed --------------------------------------------------
    for name in ("Quad 1", "Quad 2"):
        go_to(window, qtbot, name)
        for keys in ("1=", "01", "=1"):
            pair(window, qtbot)
            type_results(window, qtbot, keys)
        assert document.event_state().final
    quad_1_standings = None
    go_to(window, qtbot, "Quad 1")
    quad_1_standings = standings(window)
    assert [row[4] for row in quad_1_standings] != ["0", "0", "0", "0"]
    for name, results in (("Open", ("1=", "01", "=1")), ("Reserve", ("10", "=1", "01"))):
        go_to(window, qtbot, name)
        for keys in results:
            pair(window, qtbot)
            type_results(window, qtbot, keys)
        assert window.standings.caption.text().startswith("Final standings")
    # Each section ranks its own players only.
    go_to(window, qtbot, "Open")
    assert {row[2] for row in standings(window)} == set(names(window))

    # -- prizes per section: a category prize in the Reserve ---------------------------------------
    go_to(window, qtbot, "Reserve")
    window.docks["prizes"].raise_()
    prizes = window.prizes
    qtbot.keyClicks(prizes.fund, "100, 50")
    qtbot.keyClick(prizes.fund, Qt.Key.Key_Return)
    prizes.categories_box.setChecked(True)
    prizes.categories.setPlainText("U1500: rating<1500: 25")
    assert prizes.set_categories()
    rows, listed = document.prize_list() or ([], None)
    assert listed is not None and listed.categories
    under_1500 = [r for r in rows if "U1500" in str(r)]
    assert under_1500, rows
    go_to(window, qtbot, "Open")
    assert document.prize_list() is None  # the Reserve's fund is its own

    # -- a section's sheets: its pairings, its protocol of draws ----------------------------
    go_to(window, qtbot, "Quad 2")
    sheet = window.build_sheet("pairings")
    assert sheet is not None and sheet.event == "Saturday Club - Quad 2"
    lots = window.build_sheet("lots")
    assert lots is not None and "Pairing numbers of Quad 2, by lot" in str(lots.blocks)

    # -- one TRF file per section ------------------------------------------------------------
    written = {}
    for section in [s.name for s in document.sections]:
        go_to(window, qtbot, section)
        target = tmp_path / f"{section.replace(' ', '-').lower()}.trf"
        window.write_trf(target)
        written[section] = target.read_text(encoding="utf-8")
    assert "012 Saturday Club - Quad 2" in written["Quad 2"]
    assert written["Open"].count("\n001 ") == 4
    assert "Dale, Ivo" in written["Reserve"] and "Dale, Ivo" not in written["Open"]

    # -- File ▸ Save as… by keys, then opened again: the same -----------------------------------------
    before = {}
    for section in [s.name for s in document.sections]:
        go_to(window, qtbot, section)
        before[section] = standings(window)
    target = tmp_path / "saturday.arbiter"
    save_as_by_keys(qtbot, window, settings, tmp_path, "saturday")
    assert document.path == target
    journal = [e.hash for e in document.session.journal()]
    assert window.close()

    again = app.create_window(settings)
    qtbot.addWidget(again)
    again.show()
    again.activateWindow()
    qtbot.waitUntil(again.isActiveWindow)
    assert again.files.open_path(target)
    assert [s.name for s in again.document.sections] == list(before)
    for section, rows in before.items():
        go_to(again, qtbot, section)
        assert standings(again) == rows
    assert [e.hash for e in again.document.session.journal()] == journal
    with Session.open(target, readonly=True) as reader:
        assert reader.verify() == []
    again.document.close()
