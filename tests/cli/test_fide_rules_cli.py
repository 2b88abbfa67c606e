"""FIDE mode means FIDE's rules on the command line (FIDE C.02 checklist, question 43):
``settings`` with a setting outside FIDE's rules asks the level-4 question of leaving FIDE
mode, and ``--confirm=leave-fide-mode-for-good`` changes the setting and leaves, for good."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EnterResult, RecordPairings, SetPairingNumbers
from tests.support.cli import Capture, refused, run
from tests.support.sessions import TickingClock

LEAVE = "leave-fide-mode-for-good"
TIEBREAKS = "tiebreaks-reorder-standings"


@pytest.fixture
def seven(tmp_path: Path) -> Path:
    """Seven players by rating; round 1 played (1-4, 5-2, 3-6, 7 the pairing-allocated bye)."""
    path = tmp_path / "seven.arbiter"
    with Session.create(path, name="Seven", system="swiss", rounds=5, clock=TickingClock()) as s:
        for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900),
                             ("Eve", 1800), ("Fay", 1700), ("Gus", 1600)):  # fmt: skip
            s.run(AddPlayer(name=name, rating=rating))
        s.run(SetPairingNumbers(by="rating"))
        s.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]], byes=[[7, "pairing-bye"]]))
        for board in (1, 2, 3):
            s.run(EnterResult(round=1, board=board, result="1-0"))
    return path


def test_q43_us_chess_settings_in_fide_mode_ask_to_leave_it_and_are_final(
    capsys: Capture, seven: Path
) -> None:
    path = str(seven)
    us = ["--bye-policy", "uscf-28l", "--rules", "uscf", "--tiebreaks", "MM,SOLK"]
    err = refused(capsys, seven, "settings", path, *us)
    assert "level 4 question" in err
    assert (
        "Leave FIDE mode after round 1 was paired to use the US Chess rule set (rule 34E, "
        "Swiss rounds paired by rules 27-29); the US Chess bye rule 28L" in err
    )
    assert err.splitlines()[-1].endswith(f"--confirm={LEAVE},{TIEBREAKS}.")
    # A plain --confirm does not answer a level-4 question: nothing changes.
    refused(capsys, seven, "settings", path, *us, "--confirm")
    code, out, _ = run(capsys, "status", path)
    assert "Not in FIDE mode" not in out
    code, out, err = run(capsys, "settings", path, *us, f"--confirm={LEAVE},{TIEBREAKS}")
    assert code == 0, err
    assert "Not in FIDE mode: left after round 1 was paired, for good." in out
    code, out, _ = run(capsys, "status", path)
    assert "Not in FIDE mode: left after round 1 was paired, for good." in out.splitlines()
    # Final: the entry that left FIDE mode is never undone.
    err = refused(capsys, seven, "undo", path)
    assert "this settings change left FIDE mode, so it cannot be undone" in err
    out_file = seven.with_suffix(".trf")
    code, _, err = run(capsys, "export", path, "--format", "trf", "-o", str(out_file))
    assert code == 0, err
    lines = out_file.read_text(encoding="utf-8").splitlines()
    assert "192 CUSTOM_SWISS" in lines and "192 FIDE_DUTCH" not in lines
    assert (
        "### FIDE mode @ Round 1: left after round 1 was paired for rule set uscf; "
        "bye policy uscf-28l; tie-breaks MM, SOLK"
    ) in lines


def test_q43_fide_settings_stay_in_fide_mode(capsys: Capture, seven: Path) -> None:
    path = str(seven)
    code, out, err = run(capsys, "settings", path, "--tiebreaks", "BH/C1,SB,DE",
                         "--rules", "fide-2026", f"--confirm={TIEBREAKS}")  # fmt: skip
    assert code == 0, err
    assert "Not in FIDE mode" not in out
    code, out, _ = run(capsys, "undo", path)
    assert out.startswith("undone: ")
