"""Round ▸ Explain pairing… and the Pairings panel's button: the round's log, recomputed by
the session as ``pair --explain-round`` does, in a read-only dialog opened and closed in a
running event loop; an engine without a log is named as not explaining itself yet."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Colour, Event
from arbiter_app.core.pairing.boards import RoundPairing
from arbiter_app.core.result import GameResult
from arbiter_app.session.commands import AddPlayer
from arbiter_app.session.pairing_log import RoundExplanation
from arbiter_app.ui.dialogs.pairing_log import PairingLogDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.panels.pairings import PairingsPanel
from arbiter_app.ui.settings import Settings
from tests.ui.conftest import document_of, from_round_menu, shown_window
from tests.ui.test_uschess_members_window import us_event

RATINGS = (2145, 2050, 2020, 2010, 1935, 1915, 1890, 1855)


def _two_rounds(document: EventDocument) -> None:
    for i, rating in enumerate(RATINGS, start=1):
        document.run(AddPlayer.of({"name": f"P{i}", "rating": rating}))
    document.pair_next_round(Colour.WHITE)
    for board in range(1, 5):
        document.set_result(1, board, GameResult.WHITE_WINS)
    document.pair_next_round()


def _close(qtbot: QtBot, dialog: PairingLogDialog) -> None:
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    close = buttons.button(QDialogButtonBox.StandardButton.Close)
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_the_panels_button_shows_the_us_engines_log(qtbot: QtBot, tmp_path: Path) -> None:
    document = us_event(tmp_path / "us.arbiter")
    try:
        _two_rounds(document)
        panel = PairingsPanel(document)
        qtbot.addWidget(panel)
        panel.show()
        assert panel.round.value() == 2 and panel.explain_button.isEnabled()
        qtbot.mouseClick(panel.explain_button, Qt.MouseButton.LeftButton)
        dialog = panel.log_dialog
        assert dialog is not None
        qtbot.waitUntil(dialog.isVisible)
        text = dialog.text.toPlainText().splitlines()
        assert text[0].startswith("How round 2 was paired (Arbiter's US Chess Swiss engine")
        assert "  Score group 1 (1 point): 4 players" in text
        assert text[-1] == "The recorded round 2 is the engine's pairing."
        assert dialog.text.isReadOnly()
        assert "the recorded round is the same" in dialog.heading.text()
        _close(qtbot, dialog)
        # A round not paired yet: nothing to explain, the button waits.
        panel.round.setValue(3)
        assert not panel.explain_button.isEnabled()
    finally:
        document.close()


def test_the_round_menu_entry_explains_a_dutch_round(
    qtbot: QtBot, settings: Settings, swiss_event: Event
) -> None:
    document = document_of(swiss_event)
    window = shown_window(qtbot, document, settings)
    dialog = from_round_menu(qtbot, window, window.explain_action, "log_dialog")
    assert isinstance(dialog, PairingLogDialog)
    # The Dutch round (paired by gacrux) is explained by Arbiter's own Dutch engine.
    assert "step by step" in dialog.heading.text()
    assert "Bracket" in dialog.text.toPlainText()
    _close(qtbot, dialog)


def test_a_round_not_paired_is_refused_with_the_reason(qtbot: QtBot, tmp_path: Path) -> None:
    document = us_event(tmp_path / "us.arbiter")
    try:
        panel = PairingsPanel(document)
        qtbot.addWidget(panel)
        assert not panel.explain_pairing()
        box = panel.findChild(QMessageBox, "arbiter-error")
        assert box is not None and "round 1 is not paired" in box.text().lower()
        box.close()
    finally:
        document.close()


def test_a_long_line_wraps_under_its_own_indent_and_the_text_is_kept(qtbot: QtBot) -> None:
    """The log's lines are not cut off at the box's edge nor scrolled sideways: a long one
    wraps, and its continuation starts under its own text, further in than the line's
    indent, so the brackets, pairs and reasons still stand apart; the text itself is the
    log as ``pair --explain`` prints it, leading spaces included."""
    reason = "Chosen over the first candidate in article 4's order " * 6
    pairing = RoundPairing(3, (), engine="test engine", log=("Bracket 1 (4 players):", reason))
    explanation = RoundExplanation(3, pairing)
    dialog = PairingLogDialog(explanation)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.text.toPlainText().splitlines() == explanation.lines()
    assert dialog.text.horizontalScrollBar().maximum() == 0
    document = dialog.text.document()
    long = document.findBlockByNumber(2)
    assert long.text() == f"  {reason}"
    assert long.layout().lineCount() >= 2

    def edge(number: int, line: int) -> float:
        """Where line *line* of paragraph *number* starts, from the text's left edge."""
        layout = document.findBlockByNumber(number).layout()
        return layout.position().x() + layout.lineAt(line).x()

    # The heading and the long line's first line start at the same edge (its two leading
    # spaces are text); the continuation starts beyond those spaces.
    assert edge(2, 0) == edge(0, 0)
    spaces = long.layout().lineAt(0).cursorToX(2)[0] - long.layout().lineAt(0).cursorToX(0)[0]
    assert spaces > 0 and edge(2, 1) > edge(2, 0) + spaces
    _close(qtbot, dialog)
