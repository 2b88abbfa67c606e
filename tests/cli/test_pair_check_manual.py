"""``pair -c`` honours the manual pairings the report documents (``### MPA``, FIDE C.02
questions 64-69): a round the arbiter paired by hand is said so, not counted as differing."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_check_manual_pairing import _paired_by_hand
from tests.support.cli import Capture, run


def test_a_documented_round_is_paired_by_hand_in_the_event_and_its_report(
    capsys: Capture, tmp_path: Path
) -> None:
    trf = _paired_by_hand(capsys, tmp_path)
    for checked in (tmp_path / "club.arbiter", trf):
        code, out, _ = run(capsys, "pair", str(checked), "-c")
        assert code == 0, out
        assert out.splitlines() == [
            "round 2: paired by hand as its ### MPA line documents (FIDE C.02, questions 64-69)",
            "all 2 rounds agree, 1 of them as documented by hand",
        ]


def test_a_round_the_line_does_not_document_still_differs(capsys: Capture, tmp_path: Path) -> None:
    trf = _paired_by_hand(capsys, tmp_path)
    text = trf.read_text(encoding="utf-8")
    assert "=> 2-3 5-1 4=PAB" in text
    bare = tmp_path / "bare.trf"
    bare.write_text(
        "".join(line for line in text.splitlines(keepends=True) if "### MPA" not in line),
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "pair", str(bare), "-c")
    assert code == 1 and "round 2: differs" in out and "MPA" not in out
    wrong = tmp_path / "wrong.trf"
    wrong.write_text(text.replace("=> 2-3 5-1 4=PAB", "=> 3-2 5-1 4=PAB"), encoding="utf-8")
    code, out, _ = run(capsys, "pair", str(wrong), "-c")
    assert code == 1
    assert "  its ### MPA line does not document this pairing" in out.splitlines()
    assert out.splitlines()[-1] == "1 of 2 rounds differ"
