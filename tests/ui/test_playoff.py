"""The play-off panel driven through the demo event: a three-way tie for first (seed 000, section 3)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.lots import DrawMethod
from arbiter_app.core.playoff import DrawLots, GameSpec, PlayoffState, Step, Toss
from arbiter_app.ui.dialogs.playoff import ResultsDialog, parse_order
from arbiter_app.ui.document import EventDocument, untitled_session
from arbiter_app.ui.panels.playoff import PlayoffPanel
from arbiter_app.ui.panels.prizes import PrizesPanel
from arbiter_app.ui.panels.standings import StandingsPanel
from arbiter_app.ui.playoff_adapter import event_playoff
from arbiter_app.ui.playoff_runner import DrawAnswer, StartTimes, TossAnswer
from tests.ui.conftest import document_in_file

# The last game of the final round ended at 18:05; seed 000 article 3.2 allows the
# play-off from 18:20, and it starts at 18:25.
LAST_GAME_END = datetime(2026, 5, 10, 18, 5, tzinfo=UTC)
START = datetime(2026, 5, 10, 18, 25, tzinfo=UTC)


class Answers:
    """A prompter with answers given in advance (the dialogs' stand-in)."""

    def __init__(self) -> None:
        self.times: StartTimes | None = StartTimes(LAST_GAME_END, START)
        self.order: tuple[int, ...] | None = None
        self.winner: int | None = None
        self.witnesses: tuple[str, ...] = ()
        self.cancel_witnesses = False
        self.result: str | None = "1/2-1/2"
        self.asked: list[str] = []

    def start_times(self, step: Step, state: PlayoffState) -> StartTimes | None:
        self.asked.append("start")
        return self.times

    def draw(self, step: Step, names: Mapping[int, str], physical: bool) -> DrawAnswer | None:
        self.asked.append("order" if physical else "draw")
        if self.cancel_witnesses or (physical and self.order is None):
            return None
        return DrawAnswer(self.witnesses, self.order if physical else None)

    def toss(self, step: Step, names: Mapping[int, str], physical: bool) -> TossAnswer | None:
        self.asked.append("toss" if physical else "toss by computer")
        if self.cancel_witnesses:
            return None
        if not physical:
            return TossAnswer(self.witnesses)
        return TossAnswer(
            self.witnesses, self.winner if self.winner is not None else step.players[0]
        )

    def results(self, games: Sequence[GameSpec], names: Mapping[int, str]) -> dict[str, str] | None:
        self.asked.append("results")
        return None if self.result is None else {g.id: self.result for g in games}

    def decision(self, step: Step, names: Mapping[int, str]) -> tuple[tuple[int, ...], str] | None:
        self.asked.append("decision")
        return None

    def reason(self, step: Step, question: str) -> str | None:
        self.asked.append("reason")
        return None

    def print_sheets(self, step: Step, names: Mapping[int, str]) -> bool:
        self.asked.append("print")
        return True


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[EventDocument]:
    """The sample event in a ``.arbiter`` file, with the GCT classical regulation."""
    imported = app.import_trf(app.DEMO_SAMPLE)
    document = document_in_file(tmp_path / "demo.arbiter", imported.event, playoff=app.DEMO_PLAYOFF)
    yield document
    document.close()


@pytest.fixture
def untitled() -> Iterator[EventDocument]:
    """The demo as the window opens it: untitled, the same session."""
    imported = app.import_trf(app.DEMO_SAMPLE)
    document = EventDocument(
        untitled_session(imported.event, "sample.trf", playoff=app.DEMO_PLAYOFF)
    )
    yield document
    document.close()


def last_action(document: EventDocument) -> object:
    state = document.playoff_state()
    assert state is not None and state.actions
    return state.actions[-1]


def make_panel(qtbot: QtBot, document: EventDocument, answers: Answers) -> PlayoffPanel:
    panel = PlayoffPanel(document, answers)
    qtbot.addWidget(panel)
    panel.show()
    return panel


def press(panel: PlayoffPanel, label: str) -> None:
    button = next(b for b in panel.card.buttons if b.text() == label)
    button.click()


def test_the_tie_for_first_goes_to_the_play_off(demo: EventDocument) -> None:
    result = event_playoff(demo)
    assert result.state is not None
    assert [t.players for t in result.state.ties if t.place == 1] == [(1, 3, 7)]
    notes = [row[-1] for row in result.standings.table.rows]
    assert notes[:4] == ["play-off", "play-off", "play-off", ""]


def test_untitled_the_play_off_runs_as_in_a_file(qtbot: QtBot, untitled: EventDocument) -> None:
    """One path: the memory copy of old only previewed the play-off; untitled, it starts."""
    panel = make_panel(qtbot, untitled, Answers())
    assert panel.card.title == "Start the play-off"
    press(panel, "Start the play-off…")
    assert [b for b in panel.findChildren(QMessageBox) if b.isVisible()] == []
    assert panel.card.title == "Draw lots"
    assert untitled.session.journal()[-1].command == "playoff.start"
    assert untitled.path is None and untitled.modified


def test_the_demo_card_asks_to_start(qtbot: QtBot, demo: EventDocument) -> None:
    panel = make_panel(qtbot, demo, Answers())
    assert panel.card.title == "Start the play-off"
    assert panel.card.article == "GCT 2023 Classical event, article 3.2"
    assert "players 1, 3, 7" in panel.card._text.text()
    assert [b.text() for b in panel.card.buttons] == ["Start the play-off…"]


def test_a_whole_play_off_from_the_card(qtbot: QtBot, demo: EventDocument) -> None:
    answers = Answers()
    panel = make_panel(qtbot, demo, answers)
    standings = StandingsPanel(demo)
    qtbot.addWidget(standings)
    press(panel, "Start the play-off…")
    assert panel.card.title == "Draw lots"
    assert "Okafor" in panel.card._text.text()
    press(panel, "Draw by computer…")
    draw = last_action(demo)
    assert isinstance(draw, DrawLots) and draw.draw.method is DrawMethod.SEEDED
    assert draw.draw.seed is not None and sorted(draw.draw.outcome) == [1, 3, 7]
    assert panel.card.title == "Print the pairings and score sheets"
    press(panel, "Print…")
    assert answers.asked == ["start", "draw", "print"]
    # Three rapid games, all drawn: still tied after the round robin (3.4).
    for _ in range(3):
        assert panel.card.title == "Play and record the games"
        press(panel, "Enter results…")
    stage = panel.bracket.stages[0]
    assert stage.title == "Round robin 1"
    assert [e.detail for e in stage.boxes[0].entries] == ["1", "1", "1"]
    assert all(e.advances for e in stage.boxes[0].entries)
    # Armageddon knockout: the draw gives one bye (3.4.1), a toss for colours (3.5.3).
    assert panel.card.title == "Draw lots"
    answers.order = (7, 3, 1)
    press(panel, "Enter a physical draw…")
    physical = last_action(demo)
    assert isinstance(physical, DrawLots) and physical.draw.outcome == (7, 3, 1)
    assert panel.card.title == "Toss a coin"
    press(panel, "Toss by computer…")
    assert isinstance(last_action(demo), Toss)
    assert panel.card.title == "Record the colour chosen"
    winner = last_action(demo).draw.outcome[0]
    names = {p.tpn: p.name for p in demo.tournament.players}
    assert f"Toss winner: {names[winner]} ({winner})" in panel.card.text
    press(panel, "White")
    press(panel, "Already printed")
    press(panel, "Enter results…")  # a draw: Black wins the Armageddon (3.5.2)
    assert panel.card.title == "Toss a coin"
    answers.winner = 7
    press(panel, "Enter the toss…")
    press(panel, "Black")
    press(panel, "Already printed")
    press(panel, "Enter results…")
    assert panel.card.title == "The play-off is over"
    assert panel.card.buttons == []
    final = panel.bracket.stages[-1]
    assert final.title == "Final order"
    assert final.boxes[0].entries[0].advances
    # Only the tie the play-off broke: the winner, then places 2-3 (the ties for 5-6
    # and 7-8 stay shared, 3.8).
    assert [e.detail for e in final.boxes[0].entries] == ["1", "2-3"]
    # The standings show the winner alone on first place.
    places = [standings.model.cell(r, 0) for r in range(3)]
    assert places == ["1", "2-3", "2-3"]
    winner = standings.model.key(0)
    assert final.boxes[0].entries[0].name == standings.model.cell(0, 2)
    assert winner == 7  # 7 had Black against the toss winner's choice of White
    # Prizes (seed 000, 3.6): $10,000 to the winner, the rest of places 1-3 pooled.
    prizes = PrizesPanel(demo)
    qtbot.addWidget(prizes)
    prizes.currency.setCurrentText("eur")  # typed in lower case: stored as EUR
    qtbot.keyClicks(prizes.fund, "100000, 65000, 48000")
    qtbot.keyClick(prizes.fund, Qt.Key.Key_Return)
    money = {prizes.model.key(r): prizes.model.cell(r, 3) for r in range(3)}
    assert money[7] == "77666.67"
    assert demo.prize_currency() == "EUR"
    assert prizes.model.headerData(3, Qt.Orientation.Horizontal) == "Money (EUR)"
    assert sum(Decimal(m) for m in money.values()) == Decimal("213000.00")
    assert prizes.model.cell(0, 0) == "1 *"
    demo.undo()  # the fund
    assert prizes.model.rowCount() == 0
    # Every step is in the file; undo takes the play-off back one step, redo brings it back.
    assert not demo.modified
    assert demo.undo_label() == "play-off result"
    demo.undo()
    assert panel.card.title == "Play and record the games"
    demo.redo()
    assert panel.card.title == "The play-off is over"


def test_cancelled_questions_change_nothing(qtbot: QtBot, demo: EventDocument) -> None:
    answers = Answers()
    panel = make_panel(qtbot, demo, answers)
    press(panel, "Start the play-off…")
    before = demo.playoff_state()
    press(panel, "Enter a physical draw…")  # answers.order is None: cancelled
    assert demo.playoff_state() == before
    assert answers.asked == ["start", "order"]


def test_a_wrong_physical_draw_is_refused_plainly(qtbot: QtBot, demo: EventDocument) -> None:
    answers = Answers()
    panel = make_panel(qtbot, demo, answers)
    press(panel, "Start the play-off…")
    answers.order = (1, 3, 3)
    before = demo.playoff_state()
    press(panel, "Enter a physical draw…")
    assert demo.playoff_state() == before
    boxes = [b for b in panel.findChildren(QMessageBox) if b.isVisible()]
    assert boxes and "exactly once" in boxes[0].text()
    boxes[0].close()


def test_results_dialog_returns_what_was_entered(qtbot: QtBot) -> None:
    games = (
        GameSpec("G1", 1, 3, "G/10+5", False, 1, "places 1-3", "round robin 1"),
        GameSpec("G2", 7, 1, "G/10+5", False, 2, "places 1-3", "round robin 1"),
    )
    dialog = ResultsDialog(games, {1: "Ada", 3: "Cy", 7: "Gus"})
    qtbot.addWidget(dialog)
    box = dialog.boxes["G2"]
    box.setCurrentIndex(box.findData("0-1"))
    assert dialog.results() == {"G2": "0-1"}
    assert box.accessibleName() == "G2: 7. Gus – 1. Ada"
    # A game not played is entered here too (issue 26), with what it does (Laws 6.7.1).
    first = dialog.boxes["G1"]
    labels = [first.itemText(i) for i in range(first.count())]
    assert labels[-3:] == [
        "+ -  (Black absent: White wins by forfeit)",
        "- +  (White absent: Black wins by forfeit)",
        "- -  (both absent: both lose)",
    ]
    first.setCurrentIndex(first.findData("-+"))
    assert dialog.results() == {"G1": "-+", "G2": "0-1"}
    notes = [w.text() for w in dialog.findChildren(QLabel)]
    assert any("FIDE Laws of Chess 6.7.1" in n for n in notes)


def test_parse_order() -> None:
    assert parse_order("7, 1 3") == (7, 1, 3)
    assert parse_order("7-1-3") == (7, 1, 3)
    with pytest.raises(Exception, match="not a list of pairing numbers"):
        parse_order("seven")


def test_the_play_off_sheet_lists_the_games(qtbot: QtBot, demo: EventDocument) -> None:
    from arbiter_app.exports.html import sheet_to_html
    from arbiter_app.ui.exporting import playoff_sheet

    panel = make_panel(qtbot, demo, Answers())
    press(panel, "Start the play-off…")
    press(panel, "Draw by computer…")
    html = sheet_to_html(playoff_sheet(demo))
    for name in ("Okafor", "Ferreira", "Moreau"):
        assert name in html


def test_the_projector_shows_the_bracket(qtbot: QtBot, demo: EventDocument) -> None:
    from PySide6.QtCore import Qt

    from arbiter_app.ui.projector import ProjectorWindow

    answers = Answers()
    panel = make_panel(qtbot, demo, answers)
    projector = ProjectorWindow(demo, 2.0)
    qtbot.addWidget(projector)
    projector.resize(1366, 768)
    projector.show()
    for label in ("Start the play-off…", "Draw by computer…", "Already printed", "Enter results…"):
        press(panel, label)
    assert not projector.showing_bracket
    assert projector.windowTitle() == "Demo Classical 2026 — standings"
    qtbot.keyClick(projector, Qt.Key.Key_B)
    assert projector.showing_bracket
    assert projector.title.text() == "Demo Classical 2026  ·  play-off"
    assert projector.windowTitle() == "Demo Classical 2026 — play-off"
    assert projector.bracket.stages == panel.bracket.stages
    assert projector.bracket.fontMetrics().height() > panel.bracket.fontMetrics().height()
    # Scaled to fit: the whole bracket is in the window, no scroll bar.
    room = projector.bracket_area.viewport().size()
    need = projector.bracket.sizeHint()
    assert need.width() <= room.width() and need.height() <= room.height()
    qtbot.keyClick(projector, Qt.Key.Key_B)
    assert not projector.showing_bracket


def test_a_currency_that_is_no_code_is_refused_plainly(
    qtbot: QtBot, demo: EventDocument, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtCore import Qt

    import arbiter_app.ui.panels.prizes as prizes_module

    shown: list[str] = []
    monkeypatch.setattr(prizes_module, "show_error", lambda parent, exc: shown.append(str(exc)))
    prizes = PrizesPanel(demo)
    qtbot.addWidget(prizes)
    before = demo.undo_label()
    prizes.currency.setCurrentText("dollars")
    qtbot.keyClicks(prizes.fund, "1000, 500")
    qtbot.keyClick(prizes.fund, Qt.Key.Key_Return)
    assert len(shown) == 1 and "three-letter code" in shown[0] and "'DOLLARS'" in shown[0]
    assert demo.prize_currency() is None
    assert demo.undo_label() == before


def test_a_wrong_physical_draw_keeps_what_was_typed_and_says_what_is_wrong(
    qtbot: QtBot,
) -> None:
    from arbiter_app.core.playoff import Step
    from arbiter_app.ui.dialogs.playoff import DrawDialog

    step = Step("draw-lots", "3.3", "Draw lots for the pairing numbers 1-3.", players=(1, 3, 7))
    dialog = DrawDialog(step, {1: "Ada", 3: "Cy", 7: "Gus"}, True)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.order is not None
    qtbot.keyClicks(dialog.order, "3, 1, 2")
    qtbot.keyClick(dialog.order, Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert dialog.order.text() == "3, 1, 2"
    assert dialog.problem.text() == (
        "The order drawn must name each of 1, 3 and 7 exactly once:"
        " 2 is not drawn among them, 7 is missing."
    )
    dialog.order.setText("3, 1, 7")
    qtbot.keyClick(dialog.order, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    assert dialog.answer().order == (3, 1, 7)


def test_the_card_s_steps_have_keys(qtbot: QtBot, demo: EventDocument) -> None:
    """Ctrl+1 presses the card's first button, Ctrl+2 the second: the play-off by keys."""
    panel = make_panel(qtbot, demo, Answers())
    panel.show()
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow)
    first = panel.card.buttons[0]
    assert first.text() == "Start the play-off…"
    assert first.shortcut().toString() == "Ctrl+1"
    assert "(Ctrl+1)" in first.toolTip()
    clicked: list[bool] = []
    first.clicked.connect(lambda *_: clicked.append(True))
    first.setFocus()
    qtbot.keyClick(first, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    # A button's key presses it the way a click does, after its short press animation.
    qtbot.waitUntil(lambda: bool(clicked))
    labels = [b.text() for b in panel.card.buttons]
    assert labels[0] == "Draw by computer…", labels
    assert [b.shortcut().toString() for b in panel.card.buttons] == [
        f"Ctrl+{n}" for n in range(1, len(labels) + 1)
    ]
