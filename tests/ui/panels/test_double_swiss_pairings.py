"""The Pairings panel of a double Swiss shows a game ("Round 1, game 2") and asks the session
about the match that holds it: Explain pairing and the manual pairing phase take the round
the arbiter counts, not the game column (they took game 2 for round 2 before)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Colour
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
from arbiter_app.session.pairing import pair_next_round
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.panels import pairings as pairings_module
from arbiter_app.ui.panels.pairings import PairingsPanel
from tests.support.sessions import TickingClock
from tests.ui.conftest import shown_pairings_panel


@pytest.fixture
def document(tmp_path: Path) -> Iterator[EventDocument]:
    """FIDE's Double-Swiss of 3 matches, six players, match 1 paired (games 1 and 2)."""
    session = Session.create(
        tmp_path / "double.arbiter",
        name="Double",
        system="fide-double-swiss",
        rounds=6,
        clock=TickingClock(),
        durable=False,
    )
    for i in range(1, 7):
        session.run(AddPlayer(name=f"P{i}", rating=2300 - 10 * i))
    pair_next_round(session, initial_colour=Colour.WHITE)
    document = EventDocument(session)
    yield document
    document.close()


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(
        pairings_module, "show_error", lambda _parent, exc, *a, **k: shown.append(str(exc))
    )
    return shown


def panel_on_game_2(qtbot: QtBot, document: EventDocument) -> PairingsPanel:
    panel = shown_pairings_panel(qtbot, document)
    panel.show_round(2)
    assert panel.round.text() == "Round 1, game 2"
    assert panel.shown_round() == 1
    return panel


def test_explain_pairing_on_the_second_game_explains_the_match(
    qtbot: QtBot, document: EventDocument, errors: list[str]
) -> None:
    panel = panel_on_game_2(qtbot, document)
    assert panel.explain_pairing(), errors
    assert errors == []
    dialog = panel.log_dialog
    assert dialog.isVisible()
    text = dialog.text.toPlainText()
    # The match's own log, in C.04.5's words.
    assert text.startswith("How round 1 was paired (FIDE Double-Swiss System (C.04.5)):")
    assert "Scoregroup 0: 1 (0), 2 (0), 3 (0), 4 (0), 5 (0), 6 (0)." in text
    assert "The recorded round 1 is the engine's pairing." in text
    dialog.close()


def test_the_manual_pairing_of_the_match_opens_from_either_game(
    qtbot: QtBot, document: EventDocument, errors: list[str]
) -> None:
    panel = panel_on_game_2(qtbot, document)
    assert panel.toggle_manual_pairing(), errors
    assert errors == []
    assert document.manual_pairing_round() == 1
    assert panel.summary.text() == "Manual pairing open"
    panel.show_round(1)
    assert panel.summary.text() == "Manual pairing open"
    assert panel.toggle_manual_pairing(), errors
    assert document.manual_pairing_round() is None


def test_a_new_match_shows_its_first_game_and_ctrl_r_the_game_waiting(
    qtbot: QtBot, document: EventDocument
) -> None:
    """Opened on a match just paired, the panel shows game 1 (the game played first), not
    game 2; once game 1's results are in, Enter results (Ctrl+R) goes to game 2."""
    from arbiter_app.session.commands import EnterResult

    panel = shown_pairings_panel(qtbot, document)
    assert panel.round.text() == "Round 1, game 1"
    for board in (1, 2, 3):
        document.run(EnterResult(round=1, board=board, result="1-0"))
    panel.go_to_results()
    assert panel.round.text() == "Round 1, game 2"
    assert panel.current_row() == 0


def test_the_list_by_name_follows_the_game_played_now(
    qtbot: QtBot, document: EventDocument
) -> None:
    from arbiter_app.session.commands import EnterResult
    from arbiter_app.ui.panels.by_name import ByNamePanel

    panel = ByNamePanel(document)
    qtbot.addWidget(panel)
    panel.refresh()
    assert document.current_game() == 1
    assert panel.round.text() == "Round 1, game 1"
    for board in (1, 2, 3):
        document.run(EnterResult(round=1, board=board, result="1/2"))
    panel.refresh()
    assert document.current_game() == 2
    assert panel.round.text() == "Round 1, game 2"


def test_the_wall_shows_game_1_of_a_new_match(qtbot: QtBot, document: EventDocument) -> None:
    """The projector puts up the game played now: game 1 of the match just paired, whose
    White is the match's White (article 4.4)."""
    from PySide6.QtCore import Qt

    from arbiter_app.ui.projector import ProjectorWindow

    projector = ProjectorWindow(document)
    qtbot.addWidget(projector)
    projector.resize(1366, 768)
    projector.show()
    qtbot.waitExposed(projector)
    qtbot.keyClick(projector, Qt.Key.Key_P)
    assert projector.title.text().startswith("Double  ·  Round 1, game 1: pairings")
    board = document.boards(1)[0]
    assert projector.boards_model.cell(0, 1).endswith(f"({board.white})")


def test_change_pairing_is_offered_as_the_session_allows_it(
    qtbot: QtBot, document: EventDocument
) -> None:
    """A double Swiss board is a match: the session moves players only by pairing the round
    again, so Change pairing… is disabled with that reason, while results stay enterable."""
    panel = shown_pairings_panel(qtbot, document)
    panel.select_row(0)
    assert not panel.change_button.isEnabled()
    assert "pair the round again by hand" in panel.change_button.toolTip()
    menu = panel.context_menu()
    results = next(a for a in menu.actions() if a.text() == "Result")
    assert results.isEnabled()
    change = next(a for a in menu.actions() if a.text() == "Change pairing…")
    assert not change.isEnabled()


def test_a_match_without_results_is_paired_again_by_hand_from_its_boards(
    qtbot: QtBot, document: EventDocument, errors: list[str]
) -> None:
    """Round ▸ Pair round by hand… on a match paired whose games have no result yet pairs
    that match again (``set_pairing`` takes the last round again), starting from its boards
    as they stand; once a result is in, it says why not."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDialogButtonBox

    from arbiter_app.session.commands import EnterResult
    from tests.support.warning_dialogs import click_through

    panel = shown_pairings_panel(qtbot, document)
    before = [(b.white, b.black) for b in document.boards(1)]
    dialog = panel.pair_by_hand()
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.windowTitle() == "Pair round 1 by hand"
    assert dialog.choice() == (before, None)
    # Swap the Black players of boards 1 and 2.
    (w1, b1), (w2, b2) = before[0], before[1]
    dialog.boards[0][1].setCurrentIndex(dialog.boards[0][1].findData(b2))
    dialog.boards[1][1].setCurrentIndex(dialog.boards[1][1].findData(b1))
    # No rule broken; the engine pairs the round otherwise: the level-4 question (### MPA).
    log = click_through(["Continue…", "Accept the consequences"])
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert [b["title"] for b in log.seen] == [
        "Please confirm (step 1 of 2)",
        "Consequences (step 2 of 2)",
    ]
    for game in (1, 2):
        pairs = {frozenset((b.white, b.black)) for b in document.boards(game)}
        assert frozenset((w1, b2)) in pairs and frozenset((w2, b1)) in pairs
    assert errors == []
    document.run(EnterResult(round=1, board=1, result="1-0"))
    assert panel.pair_by_hand() is None
    assert errors == [
        "In round 1, game 1, boards 2 and 3 still lack a result; enter them before pairing "
        "the next round."
    ]
