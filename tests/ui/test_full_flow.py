"""The whole flow of an event in the window, by clicks and keys, from File ▸ New to the prizes.

A four-player round robin (started untitled, then saved with File ▸ Save As…)
under the Grand Chess Tour 2023 classical regulation
(seed 000_…, section 3): three players draw among themselves and beat the
fourth, so three finish tied for first (3.1) and play off: a rapid round robin
with pairing numbers drawn by lot (3.3), all drawn so they are still tied, then
an Armageddon knockout with the bye drawn by lot (3.4.1) and colours by coin
toss (3.5.3). The prize money of places 1-3 goes 10,000 to the winner first,
the rest shared equally (3.6).

Every step goes through the window's own menus, panels and dialogs. Dialogs the
window opens without blocking are found and filled by keys; the play-off's
questions are modal (``exec``), so a timer finds the real dialog once it is
up, fills it by keys and clicks its OK button (:func:`answering`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLineEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.lots import DrawMethod
from arbiter_app.core.model import RuleSet, System
from arbiter_app.core.playoff import DrawLots, Toss
from arbiter_app.ui.dialogs.event_settings import EventSettingsDialog
from arbiter_app.ui.dialogs.new_event import NewEventDialog
from arbiter_app.ui.dialogs.pairing_numbers import PairingNumbersDialog
from arbiter_app.ui.dialogs.player import PlayerDialog
from arbiter_app.ui.dialogs.playoff import DrawDialog, ResultsDialog, StartDialog, TossDialog
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings

W = TypeVar("W", bound=QWidget)
D = TypeVar("D", bound=QDialog)

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier

PLAYERS = (
    ("Ada Lovelace", "GM", "2750", "GBR"),
    ("Bea Novak", "GM", "2740", "CZE"),
    ("Cy Okafor", "IM", "2730", "NGR"),
    ("Dov Weiss", "FM", "2300", "ISR"),
)
"""Entered in this order, so their pairing numbers are 1 to 4; the fourth loses every game."""


def the_open(window: MainWindow, kind: type[W]) -> W:
    """The one visible dialog of *kind* the window opened."""
    found = [w for w in window.findChildren(kind) if w.isVisible()]
    assert len(found) == 1, f"expected one open {kind.__name__}, found {len(found)}"
    return found[0]


def retype(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Select everything in *widget* and type *text* over it."""
    qtbot.keyClick(widget, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(widget, text)


def click(qtbot: QtBot, widget: QWidget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def ok_of(dialog: QDialog) -> QWidget:
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    return box.button(QDialogButtonBox.StandardButton.Ok)


@contextmanager
def answering(window: MainWindow, kind: type[D], answer: Callable[[D], None]) -> Iterator[None]:
    """Answer the modal dialog of *kind* that the block executes, once it is up.

    A failed check inside *answer* rejects the dialog (so nothing hangs) and is
    raised when the block ends.
    """
    failures: list[BaseException] = []
    answered: list[D] = []
    waiting = [True]

    def run() -> None:
        if not waiting[0]:
            return
        found = [d for d in window.findChildren(kind) if d.isVisible()]
        if not found:
            QTimer.singleShot(10, run)  # not up yet
            return
        answered.append(found[-1])
        try:
            answer(found[-1])
        except BaseException as exc:
            failures.append(exc)
            found[-1].reject()

    QTimer.singleShot(0, run)
    try:
        yield
    finally:
        waiting[0] = False
    if failures:
        raise failures[0]
    assert answered, f"no {kind.__name__} came up"


def press(window: MainWindow, qtbot: QtBot, label: str) -> None:
    """Click the play-off card's button called *label*."""
    buttons = [b for b in window.playoff.card.buttons if b.text() == label]
    assert buttons, f"no {label!r} on the card {window.playoff.card.title!r}"
    click(qtbot, buttons[0])


def enter_playoff_results(window: MainWindow, qtbot: QtBot, result: str) -> list[str]:
    """Press "Enter results…" and give every game of the step *result* in the real dialog."""
    games: list[str] = []

    def answer(dialog: ResultsDialog) -> None:
        for game, box in dialog.boxes.items():
            box.setCurrentIndex(box.findData(result))
            games.append(game)
        click(qtbot, ok_of(dialog))

    with answering(window, ResultsDialog, answer):
        press(window, qtbot, "Enter results…")
    return games


def type_round(window: MainWindow, qtbot: QtBot) -> None:
    """Type the round on screen by keys: 4 loses every game, the others draw."""
    panel = window.pairings
    rows = [panel.model.pairing(r) for r in range(panel.model.rowCount())]
    boards = [r for r in rows if r.is_board]
    assert len(boards) == 2

    def key(row: int) -> str:
        white, black = boards[row].white, boards[row].black
        return "0" if white == 4 else "1" if black == 4 else "="

    view = panel.view
    view.setFocus()
    panel.select_row(0)
    # Enter moves on to board 2, typed first; then back up to board 1.
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert panel.current_row() == 1
    qtbot.keyClicks(view, key(1))
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert panel.current_row() == 0
    qtbot.keyClicks(view, key(0))
    assert panel.summary.text() == "2 boards, all results in"


def test_a_new_round_robin_to_its_play_off_and_prizes(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    window = app.create_window(settings)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # the shortcuts act in the active window
    document = window.document

    # -- File ▸ New, filled by keys --------------------------------------------------------
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    new = the_open(window, NewEventDialog)
    qtbot.keyClicks(new.name, "Spring Classical")
    qtbot.keyClick(new.system, Qt.Key.Key_Down)  # Swiss → Round robin
    retype(qtbot, new.rounds, "3")
    click(qtbot, ok_of(new))
    assert document.path is None  # untitled until File ▸ Save As…
    assert "— Untitled[*] —" in window.windowTitle()
    event = document.tournament
    assert (event.name, event.system, event.planned_rounds) == (
        "Spring Classical",
        System.ROUND_ROBIN,
        3,
    )

    # -- players, by the Players panel's Add dialog ------------------------------------------
    window.docks["players"].raise_()
    for name, title, rating, federation in PLAYERS:
        click(qtbot, window.players.button(window.players.add_action))
        dialog = the_open(window, PlayerDialog)
        qtbot.keyClicks(dialog.name, name)
        qtbot.keyClicks(dialog.title, title)
        retype(qtbot, dialog.rating, rating)
        qtbot.keyClicks(dialog.federation, federation)
        qtbot.keyClick(dialog.federation, Qt.Key.Key_Return)  # Enter is OK
        assert not dialog.isVisible()
    assert [p.name for p in document.tournament.players] == [p[0] for p in PLAYERS]
    assert window.players.model.rowCount() == 4

    # -- File ▸ Save As…, the file name typed in the save dialog ----------------------------------
    target = tmp_path / "spring.arbiter"

    def save_here(dialog: QFileDialog) -> None:
        # The dialog opens in the folder of the last event, named after this one.
        assert dialog.directory().absolutePath() == str(tmp_path)
        assert dialog.selectedFiles()[0].endswith("Spring Classical.arbiter")
        name = dialog.findChild(QLineEdit, "fileNameEdit")
        assert name is not None
        name.setCompleter(None)  # its pop-up would take the Return key
        retype(qtbot, name, "spring")  # the dialog adds .arbiter
        qtbot.keyClick(name, Qt.Key.Key_Return)

    settings.add_recent(tmp_path / "last-week.arbiter")
    assert window.isWindowModified()
    with answering(window, QFileDialog, save_here):
        qtbot.keyClick(window, Qt.Key.Key_S, CTRL | SHIFT)
    assert document.path == target and target.exists()
    assert not window.isWindowModified()
    assert window.windowTitle().endswith("— spring.arbiter[*] — Arbiter")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # back from the save dialog

    # -- Event settings: the play-off regulation, the rule set, the header ---------------------
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL | Qt.KeyboardModifier.AltModifier)
    dialog = the_open(window, EventSettingsDialog)
    assert dialog.system.currentData() == "round-robin"
    qtbot.keyClicks(dialog.info["city"], "Saint Louis")
    qtbot.keyClicks(dialog.info["start_date"], "2026-06-01")
    qtbot.keyClicks(dialog.info["chief_arbiter"], "Ann Arbiter")
    assert "FIDE 2026 text applies" in dialog.rule_note.text()
    qtbot.keyClick(dialog.rule_set, Qt.Key.Key_Down)  # by the date → FIDE 2024, then 2026
    assert "falls under the FIDE 2026 text" in dialog.rule_note.text()
    qtbot.keyClick(dialog.rule_set, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.playoff, Qt.Key.Key_Down)  # none → rapid & blitz → classical
    qtbot.keyClick(dialog.playoff, Qt.Key.Key_Down)
    assert dialog.playoff.currentData() == "gct-2023-classical"
    assert "10,000.00 to the play-off winner" in dialog.playoff_note.text()
    dialog.grab().save(str(tmp_path / "event-settings.png"))
    click(qtbot, dialog.prizes_button)
    assert not dialog.isVisible()
    stored = document.event_settings()
    assert stored["playoff"] == "gct-2023-classical"
    assert stored["rule_set"] == "fide-2026"
    assert document.tournament.effective_rule_set is RuleSet.FIDE_2026
    info = document.tournament.info
    assert (info.city, info.chief_arbiter, str(info.start_date)) == (
        "Saint Louis",
        "Ann Arbiter",
        "2026-06-01",
    )
    assert document.undo_label() == "edit settings"

    # -- the prize fund, in the Prizes panel the dialog led to ----------------------------------
    fund = window.prizes.fund
    assert fund.hasFocus()
    qtbot.keyClicks(fund, "100000, 65000, 48000, 20000")
    qtbot.keyClick(fund, Qt.Key.Key_Return)
    assert window.prizes.model.rowCount() == 4

    # -- the pairing numbers: round 1 waits for them, the window offers the draw --------------
    window.docks["pairings"].raise_()
    click(qtbot, window.pairings.pair_button)
    offer = window.pairings.message
    assert offer is not None and offer.isVisible()
    assert "drawn by lot before round 1 (FIDE C.05 articles 7.2 and 7.5" in offer.text()
    assert document.paired_rounds() == 0
    give = next(b for b in offer.buttons() if b.text() == "Pairing numbers…")
    click(qtbot, give)
    numbers = the_open(window, PairingNumbersDialog)
    assert numbers.method() == "lot"  # a round robin draws its numbers
    click(qtbot, numbers.method_buttons["draw"])
    for tpn in (1, 2, 3, 4):  # drawn at the venue: each player drew their entry number
        numbers.set_drawn(tpn, tpn)
    qtbot.keyClicks(numbers.witnesses_field, "Bo Deputy, Cy Captain")
    click(qtbot, ok_of(numbers))
    assert document.event_state().numbering_text.startswith("Pairing numbers drawn at the venue")
    assert "drawn at the venue" in window.players.numbering.text()

    # -- three rounds paired with the button, results typed by keys -----------------------------
    window.docks["pairings"].raise_()
    for round_no in (1, 2, 3):
        assert window.pairings.pair_button.isEnabled()
        click(qtbot, window.pairings.pair_button)
        assert window.pairings.round.value() == round_no
        type_round(window, qtbot)
    assert not window.pairings.pair_button.isEnabled()
    assert window.windowTitle().startswith("Spring Classical — final")
    assert window.state_label.text() == "Final: all 3 rounds complete; the play-off can start"
    standings = window.standings.model
    assert [standings.cell(r, 4) for r in range(4)] == ["2", "2", "2", "0"]
    assert [standings.cell(r, standings.columnCount() - 1) for r in range(4)] == [
        "play-off",
        "play-off",
        "play-off",
        "",
    ]

    # -- the play-off, by the card's buttons ----------------------------------------------------
    # The last game ends at noon: article 3.2's start on the same day is then open whatever
    # the hour the test runs (near midnight the earliest start falls on the next day).
    noon = datetime.now().astimezone().replace(hour=12, minute=0, second=0, microsecond=0)
    document.now = lambda: noon  # type: ignore[method-assign]
    window.docks["playoff"].raise_()
    card = window.playoff.card
    assert card.title == "Start the play-off"
    assert card.article == "GCT 2023 Classical event, article 3.2"

    def start(dialog: StartDialog) -> None:
        # The last game ended now; the start offered is the earliest allowed (3.2).
        assert dialog.refused == ""
        click(qtbot, ok_of(dialog))

    with answering(window, StartDialog, start):
        press(window, qtbot, "Start the play-off…")
    started = document.playoff_state()
    assert started is not None and started.last_game_end is not None
    assert card.title == "Draw lots"

    def witnessed(dialog: DrawDialog) -> None:
        qtbot.keyClicks(dialog.witnesses, "Bo Deputy")
        qtbot.keyClick(dialog.witnesses, Qt.Key.Key_Return)
        qtbot.keyClicks(dialog.witnesses, "Cy Captain")
        click(qtbot, ok_of(dialog))

    # The pairing numbers of the round robin, drawn by the computer before witnesses (3.3).
    with answering(window, DrawDialog, witnessed):
        press(window, qtbot, "Draw by computer…")
    state = document.playoff_state()
    assert state is not None
    draw = state.actions[-1]
    assert isinstance(draw, DrawLots) and draw.draw.method is DrawMethod.SEEDED
    assert sorted(draw.draw.outcome) == [1, 2, 3] and draw.draw.seed is not None
    assert draw.draw.witnesses == ("Bo Deputy", "Cy Captain")
    assert card.title == "Print the pairings and score sheets"
    press(window, qtbot, "Already printed")
    # The round robin: three rapid games, all drawn, so the three are still tied (3.4).
    for _ in range(3):
        assert card.title == "Play and record the games"
        assert len(enter_playoff_results(window, qtbot, "1/2-1/2")) == 1
    robin = window.playoff.bracket.stages[0]
    assert [e.detail for e in robin.boxes[0].entries] == ["1", "1", "1"]

    # The Armageddon knockout: the bye drawn by lot at the venue (3.4.1), typed in.
    assert card.title == "Draw lots"

    def drawn(dialog: DrawDialog) -> None:
        assert dialog.order is not None
        qtbot.keyClicks(dialog.order, "3, 2, 1")
        click(qtbot, ok_of(dialog))

    with answering(window, DrawDialog, drawn):
        press(window, qtbot, "Enter a physical draw…")
    state = document.playoff_state()
    assert state is not None
    physical = state.actions[-1]
    assert isinstance(physical, DrawLots) and physical.draw.method is DrawMethod.PHYSICAL
    assert physical.draw.outcome == (3, 2, 1)

    # First game: the first drawn, 3, has the bye (3.4.1); 2 and 1 meet. The coin is
    # tossed at the board, its winner (2) typed in, and chooses White.
    assert card.title == "Toss a coin"
    step = window.playoff.runner.current_step()
    assert step is not None and sorted(step.players) == [1, 2]

    def toss(dialog: TossDialog) -> None:
        assert dialog.winner is not None
        dialog.winner.setCurrentIndex(dialog.winner.findData(2))
        click(qtbot, ok_of(dialog))

    with answering(window, TossDialog, toss):
        press(window, qtbot, "Enter the toss…")
    state = document.playoff_state()
    assert state is not None
    first_toss = state.actions[-1]
    assert isinstance(first_toss, Toss) and first_toss.draw.outcome == (2,)
    assert first_toss.draw.method is DrawMethod.PHYSICAL
    assert card.title == "Record the colour chosen"
    press(window, qtbot, "White")
    press(window, qtbot, "Already printed")
    # White, the toss winner, wins the first Armageddon.
    enter_playoff_results(window, qtbot, "1-0")
    first_winner = 2

    # The final against the player with the bye: a toss by computer; its winner takes
    # Black and wins (a draw would do too: 3.5.2).
    assert card.title == "Toss a coin"
    step = window.playoff.runner.current_step()
    assert step is not None and sorted(step.players) == sorted((first_winner, 3))
    with answering(window, TossDialog, lambda dialog: click(qtbot, ok_of(dialog))):
        press(window, qtbot, "Toss by computer…")
    state = document.playoff_state()
    assert state is not None
    second_toss = state.actions[-1]
    assert isinstance(second_toss, Toss) and second_toss.draw.method is DrawMethod.SEEDED
    assert second_toss.draw.seed is not None
    press(window, qtbot, "Black")
    press(window, qtbot, "Already printed")
    enter_playoff_results(window, qtbot, "0-1")
    assert card.title == "The play-off is over"
    assert card.buttons == []
    champion = second_toss.draw.outcome[0]

    # -- the final standings and the prizes --------------------------------------------------
    standings = window.standings.model
    places = [(standings.key(r), standings.cell(r, 0)) for r in range(4)]
    assert places[0] == (champion, "1")
    assert sorted(p for _, p in places[1:]) == ["2-3", "2-3", "4"]
    assert places[3] == (4, "4")
    final = window.playoff.bracket.stages[-1]
    assert final.title == "Final order"
    assert final.boxes[0].entries[0].name == PLAYERS[champion - 1][0]

    window.docks["prizes"].raise_()
    prizes = window.prizes.model
    money = {prizes.key(r): prizes.cell(r, 3) for r in range(prizes.rowCount())}
    # 3.6: places 1-3 hold 213,000: 10,000 to the winner first, the other 203,000 shared
    # equally (67,666.66 each, the two cents left over go one each in final order).
    assert money[champion] == "77666.67"
    assert sorted(money[t] for t in (1, 2, 3) if t != champion) == ["67666.66", "67666.67"]
    assert sum(Decimal(money[t]) for t in (1, 2, 3)) == Decimal("213000.00")
    assert money[4] == "20000.00"
    assert prizes.cell(0, 0) == "1 *"
    window.grab().save(str(tmp_path / "end-of-flow.png"))

    # -- the file on disk is the whole event, play-off included ---------------------------------
    from arbiter_app.session import Session

    with Session.open(target, readonly=True) as saved:
        assert saved.journal() == document.session.journal()
        assert saved.verify() == []
