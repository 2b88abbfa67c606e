"""One section of an open event as the views read it: its event, settings, state and boards.

A :class:`SectionView` reads one section's rows (a
:class:`~arbiter_app.session.state.State`) and keeps what it built from them
(the core's event, each round's boards) until a command changes them, then
rebuilds only what the change touched: a result in a 1,000-player event
touches one round and two players.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter_app.core.event_state import EventState, RoundBoard
from arbiter_app.core.model import Event, Player, RoundEntry
from arbiter_app.core.pairing.boards import RoundPairing
from arbiter_app.core.result import ADJOURNED_LABEL, GameResult
from arbiter_app.session import queries
from arbiter_app.session.adjourned import adjourned_in
from arbiter_app.session.changes import Changes
from arbiter_app.session.codec import (
    EventSettings,
    entries_by_player,
    entry_from_row,
    event_from_state,
    players_from_state,
    settings_of,
)
from arbiter_app.session.state import State, Tx
from arbiter_app.session.tournament_state import event_state_of, round_boards, stored_playoff


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a round: who plays whom, and the result once entered."""

    round: int
    number: int
    white: int
    black: int
    result: GameResult | None
    adjourned: bool = False
    """The game is adjourned, or its result not known yet (checklist Q157): no result."""

    @property
    def result_label(self) -> str:
        """The result as the screen shows it, ``adj.`` for a game adjourned, "" for none."""
        if self.result is not None:
            return self.result.label
        return ADJOURNED_LABEL if self.adjourned else ""


class SectionView:
    """The read model of one section's rows; :meth:`forget` after each change to them.

    *title* is what sheets and screens call the section's event: the event's
    name, and the section's after it when the event has several.
    """

    def __init__(self, state: State, title: str | None = None) -> None:
        self._state = state
        self._title = title
        self._event: Event | None = None
        self._event_state: EventState | None = None
        # Each round's boards with whether their results are in: rebuilt only for the
        # rounds a command touched.
        self._boards_cache: dict[int, tuple[RoundBoard, ...]] | None = None
        self._stale_rounds: set[int] = set()
        self._entries_cache: dict[int, tuple[RoundEntry, ...]] | None = None
        self._stale: set[int] = set()
        self._players_cache: tuple[Player, ...] | None = None
        self._last_column: int | None = None

    @property
    def rows(self) -> State:
        """The section's rows themselves (not a copy: callers only read them)."""
        return self._state

    def retitle(self, title: str | None) -> None:
        if title != self._title:
            self._title = title
            self._event = None
            self._event_state = None

    @property
    def event(self) -> Event:
        """The section's tournament as it stands, as a core value."""
        if self._event is None:
            if self._entries_cache is None:
                self._entries_cache = entries_by_player(self._state)
            elif self._stale:
                fresh = entries_by_player(self._state, self._stale, self.last_column())
                for tpn in self._stale:
                    if tpn in fresh:
                        self._entries_cache[tpn] = fresh[tpn]
                    else:
                        self._entries_cache.pop(tpn, None)
            self._stale = set()
            if self._players_cache is None:
                self._players_cache = players_from_state(self._state)
            event = event_from_state(self._state, self._entries_cache, self._players_cache)
            if self._title is not None and self._title != event.info.name:
                event = replace(event, info=replace(event.info, name=self._title))
            self._event = event
        return self._event

    @property
    def settings(self) -> EventSettings:
        return settings_of(self._state)

    @property
    def event_state(self) -> EventState:
        """Where the section stands (the core's read model; every view asks it)."""
        if self._event_state is None:
            self._event_state = event_state_of(
                self._state, self.event, stored_playoff(self._state), boards=self._round_boards()
            )
        return self._event_state

    def _round_boards(self) -> dict[int, tuple[RoundBoard, ...]]:
        tables = self._state.tables
        if self._boards_cache is None:
            self._boards_cache = round_boards(tables["boards"], tables["entries"])
        elif self._stale_rounds:
            fresh = round_boards(tables["boards"], tables["entries"], self._stale_rounds)
            for round_no in self._stale_rounds:
                if round_no in fresh:
                    self._boards_cache[round_no] = fresh[round_no]
                else:
                    self._boards_cache.pop(round_no, None)
        self._stale_rounds = set()
        return self._boards_cache

    def boards(self, round_no: int) -> list[Board]:
        """The boards of *round_no* in board order, each with its result once entered."""
        boards = self._state.tables["boards"]
        adjourned = adjourned_in(self._state, round_no).get(round_no, ())
        # Only this round's boards are sorted: a big event holds thousands of boards.
        return [
            self._board(round_no, number, adjourned)
            for _, number in sorted(key for key in boards if key[0] == round_no)
        ]

    def board(self, round_no: int, number: int) -> Board | None:
        """Board *number* of *round_no* with its result (None: no such board)."""
        if (round_no, number) not in self._state.tables["boards"]:
            return None
        return self._board(round_no, number, adjourned_in(self._state, round_no).get(round_no, ()))

    def _board(self, round_no: int, number: int, adjourned: tuple[int, ...] = ()) -> Board:
        row = self._state.tables["boards"][(round_no, number)]
        entries = self._state.tables["entries"]
        white_row = entries.get((row["white"], round_no))
        black_row = entries.get((row["black"], round_no))
        result = GameResult.of_entries(
            entry_from_row(white_row) if white_row else None,
            entry_from_row(black_row) if black_row else None,
        )
        return Board(round_no, number, row["white"], row["black"], result, number in adjourned)

    def pairs(self, round_no: int) -> list[tuple[int, int, int]]:
        """The boards of *round_no* as (number, White, Black), without reading results."""
        boards = self._state.tables["boards"]
        return [
            (number, boards[(r, number)]["white"], boards[(r, number)]["black"])
            for r, number in sorted(key for key in boards if key[0] == round_no)
        ]

    def round_pairing(self, round_no: int) -> RoundPairing:
        """Round *round_no* as stored: its boards, and every other player as a bye."""
        return queries.round_pairing(Tx(self._state), round_no)

    def last_column(self) -> int:
        """The last game column that has a board or an entry (0 when there is none)."""
        if self._last_column is None:
            tables = self._state.tables
            boards = max((key[0] for key in tables["boards"]), default=0)
            entries = max((key[1] for key in tables["entries"]), default=0)
            self._last_column = max(boards, entries)
        return self._last_column

    def _keeps_last_column(self, changes: Changes) -> bool:
        """Whether the last column stays what it was: every row the change wrote is of an
        earlier round, or of that round and still there (a result typed), so no scan of a
        hundred thousand keys is needed to find it again."""
        last = self._last_column
        if last is None:
            return False
        tables = self._state.tables
        entries, boards = tables["entries"], tables["boards"]
        return all(
            k[1] < last or (k[1] == last and k in entries) for k in changes.rows.get("entries", ())
        ) and all(
            k[0] < last or (k[0] == last and k in boards) for k in changes.rows.get("boards", ())
        )

    def forget(self, changes: Changes) -> None:
        """Drop what the change made stale; players' entries are rebuilt only where touched."""
        self._event = None
        self._event_state = None
        if not self._keeps_last_column(changes):
            self._last_column = None
        if changes.touches("players"):
            self._boards_cache = None  # a renumbering rewrites every board
            self._players_cache = None
        else:
            self._stale_rounds.update(changes.rounds)
        cache = self._entries_cache
        if cache is None or not changes.touches("entries"):
            return
        self._stale.update(k[0] for k in changes.rows["entries"])
        if len(self._stale) > len(cache) // 2:
            self._entries_cache = None
            self._stale = set()
