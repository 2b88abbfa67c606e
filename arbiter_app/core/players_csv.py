"""Player lists from spreadsheets: CSV text in, :class:`Player` values out, no file access.

The first non-blank line is a header naming the columns; names are matched
case-insensitively and spaces, dots and hyphens count as underscores, and a few
usual spellings are understood (``Elo`` for the rating, ``Fed``/``Country`` for
the federation, ``FIDE ID``, ``Born``, ``Gender`` …). The delimiter is a comma,
a semicolon (what spreadsheets write where the comma is the decimal mark) or a
tab: whichever the header line holds most of, outside quotes. UTF-8 text with
or without a byte-order mark is read; fields are trimmed.

Values are checked so that every player can later be written to a FIDE TRF
file (the widths of record 001) and paired: every problem of the whole file is
collected, each with its line and column, into one :class:`InputError`, and a
file with any problem yields no players at all.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date

from arbiter_app.core.errors import InputError, Issue, utf8_text
from arbiter_app.core.limits import character_problem, field_problem
from arbiter_app.core.model import Player

COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "player_name", "full_name", "surname_name"),
    "rating": ("rating", "elo", "fide_rating", "rtg", "fide_elo"),
    "title": ("title", "fide_title", "tit"),
    "federation": ("federation", "fed", "country", "nation"),
    "fide_id": ("fide_id", "fideid", "fide_no", "fide_number", "id_fide"),
    "birth": ("birth", "born", "birthdate", "birth_date", "birthday", "date_of_birth", "dob"),
    "sex": ("sex", "gender"),
    "national_rating": ("national_rating", "nat_rating", "national_elo"),
    "national_id": ("national_id", "nat_id", "national_number"),
    "club": ("club", "team", "club_name", "school"),
}
"""Each player field and the header names that mean it (after :func:`_column_key`)."""

_ALIASES = {alias: field for field, aliases in COLUMNS.items() for alias in aliases}

MAX_RATING = 3500
"""No rating on any list comes near this; a larger number is a typing mistake."""

CLUB_WIDTH = 40
"""Longer than any club's name on a wall chart (club prizes compare it whole)."""

FIDE_ID_WIDTH = 11
"""The width of the FIDE id field of TRF record 001."""

TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
"""FIDE titles, as TRF record 001 writes them; the one-letter TRF codes (g, wi …) map to them."""

_TITLE_CODES = {t[:-1].lower() if t.startswith("W") else t[0].lower(): t for t in TITLES}
_SEXES = {"m": "m", "male": "m", "man": "m", "w": "w", "f": "w", "female": "w", "woman": "w"}
"""TRF record 001 writes ``m`` or ``w``."""

_Problem = Callable[[int, int, str], None]
"""Where a problem is reported: line, column (1-based; 0 for the whole line), message."""

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
"""One line with its end; CSV knows only these line breaks (not \\v, \\f, U+2028 …)."""

_DATE = re.compile(r"(\d{4})(?:[-/.](\d{1,2})[-/.](\d{1,2}))?")
_DELIMITERS = (",", ";", "\t")


@dataclass(frozen=True, slots=True)
class _Row:
    line: int
    fields: list[str]


def parse_players_csv(text: str, source: str = "players.csv") -> list[Player]:
    """The players listed in CSV *text*, numbered 1, 2, … in the order of the file.

    Raises :class:`InputError` with every problem found (each with its line and
    the column's position); nothing is returned unless the whole file is right.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    issues: list[Issue] = []

    def problem(line: int, column: int, message: str) -> None:
        issues.append(Issue(source, line, column, message))

    rows = list(_rows(text, problem))
    if not rows:
        if not issues:
            problem(1, 0, "the file is empty; the first line must name the columns")
        raise InputError(issues)
    header, body = rows[0], rows[1:]
    fields = _header(header, problem)
    players: list[Player] = []
    seen_ids: dict[str, int] = {}
    for row in body:
        player = _player(row, fields, len(players) + 1, len(header.fields), problem)
        if player is None:
            continue
        if player.fide_id:
            first = seen_ids.setdefault(player.fide_id, row.line)
            if first != row.line:
                problem(
                    row.line,
                    fields.get("fide_id", 0) + 1,
                    f"FIDE id {player.fide_id} is listed twice (first at line {first})",
                )
        players.append(player)
    if not issues and not players:
        problem(header.line, 0, "no players are listed below the header")
    if issues:
        raise InputError(issues)
    return players


def decode_players_csv(data: bytes, source: str = "players.csv") -> str:
    """The text of a CSV file's bytes: UTF-8, with or without a byte-order mark."""
    return utf8_text(data, source, "save the file as UTF-8 CSV")


# -- reading the records -----------------------------------------------------------
def _delimiter(text: str) -> str:
    """The delimiter the header line holds most of outside quotes (a comma when none:
    a list of names only needs no delimiter, and then commas in names must be quoted)."""
    counts = dict.fromkeys(_DELIMITERS, 0)
    quoted = False
    started = False
    for char in text:
        if char == '"':
            quoted = not quoted
        elif not quoted and char in "\r\n":
            if started:
                break  # the header is the first line that is not blank
        elif not quoted and char in counts:
            counts[char] += 1
        if not char.isspace():
            started = True
    return max(_DELIMITERS, key=lambda d: counts[d])


class _Lines:
    """Lines of the text for :mod:`csv`, counting them so each record knows its first line."""

    def __init__(self, text: str) -> None:
        self._lines = _LINE.findall(text)
        self.read = 0

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        if self.read >= len(self._lines):
            raise StopIteration
        line: str = self._lines[self.read]
        self.read += 1
        return line


def _rows(text: str, problem: _Problem) -> Iterator[_Row]:
    lines = _Lines(text)
    reader = csv.reader(lines, delimiter=_delimiter(text), strict=True)
    while True:
        start = lines.read + 1
        try:
            fields = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            problem(start, 0, f"cannot be read as CSV ({exc})")
            # Give up on the rest: the quoting of everything after is in doubt.
            return
        if not any(f.strip() for f in fields):
            continue  # blank lines (or a row of empty cells) separate nothing
        yield _Row(start, [f.strip() for f in fields])


# -- the header --------------------------------------------------------------------
def _column_key(name: str) -> str:
    key = re.sub(r"[\s.\-]+", "_", name.strip().lower()).strip("_")
    return key


def _header(header: _Row, problem: _Problem) -> dict[str, int]:
    """Field name → position in the row, for the columns the header names."""
    fields: dict[str, int] = {}
    for position, name in enumerate(header.fields):
        column = position + 1
        if not name:
            problem(header.line, column, "a column has no name in the header")
            continue
        field = _ALIASES.get(_column_key(name))
        if field is None:
            known = ", ".join(COLUMNS)
            problem(header.line, column, f"unknown column {_shown(name)} (known columns: {known})")
        elif field in fields:
            problem(
                header.line,
                column,
                f"column {_shown(name)} repeats column {fields[field] + 1} ({field})",
            )
        else:
            fields[field] = position
    if "name" not in fields:
        problem(header.line, 0, "the header has no name column")
    return fields


# -- each player -------------------------------------------------------------------
def _player(
    row: _Row, fields: dict[str, int], tpn: int, width: int, problem: _Problem
) -> Player | None:
    before = _Count(problem)
    if len(row.fields) != width:
        before(
            row.line,
            min(len(row.fields), width) + 1,
            f"has {len(row.fields)} fields; the header has {width}",
        )
        return None
    values: dict[str, str] = {}
    for field, position in fields.items():
        raw = row.fields[position]
        checked = _check(field, raw)
        if isinstance(checked, _Bad):
            before(row.line, position + 1, f"{field} {_shown(raw)}: {checked.reason}")
        else:
            values[field] = checked
    if before.count or "name" not in values:
        return None  # (without a name column the header is reported already)
    return Player(
        tpn=tpn,
        name=values["name"],
        rating=int(values["rating"]) if values.get("rating") else None,
        title=values.get("title", ""),
        federation=values.get("federation", ""),
        fide_id=values.get("fide_id", ""),
        national_rating=int(values["national_rating"]) if values.get("national_rating") else None,
        national_id=values.get("national_id", ""),
        sex=values.get("sex", ""),
        birth=values.get("birth", ""),
        club=values.get("club", ""),
    )


@dataclass(frozen=True, slots=True)
class _Bad:
    reason: str


def _check(field: str, value: str) -> str | _Bad:
    """The value to keep for *field*, or why *value* is not one."""
    if field == "name" and not value:
        return _Bad("a player needs a name")
    # The one check of every way in (core.limits): no control or format characters, and a
    # name no wider than TRF's; the other fields' own forms below say more than a width.
    problem = field_problem("name", value) if field == "name" else character_problem(value)
    if problem is not None:
        return _Bad(problem)
    if field == "name":
        return value
    if not value:
        return ""
    if field in ("rating", "national_rating"):
        if not (value.isascii() and value.isdecimal()):
            return _Bad("a rating is a whole number")
        if len(value) > 5 or int(value) > MAX_RATING:
            return _Bad(f"a rating is at most {MAX_RATING}")
        return str(int(value)) if int(value) else ""  # 0 means unrated, as in TRF
    if field == "title":
        title = _TITLE_CODES.get(value.lower(), value.upper())
        return title if title in TITLES else _Bad(f"a title is one of {', '.join(TITLES)}")
    if field == "federation":
        if len(value) == 3 and value.isascii() and value.isalpha():
            return value.upper()
        return _Bad("a federation is a three-letter code such as NOR")
    if field in ("fide_id", "national_id"):
        if not (value.isascii() and value.isdecimal()):
            return _Bad("an id is a number")
        if len(value) > FIDE_ID_WIDTH:
            return _Bad(f"longer than {FIDE_ID_WIDTH} digits")
        return str(int(value)) if int(value) else ""  # 0 means none, as in TRF
    if field == "sex":
        sex = _SEXES.get(value.lower())
        return sex if sex else _Bad("sex is m or w (f)")
    if field == "birth":
        return _birth(value)
    if field == "club":
        return value if len(value) <= CLUB_WIDTH else _Bad(f"longer than {CLUB_WIDTH} characters")
    raise AssertionError(f"no check for field {field}")  # every COLUMNS field has one


def _birth(value: str) -> str | _Bad:
    """A year, or a date year first: kept as TRF writes it (``1994`` or ``1994/06/15``)."""
    match = _DATE.fullmatch(value)
    if match is None or not value.isascii():
        return _Bad("a birth date is a year (1994) or a date year first (1994-06-15)")
    year, month, day = match.groups()
    if month is None:
        return year
    try:
        born = date(int(year), int(month), int(day))
    except ValueError:
        return _Bad("no such date")
    return f"{born.year:04}/{born.month:02}/{born.day:02}"


def _shown(text: str) -> str:
    """A field's text for a message, cut short when long."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


class _Count:
    """Passes problems on and counts them (to know whether a row was good)."""

    def __init__(self, problem: _Problem) -> None:
        self._problem = problem
        self.count = 0

    def __call__(self, line: int, column: int, message: str) -> None:
        self.count += 1
        self._problem(line, column, message)
