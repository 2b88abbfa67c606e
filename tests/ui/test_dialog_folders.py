"""File dialogs open in the event's folder (the event's own files first)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from arbiter_app.session import Session
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.files import start_in
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings


def test_start_in_the_event_s_folder() -> None:
    assert start_in(None) == ""
    assert start_in(None, "x.trf") == "x.trf"
    assert start_in(Path("/venue/open.arbiter")) == str(Path("/venue"))
    assert start_in(Path("/venue/open.arbiter"), "open.trf") == str(Path("/venue/open.trf"))


def test_the_window_s_dialogs_open_beside_the_event(
    qtbot: QtBot, tmp_path: Path, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    folder = tmp_path / "venue"
    folder.mkdir()
    session = Session.create(folder / "open.arbiter", name="Open", system="swiss", rounds=5)
    document = EventDocument(session)
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    asked: list[str] = []

    def record(parent: object, title: str, where: str, *rest: object) -> tuple[str, str]:
        asked.append(where)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", record)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", record)
    window.choose_standings_export()
    window.players.choose_players_file()
    assert asked == [str(folder / "open-standings"), str(folder)]
    document.close()
