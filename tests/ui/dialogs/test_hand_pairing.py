"""Round ▸ Pair round by hand…, and the offer of it when the rules leave the next round no
pairing (FIDE C.04.3 article 1.9.3: the chief arbiter decides): the dialog opened and closed
in a running event loop, the round stored through the session's ``set_pairing`` with its
questions (the rules broken, level 3; the engine has no pairing to compare with, level 4)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QScrollArea
from pytestqt.qtbot import QtBot

from arbiter_app.core.pairing.swiss import BeyondFallback
from arbiter_app.session.hand_pairing import ToPair
from arbiter_app.session.integrity import stored_pibes
from arbiter_app.ui.dialogs.hand_pairing import HandPairingDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.panels.pairings import PairingsPanel
from arbiter_app.ui.settings import Settings
from tests.support.sessions import everybody_met
from tests.support.warning_dialogs import click_through
from tests.ui.conftest import from_round_menu, shown_pairings_panel, shown_window


@pytest.fixture
def document(tmp_path: Path) -> Iterator[EventDocument]:
    document = EventDocument(everybody_met(tmp_path / "club.arbiter"))
    yield document
    document.close()


@pytest.fixture
def panel(qtbot: QtBot, document: EventDocument) -> PairingsPanel:
    return shown_pairings_panel(qtbot, document)


def _choose(box: QComboBox, tpn: int) -> None:
    box.setCurrentIndex(box.findData(tpn))


def _click(qtbot: QtBot, dialog: HandPairingDialog, which: QDialogButtonBox.StandardButton) -> None:
    button = dialog.buttons.button(which)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_no_legal_pairing_is_offered_to_be_paired_by_hand(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument
) -> None:
    """Pair next round says why the rules leave round 4 no pairing and offers "Pair by
    hand…"; the dialog starts from the players in order of score, and the round given is
    stored once its questions are answered, with the report's ``### MPA`` line."""
    assert not panel.pair_next_round()
    box = panel.message
    assert box is not None and box.isVisible()
    assert box.text() == "Round 4 has no pairing under the rules."
    assert "C.04.3 article 1.9.3: the chief arbiter decides" in box.informativeText()
    by_hand = next(b for b in box.buttons() if b.text() == "Pair by hand…")
    qtbot.mouseClick(by_hand, Qt.MouseButton.LeftButton)
    dialog = panel.hand_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.windowTitle() == "Pair round 4 by hand"
    # Scores after round 3: 1 and 4 have 2, 2 and 3 have 1; each against the next.
    assert dialog.choice() == ([(1, 4), (2, 3)], None)
    assert dialog.status.text() == ""
    _choose(dialog.boards[1][1], 4)
    assert dialog.status.text() == "Placed twice: player 4; without a board: player 3."
    _choose(dialog.boards[0][1], 3)
    assert dialog.choice() == ([(1, 3), (2, 4)], None)
    log = click_through(["Confirm", "Continue…", "Accept the consequences", "OK"])
    _click(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert [b["title"] for b in log.seen][:3] == [
        "Please confirm",
        "Please confirm (step 1 of 2)",
        "Consequences (step 2 of 2)",
    ]
    assert "already played each other in round 2" in str(log.seen[0]["details"])
    stored = [(b.number, b.white, b.black) for b in document.session.boards(4)]
    assert stored == [(1, 1, 3), (2, 2, 4)]
    # The boards give both players the colour opposite to the one they are due: a notice.
    assert log.seen[3]["title"] == "Notice"
    assert panel.round.value() == 4
    report = [p.trf_line() for p in stored_pibes(document.session.state)]
    assert "### MPA @ Round 4: no legal pairing => 1-3 2-4" in report


def test_a_refusal_keeps_the_dialog_open_with_the_boards_entered(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument
) -> None:
    """A player on two boards is the session's refusal, shown over the dialog; nothing is
    stored and the boards stay as the arbiter left them."""
    dialog = panel.pair_by_hand()
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    _choose(dialog.boards[1][0], 1)
    _click(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    error = panel.message
    assert error is not None and error.isVisible()
    assert error.text() == "Player 1 is paired twice in round 4."
    error.close()
    assert dialog.isVisible() and dialog.choice() == ([(1, 4), (1, 3)], None)
    assert document.paired_rounds() == 3
    _click(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert document.paired_rounds() == 3


def test_an_odd_field_has_the_bye_to_give(qtbot: QtBot, tmp_path: Path) -> None:
    document = EventDocument(everybody_met(tmp_path / "odd.arbiter", players=5))
    try:
        panel = PairingsPanel(document)
        qtbot.addWidget(panel)
        dialog = panel.pair_by_hand()
        assert dialog is not None
        qtbot.waitUntil(dialog.isVisible)
        assert dialog.bye is not None and dialog.bye.accessibleName() == "Pairing-allocated bye"
        # Both boxes of a board whole: the boards scroll down, never sideways.
        scroll = dialog.findChild(QScrollArea)
        assert scroll is not None and not scroll.horizontalScrollBar().isVisible()
        assert scroll.viewport().width() >= scroll.widget().minimumSizeHint().width()
        boards, bye = dialog.choice()
        assert len(boards) == 2 and bye is not None
        _click(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)
    finally:
        document.close()


def test_the_round_menu_has_it(qtbot: QtBot, settings: Settings, document: EventDocument) -> None:
    window = shown_window(qtbot, document, settings)
    dialog = from_round_menu(qtbot, window, window.hand_action, "hand_dialog")
    assert isinstance(dialog, HandPairingDialog)
    _click(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert document.paired_rounds() == 3


def test_every_box_shows_the_one_list_of_players(qtbot: QtBot) -> None:
    """A large field opens at once: the boxes share one list of players and are sized by a
    name's usual length, not by measuring every entry of every box."""
    field = [ToPair(t, f"Player {t}", Fraction(t % 5, 2)) for t in range(1, 602)]
    dialog = HandPairingDialog(7, field, lambda boards, bye: False)
    qtbot.addWidget(dialog)
    boxes = [box for board in dialog.boards for box in board]
    assert dialog.bye is not None and len(boxes) == 600
    assert all(box.model() is dialog.players for box in (*boxes, dialog.bye))
    assert {box.sizeAdjustPolicy() for box in boxes} == {
        QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
    }
    assert dialog.choice()[0][:2] == [(1, 2), (3, 4)] and dialog.choice()[1] == 601
    assert boxes[0].currentText() == "1. Player 1 (½)"


def test_a_round_too_large_to_hand_over_is_offered_too(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Above the field gacrux takes over, a round Arbiter's engine cannot certify is not
    paired: the arbiter is offered to pair it by hand, under a headline that does not
    claim the rules leave it no pairing."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise BeyondFallback("round 4: Arbiter's Dutch engine could not certify the pairing")

    monkeypatch.setattr(document, "pair_next_round", refuse)
    assert not panel.pair_next_round()
    box = panel.message
    assert box is not None and box.isVisible()
    assert box.text() == "Round 4 was not paired: nothing was recorded."
    assert box.accessibleName() == "Round not paired"
    assert "could not certify the pairing" in box.informativeText()
    assert [b.text() for b in box.buttons() if b.text() == "Pair by hand…"] == ["Pair by hand…"]
    box.close()
