"""Rows the panels show, computed once per change from the core read models.

The Qt models only index into these tuples (resources/architecture.md: thin table
models over precomputed rows). Scores, standings and crosstables come from
the core (:mod:`arbiter_app.core.standings`, :mod:`arbiter_app.core.crosstable`);
nothing here decides a rule, and the printout uses the same rows as the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from arbiter_app.core.crosstable import round_robin_grid, swiss_crosstable
from arbiter_app.core.current_standings import standings_now
from arbiter_app.core.event_state import EventState, event_state
from arbiter_app.core.model import EntryKind, Event
from arbiter_app.core.pairing.numbers import Numbering
from arbiter_app.core.points import format_points
from arbiter_app.core.result import GameResult
from arbiter_app.core.standings import Standings
from arbiter_app.core.tiebreaks.reuse import on_forget
from arbiter_app.core.words import bye_words
from arbiter_app.exports.pairings import says_bye
from arbiter_app.session import Board
from arbiter_app.ui.document import StandingsOptions


@dataclass(frozen=True, slots=True)
class PlayerRow:
    tpn: int
    name: str
    title: str
    rating: int | None
    federation: str
    fide_id: str
    score: Fraction
    status: str
    national_id: str = ""
    """The national ID: a US Chess event shows it (the US Chess ID) where FIDE's shows the
    FIDE ID."""


def player_rows(event: Event) -> tuple[PlayerRow, ...]:
    scores = event.scores()
    rows = []
    for p in event.players:
        if p.disqualified:
            status = "disqualified"
        elif p.withdrawn_from_round is not None:
            status = f"withdrawn from round {event.system.rounds_in(p.withdrawn_from_round)}"
        else:
            status = "active"
        rows.append(
            PlayerRow(
                p.tpn,
                p.name,
                p.title,
                p.rating,
                p.federation,
                p.fide_id,
                scores[p.tpn],
                status,
                p.national_id.strip(),
            )
        )
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class PairingRow:
    """One board of a round, or one player without a game (a bye, an absence)."""

    board: int | None
    white: int
    white_name: str
    black: int | None
    black_name: str
    result_text: str
    result: GameResult | None

    @property
    def is_board(self) -> bool:
        return self.black is not None


def pairing_rows(event: Event, round_no: int, boards: Sequence[Board]) -> tuple[PairingRow, ...]:
    """The boards of *round_no* as paired (White first), then the players without a game."""
    # A US Chess event says "bye" where FIDE says "pairing-allocated bye" (US Chess 22C).
    us_chess = says_bye(event)

    def unpaired(kind: EntryKind) -> str:
        return bye_words(kind, us_chess=us_chess)

    names = {p.tpn: p.name for p in event.players}
    system = event.points_system_for(round_no)
    rows = []
    on_board: set[int] = set()
    for board in boards:
        on_board.update((board.white, board.black))
        result = board.result
        # "adj." for a game adjourned (checklist Q157): still without a result.
        text = board.result_label
        rows.append(
            PairingRow(
                board.number,
                board.white,
                names.get(board.white, "?"),
                board.black,
                names.get(board.black, "?"),
                text,
                result,
            )
        )
    others = []
    if rows or round_no <= event.rounds_played:
        for p in event.players:
            entry = event.entry(p.tpn, round_no)
            if p.tpn in on_board or entry.kind.has_opponent:
                continue
            points = format_points(entry.points(system))
            others.append(
                PairingRow(
                    None, p.tpn, p.name, None, "", f"{unpaired(entry.kind)} ({points})", None
                )
            )
    return (*rows, *others)


@dataclass(frozen=True, slots=True)
class Table:
    """A grid with headers: what the crosstable and the standings show."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    keys: tuple[int, ...]
    """The pairing number each row is about."""


def _rating(rating: int | None) -> str:
    return str(rating) if rating else ""


def crosstable(event: Event, standings: Standings | None = None) -> Table:
    """The core crosstable read model as a grid of text.

    A round robin is the grid of players against players in pairing-number
    order; a Swiss is the wall chart in standings order when *standings* is
    given. With *standings*, the event's tie-break values follow the points, in the
    announced order, each column headed by its FIDE code (C.07), as the printed
    crosstable has them.
    """
    codes = standings.codes if standings is not None else ()
    values = {r.tpn: r.values for r in standings.rows} if standings is not None else {}

    def tiebreaks(tpn: int) -> tuple[str, ...]:
        assert standings is not None or not codes
        found = values.get(tpn)
        if found is None or standings is None:
            return tuple("" for _ in codes)  # not ranked (disqualified)
        return tuple(standings.format_value(code, found[code]) for code in codes)

    if event.system.is_round_robin:
        grid = round_robin_grid(event, order=sorted(p.tpn for p in event.players))
        headers = ("No.", "Player", "Rating", *(str(t) for t in grid.order), "Points", *codes)
        rows = [
            (
                str(row.tpn),
                row.name,
                _rating(row.rating),
                *("×" if cell is None else " ".join(cell).strip() for cell in row.cells),
                format_points(row.points),
                *tiebreaks(row.tpn),
            )
            for row in grid.rows
        ]
        return Table(headers, tuple(rows), tuple(row.tpn for row in grid.rows))
    chart = swiss_crosstable(event, standings)
    headers = (
        "No.",
        "Player",
        "Rating",
        *(f"R{event.system.column_label(r)}" for r in range(1, chart.rounds + 1)),
        "Points",
        *codes,
    )
    rows = [
        (
            str(row.number),
            row.name,
            _rating(row.rating),
            *(cell.text for cell in row.cells),
            format_points(row.points),
            *tiebreaks(row.tpn),
        )
        for row in chart.rows
    ]
    return Table(headers, tuple(rows), tuple(row.tpn for row in chart.rows))


@dataclass(frozen=True)
class StandingsTable:
    """The core standings as shown: one row per ranked player, tie-break columns marked.

    *tiebreak_columns* maps a column to the tie-break code it shows, so that a
    click on a value can ask the core for its explanation
    (:meth:`Standings.explain`).
    """

    table: Table
    tiebreak_columns: dict[int, str]
    standings: Standings | None

    @property
    def excluded(self) -> str:
        """Who is not ranked and why, in one line ("" when everyone is)."""
        if self.standings is None:
            return ""
        return "; ".join(f"{e.name}: {e.reason}" for e in self.standings.excluded)


EMPTY_STANDINGS = StandingsTable(Table((), (), ()), {}, None)

PLAYOFF_PENDING = "play-off"
PLAYOFF_DECIDED = "place by play-off"
"""The note of a player whose place the play-off decided (FIDE C.07 3.1.1; the printed
standings mark it ``*``)."""
GAME_PENDING = "pending"
"""The note of a player whose game of the round in progress has no result yet."""


_last: list[tuple[Event, tuple[object, ...], StandingsTable]] = []


def standings_table(
    event: Event,
    options: StandingsOptions,
    playoff_order: tuple[int, ...] = (),
    *,
    state: EventState | None = None,
    provisional: bool = False,
) -> StandingsTable:
    """Place, player, rating, points and the announced tie-breaks, from the core standings.

    The standings are those the event's *state* says (after the last complete
    round; with *provisional*, the round in progress with its unfinished games
    pending); without a state, every round with results counts as complete.
    *playoff_order* is the play-off's finishing order once it has placed
    players. The last table is kept: every panel, the projector and the
    printout ask for the same event after a change, and it is computed once.
    """
    key = (options, playoff_order, state, provisional)
    if _last and _last[0][0] is event and _last[0][1] == key:
        return _last[0][2]
    if state is None:
        state = event_state(event, None, numbering=Numbering.UNRECORDED)
    table = _standings_table(event, state, options, playoff_order, provisional)
    _last[:] = [(event, key, table)]
    return table


def _formatted(
    values: Sequence[Fraction | None], format_value: Callable[[Fraction], str]
) -> list[str]:
    """*values* as text, each distinct value formatted once ("" for a missing value)."""
    shown: dict[tuple[int, int], str] = {}
    out = []
    for value in values:
        if value is None:
            out.append("")
            continue
        key = value.as_integer_ratio()
        text = shown.get(key)
        if text is None:
            text = shown[key] = format_value(value)
        out.append(text)
    return out


def _standings_table(
    event: Event,
    state: EventState,
    options: StandingsOptions,
    playoff_order: tuple[int, ...],
    provisional: bool,
) -> StandingsTable:
    standings = standings_now(
        event,
        state,
        options.tiebreaks,
        provisional=provisional,
        rule_set=options.rule_set,
        playoff_places=options.playoff_places,
        playoff_order=playoff_order,
        playoff_after=options.playoff_after,
    )
    if _shown and _shown[0][0] is standings:
        # A result of the round in progress leaves the standings after the last complete
        # round as they were (the core hands out the same standings): the same table.
        return _shown[0][1]
    table = _table_of(standings)
    _shown[:] = [(standings, table)]
    return table


_shown: list[tuple[Standings, StandingsTable]] = []
on_forget(_last.clear)
on_forget(_shown.clear)


def _table_of(standings: Standings) -> StandingsTable:
    codes = standings.codes
    pending = any(row.playoff_pending or row.pending or row.by_playoff for row in standings.rows)
    headers = ("Place", "No.", "Player", "Rating", "Points", *codes)
    if pending:
        headers = (*headers, "Note")
    # Values repeat down a long table (scores, Buchholz sums): each is formatted once per
    # column, keyed by integers (hashing a Fraction costs more than formatting a small one).
    ranked = standings.rows
    columns = [_formatted([row.points for row in ranked], format_points)]
    for code in codes:
        values = [row.values.get(code) for row in ranked]
        # One number format a column, as the printout and the exports (Standings.format_value).
        columns.append(_formatted(values, partial(standings.format_value, code)))
    rows = []
    for row, *texts in zip(ranked, *columns, strict=True):
        # Withdrawn players are marked (FIDE C.02, withdrawals), as on the sheets.
        name = row.name + (" (withdrawn)" if row.withdrawn else "")
        cells = [row.place, str(row.tpn), name, _rating(row.rating), *texts]
        if pending:
            note = (
                PLAYOFF_DECIDED
                if row.by_playoff
                else PLAYOFF_PENDING
                if row.playoff_pending
                else GAME_PENDING
                if row.pending
                else ""
            )
            cells.append(note)
        rows.append(tuple(cells))
    table = Table(headers, tuple(rows), tuple(row.tpn for row in standings.rows))
    first = 5
    return StandingsTable(table, {first + i: code for i, code in enumerate(codes)}, standings)
