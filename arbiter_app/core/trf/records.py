"""Column layouts of the TRF records and the round-cell codes.

Positions follow the FIDE TRF-16 and TRF-26 tables (1-based there; the
slices here are 0-based, end exclusive). Columns count characters, not
bytes: a file is UTF-8 text, and a name such as ``Šťastný`` or ``李``
takes one column per letter.

Player record ``001`` (identical in TRF-16 and TRF-26)::

    001 SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBBBBBBBB PPPP RRRR
    ^1  ^5   ^10  ^15                               ^49  ^54 ^58         ^70        ^81  ^86

followed, for every round, by ten columns ``  OOOO C R``: the scheduled
opponent (``0000`` for none), the colour (``w``/``b``/``-``) and the result
code, round 1 at columns 92-99, round 2 at 102-109 and so on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from fractions import Fraction

from arbiter_app.core.model import Colour, EntryKind, Outcome, Player, RoundEntry
from arbiter_app.core.points import format_decimal
from arbiter_app.core.trf.dates import read_date

# --- player record 001 --------------------------------------------------------
TPN = slice(4, 8)
SEX = slice(9, 10)
TITLE = slice(10, 13)
NAME = slice(14, 47)
RATING = slice(48, 52)
FEDERATION = slice(53, 56)
FIDE_ID = slice(57, 68)
BIRTH = slice(69, 79)
POINTS = slice(80, 84)
RANK = slice(85, 89)
PLAYER_WIDTH = 89
"""Columns of a player record before the first round."""

CELL_WIDTH = 10
NAME_WIDTH = NAME.stop - NAME.start


def cell_start(round_no: int) -> int:
    """0-based index where round *round_no*'s ten columns begin (the two blanks)."""
    return PLAYER_WIDTH + CELL_WIDTH * (round_no - 1)


def column(index: int) -> int:
    """The 1-based column of a 0-based index, as messages and the FIDE tables count."""
    return index + 1


# --- round cells --------------------------------------------------------------
GAME_CODES = {
    "1": (Outcome.WIN, True),
    "=": (Outcome.DRAW, True),
    "0": (Outcome.LOSS, True),
    # TRF-26: W/D/L are results of games that are not rated (lasted less than one move).
    "W": (Outcome.WIN, False),
    "D": (Outcome.DRAW, False),
    "L": (Outcome.LOSS, False),
}
UNPLAYED_CODES = {
    "+": EntryKind.FORFEIT_WIN,
    "-": EntryKind.FORFEIT_LOSS,
    "H": EntryKind.HALF_BYE,
    "F": EntryKind.FULL_BYE,
    "U": EntryKind.PAIRING_BYE,
    "Z": EntryKind.ZERO_BYE,
}
ALL_CODES = "1 = 0 W D L + - H F U Z (or blank)"
UNKNOWN_RESULT = "?"
"""The mark of a game whose result is not known yet (an adjourned game): record 162 names
its points ``X`` ("unknown result, e.g. adjourned game", by default a draw's), and FIDE's
Systems of Pairings and Programs commission recommends ``?`` for it in the player record,
where TRF-26 gives no code of its own (FIDE's checklist for tournament programs, C.02
questions 164 and 165)."""
_KIND_CODES = {kind: code for code, kind in UNPLAYED_CODES.items()}
_GAME_LETTERS = {value: code for code, value in GAME_CODES.items()}

COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK}


def format_cell(entry: RoundEntry) -> str:
    """The ten columns of one round.

    A round without a TRF code of its own (not paired, withdrawn) is left
    blank: both readers of the FIDE formats and Arbiter read a blank round as
    an absence worth the absence score.
    """
    if entry.kind in (EntryKind.NOT_PAIRED, EntryKind.WITHDRAWN):
        return " " * CELL_WIDTH
    if entry.kind is EntryKind.GAME:
        assert entry.outcome is not None  # RoundEntry guarantees it for games
        code = _GAME_LETTERS[(entry.outcome, entry.rated)]
    else:
        code = _KIND_CODES[entry.kind]
    opponent = "0000" if entry.opponent is None else f"{entry.opponent:>4}"
    colour = "-" if entry.colour is None else entry.colour.value
    return f"  {opponent} {colour} {code}"


# --- numbers and dates ----------------------------------------------------------
def format_tenths(value: Fraction, width: int) -> str | None:
    """*value* with one decimal, right-aligned in *width* columns; None if that is not exact."""
    if (value * 10).denominator != 1:
        return None
    text = format_decimal(value, 1)
    return text.rjust(width) if len(text) <= width else None


def parse_date(text: str) -> date:
    """A date of records 042/052 in any form :func:`~arbiter_app.core.trf.dates.read_date` reads.

    Raises :class:`ValueError` when the text is not such a date.
    """
    day = read_date(text)
    if day is None:
        raise ValueError(f"{text.strip()!r} is not a date Arbiter understands")
    return day


ROUND_DATES_START = 91
"""0-based index of round 1's date in record 132 (columns 92-99)."""


def blank_kind(player: Player, round_no: int) -> EntryKind:
    """How a blank round reads: withdrawn from the player's withdrawal round on, else not paired.

    Neither TRF version has a code for either (a blank round is an absence);
    ``Player.withdrawn_from_round`` travels in Arbiter's ``ARB WITHDRAWN``
    record and tells them apart.
    """
    left = player.withdrawn_from_round
    return EntryKind.WITHDRAWN if left is not None and round_no >= left else EntryKind.NOT_PAIRED


REQUESTABLE = (EntryKind.HALF_BYE, EntryKind.FULL_BYE, EntryKind.ZERO_BYE)
"""The byes a player asks for (TRF-26 record 240: ``H``, ``F``, ``Z``)."""


def last_paired_round(entries: Mapping[int, Sequence[RoundEntry]]) -> int:
    """The last round with a game, a forfeit or a pairing-allocated bye (0 if none)."""
    last = 0
    for row in entries.values():
        for round_no, entry in enumerate(row, start=1):
            if entry.kind.has_opponent or entry.kind is EntryKind.PAIRING_BYE:
                last = max(last, round_no)
    return last


def is_number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also accepts ``²`` and other scripts' digits)."""
    return text.isascii() and text.isdecimal()
