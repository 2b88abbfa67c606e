"""Chess960 on the command line (FIDE C.02 checklist Q222; FIDE Laws of Chess, Guidelines II):
``settings --variant chess960``, ``chess960 draw`` and ``show``, and the position under a
round's pairings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.chess960 import drawn_number
from arbiter_app.session import Session
from tests.support.cli import refused, run

Capture = pytest.CaptureFixture[str]


@pytest.fixture
def path(tmp_path: Path, capsys: Capture) -> Path:
    """A Swiss of five rounds with four players, declared Chess960."""
    path = tmp_path / "freestyle.arbiter"
    assert (
        main(["new", str(path), "--name", "Freestyle", "--system", "swiss", "--rounds", "5"]) == 0
    )
    for n in range(1, 5):
        assert main(["player", "add", str(path), "--name", f"P{n}", "--rating", str(2400 - n)]) == 0
    assert main(["settings", str(path), "--variant", "chess960"]) == 0
    assert "variant:" in capsys.readouterr().out
    return path


def test_q222_the_variant_is_shown_and_given_as_json(path: Path, capsys: Capture) -> None:
    code, out, _ = run(capsys, "settings", str(path))
    assert code == 0
    assert "Chess960, a starting position drawn before each round" in out
    code, out, _ = run(capsys, "settings", str(path), "--json")
    assert json.loads(out)["variant"] == "chess960"


def test_q222_a_round_is_drawn_by_the_application_from_a_kept_seed(
    path: Path, capsys: Capture
) -> None:
    code, out, _ = run(capsys, "chess960", "draw", str(path), "--round", "1")
    assert code == 0, out
    with Session.open(path, readonly=True) as session:
        seed = session.journal()[-1].seed
    assert seed is not None
    number = drawn_number(seed)
    assert out.startswith(f"Round 1: Chess960 position {number} (")
    assert f"drawn by the application from seed {seed}" in out
    assert "FEN: " in out
    code, out, _ = run(capsys, "chess960", "show", str(path))
    assert f"Round 1: Chess960 position {number} " in out
    assert "Round 2: not drawn yet." in out


def test_q222_the_number_drawn_at_the_venue_and_its_witness(path: Path, capsys: Capture) -> None:
    argv = ["chess960", "draw", str(path), "--round", "2", "--number", "518"]
    code, out, _ = run(capsys, *argv, "--witness", "J. Ortiz")
    assert code == 0
    assert out.splitlines()[0] == (
        "Round 2: Chess960 position 518 (RNBQKBNR, the standard position); drawn at the "
        "venue, entered by the arbiter; witnesses: J. Ortiz."
    )
    code, out, _ = run(capsys, "chess960", "show", str(path), "--json")
    (row,) = json.loads(out)
    assert (row["round"], row["number"], row["back_rank"]) == (2, 518, "RNBQKBNR")


def test_q222_refusals_leave_the_file_as_it_was(path: Path, capsys: Capture) -> None:
    err = refused(capsys, path, "chess960", "draw", str(path), "--round", "1", "--number", "960")
    assert "from 0 to 959" in err
    err = refused(capsys, path, "chess960", "draw", str(path), "--round", "9")
    assert "no round 9" in err
    assert main(["chess960", "draw", str(path), "--every-round", "--number", "100"]) == 0
    capsys.readouterr()
    err = refused(capsys, path, "chess960", "draw", str(path), "--round", "1")
    assert "one position in every round" in err


def test_q222_the_pairings_of_a_round_say_its_position(path: Path, capsys: Capture) -> None:
    assert main(["pair", str(path), "--initial-colour", "white"]) == 0
    out = capsys.readouterr().out
    assert "No Chess960 starting position is drawn for round 1 yet" in out
    assert main(["chess960", "draw", str(path), "--round", "2", "--number", "0"]) == 0
    assert main(["chess960", "draw", str(path), "--round", "1", "--number", "959"]) == 0
    capsys.readouterr()
    for board in (1, 2):
        assert main(["result", str(path), "--round", "1", "--board", str(board), "1-0"]) == 0
    assert main(["pair", str(path)]) == 0
    assert "Every board plays Chess960 position 0 (BBQNNRKR)." in capsys.readouterr().out


def test_q222_a_standard_event_refuses_the_draw(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "classic.arbiter"
    assert main(["new", str(path), "--name", "Classic", "--system", "swiss", "--rounds", "3"]) == 0
    err = refused(capsys, path, "chess960", "draw", str(path), "--round", "1")
    assert "not played as Chess960" in err


def test_q222_the_rating_report_says_each_rounds_position_in_a_comment_line(
    path: Path, tmp_path: Path, capsys: Capture
) -> None:
    """TRF-26 defines no record for Chess960 (its records: FIDE Handbook, TRF-26): the report
    writes ``###`` lines, the way it logs pairing-integrity events, and its note says so."""
    assert main(["chess960", "draw", str(path), "--round", "1", "--number", "312"]) == 0
    assert main(["pair", str(path), "--initial-colour", "white"]) == 0
    for board in (1, 2):
        assert main(["result", str(path), "--round", "1", "--board", str(board), "1-0"]) == 0
    capsys.readouterr()
    report = tmp_path / "report.trf"
    code, _, err = run(capsys, "export", str(path), "--format", "trf", "-o", str(report))
    assert code == 0
    assert "TRF-26 has no record for Chess960" in err
    lines = report.read_text(encoding="utf-8").splitlines()
    assert "### Chess960 round 1: position 312 (NBQRBKRN)" in lines
    # The comment line is no finding of the checker.
    code, out, _ = run(capsys, "check", str(report))
    assert code == 0, out


def test_q222_each_game_of_a_double_swiss_round_has_its_position(
    tmp_path: Path, capsys: Capture
) -> None:
    """A round of FIDE's Double-Swiss is two games (C.04.5): a position is drawn for each."""
    path = tmp_path / "double.arbiter"
    argv = ["new", str(path), "--name", "D", "--system", "fide-double-swiss", "--rounds", "3"]
    assert main(argv) == 0
    for n in range(1, 5):
        assert main(["player", "add", str(path), "--name", f"P{n}", "--rating", str(2300 - n)]) == 0
    assert main(["settings", str(path), "--variant", "chess960"]) == 0
    assert main(["chess960", "draw", str(path), "--round", "1", "--number", "0"]) == 0
    assert main(["chess960", "draw", str(path), "--round", "2", "--number", "959"]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "pair", str(path), "--initial-colour", "white")
    assert code == 0
    assert "Game 1: Every board plays Chess960 position 0 (BBQNNRKR)." in out
    assert "Game 2: Every board plays Chess960 position 959 (RKRNNQBB)." in out
    code, out, _ = run(capsys, "chess960", "show", str(path))
    assert out.splitlines()[2] == "Game 3: not drawn yet."


def test_q222_standard_chess_goes_without_a_line(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "classic.arbiter"
    assert main(["new", str(path), "--name", "Classic", "--system", "swiss", "--rounds", "3"]) == 0
    code, out, _ = run(capsys, "settings", str(path))
    assert code == 0 and "variant" not in out
    code, out, _ = run(capsys, "settings", str(path), "--json")
    assert json.loads(out)["variant"] == "standard"
