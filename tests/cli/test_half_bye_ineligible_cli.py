"""A half-point bye for a player marked not eligible for one (FIDE C.02, the checklist's
questions 175 and 176): refused in FIDE mode, a level-3 question outside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli import main


def test_q176_refused_in_fide_mode_and_asked_outside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = str(tmp_path / "t.arbiter")
    assert main(["new", f, "--name", "T", "--system", "swiss", "--rounds", "5"]) == 0
    for name, rating in (("Ann", "2200"), ("Ben", "2100"), ("Cid", "2000"), ("Dee", "1900")):
        assert main(["player", "add", f, "--name", name, "--rating", rating]) == 0
    assert main(["player", "half-bye", f, "--player", "3", "--ineligible"]) == 0
    capsys.readouterr()
    bye = ["player", "bye", f, "--player", "3", "--round", "2", "--points", "1/2"]
    assert main([*bye, "--confirm"]) == 2
    err = capsys.readouterr().err
    assert "is marked not eligible for a half-point bye: in FIDE mode none is given" in err
    assert main(["settings", f, "--preset", "uscf"]) == 0
    capsys.readouterr()
    assert main(bye) == 2
    assert "level 3 question" in capsys.readouterr().err
    assert main([*bye, "--confirm"]) == 0
