"""The US wall chart: the posted record of a US Chess Swiss, by pairing number.

A US club posts the wall chart rather than FIDE's crosstable: the players in
the order of their pairing numbers (which follow the ratings in a Swiss), each
with the US Chess ID and rating beside the name, and one cell per round. Each round's cell is the result, the opponent's pairing
number, the colour and the running score:

- ``W12``, ``L5``, ``D3``: a game won, lost or drawn against that number;
- ``X12``, ``F12``: a forfeit won or lost against the scheduled opponent
  (``X---``, ``F---`` when the file does not say who);
- ``B---`` full-point bye (the pairing-allocated bye of rule 28L too),
  ``H---`` half-point bye, ``U---`` not played (a zero-point bye, absent,
  withdrawn);

then ``w`` or ``b`` for the colour of a game, and the score after the round
(``W12 w 2½``). A round not yet played is blank, and so is a game paired
whose result is not in yet (it would otherwise read as not played). The same
rows make the printed sheet and the HTML (:mod:`arbiter_app.exports.html`).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.core.model import Colour, EntryKind, Event, Outcome, Player, RoundEntry
from arbiter_app.core.points import format_points
from arbiter_app.exports.clock import time_control_field
from arbiter_app.exports.sheet import Align, Column, Paragraph, Sheet, Table

_LETTER = {Outcome.WIN: "W", Outcome.LOSS: "L", Outcome.DRAW: "D"}
_NONE = "---"
_NO_OPPONENT = {
    EntryKind.PAIRING_BYE: "B",
    EntryKind.FULL_BYE: "B",
    EntryKind.HALF_BYE: "H",
    EntryKind.ZERO_BYE: "U",
    EntryKind.NOT_PAIRED: "U",
    EntryKind.WITHDRAWN: "U",
}


def result_code(entry: RoundEntry) -> str:
    """The first part of a cell: ``W12``, ``X12``, ``B---`` … (module docstring)."""
    if entry.kind is EntryKind.GAME:
        assert entry.outcome is not None
        return f"{_LETTER[entry.outcome]}{entry.opponent}"
    if entry.kind in (EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS):
        letter = "X" if entry.kind is EntryKind.FORFEIT_WIN else "F"
        return f"{letter}{entry.opponent if entry.opponent is not None else _NONE}"
    return _NO_OPPONENT[entry.kind] + _NONE


def cell(event: Event, tpn: int, round_no: int) -> str:
    """The wall chart's cell of player *tpn* in round *round_no*: ``W12 w 2½``."""
    entry = event.entry(tpn, round_no)
    parts = [result_code(entry)]
    if entry.kind is EntryKind.GAME and entry.colour is not None:
        parts.append("w" if entry.colour is Colour.WHITE else "b")
    parts.append(format_points(event.score(tpn, round_no)))
    return " ".join(parts)


@dataclass(frozen=True, slots=True)
class WallChartRow:
    number: int
    name: str
    member_id: str
    rating: str
    cells: tuple[str, ...]
    total: str


def _rating(p: Player) -> str:
    rating = p.national_rating or p.rating
    return str(rating) if rating else "unr."


Pending = frozenset[tuple[int, int]]
"""(round, pairing number) of the players whose game of that round has no result yet."""


def wall_chart_rows(event: Event, pending: Pending = frozenset()) -> tuple[WallChartRow, ...]:
    """One row per player, by pairing number, with a cell for each round played."""
    played = event.rounds_played
    return tuple(
        WallChartRow(
            p.tpn,
            p.name,
            p.national_id,
            _rating(p),
            tuple(
                "" if (r, p.tpn) in pending else cell(event, p.tpn, r) for r in range(1, played + 1)
            )
            + ("",) * (event.rounds - played),
            format_points(event.score(p.tpn)),
        )
        for p in sorted(event.players, key=lambda p: p.tpn)
    )


LEGEND = (
    "Each round: the result and the opponent's pairing number (W win, L loss, D draw, "
    "X forfeit win, F forfeit loss), the colour (w/b) and the score after the round; "
    "B--- full-point bye, H--- half-point bye, U--- not played."
)


def wall_chart_sheet(event: Event, pending: Pending = frozenset()) -> Sheet:
    """The wall chart of a US Swiss (module docstring), by pairing number."""
    rounds = event.rounds
    per_round = max(6, 60 // max(rounds, 1))
    columns = (
        Column("No", Align.RIGHT, 4),
        Column("Name", Align.LEFT, max(18, 64 - per_round * rounds), nowrap=True),
        Column("US Chess ID", Align.LEFT, 9),
        Column("Rtg", Align.RIGHT, 5),
        *(Column(f"Rd {r}", Align.CENTER, per_round, nowrap=True) for r in range(1, rounds + 1)),
        Column("Total", Align.CENTER, 5),
    )
    rows = tuple(
        (str(r.number), r.name, r.member_id, r.rating, *r.cells, r.total)
        for r in wall_chart_rows(event, pending)
    )
    return Sheet(
        title="Wall chart",
        event=event.name,
        header=(("Rounds", str(rounds)), *time_control_field(event.info)),
        blocks=(Table(columns, rows, small=rounds > 5), Paragraph(LEGEND, small=True)),
        landscape=rounds > 4,
        footer="Wall chart",
    )
