"""National and custom rating lists: a CSV file in a declared layout.

FIDE's verification checklist for tournament programs (FIDE C.02, rating lists) asks
for custom rating lists beside FIDE's, and for a sequence of lists per event (see
:mod:`arbiter_app.core.list_sequence`). A federation publishes its list in a layout of
its own; the arbiter declares it once:

- the file is CSV with a header row, separated by commas, semicolons or tabs (the first
  line says which);
- each of Arbiter's fields is read from the column whose header has the field's name
  (``id``, ``name``, ``rating``, ``fide_id``, ``federation``, ``title``, ``sex``,
  ``birth_year``), or from the column the layout names for it
  (``id=Matricule,rating=Elo``);
- ``id`` (the list's own identifier: a national ID), ``name`` and ``rating`` are
  required; the others may be left out.

A row whose ID is empty or whose rating, FIDE ID or year is not a whole number is left
out and named with its line; a file without the required columns is refused.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from arbiter_app.core.errors import InputError, Issue

FIELDS: Final = ("id", "name", "rating", "fide_id", "federation", "title", "sex", "birth_year")
"""Arbiter's fields of a custom list, in the order of a :class:`CustomPlayer`."""
REQUIRED: Final = ("id", "name", "rating")
MAX_PROBLEMS_KEPT: Final = 20
LIST_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}")
"""A list's name: letters, digits, ``-`` and ``_``, at most 32 (it is part of a rating's
source code, ``list:ENG:2026-11``)."""


class CustomPlayer(NamedTuple):
    """One player of a custom list; what the list does not give is empty or None."""

    id: str
    name: str
    rating: int | None
    fide_id: int | None
    federation: str
    title: str
    sex: str
    birth_year: int | None


def checked_name(name: str) -> str:
    """*name* if it can name a custom list, else InputError saying why."""
    if not LIST_NAME.fullmatch(name):
        raise InputError(
            [
                Issue(
                    "name",
                    0,
                    0,
                    "a list's name is 1 to 32 letters, digits, '-' or '_', beginning with a "
                    f"letter or digit, not {name!r}",
                )
            ]
        )
    return name


def parse_layout(text: str) -> dict[str, str]:
    """``id=Matricule,rating=Elo`` → ``{"id": "Matricule", "rating": "Elo"}``."""
    layout: dict[str, str] = {}
    for part in text.split(","):
        key, sep, column = part.partition("=")
        key, column = key.strip(), column.strip()
        if not sep or key not in FIELDS or not column:
            raise InputError(
                [
                    Issue(
                        "layout",
                        0,
                        0,
                        f"the layout names columns as FIELD=HEADER (fields: {', '.join(FIELDS)}), "
                        f"not {part.strip()!r}",
                    )
                ]
            )
        layout[key] = column
    return layout


@dataclass
class CustomListFile:
    """A custom list being read: its rows (iterated once) and the rows left out."""

    players: Iterator[CustomPlayer]
    problems: list[Issue] = field(default_factory=list)


def read_csv(
    lines: Iterable[str], source: str, layout: Mapping[str, str] | None = None
) -> CustomListFile:
    """The custom list in *lines* (header first), its columns found by *layout*."""
    it = iter(lines)
    header_line = next((line for line in it if line.strip()), "")
    delimiter = max(",;\t", key=header_line.count)
    header = [
        h.strip().lstrip("\ufeff") for h in next(csv.reader([header_line], delimiter=delimiter))
    ]
    wanted = {f: f for f in FIELDS} | dict(layout or {})
    where: dict[str, int] = {}
    for name, column in wanted.items():
        folded = [h.casefold() for h in header]
        if column.casefold() in folded:
            where[name] = folded.index(column.casefold())
    missing = [f"{f} (column {wanted[f]!r})" for f in REQUIRED if f not in where]
    if missing:
        raise InputError(
            [
                Issue(
                    source,
                    1,
                    0,
                    f"the header has no column for {', '.join(missing)}; it has "
                    f"{', '.join(repr(h) for h in header) or 'nothing'} (declare the layout: "
                    "--columns id=HEADER,name=HEADER,rating=HEADER)",
                )
            ]
        )
    listed = CustomListFile(iter(()))
    listed.players = _rows(csv.reader(it, delimiter=delimiter), where, source, listed.problems)
    return listed


def _rows(
    rows: Iterator[list[str]], where: Mapping[str, int], source: str, problems: list[Issue]
) -> Iterator[CustomPlayer]:
    for number, row in enumerate(rows, start=2):
        if not any(cell.strip() for cell in row):
            continue

        def cell(name: str, row: list[str] = row) -> str:
            index = where.get(name)
            return row[index].strip() if index is not None and index < len(row) else ""

        try:
            key = cell("id")
            if not key:
                raise ValueError("no ID")
            if not cell("name"):
                raise ValueError("no name")
            player = CustomPlayer(
                key,
                cell("name"),
                _number(cell("rating"), "rating"),
                _number(cell("fide_id"), "FIDE ID"),
                cell("federation").upper(),
                cell("title"),
                cell("sex"),
                _number(cell("birth_year"), "year of birth"),
            )
        except ValueError as exc:
            if len(problems) < MAX_PROBLEMS_KEPT:
                problems.append(Issue(source, number, 0, str(exc)))
            elif len(problems) == MAX_PROBLEMS_KEPT:
                problems.append(
                    Issue(source, 0, 0, "more rows were left out; only the first are listed")
                )
            continue
        yield player


def _number(text: str, what: str) -> int | None:
    """A whole number of at most 10 digits; empty or 0 is none."""
    if not text:
        return None
    if len(text) > 10 or not (text.isascii() and text.isdecimal()):
        raise ValueError(f"the {what} {text[:12]!r} is not a whole number")
    return int(text) or None
