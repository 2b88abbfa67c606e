"""FIDE mode on the command line: leaving it, the manual pairing phase, prohibited pairings,
the initial ranking, and the ``###`` lines of the TRF-26 report (FIDE C.02 checklist)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    EnterResult,
    ForbidPairing,
    RecordPairings,
    SetPairingNumbers,
)
from tests.support.cli import Capture, refused, run
from tests.support.sessions import TickingClock

LEAVE = "--confirm=leave-fide-mode-for-good"
KEEP = "--confirm=keep-hand-pairing"


@pytest.fixture
def six(tmp_path: Path) -> Path:
    """Six players by rating, 1 and 2 may not meet; round 1 played: 1-4, 5-2, 3-6 all 1-0."""
    path = tmp_path / "six.arbiter"
    with Session.create(path, name="Six", system="swiss", rounds=5, clock=TickingClock()) as s:
        for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900),
                             ("Eve", 1800), ("Fay", 1700)):  # fmt: skip
            s.run(AddPlayer(name=name, rating=rating))
        s.run(ForbidPairing(players=[1, 2]))
        s.run(SetPairingNumbers(by="rating"))
        s.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]))
        for board in (1, 2, 3):
            s.run(EnterResult(round=1, board=board, result="1-0"))
    return path


def trf26(capsys: Capture, path: Path) -> list[str]:
    out = path.with_suffix(".trf")
    code, _, err = run(capsys, "export", str(path), "--format", "trf", "--trf-version", "TRF-26",
                       "-o", str(out))  # fmt: skip
    assert code == 0, err
    return out.read_text(encoding="utf-8").splitlines()


def test_q43_45_leave_fide_mode_needs_its_token_and_is_final(capsys: Capture, six: Path) -> None:
    path = str(six)
    err = refused(capsys, six, "settings", path, "--leave-fide-mode")
    assert "level 4 question" in err
    assert "Leave FIDE mode after round 1 was paired? The event cannot come back" in err
    assert err.splitlines()[-1].endswith(f"run the command again with {LEAVE}.")
    refused(capsys, six, "settings", path, "--leave-fide-mode", "--confirm")
    code, out, err = run(capsys, "settings", path, "--leave-fide-mode", LEAVE)
    assert code == 0, err
    assert "Not in FIDE mode: left after round 1 was paired, for good." in out
    err = refused(capsys, six, "settings", path, "--enter-fide-mode", "--confirm")
    assert "cannot enter it again" in err
    # Q46: the permanent indicator, on the status.
    code, out, _ = run(capsys, "status", path)
    assert "Not in FIDE mode: left after round 1 was paired, for good." in out.splitlines()
    # Q44: the line in the report, with the round.
    assert "### FIDE mode @ Round 1: left after round 1 was paired" in trf26(capsys, six)


def test_q57_75_85_rounds_points_and_bye_value_are_fixed_in_fide_mode_after_round_1(
    capsys: Capture, six: Path
) -> None:
    path = str(six)
    for argv, what, article in (
        (("--rounds", "7"), "the number of rounds", "(FIDE C.04.1 article 1)"),
        (("--points", "3-1-0"), "the point system", "(FIDE Laws of Chess article 10.1; C.07"),
        (("--pab-value", "draw"), "the value of the pairing-allocated bye",
         "(FIDE C.04.1 article 3)"),
    ):  # fmt: skip
        # Refused whatever the answer: no token passes it.
        err = refused(capsys, six, "settings", path, *argv,
                      "--confirm=rounds-change-pairings,points-change-scores")  # fmt: skip
        assert f"The event is in FIDE mode and round 1 is paired, so {what} cannot change" in err
        assert article in err
        assert "leave FIDE mode first ('arbiter-app settings FILE --leave-fide-mode'" in err
    code, out, _ = run(capsys, "settings", path)
    assert code == 0 and "system:          swiss, 5 rounds (1 paired)\n" in out
    # Left first, the change asks its own level-4 question, as the refusal says.
    assert run(capsys, "settings", path, "--leave-fide-mode", LEAVE)[0] == 0
    err = refused(capsys, six, "settings", path, "--rounds", "7")
    assert "--confirm=rounds-change-pairings" in err
    code, _, err = run(capsys, "settings", path, "--rounds", "7",
                       "--confirm=rounds-change-pairings")  # fmt: skip
    assert code == 0, err
    assert "### Configuration @ Round 1: rounds 5 => 7" in trf26(capsys, six)


def test_q64_69_a_manual_pairing_phase_on_the_command_line(capsys: Capture, six: Path) -> None:
    path = str(six)
    code, out, err = run(capsys, "pairing", "manual", "start", path, "--round", "2")
    assert code == 0, err
    assert out.startswith("round 2: manual pairing open")
    # Q65: the repeated game 4-1 is a level-3 question first.
    err = refused(capsys, six, "pairing", "set", path, "--round", "2", "--pairs", "4-1,2-3,5-6")
    assert "already played each other in round 1" in err
    code, out, err = run(capsys, "pairing", "set", path, "--round", "2",
                         "--pairs", "4-1,2-3,5-6", "--confirm")  # fmt: skip
    assert code == 0, err
    assert "the manual pairing of round 2 is open" in out
    refused(capsys, six, "result", path, "--round", "2", "--board", "1", "1-0")
    # Q69: the end compares with the engine's pairing, level 4, the line in the report.
    err = refused(capsys, six, "pairing", "manual", "end", path)
    assert "level 4 question" in err and "The pairing engine pairs round 2:" in err
    code, out, err = run(capsys, "pairing", "manual", "end", path, KEEP)
    assert code == 0, err
    (mpa,) = [line for line in out.splitlines() if line.startswith("report log: ")]
    line = mpa.removeprefix("report log: ")
    assert line.startswith("### MPA @ Round 2: ") and line.endswith("=> 2-3 4-1 5-6")
    assert line in trf26(capsys, six)
    code, _, err = run(capsys, "result", path, "--round", "2", "--board", "1", "1-0")
    assert code == 0, err


def test_q194_196_prohibited_pairings_on_the_command_line(capsys: Capture, six: Path) -> None:
    path = str(six)
    code, out, _ = run(capsys, "pairing", "forbidden", path)
    assert code == 0 and "1 Ann, 2 Ben" in out
    assert any(line.startswith("260 ") for line in trf26(capsys, six))
    err = refused(capsys, six, "pairing", "forbid", path, "3", "5", "--confirm")
    assert "in FIDE mode a prohibited pairing can no longer be added" in err
    err = refused(capsys, six, "pairing", "forbid", path, "3", "3")
    assert "names each player once" in err
    err = refused(capsys, six, "pairing", "forbid", path, "3", "99")
    assert "no player with pairing number 99" in err
    run(capsys, "settings", path, "--leave-fide-mode", LEAVE)
    refused(capsys, six, "pairing", "forbid", path, "3", "5")
    code, _, err = run(capsys, "pairing", "forbid", path, "3", "5", "--confirm")
    assert code == 0, err
    assert "### Configuration @ Round 1: prohibited pairing 3 5 added" in trf26(capsys, six)


def test_q145_146_the_tournament_rating_and_the_order_of_equals(
    capsys: Capture, tmp_path: Path
) -> None:
    path = tmp_path / "n.arbiter"
    run(capsys, "new", str(path), "--name", "N", "--system", "swiss", "--rounds", "3")
    run(capsys, "player", "add", str(path), "--name", "Zoe", "--rating", "1800")
    run(capsys, "player", "add", str(path), "--name", "Abe", "--rating", "1700")
    run(capsys, "player", "edit", str(path), "--player", "2", "--national-rating", "1900")
    code, out, err = run(capsys, "player", "number", str(path), "--by", "rating",
                         "--tournament-rating", "HBFN")  # fmt: skip
    assert code == 0, err
    assert out.splitlines()[:2] == ["   1 Abe (1700)", "   2 Zoe (1800)"]
    assert "initial ranking (rating (HBFN: the higher of FIDE and national rating)" in out
    code, out, err = run(capsys, "player", "number", str(path), "--by", "rating",
                         "--tournament-rating", "FIDE")  # fmt: skip
    assert out.splitlines()[:2] == ["   1 Zoe (1800)", "   2 Abe (1700)"]
    err = refused(capsys, path, "player", "number", str(path), "--by", "lot",
                  "--tournament-rating", "NRO")  # fmt: skip
    assert "go with --by rating" in err


def test_q115_an_import_whose_rounds_break_pairing_rules_asks_and_is_logged(
    capsys: Capture, six: Path, tmp_path: Path
) -> None:
    path = str(six)
    run(capsys, "pairing", "set", path, "--round", "2", "--pairs", "4-1,2-3,5-6", "--confirm",
        KEEP)  # fmt: skip
    for board in ("1", "2", "3"):
        run(capsys, "result", path, "--round", "2", "--board", board, "1/2")
    trf = six.with_suffix(".trf")
    trf.write_text("\n".join(trf26(capsys, six)) + "\n", encoding="utf-8")
    target = tmp_path / "again.arbiter"
    code, _, err = run(capsys, "import", str(trf), "-o", str(target))
    assert code == 2 and not target.exists()
    assert "level 3 question" in err and "round 2:" in err and "already played" in err
    code, _, err = run(capsys, "import", str(trf), "-o", str(target), "--confirm")
    assert code == 0, err
    code, out, _ = run(capsys, "status", str(target))
    assert any(line.strip().startswith("### Import @ Round 2: ") for line in out.splitlines())


def test_q197_216_draw_lots_on_the_command_line(capsys: Capture, six: Path) -> None:
    path = str(six)
    err = refused(capsys, six, "settings", path, "--draw-lots")
    assert "no LOT" in err
    run(capsys, "settings", path, "--tiebreaks", "BH,LOT", "--confirm=tiebreaks-reorder-standings")
    code, out, err = run(capsys, "settings", path, "--draw-lots")
    assert code == 0, err
    assert "lots drawn for the LOT tie-break" in out
    code, out, _ = run(capsys, "log", path)
    assert "draw_tiebreak_lots {} seed=" in out.splitlines()[-1]
    seed = out.splitlines()[-1].rsplit("seed=", 1)[1]
    code, out, _ = run(capsys, "standings", path)
    assert f"tie-breaks: BH, LOT/S{seed}" in out
