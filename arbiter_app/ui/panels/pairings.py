"""The pairings & results panel: one round's boards, results typed from the keyboard.

Keys on a board: ``1`` White wins, ``0`` Black wins, ``=`` (or ``5``) draw,
``+`` White wins by forfeit, ``-`` Black wins by forfeit, ``x`` double
forfeit; ``h`` ½-0, ``j`` 0-½, ``z`` 0-0 (Laws of Chess 12.9); ``w``, ``d``, ``l`` a
game not rated, read from White's side as TRF-26's codes (see
:class:`~arbiter_app.core.result.GameResult`); ``a`` marks the game adjourned (its
result not known yet: the board shows ``adj.``). The board's menu lists them all with
their keys. After a result, and on Enter,
the cursor moves to the next board, so a whole round is entered without the
mouse; the arrow keys move freely. Typing another result on a board that has
one asks first, then corrects it (the session's ``correct_result``).

"Change pairing…" (button, context menu) sets White and Black of the
selected board by hand through the session's ``change_pairing``: a change
that breaks pairing rules is shown with the rules and their articles, and
made only when the arbiter confirms it (the document's level-3 question).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Literal

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.event_state import EventState, Phase
from arbiter_app.core.lots import Draw
from arbiter_app.core.model import Colour
from arbiter_app.core.pairing.boards import NoLegalPairing, PairingError, RoundPairing
from arbiter_app.core.pairing.manual import ONE_BOARD, HandChange
from arbiter_app.core.pairing.swiss import BeyondFallback
from arbiter_app.core.result import ADJOURNED_KEY, GameResult
from arbiter_app.core.words import count
from arbiter_app.session.commands import (
    CorrectResultForRating,
    EndManualPairing,
    StartManualPairing,
)
from arbiter_app.session.round_commands import board_change_refusal
from arbiter_app.ui.dialogs.errors import error_text, show_error
from arbiter_app.ui.dialogs.hand_pairing import HandPairingDialog
from arbiter_app.ui.dialogs.pairing import Candidate, PairingDialog
from arbiter_app.ui.dialogs.pairing_log import PairingLogDialog
from arbiter_app.ui.dialogs.rating_correction import RatingCorrectionDialog
from arbiter_app.ui.document import Changes, EventDocument
from arbiter_app.ui.models.pairings import RESULT_COLUMN, PairingsModel
from arbiter_app.ui.read_only import hold
from arbiter_app.ui.rows import PairingRow, pairing_rows
from arbiter_app.ui.widgets.busy import Cancelled, run_busy
from arbiter_app.ui.widgets.round_box import RoundBox
from arbiter_app.ui.widgets.search import PlayerSearch
from arbiter_app.ui.widgets.table import size_columns

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class ResultsView(QTableView):
    """A table that turns result keys into :attr:`result_typed` and Enter into a move."""

    result_typed = Signal(int, object)
    """(row, :class:`GameResult`) typed on a row."""
    adjourn_typed = Signal(int)
    """The row's game is adjourned (key ``a``; checklist Q157)."""
    next_requested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        result = GameResult.from_key(event.text())
        if result is not None and self.currentIndex().isValid():
            self.result_typed.emit(self.currentIndex().row(), result)
            event.accept()
            return
        if event.text().lower() == ADJOURNED_KEY and self.currentIndex().isValid():
            self.adjourn_typed.emit(self.currentIndex().row())
            event.accept()
            return
        if event.key() in _ENTER:
            self.next_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class PairingsPanel(QWidget):
    numbers_requested = Signal()
    """The arbiter chose to give the pairing numbers round 1 waits for."""

    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.model = PairingsModel(self)
        # The game column shown, as the arbiter says it ("Round 1, game 2" in a double Swiss).
        self.round = RoundBox(self)
        self.round.setAccessibleName("Round")
        # The spin box's own text field is what screen readers land on.
        for field in self.round.findChildren(QLineEdit):
            field.setAccessibleName("Round")
        self.round.setMinimum(1)
        self.round.valueChanged.connect(lambda _: self.refresh())
        self.summary = QLabel(self)
        self.summary.setAccessibleName("Round summary")
        # A long summary (the colour drawn by lot and its seed) wraps; it never widens the
        # window past the screen.
        self.summary.setWordWrap(True)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        # In line with the text of the search field below it, not flush with the panel's edge.
        self.summary.setIndent(self.summary.fontMetrics().height() // 4)
        self.position_label = QLabel(self)
        self.position_label.setAccessibleName("Chess960 starting position")
        self.position_label.setWordWrap(True)
        self.position_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.position_label.setIndent(self.summary.indent())
        self.position_label.hide()
        self.view = ResultsView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName("Pairings and results")
        self.view.setAccessibleDescription(
            "Type 1, 0 or = (or 5) for a result, + or - for a forfeit, x for a double forfeit;"
            " Enter moves to the next board"
        )
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self.view.result_typed.connect(self.enter_result)
        self.view.adjourn_typed.connect(self.adjourn)
        self.view.next_requested.connect(self.move_to_next_board)
        self.pair_button = QPushButton("Pair next round", self)
        self.pair_button.setAccessibleName("Pair the next round")
        self.pair_button.setToolTip(
            f"Pair the round after the last one with {document.engine_words} and record it"
        )
        self.pair_button.clicked.connect(self.pair_next_round)
        self._on_board = False  # the cursor is on a board (not a bye): its result can be set
        self.change_button = QPushButton("Change pairing…", self)
        self.change_button.setAccessibleName("Change the pairing of the selected board")
        self.change_button.setToolTip("Set White and Black of the selected board by hand")
        self.change_button.clicked.connect(self.change_pairing)
        self.explain_button = QPushButton("Explain pairing…", self)
        self.explain_button.setAccessibleName("Explain the pairing of the round shown")
        self.explain_button.setToolTip(
            "How the engine paired the round shown: its log, step by step, with the rule of"
            " each step, and whether the recorded round is still the engine's"
        )
        self.explain_button.clicked.connect(self.explain_pairing)
        self.log_dialog: PairingLogDialog | None = None
        self.manual_button = QPushButton("Start manual pairing", self)
        self.manual_button.setAccessibleName("Manual pairing")
        self.manual_button.clicked.connect(self.toggle_manual_pairing)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._show_context_menu)
        self.pairing_dialog: PairingDialog | None = None
        self.hand_dialog: HandPairingDialog | None = None
        self.rating_dialog: RatingCorrectionDialog | None = None
        self.correction_box: QMessageBox | None = None
        self.message: QMessageBox | None = None
        self.colour_note = ""
        """What the computer drew for round 1's colour, shown beside round 1's boards."""
        """The last pairing question or refusal shown (opened, not executed: tests answer it)."""
        self.search = PlayerSearch(self.view, "line", self)
        bar = QHBoxLayout()
        bar.addWidget(self.round)
        bar.addStretch(1)
        bar.addWidget(self.explain_button)
        bar.addWidget(self.manual_button)
        bar.addWidget(self.change_button)
        bar.addWidget(self.pair_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        # The summary has a line of its own under the buttons: however long (the colour
        # drawn by lot and its seed), it wraps there and never hides nor widens the bar.
        layout.addWidget(self.summary)
        layout.addWidget(self.position_label)
        layout.addWidget(self.search)
        layout.addWidget(self.view)
        document.changed.connect(self.on_changed)
        self.view.selectionModel().currentChanged.connect(lambda *_: self._sync_change_button())
        self._sync_rounds(show_last=True)

    # -- refresh ---------------------------------------------------------------------------
    def on_changed(self, changes: Changes) -> None:
        if changes.event:
            # Another event or section: its latest round, on the first board waiting for
            # a result (the row of the last event's cursor was kept, issue 26).
            self._sync_rounds(show_last=True)
            self._select_first_waiting()
        elif changes.results_only and self._refresh_boards(changes):
            return
        elif changes.results or changes.players or changes.settings:
            # A round paired or unpaired changes the rounds to choose from.
            self._sync_rounds(show_last=False)

    def _sync_rounds(self, *, show_last: bool) -> None:
        event = self.document.tournament
        paired = self.document.paired_rounds()
        self.round.blockSignals(True)
        self.round.set_system(event.system)
        self.round.setMaximum(max(1, event.rounds, paired))
        if show_last:
            # The game played now: game 1 of a new double Swiss match, not game 2.
            self.round.setValue(max(1, self.document.current_game()))
        self.round.blockSignals(False)
        self._sync_pair_button()
        self.refresh()

    def _sync_pair_button(self) -> None:
        state = self.document.event_state()
        # The core says whether the next round can be paired; round 1 without its numbers
        # stays clickable, to offer giving them.
        self.pair_button.setEnabled(state.pairing_refusal is None or _needs_numbers(state))
        self.pair_button.setToolTip(
            state.pairing_refusal
            or f"Pair the round after the last one with {self.document.engine_words} and record it"
        )
        hold(self.document.read_only, (self.pair_button,))

    def _refresh_boards(self, changes: Changes) -> bool:
        """Refresh only the boards whose results *changes* wrote (a result typed on one
        board of 5,000); False when that is not enough (a bye, a board no longer there)."""
        round_no = self.round.value()
        touched = {tpn for tpn, r in changes.entries or () if r == round_no}
        if not touched or any(r != round_no for _, r in changes.entries or ()):
            # Another round's results (the round list may change), or a change no entry
            # shows (a board adjourned): the whole round is read again.
            return False
        changed: dict[int, PairingRow] = {}
        for tpn in touched:
            row = self.model.row_of_player(tpn)
            if row is None or row in changed:
                if row is None:
                    return False
                continue
            before = self.model.pairing(row)
            if before.board is None or before.black is None:
                return False
            board = self.document.board(round_no, before.board)
            if board is None or (board.white, board.black) != (before.white, before.black):
                return False
            after = replace(before, result=board.result, result_text=board.result_label)
            changed[row] = after
        self.model.update_pairings(changed)
        self._sync_pair_button()  # the round's last result lets the next be paired
        self._summarise(round_no)
        size_columns(self.view, stretch=(1, 3))
        self._sync_change_button()
        return True

    def explain_pairing(self) -> bool:
        """Show how the round shown was paired (Round ▸ Explain pairing…): the engine's log,
        recomputed by the session; refused with the reason when the round is not paired."""
        try:
            explanation = self.document.explain_round(self.shown_round())
        except ArbiterError as exc:
            show_error(self, exc)
            return False
        self.log_dialog = PairingLogDialog(explanation, self)
        self.log_dialog.open()
        return True

    def refresh(self) -> None:
        current = self.view.currentIndex().row()
        event = self.document.tournament
        round_no = self.round.value()
        rows = pairing_rows(event, round_no, self.document.boards(round_no))
        self.model.set_pairings(rows)
        self._summarise(round_no)

        # The names take the spare width; a name never gets cut ("Nakamura, …").
        size_columns(self.view, stretch=(1, 3))
        if self.model.rowCount():
            self.select_row(min(max(current, 0), self.model.rowCount() - 1))
        self._sync_change_button()

    def _summarise(self, round_no: int) -> None:
        """The line above the boards: how many, how many still without a result."""
        boards = [r for r in self.model.pairings if r.is_board]
        missing = sum(1 for r in boards if r.result is None)
        phase = self.document.manual_pairing_round()
        self.explain_button.setEnabled(round_no <= self.document.paired_rounds())
        self._sync_manual_button(phase)
        hold(self.document.read_only, (self.manual_button,), restore=True)
        if phase is not None and phase == self.shown_round():
            self.summary.setText("Manual pairing open")
        elif not boards:
            self.summary.setText("No pairings for this round yet")
        elif missing:
            adjourned = sum(1 for r in boards if r.result is None and r.result_text)
            waiting = f"{count(len(boards), 'board')}, {missing} without a result"
            if adjourned:
                waiting += f" ({adjourned} adjourned)"
            self.summary.setText(waiting)
        else:
            every = "its result in" if len(boards) == 1 else "all results in"
            self.summary.setText(f"{count(len(boards), 'board')}, {every}")
        if round_no == 1 and self.colour_note:
            self.summary.setText(f"{self.summary.text()} · {self.colour_note}")
        self._show_position(round_no)

    def _show_position(self, round_no: int) -> None:
        """In a Chess960 event, the position every board of the round starts from, or that
        none is drawn yet (FIDE Laws of Chess, Guidelines II.1); hidden for standard chess."""
        if not self.document.chess960():
            self.position_label.hide()
            return
        position = self.document.chess960_position(round_no)
        if position is None:
            text = (
                f"Chess960: no starting position is drawn for "
                f"{self.round.system.game_name(round_no)} yet "
                "(Round ▸ Draw Chess960 position…)."
            )
        else:
            text = f"Chess960: every board starts from position {position.number}, " + (
                f"{position.back_rank} ({position.how()})."
            )
        self.position_label.setText(text)
        self.position_label.show()

    # -- keyboard entry ----------------------------------------------------------------------
    def select_row(self, row: int) -> None:
        index = self.model.index(row, RESULT_COLUMN)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)

    def current_row(self) -> int:
        return self.view.currentIndex().row()

    def _next_board_after(self, row: int) -> int:
        for candidate in range(row + 1, self.model.rowCount()):
            # A board a search has hidden is not where the cursor goes next.
            if self.model.pairing(candidate).is_board and not self.view.isRowHidden(candidate):
                return candidate
        return row

    def go_to_results(self) -> None:
        """The latest round, the cursor on its first board without a result (Ctrl+R)."""
        self._sync_rounds(show_last=True)
        self._select_first_waiting()
        self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _select_first_waiting(self) -> None:
        """The cursor on the round's first board without a result, else on its first board."""
        rows = [r for r in range(self.model.rowCount()) if self.model.pairing(r).is_board]
        waiting = [r for r in rows if self.model.pairing(r).result is None]
        if rows:
            self.select_row((waiting or rows)[0])

    def move_to_next_board(self) -> None:
        row = self.current_row()
        if row >= 0:
            self.select_row(self._next_board_after(row))

    def enter_result(self, row: int, result: GameResult) -> None:
        if not (0 <= row < self.model.rowCount()):
            return
        pairing = self.model.pairing(row)
        if pairing.black is None or pairing.board is None:
            return
        target = self._next_board_after(row)
        if pairing.result is result:
            self.select_row(target)  # the same result typed again: nothing to change
            return
        if pairing.result is not None and not self.confirm_correction(pairing, result):
            return
        try:
            self.document.set_result(self.round.value(), pairing.board, result)
        except ArbiterError as exc:
            show_error(self, exc)
            return
        self.select_row(target)

    def adjourn(self, row: int) -> None:
        """Mark the row's game adjourned, or its result not known yet (checklist Q157): the
        board keeps no result and shows ``adj.`` until its result is typed."""
        if not (0 <= row < self.model.rowCount()):
            return
        pairing = self.model.pairing(row)
        if pairing.black is None or pairing.board is None:
            return
        try:
            self.document.adjourn(self.round.value(), pairing.board)
        except ArbiterError as exc:
            show_error(self, exc)
            return
        self.select_row(self._next_board_after(row))

    def confirm_correction(self, pairing: PairingRow, result: GameResult) -> bool:
        """Ask before a typed key replaces a result already entered (the default keeps it).

        A result decides places and money: a key pressed on the wrong board must
        not overwrite a result silently (the command line asks for ``--correct``).
        """
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Correct a result",
            f"Board {pairing.board}, {pairing.white_name} – {pairing.black_name}, has the"
            f" result {pairing.result_text}. Change it to {result.label}?",
            QMessageBox.StandardButton.NoButton,
            self,
        )
        change = box.addButton(f"Change to {result.label}", QMessageBox.ButtonRole.AcceptRole)
        keep = box.addButton(f"Keep {pairing.result_text}", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        self.correction_box = box
        box.exec()
        return box.clickedButton() is change

    def offer_numbers(self, reason: str) -> None:
        """Round 1 waits for the pairing numbers (C.04.2 2.3; C.05 7.2): say why, and offer
        the dialog that gives them."""
        box = QMessageBox(
            QMessageBox.Icon.Information,
            "Pairing numbers first",
            reason,
            QMessageBox.StandardButton.Cancel,
            self,
        )
        give = box.addButton("Pairing numbers…", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(give)
        self.message = box
        box.finished.connect(
            lambda _: self.numbers_requested.emit() if box.clickedButton() is give else None
        )
        box.open()

    def ask_initial_colour(self) -> Colour | Literal["lot"] | None:
        """Round 1: the colour of the top-ranked player, drawn by lot (FIDE C.04.3 article
        5.2.5; US Chess 28J: the session says which rule the section follows).

        The computer draws it (the default: seed recorded, printed in the protocol of
        lots), or the arbiter gives the colour drawn at the venue; None when cancelled.
        """
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Round 1",
            "The colour of the top-ranked player in round 1 is drawn by lot"
            f" ({self.document.initial_colour_article}). Let the computer draw it (the seed"
            " is recorded and printed in the protocol of lots), or give the colour drawn at"
            " the venue.",
            QMessageBox.StandardButton.Cancel,
            self,
        )
        lot = box.addButton("Draw by lot", QMessageBox.ButtonRole.AcceptRole)
        white = box.addButton("White", QMessageBox.ButtonRole.AcceptRole)
        black = box.addButton("Black", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(lot)
        box.exec()
        if box.clickedButton() is lot:
            return "lot"
        if box.clickedButton() is white:
            return Colour.WHITE
        if box.clickedButton() is black:
            return Colour.BLACK
        return None

    def pair_next_round(self) -> bool:
        state = self.document.event_state()
        if _needs_numbers(state):
            self.offer_numbers(state.pairing_refusal or "")
            return False
        colour = None
        if (
            self.document.paired_rounds() == 0
            and not self.document.tournament.system.is_round_robin
        ):
            choice = self.ask_initial_colour()
            if choice is None:
                return False
            colour = None if choice == "lot" else choice
        round_no = self.document.paired_rounds() // self.document.tournament.system.games_per_round
        label = f"Pairing round {round_no + 1}…"

        def drawn(colour: Colour, draw: Draw) -> None:
            self.colour_note = (
                f"colour drawn by lot: {colour.name.title()} for the top-ranked player"
                f" (seed {draw.seed})"
            )

        def compute(work: Callable[[], RoundPairing]) -> RoundPairing:
            # The engine runs in a process of its own: Cancel stops it, and as the round is
            # recorded only after it answers, a cancelled pairing leaves the event as it was.
            return run_busy(self, label, work, cancel="Cancel", separate_process=True)

        try:
            self.document.pair_next_round(colour, compute_with=compute, on_draw=drawn)
        except Cancelled:
            self.summary.setText(f"Pairing of round {round_no + 1} cancelled: nothing recorded.")
            return False
        except NoLegalPairing as exc:
            self.offer_hand_pairing(round_no + 1, exc)
            return False
        except BeyondFallback as exc:
            self.offer_hand_pairing(
                round_no + 1, exc, f"Round {round_no + 1} was not paired: nothing was recorded."
            )
            return False
        except ArbiterError as exc:
            show_error(self, exc)
            return False
        self._sync_rounds(show_last=True)
        self.select_row(0)
        self.view.setFocus()
        return True

    def offer_hand_pairing(
        self, round_no: int, exc: PairingError, headline: str | None = None
    ) -> QMessageBox:
        """The rules leave round *round_no* no pairing (or, on a field too large for the
        reference engine to take over, Arbiter's engine could not certify one): say why,
        and offer to pair it by hand (the chief arbiter decides: FIDE C.04.3 article
        1.9.3, C.02)."""
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            f"Round {round_no}",
            headline or f"Round {round_no} has no pairing under the rules.",
            QMessageBox.StandardButton.Close,
            self,
        )
        box.setAccessibleName("Round not paired")
        box.setInformativeText(
            f"{error_text(exc)[0]}\n\nPair the round by hand: every board is checked against "
            "the pairing rules, and what it breaks is named before anything is stored."
        )
        by_hand = box.addButton("Pair by hand…", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(by_hand)
        box.finished.connect(box.deleteLater)
        by_hand.clicked.connect(self.pair_by_hand)
        self.message = box
        box.open()
        return box

    def pair_by_hand(self) -> HandPairingDialog | None:
        """Round ▸ Pair round by hand…: every board of the next round, or of the last one
        again while none of its games has a result (starting from its boards), chosen by the
        arbiter, checked by the session against the pairing rules (``pairing set``)."""
        try:
            # The next round, or the last one again while none of its games has a result.
            round_no, field = self.document.players_to_pair()
        except ArbiterError as exc:
            self.message = show_error(self, exc)
            return None
        if not field:
            self.message = show_error(
                self, RuleError(f"round {round_no}: no player is there to be paired")
            )
            return None

        def apply(boards: list[tuple[int, int]], bye: int | None) -> bool:
            try:
                changes = self.document.pair_by_hand(round_no, boards, bye)
            except ArbiterError as exc:
                self.message = show_error(dialog, exc)
                return False
            if changes.cancelled:
                return False
            self._sync_rounds(show_last=True)
            self.select_row(0)
            return True

        dialog = HandPairingDialog(round_no, field, apply, self.document.bye_word, self)
        dialog.finished.connect(dialog.deleteLater)
        self.hand_dialog = dialog
        dialog.open()
        return dialog

    def show_round(self, round_no: int) -> None:
        """Show game column *round_no* (the round itself but in a double Swiss)."""
        self.round.setValue(round_no)

    def shown_round(self) -> int:
        """The round shown as the arbiter counts it (a double Swiss's match, whichever of its
        games the box shows): what the session's round commands take."""
        return self.round.system.rounds_in(self.round.value())

    # -- the manual pairing phase (FIDE C.02, questions 64-69) --------------------------------
    def _sync_manual_button(self, phase: int | None) -> None:
        if phase is not None:
            self.manual_button.setText("End manual pairing")
            self.manual_button.setToolTip(
                f"End the manual pairing of round {phase}: compare the round with the pairing engine's; when they differ you are shown "
                "the engine's pairing and asked to keep yours (a ### MPA line in the report)"
            )
        else:
            self.manual_button.setText("Start manual pairing")
            self.manual_button.setToolTip(
                "Change the boards of the round shown by hand (before its results); the end "
                "compares them with the pairing engine's"
            )

    def toggle_manual_pairing(self) -> bool:
        """Start the manual pairing of the round shown, or end the open one."""
        phase = self.document.manual_pairing_round()
        try:
            if phase is None:
                changes = self.document.run(StartManualPairing(round=self.shown_round()))
            else:
                changes = self.document.run(EndManualPairing())
        except ArbiterError as exc:
            self.message = show_error(self, exc)
            return False
        self.refresh()
        return not changes.cancelled

    # -- changing a pairing by hand -----------------------------------------------------------
    def _sync_change_button(self) -> None:
        row = self.current_row()
        on_board = 0 <= row < self.model.rowCount() and self.model.pairing(row).is_board
        self._on_board = on_board
        # The session's rule, said before the arbiter fills the dialog in (a double Swiss
        # moves players by pairing the whole round again).
        refusal = board_change_refusal(self.document.tournament.system)
        self.change_button.setEnabled(on_board and refusal is None)
        self.change_button.setToolTip(
            "Set White and Black of the selected board by hand"
            if refusal is None
            else f"{refusal[:1].upper()}{refusal[1:]}: Round ▸ Pair round by hand… pairs it again "
            "while none of its games has a result."
        )
        hold(self.document.read_only, (self.change_button,))

    def context_menu(self) -> QMenu:
        """The board's menu: "Change pairing…", and "Result" with every result and its key
        (only on a board)."""
        menu = QMenu(self)
        menu.setAccessibleName("Board menu")
        action = menu.addAction("Change pairing…")
        action.setEnabled(self.change_button.isEnabled())
        action.triggered.connect(self.change_pairing)
        results = menu.addMenu("Result")
        results.setEnabled(self._on_board and not self.document.read_only)
        row = self.current_row()
        for result in GameResult:
            item = results.addAction(f"{result.label}\t{result.key}")
            item.triggered.connect(partial(self.enter_result, row, result))
        results.addSeparator()
        item = results.addAction(f"Adjourned (result not known yet)\t{ADJOURNED_KEY}")
        item.triggered.connect(partial(self.adjourn, row))
        rating = menu.addAction("Correct for the rating report only…")
        has_result = 0 <= row < self.model.rowCount() and self.model.pairing(row).result is not None
        rating.setEnabled(self.change_button.isEnabled() and has_result)
        rating.triggered.connect(partial(self.correct_for_rating, row))
        return menu

    def correct_for_rating(self, row: int) -> None:
        """Open the dialog that corrects the row's result for the rating report only (FIDE
        C.04.2 article 4.3); OK runs it through the session, which asks its level-3 question."""
        pairing = self.model.pairing(row)
        if pairing.result is None or pairing.board is None:
            return
        board = f"Board {pairing.board}, {pairing.white_name} – {pairing.black_name}"
        dialog = RatingCorrectionDialog(board, pairing.result, self)
        self.rating_dialog = dialog
        dialog.accepted.connect(partial(self._apply_rating_correction, pairing.board, dialog))
        dialog.open()

    def _apply_rating_correction(self, board: int, dialog: RatingCorrectionDialog) -> None:
        result, reason = dialog.choice()
        command = CorrectResultForRating(
            round=self.round.value(), board=board, result=result.value, reason=reason
        )
        try:
            self.document.run(command)
        except ArbiterError as exc:
            show_error(self, exc)

    def _show_context_menu(self, pos: QPoint) -> None:
        index = self.view.indexAt(pos)
        if not index.isValid():
            return
        self.select_row(index.row())
        menu = self.context_menu()
        menu.exec(self.view.viewport().mapToGlobal(pos))
        menu.deleteLater()

    def candidates(self, white: int, black: int) -> list[Candidate]:
        """Who may go on a board of the round shown: its two players first, then the
        players of the other boards, then those without a board who can be paired (not
        withdrawn, not disqualified), each with where they are now."""
        round_no = self.round.value()
        players = self.document.tournament.player_map()
        out = [
            Candidate(white, players[white].name, "White on this board"),
            Candidate(black, players[black].name, "Black on this board"),
        ]
        rows = [self.model.pairing(number) for number in range(self.model.rowCount())]
        for row in rows:
            if row.is_board and row.black is not None and white not in (row.white, row.black):
                out.append(
                    Candidate(row.white, players[row.white].name, f"board {row.board}, White")
                )
                out.append(
                    Candidate(row.black, players[row.black].name, f"board {row.board}, Black")
                )
        for row in rows:
            if row.is_board:
                continue
            player = players.get(row.white)
            if player is None or player.disqualified:
                continue
            gone = player.withdrawn_from_round
            if gone is not None and gone <= round_no:
                continue
            out.append(Candidate(row.white, player.name, row.result_text or "no board"))
        return out

    def change_pairing(self) -> PairingDialog | None:
        """Open the dialog for the selected board (a board with a result is refused plainly)."""
        row = self.current_row()
        if not (0 <= row < self.model.rowCount()):
            return None
        pairing = self.model.pairing(row)
        if pairing.black is None or pairing.board is None:
            return None
        round_no = self.round.value()
        if pairing.result is not None:
            self._tell(
                QMessageBox.Icon.Information,
                f"Board {pairing.board} of round {round_no} has its result"
                f" ({pairing.result_text}): its pairing stays as it is.",
                "The file changes only the pairings of boards still being played. If the"
                " pairing was wrong, undo the result first; if only the result was wrong,"
                " type the right one on the board: it replaces the old one.",
            )
            return None
        dialog = PairingDialog(
            round_no,
            pairing.board,
            pairing.white,
            pairing.black,
            self.candidates(pairing.white, pairing.black),
            partial(self.document.preview_pairing, round_no, pairing.board),
            self.document.bye_word,
            self,
        )
        dialog.accepted.connect(lambda: self._dialog_accepted(dialog))
        dialog.finished.connect(dialog.deleteLater)
        self.pairing_dialog = dialog
        dialog.open()
        return dialog

    def _dialog_accepted(self, dialog: PairingDialog) -> None:
        if dialog.changed:
            how = HandChange(dialog.moves_others, dialog.give_bye.isChecked())
            self.apply_pairing(dialog.round_no, dialog.board, *dialog.choice(), how)

    def apply_pairing(
        self, round_no: int, board: int, white: int, black: int, how: HandChange = ONE_BOARD
    ) -> bool:
        """Run ``change_pairing``; a change that breaks pairing rules is asked about first.

        The session names the rules it breaks, with their articles, in a level-3
        question that the document puts to the arbiter (FIDE C.02): Cancel keeps
        the board as it was. With ``how.swap`` players move between boards and the bye.
        """
        try:
            changes = self.document.change_pairing(round_no, board, white, black, how)
        except ArbiterError as exc:
            self.message = show_error(self, exc)
            return False
        return not changes.cancelled

    def _tell(self, icon: QMessageBox.Icon, text: str, details: str) -> QMessageBox:
        """A message about the pairing change, opened with its OK button."""
        box = QMessageBox(icon, "Change pairing", text, QMessageBox.StandardButton.NoButton, self)
        box.setAccessibleName("Change pairing")
        box.setInformativeText(details)
        box.finished.connect(box.deleteLater)
        self.message = box
        box.addButton(QMessageBox.StandardButton.Ok)
        box.open()
        return box


def _needs_numbers(state: EventState) -> bool:
    """Round 1 is refused only for want of pairing numbers (the window offers to give them)."""
    return state.phase is Phase.REGISTRATION and state.players >= 2 and not state.numbering.decided
