"""``arbiter-app standings`` / ``explain``: renderers and the error paths."""

import csv
import io
import json
from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.cli import main
from arbiter_app.cli.standings import json_number, render_text
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.trf import event_to_trf
from tests.core.tiebreaks.test_uscf import EVENT


def test_json_numbers_are_exact_where_they_can_be() -> None:
    assert json_number(Fraction(3)) == "3"
    assert json_number(Fraction(5, 2)) == "2.5"
    assert json_number(Fraction(1, 8)) == "0.125"
    assert json_number(Fraction(-3, 2)) == "-1.5"
    assert json_number(Fraction(1, 3)) == "0.333333"
    assert json_number(Fraction(2, 3)) == "0.666667"


def test_standings_json_and_csv_are_the_export_s(tmp_path, capsys) -> None:
    """``standings --format json|csv`` print the export's document and columns (one shape,
    one guard against spreadsheet formulas), for the list the options ask for."""
    players = tuple(
        replace(p, name='=HYPERLINK("http://x")' if p.tpn == 4 else p.name) for p in EVENT.players
    )
    trf = tmp_path / "e.trf"
    trf.write_text(event_to_trf(replace(EVENT, players=players)), encoding="utf-8")
    assert main(["standings", str(trf), "--tiebreaks", "MM,SOLK", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "arbiter-standings" and data["version"] == 1
    rows = data["standings"]
    assert [r["tpn"] for r in rows] == [4, 3, 2, 1, 5, 6]
    assert rows[0]["points"] == "4" and rows[1]["points"] == "3.5"
    assert rows[3]["tiebreaks"] == {"MM": "5.5", "SOLK": "9.5"}
    assert rows[0]["by_playoff"] is False and rows[0]["withdrawn"] is False
    assert main(["standings", str(trf), "--tiebreaks", "MM", "--format", "csv"]) == 0
    table = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert table[0] == [
        "Place", "No", "Title", "Name", "Federation", "FIDE ID", "Rating", "Points", "MM", "Note"
    ]  # fmt: skip
    assert table[1][3] == '\'=HYPERLINK("http://x")'
    assert table[2][7] == "3.5"


def test_render_text_is_aligned() -> None:
    st = compute_standings(EVENT, ["MM", "KASH"])
    text = render_text(EVENT, st)
    lines = text.splitlines()
    assert "final standings" in lines[0]  # after round 5 of 5
    assert "MM, KASH" in lines[1]
    table = lines[3:]
    assert table[0].split() == ["Place", "No", "Name", "Rtg", "Pts", "MM", "KASH"]
    # the right edge of every numeric column lines up
    assert len({len(line) for line in table[2:]}) == 1
    assert "10½" in table[3]  # player 3: MM 10½


def test_missing_file_exits_2(tmp_path, capsys) -> None:
    missing = tmp_path / "nope.trf"
    assert main(["standings", str(missing)]) == 2
    err = capsys.readouterr().err
    assert "nope.trf" in err and "no such file" in err


def test_wrong_kind_of_file_exits_2(tmp_path, capsys) -> None:
    other = tmp_path / "event.xlsx"
    other.write_bytes(b"PK")
    assert main(["standings", str(other)]) == 2
    assert "expected a tournament file (.arbiter) or a TRF file" in capsys.readouterr().err


def test_not_utf8_names_line_and_column(tmp_path, capsys) -> None:
    bad = tmp_path / "latin.trf"
    bad.write_bytes(b"012 Open\n001    1 m    M\xfcller\n")
    assert main(["standings", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:2:16" in err and "UTF-8" in err


def test_unknown_tiebreak_exits_2_listing_known_codes(tmp_path, capsys) -> None:
    assert main(["standings", str(tmp_path / "x.trf"), "--tiebreaks", "MM,XYZ"]) == 2
    err = capsys.readouterr().err
    assert "XYZ" in err and "SOLK" in err and "known" in err


def test_unknown_preset_exits_2(tmp_path, capsys) -> None:
    assert main(["standings", str(tmp_path / "x.trf"), "--preset", "nope"]) == 2
    assert "uscf" in capsys.readouterr().err


def test_bad_rules_choice_is_a_usage_error(tmp_path, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["standings", str(tmp_path / "x.trf"), "--rules", "fide-1999"])
    assert exc.value.code == 2
