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
    UNKNOWN_RESULT,
    UNPLAYED_CODES,
    cell_start,
    column,
    format_cell,
    is_number,
)


@dataclass(slots=True)
class Cell:
    """One round of a player record as read; *entry* is None for a blank or unreadable round.

    *bad* marks a round already reported as unreadable, so that the pairing
    check does not report it a second time from the opponent's side.

    A cell is a value: nothing changes it once read. It is not declared frozen
    because a frozen dataclass sets each field through ``object.__setattr__``,
    which made cells a tenth of the time of reading a 10,000-player file.
    """

    entry: RoundEntry | None
    line: int
    opponent_column: int
    colour_column: int
    result_column: int
    bad: bool = False
    old_form: str = ""
    """The TRF-2006 code a bye was written with (``=``, ``1``, ``0`` after ``0000``), if any."""
    unknown: str = ""
    """The result code of a game whose result is not known: ``?`` (an adjourned game), or a
    code TRF-26 does not define (read as not known: FIDE C.02, checklist question 166)."""
    opponent: int = 0
    """The opponent of a game whose result is not known (the round has no *entry*)."""
    colour: Colour | None = None
    """The colour of a game whose result is not known."""


TRF2006_BYES = {"=": EntryKind.HALF_BYE, "1": EntryKind.FULL_BYE, "0": EntryKind.ZERO_BYE}
"""Byes as TRF-2006 files write them: a game result with no opponent (``0000 - =`` a
half-point bye, ``0000 - 1`` a full-point bye, ``0000 - 0`` a zero-point bye), before
TRF-16 gave byes the codes ``H``, ``F`` and ``Z``."""


PLAYER_TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
"""The titles a player record (001) of a FIDE report file carries: FIDE's over-the-board
titles (FIDE Handbook B.01, Title Regulations; TRF-16 and TRF-26, record 001, the title
field). Honorary and arbiter titles have no place in that field."""


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
    text: str,
    tpn: int,
    round_no: int,
    line_no: int,
    source: str,
    issues: list[Issue],
    seen: dict[str, RoundEntry] | None = None,
) -> Cell:
    """Read the ten columns ``  OOOO C R`` of one round; problems go to *issues*.

    Called once per round of every player (110,000 times for 10,000 players
    and 11 rounds): the message and its words are made only for a cell that
    is wrong, and *seen* (the rounds already read, by their text) gives back
    the same round for the same ten columns instead of reading them again.
    """
    start = cell_start(round_no)
    cell = text.ljust(CELL_WIDTH)
    opp_col, colour_col, result_col = column(start + 2), column(start + 7), column(start + 9)
    known = seen.get(cell) if seen is not None else None
    if known is not None:
        return Cell(known, line_no, opp_col, colour_col, result_col)

    def bad(col: int, message: str) -> Cell:
        where = f"player {tpn}, round {round_no}"
        issues.append(Issue(source, line_no, col, f"{where}: {message}"))
        return Cell(None, line_no, opp_col, colour_col, result_col, bad=True)

    if cell[0] != " " or cell[1] != " " or cell[6] != " " or cell[8] != " ":
        offset = next(i for i in (0, 1, 6, 8) if cell[i] != " ")
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
    colour = COLOURS.get(colour_char.lower())
    if colour is None and colour_char not in "- ":
        return bad(colour_col, f"the colour {colour_char!r} is not w, b or -")
    code = cell[9].upper()
    opp = opponent or None
    game = GAME_CODES.get(code)
    if game is not None:
        if opp is None and code in TRF2006_BYES and colour is None:
            bye = RoundEntry(TRF2006_BYES[code])
            return Cell(bye, line_no, opp_col, colour_col, result_col, old_form=code)
        if opp is None:
            return bad(opp_col, f"the game result {cell[9]!r} needs an opponent, found 0000")
        outcome, rated = game
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
    elif opp is not None and cell[9].isprintable():
        # A game whose result is not known: "?" (TRF-26's X, an adjourned game) or a code
        # TRF-26 does not define, read as a result not known (FIDE C.02, checklist
        # questions 165 and 166); the game stays paired, without a result.
        return Cell(
            None,
            line_no,
            opp_col,
            colour_col,
            result_col,
            unknown=cell[9],
            opponent=opp,
            colour=colour,
        )
    elif code == UNKNOWN_RESULT:
        return bad(opp_col, "a result not known ('?') is a game's: it needs an opponent")
    else:
        return bad(result_col, f"unknown result code {cell[9]!r} (TRF codes: {ALL_CODES})")
    if seen is not None:
        seen[cell] = entry
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
            and b.outcome is not None
            and a.outcome.pairs_with(b.outcome)
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

    def issue(cell: Cell, round_no: int, col: int, message: str) -> None:
        issues.append(Issue(source, cell.line, col, f"round {round_no}: {message}"))

    for tpn, row in rows.items():
        row_cells = cells[tpn]
        for round_no, entry in enumerate(row, start=1):
            opp = entry.opponent
            cell = row_cells[round_no - 1] if round_no <= len(row_cells) else None
            if opp is None or cell is None:
                continue
            if opp not in rows:
                issue(
                    cell,
                    round_no,
                    cell.opponent_column,
                    f"player {tpn}'s opponent {opp} is not in the file",
                )
                continue
            if opp == tpn:
                issue(cell, round_no, cell.opponent_column, f"player {tpn} is paired with themself")
                continue
            other = rows[opp][round_no - 1]
            other_cells = cells[opp]
            other_cell = other_cells[round_no - 1] if round_no <= len(other_cells) else None
            if other_cell is not None and other_cell.bad:
                continue  # already reported where it stands
            if other.opponent == tpn and (tpn > opp or _same_game(entry, other)):
                continue  # each pair once; a pair that agrees needs no words
            other_line = f"line {other_cell.line}" if other_cell else "its record"
            if other.opponent != tpn:
                issue(
                    cell,
                    round_no,
                    cell.opponent_column,
                    f"player {tpn} meets player {opp}, but player {opp}'s record "
                    f"({other_line}) {describe(other)}",
                )
                continue
            if entry.colour is not None and entry.colour is other.colour:
                issue(
                    cell,
                    round_no,
                    cell.colour_column,
                    f"players {tpn} and {opp} both have {entry.colour.name.lower()} "
                    f"(the other record is on {other_line})",
                )
            if not _agree(entry, other):
                issue(
                    cell,
                    round_no,
                    cell.result_column,
                    f"player {tpn}'s result {format_cell(entry)[9]!r} against player {opp} "
                    f"does not match player {opp}'s result {format_cell(other)[9]!r} "
                    f"({other_line})",
                )


def _same_game(entry: RoundEntry, other: RoundEntry) -> bool:
    """Both sides of one game agree: colours not the same, results matching."""
    return (entry.colour is None or entry.colour is not other.colour) and _agree(entry, other)
