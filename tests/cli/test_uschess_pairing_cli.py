"""A four-round US Chess Open paired on the command line by the US Chess engine, with
``pair --explain`` naming each transposition and interchange with its rule and the
rating difference (US Chess 29E5a, 29E5b)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.pairing import append_round
from arbiter_app.core.result import GameResult
from tests.core.pairing.uschess.support import event, pair
from tests.support.cli import run

Capture = pytest.CaptureFixture[str]

RATINGS = (2145, 2050, 2020, 2010, 1935, 1915, 1890, 1855, 1785, 1730, 1675, 1450)
RESULTS = ("1-0", "0-1", "1/2-1/2")
"""Board *b* of round *r* ends ``RESULTS[(b + r) % 3]``."""


def ok(capsys: Capture, *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


def test_a_four_round_open_names_its_transposition_and_interchange(
    tmp_path: Path, capsys: Capture
) -> None:
    f = str(tmp_path / "open.arbiter")
    ok(capsys, "new", f, "--name", "Saturday Open", "--system", "swiss", "--rounds", "4",
       "--preset", "uscf")  # fmt: skip
    for i, rating in enumerate(RATINGS, start=1):
        ok(capsys, "player", "add", f, "--name", f"Player {i}", "--rating", str(rating))
    explained: list[str] = []
    for r in range(1, 5):
        extra = ("--initial-colour", "white") if r == 1 else ()
        out = ok(capsys, "pair", f, "--explain", *extra)
        explained += out.splitlines()
        for board in range(1, 7):
            ok(capsys, "result", f, "--round", str(r), "--board", str(board),
               RESULTS[(board + r) % 3])  # fmt: skip
    assert "How round 1 was paired (Arbiter's US Chess Swiss engine (US Chess rules 27-29)):" in (
        explained
    )
    fixes = [line.strip() for line in explained if "↔" in line]
    assert fixes == [
        # 29E5c: the boards 5 v 8 and 6 v 9 made 5 v 9 and 6 v 8 are counted by the
        # smaller difference, 5 and 6's 20 points (8 and 9 are 70 points apart).
        "transposition 5↔6 (29E5a, 20 points) to give 9 White and 5 Black",
        "interchange 4↔7 (29E5b, 120 points) to give 4 White and 1 Black",
        "transposition 2↔3 (29E5a, 30 points) to give 2 White and 12 Black",
    ]
    # The log of a round already played is recomputed from the rounds before it.
    again: list[str] = []
    for r in range(1, 5):
        out = ok(capsys, "pair", f, "--explain-round", str(r))
        assert out.splitlines()[-1] == f"The recorded round {r} is the engine's pairing."
        again += [line.strip() for line in out.splitlines() if "↔" in line]
    assert again == fixes
    # The same pairings as the engine makes from the event itself (the log is recomputable).
    ev = event(list(RATINGS))
    logs: list[str] = []
    outcome = {"1-0": GameResult.WHITE_WINS, "0-1": GameResult.BLACK_WINS}
    for r in range(1, 5):
        pairing = pair(ev)
        logs += [line.strip() for line in pairing.log if "↔" in line]
        ev = append_round(
            ev,
            pairing,
            {b.number: outcome.get(RESULTS[(b.number + r) % 3], GameResult.DRAW)
             for b in pairing.boards},
        )  # fmt: skip
    assert logs == fixes


def test_a_us_event_is_not_in_fide_mode_and_a_dutch_round_is_explained_by_the_dutch_engine(
    tmp_path: Path, capsys: Capture
) -> None:
    """A US Chess event starts outside FIDE mode (its Swiss is paired by rules 27-29) and
    draws round 1's colour under US Chess 28J; an event under FIDE rules is paired by the
    Dutch engine (gacrux), whose round Arbiter's Dutch engine explains."""
    us = str(tmp_path / "us.arbiter")
    ok(capsys, "new", us, "--name", "US", "--system", "swiss", "--rounds", "3",
       "--preset", "city-chess-ok")  # fmt: skip
    assert (
        "Not in FIDE mode: the event runs under the US Chess rules (its Swiss rounds are paired "
        "by rules 27-29), which FIDE does not verify."
    ) in ok(capsys, "status", us).splitlines()
    for i, rating in enumerate((2100, 2000, 1900, 1800), start=1):
        ok(capsys, "player", "add", us, "--name", f"P{i}", "--rating", str(rating))
    # Round 1's colour is drawn by lot under the US rule, not FIDE's article.
    drawn = ok(capsys, "pair", us).splitlines()[0]
    assert drawn.startswith("colour drawn by lot for the top-ranked player in round 1: ")
    assert "US Chess 28J" in drawn and "FIDE" not in drawn
    fide = str(tmp_path / "fide.arbiter")
    ok(capsys, "new", fide, "--name", "FIDE", "--system", "swiss", "--rounds", "3")
    for i, rating in enumerate((2100, 2000, 1900, 1800), start=1):
        ok(capsys, "player", "add", fide, "--name", f"P{i}", "--rating", str(rating))
    out = ok(capsys, "pair", fide, "--explain", "--initial-colour", "white")
    assert "  Bracket 0 (4 players):" in out.splitlines()
    assert "pairs it the same way and explains:" in out
