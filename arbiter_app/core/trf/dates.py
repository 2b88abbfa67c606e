"""Dates as the field writes them in TRF records 042, 052 and 132.

TRF-16 and TRF-26 ask for ``YYYY/MM/DD`` (records 042/052) and ``YY/MM/DD``
(record 132), but the files arbiters receive say the same day in many ways:

- ``2024/03/18``, ``2024-03-18`` (ISO), ``2024.03.18``: year first;
- ``18.03.2024``, ``18/03/2024`` (Swiss-Manager, Spanish and German programs):
  day first; ``28. 07. 2005`` with blanks, as in FIDE's own published example;
- ``May 29, 2020`` (Lichess), ``29 May 2020``, ``29. Mai 2020``: a month name
  (English, German, French, Spanish, Italian, Dutch, Portuguese);
- ``24/03/18``: two-digit year first, record 132's own form; ``18.03.24``
  (dots) reads day first;
- a time after an ISO date (``2020-05-29T18:00:00Z``) is ignored.

:func:`read_date` returns None for text it cannot understand; the reader
then keeps the text as written and warns (a date never stops an import).
python-dateutil was tried first and left aside: with ``dayfirst`` it reads
``2005.12.06`` as 12 June, and its two-digit-year window moves with the
computer's clock, which the rules core must not read.
"""

from __future__ import annotations

import re
from datetime import date

_MONTHS: dict[str, int] = {}
for _number, _names in enumerate(
    (
        "january januar janvier enero gennaio januari janeiro",
        "february februar février fevrier febrero febbraio februari fevereiro",
        "march märz maerz mars marzo maart março marco",
        "april avril abril aprile",
        "may mai mayo maggio mei maio",
        "june juni juin junio giugno junho",
        "july juli juillet julio luglio julho",
        "august août aout agosto augustus",
        "september septembre septiembre settembre setembro",
        "october oktober octobre octubre ottobre outubro",
        "november novembre noviembre novembro",
        "december dezember décembre decembre diciembre dicembre dezembro",
    ),
    start=1,
):
    for _name in _names.split():
        _MONTHS[_name] = _number

_TOKEN = re.compile(r"\d+|[^\W\d_]+")
_ISO_TIME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})[T ]\d{1,2}:\d{2}")

TWO_DIGIT_PIVOT = 70
"""Two-digit years below 70 are 20xx, from 70 on 19xx (a fixed rule, not today's date)."""


def month_number(word: str) -> int | None:
    """The month a name or an abbreviation of three letters or more stands for, else None.

    ``mar`` is March in every language listed; an abbreviation two months
    share is not a month.
    """
    w = word.lower().rstrip(".")
    if w in _MONTHS:
        return _MONTHS[w]
    if len(w) < 3:
        return None
    found = {n for name, n in _MONTHS.items() if name.startswith(w)}
    return found.pop() if len(found) == 1 else None


def _year(text: str) -> int:
    value = int(text)
    if len(text) <= 2:
        return 2000 + value if value < TWO_DIGIT_PIVOT else 1900 + value
    return value


def _make(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except (ValueError, OverflowError):
        # OverflowError: a number too big for a date at all (2024/01/99999999999999999999).
        return None


def read_date(text: str) -> date | None:
    """The day *text* names, or None when it is not a date in a form listed above."""
    s = text.strip()
    iso = _ISO_TIME.match(s)
    if iso:
        return _make(int(iso[1]), int(iso[2]), int(iso[3]))
    tokens = _TOKEN.findall(s)
    if len(tokens) != 3 or re.search(r"[^\w\s./,-]", s):
        return None
    if any(len(t) > 8 for t in tokens if t.isdecimal()):
        return None  # no part of a date has more digits; int() may refuse thousands of them
    words = [t for t in tokens if not t.isdecimal()]
    if words:
        return _with_month_name(tokens, words)
    if not all(t.isascii() for t in tokens):
        return None
    a, b, c = tokens
    if len(a) == 4:
        return _make(int(a), int(b), int(c))
    if len(c) == 4:
        # Day first, as Europe writes it; a month above 12 means the US order.
        day, month = int(a), int(b)
        if month > 12 >= day:
            day, month = month, day
        return _make(int(c), month, day)
    if max(len(a), len(b), len(c)) > 2:
        return None
    if "." in s:
        return _make(_year(c), int(b), int(a))  # 18.03.24: day first
    return _make(_year(a), int(b), int(c))  # 24/03/18: record 132's YY/MM/DD


def _with_month_name(tokens: list[str], words: list[str]) -> date | None:
    if len(words) != 1:
        return None
    month = month_number(words[0])
    numbers = [t for t in tokens if t.isdecimal()]
    if month is None or not all(t.isascii() for t in numbers):
        return None
    first, second = numbers
    if len(first) == 4:
        return _make(int(first), month, int(second))  # 2020 May 29
    return _make(_year(second), month, int(first))  # May 29, 2020 / 29 May 2020


def format_date(day: date) -> str:
    """Records 042/052 as TRF-16 and TRF-26 define them: ``YYYY/MM/DD``."""
    return f"{day.year:04d}/{day.month:02d}/{day.day:02d}"


def format_round_date(day: date) -> str:
    """Record 132's form: ``YY/MM/DD``."""
    return f"{day.year % 100:02d}/{day.month:02d}/{day.day:02d}"
