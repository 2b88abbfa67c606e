"""Team standings (US Chess 28N) as a sheet, CSV rows and JSON: one read model, three views."""

from __future__ import annotations

import json

from arbiter_app.core.standings import compute_standings
from arbiter_app.core.team_scores import team_standings
from arbiter_app.exports.sheet import Table
from arbiter_app.exports.team_standings import (
    team_standings_csv_rows,
    team_standings_sheet,
    team_standings_to_json,
)
from tests.core.test_team_scores import event


def test_the_sheet_csv_and_json_say_the_same() -> None:
    teams = team_standings(compute_standings(event(), ["SOLK"]), best=2)
    sheet = team_standings_sheet(event(), teams)
    table = next(b for b in sheet.blocks if isinstance(b, Table))
    assert [c.title for c in table.columns] == [
        "Place", "Team", "Pts", "SOLK", "Counted", "Not counted",
    ]  # fmt: skip
    assert table.rows[1][:3] == ("2", "Adams", "3½")
    assert table.rows[1][4] == "Player 2 2, Player 4 1½"
    header, rows = team_standings_csv_rows(teams)
    assert header[:4] == ["Place", "Team", "Pts", "SOLK"]
    assert rows[1][:3] == ("2", "Adams", "3.5")  # a decimal point for spreadsheets
    doc = json.loads(team_standings_to_json(event(), teams))
    adams = doc["teams"][1]
    assert (adams["team"], adams["points"], doc["best"]) == ("Adams", "3.5", 2)
    assert [p["counts"] for p in adams["players"]] == [True, True, False]
    assert "US Chess rule 28N" in doc["rule"]


def test_without_teams_the_sheet_says_how_to_give_them() -> None:
    from arbiter_app.exports.sheet import Paragraph
    from tests.core.test_team_scores import TEAMS

    plain = event({t: "" for t in TEAMS})
    teams = team_standings(compute_standings(plain, []))
    sheet = team_standings_sheet(plain, teams)
    texts = [b.text for b in sheet.blocks if isinstance(b, Paragraph)]
    assert texts[0].startswith("No player has a team")
