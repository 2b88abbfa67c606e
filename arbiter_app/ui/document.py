"""The open event as the GUI sees it: one object that runs actions and says what changed.

Every action of the window goes through :class:`EventDocument`. It asks its
backend to do the work and emits :attr:`EventDocument.changed` with a
:class:`Changes` report; panels look at the report and refresh only what they
show (the Anki way: an operation reports what changed, views refresh from the
report).

The backend is the session layer when a file is open
(:mod:`arbiter_app.ui.session_backend`);
:mod:`arbiter_app.ui.memory_backend` keeps an event that has no file yet.

Risky actions are asked about here, for every action alike: when the session
answers with FIDE C.02 questions (level 3 or 4), the document puts them to the
arbiter through :class:`~arbiter_app.ui.dialogs.warning_levels.WarningDialogs`
and runs the action again with the answer; level-2 notices are shown after the
action. A cancelled question changes nothing and reports ``cancelled``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from arbiter_app.core.event_state import EventState, event_state
from arbiter_app.core.model import (
    Colour,
    Event,
    RuleSet,
)
from arbiter_app.core.pairing.numbers import Numbering
from arbiter_app.core.playoff import PlayoffState
from arbiter_app.core.playoff import preset as playoff_preset
from arbiter_app.core.playoff.results import PrizeRow
from arbiter_app.core.prizes import PrizeList
from arbiter_app.core.ratinglist import RatingType
from arbiter_app.core.warning_levels import Alert, Confirmation, ConfirmationNeeded
from arbiter_app.session.pairing import Compute as Compute
from arbiter_app.session.rating_lookup import (
    CheckReport,
    ListLookup,
    check_ratings,
    rating_type_of,
)
from arbiter_app.ui.dialogs.warning_levels import WarningDialogs


@dataclass(frozen=True, slots=True)
class Changes:
    """What an action changed; views refresh the parts that are set."""

    event: bool = False
    """A different event was opened (everything must be rebuilt)."""
    players: bool = False
    results: bool = False
    settings: bool = False
    playoff: bool = False
    rounds: frozenset[int] = frozenset()
    """The rounds whose results changed (empty when unknown or not applicable)."""
    notices: tuple[Alert, ...] = ()
    """Level-2 notices (FIDE C.02) the action gave, to be shown to the arbiter."""
    cancelled: bool = False
    """The arbiter cancelled a question the action asked: nothing was done."""

    @property
    def anything(self) -> bool:
        return self.event or self.players or self.results or self.settings or self.playoff

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            self.event or other.event,
            self.players or other.players,
            self.results or other.results,
            self.settings or other.settings,
            self.playoff or other.playoff,
            self.rounds | other.rounds,
            self.notices + other.notices,
            self.cancelled or other.cancelled,
        )


EVERYTHING = Changes(event=True, players=True, results=True, settings=True, playoff=True)


class GameResult(enum.Enum):
    """A board's result as the arbiter types it, from White's side.

    The key is the one typed in the pairings panel: ``1`` White wins, ``0``
    Black wins, ``=`` draw (also ``5`` or ``½``, as other programs take it),
    ``+`` White wins by forfeit, ``-`` Black wins by forfeit, ``x`` (or ``*``)
    neither player came: a double forfeit, both lose.
    """

    WHITE_WINS = "1"
    BLACK_WINS = "0"
    DRAW = "="
    WHITE_FORFEIT_WIN = "+"
    BLACK_FORFEIT_WIN = "-"
    DOUBLE_FORFEIT = "x"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @classmethod
    def from_key(cls, text: str) -> GameResult | None:
        text = text.lower()
        for result in cls:
            if result.value == text:
                return result
        return _OTHER_KEYS.get(text)


_LABELS = {
    GameResult.WHITE_WINS: "1-0",
    GameResult.BLACK_WINS: "0-1",
    GameResult.DRAW: "½-½",
    GameResult.WHITE_FORFEIT_WIN: "+ -",
    GameResult.BLACK_FORFEIT_WIN: "- +",
    GameResult.DOUBLE_FORFEIT: "- -",
}

_OTHER_KEYS = {"5": GameResult.DRAW, "½": GameResult.DRAW, "*": GameResult.DOUBLE_FORFEIT}


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


@dataclass(frozen=True, slots=True)
class BoardLine:
    """A board as paired: its number, White and Black (the result is in the event)."""

    number: int
    white: int
    black: int


class Backend(Protocol):
    """What the document needs from whatever holds the event."""

    @property
    def event(self) -> Event: ...

    @property
    def standings_options(self) -> StandingsOptions: ...

    def set_standings_options(self, options: StandingsOptions) -> Changes: ...

    def playoff_state(self) -> PlayoffState | None:
        """The play-off as recorded, or the one the regulation would hold now (a preview)."""
        ...

    def event_state(self) -> EventState:
        """Where the event stands (the core's read model: phase, rounds, play-off)."""
        ...

    def playoff_command(self, name: str, args: Mapping[str, object]) -> Changes:
        """Run the session's play-off command ``playoff.<name>`` with *args*."""
        ...

    @property
    def path(self) -> Path | None: ...

    @property
    def modified(self) -> bool: ...

    def set_result(self, round_no: int, white: int, black: int, result: GameResult) -> Changes: ...

    def add_player(self, fields: Mapping[str, object]) -> Changes: ...

    def boards(self, round_no: int) -> tuple[BoardLine, ...] | None:
        """The boards as paired (None: read them from the round entries)."""
        ...

    def paired_rounds(self) -> int:
        """The last round with pairings (games may still wait for their results)."""
        ...

    def pair_next_round(
        self, initial_colour: Colour | None = None, compute_with: Compute | None = None
    ) -> Changes:
        """Pair the round after the last one paired, and record it.

        *initial_colour* is the colour drawn by lot for the top-ranked player
        in round 1 (FIDE C.04.3 article 5.2.5). *compute_with*, when given,
        runs the pairing engine's computation (beside a progress bar).
        """
        ...

    def prize_list(self) -> tuple[list[PrizeRow], PrizeList] | None:
        """Money and tour points per player (None while no prize fund is set)."""
        ...

    def set_prize_fund(self, amounts: Sequence[str], currency: str) -> Changes:
        """Store the place prizes, first place first."""
        ...

    def prize_currency(self) -> str | None:
        """The currency of the stored prize fund (None while no fund is set)."""
        ...

    def prize_categories(self) -> tuple[tuple[str, ...], str]:
        """The announced category prizes as written, and the award rule's name."""
        ...

    def set_prize_categories(self, categories: Sequence[str], rule: str) -> Changes:
        """Announce the category prizes (one ``NAME: CONDITION: PRIZES`` each) and the rule."""
        ...

    def undo(self) -> Changes: ...

    def redo(self) -> Changes: ...

    def undo_label(self) -> str | None: ...

    def redo_label(self) -> str | None: ...

    def close(self) -> None: ...

    def confirming(self, answer: Confirmation) -> AbstractContextManager[None]:
        """Run the actions inside with *answer* to the questions they ask (FIDE C.02)."""
        ...

    # -- players --
    def edit_player(self, tpn: int, fields: Mapping[str, object]) -> Changes:
        """Change the typed-in fields of player *tpn* (name, rating, title, …)."""
        ...

    def late_entry(self, fields: Mapping[str, object], missed: str) -> Changes:
        """Register a player after rounds were paired.

        *missed* is what the rounds already paired count as: ``not-paired`` (0),
        ``half-bye`` or ``zero-bye``.
        """
        ...

    def withdraw_player(self, tpn: int, from_round: int) -> Changes:
        """Player *tpn* is not paired from *from_round* on; earlier results stay."""
        ...

    def disqualify_player(self, tpn: int) -> Changes:
        """Player *tpn* leaves the standings; no score changes (the online Swiss rules)."""
        ...

    def reinstate_player(self, tpn: int) -> Changes:
        """Cancel a withdrawal or a disqualification."""
        ...

    def set_pairing_numbers(
        self, by: str, order: Sequence[int] = (), witnesses: Sequence[str] = ()
    ) -> Changes:
        """Renumber the players ``by`` ``rating``, ``lot`` (a recorded draw), ``draw`` (a
        physical draw: *order* as drawn, with its *witnesses*) or ``order`` (by hand)."""
        ...

    def requested_bye(self, tpn: int, round_no: int, kind: str) -> Changes:
        """Record a requested bye (``half``, ``full``, ``zero``) or cancel it (``none``)."""
        ...

    def import_players(self, players: Sequence[Mapping[str, object]], source: str) -> Changes:
        """Register a whole list (a CSV file's players) at once: every player, or none."""
        ...

    # -- pairings and play-off --
    def change_pairing(self, round_no: int, board: int, white: int, black: int) -> Changes:
        """Put *white* and *black* on *board* of *round_no* by hand.

        Refused (RuleError, nothing changed) when the board has a result; a
        change that breaks pairing rules asks first (a level-3 question).
        """
        ...

    # -- event settings --
    def event_settings(self) -> dict[str, object]:
        """The event's settings, keyed and valued as the session's ``edit_settings`` takes them."""
        ...

    def edit_settings(self, values: Mapping[str, object]) -> Changes:
        """Change the settings in *values* (keys of ``edit_settings``) in one step."""
        ...


class EventDocument(QObject):
    """The event open in a window; emits :attr:`changed` after every action."""

    changed = Signal(object)
    """Carries the :class:`Changes` report of the action just done."""

    def __init__(self, backend: Backend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self.warnings = WarningDialogs()
        """Puts the questions of every action to the arbiter (the window sets its parent)."""

    @property
    def backend(self) -> Backend:
        return self._backend

    @property
    def tournament(self) -> Event:
        """The event as it stands now (``event`` is QObject's event handler, hence the name)."""
        return self._backend.event

    @property
    def path(self) -> Path | None:
        return self._backend.path

    @property
    def modified(self) -> bool:
        return self._backend.modified

    @property
    def file_warnings(self) -> tuple[str, ...]:
        """What is wrong with the open file that still lets it be read (the session says;
        an event with no file has nothing to warn about)."""
        return tuple(getattr(self._backend, "file_warnings", ()))

    def replace_backend(self, backend: Backend) -> None:
        """Open another event in this window (the previous one is closed)."""
        previous, self._backend = self._backend, backend
        if previous is not backend:
            previous.close()
        self.changed.emit(EVERYTHING)

    def close(self) -> None:
        self._backend.close()

    def _report(self, changes: Changes) -> Changes:
        if changes.anything:
            self.changed.emit(changes)
        return changes

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
            with self._backend.confirming(answer):
                changes = action()
        report = self._report(changes)
        if changes.notices:
            self.warnings.acknowledge(changes.notices)
        return report

    @property
    def standings_options(self) -> StandingsOptions:
        return self._backend.standings_options

    def set_standings_options(self, options: StandingsOptions) -> Changes:
        return self._act(lambda: self._backend.set_standings_options(options))

    def playoff_state(self) -> PlayoffState | None:
        return self._backend.playoff_state()

    def event_state(self) -> EventState:
        """Where the event stands: every panel, the title and the status bar read it here."""
        reader = getattr(self._backend, "event_state", None)
        if reader is not None:
            state: EventState = reader()
            return state
        # An event without a file keeps results only (no boards, no play-off record):
        # the same core read model, from what it has.
        options = self.standings_options
        regulation = (
            playoff_preset(options.playoff_regulation) if options.playoff_regulation else None
        )
        return event_state(
            self.tournament,
            None,
            numbering=Numbering.UNRECORDED,
            tiebreaks=options.tiebreaks,
            regulation=regulation,
        )

    def boards(self, round_no: int) -> tuple[BoardLine, ...] | None:
        return self._backend.boards(round_no)

    def prize_list(self) -> tuple[list[PrizeRow], PrizeList] | None:
        return self._backend.prize_list()

    def set_prize_fund(self, amounts: Sequence[str], currency: str) -> Changes:
        return self._act(lambda: self._backend.set_prize_fund(amounts, currency))

    def prize_currency(self) -> str | None:
        return self._backend.prize_currency()

    def prize_categories(self) -> tuple[tuple[str, ...], str]:
        return self._backend.prize_categories()

    def set_prize_categories(self, categories: Sequence[str], rule: str) -> Changes:
        return self._act(lambda: self._backend.set_prize_categories(categories, rule))

    def paired_rounds(self) -> int:
        return self._backend.paired_rounds()

    def pair_next_round(
        self, initial_colour: Colour | None = None, compute_with: Compute | None = None
    ) -> Changes:
        return self._act(lambda: self._backend.pair_next_round(initial_colour, compute_with))

    def playoff_command(self, name: str, args: Mapping[str, object]) -> Changes:
        return self._act(lambda: self._backend.playoff_command(name, args))

    def set_result(self, round_no: int, white: int, black: int, result: GameResult) -> Changes:
        return self._act(lambda: self._backend.set_result(round_no, white, black, result))

    def add_player(self, fields: Mapping[str, object]) -> Changes:
        return self._act(lambda: self._backend.add_player(fields))

    def undo(self) -> Changes:
        return self._report(self._backend.undo())

    def redo(self) -> Changes:
        return self._report(self._backend.redo())

    def undo_label(self) -> str | None:
        return self._backend.undo_label()

    def redo_label(self) -> str | None:
        return self._backend.redo_label()

    # -- players --
    def edit_player(self, tpn: int, fields: Mapping[str, object]) -> Changes:
        return self._act(lambda: self._backend.edit_player(tpn, fields))

    def late_entry(self, fields: Mapping[str, object], missed: str) -> Changes:
        return self._act(lambda: self._backend.late_entry(fields, missed))

    def withdraw_player(self, tpn: int, from_round: int) -> Changes:
        return self._act(lambda: self._backend.withdraw_player(tpn, from_round))

    def disqualify_player(self, tpn: int) -> Changes:
        return self._act(lambda: self._backend.disqualify_player(tpn))

    def reinstate_player(self, tpn: int) -> Changes:
        return self._act(lambda: self._backend.reinstate_player(tpn))

    def set_pairing_numbers(
        self, by: str, order: Sequence[int] = (), witnesses: Sequence[str] = ()
    ) -> Changes:
        if witnesses and self.path is not None:
            # The witnesses go into the file's journal (an event without a file has none
            # and refuses numbering itself).
            return self._act(lambda: self._backend.set_pairing_numbers(by, order, witnesses))
        return self._act(lambda: self._backend.set_pairing_numbers(by, order))

    def requested_bye(self, tpn: int, round_no: int, kind: str) -> Changes:
        return self._act(lambda: self._backend.requested_bye(tpn, round_no, kind))

    def import_players(self, players: Sequence[Mapping[str, object]], source: str) -> Changes:
        return self._act(lambda: self._backend.import_players(players, source))

    # -- pairings and play-off --
    def change_pairing(self, round_no: int, board: int, white: int, black: int) -> Changes:
        return self._act(lambda: self._backend.change_pairing(round_no, board, white, black))

    # -- event settings --
    def event_settings(self) -> dict[str, object]:
        return self._backend.event_settings()

    def edit_settings(self, values: Mapping[str, object]) -> Changes:
        return self._act(lambda: self._backend.edit_settings(values))

    # -- the FIDE rating lists --
    def rating_type(self) -> RatingType:
        """The event's rating type: its setting, else its time control's, else standard."""
        return rating_type_of(self.event_settings(), self.tournament.info.time_control)

    def rating_lookup(self) -> ListLookup:
        """Players on the imported FIDE lists, as the event registers them (its rating type,
        the lists valid at its start)."""
        return ListLookup(self.rating_type(), self.tournament.info.start_date)

    def check_ratings(self) -> CheckReport:
        """The players whose rating differs from the list valid at the event's start."""
        return check_ratings(self.tournament, self.rating_type())
