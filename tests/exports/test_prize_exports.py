"""The prizes travel with the final standings: the printed sheet, CSV, JSON and HTML."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.sheets.builders import standings
from arbiter_app.sheets.source import load

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "guide" / "examples"


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "jaen.arbiter"
    assert main(["import", str(EXAMPLES / "jaen-2024.trf"), "-o", str(path), "--confirm"]) == 0
    assert main(
        ["prizes", str(path), "--fund", "300,200,100",
         "--category", "U2000: rating<2000: 80,40", "--category", "Women: sex=w: 50"]
    ) == 0  # fmt: skip
    capsys.readouterr()
    return path


def export(path: Path, fmt: str, capsys: pytest.CaptureFixture[str]) -> str:
    out = path.with_suffix(f".{fmt}")
    assert main(["export", str(path), "--format", fmt, "-o", str(out)]) == 0
    capsys.readouterr()
    return out.read_text("utf-8")


def test_csv_ends_each_row_with_the_prize(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = list(csv.reader(io.StringIO(export(event, "csv", capsys).lstrip("\ufeff"))))
    assert rows[0][-2:] == ["Prize", "Money"]
    by_no = {r[1]: r[-2:] for r in rows[1:]}
    assert by_no["2"] == ["1st place", "300.00"]
    assert by_no["5"] == ["Women 1st", "50.00"]
    assert by_no["8"] == by_no["9"] == ["U2000 1st-2nd", "60.00"]
    assert by_no["4"] == ["", "0.00"]


def test_json_says_the_prize_of_each_row_and_how_they_were_given(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(export(event, "json", capsys))
    first = doc["standings"][0]
    assert first["prize"] == {"prize": "1st place", "money": "300.00"}
    assert doc["prizes"]["categories"] == ["U2000: rating<2000: 80.00,40.00", "Women: sex=w: 50.00"]
    assert doc["prizes"]["currency"] == "USD" and "32B1" in doc["prizes"]["award_rule"]


def test_the_final_standings_sheet_and_html_end_with_the_prize_list(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    html = export(event, "html", capsys)
    assert "<h2>Prizes</h2>" in html and "U2000 (rating&lt;2000): 80.00, 40.00 USD" in html
    assert "prize 1 of Women (sex=w)" in html
    src = load(event)
    texts = [getattr(b, "text", "") for b in standings(src, None).blocks]
    assert "Prizes" in texts
    # Standings after an earlier round are not final: no prizes under them.
    assert "Prizes" not in [getattr(b, "text", "") for b in standings(src, 3).blocks]


def test_without_a_fund_the_exports_are_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "plain.arbiter"
    assert main(["import", str(EXAMPLES / "jaen-2024.trf"), "-o", str(path), "--confirm"]) == 0
    capsys.readouterr()
    assert "Prize" not in export(path, "csv", capsys).splitlines()[0]
    assert "prizes" not in json.loads(export(path, "json", capsys))
