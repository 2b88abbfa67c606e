"""A US Chess event speaks US Chess everywhere (issue: its sheets said FIDE's words): the
status cites the US ranking by rating (28J, 29A), the pairings and the crosstable call the
odd player's point a "bye" (22B, 28L) and cite the US rules for unplayed rounds, and no
command or sheet of it cites FIDE's pairing (C.04) or tie-break (C.07) regulations or says
PAB. A FIDE event keeps FIDE's words (the same commands, the other rule set)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.printing.conftest import pdf_text
from tests.support.cli import run

Capture = pytest.CaptureFixture[str]

FIDE_WORDS = re.compile(r"C\.04|C\.07|\bPAB\b|pairing-allocated")


def ok(capsys: Capture, *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


def _event(capsys: Capture, tmp_path: Path, preset: str) -> tuple[str, list[str]]:
    """Five players, round 1 paired and played (one bye); the outputs of every command and
    the text of every printed sheet."""
    f = str(tmp_path / f"{preset}.arbiter")
    ok(capsys, "new", f, "--name", "Saturday", "--system", "swiss", "--rounds", "3",
       "--preset", preset)  # fmt: skip
    texts = [ok(capsys, "status", f)]
    for rating in (2100, 1950, 1800, 1700, 1600):
        texts.append(ok(capsys, "player", "add", f, "--name", f"P{rating}", "--rating",
                        str(rating)))  # fmt: skip
    texts.append(ok(capsys, "pair", f, "--initial-colour", "white"))
    for board in (1, 2):
        ok(capsys, "result", f, "--round", "1", "--board", str(board), "1-0")
    texts += [ok(capsys, "status", f), ok(capsys, "standings", f)]
    texts.append(ok(capsys, "pair", f, "--explain-round", "1"))
    for sheet in ("crosstable", "pairings", "pairings-by-name", "standings", "starting-rank"):
        pdf = tmp_path / f"{preset}-{sheet}.pdf"
        ok(capsys, "print", f, sheet, "--round", "1", "-o", str(pdf))
        texts.append(pdf_text(pdf))
    return f, texts


def test_a_us_event_cites_no_fide_pairing_or_tiebreak_rule_and_says_bye(
    tmp_path: Path, capsys: Capture
) -> None:
    _, texts = _event(capsys, tmp_path, "uscf")
    found = [(i, m.group()) for i, text in enumerate(texts) for m in FIDE_WORDS.finditer(text)]
    assert found == []
    status, crosstable, starting = texts[0], texts[-5], texts[-1]
    assert "Pairing numbers by rating, highest first" in status
    assert "US Chess 28J and 29A" in status
    assert "bye the odd player's full point (US Chess 22B, 28L)" in " ".join(crosstable.split())
    assert re.search(r"P1600\s+1600\s+bye", crosstable)
    assert "US Chess ID" in starting and "(US Chess 28J and 29A)" in starting


def test_a_fide_event_keeps_fides_words(tmp_path: Path, capsys: Capture) -> None:
    _, texts = _event(capsys, tmp_path, "fide-swiss")
    crosstable = " ".join(texts[-5].split())
    assert "PAB pairing-allocated bye" in crosstable
    assert "(FIDE C.07 article 16)" in crosstable
    assert "FIDE C.04.2 article 2.2" in texts[0]
