"""The ratings of a generated event: given by the user, or drawn within parameters.

FIDE's checklist (C.02) asks of a Random Tournament Generator that its
ratings can be user-specified (checklist Q27), parametrised by a minimum, a
maximum and the gaps between players (Q28), and random (Q29). A
:class:`RatingSpec` holds one of three ways:

- **given**: one rating per player, in any order (0 for an unrated player);
  pairing numbers still follow the ratings, highest first (C.04.2, the
  initial ranking);
- **a range**: every rating drawn uniformly between *low* and *high*;
- **a ladder**: the top player rated *high*, and every next one lower by a
  gap drawn between the two gap bounds, never under *low*.

A share (or count) of the players can be made unrated in the last two ways.
A rating is a whole number of at most four digits: the TRF player record
(record 001, columns 49-52) has room for no more.
"""

from __future__ import annotations

import csv
import io
import random
import re
from dataclasses import dataclass

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.generator.quotas import NONE, Amount
from arbiter_app.core.words import count

LOWEST_RATING = 1000
HIGHEST_RATING = 2700
TRF_LIMIT = 9999
TRF_ARTICLE = "TRF record 001, columns 49-52"

_HEADERS = ("rating", "elo", "rtg")
_SPLIT = re.compile(r"[\s,;]+")


class RatingError(ArbiterError):
    """Ratings that cannot be read or honoured (the message says which and why)."""


@dataclass(frozen=True, slots=True)
class RatingSpec:
    """How the players' ratings are made (see the module's text)."""

    given: tuple[int, ...] = ()
    low: int | None = None
    """The lowest rating; None: 1000 for a range, no bound but 1 for a ladder."""
    high: int | None = None
    """The highest rating; None: 2700."""
    gap: tuple[int, int] | None = None
    """The least and the largest gap between two players next to each other (a ladder)."""
    unrated: Amount = NONE
    """How many players are unrated: a count, or a share of the players."""

    @property
    def is_default(self) -> bool:
        """Whether the ratings are drawn as when nothing is said (1000-2700, all rated)."""
        return (
            not self.given
            and self.low in (None, LOWEST_RATING)
            and self.high in (None, HIGHEST_RATING)
            and self.gap is None
            and not self.unrated.value
        )

    def __str__(self) -> str:
        if self.given:
            return count(len(self.given), "rating") + " given"
        parts = []
        if self.gap is not None:
            least, largest = self.gap
            gap = str(least) if least == largest else f"{least}-{largest}"
            parts.append(f"ratings from {self.high or HIGHEST_RATING} down by gaps of {gap}")
            if self.low is not None:
                parts.append(f"not under {self.low}")
        else:
            low = LOWEST_RATING if self.low is None else self.low
            parts.append(f"ratings {low}-{self.high or HIGHEST_RATING}")
        if self.unrated.value:
            parts.append(f"unrated {self.unrated}")
        return ", ".join(parts)


def rating_refusal(spec: RatingSpec, players: int) -> str | None:
    """Why *spec* cannot rate *players* players, or None when it can."""
    if spec.given:
        if spec.low is not None or spec.high is not None or spec.gap is not None:
            return "the ratings are given one by one: a minimum, a maximum or gaps do not apply"
        if spec.unrated.value:
            return "the ratings are given one by one: give 0 for an unrated player"
        if len(spec.given) != players:
            return (
                f"{count(len(spec.given), 'rating')} given for {count(players, 'player')}: "
                "give one rating per player"
            )
        bad = [r for r in spec.given if not 0 <= r <= TRF_LIMIT]
        if bad:
            return f"the rating {bad[0]} is not between 0 (unrated) and {TRF_LIMIT} ({TRF_ARTICLE})"
        return None
    for name, value in (("minimum", spec.low), ("maximum", spec.high)):
        if value is not None and not 1 <= value <= TRF_LIMIT:
            return f"the {name} rating {value} is not between 1 and {TRF_LIMIT} ({TRF_ARTICLE})"
    high = HIGHEST_RATING if spec.high is None else spec.high
    if spec.gap is None:
        low = LOWEST_RATING if spec.low is None else spec.low
        if low > high:
            return f"the minimum rating {low} is above the maximum {high}"
        return None
    least, largest = spec.gap
    if least < 0 or least > largest:
        return f"the gaps {least}-{largest} are not a range of whole numbers from 0 up"
    floor = 1 if spec.low is None else spec.low
    lowest = high - (players - 1) * largest
    if lowest < floor:
        return (
            f"{count(players, 'player')} from {high} down by gaps of up to {largest} can reach "
            f"{lowest}, under the minimum {floor}: give smaller gaps or a higher maximum"
        )
    return None


def draw_ratings(rng: random.Random, players: int, spec: RatingSpec) -> list[int | None]:
    """The ratings of *players* players, highest first (None for an unrated player).

    The default spec draws exactly as the generator always has (one uniform
    draw per player), so that a seed's event stays the same.
    """
    if spec.given:
        return [r or None for r in sorted(spec.given, reverse=True)]
    high = HIGHEST_RATING if spec.high is None else spec.high
    ratings: list[int]
    if spec.gap is None:
        low = LOWEST_RATING if spec.low is None else spec.low
        ratings = sorted((rng.randint(low, high) for _ in range(players)), reverse=True)
    else:
        least, largest = spec.gap
        ratings = [high]
        for _ in range(players - 1):
            ratings.append(ratings[-1] - rng.randint(least, largest))
    unrated = set(rng.sample(range(players), spec.unrated.of(players)))
    rated: list[int | None] = [r for i, r in enumerate(ratings) if i not in unrated]
    return rated + [None] * len(unrated)


def parse_ratings(text: str) -> tuple[int, ...]:
    """Ratings from a list (``2400,2350 2210``) or a CSV file with a *rating* column.

    A first line with a column named ``rating`` (or ``elo``, ``rtg``; any case)
    makes the text a table (comma-, semicolon- or tab-separated), one player a line; otherwise every number separated by
    commas, semicolons or spaces is a rating. An empty cell or ``-`` is an
    unrated player (0). Raises :class:`RatingError` listing every bad value.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise RatingError("no rating given: give one per player, such as 2400,2350,2210")
    values: list[tuple[str, str]] = []  # (where, text)
    dialect = _dialect(lines[0])
    header = [h.strip().lower() for h in next(csv.reader([lines[0]], dialect))]
    column = next((header.index(h) for h in _HEADERS if h in header), None)
    if column is not None:
        rows = list(csv.reader(io.StringIO("\n".join(lines)), dialect))
        for number, row in enumerate(rows[1:], start=2):
            values.append((f"line {number}", row[column].strip() if column < len(row) else ""))
    else:
        for number, line in enumerate(lines, start=1):
            where = f"line {number}" if len(lines) > 1 else "the list"
            values += [(where, v) for v in _SPLIT.split(line.strip()) if v]
    ratings: list[int] = []
    errors: list[str] = []
    for where, value in values:
        if value in ("", "-"):
            ratings.append(0)
        elif value.isdecimal() and int(value) <= TRF_LIMIT:
            ratings.append(int(value))
        else:
            errors.append(f"{where}: {value!r}")
    if errors:
        table = (
            f" (a table names its rating column {', '.join(_HEADERS)} in its first line)"
            if any(c.isalpha() for c in lines[0])
            else ""
        )
        raise RatingError(
            "a rating is a whole number from 0 (unrated) to "
            f"{TRF_LIMIT} ({TRF_ARTICLE}); not: {'; '.join(errors)}{table}"
        )
    if not ratings:
        raise RatingError("the table has no player: give one line per player under its header")
    return tuple(ratings)


def parse_gap(text: str) -> tuple[int, int]:
    """A gap (``25``) or a range of gaps (``10-40``) between players next to each other."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if m is None:
        raise RatingError(f"{text!r} is not a gap (25) or a range of gaps (10-40)")
    least = int(m.group(1))
    largest = int(m.group(2)) if m.group(2) is not None else least
    if least > largest:
        raise RatingError(f"the gaps {text!r} go from the larger to the smaller")
    return least, largest


def _dialect(header: str) -> type[csv.Dialect]:
    return csv.excel_tab if "\t" in header else _Semicolon if ";" in header else csv.excel


class _Semicolon(csv.excel):
    delimiter = ";"
