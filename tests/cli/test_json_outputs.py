"""``--json`` on every command that prints data: each output parses as JSON and says the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arbiter_app.cli import main
from arbiter_app.session.commands import EditSettings, SetPrizeFund, StartPlayoff
from tests.support.playoff_events import three_tied_for_first

Capture = pytest.CaptureFixture[str]


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    """Three tied for first, a classical play-off started, a prize fund."""
    path = tmp_path / "final.arbiter"
    with three_tied_for_first(path) as session:
        session.run(EditSettings(tiebreaks=["SB"]), confirm="tiebreaks-reorder-standings")
        session.run(
            StartPlayoff(
                regulation="gct-2023-classical",
                last_game_end="2023-05-12T18:00",
                at="2023-05-12T18:20",
            )
        )
        session.run(SetPrizeFund(prizes=["1000", "500", "250"]))
    return path


def parsed(capsys: Capture, *argv: str) -> Any:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_every_data_command_speaks_json(capsys: Capture, event_file: Path) -> None:
    path = str(event_file)
    standings = parsed(capsys, "standings", path, "--json")
    rows = standings["standings"]  # the export's document
    assert [row["tpn"] for row in rows][:3] and "SB" in rows[0]["tiebreaks"]
    assert parsed(capsys, "standings", path, "--format", "json") == standings
    explained = parsed(capsys, "explain", path, "--player", "1", "--tiebreak", "SB", "--json")
    assert explained["tpn"] == 1 and explained["tiebreak"] == "SB"
    assert sum(c["value"] for c in explained["contributions"] if not c["cut"]) == pytest.approx(
        explained["value"]
    )
    log = parsed(capsys, "log", path, "--json")
    assert [e["command"] for e in log][-2:] == ["playoff.start", "prizes.set_fund"]
    assert log[-3]["arguments"]["confirm"] == "tiebreaks-reorder-standings"
    players = parsed(capsys, "player", "list", path, "--json")
    assert {p["tpn"] for p in players} == {row["tpn"] for row in rows}
    step = parsed(capsys, "playoff", "next", path, "--json")
    assert step["step"] == "draw-lots"
    prizes = parsed(capsys, "prizes", path, "--json")
    assert sum(float(p["money"]) for p in prizes) == pytest.approx(1750)
    tour = parsed(capsys, "tour", path, "--json")
    assert len(tour) == len(players)
    settings = parsed(capsys, "settings", path, "--json")
    assert settings["playoff"] is None and settings["tiebreaks"] == ["SB"]
    assert settings["prize_fund"]["prizes"] == ["1000.00", "500.00", "250.00"]
