"""``arbiter-app import`` of a file whose record 192 says FIDE_DOUBLESWISS: an old file of the
club's double Swiss goes on as the club's, with a notice saying why; a file that does not
decide needs ``--confirm`` (FIDE C.02 level 3)."""

from __future__ import annotations

from pathlib import Path

from tests.support.cli import Capture, run

OLD = Path(__file__).parents[1] / "data" / "trf" / "old-arbiter"


def test_an_old_club_file_imports_as_the_club_s_and_says_why(
    capsys: Capture, tmp_path: Path
) -> None:
    target = tmp_path / "club.arbiter"
    code, out, err = run(capsys, "import", str(OLD / "club-double-swiss-6.trf"), "-o", str(target))
    assert code == 0, err
    assert (
        "notice: Imported as the club's double Swiss (each match paired as a Dutch round): "
        "record 192 says FIDE_DOUBLESWISS, and its matches are the pairings that system "
        "makes, not those of FIDE's Double-Swiss System (C.04.5). "
        "(TRF-26 record 192; FIDE C.04.5)"
    ) in out
    code, out, _ = run(capsys, "settings", str(target))
    assert code == 0 and "system:          double-swiss," in out
    exported = tmp_path / "club.trf"
    code, _, err = run(capsys, "export", str(target), "--format", "trf", "-o", str(exported))
    assert code == 0, err
    assert "192 CUSTOM_DOUBLESWISS" in exported.read_text(encoding="utf-8")


def test_a_file_arbiter_wrote_that_fits_both_systems_needs_confirm(
    capsys: Capture, tmp_path: Path
) -> None:
    """Match 1 of the old six-player file alone: both systems pair it so."""
    lines = (OLD / "club-double-swiss-6.trf").read_text(encoding="utf-8").splitlines()
    one_match = [line[:109] if line.startswith("001") else line for line in lines]
    source = tmp_path / "one-match.trf"
    source.write_text("\n".join(one_match) + "\n", encoding="utf-8")
    target = tmp_path / "one.arbiter"
    code, out, err = run(capsys, "import", str(source), "-o", str(target))
    assert code == 2 and not target.exists()
    assert "level 3 question (TRF-26 record 192; FIDE C.04.5):" in err
    assert "change its record 192 to CUSTOM_DOUBLESWISS" in err
    code, out, err = run(capsys, "import", str(source), "-o", str(target), "--confirm")
    assert code == 0, err
    code, out, _ = run(capsys, "settings", str(target))
    assert "system:          fide-double-swiss," in out


def test_the_old_club_file_goes_on_with_the_club_s_pairings(
    capsys: Capture, tmp_path: Path
) -> None:
    """The seven-player file with a fourth match announced: the club's double Swiss pairs
    it as a Dutch round, 4-5, 2-7, 6-1 (the bye to 3); C.04.5 would pair 1-5, 2-7, 6-4 (its
    byes worth 1½ rank the players otherwise)."""
    text = (OLD / "club-double-swiss-7.trf").read_text(encoding="utf-8")
    source = tmp_path / "club4.trf"
    source.write_text(text.replace("142 3\n", "142 4\n"), encoding="utf-8")
    target = tmp_path / "club4.arbiter"
    code, _, err = run(capsys, "import", str(source), "-o", str(target))
    assert code == 0, err
    code, out, err = run(capsys, "pair", str(target))
    assert code == 0, err
    assert "round 4 (games 7 and 8): 3 boards" in out
    boards = [line.split() for line in out.splitlines() if line.startswith("   ")]
    assert [(row[1], row[-3]) for row in boards[:3]] == [("4", "5"), ("2", "7"), ("6", "1")]
    assert "3 Clark, Cleo: pairing-allocated bye" in out


def test_the_checker_says_which_double_swiss_it_checked_the_old_file_by(
    capsys: Capture,
) -> None:
    """``check`` reads the file as the import does: the club's rules make every match
    again (read by C.04.5, match 2 would be reported), and the report says why."""
    code, out, err = run(capsys, "check", str(OLD / "club-double-swiss-6.trf"))
    assert code == 0, out + err
    assert "club-double-swiss-6.trf: double-swiss, 3 rounds checked" in out
    assert (
        "  The file was read as the club's double Swiss (each match paired as a Dutch "
        "round): record 192 says FIDE_DOUBLESWISS, and its matches are the pairings that "
        "system makes, not those of FIDE's Double-Swiss System (C.04.5)."
    ) in out
    assert "All pairings and standings agree with the rules." in out
