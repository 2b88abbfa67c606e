"""What an event can hold, and the one check of a player's fields for every way in.

The limits come from where an event must go in the end: FIDE's Tournament Report
File and the printed sheets. TRF-16 and TRF-26 record 001 (the player line,
identical in both) gives each field a fixed run of columns, so a longer value
cannot be reported to FIDE at all:

====================  =========  ==================================
field                 columns    width
====================  =========  ==================================
starting rank         5-8        4 digits: at most 9,999 players
sex                   10         1
title                 11-13      3
name                  15-47      33
FIDE id               58-68      11
birth date            70-79      10 (``YYYY/MM/DD``)
====================  =========  ==================================

The national id has no TRF column; it is held to the FIDE id's width. The
header records (012 the event's name, 022 the city, 102 the chief arbiter, …)
run to the end of the line; the sheets print them on one title line, which
holds about :data:`HEADER_WIDTH` characters.

Text that reaches a sheet, an export or another program must be plain: no
control characters (a newline in a name breaks a TRF line and a CSV row, a NUL
ends a C string) and no format characters such as the right-to-left override
U+202E, which turns the rest of a line around on screen and in print (a name
that *looks* like another). The joiners U+200C and U+200D stay allowed: Persian
and Indic names need them. Every way a player gets in — the window, the command
line, a CSV list, a TRF file, the session's commands — asks :func:`field_problem`.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from arbiter_app.core import words

MAX_PLAYERS: Final = 9999
"""Players in one event: the starting rank of TRF record 001 has four digits (columns 5-8)."""

MAX_ROUNDS: Final = 99
"""Rounds in one event: a round robin of 100 players, a double one of 50; the sheets and
pairing cards print round numbers in two digits."""

MAX_RATING: Final = 9999
"""A rating fills four columns of TRF record 001 (49-52)."""

PLAYER_FIELD_WIDTHS: Final[dict[str, int]] = {
    "name": 33,
    "title": 3,
    "federation": 3,
    "fide_id": 11,
    "national_id": 11,
    "sex": 1,
    "birth": 10,
}
"""The width of each text field of a player (TRF record 001, module docstring)."""

HEADER_WIDTH: Final = 120
"""Characters of an event's header field (name, city, arbiter, …): one title line of a sheet."""

MAX_IMPORT_BYTES: Final = 16 * 1024 * 1024
"""The largest file an import reads (TRF, CSV, PGN, a regulation): 16 MiB. A TRF of 9,999
players and 99 rounds is about 11 MB (89 columns and ten per round a line); a CSV list
of 9,999 players a few MB. The size is checked before anything is read."""

_ALLOWED_FORMAT = frozenset({"\u200c", "\u200d"})
"""Zero-width non-joiner and joiner: format characters that names in some scripts need."""

_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Control, format, surrogate, line and paragraph separator characters."""


def unsafe_character(text: str) -> str | None:
    """The first character of *text* that may not be in a name or field, described
    (``"U+202E (right-to-left override)"``), or None when there is none."""
    if text.isascii() and text.isprintable():
        return None  # letters, digits, punctuation and spaces: the usual field, at once
    for char in text:
        if char in _ALLOWED_FORMAT:
            continue
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            name = unicodedata.name(char, "")
            described = f" ({name.lower()})" if name else " (a control character)"
            return f"U+{ord(char):04X}{described}"
    return None


_DIRECTION_MARKS = frozenset({"\u200e", "\u200f"})
"""Left-to-right and right-to-left marks: the sheets close a right-to-left name with one
(exports.sheet.embed); unlike an override they turn nothing around."""


def printable(text: str) -> str:
    """*text* with every character :func:`unsafe_character` refuses shown as U+FFFD
    (line breaks, tabs and direction marks kept): for exports of text that got in before
    the check."""
    if unsafe_character(text) is None:
        return text
    kept = _ALLOWED_FORMAT | _DIRECTION_MARKS | {"\n", "\t"}
    return "".join(
        c if c in kept or unicodedata.category(c) not in _REFUSED_CATEGORIES else "\ufffd"
        for c in text
    )


_NOT_PLAIN = re.compile(r"[^\x20-\x7e\n\t\r]|\r(?!\n)")
"""Anything but printable ASCII, a line break (``\\r\\n`` too: a CSV's) or a tab: looked at
one by one."""


def _terminal_char(found: re.Match[str]) -> str:
    char = found.group()
    if char in _ALLOWED_FORMAT or char in _DIRECTION_MARKS:
        return char
    if unicodedata.category(char) in _REFUSED_CATEGORIES:
        return f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}"
    return char


def terminal_text(text: str) -> str:
    """*text* as it may reach a terminal: every character :func:`unsafe_character`
    refuses (an escape that recolours or clears the screen or retitles the window, a
    carriage return that overwrites the line (one that ends a CSV row stays), a right-to-left override that turns it
    round) is written as its code, ``\\u001b`` or ``\\u202e``, so the arbiter sees what
    the file holds and the terminal does nothing with it; line breaks and tabs stay.
    The command line passes all it prints through it (issue 27): names from a crafted
    event file, a TRF or a FIDE rating list. In JSON the code is the character's own
    escape, so the value read back is the same."""
    if text.isascii() and text.isprintable():
        return text
    return _NOT_PLAIN.sub(_terminal_char, text)


def character_problem(value: str) -> str | None:
    """Why *value* cannot be kept for its characters, or None."""
    bad = unsafe_character(value)
    return None if bad is None else f"contains {bad}, which cannot be printed or exported"


def text_problem(value: str, width: int) -> str | None:
    """Why *value* cannot be kept in a field of *width* characters, or None; the reason
    reads after the field's name ("the name is 40 characters long; at most 33 fit")."""
    bad = character_problem(value)
    if bad is not None:
        return bad
    if len(value) > width:
        return f"is {len(value):,} characters long; at most {width} fit"
    return None


FIELD_WORDS: Final[dict[str, str]] = {
    "name": "the name",
    "rating": "the rating",
    "title": "the title",
    "federation": "the federation",
    "fide_id": "the FIDE id",
    "national_rating": "the national rating",
    "national_id": "the national id",
    "sex": "the sex",
    "birth": "the birth date",
}
"""How messages name each player field."""


def field_problem(field: str, value: str) -> str | None:
    """Why *value* cannot be the player field *field*, or None (a field without a width
    is still checked for its characters). The reason reads after the field's name."""
    width = PLAYER_FIELD_WIDTHS.get(field)
    if width is None:
        return character_problem(value)
    problem = text_problem(value, width)
    if problem is not None and field == "name" and len(value) > width:
        problem += " (the width of a name in a FIDE TRF file)"
    if (
        problem is None
        and field == "fide_id"
        and value
        and not (value.isascii() and value.isdecimal())
    ):
        # A FIDE id is a number (TRF-26 record 001, columns 58-68); a superscript "²" is a
        # digit to Python but no number.
        problem = f"{value!r} is not a number"
    return problem


def header_problem(value: str) -> str | None:
    """Why *value* cannot be one of the event's header fields (name, city, …), or None."""
    return text_problem(value, HEADER_WIDTH)


def too_many_players(count: int) -> str | None:
    """Why an event cannot hold *count* players, or None."""
    if count > MAX_PLAYERS:
        return (
            f"an event holds at most {words.count(MAX_PLAYERS, 'player', thousands=True)} (the four digits of a TRF "
            f"starting rank); this would make {count:,}"
        )
    return None


def too_many_rounds(count: int) -> str | None:
    """Why an event cannot have *count* rounds, or None."""
    if count > MAX_ROUNDS:
        return f"an event has at most {words.count(MAX_ROUNDS, 'round')}, not {count:,}"

    return None
