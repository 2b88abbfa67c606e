"""A round's lists for the screen and the wall: by board and by name, as the sheets print them.

Both come from the round as stored (:func:`arbiter_app.exports.pairings.round_from_boards`),
the same read model as the printed pairings and pairings-by-name sheets, so
the panel, the projector and the paper never disagree.
"""

from __future__ import annotations

from arbiter_app.exports.by_name import NameRow, by_name_rows
from arbiter_app.exports.pairings import RoundSheet, bye_words, round_from_boards
from arbiter_app.ui.document import EventDocument

BOARD_HEADERS = ("Bd", "White", "Pts", "Result", "Pts", "Black")


def round_of(document: EventDocument, round_no: int) -> RoundSheet | None:
    """Round *round_no* as paired (a game column of the Pairings panel), or None before it."""
    if not 1 <= round_no <= document.paired_rounds():
        return None
    return round_from_boards(document.tournament, round_no, document.boards(round_no))


def names_of_round(document: EventDocument, round_no: int) -> tuple[NameRow, ...]:
    """The alphabetical list of round *round_no* (empty before any pairing)."""
    rs = round_of(document, round_no)
    return () if rs is None else by_name_rows(rs)


def boards_of_round(document: EventDocument, round_no: int) -> list[tuple[str, ...]]:
    """The boards of round *round_no* as the wall shows them, then the players without a game."""
    rs = round_of(document, round_no)
    if rs is None:
        return []
    lines: list[tuple[str, ...]] = [
        (
            str(b.board),
            f"{b.white.label} ({b.white.tpn})",
            b.white.points_text,
            b.result or "–",
            b.black.points_text,
            f"{b.black.label} ({b.black.tpn})",
        )
        for b in rs.boards
    ]
    lines += [
        (
            "",
            f"{y.seat.label} ({y.seat.tpn})",
            y.seat.points_text,
            "",
            "",
            bye_words(y.kind, us_chess=rs.us_chess),
        )
        for y in rs.byes
    ]
    return lines
