"""``settings FILE --half-point-byes N``: the half-point byes a player may take (FIDE C.02
question 176; US Chess 22C), and the byes refused past it on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import Capture, refused, run


@pytest.fixture
def event(tmp_path: Path, capsys: Capture) -> Path:
    path = tmp_path / "limit.arbiter"
    assert run(capsys, "new", str(path), "--name", "Limit", "--system", "swiss",
               "--rounds", "5")[0] == 0  # fmt: skip
    for name in ("Ann", "Ben", "Cid", "Dee"):
        assert run(capsys, "player", "add", str(path), "--name", name, "--rating", "2000")[0] == 0
    return path


def limit(capsys: Capture, path: Path) -> object:
    code, out, _ = run(capsys, "settings", str(path), "--json")
    assert code == 0
    return json.loads(out)["half_point_bye_limit"]


def test_the_limit_is_set_shown_and_taken_off(capsys: Capture, event: Path) -> None:
    assert limit(capsys, event) is None
    code, out, _ = run(capsys, "settings", str(event), "--half-point-byes", "1")
    assert code == 0
    assert (
        "half-point byes: at most 1 half-point bye per player (FIDE C.02 Q176; US Chess 22C)\n"
        in out
    )
    assert limit(capsys, event) == 1
    assert run(capsys, "settings", str(event), "--half-point-byes", "0")[0] == 0
    assert limit(capsys, event) == 0
    code, out, _ = run(capsys, "settings", str(event), "--half-point-byes", "none")
    assert code == 0 and "half-point byes: no limit announced\n" in out
    assert limit(capsys, event) is None


def test_bad_limits_are_refused(capsys: Capture, event: Path) -> None:
    err = refused(capsys, event, "settings", str(event), "--half-point-byes", "two")
    assert 'a number of half-point byes, or "none" for no limit' in err
    err = refused(capsys, event, "settings", str(event), "--half-point-byes", "-1")
    assert "is from 0 to 99, not -1" in err


def test_byes_past_the_limit_ask_and_are_refused(capsys: Capture, event: Path) -> None:
    assert run(capsys, "settings", str(event), "--half-point-byes", "1")[0] == 0
    file = str(event)
    assert run(capsys, "player", "bye", file, "2", "--round", "2", "--points", "1/2")[0] == 0
    err = refused(capsys, event, "player", "bye", file, "2", "--round", "3", "--points", "1/2")
    assert "2 Ben would have 2 half-point byes (rounds 2-3)" in err
    assert "the regulations allow at most 1 half-point bye" in err
    err = refused(capsys, event, "player", "bye", file, "3", "--rounds", "2-3", "--points", "1/2")
    assert "3 Cid would have 2 half-point byes (rounds 2-3)" in err
    code, out, _ = run(
        capsys, "player", "bye", file, "2", "--round", "3", "--points", "1/2", "--confirm"
    )
    assert code == 0 and "half-point bye requested for round 3" in out


def test_an_absence_past_the_limit_says_it_is_a_zero_point_bye(
    capsys: Capture, event: Path
) -> None:
    file = str(event)
    assert (
        run(capsys, "settings", file, "--half-point-byes", "0", "--bye-policy", "uscf-28l")[0] == 0
    )
    code, out, _ = run(capsys, "player", "absent", file, "4", "--round", "2")
    assert code == 0
    assert "round 2: 4 Dee absent, not paired: a zero-point bye (" in out
    assert "half-point bye (" not in out
    assert "notice: 4 Dee gets a zero-point bye in round 2, not a half-point bye" in out
    assert "the regulations allow no half-point bye" in out
