"""The open event as the GUI sees it: one session, whose actions say what changed.

Every action of the window goes through :class:`EventDocument`, which runs
it as a command of its :class:`~arbiter_app.session.Session` (one transaction
and one journal entry) and emits :attr:`EventDocument.changed` with a
:class:`~arbiter_app.ui.changes.Changes` report; panels look at the report
and refresh only what they show (the Anki way: an operation reports what
changed, views refresh from the report).

There is one path for every event: an event with a file and one without
(the window's start, New, an imported TRF file, the demo) are the same
session, the second untitled until File ▸ Save as… gives it a file
(:meth:`Session.create_untitled`). The window asks before closing an untitled
event with work in it (:attr:`EventDocument.modified`).

Risky actions are asked about here, for every action alike: when the session
answers with FIDE C.02 questions (level 3 or 4), the document puts them to the
arbiter through :class:`~arbiter_app.ui.dialogs.warning_levels.WarningDialogs`
and runs the action again with the answer; level-2 notices are shown after the
action. A cancelled question changes nothing and reports ``cancelled``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from arbiter_app.core.checker.imported import DutchComparison
from arbiter_app.core.chess960 import StartingPosition, Variant, position_of_round
from arbiter_app.core.current_standings import prepare_round_in_progress
from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.event_state import EventState
from arbiter_app.core.fide_mode import FideMode, Fixed
from arbiter_app.core.lots import Draw
from arbiter_app.core.model import Colour, EntryKind, Event, RuleSet
from arbiter_app.core.pairing.manual import ONE_BOARD, HandChange, Moved, move_onto_board
from arbiter_app.core.pairing.swiss import US_CHESS, default_engine
from arbiter_app.core.playoff import PlayoffState
from arbiter_app.core.playoff.results import PrizeRow
from arbiter_app.core.prizes import PrizeList
from arbiter_app.core.quads import QuadGroup
from arbiter_app.core.ratinglist import RatingType
from arbiter_app.core.result import ADJOURNED, GameResult
from arbiter_app.core.trf import TrfDocument
from arbiter_app.core.warning_levels import Alert, Confirmation, ConfirmationNeeded
from arbiter_app.exports.pairings import bye_words, says_bye
from arbiter_app.session import UNTITLED_NAME, Board, Section, SectionNeeded, Session
from arbiter_app.session.backups import BackupReport, RoundBackups, backup_copy
from arbiter_app.session.chess960 import positions_of, variant_of
from arbiter_app.session.codec import event_to_json
from arbiter_app.session.commands import (
    UNSET,
    AddSection,
    ChangePairing,
    Command,
    CorrectResult,
    EditSettings,
    EnterResult,
    ImportEvent,
    MakeQuads,
    SetPairing,
    SetPairingNumbers,
)
from arbiter_app.session.event_commands import SETTINGS
from arbiter_app.session.external_values import values_text
from arbiter_app.session.hand_pairing import ToPair, players_to_pair
from arbiter_app.session.integrity import fide_mode_of, fixed_now
from arbiter_app.session.manual_pairing import open_phase
from arbiter_app.session.member_lookup import MemberLookup
from arbiter_app.session.pairing import (
    Compute,
    initial_colour_article,
    pair_next_round,
    paired_columns,
)
from arbiter_app.session.pairing_log import RoundExplanation, explain_round
from arbiter_app.session.player_commands import (
    absences,
    checked_in,
    half_bye_ineligible,
    id_holder,
)
from arbiter_app.session.playoff_commands import (
    playoff_scope_of,
    preview,
    stored_fund,
    stored_playoff,
)
from arbiter_app.session.prize_commands import stored_categories
from arbiter_app.session.prize_queries import prize_list
from arbiter_app.session.rating_lookup import (
    CheckReport,
    ListLookup,
    check_ratings,
    rating_lists_of,
    rating_type_of,
)
from arbiter_app.session.section_commands import propose_quads
from arbiter_app.session.sections import TITLE_JOIN
from arbiter_app.session.trf_source import import_arguments
from arbiter_app.store.journal import JournalEntry
from arbiter_app.ui.background import AheadOfTime
from arbiter_app.ui.changes import EVERYTHING, Changes, describe, ui_changes
from arbiter_app.ui.dialogs.warning_levels import WarningDialogs

__all__ = ["EVERYTHING", "Changes", "Compute", "EventDocument", "StandingsOptions"]


@dataclass(frozen=True, slots=True)
class StandingsOptions:
    """How the event is ranked: the announced tie-break list and the play-off places.

    The fields are those of :func:`arbiter_app.core.standings.compute_standings`.
    """

    tiebreaks: tuple[str, ...] = ()
    preset: str = ""
    """The name of the preset the list came from ("" for a list built by hand)."""
    rule_set: RuleSet | None = None
    playoff_places: tuple[int, ...] = ()
    playoff_after: int = 0
    playoff_regulation: str = ""
    """The play-off regulation the engine runs for those places ("" for none)."""


def untitled_session(
    event: Event | None = None,
    source: str = "",
    *,
    scratch: Path | None = None,
    document: TrfDocument | None = None,
    compared: DutchComparison | None = None,
    confirm: Confirmation = None,
    notices: list[Alert] | None = None,
    **settings: object,
) -> Session:
    """A new untitled event: empty, or holding *event* read from *source* (an import).

    *document* is the TRF file the event was read from: the event keeps the rest
    of it (see :mod:`arbiter_app.session.trf_source`). *settings* are stored with
    ``edit_settings`` (the demo's play-off regulation); *scratch* is where the
    untitled event is kept until it is saved (None: memory). *compared* is the file's
    rounds compared with the Dutch pairing, made while reading it (None: made here);
    *confirm* answers the import's questions (rounds that break pairing rules or differ
    from the Dutch pairing, FIDE C.02 questions 54-55); *notices*, when given, receives its
    level-2 notices.
    """
    if event is None:
        return Session.create_untitled(scratch=scratch)
    session = Session.create_untitled(
        name=event.name or UNTITLED_NAME,
        system=event.system.value,
        rounds=max(1, event.rounds),
        scratch=scratch,
    )
    args: dict[str, object] = (
        dict(import_arguments(document, compared))
        if document is not None
        else {"event": event_to_json(event)}
    )
    args["source"] = source
    if settings:
        args["settings"] = dict(settings)  # announced with the import: nothing to ask
    try:
        outcome = session.run(ImportEvent.of(args), confirm=confirm)
        if notices is not None:
            notices.extend(outcome.notices)
    except BaseException:
        session.close()  # an untitled event that failed to fill leaves nothing behind
        raise
    return session


def _with_a_section(session: Session) -> Session:
    """*session* with a section chosen: the first when the event has several and none is."""
    try:
        session.section  # noqa: B018
    except SectionNeeded:
        session.select(session.sections[0].number)
    return session


FOLLOW_INTERVAL_MS = 1000
"""How often a window that opened its file read-only looks for the writer's actions."""


class EventDocument(QObject):
    """The event open in a window; emits :attr:`changed` after every action."""

    changed = Signal(object)
    """Carries the :class:`Changes` report of the action just done."""
    file_changed = Signal()
    """The event was saved to another file (Save As): the title names it."""
    backed_up = Signal(str)
    """A backup was written, or could not be (the sentence to show in the status bar)."""

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = _with_a_section(session)
        self._playoff: tuple[Event, PlayoffState | None] | None = None
        self._confirm: Confirmation = None
        self.warnings = WarningDialogs()
        """Puts the questions of every action to the arbiter (the window sets its parent)."""
        self._backups = RoundBackups(session, self._tell_backup)
        # A window that opened the file read-only (another window writes it) follows that
        # window's actions: a deputy's screen, a second monitor (issue 26).
        self._follow = QTimer(self)
        self._follow.setInterval(FOLLOW_INTERVAL_MS)
        self._follow.timeout.connect(self.follow_writer)
        self._follow_while_read_only()
        self.ahead = AheadOfTime()
        """Computes in a worker thread what the next result will ask for (see
        :meth:`prepare_round_in_progress`; the standings panel asks it once an event just
        opened is shown)."""

    # -- the session and its file -------------------------------------------------------
    @property
    def session(self) -> Session:
        return self._session

    @property
    def tournament(self) -> Event:
        """The event as it stands now (``event`` is QObject's event handler, hence the name)."""
        return self._session.event

    @property
    def bye_word(self) -> str:
        """The event's name for the pairing-allocated bye: "bye" in a US Chess event (22C)."""
        return bye_words(EntryKind.PAIRING_BYE, us_chess=says_bye(self.tournament))

    def explain_round(self, round_no: int) -> RoundExplanation:
        """Round *round_no*'s pairing made again by the section's engine, with its log, and
        compared with the recorded round (:func:`arbiter_app.session.pairing_log.explain_round`,
        as ``pair --explain-round`` does)."""
        return explain_round(self._session, round_no)

    @property
    def engine_words(self) -> str:
        """The engine the section's Swiss rounds are paired by, in a few words."""
        if default_engine(self.tournament) == US_CHESS:
            return "the US Chess engine (rules 27-29)"
        return "the FIDE engine"

    @property
    def initial_colour_article(self) -> str:
        """The rule by which round 1's top-ranked player has his colour drawn by lot (US
        Chess 28J in a section paired by the US Chess engine, FIDE C.04.3 5.2.5 else)."""
        return initial_colour_article(self.tournament)

    @property
    def path(self) -> Path | None:
        """The event's file; None while it is untitled."""
        return self._session.path

    @property
    def read_only(self) -> bool:
        """Opened read-only (the file is open for writing in another window): the session
        refuses every change, and the window disables what would change the event."""
        return self._session.readonly

    @property
    def modified(self) -> bool:
        """Untitled with work in it: closing it would lose that work (a file is always saved)."""
        return self._session.unsaved

    @property
    def file_warnings(self) -> tuple[str, ...]:
        """What is wrong with the open file that still lets it be read (the session says)."""
        return self._session.file_warnings

    def replace_session(self, session: Session) -> None:
        """Open another event in this window (the previous one is closed; untitled: discarded)."""
        previous, self._session = self._session, _with_a_section(session)
        self._playoff = None
        if previous is not session:
            self._backups.unsubscribe()
            self._backups = RoundBackups(session, self._tell_backup)
            previous.close()
        self._follow_while_read_only()
        self.changed.emit(EVERYTHING)
        self.file_changed.emit()

    def _follow_while_read_only(self) -> None:
        if self._session.readonly and self._session.path is not None:
            self._follow.start()
        else:
            self._follow.stop()

    def follow_writer(self) -> bool:
        """Read the file again when the window that writes it has done something since it was
        read (its journal moved on); the section shown stays, and the panels refresh as after
        any action, keeping what they had selected. True when the file was read again."""
        path = self._session.path
        if not self._session.readonly or path is None or not self._session.behind():
            return False
        try:
            fresh = Session.open(path, readonly=True)
        except ArbiterError:
            return False  # being written or moved at this moment: the next tick reads it
        shown = self._session.section.number
        if shown in {s.number for s in fresh.sections}:
            fresh.select(shown)
        previous, self._session = self._session, fresh
        self._playoff = None
        self._backups.unsubscribe()
        self._backups = RoundBackups(fresh, self._tell_backup)
        previous.close()
        self.changed.emit(EVERYTHING)
        return True

    def close(self) -> None:
        self._follow.stop()
        self._session.close()

    def save_as(self, path: Path, *, overwrite: bool = False) -> None:
        """Write the event to *path* and go on there (File ▸ Save as…)."""
        self._session.save_as(path, overwrite=overwrite)
        self.file_changed.emit()

    def save_copy(self, path: Path, *, overwrite: bool = False) -> BackupReport | None:
        """Write a copy to *path*; the event stays where it is (File ▸ Save a copy…); and a
        dated copy to the backup folder when one is chosen (what became of it is returned)."""
        self._session.save_copy(path, overwrite=overwrite)
        return backup_copy(self._session)

    def _tell_backup(self, report: BackupReport) -> None:
        self.backed_up.emit(report.text)

    def run(self, command: Command) -> Changes:
        """Run *command* as one action of the arbiter (see :meth:`_act`): the one way the
        window changes the event. The arbiter's answer to its warnings goes with it, and
        the journal keeps it."""

        def run() -> Changes:
            outcome = self._session.run(command, confirm=self._confirm)
            return ui_changes(outcome.changes, outcome)

        return self._act(run)

    def _act(self, action: Callable[[], Changes]) -> Changes:
        """Run *action*; put its questions to the arbiter and run it again with the answers.

        The one place the window handles FIDE C.02 warnings (see the module's
        docstring): a cancelled question reports ``cancelled`` and changes nothing.
        """
        try:
            changes = action()
        except ConfirmationNeeded as question:
            answer = self.warnings.confirm(question)
            if answer is None:
                return Changes(cancelled=True)
            with self.confirming(answer):
                changes = action()
        report = self._report(changes)
        if changes.notices:
            self.warnings.acknowledge(changes.notices)
        return report

    @contextmanager
    def confirming(self, answer: Confirmation) -> Iterator[None]:
        """Run the actions inside with *answer* to the questions they ask (FIDE C.02)."""
        before, self._confirm = self._confirm, answer
        try:
            yield
        finally:
            self._confirm = before

    def _report(self, changes: Changes) -> Changes:
        if changes.anything:
            self.changed.emit(changes)
            if changes.results or changes.event or changes.settings or changes.players:
                self.prepare_round_in_progress()
        return changes

    def prepare_round_in_progress(self) -> None:
        """Have the worker thread compute the tie-break values of the round in progress with
        the results so far, so that the round's last result, which changes every score at
        once, refreshes the standings as quickly as any other result
        (:func:`~arbiter_app.core.current_standings.prepare_round_in_progress`). The
        values the thread is given are immutable; it writes nothing."""
        state = self.event_state()
        if state.provisional_round is None:
            return
        event, options = self.tournament, self.standings_options
        self.ahead.submit(
            partial(
                prepare_round_in_progress,
                event,
                state,
                options.tiebreaks,
                rule_set=options.rule_set,
            )
        )

    # -- sections -----------------------------------------------------------------------
    @property
    def sections(self) -> tuple[Section, ...]:
        """The event's sections (one for most events)."""
        return self._session.sections

    @property
    def section(self) -> Section:
        """The section every panel, sheet and action is about."""
        return self._session.section

    @property
    def event_name(self) -> str:
        """The event's own name: the title of a section of several adds the section's
        ("Saturday Club - Reserve"), the event's file is named after the event."""
        name = self.tournament.name
        section = self._session.section.name
        ending = f"{TITLE_JOIN}{section}"
        if self._session.several_sections and name.endswith(ending):
            return name[: -len(ending)]
        return name

    def select_section(self, which: int | str) -> None:
        """Show and act on another section: every view is rebuilt."""
        if self._session.section.number == which or self._session.section.name == which:
            return
        self._session.select(which)
        self._playoff = None
        self.changed.emit(EVERYTHING)

    @contextmanager
    def reading_section(self, number: int) -> Iterator[None]:
        """Read another section inside the block (the projector's cycle); nothing changes
        for the window, which still shows its own."""
        with self._session.selected(number):
            yield

    def add_section(self, name: str, system: str, rounds: int, preset: str | None) -> Changes:
        """Add a section (a tournament of its own) and show it; *rounds* counts its game
        columns (a double Swiss round is two)."""
        add = AddSection(name=name, system=system, rounds=rounds, preset=preset or UNSET)
        changes = self.run(add)
        made = max(s.number for s in self._session.sections)
        self.select_section(made)
        return changes

    def propose_quads(self, command: MakeQuads) -> tuple[QuadGroup, ...]:
        """The quads the section's players would make (raises the command's refusal)."""
        return propose_quads(self._session, command)

    def make_quads(self, command: MakeQuads) -> Changes:
        """Split the section shown into quads (one action, one journal entry); shows the
        first quad."""
        before = {s.number for s in self._session.sections}
        changes = self.run(command)
        made = [s.number for s in self._session.sections if s.number not in before]
        if made:
            self.select_section(made[0])
        return changes

    # -- history ------------------------------------------------------------------------
    def undo(self) -> Changes:
        if not self._session.can_undo:
            return Changes()
        return self._report(ui_changes(self._session.undo()))

    def redo(self) -> Changes:
        if not self._session.can_redo:
            return Changes()
        return self._report(ui_changes(self._session.redo()))

    def undo_label(self) -> str | None:
        return self._label(self._session.next_undo)

    def redo_label(self) -> str | None:
        return self._label(self._session.next_redo)

    def _label(self, entry: JournalEntry | None) -> str | None:
        """How Undo and Redo name *entry*: with its section's name when it is not the one
        shown (undo takes back the event's last action, whichever section it was in)."""
        if entry is None:
            return None
        number = self._session.section_of(entry)
        system = next(
            (s.system for s in self._session.sections if s.number == number),
            self.tournament.system,
        )
        said = describe(entry, system)
        if self._session.several_sections and number != self._session.section.number:
            name = next((s.name for s in self._session.sections if s.number == number), None)
            if name is not None:
                said += f" ({name})"
        return said

    # -- ranking --------------------------------------------------------------------------
    @property
    def standings_options(self) -> StandingsOptions:
        settings = self._session.settings
        # Which places a play-off decides has one home (core.playoff.scope): a play-off
        # started from the command line counts here as it does on the sheets.
        scope = playoff_scope_of(self._session.state)
        return StandingsOptions(
            settings.tiebreaks,
            settings.preset or "",
            self._session.event.rule_set,
            scope.places,
            scope.after_tiebreaks,
            settings.playoff or "",
        )

    def set_standings_options(self, options: StandingsOptions) -> Changes:
        if options == self.standings_options:
            return Changes()
        return self.run(
            EditSettings(
                tiebreaks=list(options.tiebreaks),
                rule_set=options.rule_set.value if options.rule_set else None,
                playoff=options.playoff_regulation or None,
                preset=options.preset or UNSET,
            )
        )

    # -- rounds and results ---------------------------------------------------------------
    def boards(self, round_no: int) -> list[Board]:
        """The boards of *round_no* as paired, each with its result once entered."""
        return self._session.boards(round_no)

    def board(self, round_no: int, number: int) -> Board | None:
        """Board *number* of *round_no* with its result (None: no such board)."""
        return self._session.board(round_no, number)

    def paired_rounds(self) -> int:
        """The last round with pairings (games may still wait for their results)."""
        return paired_columns(self._session)

    def current_game(self) -> int:
        """The game column the venue plays now (:attr:`EventState.current_game`)."""
        return self.event_state().current_game

    def pair_next_round(
        self,
        initial_colour: Colour | None = None,
        compute_with: Compute | None = None,
        on_draw: Callable[[Colour, Draw], None] | None = None,
    ) -> Changes:
        """Pair the round after the last one paired with the core engine and record it.

        *initial_colour* is the colour drawn by lot for the top-ranked player
        in round 1 (FIDE C.04.3 article 5.2.5); without it, round 1 of a Swiss
        has it drawn by lot, seed recorded, and *on_draw* is told. *compute_with*, when given,
        runs the pairing engine's computation (beside a progress bar).
        """

        def pair() -> Changes:
            _, recorded = pair_next_round(
                self._session,
                initial_colour=initial_colour,
                compute_with=compute_with,
                on_draw=on_draw,
            )
            changes = Changes()
            for one in recorded:
                changes = changes | ui_changes(one)
            return changes

        return self._act(pair)

    def set_result(self, round_no: int, board: int, result: GameResult) -> Changes:
        """Enter, or correct, the result of *board* of *round_no*."""
        found = self._session.board(round_no, board)
        if found is None:
            raise RuleError(f"round {round_no} has no board {board}")
        kind = EnterResult if found.result is None else CorrectResult
        return self.run(kind(round=round_no, board=board, result=result.value))

    def adjourn(self, round_no: int, board: int) -> Changes:
        """Mark the game of *board* of *round_no* adjourned (checklist Q157)."""
        return self.run(EnterResult(round=round_no, board=board, result=ADJOURNED))

    def change_pairing(
        self, round_no: int, board: int, white: int, black: int, how: HandChange = ONE_BOARD
    ) -> Changes:
        """Put *white* and *black* on *board* of *round_no* by hand.

        With ``how.swap`` they may come from other boards or the bye, and the displaced
        take the places left (or the pairing-allocated bye, unless
        ``how.bye_to_displaced`` is false). Refused (RuleError, nothing changed) when a
        board has a result; a change that breaks pairing rules asks first (a level-3
        question).
        """
        change = ChangePairing(
            round=round_no,
            board=board,
            white=white,
            black=black,
            swap=True if how.swap else UNSET,
            displaced_bye=False if how.swap and not how.bye_to_displaced else UNSET,
        )
        return self.run(change)

    def players_to_pair(self) -> tuple[int, list[ToPair]]:
        """The next round and the players it pairs, highest score first
        (:func:`~arbiter_app.session.hand_pairing.players_to_pair`)."""
        return players_to_pair(self._session)

    def pair_by_hand(
        self, round_no: int, boards: Sequence[tuple[int, int]], bye: int | None
    ) -> Changes:
        """Pair round *round_no* by hand as ``pairing set`` does: every board (White,
        Black) and the pairing-allocated bye. The session checks the round against the
        pairing rules and asks first about what it breaks (level 3), and compares it with
        the engine's pairing (level 4, a ``### MPA`` line; FIDE C.02)."""
        byes: list[list[int | str]] = [] if bye is None else [[bye, EntryKind.PAIRING_BYE.value]]
        return self.run(SetPairing(round=round_no, boards=[list(b) for b in boards], byes=byes))

    def preview_pairing(
        self, round_no: int, board: int, white: int, black: int, displaced_bye: bool
    ) -> Moved:
        """What ``change_pairing`` with *swap* would make of the round (nothing is changed)."""
        return move_onto_board(
            self._session.round_pairing(round_no),
            board,
            white,
            black,
            bye_to_displaced=displaced_bye,
        )

    # -- FIDE mode, manual pairing, prohibited pairings (FIDE C.02) ---------------------------
    def fide_mode(self) -> FideMode:
        """The event's FIDE mode (its :attr:`~FideMode.indicator` is every panel's badge)."""
        return fide_mode_of(self._session.state)

    def fixed_in_fide_mode(self) -> dict[str, Fixed]:
        """What FIDE mode fixes now (the rounds, the points, the bye's value once round 1 is
        paired), each with its reason: the session's answer, which refuses the same."""
        return fixed_now(self._session.state, self.paired_rounds())

    # -- Chess960 (FIDE Laws of Chess, Guidelines II) -----------------------------------------
    def chess960(self) -> bool:
        """Whether the event is played as Chess960."""
        return variant_of(self._session.state) is Variant.CHESS960

    def chess960_position(self, round_no: int) -> StartingPosition | None:
        """The starting position round *round_no* plays (its own or the event's), or None."""
        return position_of_round(positions_of(self._session.state), round_no)

    def chess960_positions(self) -> dict[int | None, StartingPosition]:
        """Every position drawn, by round (None: the one for every round)."""
        return positions_of(self._session.state)

    def manual_pairing_round(self) -> int | None:
        """The round whose manual pairing is open, or None."""
        phase = open_phase(self._session.state)
        return None if phase is None else int(phase["round"])

    def forbidden_pairs(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(sorted(group)) for group in self._session.event.forbidden_pairs)

    def external_values(self) -> str:
        """The ``EXT`` tie-break values as typed (``3=2, 7=1/2``)."""
        return values_text(self._session.event.external_values)

    def set_pairing_numbers(
        self,
        by: str,
        order: Sequence[int] = (),
        witnesses: Sequence[str] = (),
        ranking: tuple[str, str] | None = None,
    ) -> Changes:
        """Renumber the players ``by`` ``rating``, ``lot`` (the session draws the seed and
        keeps it in the journal), ``draw`` (a physical draw: *order* as drawn, with its
        *witnesses*) or ``order`` (by hand). *ranking*, by rating: the tournament rating
        and the order of equal players (``("HBFN", "fide-id")``)."""
        rating, ties = ranking if by == "rating" and ranking is not None else (UNSET, UNSET)
        command = SetPairingNumbers(
            by=by,
            rating=rating,
            ties=ties,
            order=list(order) if by in ("order", "draw") else UNSET,
            witnesses=list(witnesses) if witnesses else UNSET,
        )
        return self.run(command)

    def half_bye_ineligible(self) -> frozenset[int]:
        """Players not eligible for half-point byes (FIDE C.02)."""
        return half_bye_ineligible(self._session.state)

    def id_holder(self, key: str, value: str) -> str:
        """ "player 5 (EKWUEME, NIA)" when a player of the section has that FIDE ID (*key*
        ``fide_id``) or national ID (``national_id``), else "": registering a second one is
        refused (:func:`arbiter_app.session.player_commands.check_ids_free`)."""
        held = id_holder(self._session.state, key, value)
        return "" if held is None else f"player {held[0]} ({held[1]})"

    def checked_in(self) -> frozenset[int]:
        """The players checked in before round 1 (empty: check-in has not begun)."""
        return checked_in(self._session.state)

    def absences(self) -> frozenset[tuple[int, int]]:
        """``(player, round)`` of the absences marked for coming rounds."""
        return absences(self._session.state)

    # -- event settings -------------------------------------------------------------------
    def event_settings(self) -> dict[str, object]:
        """The stored settings, as ``edit_settings`` takes them (None where none is stored)."""
        state = self._session.state
        return {key: state.setting(key) for key in SETTINGS}

    # -- prizes ---------------------------------------------------------------------------
    def prize_list(self) -> tuple[list[PrizeRow], PrizeList] | None:
        """Money and tour points per player (None while no prize fund is set)."""
        rows = self._session.state
        if stored_fund(rows)[0] is None:
            return None
        return prize_list(rows, self._session.event, self._session.settings.playoff)

    def prize_currency(self) -> str | None:
        """The currency of the stored prize fund (None while no fund is set)."""
        fund = stored_fund(self._session.state)[0]
        return None if fund is None else fund.currency

    def prize_categories(self) -> tuple[tuple[str, ...], str]:
        """The announced category prizes as written, and the award rule's name."""
        categories, rule = stored_categories(self._session.state)
        return tuple(c.text() for c in categories), rule.value

    # -- the FIDE rating lists ------------------------------------------------------------
    def rating_type(self) -> RatingType:
        """The event's rating type: its setting, else its time control's, else standard."""
        return rating_type_of(self.event_settings(), self.tournament.info.time_control)

    @staticmethod
    def now() -> datetime:
        """The window's clock, local time with its offset (a test sets its own): what the
        play-off's start offers as the end of the last game (GCT 2023 article 3.2)."""
        return datetime.now().astimezone()

    today: Callable[[], date] = staticmethod(date.today)
    """The window's clock for the day (a test sets its own): whether FIDE has published a
    list newer than the newest imported is a question of the day."""

    def rating_lookup(self) -> ListLookup:
        """Players on the imported FIDE lists, as the event registers them (its rating type,
        the lists valid at its start)."""
        return ListLookup(
            self.rating_type(),
            self.tournament.info.start_date,
            sequence=rating_lists_of(self._session.state),
        )

    def member_lookup(self) -> MemberLookup | None:
        """US Chess members on the imported lists, for a US Chess event (the rule set of
        US Chess 34E, the one test every view asks: ``says_bye``); None for another event."""
        from arbiter_app.exports.pairings import says_bye

        if not says_bye(self.tournament):
            return None
        rating_type = str(self._session.state.setting("rating_type") or "")
        return MemberLookup(self.tournament.info, rating_type)

    def check_ratings(self) -> CheckReport:
        """The players whose rating differs from the list valid at the event's start."""
        paired = self.paired_rounds()
        return check_ratings(
            self.tournament,
            self.rating_type(),
            sequence=rating_lists_of(self._session.state),
            from_round=paired + 1 if paired else None,
            today=self.today(),
        )

    # -- the play-off -----------------------------------------------------------------------
    def playoff_state(self) -> PlayoffState | None:
        """The play-off recorded in the file, else the preview of the event's regulation."""
        event = self._session.event
        # The session builds a new event after every change: it keys the cache.
        if self._playoff is None or self._playoff[0] is not event:
            rows = self._session.state
            self._playoff = (event, stored_playoff(rows) or preview(rows, event))
        return self._playoff[1]

    def event_state(self) -> EventState:
        """Where the event stands (the core's read model: phase, rounds, play-off): every
        panel, the title and the status bar read it here."""
        return self._session.event_state
