"""The standings panel: the tie-break list, the ranking; a click on a value explains it."""

from __future__ import annotations

import logging
from dataclasses import replace

from PySide6.QtCore import QModelIndex, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.playoff import preset as playoff_preset
from arbiter_app.core.playoff.scope import playoff_scope
from arbiter_app.core.presets import PRESETS, parse_tiebreak_list
from arbiter_app.core.words import count
from arbiter_app.ui.background import Offloaded
from arbiter_app.ui.changes import Changes
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.dialogs.event_settings import RULE_SET_LABELS
from arbiter_app.ui.dialogs.explanation import ExplanationDialog
from arbiter_app.ui.document import EventDocument, StandingsOptions
from arbiter_app.ui.models.standings import StandingsModel
from arbiter_app.ui.playoff_adapter import shown_standings, standings_work
from arbiter_app.ui.rows import EMPTY_STANDINGS
from arbiter_app.ui.widgets.deferred import DeferredRefresh
from arbiter_app.ui.widgets.search import PlayerSearch
from arbiter_app.ui.widgets.table import size_columns
from arbiter_app.ui.widgets.tiebreak_picker import TieBreakPicker, fill_presets

LOG = logging.getLogger(__name__)

CUSTOM = ""
"""The preset box's entry for a list typed by hand."""

PREPARE_AFTER_MS = 500
"""How long after an event is shown the values of its round in progress are prepared."""

BACKGROUND_PLAYERS = 2000
"""From this many players, the standings of an event just opened are computed in a worker
thread (a second at 10,000 players): the window is ready at once and says what it waits for."""


def options_for_preset(name: str) -> StandingsOptions:
    """The standings options a core preset announces (its list, rule set, play-off places)."""
    preset = PRESETS[name]
    scope = playoff_scope(None, preset.playoff)
    return StandingsOptions(
        preset.tiebreaks,
        preset.name,
        preset.rule_set,
        scope.places,
        scope.after_tiebreaks,
        preset.playoff or "",
    )


class StandingsPanel(QWidget):
    explanation_shown = Signal(object)
    """The :class:`ExplanationDialog` just opened."""

    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.model = StandingsModel(self)
        self.preset = QComboBox(self)
        self.preset.setAccessibleName("Tie-break preset")
        fill_presets(self.preset, document.tournament.system, CUSTOM)
        self.preset.activated.connect(self._preset_chosen)
        self.codes = QLineEdit(self)
        self.codes.setAccessibleName("Tie-break list")
        self.codes.setPlaceholderText("Tie-breaks, e.g. BH/C1, BH, SB")
        self.codes.setToolTip("Type the announced tie-breaks, comma-separated, and press Enter")
        self.codes.returnPressed.connect(self._codes_entered)
        self.picker = TieBreakPicker(self.codes, self)
        self.picker.set_system(document.tournament.system)
        self.codes.setPlaceholderText(f"Tie-breaks, {self.picker.hint}")
        self.picker.menu().triggered.connect(lambda _: self._codes_entered())
        self.provisional = QCheckBox("Round in progress (provisional)", self)
        self.provisional.setAccessibleName("Show the round in progress as provisional")
        self.provisional.setToolTip(
            "Include the results of the round in progress; unfinished games are shown as"
            " pending (by default the standings are those after the last complete round)"
        )
        self.provisional.toggled.connect(lambda _: self.refresh())
        self.caption = QLabel(self)
        self.caption.setAccessibleName("Standings caption")
        self.caption.setWordWrap(True)
        # In line with the text of the search field below it, not flush with the panel's edge.
        self.caption.setIndent(self.caption.fontMetrics().height() // 4)
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName("Standings")
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self.view.clicked.connect(self.on_clicked)
        self.view.activated.connect(self.on_clicked)
        bar = QHBoxLayout()
        bar.addWidget(self.preset)
        bar.addWidget(self.codes, 1)
        bar.addWidget(self.picker)
        bar.addWidget(self.provisional)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.search = PlayerSearch(self.view, "player", self)
        layout.addLayout(bar)
        layout.addWidget(self.caption)
        layout.addWidget(self.search)
        layout.addWidget(self.view)
        self.opened = False
        """Another event was opened since the last refresh."""
        self.offloaded = Offloaded(self)
        self.offloaded.done.connect(self._computed)
        # Before the refresh it requests: the report says whether another event was opened.
        document.changed.connect(self._note_opening)
        self.deferred = DeferredRefresh(self, self.refresh, document.changed)

    # -- the tie-break list --------------------------------------------------------------
    def _preset_chosen(self, index: int) -> None:
        name = self.preset.itemData(index)
        if name == CUSTOM:
            self.codes.setFocus()
            return
        self.apply(options_for_preset(name))

    def _codes_entered(self) -> None:
        try:
            codes = parse_tiebreak_list(self.codes.text())
        except ArbiterError as exc:
            show_error(self, exc)
            return
        current = self.document.standings_options
        # A list typed by hand replaces the tie-breaks only: the rule set and the play-off
        # (its places and regulation) stay as announced.
        self.apply(replace(current, tiebreaks=codes, preset=""))

    def apply(self, options: StandingsOptions) -> None:
        try:
            self.document.set_standings_options(options)
        except ArbiterError as exc:
            show_error(self, exc)

    # -- refresh ----------------------------------------------------------------------------
    def _note_opening(self, report: Changes) -> None:
        if report.event:
            self.opened = True

    def _computed(self, answer: object) -> None:
        """The standings computed in the worker thread are in (kept where the refresh
        finds them): show them, unless another event was opened meanwhile."""
        self.offloaded.running = False
        if isinstance(answer, ArbiterError):
            self.caption.setText(f"The standings cannot be computed: {answer}")
            return
        self.deferred.request()
        self._prepare_soon()

    def refresh(self) -> None:
        opened, self.opened = self.opened, False
        if self.offloaded.running:
            return  # the worker's answer refreshes the panel
        event = self.document.tournament
        if opened and len(event.players) >= BACKGROUND_PLAYERS:
            self._compute_in_background()
            return
        self._refresh()
        if opened:
            self._prepare_soon()

    def _prepare_soon(self) -> None:
        """The event is shown: the values of its round in progress are made ready, once the
        window has had a moment to answer the arbiter (they take a second at 10,000)."""
        QTimer.singleShot(PREPARE_AFTER_MS, self, self._prepare)

    def _prepare(self) -> None:
        try:
            self.document.prepare_round_in_progress()
        except Exception:  # a head start only: an event closed meanwhile is no error
            LOG.debug("the round in progress was not prepared", exc_info=True)

    def _compute_in_background(self) -> None:
        """An event just opened: its standings are computed in a worker thread, the old
        event's are taken away and the caption says what the panel waits for."""
        provisional = self.provisional.isChecked()
        work = standings_work(self.document, self.document.playoff_state(), provisional=provisional)
        players = len(self.document.tournament.players)
        self.model.set_standings(EMPTY_STANDINGS)
        self._show_options(self.document.standings_options)
        self.caption.setText(f"Computing the standings of {count(players, 'player')}…")
        self.offloaded.start(work)

    def _refresh(self) -> None:
        options = self.document.standings_options
        state = self.document.event_state()
        # The toggle is offered while a round is in progress (the core's state says so).
        current = state.provisional_round
        # The round as the arbiter counts it (a double Swiss's match, not its game column).
        said = None if current is None else state.system.through_name(current)
        self.provisional.setEnabled(current is not None)
        self.provisional.setText(
            f"{said[:1].upper()}{said[1:]} in progress (provisional)"
            if said is not None
            else "Round in progress (provisional)"
        )
        provisional = self.provisional.isChecked() and current is not None
        try:
            table = shown_standings(self.document, provisional=provisional)
        except ArbiterError as exc:
            self.caption.setText(f"The standings cannot be computed: {exc}")
            return
        self.model.set_standings(table)
        self._show_options(options)
        standings = table.standings
        caption = standings.title if standings is not None else "Standings"
        if standings is not None and standings.provisional:
            caption += " · unfinished games are marked pending, not counted"
        elif said is not None:
            caption += f" ({said} is in progress)"
        if standings is not None:
            # The rule set by its text, as the settings name it, not by its code.
            caption += f" · rule set: {RULE_SET_LABELS[standings.rule_set]}"
        if options.playoff_places:
            places = ", ".join(map(str, options.playoff_places))
            caption += f" · place {places} by play-off"
            if options.playoff_regulation:
                caption += f" ({playoff_preset(options.playoff_regulation).title})"
        if table.excluded:
            caption += f" · not ranked: {table.excluded}"
        self.caption.setText(caption)
        # The name takes the spare width, so the figures stay next to each other.
        size_columns(self.view, stretch=(2,))

    def _show_options(self, options: StandingsOptions) -> None:
        """The tie-break list the event announces, in the preset box and the list field."""
        system = self.document.tournament.system
        if self.picker.system is not system:
            # The pickers offer what the system allows (no Buchholz in a round robin).
            self.picker.set_system(system)
            fill_presets(self.preset, system, CUSTOM)
            self.codes.setPlaceholderText(f"Tie-breaks, {self.picker.hint}")
        self.preset.setCurrentIndex(max(0, self.preset.findData(options.preset)))
        if not self.codes.hasFocus():
            self.codes.setText(", ".join(options.tiebreaks))

    # -- explanations -----------------------------------------------------------------------
    def on_clicked(self, index: QModelIndex) -> None:
        code = self.model.tiebreak_code(index.column())
        if code is None:
            return
        self.show_explanation(code, self.model.key(index.row()))

    def show_explanation(self, code: str, tpn: int) -> ExplanationDialog | None:
        standings = self.model.standings.standings
        if standings is None:
            return None
        try:
            explanation = standings.explain(tpn, code)
        except ArbiterError as exc:
            show_error(self, exc)
            return None
        names = {p.tpn: p.name for p in self.document.tournament.players}
        dialog = ExplanationDialog(explanation, names, self)
        dialog.open()
        self.explanation_shown.emit(dialog)
        return dialog
