"""``arbiter-app standings`` / ``explain``: renderers and the error paths."""

import csv
import io
import json
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest

from arbiter_app.cli import main
from arbiter_app.cli.standings import csv_cell, json_number, render_csv, render_json, render_text
from arbiter_app.core.standings import compute_standings
from tests.core.tiebreaks.test_uscf import EVENT


def test_json_numbers_are_exact_where_they_can_be() -> None:
    assert json_number(Fraction(3)) == "3"
    assert json_number(Fraction(5, 2)) == "2.5"
    assert json_number(Fraction(1, 8)) == "0.125"
    assert json_number(Fraction(-3, 2)) == "-1.5"
    assert json_number(Fraction(1, 3)) == "0.333333"
    assert json_number(Fraction(2, 3)) == "0.666667"


def test_render_json() -> None:
    st = compute_standings(EVENT, ["MM", "SOLK", "RBT"])
    data = json.loads(render_json(st), parse_float=Decimal)
    assert [d["tpn"] for d in data] == [4, 3, 2, 1, 5, 6]
    first = data[0]
    assert set(first) == {"rank", "place", "tpn", "name", "rating", "points", "tiebreaks"}
    assert first["points"] == 4 and isinstance(first["points"], int)
    assert data[1]["points"] == Decimal("3.5")
    assert data[3]["tiebreaks"] == {"MM": Decimal("5.5"), "SOLK": Decimal("9.5"), "RBT": 0}
    assert first["rating"] is None
    assert json.loads(render_json(compute_standings(replace(EVENT, players=()), []))) == []


def test_render_csv_is_spreadsheet_safe() -> None:
    players = tuple(
        replace(p, name='=HYPERLINK("http://x")' if p.tpn == 4 else p.name) for p in EVENT.players
    )
    st = compute_standings(replace(EVENT, players=players), ["MM"])
    rows = list(csv.reader(io.StringIO(render_csv(st))))
    assert rows[0] == ["place", "rank", "tpn", "name", "rating", "points", "MM"]
    assert rows[1][3] == '\'=HYPERLINK("http://x")'
    assert rows[2][5] == "3.5"
    assert rows[3][:3] == ["3", "3", "2"]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=1+1", "'=1+1"),
        ("+SUM(A1)", "'+SUM(A1)"),
        ("-2+3", "'-2+3"),
        ("@cmd", "'@cmd"),
        ("\tx", "'\tx"),
        ("-1.5", "-1.5"),
        ("3-5", "3-5"),
        (None, ""),
    ],
)
def test_csv_cell(value, expected) -> None:
    assert csv_cell(value) == expected


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
