"""CSV cells can never become spreadsheet formulas (OWASP "CSV injection")."""

from __future__ import annotations

import csv
import io

from hypothesis import given
from hypothesis import strategies as st

from arbiter_app.exports.csv_export import rows_to_csv, safe_cell

DANGEROUS = ("=", "+", "-", "@", "\t", "\r")


def test_formulas_are_defused() -> None:
    assert safe_cell('=HYPERLINK("http://x")') == '\'=HYPERLINK("http://x")'
    assert safe_cell("+1+1") == "'+1+1"
    assert safe_cell("-2-3") == "'-2-3"
    assert safe_cell("@SUM(A1)") == "'@SUM(A1)"
    assert safe_cell("\t=1") == "'\t=1"


def test_numbers_and_ordinary_text_are_kept() -> None:
    assert safe_cell("-3") == "-3"
    assert safe_cell("+1.5") == "+1.5"
    assert safe_cell("2½") == "2½"
    assert safe_cell("Иван") == "Иван"
    assert safe_cell(None) == ""
    assert safe_cell(12) == "12"


@given(st.text())
def test_no_cell_starts_a_formula(text: str) -> None:
    out = safe_cell(text)
    if out.startswith(DANGEROUS):
        # Only a plain signed number may start with a sign.
        float(out.replace(",", "."))
    assert out.removeprefix("'") == text or out == text


@given(st.lists(st.lists(st.text(), min_size=2, max_size=2), max_size=5))
def test_csv_reads_back_to_the_safe_cells(rows: list[list[str]]) -> None:
    text = rows_to_csv(["a", "b"], rows)
    back = list(csv.reader(io.StringIO(text, newline="")))
    assert back[0] == ["a", "b"]
    assert back[1:] == [[safe_cell(c) for c in row] for row in rows]
