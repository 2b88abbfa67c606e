"""CSV that is safe to open in a spreadsheet: no cell can become a formula.

Spreadsheets treat a cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return as a formula or a command ("CSV injection", OWASP). A player
named ``=HYPERLINK(…)`` must stay a name, so such a cell is written with a
leading apostrophe, which every spreadsheet shows as text and hides. Plain
numbers (``-3``, ``+1.5``) are left alone: they are values, not formulas.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

from arbiter_app.exports.sheet import Table

_TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "\n", "|", "%")
_NUMBER = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)")


def safe_cell(value: object) -> str:
    """The text of *value*, defused if a spreadsheet would read it as a formula."""
    text = "" if value is None else str(value)
    if text.startswith(_TRIGGERS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def rows_to_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV text (RFC 4180: comma, double quotes, CRLF line ends) with every cell made safe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([safe_cell(h) for h in header])
    for row in rows:
        writer.writerow([safe_cell(c) for c in row])
    return out.getvalue()


def table_to_csv(table: Table) -> str:
    return rows_to_csv([c.title for c in table.columns], table.rows)
