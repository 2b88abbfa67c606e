"""``check`` honours the manual pairings Arbiter documents (``### MPA``, FIDE C.02 Q64-69)."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
from tests.support.cli import Capture, run


def _paired_by_hand(capsys: Capture, tmp_path: Path) -> Path:
    """Five players; round 1 as the engine pairs it, round 2 by hand with the bye moved."""
    path = tmp_path / "club.arbiter"
    with Session.create(path, name="Club", system="swiss", rounds=4) as s:
        for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900),
                             ("Eve", 1800)):  # fmt: skip
            s.run(AddPlayer(name=name, rating=rating))
    f = str(path)
    for argv in (
        ("pair", f),
        ("result", f, "--round", "1", "--board", "1", "1-0"),
        ("result", f, "--round", "1", "--board", "2", "1/2"),
        ("pairing", "set", f, "--round", "2", "--pairs", "5-1, 2-3", "--bye", "4",
         "--confirm=keep-hand-pairing"),
        ("result", f, "--round", "2", "--board", "1", "0-1"),
        ("result", f, "--round", "2", "--board", "2", "1-0"),
    ):  # fmt: skip
        code, _, err = run(capsys, *argv)
        assert code == 0, err
    trf = tmp_path / "club.trf"
    code, _, err = run(capsys, "export", f, "--format", "trf", "-o", str(trf))
    assert code == 0, err
    return trf


def test_arbiters_own_report_after_a_documented_manual_pairing_agrees(
    capsys: Capture, tmp_path: Path
) -> None:
    trf = _paired_by_hand(capsys, tmp_path)
    text = trf.read_text(encoding="utf-8")
    assert "### MPA @ Round 2: " in text and "=> 2-3 5-1 4=PAB" in text
    code, out, _ = run(capsys, "check", str(trf))
    assert code == 0, out
    assert "Round 2 was paired by hand as its ### MPA line documents" in out
    assert "All pairings and standings agree with the rules." in out


def test_a_round_that_is_not_the_documented_one_is_still_found(
    capsys: Capture, tmp_path: Path
) -> None:
    trf = _paired_by_hand(capsys, tmp_path)
    text = trf.read_text(encoding="utf-8")
    # Without the line, the hand pairing is three findings, as before.
    bare = tmp_path / "bare.trf"
    bare.write_text(
        "".join(line for line in text.splitlines(keepends=True) if "### MPA" not in line),
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "check", str(bare))
    assert code == 1 and "3 findings in round 2." in out
    # A line that does not name the engine's boards documents nothing.
    wrong = tmp_path / "wrong.trf"
    line = next(line for line in text.splitlines() if line.startswith("### MPA"))
    engine = line.split(": ", 1)[1].split(" => ")[0]
    white, black = engine.split()[0].split("-")
    swapped = line.replace(f"{engine} =>", f"{black}-{white} {engine.split(' ', 1)[1]} =>")
    wrong.write_text(text.replace(line, swapped), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(wrong))
    assert code == 1 and "does not give the engine's pairing" in out
