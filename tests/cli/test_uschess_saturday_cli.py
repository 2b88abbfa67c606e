"""The issue's whole US Chess Saturday on the command line, in one run: members looked up
from a member list in US Chess's format, one expired membership warned (rule 23C), an Open
and a Reserve paired by the US Chess engine for four rounds with a transposition and an
interchange named in the pairing log (29E5a, 29E5b), team standings (28N), the wall chart
printed, and the three DBF files of the rating report read back with dbfread."""

from __future__ import annotations

from pathlib import Path

import pytest
from dbfread import DBF

from tests.support.cli import run

Capture = pytest.CaptureFixture[str]

OPEN = (2145, 2050, 2020, 2010, 1935, 1915, 1890, 1855, 1785, 1730, 1675, 1450)
"""The Open's ratings: the four-round Open of ``test_uschess_pairing_cli`` (its log is known)."""
RESERVE = (1420, 1380, 1310, 1250, 1190)
SCHOOLS = ("Edison", "Lincoln", "Monroe")
RESULTS = ("1-0", "0-1", "1/2-1/2")
"""Board *b* of round *r* ends ``RESULTS[(b + r) % 3]``."""
EXPIRED = 12100003


def ok(capsys: Capture, *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


def member_list(path: Path) -> Path:
    """A rating supplement in US Chess's tab-separated layout, one membership expired."""
    lines = ["ID\tName\tState\tExp Date\tRegular Rating\tQuick Rating\tBlitz Rating\tOnline Rating"]
    for n, rating in enumerate(OPEN + RESERVE, start=1):
        member = 12100000 + n
        expires = "2026-11-30" if member == EXPIRED else "2027-08-31"
        lines.append(f"{member}\tPLAYER, NUMBER {n}\tOK\t{expires}\t{rating}\t\t\t")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_us_chess_saturday_from_the_member_list_to_the_report(
    tmp_path: Path, capsys: Capture, qapp: object
) -> None:
    from tests.printing.conftest import pdf_text

    out = ok(capsys, "ratings", "import", str(member_list(tmp_path / "supplement-nov26.txt")),
             "--uschess")  # fmt: skip
    assert out.startswith("imported 17 members")
    f = str(tmp_path / "saturday.arbiter")
    ok(capsys, "new", f, "--name", "Tulsa Saturday", "--system", "swiss", "--rounds", "4",
       "--preset", "uscf", "--start", "2026-12-05", "--time-control", "G/60 d5",
       "--section", "Open")  # fmt: skip
    ok(capsys, "settings", f, "--section", "Open", "--end-date", "2026-12-05", "--city",
       "Tulsa", "--chief-arbiter", "Theo Zeller 12000099", "--team-best", "2")  # fmt: skip
    ok(capsys, "section", "add", f, "--name", "Reserve", "--system", "swiss", "--rounds", "4")
    ok(capsys, "settings", f, "--section", "Reserve", "--time-control", "G/60 d5")
    notices: list[str] = []
    for section, first, size in (("Open", 1, len(OPEN)), ("Reserve", len(OPEN) + 1, len(RESERVE))):
        for n in range(first, first + size):
            out = ok(capsys, "player", "add", f, "--section", section, "--uschess-id",
                     str(12100000 + n), "--club", SCHOOLS[n % 3])  # fmt: skip
            notices += [line for line in out.splitlines() if "notice:" in line]
    assert len(notices) == 1 and f"(US Chess ID {EXPIRED})" in notices[0]
    assert "US Chess rule 23C" in notices[0]

    fixes: list[str] = []
    for section, boards in (("Open", 6), ("Reserve", 2)):
        for r in range(1, 5):
            extra = ("--initial-colour", "white") if r == 1 else ()
            out = ok(capsys, "pair", f, "--section", section, "--explain", *extra)
            fixes += [line.strip() for line in out.splitlines() if "↔" in line]
            for board in range(1, boards + 1):
                ok(capsys, "result", f, "--section", section, "--round", str(r), "--board",
                   str(board), RESULTS[(board + r) % 3])  # fmt: skip
    assert any(x.startswith("transposition ") and "(29E5a, " in x for x in fixes), fixes
    assert any(x.startswith("interchange ") and "(29E5b, " in x for x in fixes), fixes

    teams = ok(capsys, "standings", f, "--section", "Open", "--teams")
    for school in SCHOOLS:
        assert school in teams
    assert "28N" in teams

    wall = tmp_path / "wall.pdf"
    ok(capsys, "print", f, "wall-chart", "--section", "Open", "-o", str(wall))
    text = " ".join(pdf_text(wall).replace("\u2010", "-").replace("\u2011", "-").split())
    assert "PLAYER, NUMBER 1 12100001 2145" in text

    folder = tmp_path / "report"
    ok(capsys, "export", f, "--format", "uschess", "-o", str(folder), "--affiliate",
       "A6012345", "--state", "OK", "--zip", "74103")  # fmt: skip
    sections = list(DBF(str(folder / "TSEXPORT.DBF"), encoding="ascii"))
    assert [(s["S_SEC_NAME"], s["S_TOT_RNDS"], s["S_LST_PAIR"]) for s in sections] == [
        ("Open", "4", "12"),
        ("Reserve", "4", "5"),
    ]
    details = list(DBF(str(folder / "TDEXPORT.DBF"), encoding="ascii"))
    assert len(details) == len(OPEN) + len(RESERVE)
    cells = {(d["D_SEC_NUM"], int(d["D_PAIR_NUM"])): d for d in details}
    # Every game is reciprocal: W12 in one player's cell is L/D/W back in the opponent's.
    back = {"W": "L", "L": "W", "D": "D"}
    games = 0
    for (sec, pno), d in cells.items():
        for r in range(1, 5):
            cell = str(d[f"D_RND{r:02d}"]).strip()
            if cell[:1] in back:
                opponent = int(cell[1:-1])
                theirs = str(cells[(sec, opponent)][f"D_RND{r:02d}"]).strip()
                assert theirs[0] == back[cell[0]] and int(theirs[1:-1]) == pno, (cell, theirs)
                assert {cell[-1], theirs[-1]} == {"W", "B"}
                games += 1
    assert games == 2 * (6 * 4 + 2 * 4)
