"""City Chess OK Tiebreaks 1 from the command line: the round dates decide "that day"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import Capture, run
from tests.support.playoff_events import two_tied_one_beat_the_other


@pytest.fixture
def rapid(tmp_path: Path) -> Path:
    """Ann and Ben tie for first; Ann beat Ben in round 2."""
    path = tmp_path / "okc.arbiter"
    two_tied_one_beat_the_other(path).close()
    return path


@pytest.mark.parametrize(
    ("dates", "first_step"),
    [
        ("2024-05-04,2024-05-05,2024-05-05", "[done]"),  # round 2 was that day: Ann is first
        ("2024-05-04,2024-05-04,2024-05-05", "[draw-lots]"),  # another day: the blitz match
    ],
)
def test_the_round_dates_decide_which_game_counts(
    capsys: Capture, rapid: Path, dates: str, first_step: str
) -> None:
    assert run(capsys, "settings", str(rapid), "--round-dates", dates)[0] == 0
    code, out, err = run(capsys, "playoff", "start", str(rapid), "--regulation", "city-chess-ok")
    assert code == 0, err
    assert out.startswith(first_step)
    assert "assumed:" not in out
    _, log, _ = run(capsys, "playoff", "log", str(rapid))
    if first_step == "[draw-lots]":
        assert "was on 2024-05-04, not on the day of the play-off (2024-05-05)" in log


def test_without_the_round_dates_the_step_says_what_it_assumed(
    capsys: Capture, rapid: Path
) -> None:
    code, out, _ = run(capsys, "playoff", "start", str(rapid), "--regulation", "city-chess-ok")
    assert code == 0
    assert out.startswith("[done]")
    assert "  assumed: the tie for places 1-2 (players 1, 2): the round dates are not known" in out
    _, again, _ = run(capsys, "playoff", "next", str(rapid))
    assert "assumed: " in again
