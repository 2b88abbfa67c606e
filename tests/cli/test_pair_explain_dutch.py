"""``arbiter-app pair --explain`` and ``--explain-round N`` on rounds of the FIDE Dutch
system (C.04.3): Arbiter's engine explains its own rounds, and a round paired by gacrux
is explained by Arbiter's engine recomputing it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.cli import run

Capture = pytest.CaptureFixture[str]
REAL = Path(__file__).parents[1] / "data" / "trf" / "real"


def ok(capsys: Capture, *argv: str) -> tuple[str, str]:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out, err


def test_a_trf_round_paired_by_the_own_engine_is_explained(tmp_path: Path, capsys: Capture) -> None:
    trf = tmp_path / "held.trf"
    shutil.copy(REAL / "tbs-held-swiss-5.trf", trf)
    out, _ = ok(capsys, "pair", str(trf), "-p", str(tmp_path / "r6.txt"), "--engine", "own",
                "--explain")  # fmt: skip
    lines = out.splitlines()
    assert lines[0].startswith("How round 6 was paired (FIDE Dutch system (C.04.3) by Arbiter")
    assert "  Bracket 3½ (5 players, 1 MDP: 2 from 4):" in lines
    assert "    2 gets White against 4: the stronger colour preference [article 5.2.2]." in lines
    # With the pairing on standard output the explanation goes to standard error.
    out, err = ok(capsys, "pair", str(trf), "-p", "-", "--engine", "own", "--explain")
    assert "Bracket" not in out and "  Bracket 4 (1 player):" in err.splitlines()


def test_a_stored_round_paired_by_gacrux_is_explained_and_explained_again(
    tmp_path: Path, capsys: Capture
) -> None:
    event = str(tmp_path / "open.arbiter")
    ok(capsys, "new", event, "--name", "Open", "--system", "swiss", "--rounds", "3")
    for i, rating in enumerate((2100, 2000, 1900, 1800, 1700), start=1):
        ok(capsys, "player", "add", event, "--name", f"P{i}", "--rating", str(rating))
    out, _ = ok(capsys, "pair", event, "--explain", "--initial-colour", "white")
    lines = out.splitlines()
    assert (
        "  Paired by gacrux, FIDE's reference engine, which does not explain itself; "
        "Arbiter's own engine, recomputing the round, pairs it the same way and explains:"
    ) in lines
    assert "  Bracket 0 (5 players):" in lines
    assert "    5 is left over and receives the pairing-allocated bye." in lines
    again, _ = ok(capsys, "pair", event, "--explain-round", "1")
    assert "  Bracket 0 (5 players):" in again.splitlines()
    assert "The recorded round 1 is the engine's pairing." in again.splitlines()
