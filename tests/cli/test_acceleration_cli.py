"""The Baku Acceleration and a double round robin's round order on the command line
(FIDE C.02 groups Q106-111 and Q89-105): set with ``new`` or ``settings``, fixed after round 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli import main


def test_q106_111_set_shown_and_fixed_after_round_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "open.arbiter"
    assert main(["new", str(path), "--name", "Open", "--system", "swiss", "--rounds", "5"]) == 0
    for n in range(1, 9):
        assert main(["player", "add", str(path), "--name", f"P{n}", "--rating", str(2400 - n)]) == 0
    assert main(["settings", str(path), "--acceleration", "baku"]) == 0
    assert "acceleration:    Baku Acceleration (FIDE C.04.5.1)" in capsys.readouterr().out
    assert main(["pair", str(path), "--initial-colour", "white"]) == 0
    board_one = capsys.readouterr().out.splitlines()[1]
    assert "    1 P1  -     3 P3" in board_one  # GA (players 1-4) paired among itself
    assert main(["settings", str(path), "--acceleration", "none"]) == 2
    assert "fixed once round 1 is paired (FIDE C.04.5.1)" in capsys.readouterr().err


def test_q89_105_round_order_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.arbiter"
    argv = ["new", str(path), "--name", "Club", "--system", "double-round-robin", "--rounds", "10"]
    assert main([*argv, "--swap-last-two"]) == 0
    assert "last two rounds of the first cycle exchanged (C.05 Annex 1)" in capsys.readouterr().out
    assert main(["settings", str(path), "--no-swap-last-two"]) == 0
    assert "round order" not in capsys.readouterr().out
    swiss = tmp_path / "swiss.arbiter"
    assert main(["new", str(swiss), "--name", "S", "--system", "swiss", "--rounds", "5"]) == 0
    assert main(["settings", str(swiss), "--swap-last-two"]) == 2
    assert "is for a double round robin" in capsys.readouterr().err
