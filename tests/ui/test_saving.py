"""File ▸ Save, Save as…, Save a copy…, and the question before unsaved work goes.

The Save / Discard / Cancel question is real here (tests marked ``unsaved_box``):
a timer finds it once it is up and answers it by keys (Enter saves, Escape
cancels) or by clicking its buttons, as an arbiter would.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.model import Event, System
from arbiter_app.session import Session
from arbiter_app.ui.dialogs.new_event import NewEvent, NewEventDialog
from arbiter_app.ui.document import EventDocument, StandingsOptions
from arbiter_app.ui.main_window import ImportedEvent, MainWindow, Services
from arbiter_app.ui.settings import Settings
from tests.ui.conftest import document_in_file

CTRL = Qt.KeyboardModifier.ControlModifier


def make_window(
    qtbot: QtBot, document: EventDocument, settings: Settings, services: Services | None = None
) -> MainWindow:
    window = MainWindow(document, settings, services or app.services())

    def no_question(widget: MainWindow) -> None:
        # The test is over: closing the window at teardown discards whatever is left.
        widget.files.may_replace = lambda doing: True  # type: ignore[method-assign]

    qtbot.addWidget(window, before_close_func=no_question)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def answer_question(
    window: MainWindow, qtbot: QtBot, how: Callable[[QMessageBox], None]
) -> list[str]:
    """Answer the Save / Discard / Cancel question with *how* once it is up; returns its text."""
    seen: list[str] = []

    def run() -> None:
        shown = [b for b in window.findChildren(QMessageBox, "arbiter-unsaved") if b.isVisible()]
        if not shown:
            QTimer.singleShot(10, run)
            return
        box = shown[0]
        seen.append(box.text())
        how(box)

    QTimer.singleShot(0, run)
    return seen


def key(qtbot: QtBot, which: Qt.Key) -> Callable[[QMessageBox], None]:
    return lambda box: qtbot.keyClick(box, which)


def click(qtbot: QtBot, button: QMessageBox.StandardButton) -> Callable[[QMessageBox], None]:
    return lambda box: qtbot.mouseClick(box.button(button), Qt.MouseButton.LeftButton)


# -- the question ---------------------------------------------------------------------------
@pytest.mark.unsaved_box
def test_closing_unsaved_work_asks_and_escape_cancels(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = make_window(qtbot, document, settings)
    assert window.isWindowModified()
    seen = answer_question(window, qtbot, key(qtbot, Qt.Key.Key_Escape))
    assert not window.close()
    assert window.isVisible() and document.session.untitled
    assert seen == ["“test” is not saved in a file yet. Save it before you quit?"]
    box = window.unsaved_box
    assert box is not None
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Save)
    assert "players, pairings and results are lost" in box.informativeText()
    # Discard, clicked: the window closes and the untitled event is gone.
    answer_question(window, qtbot, click(qtbot, QMessageBox.StandardButton.Discard))
    assert window.close()


@pytest.mark.unsaved_box
def test_quit_with_enter_saves_first(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    window = make_window(qtbot, document, settings)
    target = tmp_path / "club.arbiter"
    offered: list[Path] = []

    def choose(title: str, suggested: Path) -> Path:
        offered.append(suggested)
        return target

    window.files.ask_save_path = choose  # type: ignore[method-assign]
    answer_question(window, qtbot, key(qtbot, Qt.Key.Key_Return))
    journal = document.session.journal()
    window.quit_action.trigger()  # File ▸ Quit
    assert not window.isVisible()
    assert offered and offered[0].name == "test.arbiter"
    with Session.open(target, readonly=True) as saved:
        assert [e.hash for e in saved.journal()] == [e.hash for e in journal]


@pytest.mark.unsaved_box
def test_save_then_cancel_in_the_save_dialog_keeps_the_window(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = make_window(qtbot, document, settings)
    window.files.ask_save_path = lambda title, suggested: None  # type: ignore[method-assign]
    answer_question(window, qtbot, click(qtbot, QMessageBox.StandardButton.Save))
    assert not window.close()
    assert window.isVisible() and document.modified


@pytest.mark.unsaved_box
def test_new_with_unsaved_work_asks_first(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = make_window(qtbot, document, settings)
    before = document.session
    seen = answer_question(window, qtbot, key(qtbot, Qt.Key.Key_Escape))
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    assert seen == ["“test” is not saved in a file yet. Save it before you start a new event?"]
    assert not [d for d in window.findChildren(NewEventDialog) if d.isVisible()]
    assert document.session is before
    # Discard: the New dialog comes up, and its event replaces the old one.
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # back from the question
    answer_question(window, qtbot, click(qtbot, QMessageBox.StandardButton.Discard))
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    qtbot.waitUntil(lambda: any(d.isVisible() for d in window.findChildren(NewEventDialog)))
    (dialog,) = [d for d in window.findChildren(NewEventDialog) if d.isVisible()]
    qtbot.keyClicks(dialog.name, "Autumn Swiss")
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert document.tournament.name == "Autumn Swiss" and document.session is not before
    assert not window.isWindowModified()  # nothing in it yet
    # A new event with nothing done in it is replaced without a question.
    assert window.files.create_event(NewEvent("Winter Open", System.SWISS, 7))


@pytest.mark.unsaved_box
def test_open_and_import_ask_first(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path, swiss_event: Event
) -> None:
    other = tmp_path / "other.arbiter"
    Session.create(other, name="Other", system="swiss", rounds=3).close()
    settings.add_recent(other)
    services = Services(open_event=Session.open, import_trf=lambda path: ImportedEvent(swiss_event))
    window = make_window(qtbot, document, settings, services)
    before = document.session
    seen = answer_question(window, qtbot, key(qtbot, Qt.Key.Key_Escape))
    assert not window.files.open_recent(other)
    assert seen[0].endswith("Save it before you open another event?")
    assert document.session is before
    seen = answer_question(window, qtbot, click(qtbot, QMessageBox.StandardButton.Discard))
    assert window.files.open_recent(other)
    assert document.path == other and not window.isWindowModified()
    assert document.tournament.name == "Other"
    # An event in a file is never asked about: the import goes ahead at once.
    assert window.files.import_path(tmp_path / "swiss.trf")
    assert document.path is None and document.modified


@pytest.mark.unsaved_box
def test_an_event_in_a_file_closes_without_a_question(
    qtbot: QtBot, settings: Settings, tmp_path: Path, rr_event: Event
) -> None:
    document = document_in_file(tmp_path / "rr.arbiter", rr_event)
    window = make_window(qtbot, document, settings)
    assert window.windowTitle() == "test — final — rr.arbiter[*] — Arbiter"
    assert window.close()
    assert window.unsaved_box is None


# -- Save, Save as, Save a copy ---------------------------------------------------------------
def test_save_as_by_the_menu_then_save_says_it_is_saved(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    window = make_window(qtbot, document, settings)
    target = tmp_path / "spring.arbiter"
    window.files.ask_save_path = lambda title, suggested: target  # type: ignore[method-assign]
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    assert [a.text() for a in file_menu.actions() if "Save" in a.text()] == [
        "&Save",
        "Save &as…",
        "Save a &copy…",
    ]
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL)  # untitled: Save is Save as
    assert document.path == target and not window.isWindowModified()
    assert window.windowTitle().endswith("— spring.arbiter[*] — Arbiter")
    assert window.statusBar().currentMessage() == "Saved as spring.arbiter"
    assert settings.recent_files() == [target]
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL)
    assert window.statusBar().currentMessage() == (
        "Every change is saved in spring.arbiter as it is made"
    )
    # The next action goes to the file.
    document.set_standings_options(StandingsOptions(("SB",)))
    with Session.open(target, readonly=True) as saved:
        assert saved.settings.tiebreaks == ("SB",)


def test_save_a_copy_leaves_the_event_where_it_is(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    window = make_window(qtbot, document, settings)
    copy = tmp_path / "usb.arbiter"
    offered: list[str] = []

    def choose(title: str, suggested: Path) -> Path:
        offered.append(f"{title}: {suggested.name}")
        return copy

    window.files.ask_save_path = choose  # type: ignore[method-assign]
    window.save_copy_action.trigger()
    assert offered == ["Save a copy of the event: test (copy).arbiter"]
    assert document.path is None and window.isWindowModified()  # still untitled
    assert window.statusBar().currentMessage() == f"A copy was written to {copy}"
    with Session.open(copy, readonly=True) as saved:
        assert saved.event == document.tournament and saved.verify() == []


def test_a_refused_save_as_is_shown_and_nothing_moves(
    qtbot: QtBot,
    document: EventDocument,
    settings: Settings,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    held = tmp_path / "held.arbiter"
    holder = Session.create(held, name="Held", system="swiss", rounds=3)
    shown: list[str] = []
    monkeypatch.setattr(
        "arbiter_app.ui.main_window.show_error", lambda parent, exc: shown.append(str(exc))
    )
    window = make_window(qtbot, document, settings)
    window.files.ask_save_path = lambda title, suggested: held  # type: ignore[method-assign]
    assert not window.files.save_as()
    assert shown and "already open for writing" in shown[0]
    assert document.path is None and window.isWindowModified()
    holder.close()
