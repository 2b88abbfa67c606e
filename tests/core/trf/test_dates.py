"""Dates as the field writes them (records 042, 052, 132): read in any form, never a refusal."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter_app.core.trf import parse_trf, write_trf
from arbiter_app.core.trf.dates import format_date, format_round_date, month_number, read_date
from tests.core.trf.tec import TEC_TRF


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2024/03/18", date(2024, 3, 18)),  # TRF-16 and TRF-26: YYYY/MM/DD
        ("2024-03-18", date(2024, 3, 18)),  # ISO
        ("2024.03.18", date(2024, 3, 18)),
        ("18.03.2024", date(2024, 3, 18)),  # day first
        ("08/04/2018", date(2018, 4, 8)),  # Spanish files: day first
        ("28. 07. 2005", date(2005, 7, 28)),  # FIDE's own published example
        ("May 29, 2020", date(2020, 5, 29)),  # Lichess
        ("Jun 26, 2020", date(2020, 6, 26)),
        ("29 May 2020", date(2020, 5, 29)),
        ("29. Mai 2020", date(2020, 5, 29)),
        ("3 décembre 2023", date(2023, 12, 3)),
        ("12 de enero de 2023", None),  # more than three parts: not guessed at
        ("24/03/18", date(2024, 3, 18)),  # record 132's YY/MM/DD
        ("18.03.24", date(2024, 3, 18)),  # dots: day first
        ("05/13/2024", date(2024, 5, 13)),  # a month above 12: the US order
        ("2020-05-29T18:00:00Z", date(2020, 5, 29)),
        ("  2005/12/06 ", date(2005, 12, 6)),
        ("99/12/31", date(1999, 12, 31)),
        ("2024/13/01", None),
        ("31.02.2024", None),
        ("yesterday", None),
        ("", None),
        ("2024", None),
        ("Mar 2024", None),
    ],
)
def test_read_date(text: str, day: date | None) -> None:
    assert read_date(text) == day


def test_month_names_and_abbreviations() -> None:
    assert month_number("Mar") == month_number("März") == month_number("marzo") == 3
    assert month_number("août") == month_number("agosto") == 8
    assert month_number("Ju") is None  # June or July: not a month
    assert month_number("foo") is None


@given(st.dates(min_value=date(1970, 1, 1), max_value=date(2069, 12, 31)))
def test_every_written_form_reads_back(day: date) -> None:
    for text in (
        format_date(day),
        day.isoformat(),
        f"{day.day:02d}.{day.month:02d}.{day.year}",
        f"{day.day}. {day.month:02d}. {day.year}",
        day.strftime("%b %d, %Y"),
        format_round_date(day),
    ):
        assert read_date(text) == day, text


def _with_start_date(text: str) -> str:
    """The TEC exercise with its record 042 replaced by ``042 <text>`` (line 2)."""
    lines = TEC_TRF.read_text(encoding="utf-8").splitlines()
    assert lines[1].startswith("042 ")
    lines[1] = f"042 {text}"
    return "\n".join(lines) + "\n"


def test_fide_example_start_date_is_read() -> None:
    doc = parse_trf(_with_start_date("28. 07. 2005"))
    assert doc.event.info.start_date == date(2005, 7, 28)
    assert doc.warnings == ()


def test_a_date_that_is_no_date_is_kept_and_warned_about() -> None:
    """Never a refusal: the warning names the line and the column; the text stays as written."""
    text = _with_start_date("sometime in May")
    doc = parse_trf(text, "t.trf")
    assert doc.event.info.start_date is None
    (warning,) = doc.warnings
    assert (warning.line, warning.column) == (2, 5)
    assert "'sometime in May' is not a date Arbiter understands; it is kept as written" in str(
        warning
    )
    assert write_trf(doc) == text


def test_a_round_date_that_is_no_date_is_warned_about_where_it_stands() -> None:
    lines = TEC_TRF.read_text(encoding="utf-8").splitlines()
    lines.insert(1, "132" + " " * 88 + "24/03/18  tomorrow")
    doc = parse_trf("\n".join(lines) + "\n", "t.trf")
    assert doc.event.info.round_dates == ("24/03/18", "tomorrow")
    (warning,) = doc.warnings
    assert (warning.line, warning.column) == (2, 102)
    assert "record 132, round 2: 'tomorrow'" in warning.message
