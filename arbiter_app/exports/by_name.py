"""Pairings by name: "where do I play?", every player of a round in alphabetical order.

The list posted beside the pairing sheet at a Swiss: a player finds their own
name, not their board, so each line gives the name, the board, the colour and
the opponent; the players without a game say what they have instead (a bye,
a requested bye). Built from the same :class:`~arbiter_app.exports.pairings.RoundSheet`
as the pairing list, so the two never disagree; the window's panel, the
printed sheet and the projector all show these rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.core.points import format_points
from arbiter_app.core.ratinglist import name_key
from arbiter_app.core.words import count
from arbiter_app.exports.pairings import RoundSheet, Seat, bye_words, clock_fields
from arbiter_app.exports.sheet import Align, Column, Sheet, Table


@dataclass(frozen=True, slots=True)
class NameRow:
    """One player's line: where they play, with which colour, against whom."""

    tpn: int
    name: str
    score: str
    board: str
    colour: str
    opponent: str


def by_name_rows(rs: RoundSheet, *, us_chess: bool | None = None) -> tuple[NameRow, ...]:
    """Everyone of round *rs* in alphabetical order (accents and case aside), ties by number."""
    rows: list[tuple[str, NameRow]] = []
    us_chess = rs.us_chess if us_chess is None else us_chess

    def line(seat: Seat, board: str, colour: str, opponent: str) -> tuple[str, NameRow]:
        # Sorted under the surname, not under the title ("GM").
        row = NameRow(seat.tpn, seat.label, format_points(seat.score), board, colour, opponent)
        return name_key(seat.name), row

    for b in rs.boards:
        rows.append(line(b.white, str(b.board), "White", f"{b.black.label} ({b.black.tpn})"))
        rows.append(line(b.black, str(b.board), "Black", f"{b.white.label} ({b.white.tpn})"))
    for bye in rs.byes:
        rows.append(line(bye.seat, "–", "", bye_words(bye.kind, us_chess=us_chess)))
    rows.sort(key=lambda kr: (kr[0], kr[1].tpn))
    return tuple(row for _, row in rows)


def pairings_by_name_sheet(rs: RoundSheet, *, us_chess: bool | None = None) -> Sheet:
    """The "where do I play?" list of a round, for the wall beside the pairings."""
    rows = by_name_rows(rs, us_chess=us_chess)
    table = Table(
        (
            Column("Player", Align.LEFT, 36),
            Column("No", Align.RIGHT, 6),
            Column("Pts", Align.CENTER, 6),
            Column("Board", Align.RIGHT, 8),
            Column("Colour", Align.LEFT, 10),
            Column("Opponent", Align.LEFT, 34),
        ),
        tuple((r.name, str(r.tpn), r.score, r.board, r.colour, r.opponent) for r in rows),
    )
    return Sheet(
        title=f"Pairings by name — {rs.said.lower()}",
        event=rs.event,
        subtitle=rs.said_of if rs.rounds else "",
        header=clock_fields(rs),
        blocks=(table,),
        footer=f"{count(len(rows), 'player')} in alphabetical order; "
        "Pts = score before the round; No = pairing number",
    )
