"""Reading the rounds of a player record, and checking that both sides of a game agree."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arbiter_app.core.errors import Issue
from arbiter_app.core.model import Colour, EntryKind, RoundEntry
from arbiter_app.core.trf.records import (
    ALL_CODES,
    CELL_WIDTH,
    COLOURS,
    GAME_CODES,
    PLAYER_WIDTH,
    TITLE,
    UNPLAYED_CODES,
    cell_start,
    column,
    format_cell,
    is_number,
)


@dataclass(frozen=True, slots=True)
class Cell:
    """One round of a player record as read; *entry* is None for a blank or unreadable round.

    *bad* marks a round already reported as unreadable, so that the pairing
    check does not report it a second time from the opponent's side.
    """

    entry: RoundEntry | None
    line: int
    opponent_column: int
    colour_column: int
    result_column: int
    bad: bool = False
    old_form: str = ""
    """The TRF-2006 code a bye was written with (``=``, ``1``, ``0`` after ``0000``), if any."""


TRF2006_BYES = {"=": EntryKind.HALF_BYE, "1": EntryKind.FULL_BYE, "0": EntryKind.ZERO_BYE}
"""Byes as TRF-2006 files write them: a game result with no opponent (``0000 - =`` a
half-point bye, ``0000 - 1`` a full-point bye, ``0000 - 0`` a zero-point bye), before
TRF-16 gave byes the codes ``H``, ``F`` and ``Z``."""


TRF2006_TITLES = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}
"""TRF-2006's title codes (FIDE's own 2006 example) and the titles TRF-16/26 write."""


def trf2006_forms(line: str) -> bool:
    """Whether the player record *line* writes a title or a bye as TRF-2006 did."""
    if not line.startswith("001"):
        return False
    if line[TITLE].strip() in TRF2006_TITLES:
        return True
    for start in range(PLAYER_WIDTH, len(line.rstrip()), CELL_WIDTH):
        cell = line[start : start + CELL_WIDTH].ljust(CELL_WIDTH)
        if cell[2:6] == "0000" and cell[9] in TRF2006_BYES:
            return True
    return False


def parse_cell(
    text: str, tpn: int, round_no: int, line_no: int, source: str, issues: list[Issue]
) -> Cell:
    """Read the ten columns ``  OOOO C R`` of one round; problems go to *issues*."""
    start = cell_start(round_no)
    cell = text.ljust(CELL_WIDTH)
    opp_col, colour_col, result_col = column(start + 2), column(start + 7), column(start + 9)
    where = f"player {tpn}, round {round_no}"

    def bad(col: int, message: str) -> Cell:
        issues.append(Issue(source, line_no, col, f"{where}: {message}"))
        return Cell(None, line_no, opp_col, colour_col, result_col, bad=True)

    for offset in (0, 1, 6, 8):
        if cell[offset] != " ":
            return bad(
                column(start + offset),
                f"the round's columns are out of line: expected '  OOOO C R' "
                f"at columns {column(start)}-{column(start + 9)}, found {cell!r}",
            )
    opp_text = cell[2:6].strip()
    if opp_text and not is_number(opp_text):
        return bad(opp_col, f"the opponent {opp_text!r} is not a pairing number")
    opponent = int(opp_text) if opp_text else 0
    colour_char = cell[7]
    colour: Colour | None
    if colour_char.lower() in COLOURS:
        colour = COLOURS[colour_char.lower()]
    elif colour_char in "- ":
        colour = None
    else:
        return bad(colour_col, f"the colour {colour_char!r} is not w, b or -")
    code = cell[9].upper()
    opp = opponent or None
    if code in GAME_CODES:
        if opp is None and code in TRF2006_BYES and colour is None:
            bye = RoundEntry(TRF2006_BYES[code])
            return Cell(bye, line_no, opp_col, colour_col, result_col, old_form=code)
        if opp is None:
            return bad(opp_col, f"the game result {cell[9]!r} needs an opponent, found 0000")
        outcome, rated = GAME_CODES[code]
        entry = RoundEntry.game(opp, colour, outcome, rated=rated)
    elif code in UNPLAYED_CODES:
        kind = UNPLAYED_CODES[code]
        if opp is not None and not kind.has_opponent:
            name = kind.value.replace("-", " ")
            return bad(opp_col, f"a {name} ({cell[9]}) has no opponent, but player {opp} is named")
        entry = RoundEntry(kind, opp, colour)
    elif code == " ":
        if opp is not None:
            return bad(result_col, f"the game against player {opp} has no result code")
        if colour is not None:
            return bad(colour_col, "a round without a result code has no colour")
        return Cell(None, line_no, opp_col, colour_col, result_col)
    else:
        return bad(result_col, f"unknown result code {cell[9]!r} (TRF codes: {ALL_CODES})")
    return Cell(entry, line_no, opp_col, colour_col, result_col)


def describe(entry: RoundEntry) -> str:
    """A few words on what a round was, for messages."""
    if entry.opponent is not None:
        return f"names player {entry.opponent} (code {format_cell(entry)[9]!r})"
    if entry.kind is EntryKind.NOT_PAIRED:
        return "is blank"
    return f"has {entry.kind.value.replace('-', ' ')}"


def _agree(a: RoundEntry, b: RoundEntry) -> bool:
    if a.kind is EntryKind.GAME or b.kind is EntryKind.GAME:
        return (
            a.kind is b.kind is EntryKind.GAME
            and a.outcome is not None
            and a.outcome.opposite is b.outcome
            and a.rated == b.rated
        )
    # A forfeit win faces a forfeit loss; two forfeit losses are a double forfeit.
    return EntryKind.FORFEIT_WIN not in (a.kind, b.kind) or a.kind is not b.kind


def check_pairings(
    rows: Mapping[int, Sequence[RoundEntry]],
    cells: Mapping[int, Sequence[Cell | None]],
    source: str,
    issues: list[Issue],
) -> None:
    """Every game and forfeit must appear on both players' records with the same round,
    opposite colours (when both are given) and matching results (TRF-26: the opponent
    field is the "starting-rank number of the scheduled opponent")."""
    for tpn, row in rows.items():
        for round_no, entry in enumerate(row, start=1):
            opp = entry.opponent
            cell = cells[tpn][round_no - 1] if round_no <= len(cells[tpn]) else None
            if opp is None or cell is None:
                continue
            at = f"round {round_no}"

            def issue(col: int, message: str, cell: Cell = cell, at: str = at) -> None:
                issues.append(Issue(source, cell.line, col, f"{at}: {message}"))

            if opp not in rows:
                issue(cell.opponent_column, f"player {tpn}'s opponent {opp} is not in the file")
                continue
            if opp == tpn:
                issue(cell.opponent_column, f"player {tpn} is paired with themself")
                continue
            other = rows[opp][round_no - 1]
            other_cell = cells[opp][round_no - 1] if round_no <= len(cells[opp]) else None
            if other_cell is not None and other_cell.bad:
                continue  # already reported where it stands
            other_line = f"line {other_cell.line}" if other_cell else "its record"
            if other.opponent != tpn:
                issue(
                    cell.opponent_column,
                    f"player {tpn} meets player {opp}, but player {opp}'s record "
                    f"({other_line}) {describe(other)}",
                )
                continue
            if tpn > opp:
                continue  # each pair once
            if entry.colour is not None and entry.colour is other.colour:
                issue(
                    cell.colour_column,
                    f"players {tpn} and {opp} both have {entry.colour.name.lower()} "
                    f"(the other record is on {other_line})",
                )
            if not _agree(entry, other):
                issue(
                    cell.result_column,
                    f"player {tpn}'s result {format_cell(entry)[9]!r} against player {opp} "
                    f"does not match player {opp}'s result {format_cell(other)[9]!r} "
                    f"({other_line})",
                )
