"""Team scores in an individual event on the command line (US Chess rule 28N), and the US
Chess report's header kept in the event (``settings --affiliate …``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from dbfread import DBF

from tests.cli.test_uschess_cli import HEADER, ok, play, saturday  # noqa: F401 (a fixture)
from tests.support.cli import run

Capture = pytest.CaptureFixture[str]

PLAYERS = """name,rating,school
Ada Ames,1800,Lincoln
Ben Bell,1750,Adams
Cal Cruz,1700,Lincoln
Dee Dunn,1650,Adams
Eve Earl,1600,Lincoln
Fay Fox,1550,Adams
Gus Gray,1500,Lincoln
Hal Hunt,1450,Adams
"""


@pytest.fixture
def scholastic(tmp_path: Path, capsys: Capture) -> str:
    f = str(tmp_path / "scholastic.arbiter")
    ok(capsys, "new", f, "--name", "Scholastic", "--system", "swiss", "--rounds", "3",
       "--preset", "uscf")  # fmt: skip
    listed = tmp_path / "players.csv"
    listed.write_text(PLAYERS, encoding="utf-8")
    assert "imported 8 players" in ok(capsys, "player", "import", f, "--csv", str(listed))
    out = ok(capsys, "settings", f, "--team-best", "3", "--teammates-apart")
    said = " ".join(out.split())
    assert (
        "team scores: best 3 scores of each team count (US Chess 28N); teammates kept apart" in said
    )
    return f


def test_teammates_never_meet_and_the_teams_are_ranked(scholastic: str, capsys: Capture) -> None:
    f = scholastic
    for r in (1, 2):
        ok(capsys, "pair", f)
        for board in range(1, 5):
            ok(capsys, "result", f, "--round", str(r), "--board", str(board), "1-0")
    data = json.loads(ok(capsys, "standings", f, "--teams", "--json"))
    assert data["format"] == "arbiter-team-standings" and data["best"] == 3
    teams = {t["team"]: t for t in data["teams"]}
    assert set(teams) == {"Lincoln", "Adams"}
    for team in teams.values():
        players = team["players"]
        assert [p["counts"] for p in players] == [True, True, True, False]
        counted = sum(float(p["points"]) for p in players if p["counts"])
        assert float(team["points"]) == counted
    text = ok(capsys, "standings", f, "--teams")
    assert text.splitlines()[0] == "Scholastic: team standings after round 2 of 3"
    assert "US Chess rule 28N: each team's best 3 scores count" in text
    csv_text = ok(capsys, "standings", f, "--teams", "--format", "csv")
    assert csv_text.splitlines()[0].startswith("Place,Team,Pts,MM,SOLK,CUM,OPPC,Counted")


def _games(f: str, round_no: int) -> list[tuple[str, str]]:
    from arbiter_app.session import Session

    with Session.open(Path(f), readonly=True) as session:
        clubs = {p.tpn: p.club for p in session.event.players}
        return [(clubs[b.white], clubs[b.black]) for b in session.boards(round_no)]


def test_no_game_between_teammates_is_paired(scholastic: str, capsys: Capture) -> None:
    """28N: kept apart, no board has two players of one school; without the option the
    top half meets the bottom half (1-5, 2-6, …), and here every such board is two
    teammates."""
    f = scholastic
    ok(capsys, "pair", f)
    assert all(white != black for white, black in _games(f, 1))
    ok(capsys, "undo", f)
    ok(capsys, "settings", f, "--no-teammates-apart")
    ok(capsys, "pair", f)
    assert all(white == black for white, black in _games(f, 1))


def test_the_team_standings_are_printed_and_exported(
    scholastic: str, capsys: Capture, tmp_path: Path, qapp: object
) -> None:
    from tests.printing.conftest import pdf_text

    f = scholastic
    ok(capsys, "pair", f)
    for board in range(1, 5):
        ok(capsys, "result", f, "--round", "1", "--board", str(board), "1/2")
    pdf = tmp_path / "teams.pdf"
    out = ok(capsys, "print", f, "team-standings", "-o", str(pdf))
    assert out == f"wrote {pdf}: Team standings after round 1 of 3, 1 page\n"
    text = " ".join(pdf_text(pdf).split())
    assert "Lincoln" in text and "Adams" in text and "US Chess rule 28N" in text
    html = tmp_path / "teams.html"
    ok(capsys, "export", f, "--format", "html", "--teams", "-o", str(html))
    assert "Team standings after round 1 of 3" in html.read_text(encoding="utf-8")
    csv_file = tmp_path / "teams.csv"
    ok(capsys, "export", f, "--format", "csv", "--teams", "-o", str(csv_file))
    rows = csv_file.read_text(encoding="utf-8-sig").splitlines()
    assert rows[1].startswith("1-2,") and rows[2].startswith("1-2,")  # 1½ each: shared
    code, _, err = run(capsys, "export", f, "--format", "trf", "--teams", "-o", str(tmp_path / "x"))
    assert code != 0 and "exported as csv, json, html" in err


def test_the_report_header_kept_in_the_event_is_used_and_options_override(
    saturday: Path,  # noqa: F811 (the fixture imported above)
    capsys: Capture,
) -> None:
    f = str(saturday)
    play(capsys, f, "Open", 3, ["1-0", "1/2", "0-1"])
    play(capsys, f, "Reserve", 2, ["+-", "1-0", "1/2"])
    out = " ".join(ok(capsys, "settings", f, "--section", "Open", *HEADER).split())
    assert "US Chess report: affiliate A6012345; state OK; ZIP 74103" in out
    out = ok(capsys, "report", f, "--uschess")
    assert out == "the US Chess rating report is ready: 2 sections, 11 players\n"
    folder = saturday.parent / "kept"
    ok(capsys, "export", f, "--format", "uschess", "-o", str(folder), "--zip", "74104")
    (h,) = list(DBF(str(folder / "THEXPORT.DBF"), encoding="ascii"))
    assert (h["H_AFF_ID"], h["H_STATE"], h["H_ZIPCODE"]) == ("A6012345", "OK", "74104")
    ok(capsys, "settings", f, "--section", "Open", "--send-crosstable", "y")
    ok(capsys, "export", f, "--format", "uschess", "-o", str(folder))
    (h,) = list(DBF(str(folder / "THEXPORT.DBF"), encoding="ascii"))
    assert (h["H_ZIPCODE"], h["H_SENDCROS"]) == ("74103", "Y")
    code, _, err = run(capsys, "settings", f, "--section", "Open", "--chief-td", "123")
    assert code != 0 and "eight digits" in err
