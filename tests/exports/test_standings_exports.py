"""Final standings as CSV, JSON, HTML and TRF: golden files and the properties behind them."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core.crosstable import round_robin_grid, swiss_crosstable
from arbiter_app.core.model import System
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.trf import parse_trf
from arbiter_app.exports.csv_export import rows_to_csv
from arbiter_app.exports.html import sheet_to_html
from arbiter_app.exports.json_export import exact, standings_to_json
from arbiter_app.exports.standings import (
    round_robin_sheet,
    standings_csv_rows,
    standings_sheet,
    swiss_crosstable_sheet,
    tiebreak_lines,
)
from arbiter_app.exports.trf_export import standings_to_trf
from tests.exports.golden import check_golden
from tests.exports.samples import NAMES, sample_event
from tests.support.compact import event_from_text

TIEBREAKS = ("BH/C1", "BH", "SB", "WIN")


@pytest.fixture
def final():  # type: ignore[no-untyped-def]
    event = replace(sample_event(), planned_rounds=3)
    return event, compute_standings(event, TIEBREAKS)


def test_csv_golden(final) -> None:  # type: ignore[no-untyped-def]
    event, table = final
    check_golden("standings.csv", rows_to_csv(*standings_csv_rows(event, table)))


def test_json_golden(final) -> None:  # type: ignore[no-untyped-def]
    event, table = final
    check_golden("standings.json", standings_to_json(event, table))


def test_html_golden(final) -> None:  # type: ignore[no-untyped-def]
    event, table = final
    check_golden("standings.html", sheet_to_html(standings_sheet(event, table)))


@pytest.mark.parametrize("version", ["TRF-16", "TRF-26"])
def test_trf_golden(final, version: str) -> None:  # type: ignore[no-untyped-def]
    event, table = final
    text = standings_to_trf(event, table, version, tiebreaks=TIEBREAKS)
    check_golden(f"standings-{version.lower()}.trf", text)
    if version == "TRF-26":  # records 202/212 name the list the standings were made with
        assert f"202 {','.join(TIEBREAKS)}\n" in text and "212 PTS," in text


def test_csv_rows_follow_the_standings_and_defuse_formulas(final) -> None:  # type: ignore[no-untyped-def]
    event, table = final
    text = rows_to_csv(*standings_csv_rows(event, table))
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    assert [r["No"] for r in rows] == [str(r.tpn) for r in table.rows]
    assert [r["Place"] for r in rows] == [r.place for r in table.rows]
    # Numbers a spreadsheet reads as numbers: a decimal point, never "½".
    assert rows[0]["Points"] == "2.5" and rows[0]["BH/C1"] == "3.5"
    hostile = next(r for r in rows if r["No"] == "5")
    assert hostile["Name"] == "'" + NAMES[5]
    assert not any(v.startswith(("=", "+", "@")) for r in rows for v in r.values())


def test_json_is_exact_and_complete(final) -> None:  # type: ignore[no-untyped-def]
    event, table = final
    doc = json.loads(standings_to_json(event, table))
    assert doc["rule_set"]["code"] == "fide-2024"
    assert [t["code"] for t in doc["tiebreaks"]] == list(TIEBREAKS)
    assert all("C.07" in t["article"] for t in doc["tiebreaks"])
    rows = doc["standings"]
    assert [r["tpn"] for r in rows] == [r.tpn for r in table.rows]
    for got, row in zip(rows, table.rows, strict=True):
        assert Fraction(got["points"]) == row.points
        for code in TIEBREAKS:
            assert Fraction(got["tiebreaks"][code]) == row.values[code]
    assert rows[1]["name"] == NAMES[4]


def test_exact_numbers() -> None:
    assert exact(Fraction(5, 2)) == "2.5"
    assert exact(Fraction(9, 4)) == "2.25"
    assert exact(Fraction(-1, 8)) == "-0.125"
    assert exact(Fraction(7, 3)) == "7/3"
    assert exact(Fraction(3)) == "3"
    assert exact(Fraction(1, 20)) == "0.05"


def test_trf_ranks_are_the_tie_broken_places(final) -> None:  # type: ignore[no-untyped-def]
    event, table = final
    doc = parse_trf(standings_to_trf(event, table, "TRF-26"))
    assert doc.event.entries == event.entries
    ranks = {row.tpn: row.rank for row in table.rows}
    assert dict(doc.ranks) == ranks
    # Players 3 and 5 both have 1½ points; the tie-breaks put 3 first.
    assert ranks[3] < ranks[5]


def test_html_header_names_the_rule_set_and_each_tiebreaks_article(final) -> None:  # type: ignore[no-untyped-def]
    event, table = final
    html = sheet_to_html(standings_sheet(event, table))
    assert "FIDE C.07 (text in force from 1 April 2024)" in html
    for line in tiebreak_lines(table):
        assert line.split(" — ")[0] in html
    assert "8.1" in html  # Buchholz, C.07 article 8.1
    assert "<h1>Final standings</h1>" in html
    assert "BH/C1 — Buchholz: sum of the opponents&#x27; scores, the lowest 1 cut" in html
    assert "&lt;b&gt;click&lt;/b&gt;" in html and "<b>click" not in html


def test_disqualified_and_playoff_rows() -> None:
    event = sample_event()
    players = [replace(p, disqualified=True) if p.tpn == 6 else p for p in event.players]
    event = event.with_players(players)
    table = compute_standings(event, TIEBREAKS)
    sheet = standings_sheet(event, table)
    html = sheet_to_html(sheet)
    assert "Not ranked:" in html and "disqualified" in html
    _header, rows = standings_csv_rows(event, table)
    assert rows[-1][1] == "6" and rows[-1][-1].startswith("not ranked: disqualified")


def test_swiss_crosstable_sheet(final) -> None:  # type: ignore[no-untyped-def]
    event, table = final
    sheet = swiss_crosstable_sheet(event, swiss_crosstable(event, table), table)
    (printed,) = sheet.tables()
    rows = printed.rows
    assert rows[0][:4] == ("1", "1", NAMES[1], "2610")
    assert rows[0][4:8] == ("4w1", "2b½", "3w1", "2½")
    # Issue 26: the tie-breaks follow the points, in the announced order, under their codes.
    assert tuple(c.title for c in printed.columns[8:]) == table.codes
    first = table.rows[0]
    assert rows[0][8:] == tuple(table.format_value(c, first.values[c]) for c in table.codes)
    byes = {row[1]: row[4:7] for row in rows}
    assert byes["5"] == ("PAB", "3w0", "HPB")
    assert byes["6"] == ("--", "4b0", "FPB")


def test_round_robin_sheet() -> None:
    event = event_from_text(
        "1: +W2 =B3\n2: -B1 +W3\n3: =W1 -B2",
        names={1: "Ann", 2: "Bo", 3: "Cy"},
        system=System.ROUND_ROBIN,
    )
    table = compute_standings(event, ("SB",))
    sheet = round_robin_sheet(event, round_robin_grid(event, table), table)
    (printed,) = sheet.tables()
    rows = printed.rows
    assert [r[2] for r in rows] == ["Ann", "Bo", "Cy"]
    assert rows[0][4:] == ("■", "1", "½", "1½", "1.25")
    assert rows[1][4:] == ("0", "■", "1", "1", "0.50")
    assert printed.columns[-1].title == "SB"
