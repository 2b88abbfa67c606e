"""The main window's banner: a file whose journal does not verify is said, and still read."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from pytestqt.qtbot import QtBot

from arbiter_app.session import Session
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.sessions import small_event


def _window(qtbot: QtBot, document: EventDocument, settings: Settings) -> MainWindow:
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    window.show()
    return window


def test_a_tampered_file_shows_the_banner_and_its_event(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    window = _window(qtbot, document, settings)
    assert not window.file_banner.isVisible()  # an untitled event: nothing to say
    path = tmp_path / "spring.arbiter"
    small_event(path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE journal SET args = replace(args, 'Ann', 'Ana') WHERE seq = 2")
    conn.commit()
    conn.close()
    window.document.replace_session(Session.open(path))
    assert window.file_banner.isVisible()
    text = window.file_banner.label.text()
    assert text.startswith(
        "⚠ spring.arbiter: The journal does not verify: journal entry 2 (add_player) was edited."
    )
    assert text.endswith("the command line's verify lists every problem.")
    assert [p.name for p in window.document.tournament.players] == ["Ann", "Ben", "Cid", "Dee"]
    # Another event, whole, takes the banner away.
    whole = tmp_path / "whole.arbiter"
    small_event(whole).close()
    window.document.replace_session(Session.open(whole))
    assert not window.file_banner.isVisible()
