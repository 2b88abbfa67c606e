"""``settings FILE --points W,D,L[,…]`` and ``--pab-value`` (Q71, Q80; FIDE C.07 article 5,
C.04.1 article 3): typed, shown, refused with a reason, fixed in FIDE mode and asked at
level 4 outside it after round 1, and written as TRF-26 record 162."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import Capture, refused, run


@pytest.fixture
def fresh(tmp_path: Path, capsys: Capture) -> Path:
    path = tmp_path / "fresh.arbiter"
    assert run(capsys, "new", str(path), "--name", "Fresh", "--system", "swiss",
               "--rounds", "3")[0] == 0  # fmt: skip
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900), ("Eve", 1800)):
        assert (
            run(capsys, "player", "add", str(path), "--name", name, "--rating", str(rating))[0] == 0
        )
    return path


def test_q71_typed_values_and_the_pab_value_are_stored_and_shown(
    capsys: Capture, fresh: Path
) -> None:
    code, out, _ = run(capsys, "settings", str(fresh), "--points", "3,1,0", "--pab-value", "draw")
    assert code == 0
    assert "points:          3/1/0, PAB 1 (win 3, draw 1, loss 0, pairing-allocated bye 1," in out
    code, out, _ = run(capsys, "settings", str(fresh), "--json")
    system = json.loads(out)["point_system"]
    assert (system["win"], system["draw"], system["loss"], system["pairing_bye"]) == (
        "3", "1", "0", "1",
    )  # fmt: skip
    assert run(capsys, "settings", str(fresh), "--points", "1,0.5,0,1,0,0.5,0")[0] == 0
    code, out, _ = run(capsys, "settings", str(fresh), "--json")
    assert json.loads(out)["point_system"]["pairing_bye"] == "0"
    assert run(capsys, "settings", str(fresh), "--points", "standard")[0] == 0
    code, out, _ = run(capsys, "settings", str(fresh))
    assert "points:          standard (1/½/0)\n" in out


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (
            ["--points", "1,2,0"],
            "a draw (2) cannot be worth more than a win (1) (FIDE C.07 article 5)",
        ),
        (["--points", "1,0.5,-0.5"], "a loss cannot be worth less than nothing"),
        (["--points", "1,0.5"], "3 values (win, draw, loss) or 7"),
        (["--points", "football"], "not a score"),
    ],
)
def test_q71_a_system_that_cannot_score_is_refused_with_its_reason(
    capsys: Capture, fresh: Path, argv: list[str], reason: str
) -> None:
    err = refused(capsys, fresh, "settings", str(fresh), *argv)
    assert reason in err


def test_q80_after_round_1_the_change_asks_then_pairs_and_reports_by_the_new_value(
    capsys: Capture, fresh: Path, tmp_path: Path
) -> None:
    assert run(capsys, "pair", str(fresh))[0] == 0
    # In FIDE mode the bye's value is fixed once round 1 is paired: refused, whatever the
    # answer, with the reason and the way out (leave FIDE mode first).
    err = refused(
        capsys, fresh, "settings", str(fresh), "--pab-value", "zero",
        "--confirm=points-change-scores",
    )  # fmt: skip
    assert "the value of the pairing-allocated bye cannot change" in err
    assert "(FIDE C.04.1 article 3)" in err and "--leave-fide-mode" in err
    assert run(
        capsys, "settings", str(fresh), "--leave-fide-mode", "--confirm=leave-fide-mode-for-good"
    )[0] == 0  # fmt: skip
    err = refused(capsys, fresh, "settings", str(fresh), "--pab-value", "zero")
    assert "level 4" in err and "--confirm=points-change-scores" in err
    code, _, _ = run(
        capsys, "settings", str(fresh), "--pab-value", "zero", "--confirm=points-change-scores"
    )
    assert code == 0
    trf = tmp_path / "report.trf"
    assert run(capsys, "export", str(fresh), "--format", "trf", "-o", str(trf))[0] == 0
    lines = trf.read_text().splitlines()
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.0" in lines
    assert not [line for line in lines if line.startswith("ARB")]
