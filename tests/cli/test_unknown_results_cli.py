"""``arbiter-app import`` and ``export --format trf --in-tournament`` with games whose
result is not known (FIDE C.02, the checklist's questions 164-166 and 169)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EnterResult, RecordPairings
from tests.core.trf.test_unknown_results import BASE, _with_codes


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_unknown_code_is_imported_as_not_known_with_confirm(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q166: the warning names player, round and code; the level-3 question is answered by
    --confirm; the board comes in adjourned, with its ### Import line."""
    source = tmp_path / "odd.trf"
    source.write_text(_with_codes({1: "Q"}), encoding="utf-8")
    target = tmp_path / "odd.arbiter"
    code, _, err = run(capsys, "import", str(source), "-o", str(target))
    assert code == 2 and not target.exists()
    assert "player 1, round 5: the result code 'Q' against player 4 is not a TRF-26 code" in err
    assert "the result code 'Q', which TRF-26 does not define, read as a result not known" in err
    assert "run the command again with --confirm" in err
    code, out, _ = run(capsys, "import", str(source), "-o", str(target), "--confirm")
    assert code == 0
    assert "round 5 board 1: result not known, imported as adjourned; enter it with: " in out
    assert (
        "report log: ### Import @ Round 5: 1-4 result code 'Q', not TRF-26's, read as not known (?)"
    ) in out
    with Session.open(target, readonly=True) as session:
        (board,) = [b for b in session.boards(5) if b.number == 1]
        assert board.adjourned and board.result is None


def test_the_in_tournament_file_marks_the_adjourned_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q164-165: while a game is adjourned the rating report is refused (Q169), and the
    in-tournament file (TRF-26's ITDX) is written with '?' and record 162's X; imported,
    it is the same event with the same adjourned board; once the result is in, the rating
    report is written."""
    event = tmp_path / "open.arbiter"
    with Session.create(event, name="City Open", system="swiss", rounds=5, durable=False) as s:
        for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900)):
            s.run(AddPlayer(name=name, rating=rating))
        s.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
        s.run(EnterResult(round=1, board=1, result="1-0"))
    f = str(event)
    assert run(capsys, "result", f, "--round", "1", "--board", "2", "adj")[0] == 0
    report = tmp_path / "report.trf"
    code, _, err = run(capsys, "export", f, "--format", "trf", "-o", str(report))
    assert code == 2 and "checklist question 169" in err and not report.exists()
    itdx = tmp_path / "itdx.trf"
    code, out, _ = run(capsys, "export", f, "--format", "trf", "--in-tournament", "-o", str(itdx))
    assert code == 0 and out.strip() == f"wrote {itdx}"
    written = itdx.read_text(encoding="utf-8").splitlines()
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    X 0.5" in written
    ben = next(line for line in written if line.startswith("001    2 "))
    dee = next(line for line in written if line.startswith("001    4 "))
    assert ben.endswith("     4 b ?") and dee.endswith("     2 w ?")
    assert ben[80:84] == " 0.5"  # X's points, a draw's (TRF-26 record 162)
    again = tmp_path / "again.arbiter"
    code, out, _ = run(capsys, "import", str(itdx), "-o", str(again))
    assert code == 0 and "round 1 board 2: result not known, imported as adjourned" in out
    with Session.open(again, readonly=True) as session:
        (board,) = [b for b in session.boards(1) if b.number == 2]
        assert (board.white, board.black, board.adjourned) == (4, 2, True)
    g = str(again)
    assert run(capsys, "result", g, "--round", "1", "--board", "2", "1/2")[0] == 0
    assert run(capsys, "export", g, "--format", "trf", "-o", str(report))[0] == 0
    assert "     2 w =" in report.read_text(encoding="utf-8")


def test_a_file_with_a_question_mark_goes_back_as_read_once_the_result_is_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "adj.trf"
    source.write_text(_with_codes({1: "?", 4: "?"}), encoding="utf-8")
    event = tmp_path / "adj.arbiter"
    assert run(capsys, "import", str(source), "-o", str(event))[0] == 0
    f = str(event)
    assert run(capsys, "result", f, "--round", "5", "--board", "1", "1/2")[0] == 0
    report = tmp_path / "report.trf"
    assert run(capsys, "export", f, "--format", "trf", "-o", str(report))[0] == 0
    assert report.read_text(encoding="utf-8") == BASE


def test_in_tournament_is_a_trf_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "t.trf"
    source.write_text(BASE, encoding="utf-8")
    out = tmp_path / "s.csv"
    code, _, err = run(
        capsys, "export", str(source), "--format", "csv", "--in-tournament", "-o", str(out)
    )
    assert code == 2 and "--in-tournament writes a TRF file: --format trf" in err


def test_a_trf_file_read_as_it_is_keeps_its_game_not_known(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A TRF file with a '?' used without an import: its standings are not final (Q161),
    its rating report is refused (Q169), its in-tournament file keeps the '?' (Q164-165)."""
    source = tmp_path / "adj.trf"
    source.write_text(_with_codes({1: "?", 4: "?"}), encoding="utf-8")
    f = str(source)
    code, out, _ = run(capsys, "standings", f)
    assert code == 0 and out.splitlines()[0].endswith(": standings after round 4 of 5")
    report = tmp_path / "report.trf"
    code, _, err = run(capsys, "export", f, "--format", "trf", "-o", str(report))
    assert code == 2 and not report.exists()
    assert "adj.trf: round 5, 1-4 is adjourned: no FIDE report is written" in err
    itdx = tmp_path / "itdx.trf"
    assert run(capsys, "export", f, "--format", "trf", "--in-tournament", "-o", str(itdx))[0] == 0
    alyx = next(
        line for line in itdx.read_text("utf-8").splitlines() if line.startswith("001    1 ")
    )
    assert alyx.endswith("     4 w ?")
