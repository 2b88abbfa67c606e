"""Rows the panels show, computed once per change from the core event.

The Qt models only index into these tuples (DESIGN.md section 5: thin table
models over precomputed rows). Scores come from the core
(:meth:`Event.score`); nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbiter_app.core.model import Colour, EntryKind, Event, Outcome, RoundEntry
from arbiter_app.core.points import format_points
from arbiter_app.ui.document import GameResult


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


def player_rows(event: Event) -> tuple[PlayerRow, ...]:
    scores = event.scores()
    rows = []
    for p in event.players:
        if p.disqualified:
            status = "disqualified"
        elif p.withdrawn_from_round is not None:
            status = f"withdrawn from round {p.withdrawn_from_round}"
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


def _result_of(entry: RoundEntry, other: RoundEntry) -> GameResult | None:
    if entry.kind is EntryKind.GAME:
        return (
            {
                Outcome.WIN: GameResult.WHITE_WINS,
                Outcome.LOSS: GameResult.BLACK_WINS,
                Outcome.DRAW: GameResult.DRAW,
            }[entry.outcome]
            if entry.outcome
            else None
        )
    if entry.kind is EntryKind.FORFEIT_WIN:
        return GameResult.WHITE_FORFEIT_WIN
    if entry.kind is EntryKind.FORFEIT_LOSS and other.kind is EntryKind.FORFEIT_WIN:
        return GameResult.BLACK_FORFEIT_WIN
    return None


_UNPAIRED_TEXT = {
    EntryKind.PAIRING_BYE: "pairing-allocated bye",
    EntryKind.FULL_BYE: "full-point bye",
    EntryKind.HALF_BYE: "half-point bye",
    EntryKind.ZERO_BYE: "zero-point bye",
    EntryKind.NOT_PAIRED: "not paired",
    EntryKind.WITHDRAWN: "withdrawn",
}


def pairing_rows(event: Event, round_no: int) -> tuple[PairingRow, ...]:
    """The boards of *round_no* (White first), then the players without a game.

    Boards are listed by the lower pairing number of the two players, which is
    the board order of the Berger tables; players without a game follow.
    """
    names = {p.tpn: p.name for p in event.players}
    boards: list[tuple[int, int, int]] = []
    seen: set[int] = set()
    others: list[PairingRow] = []
    system = event.points_system_for(round_no)
    for p in event.players:
        entry = event.entry(p.tpn, round_no)
        if entry.kind.has_opponent and entry.opponent is not None:
            if p.tpn in seen:
                continue
            opp = entry.opponent
            seen.update((p.tpn, opp))
            white_first = entry.colour is not Colour.BLACK
            white, black = (p.tpn, opp) if white_first else (opp, p.tpn)
            boards.append((min(white, black), white, black))
        elif round_no <= event.rounds_played:
            points = format_points(entry.points(system))
            others.append(
                PairingRow(
                    None, p.tpn, p.name, None, "", f"{_UNPAIRED_TEXT[entry.kind]} ({points})", None
                )
            )
    rows = []
    for number, (_, white, black) in enumerate(sorted(boards), start=1):
        w_entry = event.entry(white, round_no)
        b_entry = event.entry(black, round_no)
        result = _result_of(w_entry, b_entry)
        if result is not None:
            text = result.label
        elif w_entry.kind is EntryKind.FORFEIT_LOSS and b_entry.kind is EntryKind.FORFEIT_LOSS:
            text = "- -"
        else:
            text = ""
        rows.append(
            PairingRow(
                number, white, names.get(white, "?"), black, names.get(black, "?"), text, result
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


_GRID_SYMBOL = {
    EntryKind.FORFEIT_WIN: "+",
    EntryKind.FORFEIT_LOSS: "-",
}


def _grid_symbol(entry: RoundEntry, event: Event, round_no: int) -> str:
    if entry.kind is EntryKind.GAME:
        return format_points(entry.points(event.points_system_for(round_no))) or "0"
    return _GRID_SYMBOL.get(entry.kind, "")


def _round_cell(entry: RoundEntry) -> str:
    """``+W9`` style: result sign, colour, opponent; byes by their TRF letter."""
    if entry.kind is EntryKind.GAME and entry.outcome is not None:
        sign = {Outcome.WIN: "+", Outcome.DRAW: "=", Outcome.LOSS: "-"}[entry.outcome]
        colour = "B" if entry.colour is Colour.BLACK else "W"
        return f"{sign}{colour}{entry.opponent}"
    if entry.kind.is_forfeit:
        sign = "+" if entry.kind is EntryKind.FORFEIT_WIN else "-"
        return f"{sign}F{entry.opponent if entry.opponent is not None else ''}"
    return {
        EntryKind.PAIRING_BYE: "PAB",
        EntryKind.FULL_BYE: "FPB",
        EntryKind.HALF_BYE: "HPB",
        EntryKind.ZERO_BYE: "ZPB",
        EntryKind.WITHDRAWN: "WD",
    }.get(entry.kind, "--")


def crosstable(event: Event) -> Table:
    """A round robin as a grid of opponents; a Swiss as one column per round."""
    players = event.players
    scores = event.scores()
    if event.system.is_round_robin:
        headers = ("No.", "Player", "Rating", *(str(p.tpn) for p in players), "Points")
        rows = []
        for p in players:
            cells: list[str] = []
            for q in players:
                if q.tpn == p.tpn:
                    cells.append("×")
                    continue
                marks = [
                    _grid_symbol(event.entry(p.tpn, r), event, r)
                    for r in range(1, event.rounds_played + 1)
                    if event.entry(p.tpn, r).opponent == q.tpn
                ]
                cells.append(" ".join(marks))
            rows.append(
                (
                    str(p.tpn),
                    p.name,
                    str(p.rating or ""),
                    *cells,
                    format_points(scores[p.tpn]),
                )
            )
        return Table(headers, tuple(rows), tuple(p.tpn for p in players))
    rounds = event.rounds_played
    headers = ("No.", "Player", "Rating", *(f"R{r}" for r in range(1, rounds + 1)), "Points")
    rows = [
        (
            str(p.tpn),
            p.name,
            str(p.rating or ""),
            *(_round_cell(event.entry(p.tpn, r)) for r in range(1, rounds + 1)),
            format_points(scores[p.tpn]),
        )
        for p in players
    ]
    return Table(headers, tuple(rows), tuple(p.tpn for p in players))


@dataclass(frozen=True, slots=True)
class StandingsTable:
    """The standings as shown: one row per player, tie-break columns marked.

    *tiebreak_columns* maps a column to the tie-break code it shows, so that a
    click on a value can ask the core for its explanation; *groups* gives, per
    row, the players tied on points with that row (the group DE-like
    tie-breaks are computed in).
    """

    table: Table
    tiebreak_columns: dict[int, str]
    groups: tuple[tuple[int, ...], ...]


def standings_table(event: Event) -> StandingsTable:
    """Rank, player, rating, points: every player in the order of the points scored.

    Players on equal points share the place (``1-3``); the tie-break columns
    come from the core standings read model.
    """
    scores = event.scores()
    active = [p for p in event.players if not p.disqualified]
    ordered = sorted(active, key=lambda p: (-scores[p.tpn], p.tpn))
    rows = []
    groups = []
    for p in ordered:
        group = tuple(q.tpn for q in ordered if scores[q.tpn] == scores[p.tpn])
        first = 1 + sum(1 for q in ordered if scores[q.tpn] > scores[p.tpn])
        last = first + len(group) - 1
        rank = str(first) if first == last else f"{first}-{last}"
        rows.append((rank, str(p.tpn), p.name, str(p.rating or ""), format_points(scores[p.tpn])))
        groups.append(group)
    table = Table(
        ("Rank", "No.", "Player", "Rating", "Points"),
        tuple(rows),
        tuple(p.tpn for p in ordered),
    )
    return StandingsTable(table, {}, tuple(groups))
