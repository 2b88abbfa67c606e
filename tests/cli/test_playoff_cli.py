"""``arbiter-app playoff …`` and ``arbiter-app prizes`` in process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.playoff import preset
from tests.support.playoff_events import three_tied_for_first


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "c.arbiter"
    three_tied_for_first(path).close()
    return path


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_play_off_from_the_command_line(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = str(event)
    assert run_json(capsys, "playoff", "next", f)["text"].startswith("No play-off has been started")
    step = run_json(
        capsys,
        "playoff",
        "start",
        f,
        "--regulation",
        "gct-2023-classical",
        "--last-game-end",
        "2023-08-20T17:00",
        "--at",
        "2023-08-20T17:20",
    )
    assert step == {
        "step": "draw-lots",
        "article": "3.3",
        "text": step["text"],
        "players": [1, 2, 3],
    }
    step = run_json(capsys, "playoff", "draw", f, "--outcome", "3,1,2")
    assert step["step"] == "print"
    step = run_json(capsys, "playoff", "printed", f)
    assert step["step"] == "play" and step["article"] == "3.3.2"
    (game,) = step["games"]
    assert set(game) == {
        "id",
        "white",
        "black",
        "time_control",
        "armageddon",
        "round",
        "tie",
        "stage",
        "knockout",
        "byes",
        "label",
        "stage_title",
    }
    # Three tied: a round robin, one player free each round (the game carries who).
    assert (game["tie"], game["stage"], game["knockout"]) == ("places 1-3", "round robin 1", False)
    assert len(game["byes"]) == 1 and game["byes"][0] not in (game["white"], game["black"])
    assert game["label"] == f"places 1-3: round robin 1, round {game['round']}"
    assert game["stage_title"] == "places 1-3: round robin 1"  # the key of the drawn numbers
    assert (game["white"], game["black"], game["time_control"], game["armageddon"]) == (
        1,
        2,
        "G/10+5",
        False,
    )
    assert run_json(capsys, "playoff", "next", f) == step
    for _ in range(3):
        step = run_json(capsys, "playoff", "next", f)
        if step["step"] != "play":
            break
        for g in step["games"]:
            winner_white = g["white"] == 3 or (g["black"] != 3 and g["white"] < g["black"])
            run_json(capsys, "playoff", "result", f, g["id"], "1-0" if winner_white else "0-1")
    assert run_json(capsys, "playoff", "next", f)["step"] == "done"
    assert main(["playoff", "log", f]) == 0
    assert "3.3.2" in capsys.readouterr().out
    # The form: one comma-separated list (a comma is never a thousands separator here).
    rows = run_json(capsys, "prizes", f, "--fund", "100000,65000,48000")
    assert rows[0] == {
        "tpn": 3,
        "name": "Cid",
        "place": "1",
        "by_playoff": True,
        "money": "77666.67",
        "tour_points": 10,  # 3.7: (12 + 10 + 8) / 3, no bonus point
        "tour_points_exact": "10",
        "prize": "1st-3rd place",  # GCT 2023 3.6: the fixed amount, then places 1-3 pooled
        "explanation": "10000.00 to the play-off winner + equal share of places 1-3 (203000.00)",
    }
    assert [r["money"] for r in rows] == ["77666.67", "67666.67", "67666.66", "0.00"]
    # The fund given once is stored with the event.
    assert [r["money"] for r in run_json(capsys, "prizes", f)] == [r["money"] for r in rows]


def test_refusals_print_a_message_and_exit_2(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = str(event)
    assert main(["playoff", "draw", f]) == 2
    assert "no play-off has been started" in capsys.readouterr().err
    assert (
        main(
            [
                "playoff",
                "start",
                f,
                "--regulation",
                "gct-2023-tour",
                "--last-game-end",
                "2023-09-02T19:00",
                "--at",
                "2023-09-02T20:00",
            ]
        )
        == 2
    )
    assert "4.4" in capsys.readouterr().err
    assert main(["prizes", f]) == 2
    said = capsys.readouterr().err
    # The core's neutral reason, and what to type on the command line (issue 26).
    assert "no prize fund has been set" in said and "prizes FILE --set" in said
    assert "Prizes panel" not in said


def test_tour_standings_across_two_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """2.7 and 4.1: shared points in each event; the tie for first in the totals is marked."""
    first, second = tmp_path / "a.arbiter", tmp_path / "b.arbiter"
    three_tied_for_first(first).close()
    three_tied_for_first(second).close()
    rows = run_json(capsys, "tour", str(first), str(second))
    # In each event 1, 2, 3 share (12 + 10 + 8) / 3 = 10 and Dee has 7: a tie for 1-3.
    assert [(r["name"], r["place"], r["total"], r["playoff"]) for r in rows] == [
        ("Ann", "1-3", "20.00", True),
        ("Ben", "1-3", "20.00", True),
        ("Cid", "1-3", "20.00", True),
        ("Dee", "4", "14.00", False),
    ]


def test_ruling_and_decision_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ruling (a regulation that leaves a tie open); seed 001_… (three tied, not provided
    for): a decision. The tour regulation keeps a tie for second place tied (4.2)."""
    tour = tmp_path / "t.arbiter"
    three_tied_for_first(tour).close()
    step = run_json(
        capsys, "playoff", "start", str(tour), "--regulation", "gct-2023-tour", "--tie", "2:2,3"
    )
    assert step["step"] == "done" and "Places 2-3: 2, 3" in step["text"]
    assert main(["undo", str(tour)]) == 0
    capsys.readouterr()
    asking = preset("gct-2023-tour").to_json()
    asking["ambiguity_article"] = "4.2 vs 4.3/4.5"
    regulation = tmp_path / "asking.json"
    regulation.write_text(json.dumps(asking), "utf-8")
    step = run_json(
        capsys, "playoff", "start", str(tour), "--regulation-file", str(regulation),
        "--tie", "2:2,3",
    )  # fmt: skip
    assert step["step"] == "resolve-ambiguity" and step["players"] == [2, 3]
    step = run_json(
        capsys, "playoff", "ruling", str(tour), "--players", "2,3", "--no-break", "--reason", "4.2"
    )
    assert step["step"] == "done"
    city = tmp_path / "c2.arbiter"
    three_tied_for_first(city, preset="city-chess-ok").close()
    preview = run_json(capsys, "playoff", "next", str(city))
    assert preview["step"] == "start" and "places 1-3 (players 1, 2, 3)" in preview["text"]
    step = run_json(capsys, "playoff", "start", str(city))
    assert step["step"] == "decide" and step["players"] == [1, 2, 3]
    assert main(["playoff", "decide", str(city), "--order", "2,1", "--reason", "lots"]) == 2
    assert "no decision is due about players [2, 1]" in capsys.readouterr().err
    step = run_json(
        capsys, "playoff", "decide", str(city), "--order", "2,1,3", "--reason", "drawing of lots"
    )
    assert step["step"] == "done" and "Place 1: 2 (play-off)" in step["text"]


def test_standings_of_the_file_mark_the_places_the_play_off_decided(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 5 point 4: places decided by the play-off are marked in the final standings."""
    f = str(event)
    run_json(capsys, "playoff", "start", f, "--regulation", "gct-2023-classical")
    run_json(capsys, "playoff", "draw", f, "--outcome", "3,1,2")
    run_json(capsys, "playoff", "printed", f)
    while (step := run_json(capsys, "playoff", "next", f))["step"] == "play":
        for g in step["games"]:
            # Player 3 wins every game; the other game is drawn.
            result = "1-0" if g["white"] == 3 else "0-1" if g["black"] == 3 else "1/2"
            run_json(capsys, "playoff", "result", f, g["id"], result)
    assert step["step"] == "done"
    assert main(["standings", f, "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert rows[0]["tpn"] == 3 and rows[0]["by_playoff"] is True
    assert main(["standings", f]) == 0
    text = capsys.readouterr().out
    assert "1 PO" in text and "PO: place decided by the play-off" in text


def test_a_playoff_game_lost_by_forfeit_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 26: 1F-0, 0-1F and 0F-0F need no leading dash on a command line; the game is
    kept as a forfeit and the protocol says what the Laws make of it (FIDE Laws 6.7.1)."""
    from arbiter_app.session.commands import EditSettings
    from tests.support.playoff_events import three_tied_for_first

    path = tmp_path / "t.arbiter"
    session = three_tied_for_first(path)
    session.run(EditSettings(playoff="gct-2023-classical"))
    session.close()
    f = str(path)
    assert main(["playoff", "start", f, "--at", "2023-09-02T20:00"]) == 0
    assert main(["playoff", "draw", f, "--outcome", "1,2,3", "--witness", "Deputy"]) == 0
    assert main(["playoff", "printed", f]) == 0
    capsys.readouterr()
    assert main(["playoff", "result", f, "G1", "0-1F", "G2", "0F-0F"]) == 0
    assert main(["playoff", "log", f]) == 0
    log = capsys.readouterr().out
    assert "game G1: not played: 3 scores the point by forfeit" in log
    assert "game G2: not played: both players absent, both lose" in log
    assert "FIDE Laws of Chess 6.7.1" in log
    assert main(["playoff", "result", f, "G3", "banana"]) == 2
    assert "0-1F for a game the absent player loses by forfeit" in capsys.readouterr().err
