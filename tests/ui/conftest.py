"""Qt runs offscreen in the tests: no display needed, same pixels everywhere.

The platform is chosen here, explicitly, and not taken from ``QT_QPA_PLATFORM``, which a
desktop session may set for its own programs: ``ARBITER_TEST_PLATFORM=xcb`` runs the
window tests on a real X server instead (CI does, under Xvfb: ``.ci/run``).
"""

from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = os.environ.get("ARBITER_TEST_PLATFORM", "offscreen")

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMenu
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Event, System
from arbiter_app.ui.document import EventDocument, untitled_session
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.panels.pairings import PairingsPanel
from arbiter_app.ui.settings import Settings
from tests.support.compact import event_from_text
from tests.support.warning_dialogs import AgreeToAll

TEST_PLATFORM = os.environ["QT_QPA_PLATFORM"]
"""The Qt platform the window tests run on."""

# A four-player round robin, three rounds (Berger table for four):
# 3 finishes on 2 points, 1 and 2 on 1½, 4 on 1.
ROUND_ROBIN = """
1: +W4 =B3 -W2
2: =W3 -B4 +B1
3: =B2 =W1 +W4
4: -B1 +W2 -B3
"""

# A Swiss with a bye and a forfeit.
SWISS = """
1: +W2 +B3
2: -B1 +FPB
3: +BYE -W1
4: -F5 --
5: +F4 --
"""


def round_robin_event() -> Event:
    return event_from_text(
        ROUND_ROBIN,
        names={1: "Ada", 2: "Bea", 3: "Cy", 4: "Dov"},
        ratings={1: 2400, 2: 2300, 3: 2200, 4: 2100},
        system=System.ROUND_ROBIN,
    )


@pytest.fixture
def rr_event() -> Event:
    return round_robin_event()


@pytest.fixture
def swiss_event() -> Event:
    return event_from_text(SWISS, rounds=3)


def document_of(event: Event, **settings: object) -> EventDocument:
    """The window's document on a real session: *event* imported into an untitled event.

    Its FIDE C.02 questions are answered yes (a changed tie-break list once rounds are
    played asks first, untitled or not); ``document.warnings.asked`` keeps them.
    """
    document = EventDocument(untitled_session(event, "test.trf", **settings))
    document.warnings = AgreeToAll()
    return document


def document_in_file(path: Path, event: Event, **settings: object) -> EventDocument:
    """The window's document on *event* imported, then saved as *path* (as the window does)."""
    session = untitled_session(event, "test.trf", **settings)
    session.save_as(path, durable=False)
    document = EventDocument(session)
    document.warnings = AgreeToAll()
    return document


@pytest.fixture
def document(rr_event: Event) -> Iterator[EventDocument]:
    doc = document_of(rr_event)
    yield doc
    doc.close()


def round_menu(window: MainWindow) -> QMenu:
    """The window's Round menu."""
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "R&ound")
    assert isinstance(menu, QMenu)
    return menu


def from_round_menu(qtbot: QtBot, window: MainWindow, action: QAction, opens: str) -> QDialog:
    """Trigger *action*, which must be in the Round menu, and wait for the dialog it opens,
    the pairings panel's attribute *opens*."""
    assert action in round_menu(window).actions()
    action.trigger()
    dialog = getattr(window.pairings, opens)
    assert isinstance(dialog, QDialog)
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def shown_window(qtbot: QtBot, document: EventDocument, settings: Settings) -> MainWindow:
    """A main window on *document*, shown (closed with the test)."""
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    window.show()
    return window


def shown_pairings_panel(qtbot: QtBot, document: EventDocument) -> PairingsPanel:
    """The Pairings & results panel on *document*, shown (closed with the test)."""
    panel = PairingsPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    return panel


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def check_model(qtmodeltester: Any) -> Callable[[Any], None]:
    """Run Qt's own QAbstractItemModelTester on a model for the rest of the test.

    The C++ tester is used (pytest-qt's Python tester upsets reference counts
    under PySide6 6.12); pytest-qt fails the test on any failure it reports.
    """
    check: Callable[[Any], None] = qtmodeltester.check
    return check


@pytest.fixture(autouse=True)
def corrections_confirmed(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Typing over a result asks first (a modal question); tests that retype answer "change".

    Tests marked ``correction_box`` get the real question (tests/ui/panels/test_pairings.py).
    """
    if request.node.get_closest_marker("correction_box") is not None:
        return
    from arbiter_app.ui.panels.pairings import PairingsPanel

    monkeypatch.setattr(PairingsPanel, "confirm_correction", lambda self, pairing, result: True)


@pytest.fixture(autouse=True)
def unsaved_work_discarded(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing a window on unsaved work asks first (a modal question); tests discard it.

    Tests marked ``unsaved_box`` get the real question (tests/ui/test_saving.py).
    """
    if request.node.get_closest_marker("unsaved_box") is not None:
        return
    from arbiter_app.ui.file_actions import FileActions

    monkeypatch.setattr(FileActions, "may_replace", lambda self, doing: True)
