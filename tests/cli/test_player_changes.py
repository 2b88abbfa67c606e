"""``arbiter-app player remove|withdraw|disqualify|reinstate|edit|bye|list``: each a session
command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter_app.core.model import ByeRequest, EntryKind
from arbiter_app.session import Session
from tests.support.cli import Capture, refused, run
from tests.support.sessions import small_event


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    """Spring Open: Ann, Ben, Cid, Dee; round 1 played, round 2 paired (2-1, 3-4)."""
    path = tmp_path / "spring.arbiter"
    small_event(path).close()
    return path


def last_command(path: Path) -> tuple[str, dict[str, object]]:
    with Session.open(path, readonly=True) as session:
        entry = session.journal()[-1]
    return entry.command, entry.arguments


def test_withdraw(capsys: Capture, event_file: Path) -> None:
    err = refused(capsys, event_file, "player", "withdraw", str(event_file), "--player", "3",
                  "--from-round", "2")  # fmt: skip
    assert "player 3 is paired on board 2 of round 2; withdraw from round 3" in err
    code, out, _ = run(
        capsys, "player", "withdraw", str(event_file), "--player", "3", "--from-round", "3"
    )
    assert code == 0
    assert out.startswith("player 3 Cid withdraws from round 3")
    assert last_command(event_file) == ("withdraw_player", {"from_round": 3, "tpn": 3})
    err = refused(capsys, event_file, "player", "withdraw", str(event_file), "--player", "3",
                  "--from-round", "4")  # fmt: skip
    assert "withdrew already (from round 3)" in err


def test_disqualify_asks_a_level_3_question(capsys: Capture, event_file: Path) -> None:
    err = refused(capsys, event_file, "player", "disqualify", str(event_file), "--player", "2")
    assert "level 3 question" in err
    assert "Disqualify 2 Ben?" in err
    assert "No score changes" in err
    assert "Nothing was changed. To go ahead, run the command again with --confirm." in err
    code, out, _ = run(
        capsys, "player", "disqualify", str(event_file), "--player", "2", "--confirm"
    )
    assert code == 0
    assert out == "player 2 Ben is disqualified: out of the standings, no score changes\n"
    assert last_command(event_file) == ("disqualify_player", {"confirm": True, "tpn": 2})
    err = refused(capsys, event_file, "player", "disqualify", str(event_file), "--player", "2",
                  "--confirm")  # fmt: skip
    assert "player 2 is disqualified already" in err


def test_reinstate(capsys: Capture, event_file: Path) -> None:
    err = refused(capsys, event_file, "player", "reinstate", str(event_file), "--player", "1")
    assert "player 1 is neither withdrawn nor disqualified" in err
    run(capsys, "player", "withdraw", str(event_file), "--player", "1", "--from-round", "3")
    code, out, _ = run(capsys, "player", "reinstate", str(event_file), "--player", "1")
    assert (code, out) == (0, "player 1 Ann is reinstated\n")
    with Session.open(event_file, readonly=True) as session:
        assert session.event.player(1).withdrawn_from_round is None


def test_edit(capsys: Capture, event_file: Path) -> None:
    code, out, _ = run(
        capsys, "player", "edit", str(event_file), "--player", "4", "--rating", "1950",
        "--title", "CM", "--fide-id", "123456",
    )  # fmt: skip
    assert code == 0
    assert out == "player 4: rating 1950, title CM, fide id 123456\n"
    assert last_command(event_file) == (
        "edit_player",
        {"fide_id": "123456", "rating": "1950", "title": "CM", "tpn": 4},
    )
    err = refused(capsys, event_file, "player", "edit", str(event_file), "--player", "4")
    assert "give at least one field to change (--name, --rating" in err
    err = refused(capsys, event_file, "player", "edit", str(event_file), "--player", "4",
                  "--rating", "strong")  # fmt: skip
    assert "rating must be a whole number" in err
    err = refused(capsys, event_file, "player", "edit", str(event_file), "--player", "9",
                  "--name", "X")  # fmt: skip
    assert "there is no player with pairing number 9" in err


def test_bye_of_each_value_and_cancelled(capsys: Capture, event_file: Path) -> None:
    path = str(event_file)
    code, out, _ = run(capsys, "player", "bye", path, "--player", "1", "--round", "3",
                       "--points", "½")  # fmt: skip
    assert (code, out) == (0, "player 1 Ann: half-point bye requested for round 3\n")
    code, out, _ = run(capsys, "player", "bye", path, "--player", "2", "--round", "3",
                       "--points", "0")  # fmt: skip
    assert out == "player 2 Ben: zero-point bye requested for round 3\n"
    # A full-point bye is done, with FIDE's level-2 notice printed after it.
    code, out, _ = run(capsys, "player", "bye", path, "--player", "3", "--round", "4",
                       "--points", "1")  # fmt: skip
    assert code == 0
    assert out.splitlines()[0] == "player 3 Cid: full-point bye requested for round 4"
    assert out.splitlines()[1].startswith("notice: 3 Cid gets a full-point bye in round 4")
    with Session.open(event_file, readonly=True) as session:
        assert session.event.bye_requests == (
            ByeRequest(1, 3, EntryKind.HALF_BYE),
            ByeRequest(2, 3, EntryKind.ZERO_BYE),
            ByeRequest(3, 4, EntryKind.FULL_BYE),
        )
    code, out, _ = run(capsys, "player", "bye", path, "--player", "2", "--round", "3",
                       "--cancel")  # fmt: skip
    assert out == "player 2 Ben: the bye request for round 3 is cancelled\n"
    assert last_command(event_file) == ("requested_bye", {"kind": "none", "round": 3, "tpn": 2})


def test_bye_refusals_and_the_second_half_point_bye(capsys: Capture, event_file: Path) -> None:
    path = str(event_file)
    err = refused(capsys, event_file, "player", "bye", path, "--player", "1", "--round", "3",
                  "--points", "2")  # fmt: skip
    assert "a requested bye is worth 1/2, 0 or 1 point, not '2'" in err
    err = refused(capsys, event_file, "player", "bye", path, "--player", "1", "--round", "2",
                  "--points", "1/2")  # fmt: skip
    assert "round 2 is paired already" in err
    err = refused(capsys, event_file, "player", "bye", path, "--player", "1", "--round", "3",
                  "--cancel")  # fmt: skip
    assert "player 1 has no bye request for round 3" in err
    run(capsys, "player", "bye", path, "--player", "1", "--round", "3", "--points", "0.5")
    err = refused(capsys, event_file, "player", "bye", path, "--player", "1", "--round", "4",
                  "--points", "1/2")  # fmt: skip
    assert "1 Ann has a half-point bye already (round 3): give another one in round 4?" in err
    code, _, _ = run(capsys, "player", "bye", path, "--player", "1", "--round", "4",
                     "--points", "1/2", "--confirm")  # fmt: skip
    assert code == 0


def test_list_as_text_and_json(capsys: Capture, event_file: Path) -> None:
    path = str(event_file)
    run(capsys, "player", "bye", path, "--player", "1", "--round", "3", "--points", "1/2")
    run(capsys, "player", "withdraw", path, "--player", "4", "--from-round", "3")
    code, out, _ = run(capsys, "player", "list", path)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["No", "Name", "Rtg", "Title", "Fed", "FIDE", "id", "Pts",
                                "Present", "State", "Byes", "asked"]  # fmt: skip
    assert "round 3 (half-point bye)" in lines[2]
    assert "withdrawn from round 3" in lines[5]
    code, out, _ = run(capsys, "player", "list", path, "--json")
    players = json.loads(out)
    assert [p["name"] for p in players] == ["Ann", "Ben", "Cid", "Dee"]
    assert players[0]["bye_requests"] == [{"round": 3, "kind": "half-bye"}]
    assert players[0]["points"] == 2  # beat Cid, beat Ben
    assert players[1]["points"] == 0.5
    assert players[3]["withdrawn_from_round"] == 3
    assert players[3]["rating"] == 1900


def test_list_of_an_empty_event(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "new.arbiter"
    run(capsys, "new", str(path), "--name", "N", "--system", "swiss", "--rounds", "3")
    code, out, _ = run(capsys, "player", "list", str(path))
    assert (code, out) == (0, "new.arbiter: no player registered yet\n")
    code, out, _ = run(capsys, "player", "list", str(path), "--json")
    assert json.loads(out) == []


def test_remove_takes_a_registration_back_before_round_1(
    capsys: Capture, event_file: Path, tmp_path: Path
) -> None:
    err = refused(capsys, event_file, "player", "remove", str(event_file), "--player", "2")
    assert "2 rounds are paired already: a registration is taken back only before round 1" in err
    assert "withdraw 2 Ben instead" in err
    fresh = tmp_path / "fresh.arbiter"
    assert (
        run(capsys, "new", str(fresh), "--name", "F", "--system", "swiss", "--rounds", "3")[0] == 0
    )
    for name, rating in (("Ann", "1900"), ("Ben", "1800"), ("Ben", "1800"), ("Cid", "1700")):
        assert run(capsys, "player", "add", str(fresh), "--name", name, "--rating", rating)[0] == 0
    code, out, _ = run(capsys, "player", "remove", str(fresh), "--player", "3")
    assert code == 0
    assert out == "player 3 Ben is no longer registered; 3 players remain, numbered 1-3\n"
    assert last_command(fresh) == ("remove_player", {"tpn": 3})
    with Session.open(fresh, readonly=True) as session:
        assert [(p.tpn, p.name) for p in session.event.players] == [(1, "Ann"), (2, "Ben"),
                                                                    (3, "Cid")]  # fmt: skip
    err = refused(capsys, fresh, "player", "remove", str(fresh), "--player", "9")
    assert "there is no player with pairing number 9" in err
