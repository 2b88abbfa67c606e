"""File ▸ Import TRF… of a Swiss whose rounds differ from the Dutch pairing (FIDE C.02, the
checklist's questions 54-55): the level-3 question is put in its dialog, Confirm imports
with an ``### Import`` line for each round, Cancel imports nothing; a field too large to
compare is imported with a box that says so and names the command that compares it.

The dialogs are the real modal boxes, opened in the running event loop and clicked.
"""

from __future__ import annotations

from functools import partial

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.checker.imported import compare_imported_rounds
from arbiter_app.session.integrity import stored_pibes
from arbiter_app.ui.dialogs.warning_levels import WarningDialogs
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.real_trf import REAL
from tests.support.warning_dialogs import click_through

SOURCE = REAL / "tbs-held-swiss-9.trf"


def _window(qtbot: QtBot, document: EventDocument, settings: Settings) -> MainWindow:
    window = MainWindow(document, settings, app.services())
    qtbot.addWidget(window)
    document.warnings = WarningDialogs(window)  # the real dialogs, not the tests' answers
    return window


def _lines(window: MainWindow) -> list[str]:
    return [p.trf_line() for p in stored_pibes(window.document.session.state)]


def test_confirmed_the_import_logs_each_round_that_differs(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = _window(qtbot, document, settings)
    log = click_through(["Confirm"])
    assert window.files.import_path(SOURCE)
    (box,) = log.seen
    assert box["title"] == "Please confirm"
    assert box["text"] == (
        "4 rounds of the file differ from the Dutch pairing (FIDE C.04.3). Import it anyway? "
        "The report says so with a ### Import line for each round."
    )
    details = str(box["details"])
    assert "• round 6: 5 of 8 boards differ from the Dutch pairing (FIDE C.04.3)" in details
    assert box["default"] == "Cancel"
    assert len(window.document.tournament.players) == 16
    assert _lines(window) == [
        "### Import @ Round 3: 1 of 7 boards differs from the Dutch pairing (FIDE C.04.3)",
        "### Import @ Round 6: 5 of 8 boards differ from the Dutch pairing (FIDE C.04.3)",
        "### Import @ Round 7: 1 of 8 boards differs from the Dutch pairing (FIDE C.04.3)",
        "### Import @ Round 9: 2 of 8 boards differ from the Dutch pairing (FIDE C.04.3)",
    ]
    window.document.close()


def test_cancelled_the_import_changes_nothing(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = _window(qtbot, document, settings)
    before = document.session
    names = [p.name for p in document.tournament.players]
    log = click_through(["Cancel"])
    assert not window.files.import_path(SOURCE)
    assert len(log.seen) == 1
    assert document.session is before
    assert [p.name for p in document.tournament.players] == names
    assert window.statusBar().currentMessage() == "tbs-held-swiss-9.trf was not imported."


def test_a_field_too_large_to_compare_is_imported_with_a_box_naming_the_checker(
    qtbot: QtBot, document: EventDocument, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limit lowered to 15 players for the test: the 16-player file is not compared."""
    monkeypatch.setattr(app, "compare_imported_rounds", partial(compare_imported_rounds, limit=15))
    window = _window(qtbot, document, settings)
    assert window.files.import_path(SOURCE)  # nothing to confirm: nothing compared
    assert _lines(window) == []
    boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    (box,) = boxes
    assert box.text().startswith(
        "The rounds were not compared with the Dutch pairing (FIDE C.04.3): the field has "
        "16 players, more than the 15 an import compares."
    )
    assert "'arbiter-app check FILE --engine own'" in box.text()
    box.close()
    window.document.close()


def test_the_window_reads_the_file_as_the_command_line_does() -> None:
    """The comparison made while reading is the command line's own."""
    imported = app.import_trf(SOURCE)
    assert imported.compared == compare_imported_rounds(imported.document)
    assert [r.round for r in imported.compared.rounds] == [3, 6, 7, 9]
