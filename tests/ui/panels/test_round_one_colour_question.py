"""Round 1's colour question cites the rule the section is paired by: US Chess 28J in a
section paired by the US Chess engine, FIDE C.04.3 article 5.2.5 in a FIDE Swiss (issue:
a US event's question cited C.04.3)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Event
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.panels.pairings import PairingsPanel
from tests.ui.conftest import document_of
from tests.ui.test_uschess_members_window import us_event


def _question(qtbot: QtBot, document: EventDocument) -> str:
    """The text of the question the panel asks, read while it is open, then cancelled."""
    panel = PairingsPanel(document)
    qtbot.addWidget(panel)
    seen: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append(box.text())
        box.reject()

    QTimer.singleShot(0, answer)
    assert panel.ask_initial_colour() is None  # cancelled
    return seen[0]


def test_a_us_chess_section_cites_28j(qtbot: QtBot, tmp_path: Path) -> None:
    document = us_event(tmp_path / "us.arbiter")
    try:
        text = _question(qtbot, document)
    finally:
        document.close()
    assert "drawn by lot (US Chess 28J)" in text
    assert "C.04" not in text


def test_a_fide_swiss_cites_c043(qtbot: QtBot, swiss_event: Event) -> None:
    document = document_of(swiss_event)
    try:
        text = _question(qtbot, document)
    finally:
        document.close()
    assert "drawn by lot (FIDE C.04.3 article 5.2.5)" in text
