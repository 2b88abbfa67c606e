"""The main window: menus, toolbar, the event's name, state and file in the title, panels.

The window owns no rules and no file format. Every event, with a file or
untitled, is one session (:class:`~arbiter_app.ui.document.EventDocument`);
File ▸ Save as… gives an untitled event its file, Save a copy… writes a copy
at any time, and nothing replaces or closes unsaved work without asking
(:mod:`arbiter_app.ui.files`). What else the window does with files (open,
import, export, where untitled events are kept) comes in a :class:`Services`
bundle from the composition root (:mod:`arbiter_app.app`); an action whose
service is missing stays disabled.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from PySide6.QtCore import QByteArray, QSize, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QPagedPaintDevice,
    QScreen,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressDialog,
    QToolBar,
    QWidget,
)

from arbiter_app.core.attendance import check_in_summary
from arbiter_app.core.errors import ArbiterError, NoPrizeFund
from arbiter_app.core.event_state import EventState
from arbiter_app.core.words import count
from arbiter_app.exports.sheet import Sheet
from arbiter_app.printing import paint_sheet
from arbiter_app.session import UNTITLED_NAME
from arbiter_app.session.commands import DrawTiebreakLots, LeaveFideMode, SetExternalValues
from arbiter_app.session.external_values import parse_values
from arbiter_app.session.rating_lookup import checks_after_update
from arbiter_app.sheets.names import SHEET_HELP
from arbiter_app.ui import sections_bar
from arbiter_app.ui.dialogs.chess960 import Chess960Dialog
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.dialogs.event_settings import EventSettingsDialog
from arbiter_app.ui.dialogs.playoff import DialogPrompter
from arbiter_app.ui.dialogs.preferences import PreferencesDialog
from arbiter_app.ui.dialogs.prohibited import ProhibitedPairingsDialog
from arbiter_app.ui.dialogs.report_readiness import ReportReadinessDialog
from arbiter_app.ui.dialogs.uschess_report import UsChessReportDialog
from arbiter_app.ui.document import Changes, EventDocument
from arbiter_app.ui.file_actions import TRF_FILTER, FileActions, ImportedEvent, Services
from arbiter_app.ui.files import UNTITLED, suggested_path
from arbiter_app.ui.help import GuideWindow, about
from arbiter_app.ui.list_refresh import ListRefresher
from arbiter_app.ui.panels.by_name import ByNamePanel
from arbiter_app.ui.panels.crosstable import CrosstablePanel
from arbiter_app.ui.panels.pairings import PairingsPanel
from arbiter_app.ui.panels.players import PlayersPanel
from arbiter_app.ui.panels.playoff import PlayoffPanel
from arbiter_app.ui.panels.prizes import PRIZE_FUND_HINT, PrizesPanel
from arbiter_app.ui.panels.standings import StandingsPanel
from arbiter_app.ui.panels.teams import TeamsPanel
from arbiter_app.ui.print_dialogs import PrintDialog, SheetPreview
from arbiter_app.ui.projector import ProjectorWindow, place_within, second_screen
from arbiter_app.ui.publish import Publishing
from arbiter_app.ui.ratings_menu import RatingsMenu
from arbiter_app.ui.read_only import hold
from arbiter_app.ui.settings import Settings
from arbiter_app.ui.undo_keys import UndoKeys
from arbiter_app.ui.widgets.busy import Cancelled
from arbiter_app.ui.widgets.fide_badge import FideBadge, with_badge
from arbiter_app.ui.widgets.file_banner import FileBanner

__all__ = ["ImportedEvent", "MainWindow", "Services"]


class MainWindow(QMainWindow):
    def __init__(
        self,
        document: EventDocument,
        settings: Settings,
        services: Services | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        # Every action's FIDE C.02 questions are asked over this window.
        document.warnings.parent = self
        self.settings = settings
        self.services = services or Services()
        self.files = FileActions(self)
        """File ▸ New, Open, Import, Save…, and the question before unsaved work goes."""
        self.projector: ProjectorWindow | None = None
        self.progress_bar: QProgressDialog | None = None
        """The last page-layout progress bar (tests read it)."""
        self.setObjectName("arbiter-main-window")
        self.setAccessibleName("Arbiter")
        self.setDockNestingEnabled(True)
        self.players = PlayersPanel(document)
        self.pairings = PairingsPanel(document)
        self.by_name = ByNamePanel(document)
        self.crosstable = CrosstablePanel(document)
        self.standings = StandingsPanel(document)
        self.playoff = PlayoffPanel(document, DialogPrompter(self, document, self.export_path))
        self.prizes = PrizesPanel(document)
        self.teams = TeamsPanel(document)
        self.docks: dict[str, QDockWidget] = {}
        self.badges: dict[str, FideBadge] = {}
        self._shown_once = False
        self.guide: GuideWindow | None = None
        self._build_docks()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self.undo_keys = UndoKeys(self)
        self.pairings.numbers_requested.connect(self._give_numbers)
        self.state_label = QLabel(self)
        self.state_label.setAccessibleName("Where the event stands")
        self.statusBar().addPermanentWidget(self.state_label)
        self.list_refresher = ListRefresher(self, check=self._checked_against_new_lists)
        """FIDE's lists kept a day fresh, for the arbiter who switched it on (Q135)."""
        self.ratings_menu.download_action.triggered.connect(
            lambda _=False: self.download_lists_now()
        )
        self.list_refresher.start()
        document.changed.connect(self.on_changed)
        document.file_changed.connect(self.show_title)
        document.backed_up.connect(lambda text: self.statusBar().showMessage(text, 15000))
        self.unsaved_box: QMessageBox | None = None
        self.read_only_box: QMessageBox | None = None
        """The last Save / Discard / Cancel question (tests answer it with keys or clicks)."""
        self.on_changed(Changes(event=True))
        self.statusBar().showMessage("Ready", 3000)
        self.resize(self._first_size())

    # -- construction -------------------------------------------------------------------
    def _first_size(self) -> QSize:
        """1280 x 800, or the screen's free area when smaller (a 1366 x 768 venue laptop)."""
        screen = QGuiApplication.primaryScreen()
        wanted = QSize(1280, 800)
        if screen is None:
            return wanted
        # The frame and the title bar take some of the free area too.
        room = screen.availableGeometry().size() - QSize(16, 48)
        return wanted.boundedTo(room)

    def _dock(self, key: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{key}")
        dock.setAccessibleName(title)
        # Every panel carries the badge of an event not in FIDE mode (FIDE C.02, question 46).
        badge = FideBadge(self)
        self.badges[key] = badge
        dock.setWidget(with_badge(widget, badge))
        self.addDockWidget(area, dock)
        self.docks[key] = dock
        return dock

    def _build_docks(self) -> None:
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        pairings = self._dock("pairings", "Pairings && results", self.pairings, left)
        by_name = self._dock("by_name", "Pairings by name", self.by_name, left)
        players = self._dock("players", "Players", self.players, left)
        crosstable = self._dock("crosstable", "Crosstable", self.crosstable, left)
        standings = self._dock("standings", "Standings", self.standings, right)
        playoff = self._dock("playoff", "Play-off", self.playoff, right)
        prizes = self._dock("prizes", "Prizes", self.prizes, right)
        teams = self._dock("teams", "Teams", self.teams, right)
        self.tabifyDockWidget(pairings, by_name)
        self.tabifyDockWidget(by_name, players)
        self.tabifyDockWidget(players, crosstable)
        self.splitDockWidget(standings, playoff, Qt.Orientation.Vertical)
        self.tabifyDockWidget(playoff, prizes)
        self.tabifyDockWidget(standings, teams)
        standings.raise_()
        pairings.raise_()
        playoff.raise_()
        self.resizeDocks([pairings, standings], [560, 680], Qt.Orientation.Horizontal)
        self.resizeDocks([standings, playoff], [400, 400], Qt.Orientation.Vertical)

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence.StandardKey | str | None = None,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self)
        action.triggered.connect(lambda _=False: slot())
        if isinstance(shortcut, QKeySequence.StandardKey):
            action.setShortcuts(shortcut)
        elif shortcut:
            action.setShortcut(QKeySequence(shortcut))
        plain = text.replace("&", "").rstrip("…")
        action.setToolTip(tip or plain)
        action.setStatusTip(tip or plain)
        return action

    def _build_actions(self) -> None:
        sk = QKeySequence.StandardKey
        self.new_action = self._action("&New…", self.files.new_event, sk.New, "Start a new event")
        self.open_action = self._action(
            "&Open…", self.files.choose_file, sk.Open, "Open an event file"
        )
        self.import_action = self._action(
            "&Import TRF…", self.files.choose_trf, "Ctrl+I", "Read a FIDE tournament report file"
        )
        self.export_action = self._action(
            "&Export TRF…", self.export_trf, "Ctrl+Shift+E", "Write the event as a FIDE report file"
        )
        self.export_in_tournament_action = self._action(
            "E&xport TRF during the event…",
            self.export_in_tournament_trf,
            None,
            "Write the TRF of in-tournament data exchange for another program or for "
            "publication: the round in progress included, an adjourned game marked ?",
        )
        self.export_standings_action = self._action(
            "Export s&tandings…",
            self.choose_standings_export,
            "Ctrl+E",
            "Write the standings as CSV, HTML, JSON or PDF",
        )
        self.uschess_report_action = self._action(
            "Export &US Chess rating report…",
            self.show_uschess_report,
            None,
            "Check the US Chess rating report, then write THEXPORT, TSEXPORT and TDEXPORT.DBF",
        )
        self.readiness_action = self._action(
            "Chec&k FIDE rating report…",
            self.show_report_readiness,
            None,
            "What the FIDE rating report still lacks, player by player (as arbiter-app report)",
        )
        self.print_action = self._action("&Print…", self.print_standings, sk.Print)
        self.preview_action = self._action("Print pre&view…", self.preview_standings)
        self.save_action = self._action(
            "&Save",
            self.files.save,
            sk.Save,
            "Give an untitled event its file (a file is always saved)",
        )
        self.save_as_action = self._action(
            "Save &as…", self.files.save_as, sk.SaveAs, "Write the event to a file and go on there"
        )
        self.save_copy_action = self._action(
            "Save a &copy…",
            self.files.save_copy,
            None,
            "Write a copy of the event as it stands (a backup); go on where it is",
        )
        self.quit_action = self._action("&Quit", self.close, sk.Quit)
        self.undo_action = self._action("&Undo", self.undo, sk.Undo)
        self.redo_action = self._action("&Redo", self.redo, sk.Redo)
        self.preferences_action = self._action(
            "&Preferences…", self.show_preferences, sk.Preferences
        )
        if self.preferences_action.shortcut().isEmpty():
            self.preferences_action.setShortcut(QKeySequence("Ctrl+,"))
        self.settings_action = self._action(
            "Event &settings…",
            self.show_event_settings,
            "Ctrl+Alt+S",
            "Name, rounds, rule set, byes, points, tie-breaks and play-off of the event",
        )
        self.leave_fide_action = self._action(
            "Leave FIDE mo&de…",
            self.leave_fide_mode,
            None,
            "Leave FIDE mode for good (FIDE C.02): two confirmations, then every panel says so",
        )
        self.forbidden_action = self._action(
            "Prohi&bited pairings…",
            self.show_prohibited_pairings,
            None,
            "Players who must not meet (TRF-26 record 260), entered before round 1",
        )
        self.lots_action = self._action(
            "Draw &lots for the LOT tie-break",
            lambda: self.run(lambda: self.document.run(DrawTiebreakLots())),
            None,
            "Break the ties left after every tie-break by a recorded drawing of lots "
            "(FIDE C.07 (2023) 4.2); LOT must be the last code of the list",
        )
        self.external_action = self._action(
            "&Tie-break values (EXT)…",
            self.ask_external_values,
            None,
            "Values you enter for the EXT tie-break: a manual ranking of players still tied",
        )
        self.pair_action = self._action(
            "&Pair next round",
            self.pair_next_round,
            "Ctrl+Shift+N",
            "Pair the round after the last one and record it",
        )
        self.hand_action = self._action(
            "Pair round by &hand…",
            self.pair_by_hand,
            None,
            "Choose every board of the next round yourself (when the rules leave it no "
            "pairing, or to pair it otherwise): checked against the pairing rules first",
        )
        self.results_action = self._action(
            "Enter &results",
            self.enter_results,
            "Ctrl+R",
            "The cursor on the first board of the round without a result: type 1, = or 0",
        )
        self.explain_action = self._action(
            "E&xplain pairing…",
            self.explain_pairing,
            None,
            "How the engine paired the round shown: its log with the rule of each step",
        )
        self.chess960_action = self._action(
            "Draw &Chess960 position…",
            self.ask_chess960_position,
            None,
            "Draw the starting position every board of a round plays, or enter the number "
            "drawn at the venue (FIDE Laws of Chess, Guidelines II)",
        )
        self.guide_action = self._action("&Guide", self.show_guide, "F1", "The guide, offline")
        self.keys_action = self._action(
            "&Keyboard shortcuts", self.show_keys, "Ctrl+/", "Every key of the window"
        )
        self.about_action = self._action("&About Arbiter", self.show_about)
        self.find_action = self._action(
            "&Find a player…",
            self.find_player,
            QKeySequence.StandardKey.Find,
            "Put the cursor in the search box of the panel in use",
        )
        self.projector_action = self._action(
            "&Projector window",
            self.show_projector,
            "Ctrl+Shift+P",
            "Standings, pairings and the play-off in large type (on the second screen if any)",
        )
        # The projector's pages from the window the arbiter works in (the projector, on the
        # wall, is rarely the active window): F5 standings … F8 bracket.
        self.projector_page_actions = [
            self._action(
                text,
                partial(self.show_projector_page, page),
                key,
                f"Show the {text.replace('&', '').lower()} on the projector",
            )
            for page, text, key in (
                ("standings", "&Standings", "F5"),
                ("pairings", "&Pairings", "F6"),
                ("names", "Pairings by &name", "F7"),
                ("bracket", "&Bracket", "F8"),
                ("qr", "Players' page &QR code", "F9"),
            )
        ]
        self.open_action.setEnabled(self.services.open_event is not None)
        self.import_action.setEnabled(self.services.import_trf is not None)
        self.export_action.setEnabled(self.services.export_trf is not None)
        self.export_in_tournament_action.setEnabled(self.services.export_trf is not None)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.open_action)
        self.recent_menu = QMenu("Open &recent", self)
        self.recent_menu.setAccessibleName("Open recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addMenu(self.recent_menu)
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addAction(self.save_copy_action)
        file_menu.addSeparator()
        file_menu.addAction(self.import_action)
        file_menu.addAction(self.export_standings_action)
        file_menu.addAction(self.readiness_action)
        file_menu.addAction(self.export_action)
        file_menu.addAction(self.export_in_tournament_action)
        file_menu.addAction(self.uschess_report_action)
        file_menu.addSeparator()
        file_menu.addAction(self.preview_action)
        file_menu.addAction(self.print_action)
        self.sheets_menu = self._build_sheets_menu()
        file_menu.addMenu(self.sheets_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.find_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.settings_action)
        edit_menu.addAction(self.forbidden_action)
        edit_menu.addAction(self.lots_action)
        edit_menu.addAction(self.external_action)
        edit_menu.addAction(self.leave_fide_action)
        edit_menu.addAction(self.preferences_action)
        self.ratings_menu = RatingsMenu(self, self.document)
        bar.addMenu(self.ratings_menu)
        round_menu = bar.addMenu("R&ound")
        round_menu.addAction(self.pair_action)
        round_menu.addAction(self.hand_action)
        round_menu.addAction(self.results_action)
        round_menu.addAction(self.explain_action)
        round_menu.addAction(self.chess960_action)
        round_menu.addSeparator()
        # Check-in before round 1 and absences from a coming round (the Players panel's).
        round_menu.addAction(self.players.check_in_action)
        round_menu.addAction(self.players.absent_action)
        view_menu = bar.addMenu("&View")
        for dock in self.docks.values():
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        # Alt+1 … Alt+8 bring a panel forward (shown, its tab raised, the keyboard in it).
        self.panel_actions: list[QAction] = []
        for number, dock in enumerate(self.docks.values(), start=1):
            title = dock.windowTitle().replace("&&", "&")
            action = self._action(
                f"Go to {dock.windowTitle()}",
                partial(self.bring_forward, dock),
                f"Alt+{number}",
                f"Bring the {title} panel forward",
            )
            view_menu.addAction(action)
            self.panel_actions.append(action)
        view_menu.addSeparator()
        view_menu.addAction(self.projector_action)
        shows = view_menu.addMenu("Projector &shows")
        shows.setAccessibleName("Projector shows")
        for action in self.projector_page_actions:
            shows.addAction(action)
        self.projector_screens_menu = view_menu.addMenu("Projector on scr&een")
        self.projector_screens_menu.setAccessibleName("Projector on screen")
        self.projector_screens_menu.aboutToShow.connect(self._fill_projector_screens)
        self.publishing = Publishing(self, self.document)
        self.publishing.published.connect(self._show_players_page)
        view_menu.addSeparator()
        view_menu.addAction(self.publishing.action)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.guide_action)
        help_menu.addAction(self.keys_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)
        self._fill_recent_menu()

    def _build_toolbar(self) -> None:
        toolbar = QToolBar("Main toolbar", self)
        toolbar.setObjectName("main-toolbar")
        toolbar.setAccessibleName("Main toolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in (
            self.new_action,
            self.open_action,
            self.save_action,
            self.import_action,
            self.export_standings_action,
            self.print_action,
        ):
            toolbar.addAction(action)
        toolbar.addSeparator()
        toolbar.addAction(self.undo_action)
        toolbar.addAction(self.redo_action)
        toolbar.addSeparator()
        toolbar.addAction(self.settings_action)
        toolbar.addAction(self.projector_action)
        self.addToolBar(toolbar)
        self.toolbar = toolbar
        self.sections_bar, self.sections_menu = sections_bar.install(self)
        self.addToolBarBreak()
        self.file_banner = FileBanner(self)
        self.addToolBar(self.file_banner)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        paths = self.settings.recent_files()
        for number, path in enumerate(paths, start=1):
            action = self.recent_menu.addAction(f"&{number} {path.name}")
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.files.open_recent(p))
            action.setEnabled(self.services.open_event is not None)
        if not paths:
            empty = self.recent_menu.addAction("No recent files")
            empty.setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            clear = self.recent_menu.addAction("&Clear the list")
            clear.triggered.connect(self.settings.clear_recent)

    def _give_numbers(self) -> None:
        self.docks["players"].raise_()
        self.players.ask_pairing_numbers()

    # -- reacting to changes ------------------------------------------------------------------
    def on_changed(self, changes: Changes) -> None:
        if changes.event:
            # Another event or section: a search typed for the last one would hide the rows
            # of this one ("0 of 2 lines shown" on a freshly paired round, issue 26).
            for panel in self.searchable_panels():
                panel.search.set_query("")  # type: ignore[attr-defined]
        self.show_title()
        undo, redo = self.document.undo_label(), self.document.redo_label()
        if self.document.read_only:
            undo = redo = None  # nothing can be taken back here: the labels say nothing either
        self.undo_action.setEnabled(undo is not None)
        self.undo_action.setText(f"&Undo {undo}" if undo else "&Undo")
        self.redo_action.setEnabled(redo is not None)
        self.redo_action.setText(f"&Redo {redo}" if redo else "&Redo")
        self.file_banner.show_warnings(self.document.file_warnings)
        mode = self.document.fide_mode()
        for badge in self.badges.values():
            badge.show_mode(mode)
        self.leave_fide_action.setEnabled(mode.on)
        # Chess960 positions are drawn in a Chess960 event only (Event settings, Variant).
        self.chess960_action.setEnabled(self.document.chess960())
        # Read-only (another window writes the file): what would change the event is off.
        hold(
            self.document.read_only,
            (self.undo_action, self.redo_action, self.leave_fide_action, self.chess960_action),
        )
        hold(
            self.document.read_only,
            (
                self.save_as_action,
                self.settings_action,
                self.forbidden_action,
                self.pair_action,
                self.hand_action,
                self.results_action,
            ),
            restore=True,
        )

    def show_title(self) -> None:
        """Event, state, then its file (or "Untitled", marked while work is unsaved).

        An untitled event that still has the name it started with is called "Untitled"
        once, not twice. Where the event stands comes from the core's read model, as
        for every view.
        """
        event = self.document.tournament
        standing = self.document.event_state()
        state = standing.brief
        line = status_line(standing)
        if self.document.paired_rounds() == 0:
            # Before round 1, how many players have checked in (core.attendance).
            checked = check_in_summary(event, self.document.checked_in())
            line = f"{line}; {checked}" if checked else line
        self.state_label.setText(f"{line}; read-only" if self.document.read_only else line)
        whole = standing.headline if line != standing.headline else ""
        self.state_label.setToolTip(
            "\n".join(t for t in (whole, standing.numbering_text, standing.playoff.reason) if t)
        )
        path = self.document.path
        where = path.name if path is not None else UNTITLED
        if self.document.read_only:
            where += " (read-only)"
        if path is None and event.name in ("", UNTITLED_NAME):
            self.setWindowTitle(f"{where} — {state}[*] — Arbiter")
        else:
            self.setWindowTitle(f"{event.name} — {state} — {where}[*] — Arbiter")
        self.setWindowModified(self.document.modified)

    # -- actions ------------------------------------------------------------------------------
    def run(self, action: Callable[[], object]) -> bool:
        """Run *action*; an expected error is shown plainly and nothing is lost; a
        computation the arbiter cancelled did nothing, as the status bar says."""
        try:
            action()
        except NoPrizeFund as exc:
            # The core's neutral reason, and where the window's user sets the fund.
            show_error(self, ArbiterError(f"{exc}. {PRIZE_FUND_HINT}"))
            return False
        except Cancelled as cancelled:
            self.statusBar().showMessage(f"{cancelled}.", 10_000)
            return False
        except ArbiterError as exc:
            show_error(self, exc)
            return False
        return True

    def leave_fide_mode(self) -> None:
        """Leave FIDE mode: the document asks the level-4 question (two dialogs)."""
        self.run(lambda: self.document.run(LeaveFideMode()))

    def ask_external_values(self) -> QInputDialog:
        """Ask for the EXT values (``3=2, 7=1``); opened, not executed (tests answer it)."""
        dialog = QInputDialog(self)
        dialog.setWindowTitle("Tie-break values (EXT)")
        dialog.setLabelText(
            "Values for the EXT tie-break, as pairing number=value, e.g. 3=2, 7=1\n"
            "(higher ranks first; put EXT in the tie-break list after the others):"
        )
        dialog.setTextValue(self.document.external_values())
        # On accepted, not textValueSelected: QInputDialog emits that one after `finished`,
        # when deleteLater is already posted, and the level-3 question the change may ask runs
        # an event loop of its own that would delete the dialog under its own done().
        dialog.accepted.connect(
            lambda: self.run(
                lambda: self.document.run(
                    SetExternalValues(values=parse_values(dialog.textValue()))
                )
            )
        )
        dialog.finished.connect(dialog.deleteLater)
        self.external_dialog = dialog
        dialog.open()
        return dialog

    def ask_chess960_position(self) -> Chess960Dialog:
        """Round ▸ Draw Chess960 position…: the dialog for the round the Pairings panel shows;
        opened, not executed (tests answer it). OK runs the session's command, which refuses
        with its reason what the rules do not allow."""
        rounds = self.document.tournament.rounds
        shown = self.pairings.round.value()
        drawn = self.document.chess960_positions()
        # The round shown, or, when it has its position already, the next one without.
        proposed = (
            shown
            if None in drawn
            else next((r for r in range(shown, rounds + 1) if r not in drawn), shown)
        )
        dialog = Chess960Dialog(proposed, rounds, self)
        dialog.accepted.connect(lambda: self.run(lambda: self.document.run(dialog.command())))
        dialog.finished.connect(dialog.deleteLater)
        self.chess960_dialog = dialog
        dialog.open()
        return dialog

    def show_uschess_report(self) -> UsChessReportDialog:
        """File ▸ Export US Chess rating report…: the readiness check, then the files."""
        dialog = UsChessReportDialog(self.document, self)
        dialog.finished.connect(dialog.deleteLater)
        dialog.accepted.connect(
            lambda: self.statusBar().showMessage(
                f"Wrote the US Chess rating report: {', '.join(p.name for p in dialog.written)}"
                f" in {dialog.written[0].parent}",
                15000,
            )
        )
        self.uschess_dialog = dialog
        dialog.open()
        return dialog

    def show_report_readiness(self) -> ReportReadinessDialog:
        """File ▸ Check FIDE rating report…: what the report lacks; a line opens what mends it."""
        dialog = ReportReadinessDialog(self.document, self)
        dialog.finished.connect(dialog.deleteLater)
        dialog.edit_player_requested.connect(self._edit_player_from_report)
        dialog.settings_requested.connect(self.show_event_settings)
        self.readiness_dialog = dialog
        dialog.open()
        return dialog

    def _edit_player_from_report(self, tpn: int) -> None:
        """The readiness check's player line: the Players panel forward, the player chosen
        in it, and his Edit dialog (a panel behind a tab fills its list when first shown)."""
        self.docks["players"].raise_()
        if not self.players.select_player(tpn):
            self.players.refresh()
        if self.players.select_player(tpn):
            self.players.ask_edit()

    def show_prohibited_pairings(self) -> ProhibitedPairingsDialog:
        dialog = ProhibitedPairingsDialog(self.document, self)
        dialog.finished.connect(dialog.deleteLater)
        self.prohibited_dialog = dialog
        dialog.open()
        return dialog

    def undo(self) -> None:
        self.run(self.document.undo)

    def redo(self) -> None:
        self.run(self.document.redo)

    def export_trf(self) -> None:
        writer = self.services.export_trf
        if writer is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self,
            "Export a TRF file",
            str(self.export_path(".trf")),
            TRF_FILTER,
        )
        if path:
            self.run(lambda: self.write_trf(Path(path)))

    def export_in_tournament_trf(self) -> None:
        """File ▸ Export TRF during the event…: the in-tournament file (TRF-26's ITDX), not
        the rating report (FIDE C.02, checklist questions 164-165 and 169)."""
        if self.services.export_trf is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self,
            "Export a TRF file during the event",
            str(self.export_path("-in-tournament.trf")),
            TRF_FILTER,
        )
        if path:
            self.run(lambda: self.write_trf(Path(path), in_tournament=True))

    def export_path(self, ending: str) -> Path:
        """Where a file made from the event is offered: beside the event's file and named
        after it (``open-standings``); an untitled event's is named after the event, in the
        folder Save as would offer (it was ``-standings`` in the working folder, issue 26)."""
        current = self.document.path
        if current is not None:
            return current.parent / f"{current.stem}{ending}"
        named = suggested_path(self.files.save_folder(), self.document.event_name)
        return named.with_name(f"{named.stem}{ending}")

    def write_trf(self, target: Path, *, in_tournament: bool = False) -> None:
        """The event as a TRF file, as the command line writes it from the event's file (an
        imported file comes back as it was read, changed only where the event changed);
        an untitled event is written the same way, from the same session. With
        *in_tournament*, the file of in-tournament data exchange (``export --format trf
        --in-tournament``): an adjourned game marked ``?``, which the report refuses."""
        from arbiter_app.sheets.builders import trf_report
        from arbiter_app.sheets.source import from_session
        from arbiter_app.store.outputs import write_output

        text, _ = trf_report(from_session(self.document.session), in_tournament=in_tournament)
        # As written (the file's own line ends, CR or CR LF), through the command line's
        # guard: never over the open event, aside and moved into place whole (issue 27).
        current = self.document.path
        write_output(target, text, sources=[current] if current is not None else [])

    def choose_standings_export(self) -> None:
        # The export formats load on first use: the window does not need them to appear.
        from arbiter_app.ui.exporting import STANDINGS_FILTERS

        name, chosen = QFileDialog.getSaveFileName(
            self,
            "Export the standings",
            str(self.export_path("-standings")),
            ";;".join(STANDINGS_FILTERS),
        )
        if not name:
            return
        path = Path(name)
        if not path.suffix:
            # The filter chosen names the format when the name has no suffix.
            path = path.with_suffix(chosen.split("*")[-1].rstrip(")"))
        self.export_standings(path)

    def export_standings(self, path: Path) -> bool:
        from arbiter_app.ui.exporting import export_standings

        def export() -> None:
            with self.page_progress(f"Writing {path.name}…") as progress:
                try:
                    export_standings(self.document, path, progress=progress)
                except Cancelled:
                    path.unlink(missing_ok=True)  # a cancelled file is not left half written
                    raise

        if self.run(export):
            self.statusBar().showMessage(f"Standings written to {path.name}", 5000)
            return True
        return False

    def print_standings(self) -> None:
        from arbiter_app.ui.exporting import standings_print_sheet

        sheets: list[Sheet] = []
        if not self.run(lambda: sheets.append(standings_print_sheet(self.document))):
            return
        dialog = PrintDialog(self, self.export_path("-standings.pdf"))
        try:
            if dialog.exec() == PrintDialog.DialogCode.Accepted:
                self.run(lambda: self.paint_with_progress(sheets[0], dialog.printer_kept))
        finally:
            dialog.deleteLater()

    def preview_standings(self) -> None:
        from arbiter_app.ui.exporting import standings_print_sheet

        sheets: list[Sheet] = []
        if not self.run(lambda: sheets.append(standings_print_sheet(self.document))):
            return
        self.show_preview(sheets[0], "Print preview: standings", "standings")

    def make_preview(self, sheet: Sheet, title: str, name: str = "") -> SheetPreview:
        """A print preview of *sheet* (the sheet called *name*), with its own printer (issue
        26: a printer that did not outlive the function crashed the preview); its print job
        is named after the event and the sheet."""
        job = self.export_path(f"-{name}").name if name else ""
        return SheetPreview(
            lambda device: self.paint_with_progress(sheet, device), title, self, job
        )

    def show_preview(self, sheet: Sheet, title: str, name: str = "") -> None:
        """Run the preview of *sheet* until it is closed; then it goes, printer and pages."""
        preview = self.make_preview(sheet, title, name)
        try:
            preview.exec()
        finally:
            preview.deleteLater()

    # -- the venue's sheets ------------------------------------------------------------
    def _build_sheets_menu(self) -> QMenu:
        """Every sheet ``arbiter-app print`` makes, shown in print preview (issue 7)."""
        menu = QMenu("Print s&heet", self)
        menu.setAccessibleName("Print sheet")
        for name, text in SHEET_HELP.items():
            action = menu.addAction(f"{name}: {text.split(' (')[0]}")
            action.setData(name)
            action.triggered.connect(lambda _=False, n=name: self.preview_sheet(n))
        return menu

    ROUND_SHEETS = ("pairings", "pairings-by-name", "slips", "slips-6", "slips-8")
    """The sheets of one round: printed for the round the Pairings panel shows."""

    def build_sheet(self, name: str) -> Sheet | None:
        """The sheet *name* made from the open event, as the command line makes it from a file.

        The pairings and the result slips are those of the round shown in the
        Pairings & results panel (the command line's ``--round``).
        """
        sheets: list[Sheet] = []
        round_no = self.pairings.round.value() if name in self.ROUND_SHEETS else None

        def make() -> None:
            from arbiter_app.sheets.builders import SHEETS
            from arbiter_app.sheets.source import from_session

            sheets.append(SHEETS[name](from_session(self.document.session), round_no))

        return sheets[0] if self.run(make) else None

    @contextlib.contextmanager
    def page_progress(self, label: str) -> Iterator[Callable[[int, int], None]]:
        """A progress bar for laying out pages; yields the callback that moves it.

        The bar appears only when the work lasts more than half a second (a
        standings of a thousand players is some thirty pages). Its Cancel button
        stops the work at the next page (:class:`Cancelled`).
        """
        bar = QProgressDialog(label, "Cancel", 0, 0, self)
        bar.setWindowModality(Qt.WindowModality.WindowModal)
        bar.setMinimumDuration(500)
        bar.setAccessibleName("Printing progress")
        self.progress_bar = bar

        def progress(done: int, total: int) -> None:
            bar.setMaximum(total)
            bar.setValue(done)
            QApplication.processEvents()
            if bar.wasCanceled():
                # Raised between two pages: the painter ends its page and the file closes.
                raise Cancelled(
                    f"{label.rstrip('…. ')}: cancelled after {count(done, 'page')} of {total}"
                )

        try:
            yield progress
        finally:
            bar.reset()
            bar.deleteLater()

    @contextlib.contextmanager
    def busy_note(self, label: str) -> Iterator[None]:
        """A note shown at once while this thread does a piece of work (writing a file)."""
        bar = QProgressDialog(label, "", 0, 0, self)
        bar.setCancelButton(None)
        bar.setWindowModality(Qt.WindowModality.WindowModal)
        bar.setAccessibleName("Progress")
        self.progress_bar = bar
        bar.show()
        QApplication.processEvents()
        try:
            yield
        finally:
            bar.reset()
            bar.deleteLater()

    def paint_with_progress(self, sheet: Sheet, device: QPagedPaintDevice) -> int:
        """Lay *sheet* out on *device*, showing a progress bar for long sheets."""
        with self.page_progress("Laying out the pages…") as progress:
            return paint_sheet(sheet, device, progress=progress)

    def preview_sheet(self, name: str) -> None:
        sheet = self.build_sheet(name)
        if sheet is None:
            return
        self.show_preview(sheet, f"Print preview: {name}", name)

    def show_event_settings(self) -> EventSettingsDialog:
        dialog = EventSettingsDialog(self.document, self)
        dialog.prizes_requested.connect(self.show_prizes)
        dialog.open()
        return dialog

    def show_prizes(self) -> None:
        """Bring the Prizes panel forward with the cursor in the prize fund."""
        dock = self.docks["prizes"]
        dock.show()
        dock.raise_()
        self.prizes.fund.setFocus()

    def show_preferences(self) -> PreferencesDialog:
        dialog = PreferencesDialog(self.settings, self)
        dialog.accepted.connect(self._apply_preferences)
        dialog.open()
        return dialog

    def _apply_preferences(self) -> None:
        if self.projector is not None:
            self.projector.set_scale(self.settings.projector_scale)
        self.list_refresher.preference_changed()

    def _checked_against_new_lists(self) -> str | None:
        """The open event checked against lists downloaded in the background, in a sentence
        for the status bar (FIDE C.02 checklist Q139: a check after each list update, said
        quietly: the arbiter may be entering results), unless the event switched that check
        off (Q138)."""
        if not any(p.fide_id for p in self.document.tournament.players):
            return None
        if not checks_after_update(self.document.session.state):
            return None
        try:
            return self.document.check_ratings().summary()
        except ArbiterError:
            return None

    def download_lists_now(self) -> bool:
        """Ratings ▸ Download FIDE's lists now: every list asked for, in the background."""
        if self.list_refresher.refresh(every=True):
            return True
        if self.list_refresher.running:
            text = "FIDE's lists are being downloaded already."
        else:
            text = (
                "Downloading FIDE's lists is switched off: switch it on in "
                "Edit ▸ Preferences… (Arbiter works offline unless asked)."
            )
        self.statusBar().showMessage(text, 15000)
        return False

    def show_guide(self) -> GuideWindow:
        """Help ▸ Guide (F1): the guide's pages in a viewer window."""
        if self.guide is None:
            self.guide = GuideWindow(parent=self)
        self.guide.show()
        self.guide.raise_()
        return self.guide

    def bring_forward(self, dock: QDockWidget) -> None:
        """Show *dock*, raise its tab and put the keyboard in it (View ▸ Go to …, Alt+n)."""
        dock.show()
        dock.raise_()
        # The tab shows its panel once the event loop runs: the focus follows then.
        QTimer.singleShot(0, lambda: self._focus_panel(dock))

    def _focus_panel(self, dock: QDockWidget) -> None:
        panel = dock.widget()
        if panel is None:
            return
        # The panel's list when it has one: the arrows and the typed keys work at once.
        views = [v for v in panel.findChildren(QAbstractItemView) if v.isVisibleTo(panel)]
        target = views[0] if views else panel.focusProxy() or panel
        target.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def show_keys(self) -> GuideWindow:
        guide = self.show_guide()
        guide.show_keys()
        return guide

    def show_about(self) -> QMessageBox:
        box = about(self)
        box.open()
        return box

    def searchable_panels(self) -> list[QWidget]:
        return [
            self.pairings,
            self.by_name,
            self.players,
            self.crosstable,
            self.standings,
            self.prizes,
        ]

    def find_player(self) -> None:
        """Ctrl+F: the search box of the panel the cursor is in, else of the panel on top
        of the left side (a tab just clicked), else the pairings'."""
        focus = QApplication.focusWidget()
        panels = self.searchable_panels()
        # A panel behind another tab keeps the keyboard when a tab is clicked: not it.
        shown = [p for p in panels if p.isVisible() and not p.visibleRegion().isEmpty()]
        inside = [p for p in shown if focus is not None and p.isAncestorOf(focus)]
        target = (inside or shown or [self.pairings])[0]
        self.docks[_dock_key(self, target)].raise_()
        target.search.start()  # type: ignore[attr-defined]

    def pair_next_round(self) -> None:
        """Round ▸ Pair next round: the Pairings & results panel's button, from the keyboard."""
        self.docks["pairings"].raise_()
        if self.pairings.pair_next_round():
            # The progress bar had the keyboard: it comes back to the new round's boards.
            self.activateWindow()
            self.pairings.go_to_results()

    def pair_by_hand(self) -> None:
        """Round ▸ Pair round by hand…: the Pairings & results panel's dialog."""
        self.docks["pairings"].raise_()
        self.pairings.pair_by_hand()

    def explain_pairing(self) -> None:
        """Round ▸ Explain pairing…: the Pairings & results panel's button, for the round
        the panel shows."""
        self.docks["pairings"].raise_()
        self.pairings.explain_pairing()

    def enter_results(self) -> None:
        self.docks["pairings"].raise_()
        self.pairings.go_to_results()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown_once:
            # The day starts in the results: keys typed at once go to the boards.
            self._shown_once = True
            self.pairings.go_to_results()

    def show_projector_page(self, page: str) -> ProjectorWindow:
        """Open the projector if need be and put *page* on it; the keyboard stays here."""
        projector = self.show_projector()
        projector.show_page(page)
        self.activateWindow()
        return projector

    def show_projector(self, screen: QScreen | None = None) -> ProjectorWindow:
        """The projector window: full screen on *screen*, else on the second monitor when
        there is one, else a window beside this one."""
        first = self.projector is None
        if self.projector is None:
            self.projector = ProjectorWindow(self.document, self.settings.projector_scale)
            server = self.publishing.server
            self.projector.set_players_page(server.url if server is not None else None)
        target = screen or second_screen()
        if target is not None:
            self.projector.show_on(target)
        else:
            if first:
                # One monitor: a window inside this one's screen, all of it visible (at
                # 1024 × 768 it ran off a laptop's screen and hid its last lines, issue 26).
                place_within(self.projector, self.screen() or QGuiApplication.primaryScreen())
            self.projector.show()
        self.projector.raise_()
        return self.projector

    def _show_players_page(self, url: str | None) -> None:
        """The players' page was published at *url* or stopped (None): the projector's QR."""
        if self.projector is not None:
            self.projector.set_players_page(url)

    def _fill_projector_screens(self) -> None:
        """View ▸ Projector on screen: one item per monitor, named with its size."""
        menu = self.projector_screens_menu
        menu.clear()
        primary = QGuiApplication.primaryScreen()
        for number, screen in enumerate(QGuiApplication.screens(), start=1):
            size = screen.geometry().size()
            note = " (this window's)" if screen is primary else ""
            action = menu.addAction(
                f"Screen {number}: {screen.name()}, {size.width()} × {size.height()}{note}"
            )
            action.triggered.connect(lambda _=False, s=screen: self.show_projector(s))

    # -- window state ---------------------------------------------------------------------------
    def save_layout(self) -> None:
        self.settings.store.setValue("window/geometry", self.saveGeometry())
        self.settings.store.setValue("window/state", self.saveState())

    def restore_layout(self) -> None:
        geometry = self.settings.store.value("window/geometry")
        state = self.settings.store.value("window/state")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray):
            self.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.may_replace("quit"):
            event.ignore()
            return
        self.save_layout()
        self.document.close()
        if self.projector is not None:
            self.projector.close()
        event.accept()


LISTED_BOARDS = 6
"""Boards without a result the status bar names one by one; more are counted."""


def status_line(standing: EventState) -> str:
    """Where the event stands, for the status bar: the core's headline, with the boards
    still lacking a result counted once there are more than :data:`LISTED_BOARDS` (it
    listed a hundred; the whole headline is the tooltip)."""
    if len(standing.pending) <= LISTED_BOARDS:
        return standing.headline
    brief = standing.brief[:1].upper() + standing.brief[1:]
    rounds = sorted({standing.system.rounds_in(r) for r, _ in standing.pending})
    where = "" if len(rounds) == 1 else f" (rounds {rounds[0]}-{rounds[-1]})"
    tail = standing.headline[len(standing.text) :]  # "; the play-off can start" and the like
    return f"{brief}: {count(len(standing.pending), 'board')}{where} without a result{tail}"


def _dock_key(window: MainWindow, panel: QWidget) -> str:
    # A panel may sit in a frame of its own (FIDE mode's badge above it).
    return next(
        key
        for key, dock in window.docks.items()
        if dock.widget() is panel or dock.isAncestorOf(panel)
    )
