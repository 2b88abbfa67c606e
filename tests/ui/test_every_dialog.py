"""Issue 26's guard: every dialog the window opens is opened, shown and closed in a real event loop.

A print preview given a printer that did not outlive it crashed the program; no
test had run one for real. Here every entry of every menu (found by walking the
menu bar, so a new entry is covered without a new test), every Print sheet entry
on an event that can print each sheet, every button of the panels that opens a
dialog, and every dialog of the play-off card is run as a user runs it: the
dialog is executed or opened, painted, and closed by Escape's way from inside
the event loop (:func:`tests.support.modal.exercise`).

The same tests run on a real X server in CI (``.ci/run``: Xvfb, ``ARBITER_TEST_PLATFORM=xcb``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QMenu, QTableView, QWidget
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.session.commands import AddPlayer, SetPrizeFund
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.modal import Shown, exercise

ARROW = " ▸ "

NO_DIALOG_BEHIND_THE_DOTS = {
    "Edit ▸ Find a player…": "the cursor goes into the search box of the panel in use",
}
"""Entries whose name ends in "…" but which open no dialog, and why."""


DEMO_AS_OPENED = ("import event", None)
"""What Undo and Redo name on the demo as it opens."""


def as_opened(window: MainWindow) -> tuple[str | None, str | None]:
    return window.document.undo_label(), window.document.redo_label()


def demo_window(qtbot: QtBot, settings: Settings) -> MainWindow:
    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    window.resize(1200, 760)
    window.show()
    qtbot.waitExposed(window)
    return window


def entries(menu: QMenu, where: str = "") -> Iterator[tuple[str, QAction]]:
    """Every entry of *menu* and its submenus by its path ("File ▸ Print sheet ▸ lots");
    menus filled as they open (Open recent, Projector on screen) are filled first."""
    menu.aboutToShow.emit()
    for action in menu.actions():
        if action.isSeparator():
            continue
        path = where + action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        sub = action.menu()
        if isinstance(sub, QMenu):
            yield from entries(sub, path + ARROW)
        else:
            yield path, action


def menu_entries(window: MainWindow) -> dict[str, QAction]:
    found: dict[str, QAction] = {}
    for top in window.menuBar().actions():
        menu = top.menu()
        assert isinstance(menu, QMenu)
        name = top.text().replace("&", "")
        found.update(entries(menu, name + ARROW))
    return found


def test_every_menu_entry_runs_and_what_it_opens_is_shown_and_closed(
    qtbot: QtBot, settings: Settings
) -> None:
    window = demo_window(qtbot, settings)
    paths = list(menu_entries(window))
    assert len(paths) > 60  # the walk reached the submenus
    shown: dict[str, list[Shown]] = {}
    problems: list[str] = []
    for path in paths:
        # Each entry on the demo as it opens: a new window once an entry has changed the
        # event (Undo) or closed the window (Quit).
        if not window.isVisible() or as_opened(window) != DEMO_AS_OPENED:
            window = demo_window(qtbot, settings)
        action = menu_entries(window)[path]
        if not action.isEnabled():
            continue
        shown[path] = exercise(action.trigger)
        if path.endswith("…") and not shown[path] and path not in NO_DIALOG_BEHIND_THE_DOTS:
            problems.append(f"{path} opened nothing")
        problems += [
            f"{path}: {s.kind} shows {text!r} with its '&'"
            for s in shown[path]
            for text in s.stray_ampersands
        ]
        problems += [
            f"{path}: {s.kind} cuts off the last lines of {text!r}"
            for s in shown[path]
            for text in s.cut_labels
        ]
        problems += [
            f"{path}: {s.kind} is {s.beyond_screen}" for s in shown[path] if s.beyond_screen
        ]
    assert problems == []
    kinds = {path: [s.kind for s in seen] for path, seen in shown.items()}
    assert kinds["File ▸ Print preview…"] == ["SheetPreview"]
    assert shown["File ▸ Print preview…"][0].pages == 1
    assert kinds["File ▸ Print…"] == ["PrintDialog"]
    assert kinds["Edit ▸ Event settings…"] == ["EventSettingsDialog"]
    assert kinds["Edit ▸ Preferences…"] == ["PreferencesDialog"]
    assert kinds["File ▸ Open…"] == ["QFileDialog"]
    assert kinds["Help ▸ Guide"] == ["GuideWindow"]
    assert kinds["View ▸ Projector window"] == ["ProjectorWindow"]
    # Every Print sheet entry opens its preview, or says why this event has no such sheet.
    sheets = [p for p in shown if p.startswith("File ▸ Print sheet ▸ ")]
    assert len(sheets) == len(window.sheets_menu.actions())
    for path in sheets:
        assert kinds[path] in (["SheetPreview"], ["QMessageBox"]), (path, kinds[path])


def play_off_under_way(window: MainWindow) -> None:
    """The demo's GCT classical play-off driven to its Armageddon knockout's first game,
    the prize fund set: every sheet the event can have can be printed."""
    from arbiter_app.core.playoff import next_step
    from tests.ui.test_playoff import Answers

    runner = window.playoff.runner
    real = runner.prompter
    runner.prompter = Answers()
    try:
        for _ in range(40):
            state = window.document.playoff_state()
            if state is not None and next_step(state).code == "toss":
                break  # the knockout is drawn: its bracket can be printed
            card = window.playoff.card
            button = next(b for b in card.buttons if b.text() != "Already printed")
            button.click()
    finally:
        runner.prompter = real
    window.document.run(
        SetPrizeFund(prizes=[str(Decimal(100000)), "65000", "48000"], currency="USD")
    )


def test_every_print_sheet_entry_previews_its_pages_on_an_event_that_has_them(
    qtbot: QtBot, settings: Settings
) -> None:
    window = demo_window(qtbot, settings)
    play_off_under_way(window)
    actions = window.sheets_menu.actions()
    assert len(actions) >= 14
    for action in actions:
        seen = exercise(action.trigger)
        assert [s.kind for s in seen] == ["SheetPreview"], (action.data(), seen)
        assert seen[0].title == f"Print preview: {action.data()}"
        assert seen[0].pages >= 1, action.data()


def dialog_buttons(panel: QWidget) -> dict[str, QAbstractButton | QAction]:
    """A panel's buttons and actions whose text ends in "…": each opens a dialog."""
    found: dict[str, QAbstractButton | QAction] = {}
    for button in panel.findChildren(QAbstractButton):
        if button.text().endswith("…") and button.isVisibleTo(panel):
            found[button.text()] = button
    for action in panel.findChildren(QAction):
        if action.text().endswith("…"):
            found.setdefault(action.text(), action)
    return found


@pytest.mark.parametrize("stage", ["registration", "round-1", "demo"])
def test_every_dialog_of_the_panels_is_shown_and_closed(
    qtbot: QtBot, settings: Settings, stage: str
) -> None:
    """Registration (a club Swiss of eight), its round 1 paired, and the demo (final)."""
    if stage == "demo":
        window = demo_window(qtbot, settings)
    else:
        window = swiss_window(qtbot, settings, paired=stage == "round-1")
    opened: dict[str, list[str]] = {}
    for name in ("players", "pairings", "by_name", "crosstable", "standings", "prizes"):
        panel = getattr(window, name)
        window.bring_forward(window.docks[name])
        qtbot.wait(10)
        select_first_row(panel)
        for text, control in dialog_buttons(panel).items():
            if not control.isEnabled():
                continue
            trigger = control.trigger if isinstance(control, QAction) else control.click
            seen = exercise(trigger)
            opened[f"{name}: {text}"] = [s.kind for s in seen]
            assert [t for s in seen for t in s.stray_ampersands] == [], (name, text)
            assert [t for s in seen for t in s.cut_labels] == [], (name, text)
            assert [s.beyond_screen for s in seen if s.beyond_screen] == [], (name, text)
    assert opened, "no panel has a dialog"
    assert [k for k, kinds in opened.items() if not kinds] == []
    expected = {
        "registration": {
            "players: Add player…": ["PlayerDialog"],
            "players: Edit…": ["PlayerDialog"],
            "players: Import list…": ["QFileDialog"],
            "players: Pairing numbers…": ["PairingNumbersDialog"],
            "players: Requested bye…": ["ByeRequestDialog"],
            "players: Absent for round…": ["AbsenceDialog"],
        },
        "round-1": {
            "players: Absent for round…": ["AbsenceDialog"],
            "players: Late entry…": ["PlayerDialog"],
            "players: Withdraw…": ["WithdrawDialog"],
            "pairings: Change pairing…": ["PairingDialog"],
        },
        "demo": {"players: Edit…": ["PlayerDialog"]},
    }[stage]
    assert {k: opened.get(k) for k in expected} == expected, opened


def select_first_row(panel: QWidget) -> None:
    for view in panel.findChildren(QTableView):
        model = view.model()
        if model is not None and model.rowCount() > 0:
            view.selectRow(0)


def swiss_window(qtbot: QtBot, settings: Settings, *, paired: bool) -> MainWindow:
    """A club Swiss of eight players, round 1 paired if *paired*."""
    from arbiter_app.core.model import Colour

    window = app.create_window(settings)
    qtbot.addWidget(window)
    for number, name in enumerate(("Ada", "Bea", "Cy", "Dov", "Eve", "Fay", "Gus", "Hal"), 1):
        window.document.run(AddPlayer.of({"name": name, "rating": 2000 - 10 * number}))
    if paired:
        window.document.pair_next_round(Colour.WHITE)
    window.resize(1200, 760)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_every_dialog_of_the_play_off_card_is_shown_and_closed(
    qtbot: QtBot, settings: Settings
) -> None:
    """The card's buttons through the real dialogs: each dialog is closed (cancelled, so
    nothing changes), then the step is taken with answers given in advance."""
    from tests.ui.test_playoff import Answers

    window = demo_window(qtbot, settings)
    window.bring_forward(window.docks["playoff"])
    runner = window.playoff.runner
    real = runner.prompter
    opened: dict[str, set[str]] = {}
    for _ in range(40):
        card = window.playoff.card
        if not card.buttons:
            break
        for button in [b for b in card.buttons if b.text().endswith("…")]:
            text = button.text()
            before = window.document.undo_label()
            seen = exercise(button.click)
            assert [t for s in seen for t in s.stray_ampersands] == [], text
            assert [t for s in seen for t in s.cut_labels] == [], text
            kinds = [s.kind for s in seen]
            opened.setdefault(text, set()).update(kinds)
            assert kinds, f"{text} opened nothing"
            assert window.document.undo_label() == before, f"{text}: cancelled, yet it acted"
        runner.prompter = Answers()
        try:
            first = window.playoff.card.buttons[0]
            first.click()
        finally:
            runner.prompter = real
    assert window.playoff.card.title == "The play-off is over"
    assert opened == {
        "Start the play-off…": {"StartDialog"},
        "Draw by computer…": {"DrawDialog"},
        "Enter a physical draw…": {"DrawDialog"},
        "Print…": {"PrintDialog"},
        "Enter results…": {"ResultsDialog"},
        "Toss by computer…": {"TossDialog"},
        "Enter the toss…": {"TossDialog"},
    }


def mnemonic(text: str) -> str | None:
    """The letter after a single "&" ("Print s&heet": h); "&&" is an ampersand."""
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def test_no_two_entries_of_a_menu_share_their_alt_letter(qtbot: QtBot, settings: Settings) -> None:
    """With two entries on one letter, the letter only moves between them (File's S went
    to Save, then Export standings, then Print sheet): each entry has a letter of its own."""
    window = demo_window(qtbot, settings)
    clashes: list[str] = []

    def check(menu: QMenu, where: str) -> None:
        menu.aboutToShow.emit()
        letters: dict[str, list[str]] = {}
        for action in menu.actions():
            if action.isSeparator():
                continue
            letter = mnemonic(action.text())
            if letter is not None:
                letters.setdefault(letter, []).append(action.text())
            sub = action.menu()
            if isinstance(sub, QMenu):
                check(sub, f"{where}{ARROW}{action.text()}")
        clashes.extend(f"{where}: {texts}" for texts in letters.values() if len(texts) > 1)

    bar = QMenu()
    for top in window.menuBar().actions():
        bar.addAction(top)
    check(bar, "menu bar")
    assert clashes == []
