"""``arbiter-app result`` takes the results FIDE knows (issue 23, item 3; checklist Q24,
Q180, Q185): ½-0, 0-½, 0-0 and games not rated, in the spellings a user types."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session import Session, load_event
from arbiter_app.session.commands import AddPlayer, RecordPairings


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    path = tmp_path / "open.arbiter"
    with Session.create(path, name="City Open", system="swiss", rounds=5, durable=False) as s:
        for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900)):
            s.run(AddPlayer(name=name, rating=rating))
        s.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
    return path


@pytest.mark.parametrize(
    ("typed", "shown", "ann", "cid"),
    [
        (["1/2-0"], "1/2-0", Fraction(1, 2), Fraction(0)),
        (["½-0"], "1/2-0", Fraction(1, 2), Fraction(0)),
        (["0-1/2"], "0-1/2", Fraction(0), Fraction(1, 2)),
        (["0-0"], "0-0", Fraction(0), Fraction(0)),
        (["1-0", "unrated"], "1-0 unrated", Fraction(1), Fraction(0)),
        (["1/2-1/2 unrated"], "1/2-1/2 unrated", Fraction(1, 2), Fraction(1, 2)),
        (["L-W"], "0-1 unrated", Fraction(0), Fraction(1)),
    ],
)
def test_the_results_fide_knows_on_the_command_line(
    event_file: Path,
    capsys: pytest.CaptureFixture[str],
    typed: list[str],
    shown: str,
    ann: Fraction,
    cid: Fraction,
) -> None:
    code, out, err = run(capsys, "result", str(event_file), "--round", "1", "--board", "1", *typed)
    assert (code, err) == (0, "")
    assert out.strip() == f"round 1 board 1: Ann - Cid {shown}"
    scores = load_event(event_file).scores()
    assert (scores[1], scores[3]) == (ann, cid)
    rated = load_event(event_file).entry(1, 1).rated
    assert rated is ("unrated" not in shown)


def test_a_result_that_does_not_exist_is_refused_with_the_spellings(
    event_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checklist Q181: 1-1 and 1-½ do not exist."""
    for typed in ("1-1", "1-1/2", "+- unrated"):
        code, _, err = run(capsys, "result", str(event_file), "--round", "1", "--board", "1", typed)
        assert code == 2
        assert "½-0, 0-½ or 0-0" in err and "1-0 unrated" in err
    assert load_event(event_file).scores()[1] == 0


@pytest.mark.parametrize("typed", ["adj", "adjourned", "*"])
def test_a_game_adjourned_on_the_command_line(
    event_file: Path, capsys: pytest.CaptureFixture[str], typed: str
) -> None:
    """Checklist Q157: recorded as adjourned, no result; its result goes in later (Q162)."""
    f = str(event_file)
    code, out, err = run(capsys, "result", f, "--round", "1", "--board", "2", typed)
    assert (code, err, out.strip()) == (0, "", "round 1 board 2: Dee - Ben adjourned")
    with Session.open(event_file) as s:
        (board,) = [b for b in s.boards(1) if b.number == 2]
        assert board.adjourned and board.result is None
    # Checklist Q163: a result other than a draw asks first (level 3).
    code, _, err = run(capsys, "result", f, "--round", "1", "--board", "2", "0-1")
    assert code == 2 and "was adjourned; its result is 0-1, not a draw" in err
    code, out, _ = run(capsys, "result", f, "--round", "1", "--board", "2", "0-1", "--confirm")
    assert (code, out.strip()) == (0, "round 1 board 2: Dee - Ben 0-1")
    assert load_event(event_file).scores()[2] == 1


def test_q169_no_fide_report_while_a_game_is_adjourned(
    event_file: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Checklist Q169 (a hard fail): no TRF report with an adjourned game open. The export
    is refused with the board and nothing is written; once the result is in, it is written."""
    f = str(event_file)
    report = tmp_path / "report.trf"
    assert run(capsys, "result", f, "--round", "1", "--board", "2", "adj")[0] == 0
    code, _, err = run(capsys, "export", f, "--format", "trf", "-o", str(report))
    assert code == 2
    assert "round 1, board 2 is adjourned: no FIDE report is written while a game is" in err
    assert "(FIDE C.02, checklist question 169); enter its result first" in err
    assert not report.exists()
    assert run(capsys, "result", f, "--round", "1", "--board", "2", "1/2")[0] == 0
    code, _, _ = run(capsys, "export", f, "--format", "trf", "-o", str(report))
    assert code == 0 and report.read_text(encoding="utf-8").startswith("012 ")


def test_a_correction_for_the_rating_report_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FIDE C.04.2 article 4.3 (checklist Q192): a level-3 question, answered by --confirm;
    the standings keep the result played, the report rates the corrected one (Q193)."""
    from tests.support.sessions import small_event

    path = tmp_path / "e.arbiter"
    small_event(path).close()
    f = str(path)
    before = load_event(path).scores()
    args = ["result", f, "--round", "1", "--board", "1", "0-1", "--for-rating-only"]
    code, _, err = run(capsys, *args, "--reason", "scoresheets signed 0-1")
    assert code == 2
    assert "level 3 question (FIDE C.04.2 article 4.3)" in err and "Nothing was changed" in err
    code, out, _ = run(capsys, *args, "--reason", "scoresheets signed 0-1", "--confirm")
    assert code == 0
    assert out.strip().startswith("### Rating correction @ Round 1: 1-3 1-0 => 0-1")
    assert load_event(path).scores() == before
    report = tmp_path / "report.trf"
    code, _, _ = run(capsys, "export", f, "--format", "trf", "-o", str(report))
    assert code == 0 and "### Rating correction @ Round 1" in report.read_text("utf-8")
    code, out, _ = run(capsys, "report", f)
    assert "Results corrected for the rating report only (FIDE C.04.2 article 4.3" in out
    assert "round 1, 1-3: 0-1 in the rating report, 1-0 in the pairings and standings" in out
