"""The players panel: everyone entered, and every decision about a player.

Add (or, once rounds are paired, a late entry), edit, withdraw, disqualify,
reinstate, a requested bye, and the pairing numbers before round 1. Each
action is one session command through the document, so it is journalled and
undone like any other; the session checks the rules and its refusals are shown
as they come.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.attendance import (
    ABSENCE_ARTICLE,
    absence_kind,
    check_in_summary,
    late_entry_default,
)
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Event, Player, RuleSet, System
from arbiter_app.core.pairing.byes import ByePolicy, registration_deadline_round
from arbiter_app.core.pairing.numbers import renumbering_refusal
from arbiter_app.core.players_csv import parse_players_csv
from arbiter_app.core.words import bye_words, count
from arbiter_app.exports.pairings import says_bye
from arbiter_app.session.codec import PLAYER_FIELDS
from arbiter_app.session.commands import (
    AddPlayer,
    CheckIn,
    DisqualifyPlayer,
    EditPlayer,
    ImportPlayers,
    LateEntry,
    MarkAbsent,
    ReinstatePlayer,
    RemovePlayer,
    RequestBye,
    RequestByes,
    SetHalfByeEligibility,
    WithdrawPlayer,
)
from arbiter_app.session.player_commands import DEADLINE_PRESETS, late_entry_refusal
from arbiter_app.sheets.files import read_text
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.dialogs.pairing_numbers import PairingNumbersDialog
from arbiter_app.ui.dialogs.player import LateEntryTerms, PlayerDialog
from arbiter_app.ui.dialogs.player_status import AbsenceDialog, ByeRequestDialog, WithdrawDialog
from arbiter_app.ui.document import Changes, EventDocument
from arbiter_app.ui.files import start_in
from arbiter_app.ui.models.players import PlayersModel
from arbiter_app.ui.models.table import KEY_ROLE, SortProxy
from arbiter_app.ui.read_only import hold
from arbiter_app.ui.rows import PlayerRow, player_rows
from arbiter_app.ui.widgets.deferred import DeferredRefresh
from arbiter_app.ui.widgets.search import PlayerSearch
from arbiter_app.ui.widgets.table import size_columns


def _status(row: PlayerRow, event: Event) -> str:
    """The row's status with the byes the player asked for in rounds not yet paired."""
    asked = [
        f"{bye_words(r.kind)} asked for round {event.system.rounds_in(r.round)}"
        for r in sorted(event.bye_requests, key=lambda r: r.round)
        if r.tpn == row.tpn
    ]
    return "; ".join([row.status, *asked])


def _bye(dialog: ByeRequestDialog, system: System) -> RequestBye | RequestByes:
    """One round is the single request as before; a range is one ``requested_byes``.

    The dialog counts the arbiter's rounds; the file keeps the game column each begins
    with (a double Swiss's round 2 is game 3)."""
    games = [system.first_game(r) for r in dialog.rounds()]
    if len(games) == 1:
        return RequestBye(tpn=dialog.player.tpn, round=games[0], kind=dialog.kind())
    return RequestByes(tpn=dialog.player.tpn, rounds=games, kind=dialog.kind())


def is_active(player: Player) -> bool:
    return not player.disqualified and player.withdrawn_from_round is None


class PlayersPanel(QWidget):
    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.dialog: QDialog | None = None
        """The dialog last opened (tests fill it in and accept it)."""
        self._present: frozenset[int] = frozenset()
        """The players checked in, as of the last refresh."""
        self.model = PlayersModel(self)
        self.proxy = SortProxy(self)
        self.proxy.setSourceModel(self.model)
        # A click on a Present check box is the same check-in as Space.
        self.model.present_toggled.connect(self.check_in)
        self.summary = QLabel(self)
        self.summary.setAccessibleName("Players summary")
        self.view = QTableView(self)
        self.view.setModel(self.proxy)
        self.search = PlayerSearch(self.view, "player", self)
        self.view.setAccessibleName("Players")
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._show_context_menu)
        # Return or a double-click on a row opens the player for editing.
        self.view.activated.connect(lambda _index: self.ask_edit())
        self.view.selectionModel().selectionChanged.connect(lambda *_: self.update_actions())
        self._build_actions()
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 6, 0)
        bar.addWidget(self.search, 1)
        bar.addWidget(self.summary)
        # While a search is on, its count ("6 of 20 players shown") says it all.
        self.search.shown_changed.connect(
            lambda *_: self.summary.setVisible(not self.search.query.strip())
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(bar)
        layout.addWidget(self.toolbar)
        self.numbering = QLabel(self)
        self.numbering.setAccessibleName("How the pairing numbers were given")
        self.numbering.setWordWrap(True)
        self.numbering.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self.numbering)
        layout.addWidget(self.view)
        self.deferred = DeferredRefresh(
            self,
            self.refresh,
            document.changed,
            when=lambda c: c.event or c.players or c.results or c.settings,
        )
        # The actions are in the Round menu too: they follow the event even while the
        # panel is hidden behind another tab (its table waits until it is shown).
        document.changed.connect(lambda _changes: self.update_actions())

    # -- construction -------------------------------------------------------------------
    def _action(self, text: str, tip: str, slot: Callable[[], object]) -> QAction:
        action = QAction(text, self)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.triggered.connect(lambda _=False: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.add_action = self._action("Add player…", "Register a player", self.ask_new_player)
        self.add_action.setShortcut(QKeySequence("Ins"))
        self.edit_action = self._action(
            "Edit…", "Change the selected player's name, rating, title…", self.ask_edit
        )
        self.edit_action.setShortcut(QKeySequence("F2"))
        self.withdraw_action = self._action(
            "Withdraw…", "The selected player leaves the event from a round on", self.ask_withdraw
        )
        self.disqualify_action = self._action(
            "Disqualify…",
            "Remove the selected player from the standings (scores stay)",
            self.ask_disqualify,
        )
        self.remove_action = self._action(
            "Remove registration",
            "Take the selected player's registration back, before round 1 is paired (a player "
            "registered twice, or one who never came); Undo brings it back",
            self.remove,
        )
        self.remove_action.setShortcut(QKeySequence("Del"))
        self.reinstate_action = self._action(
            "Reinstate",
            "Cancel the selected player's withdrawal or disqualification",
            self.reinstate,
        )
        self.bye_action = self._action(
            "Requested bye…",
            "A bye the selected player asks for in a round not yet paired",
            self.ask_bye,
        )
        self.half_bye_action = self._action(
            "No half-point bye",
            "The selected player is not eligible for half-point byes (FIDE C.02): asking "
            "for one for them asks first",
            self.toggle_half_bye,
        )
        self.half_bye_action.setCheckable(True)
        self.check_in_action = self._action(
            "Checked in",
            "Mark the selected player present (or not) before round 1: once one player is "
            "checked in, round 1 pairs only those present",
            self.toggle_check_in,
        )
        self.check_in_action.setCheckable(True)
        self.check_in_action.setShortcut(QKeySequence(Qt.Key.Key_Space))
        self.absent_action = self._action(
            "Absent for round…",
            "The selected player will not play a coming round: the event's rules give the "
            "bye for an absence (or take it back)",
            self.ask_absent,
        )
        self.absent_action.setShortcut(QKeySequence("Ctrl+Shift+A"))
        self.import_action = self._action(
            "Import list…",
            "Register the players of a CSV file at once (before round 1 is paired)",
            self.choose_players_file,
        )
        self.numbers_action = self._action(
            "Pairing numbers…",
            "Number the players by rating, by lot or as drawn (before round 1 is paired)",
            self.ask_pairing_numbers,
        )
        for action in self.actions():
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.toolbar = QToolBar("Player actions", self)
        self.toolbar.setAccessibleName("Player actions")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in (self.add_action, self.import_action, self.edit_action):
            self.toolbar.addAction(action)
        self.toolbar.addSeparator()
        for action in (
            self.withdraw_action,
            self.disqualify_action,
            self.reinstate_action,
            self.bye_action,
        ):
            # Absent for round… is in the right-click and Round menus (Ctrl+Shift+A): the
            # toolbar keeps room for Pairing numbers in a narrow panel.
            self.toolbar.addAction(action)
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.numbers_action)
        for action in self.toolbar.actions():
            button = self.toolbar.widgetForAction(action)
            if button is not None:
                button.setAccessibleName(action.text().rstrip("…"))

    def button(self, action: QAction) -> QAbstractButton:
        """The toolbar button of *action*."""
        widget = self.toolbar.widgetForAction(action)
        assert isinstance(widget, QAbstractButton)
        return widget

    def context_menu(self) -> QMenu:
        """The menu a right-click on a player opens: the actions on that player."""
        menu = QMenu(self)
        menu.setAccessibleName("Player")
        menu.addAction(self.edit_action)
        menu.addSeparator()
        menu.addAction(self.check_in_action)
        menu.addAction(self.absent_action)
        for action in (
            self.withdraw_action,
            self.disqualify_action,
            self.reinstate_action,
            self.bye_action,
            self.half_bye_action,
        ):
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.add_action)
        menu.addAction(self.remove_action)
        return menu

    def _show_context_menu(self, position: QPoint) -> None:
        index = self.view.indexAt(position)
        if index.isValid():
            self.view.selectRow(index.row())
        self.context_menu().popup(self.view.viewport().mapToGlobal(position))

    # -- reading ------------------------------------------------------------------------
    @property
    def tournament(self) -> Event:
        return self.document.tournament

    def selected_tpn(self) -> int | None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        return int(rows[0].data(KEY_ROLE))

    def selected_player(self) -> Player | None:
        tpn = self.selected_tpn()
        if tpn is None:
            return None
        return next((p for p in self.tournament.players if p.tpn == tpn), None)

    def select_player(self, tpn: int) -> bool:
        row = self.model.row_of(tpn)
        if row is None:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():
            return False
        self.view.selectRow(index.row())
        self.view.setCurrentIndex(index)
        return True

    def late_entry_terms(self) -> LateEntryTerms | None:
        """What registering now means; None before round 1 is paired."""
        paired = self.document.paired_rounds()
        if not paired:
            return None
        planned = self.tournament.planned_rounds
        deadline = None
        if self.document.standings_options.preset in DEADLINE_PRESETS:
            deadline = registration_deadline_round(planned)
        policy = ByePolicy.parse(str(self.document.event_settings().get("bye_policy") or "fide"))
        return LateEntryTerms(
            paired, planned, deadline, late_entry_default(policy), self.tournament.system
        )

    def _next_round(self) -> int:
        """The next round to pair, in the arbiter's rounds (a double Swiss counts matches)."""
        system = self.tournament.system
        return min(system.rounds_in(self.document.paired_rounds()) + 1, self._planned_rounds())

    def _planned_rounds(self) -> int:
        return max(self.tournament.system.rounds_in(self.tournament.planned_rounds), 1)

    # -- refreshing ---------------------------------------------------------------------
    def refresh(self) -> None:
        selected = self.selected_tpn()
        event = self.tournament
        rows = [replace(row, status=_status(row, event)) for row in player_rows(event)]
        open_check_in = self.document.paired_rounds() == 0 and not event.system.is_round_robin
        present = self._present = self.document.checked_in()
        self.model.set_players(
            rows,
            [p.tpn for p in event.players if not is_active(p)],
            present=present if open_check_in else None,
            attendance=self._attendance_words(),
            us_chess=event.rule_set is RuleSet.USCF,
        )
        size_columns(self.view, stretch=(2,))
        if selected is not None:
            self.select_player(selected)
        withdrawn = sum(1 for p in event.players if p.withdrawn_from_round is not None)
        disqualified = sum(1 for p in event.players if p.disqualified)
        parts = [count(len(event.players), "player")]

        if withdrawn:
            parts.append(f"{withdrawn} withdrawn")
        if disqualified:
            parts.append(f"{disqualified} disqualified")
        checked = check_in_summary(event, present) if open_check_in else ""
        self.summary.setText(checked or ", ".join(parts))
        # How the numbers were given and whether they can still change: the core says.
        self.numbering.setText(self.document.event_state().numbering_text)
        self.update_actions()

    def _attendance_words(self) -> dict[int, str]:
        """The Present column's words for the players absent from a coming round."""
        away: dict[int, list[int]] = {}
        system = self.tournament.system
        for tpn, column in sorted(self.document.absences()):
            away.setdefault(tpn, []).append(system.rounds_in(column))
        return {
            tpn: ("absent in round " if len(rounds) == 1 else "absent in rounds ")
            + ", ".join(map(str, rounds))
            for tpn, rounds in away.items()
        }

    def update_actions(self) -> None:
        """Enable what applies to the selected player (the session still decides)."""
        player = self.selected_player()
        paired = self.document.paired_rounds()
        planned = self.tournament.planned_rounds
        chosen = player is not None
        active = player is not None and is_active(player)
        open_check_in = paired == 0 and not self.tournament.system.is_round_robin
        self.check_in_action.setEnabled(active and open_check_in)
        self.check_in_action.setChecked(player is not None and player.tpn in self._present)
        self.absent_action.setEnabled(active and paired < planned)
        self.edit_action.setEnabled(chosen)
        # Before round 1 a registration is taken back; afterwards the player withdraws.
        self.remove_action.setEnabled(chosen and paired == 0)
        self.withdraw_action.setEnabled(active)
        self.disqualify_action.setEnabled(player is not None and not player.disqualified)
        self.reinstate_action.setEnabled(player is not None and not is_active(player))
        self.bye_action.setEnabled(active and paired < planned)
        self.half_bye_action.setEnabled(chosen)
        self.half_bye_action.setChecked(
            player is not None and player.tpn in self.document.half_bye_ineligible()
        )
        fixed = renumbering_refusal(paired, self.tournament.system)
        self.numbers_action.setEnabled(fixed is None and len(self.tournament.players) > 1)
        self.numbers_action.setToolTip(
            fixed or "Number the players by rating, by lot, as drawn at the venue, or by hand"
        )
        self.import_action.setEnabled(paired == 0)
        late = paired > 0
        refusal = late_entry_refusal(self.tournament.system, paired, planned) if late else None
        self.add_action.setText("Late entry…" if late else "Add player…")
        self.add_action.setEnabled(refusal is None)
        if refusal is not None:
            self.add_action.setToolTip(f"No late entry: {refusal}")
        else:
            self.add_action.setToolTip(
                "Register a late entry: "
                + (
                    "round 1 is"
                    if self.tournament.system.rounds_in(paired) == 1
                    else f"rounds 1–{self.tournament.system.rounds_in(paired)} are"
                )
                + " paired already"
                if late
                else "Register a player"
            )
        button = self.toolbar.widgetForAction(self.add_action)
        if button is not None:
            button.setAccessibleName(self.add_action.text().rstrip("…"))
        hold(
            self.document.read_only,
            (
                self.add_action,
                self.edit_action,
                self.withdraw_action,
                self.disqualify_action,
                self.reinstate_action,
                self.bye_action,
                self.check_in_action,
                self.absent_action,
                self.import_action,
                self.numbers_action,
            ),
        )

    # -- acting -------------------------------------------------------------------------
    def choose_players_file(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self,
            "Import a player list",
            start_in(self.document.path),
            "Player lists (*.csv);;All files (*)",
        )
        if name:
            self.import_players_file(Path(name))

    def import_players_file(self, path: Path) -> bool:
        """Read and check the whole CSV file, then register every player in one action.

        The columns are those of ``arbiter-app player import`` (see the guide); a
        file with any problem is refused with every problem's line, and nothing
        is registered.
        """

        def register() -> Changes:
            players = parse_players_csv(read_text(path), path.name)
            listed = [{name: getattr(p, name) for name in PLAYER_FIELDS} for p in players]
            return self.document.run(ImportPlayers(players=listed, source=path.name))

        return self._run(register)

    def toggle_half_bye(self) -> bool:
        """Make the selected player eligible, or not, for half-point byes."""
        player = self.selected_player()
        if player is None:
            return False
        eligible = player.tpn in self.document.half_bye_ineligible()
        done = self._run(
            lambda: self.document.run(SetHalfByeEligibility(tpn=player.tpn, eligible=eligible))
        )
        self.update_actions()
        return done

    def toggle_check_in(self) -> bool:
        """Space: the selected player is present, or no longer (before round 1 is paired)."""
        player = self.selected_player()
        if player is None:
            return False
        return self.check_in(player.tpn, player.tpn not in self._present)

    def check_in(self, tpn: int, present: bool) -> bool:
        done = self._run(lambda: self.document.run(CheckIn(players=[tpn], present=present)))
        self.update_actions()
        return done

    def ask_absent(self) -> None:
        """Absent for round R…: the rule set's bye for an absence, or the absence taken back."""
        player = self.selected_player()
        if player is None:
            return
        policy = ByePolicy.parse(str(self.document.event_settings().get("bye_policy") or "fide"))
        system = self.tournament.system
        planned = self._planned_rounds()
        marked = {system.rounds_in(r) for t, r in self.document.absences() if t == player.tpn}
        dialog = AbsenceDialog(
            [player],
            self._next_round(),
            planned,
            lambda round_no: absence_kind(policy, round_no, planned),
            ABSENCE_ARTICLE[policy],
            marked,
            self,
        )
        dialog.accepted.connect(
            lambda: self._run(
                lambda: self.document.run(
                    MarkAbsent(
                        round=system.first_game(dialog.round()),
                        players=[player.tpn],
                        absent=dialog.absent(),
                    )
                )
            )
        )
        self._open(dialog)

    def _run(self, action: Callable[[], Changes], over: QWidget | None = None) -> bool:
        """Run a document action; a refusal is shown as it is (over *over*, the dialog
        that stays open) and nothing changes.

        False when refused or when the arbiter cancelled the action's question.
        """
        try:
            changes = action()
        except ArbiterError as exc:
            show_error(over or self, exc)
            return False
        return not changes.cancelled

    def ask_new_player(self) -> None:
        late = self.late_entry_terms()
        dialog = PlayerDialog(
            self,
            late=late,
            lookup=self.document.rating_lookup(),
            members=self.document.member_lookup(),
            holder=self.document.id_holder,
        )

        def register() -> bool:
            fields, missed = dialog.fields(), dialog.missed_by_round()
            if late is None:
                done = self._run(lambda: self.document.run(AddPlayer.of(fields)), dialog)
            else:
                # One choice for every round is written as before; rounds chosen one by
                # one go as a list (the session's ``late_entry``).
                each = {"missed": missed[0]} if len(set(missed)) == 1 else {"missed_rounds": missed}
                entry = LateEntry.of({**fields, **each})
                done = self._run(lambda: self.document.run(entry), dialog)
            if done:
                self._select_newest()
                # The cursor goes back to the list, so Ins opens the next registration at once.
                self.view.setFocus(Qt.FocusReason.OtherFocusReason)
            return done

        dialog.submit = register
        self._open(dialog)

    def add_player(self, fields: dict[str, object]) -> bool:
        return self._run(lambda: self.document.run(AddPlayer.of(fields)))

    def _select_newest(self) -> None:
        """After a registration the new player (the highest number) is selected."""
        if self.tournament.players:
            self.select_player(max(p.tpn for p in self.tournament.players))

    def ask_edit(self) -> None:
        player = self.selected_player()
        if player is None:
            return
        dialog = PlayerDialog(self, player=player)
        dialog.submit = lambda: self.edit_player(player.tpn, dialog.changed_fields(), dialog)
        self._open(dialog)

    def edit_player(self, tpn: int, fields: dict[str, object], over: QWidget | None = None) -> bool:
        if not fields:
            return True  # nothing was changed: no journal entry
        return self._run(lambda: self.document.run(EditPlayer.of({**fields, "tpn": tpn})), over)

    def ask_withdraw(self) -> None:
        player = self.selected_player()
        if player is None:
            return
        system = self.tournament.system
        dialog = WithdrawDialog(player, self._next_round(), self._planned_rounds(), self)
        dialog.accepted.connect(
            lambda: self._run(
                lambda: self.document.run(
                    WithdrawPlayer(tpn=player.tpn, from_round=system.first_game(dialog.round()))
                )
            )
        )
        self._open(dialog)

    def ask_disqualify(self) -> None:
        """Disqualify the selected player: the session's level-3 question comes first."""
        player = self.selected_player()
        if player is None:
            return
        self._run(lambda: self.document.run(DisqualifyPlayer(tpn=player.tpn)))

    def remove(self) -> bool:
        """Take the selected player's registration back (before round 1; Undo restores it)."""
        player = self.selected_player()
        if player is None:
            return False
        return self._run(lambda: self.document.run(RemovePlayer(tpn=player.tpn)))

    def reinstate(self) -> bool:
        player = self.selected_player()
        if player is None:
            return False
        return self._run(lambda: self.document.run(ReinstatePlayer(tpn=player.tpn)))

    def ask_bye(self) -> None:
        player = self.selected_player()
        if player is None:
            return
        system = self.tournament.system
        requests = {
            system.rounds_in(r.round): r.kind
            for r in self.tournament.bye_requests
            if r.tpn == player.tpn
        }
        dialog = ByeRequestDialog(
            player, self._next_round(), self._planned_rounds(), requests, self
        )
        dialog.accepted.connect(lambda: self._run(lambda: self.document.run(_bye(dialog, system))))
        self._open(dialog)

    def ask_pairing_numbers(self) -> None:
        dialog = PairingNumbersDialog(
            self.tournament.players,
            self.tournament.system,
            self,
            us_chess=says_bye(self.tournament),
        )
        dialog.accepted.connect(
            lambda: self._run(
                lambda: self.document.set_pairing_numbers(
                    dialog.method(),
                    dialog.order() if dialog.method() in ("order", "draw") else (),
                    dialog.witnesses(),
                    dialog.ranking_rule(),
                )
            )
        )
        self._open(dialog)

    def _open(self, dialog: QDialog) -> None:
        self.dialog = dialog
        dialog.open()
