"""``settings --points`` outside FIDE's rules in FIDE mode (FIDE C.02, the checklist's
questions 74, 81 and 83): before round 1 the event leaves FIDE mode and says why; once
round 1 is paired it asks the level-4 question first."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli import main


def _settings(path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["settings", str(path), *args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_q83_a_pab_of_075_under_1_half_0_is_outside_fide_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "t.arbiter"
    assert main(["new", str(event), "--name", "T", "--system", "swiss", "--rounds", "5"]) == 0
    code, out = _settings(event, capsys, "--points", "1,0.5,0,1,0.75,0.5,0")
    assert code == 0
    assert (
        "FIDE mode:       Not in FIDE mode: the event uses a point system with a "
        "pairing-allocated bye worth 0.75 under 1/½/0, which gives it 1, ½ or 0 "
        "(FIDE C.02, verification checklist question 83), outside FIDE's rules.\n"
    ) in out
    code, out = _settings(event, capsys, "--pab-value", "draw")
    assert code == 0 and "FIDE mode:       on (FIDE C.02)\n" in out


def test_q74_after_round_1_the_level_4_question_comes_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "t.arbiter"
    assert main(["new", str(event), "--name", "T", "--system", "swiss", "--rounds", "5"]) == 0
    for name, rating in (("Ann", "2200"), ("Ben", "2100"), ("Cid", "2000"), ("Dee", "1900")):
        assert main(["player", "add", str(event), "--name", name, "--rating", rating]) == 0
    assert main(["pair", str(event), "--initial-colour", "white"]) == 0
    code, out = _settings(event, capsys, "--points", "1,0.75,0")
    assert code == 2
    assert "Leave FIDE mode after round 1 was paired" in out
    assert "two draws (1½) worth more than a win and a loss (1)" in out
    assert "--confirm=leave-fide-mode-for-good" in out
    code, out = _settings(event, capsys)
    assert "FIDE mode:       on (FIDE C.02)\n" in out and "points:          standard" in out
