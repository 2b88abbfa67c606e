"""A FIDE Double-Swiss (C.04.5) from the command line: create, pair, results, standings."""

from __future__ import annotations

from pathlib import Path

from tests.support.cli import Capture, run


def test_a_fide_double_swiss_is_paired_by_its_own_rules(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "ds.arbiter"
    file = str(path)
    code, out, err = run(capsys, "new", file, "--name", "DS", "--system", "fide-double-swiss",
                         "--rounds", "3")  # fmt: skip
    assert code == 0, err
    assert out == f"created {path}: DS, fide-double-swiss, 3 rounds of 2 games (6 games)\n"
    for i in range(1, 6):
        run(capsys, "player", "add", file, "--name", f"P{i}", "--rating", str(2400 - 10 * i))
    code, out, err = run(capsys, "pair", file, "--initial-colour", "black")
    assert code == 0, err
    # 3.4: the PAB to the largest TPN; 4.3.1: the HRP 1 (odd) has the initial-colour,
    # Black, the HRP 2 (even) White; 4.4: White above plays game 1 with White.
    lines = out.splitlines()
    assert lines[0] == "round 1 (games 1 and 2): 2 boards"
    assert lines[1].split() == ["1", "3", "P3", "-", "1", "P1"]
    assert lines[2].split() == ["2", "2", "P2", "-", "4", "P4"]
    assert "5 P5: pairing-allocated bye" in lines[3]
    assert "FIDE C.04.5 article 4.4" in out
    for rnd, board, result in ((1, 1, "1-0"), (1, 2, "1/2"), (2, 1, "1/2"), (2, 2, "0-1")):
        code, _, err = run(capsys, "result", file, "--round", str(rnd), "--board", str(board),
                           result)  # fmt: skip
        assert code == 0, err
    code, out, err = run(capsys, "standings", file)
    assert code == 0, err
    points = {
        line.split()[2]: line.split()[-1]
        for line in out.splitlines()
        if " P" in line and "Pts" not in line
    }
    # 3 beat 1 1½-½; 2 beat 4 1½-½ (a draw, then a win with White in game 2); 5's PAB
    # scores a game won and a game drawn (1.4).
    assert points == {"P2": "1½", "P3": "1½", "P5": "1½", "P1": "½", "P4": "½"}
    code, out, err = run(capsys, "pair", file)
    assert code == 0, err
    lines = out.splitlines()
    # 3.4: 5 is barred ([C2]); the lowest score (½) with one match each: the largest TPN,
    # 4. Scoregroup 1½ (2, 3, 5) takes 1 as upfloater; 1-3 met ([C1]), so 1-5, 2-3.
    # Colours: 3 v 2, 4.3.4 (HRP 2 had White); 1 v 5, 4.3.5 (1 had Black).
    assert lines[1].split() == ["1", "3", "P3", "-", "2", "P2"]
    assert lines[2].split() == ["2", "1", "P1", "-", "5", "P5"]
    assert "4 P4: pairing-allocated bye" in lines[3]
    assert (
        "The 1½-point scoregroup is paired with 1 upfloater: 1 P1 (½) (FIDE C.04.5 article 3.5)."
        in lines
    )
    trf = tmp_path / "ds.trf"
    code, _, err = run(capsys, "export", file, "--format", "trf", "--trf-version", "TRF-26",
                       "-o", str(trf))  # fmt: skip
    assert code == 0, err
    assert "192 FIDE_DOUBLESWISS" in trf.read_text(encoding="utf-8").splitlines()


def test_the_initial_colour_is_drawn_under_article_4_1(capsys: Capture, tmp_path: Path) -> None:
    file = str(tmp_path / "ds.arbiter")
    run(capsys, "new", file, "--name", "DS", "--system", "fide-double-swiss", "--rounds", "2")
    for name in ("Ann", "Ben"):
        run(capsys, "player", "add", file, "--name", name)
    code, out, err = run(capsys, "pair", file)
    assert code == 0, err
    assert "FIDE C.04.5 article 4.1; printed in the protocol of lots" in out.splitlines()[0]


def test_explain_names_the_bye_the_upfloaters_and_the_criteria_that_chose_them(
    capsys: Capture, tmp_path: Path
) -> None:
    """The guide's event (resources/guide/double-swiss.md): in match 2 Ann and Eve alone
    would leave Ben and Dee, who have met, with nobody to play ([C3]), so the 1½-point
    scoregroup takes both as upfloaters ([C4] article 2.3.1); Cid, on ½, has the bye
    (article 3.4)."""
    file = str(tmp_path / "open.arbiter")
    code, _, err = run(capsys, "new", file, "--name", "Open", "--system", "fide-double-swiss",
                       "--rounds", "5")  # fmt: skip
    assert code == 0, err
    for name, rating in (("Ann", 2210), ("Ben", 2150), ("Cid", 2100), ("Dee", 2050),
                         ("Eve", 1990)):  # fmt: skip
        run(capsys, "player", "add", file, "--name", name, "--rating", str(rating))
    code, out, err = run(capsys, "pair", file, "--initial-colour", "white", "--explain")
    assert code == 0, err
    assert (
        "  Pairing-allocated bye: 5 (0, 0 matches played): the lowest score, then the most "
        "matches played, then the largest TPN (article 3.4)." in out.splitlines()
    )
    for rnd, board, result in ((1, 1, "1-0"), (2, 1, "1/2"), (1, 2, "0-1"), (2, 2, "0-1")):
        code, _, err = run(capsys, "result", file, "--round", str(rnd), "--board", str(board),
                           result)  # fmt: skip
        assert code == 0, err
    code, out, err = run(capsys, "pair", file, "--explain")
    assert code == 0, err
    log = out[out.index("How round 2 was paired") :].splitlines()
    assert log[1:] == [
        "  Match 2: the pairing-allocated bye first, then bracket by bracket (3.3.2).",
        "  Pairing-allocated bye: 3 (½, 1 match played): the lowest score, then the most "
        "matches played, then the largest TPN (article 3.4).",
        "  Scoregroup 1½: 1 (1½), 5 (1½).",
        "    upfloaters 2 (1), 4 (1):",
        "      [C4] article 2.3.1: 2 upfloaters; with 0 the bracket or the players below it "
        "could not be paired ([C1], [C3])",
        "      [C5] article 2.3.2: the highest scores available",
        "      the first set in the order of article 3.5.4",
        "    pairs 1-4, 2-5: the first pairing identifier (article 3.6.2) that complies with "
        "[C1] and [C8] (3.6.4)",
        "  Board 1: 4-1, White in game 1 by article 4.3.4.",
        "  Board 2: 2-5, White in game 1 by article 4.3.5.",
    ]
    code, out, err = run(capsys, "pair", file, "--explain-round", "2")
    assert code == 0, err
    assert "The recorded round 2 is the engine's pairing." in out
