"""``arbiter-app status``, ``standings --provisional``, ``player number`` and the play-off's
gate on the command line: the same sentences the core gives the window."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session import Session
from arbiter_app.session.commands import CorrectResult, EditSettings
from tests.support.playoff_events import three_tied_for_first

PLAYERS = (("Zoe", "1500"), ("Max", "2000"), ("Ann", "1800"), ("Bob", "2300"), ("Cy", "1200"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def club(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "club.arbiter"
    assert (
        run(capsys, "new", str(path), "--name", "Club", "--system", "swiss", "--rounds", "3")[0]
        == 0
    )
    for name, rating in PLAYERS:
        assert run(capsys, "player", "add", str(path), "--name", name, "--rating", rating)[0] == 0
    return path


def test_status_through_a_round(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "status", str(club))
    assert code == 0
    assert out.splitlines()[:3] == [
        "Club (Swiss, 3 rounds, 5 players)",
        "Registration: 5 players, no round paired yet.",
        "Standings: before round 1.",
    ]
    assert "Pairing numbers by the initial ranking" in out
    assert run(capsys, "pair", str(club), "--initial-colour", "white")[0] == 0
    assert run(capsys, "result", str(club), "--round", "1", "--board", "1", "1-0")[0] == 0
    code, out, _ = run(capsys, "status", str(club))
    lines = out.splitlines()
    assert lines[1] == "Round 1 of 3 in progress: board 2 still lacks a result."
    assert lines[2] == (
        "Standings: before round 1; --provisional shows round 1 as it stands, unfinished games"
        " pending."
    )
    assert lines[3].endswith("fixed since round 1 was paired.")
    assert lines[4] == (
        "Next round: In round 1, board 2 still lacks a result; enter it before pairing the"
        " next round."
    )
    code, out, _ = run(capsys, "status", str(club), "--json")
    data = json.loads(out)
    assert data["phase"] == "round-in-progress" and data["standings_after_round"] == 0
    assert data["pending_boards"] == [{"round": 1, "board": 2}]
    assert data["pairing_numbers"] == {
        "by": "rating",
        "fixed": True,
        "text": lines[3],
    }
    assert data["next_round"]["can_pair"] is False


def test_standings_stay_on_the_last_complete_round_unless_provisional(
    club: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bob (2300) is number 1 and Cy (1200) has the bye; board 1 is played, board 2 is not."""
    run(capsys, "pair", str(club), "--initial-colour", "white")
    run(capsys, "result", str(club), "--round", "1", "--board", "1", "1-0")
    code, out, _ = run(capsys, "standings", str(club))
    assert out.splitlines()[0] == "Club: standings before round 1"
    assert all(line.split()[-1] == "0" for line in out.splitlines()[5:10])
    code, out, _ = run(capsys, "standings", str(club), "--provisional")
    lines = out.splitlines()
    assert lines[0] == "Club: provisional standings during round 1 of 3"
    rows = {line.split()[-3]: line for line in lines[5:10]}
    assert rows["Bob"].endswith(" 1") and rows["Cy"].endswith(" 1")  # the win and the bye
    assert [name for name, line in rows.items() if " ? " in line] == ["Max", "Zoe"]
    assert rows["Ann"].endswith(" 0")  # lost on board 1: counted, not pending
    assert "? pending: the game of round 1 has no result yet" in out
    code, out, _ = run(capsys, "standings", str(club), "--provisional", "--format", "json")
    pending = {row["name"] for row in json.loads(out)["standings"] if row["pending"]}
    assert pending == {"Max", "Zoe"}
    code, _, err = run(capsys, "standings", str(club), "--after-round", "1")
    assert code == 2 and "round 1 is in progress and can be shown as provisional" in err
    code, _, err = run(capsys, "standings", str(club), "--after-round", "1", "--provisional")
    assert code == 2 and "not both" in err


def test_export_and_print_follow_the_same_default(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "pair", str(club), "--initial-colour", "white")
    out = tmp_path / "s.json"
    assert run(capsys, "export", str(club), "--format", "json", "-o", str(out))[0] == 0
    data = json.loads(out.read_text("utf-8"))
    assert data["after_round"] == 0 and data["provisional"] is False
    assert data["title"] == "Standings before round 1"
    assert (
        run(capsys, "export", str(club), "--format", "json", "--provisional", "-o", str(out))[0]
        == 0
    )
    data = json.loads(out.read_text("utf-8"))
    assert (
        data["provisional"] is True and data["title"] == "Provisional standings during round 1 of 3"
    )
    assert sum(row["pending"] for row in data["standings"]) == 4


def test_player_number_by_a_draw_at_the_venue(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rr.arbiter"
    run(capsys, "new", str(path), "--name", "RR", "--system", "round-robin", "--rounds", "3")
    for name, rating in PLAYERS[:4]:
        run(capsys, "player", "add", str(path), "--name", name, "--rating", rating)
    code, _, err = run(capsys, "pair", str(path))
    assert code == 2 and "A round robin's pairing numbers are drawn by lot before round 1" in err
    code, _, err = run(capsys, "player", "number", str(path), "--by", "draw")
    assert code == 2 and "--by draw needs --order" in err
    code, _, err = run(capsys, "player", "number", str(path), "--by", "rating", "--witness", "X")
    assert code == 2 and "--witness goes with a draw" in err
    with pytest.raises(SystemExit) as bad:
        main(["player", "number", str(path), "--by", "draw", "--order", "1,x"])
    assert bad.value.code == 2
    assert "expected pairing numbers like 3,1,2" in capsys.readouterr().err
    code, out, _ = run(
        capsys, "player", "number", str(path), "--by", "draw", "--order", "4,2,1,3",
        "--witness", "Deputy",
    )  # fmt: skip
    assert code == 0 and out.splitlines()[0] == "   1 Bob (2300)"
    assert out.splitlines()[-1].startswith("Pairing numbers drawn at the venue")
    assert run(capsys, "pair", str(path))[0] == 0
    code, _, err = run(capsys, "player", "number", str(path), "--by", "lot")
    assert code == 2 and "would repeat games already played" in err


def test_playoff_gate_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.arbiter"
    with three_tied_for_first(path) as s:
        s.undo()  # the last result of round 3 is not in yet
        s.run(EditSettings(playoff="gct-2023-classical"))
        reason = s.event_state.playoff.reason
    code, out, _ = run(capsys, "playoff", "next", str(path), "--json")
    step = json.loads(out)
    assert step["step"] == "not-due" and step["text"] == reason
    code, _, err = run(capsys, "playoff", "start", str(path))
    assert code == 2 and err.strip() == f"arbiter-app: {reason}"
    code, out, _ = run(capsys, "status", str(path))
    assert f"Play-off: {reason}" in out


def test_a_stale_play_off_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.arbiter"
    three_tied_for_first(path).close()
    run(capsys, "playoff", "start", str(path), "--regulation", "gct-2023-classical")
    run(capsys, "playoff", "decide", str(path), "--order", "1,2,3", "--reason", "x")  # refused
    with Session.open(path) as s:
        s.run(CorrectResult(round=3, board=1, result="1/2"))
        reason = s.event_state.playoff.reason
    assert reason.startswith("The play-off no longer matches the standings")
    code, out, _ = run(capsys, "playoff", "next", str(path))
    assert out.splitlines()[0] == f"[restart] article 3.1: {reason}"
    assert "next: arbiter-app playoff restart FILE --confirm" in out
    code, _, err = run(capsys, "playoff", "draw", str(path))
    assert code == 2 and reason in err
    code, _, err = run(capsys, "playoff", "restart", str(path))
    assert code == 2 and "Confirm to restart it." in err
    code, out, _ = run(capsys, "playoff", "restart", str(path), "--confirm")
    assert code == 0 and out.startswith("[draw-lots]") and "(players 1, 3)" in out
