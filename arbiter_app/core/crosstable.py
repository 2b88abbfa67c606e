"""Crosstables: the Swiss wall chart and the round-robin grid, as read models.

The screen, the printout and the exports draw the same rows (resources/architecture.md),
so this module decides every cell's text once:

- Swiss: one cell per round, opponent number, colour and result
  (``12w1``, ``5b½``); a forfeit shows ``+`` or ``-`` after the scheduled
  opponent when known (``7+``); rounds without a game show the C.07 article
  16 acronyms ``PAB`` (pairing-allocated bye), ``FPB``, ``HPB``, ``ZPB``,
  ``--`` (not paired) and ``WD`` (withdrawn); an event under the US Chess rules
  calls the odd player's point simply ``bye`` (US Chess 22B, 28L), as its pairings do.
- Round robin: a grid of players against players; each cell holds one
  result per cycle (two in a double round robin): ``1``, ``½``, ``0``, and
  ``+`` / ``-`` for a forfeit won or lost.

Results are printed in the round's own point system, so a Grand Chess Tour
rapid win shows ``2`` (GCT 2023 regulations).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbiter_app.core.model import EntryKind, Event, RoundEntry, RuleSet, System
from arbiter_app.core.points import format_points
from arbiter_app.core.standings import Standings

BYE_CODES: dict[EntryKind, str] = {
    EntryKind.PAIRING_BYE: "PAB",
    EntryKind.FULL_BYE: "FPB",
    EntryKind.HALF_BYE: "HPB",
    EntryKind.ZERO_BYE: "ZPB",
    EntryKind.NOT_PAIRED: "--",
    EntryKind.WITHDRAWN: "WD",
}

US_BYE_CODE = "bye"
"""The odd player's full point in an event under the US Chess rules (22B, 28L2), where
FIDE's crosstable says PAB."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One round of one player: the text shown and what it stands for."""

    text: str
    kind: EntryKind
    points: Fraction
    opponent: int | None = None
    """The opponent's number as shown (pairing number, or final rank when so numbered)."""


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    tpn: int
    number: int
    """The number that identifies the player in the table (pairing number or rank)."""
    name: str
    rating: int | None
    cells: tuple[Cell, ...]
    points: Fraction
    place: str = ""


@dataclass(frozen=True, slots=True)
class SwissCrosstable:
    rounds: int
    rows: tuple[CrosstableRow, ...]
    numbering: str
    """``"tpn"`` (opponents by pairing number) or ``"rank"`` (by final rank)."""


def _cell(event: Event, entry: RoundEntry, round_no: int, number: dict[int, int]) -> Cell:
    system = event.points_system_for(round_no)
    pts = entry.points(system)
    opp = number.get(entry.opponent) if entry.opponent is not None else None
    if entry.kind is EntryKind.GAME:
        colour = entry.colour.value if entry.colour is not None else ""
        return Cell(f"{opp}{colour}{format_points(pts)}", entry.kind, pts, opp)
    if entry.kind.is_forfeit:
        sign = "+" if entry.kind is EntryKind.FORFEIT_WIN else "-"
        return Cell(f"{opp if opp is not None else ''}{sign}", entry.kind, pts, opp)
    if entry.kind is EntryKind.PAIRING_BYE and event.effective_rule_set is RuleSet.USCF:
        return Cell(US_BYE_CODE, entry.kind, pts)
    return Cell(BYE_CODES[entry.kind], entry.kind, pts)


def swiss_crosstable(
    event: Event, standings: Standings | None = None, *, numbering: str = "tpn"
) -> SwissCrosstable:
    """The wall chart: in standings order when *standings* is given, else by pairing number.

    With ``numbering="rank"`` (needs *standings*) every player is numbered by
    his final rank and opponents are shown by that number, as many printed
    Swiss crosstables do; players left out of the standings (disqualified)
    follow the ranked ones and are numbered after them.
    """
    if numbering not in ("tpn", "rank"):
        raise ValueError(f"numbering must be 'tpn' or 'rank', not {numbering!r}")
    if numbering == "rank" and standings is None:
        raise ValueError("numbering by rank needs the standings")
    rounds = standings.after_round if standings is not None else event.rounds_played
    players = event.player_map()
    if standings is not None:
        order = [r.tpn for r in standings.rows] + [e.tpn for e in standings.excluded]
        places = {r.tpn: r.place for r in standings.rows}
    else:
        order = sorted(players)
        places = {}
    if numbering == "rank":
        number = {tpn: i for i, tpn in enumerate(order, start=1)}
    else:
        number = {tpn: tpn for tpn in players}
    scores = event.scores(rounds)
    rows = []
    for tpn in order:
        p = players[tpn]
        cells = tuple(
            _cell(event, e, r, number) for r, e in enumerate(event.entries_of(tpn, rounds), start=1)
        )
        rows.append(
            CrosstableRow(
                tpn,
                number[tpn],
                p.name,
                p.rating,
                cells,
                scores[tpn],
                places.get(tpn, ""),
            )
        )
    return SwissCrosstable(rounds, tuple(rows), numbering)


@dataclass(frozen=True, slots=True)
class GridRow:
    tpn: int
    name: str
    rating: int | None
    cells: tuple[tuple[str, ...] | None, ...]
    """One entry per column player: None on the diagonal, else one text per game scheduled."""
    points: Fraction
    place: str = ""


@dataclass(frozen=True, slots=True)
class RoundRobinGrid:
    order: tuple[int, ...]
    """Pairing numbers in row (and column) order."""
    cycles: int
    rows: tuple[GridRow, ...]


def _grid_text(event: Event, entry: RoundEntry, round_no: int) -> str:
    if entry.kind is EntryKind.FORFEIT_WIN:
        return "+"
    if entry.kind is EntryKind.FORFEIT_LOSS:
        return "-"
    return format_points(entry.points(event.points_system_for(round_no)))


def round_robin_grid(
    event: Event,
    standings: Standings | None = None,
    *,
    order: Sequence[int] | None = None,
) -> RoundRobinGrid:
    """The round-robin table: rows and columns by pairing number, or in standings order.

    A pairing that has not happened yet shows an empty text for that cycle.
    A double round robin shows two results per cell, first cycle first.
    """
    cycles = 2 if event.system is System.DOUBLE_ROUND_ROBIN else 1
    rounds = standings.after_round if standings is not None else event.rounds_played
    if order is None:
        order = [r.tpn for r in standings.rows] if standings is not None else []
        seen = set(order)
        order = list(order) + sorted(p.tpn for p in event.players if p.tpn not in seen)
    places = {r.tpn: r.place for r in standings.rows} if standings is not None else {}
    players = event.player_map()
    rows: list[GridRow] = []
    for tpn in order:
        met: dict[int, list[str]] = {}
        for r, e in enumerate(event.entries_of(tpn, rounds), start=1):
            if e.kind.has_opponent and e.opponent is not None:
                met.setdefault(e.opponent, []).append(_grid_text(event, e, r))
        cells: list[tuple[str, ...] | None] = []
        for other in order:
            if other == tpn:
                cells.append(None)
                continue
            got = met.get(other, [])
            cells.append(
                tuple(got + [""] * (cycles - len(got))) if len(got) < cycles else tuple(got)
            )
        p = players[tpn]
        rows.append(
            GridRow(
                tpn, p.name, p.rating, tuple(cells), event.score(tpn, rounds), places.get(tpn, "")
            )
        )
    return RoundRobinGrid(tuple(order), cycles, tuple(rows))
