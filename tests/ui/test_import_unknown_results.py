"""The window's Import TRF with a game whose result is not known (FIDE C.02, the
checklist's questions 164-166): the level-3 question of a code TRF-26 does not define is
put before anything is imported, and the remarks box names the player, round and code."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.errors import ArbiterError
from arbiter_app.ui.dialogs.warning_levels import WarningDialogs
from arbiter_app.ui.document import EventDocument, untitled_session
from arbiter_app.ui.main_window import MainWindow, Services
from arbiter_app.ui.settings import Settings
from tests.core.trf.test_unknown_results import _with_codes
from tests.support.warning_dialogs import click_through


def _window(qtbot: QtBot, settings: Settings) -> MainWindow:
    document = EventDocument(untitled_session())
    document.warnings = WarningDialogs()
    window = MainWindow(document, settings, Services(import_trf=app.import_trf))
    qtbot.addWidget(window)
    return window


def test_an_unknown_code_is_asked_then_shown_and_the_game_comes_in_adjourned(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    source = tmp_path / "odd.trf"
    source.write_text(_with_codes({1: "Q"}), encoding="utf-8")
    window = _window(qtbot, settings)
    log = click_through(["Confirm"])
    assert window.files.import_path(source)
    (asked,) = log.seen
    assert asked["title"] == "Please confirm"
    assert str(asked["text"]).startswith(
        "The file has 1 game with a result code TRF-26 does not define; each is imported as "
        "a game whose result is not known (adjourned)"
    )
    assert "round 5, player 1 (White) v player 4 (Black): the result code 'Q'" in str(
        asked["details"]
    )
    assert "question 166" in str(asked["details"])
    (board,) = [b for b in window.document.session.boards(5) if b.white == 1]
    assert board.adjourned and board.result is None and board.black == 4
    boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    remarks = [b for b in boxes if b.text() == "odd.trf was read, with 1 remark."]
    assert len(remarks) == 1
    assert "player 1, round 5: the result code 'Q' against player 4" in remarks[0].detailedText()
    for box in boxes:
        box.close()


def test_cancelling_the_question_imports_nothing(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    source = tmp_path / "odd.trf"
    source.write_text(_with_codes({1: "Q"}), encoding="utf-8")
    window = _window(qtbot, settings)
    before = window.document.session
    click_through(["Cancel"])
    assert not window.files.import_path(source)
    assert window.document.session is before
    assert window.statusBar().currentMessage() == "odd.trf was not imported."


def test_a_question_mark_comes_in_adjourned_without_a_question(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    """Checklist Q165's mark is TRF-26's own: nothing to ask, the board is adjourned."""
    source = tmp_path / "adj.trf"
    source.write_text(_with_codes({1: "?", 4: "?"}), encoding="utf-8")
    window = _window(qtbot, settings)
    assert window.files.import_path(source)
    (board,) = [b for b in window.document.session.boards(5) if b.white == 1]
    assert board.adjourned and board.result is None
    assert not [b for b in window.findChildren(QMessageBox) if b.isVisible()]


def test_export_trf_during_the_event_marks_the_adjourned_game(
    qtbot: QtBot, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """File ▸ Export TRF during the event… writes the in-tournament file with '?' and 162's
    X (Q164-165); File ▸ Export TRF…, the rating report, is refused while the game is
    adjourned (Q169), naming the board."""
    from PySide6.QtWidgets import QFileDialog

    source = tmp_path / "adj.trf"
    source.write_text(_with_codes({1: "?", 4: "?"}), encoding="utf-8")
    document = EventDocument(untitled_session())
    document.warnings = WarningDialogs()
    services = Services(import_trf=app.import_trf, export_trf=app.export_trf)
    window = MainWindow(document, settings, services)
    qtbot.addWidget(window)
    assert window.files.import_path(source)
    action = window.export_in_tournament_action
    assert action.isEnabled() and action.text() == "E&xport TRF during the event…"
    target = tmp_path / "itdx.trf"
    offered: list[str] = []

    def save_as(parent: object, title: str, where: str, *rest: object) -> tuple[str, str]:
        offered.append(where)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    action.trigger()
    assert offered and offered[0].endswith("-in-tournament.trf")
    lines = target.read_text(encoding="utf-8").splitlines()
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    X 0.5" in lines
    assert next(line for line in lines if line.startswith("001    1 ")).endswith("4 w ?")
    with pytest.raises(ArbiterError, match="round 5, board 1 is adjourned"):
        window.write_trf(tmp_path / "report.trf")
    assert not (tmp_path / "report.trf").exists()
