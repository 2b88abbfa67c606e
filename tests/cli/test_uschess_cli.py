"""A US Chess Saturday on the command line: members from a US Chess member list, two
sections played, the readiness check, and the three DBF files of the rating report read
back with an independent reader (dbfread)."""

from __future__ import annotations

import json
import re
import struct
from datetime import date
from pathlib import Path

import pytest
from dbfread import DBF

from arbiter_app.core.uschess_report import DETAIL_FIELDS, HEADER_FIELDS, SECTION_FIELDS
from tests.support.cli import run

DATA = Path(__file__).resolve().parent.parent / "data" / "uschess"
SUPPLEMENT = DATA / "supplement-nov26.txt"
HEADER = ("--affiliate", "A6012345", "--state", "OK", "--zip", "74103")

Capture = pytest.CaptureFixture[str]


def ok(capsys: Capture, *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


def golden_database(folder: Path) -> Path:
    """The same members as the supplement, as a Golden Database DBF (made with ``dbf``)."""
    import dbf

    path = folder / "TARATSUP.DBF"
    table = dbf.Table(
        str(path),
        "MEM_ID C(8); MEM_NAME C(30); MEM_STATE C(2); MEM_EXP_DT D; MEM_RTG C(8); "
        "MEM_QRTG C(8); MEM_BRTG C(8); MEM_ORTG C(8)",
        dbf_type="db3",
        codepage="ascii",
    )
    table.open(dbf.READ_WRITE)
    for line in SUPPLEMENT.read_text(encoding="utf-8").splitlines()[1:]:
        cells = line.split("\t")
        if not cells[0].isdigit():
            continue
        expires = None if cells[3] == "LIFE" else date.fromisoformat(cells[3])
        table.append((cells[0], cells[1], cells[2], expires, *cells[4:8]))
    table.close()
    return path


@pytest.fixture
def saturday(tmp_path: Path, capsys: Capture) -> Path:
    """An Open of six (three rounds) and a Reserve of five (two rounds: a bye each round),
    every player registered from the member list by US Chess ID."""
    out = ok(capsys, "ratings", "import", str(SUPPLEMENT), "--uschess")
    assert out.startswith("imported 14 members: US Chess member list, November 2026")
    assert "supplement-nov26.txt:16: the ID 'not-an-id' is not a number" in out
    f = str(tmp_path / "saturday.arbiter")
    ok(capsys, "new", f, "--name", "Tulsa Saturday", "--system", "swiss", "--rounds", "3",
       "--preset", "uscf", "--start", "2026-12-05", "--time-control", "G/60 d5",
       "--section", "Open")  # fmt: skip
    ok(capsys, "settings", f, "--section", "Open", "--end-date", "2026-12-05", "--city",
       "Tulsa", "--chief-arbiter", "Theo Zeller 12000099")  # fmt: skip
    ok(capsys, "section", "add", f, "--name", "Reserve", "--system", "swiss", "--rounds", "2")
    ok(capsys, "settings", f, "--section", "Reserve", "--time-control", "G/60 d5")
    notices = []
    for section, ids in (("Open", range(1, 7)), ("Reserve", range(7, 12))):
        for i in ids:
            out = ok(
                capsys, "player", "add", f, "--section", section, "--uschess-id", f"{12000000 + i}"
            )
            notices += [line for line in out.splitlines() if "notice:" in line]
    # One expired membership, warned at registration (a level-2 notice: the player is added).
    assert notices == [
        "  notice: CASTELLO, MIRA (US Chess ID 12000003): the membership expired on "
        "2026-11-30, before the event's last day, 2026-12-05; it must be renewed for the "
        "games to be rated (US Chess rule 23C)"
    ]
    return Path(f)


def play(capsys: Capture, f: str, section: str, rounds: int, results: list[str]) -> None:
    for r in range(1, rounds + 1):
        ok(capsys, "pair", f, "--section", section)
        for board in range(1, 4):
            result = results[(board + r) % len(results)]
            code, _, _ = run(capsys, "result", f, "--section", section, "--round", str(r),
                             "--board", str(board), result)  # fmt: skip
            assert code in (0, 2)  # the Reserve has two boards and a bye


def test_registration_fills_name_state_and_rating_from_the_member_list(
    saturday: Path, capsys: Capture
) -> None:
    out = ok(capsys, "player", "list", str(saturday), "--section", "Open")
    assert "ALDEN, ROSA" in out and "2140" in out
    # A provisional rating is marked where its source is shown.
    out = ok(capsys, "ratings", "find", "12000006", "--uschess")
    assert out.split() == ["12000006", "FOLEY,", "JUNE", "OK", "expires", "2027-05-31",
                           "regular", "1498P8", "quick", "unrated", "blitz", "unrated",
                           "online", "unrated"]  # fmt: skip
    out = ok(capsys, "ratings", "check", str(saturday), "--uschess")
    assert "notice: 3 CASTELLO, MIRA (US Chess ID 12000003): the membership expired" in out
    assert out.splitlines()[-1] == "11 players with a US Chess ID checked, 1 notice"


def test_an_unknown_id_is_a_notice_and_the_name_is_kept(saturday: Path, capsys: Capture) -> None:
    out = ok(capsys, "player", "add", str(saturday), "--section", "Reserve",
             "--uschess-id", "12345678", "--name", "Quill, Ava")  # fmt: skip
    assert "notice: (US Chess ID 12345678) is on no imported member list" in out


def test_the_readiness_check_names_what_is_missing_player_by_player(
    saturday: Path, capsys: Capture
) -> None:
    f = str(saturday)
    ok(capsys, "player", "add", f, "--section", "Reserve", "--name", "Núñez, José")
    code, out, err = run(capsys, "report", f, "--uschess", "--affiliate", "6012345")
    assert code == 1
    assert "notice: 3 CASTELLO, MIRA" in err
    lines = out.splitlines()
    assert lines[0].startswith("the US Chess rating report is not ready")
    problems = "\n".join(lines)
    assert "the event: H_AFF_ID: the affiliate ID is an A and seven digits" in problems
    assert (
        "the event: H_STATE: the event's state is a two-letter code (OK); it is missing" in problems
    )
    assert "the event: H_ZIPCODE" in problems
    assert "section 1 (Open): S_TOT_RNDS: 0 of its 3 rounds have results" in problems
    assert (
        "section 2 (Reserve), player 6 Núñez, José: D_NAME: the name 'Núñez, José' is not "
        "plain ASCII, which the report's files cannot carry; write it 'Nunez, Jose'"
    ) in problems
    assert (
        "section 2 (Reserve), player 6 Núñez, José: D_MEM_ID: a US Chess ID is eight digits"
        in problems
    )
    # Nothing is written while the report is not ready.
    folder = saturday.parent / "report"
    code, _, err = run(capsys, "export", f, "--format", "uschess", "-o", str(folder), *HEADER)
    assert code == 2
    assert "the rating report is not ready" in err
    assert not (folder / "THEXPORT.DBF").exists()


def _fields(table: DBF) -> list[tuple[str, str, int]]:
    return [(f.name, f.type, f.length) for f in table.fields]


def test_the_rating_report_reads_back_field_by_field_and_every_game_is_reciprocal(
    saturday: Path, capsys: Capture
) -> None:
    f = str(saturday)
    play(capsys, f, "Open", 3, ["1-0", "1/2", "0-1"])
    play(capsys, f, "Reserve", 2, ["+-", "1-0", "1/2"])
    out = ok(capsys, "report", f, "--uschess", *HEADER)
    assert out == "the US Chess rating report is ready: 2 sections, 11 players\n"
    folder = saturday.parent / "report"
    out = ok(capsys, "export", f, "--format", "uschess", "-o", str(folder), *HEADER)
    assert out.splitlines() == [
        f"wrote {folder / n}" for n in ("THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF")
    ]

    header = DBF(str(folder / "THEXPORT.DBF"), encoding="ascii")
    assert _fields(header) == [(x.name, x.kind, x.width) for x in HEADER_FIELDS]
    assert _fields(header)[-1] == ("H_OTHER_TD", "C", 255)
    (h,) = list(header)
    assert (h["H_FORMAT"], h["H_NAME"], h["H_TOT_SECT"], h["H_AFF_ID"], h["H_CTD_ID"]) == (
        "2C", "Tulsa Saturday", "2", "A6012345", "12000099",
    )  # fmt: skip
    assert (h["H_BEG_DATE"], h["H_END_DATE"]) == (date(2026, 12, 5), date(2026, 12, 5))
    assert (h["H_CITY"], h["H_STATE"], h["H_ZIPCODE"], h["H_COUNTRY"]) == (
        "Tulsa",
        "OK",
        "74103",
        "USA",
    )

    sections = DBF(str(folder / "TSEXPORT.DBF"), encoding="ascii")
    assert _fields(sections) == [(x.name, x.kind, x.width) for x in SECTION_FIELDS]
    rows = list(sections)
    assert [(r["S_SEC_NUM"], r["S_SEC_NAME"], r["S_TOT_RNDS"], r["S_LST_PAIR"]) for r in rows] == [
        ("1", "Open", "3", "6"),
        ("2", "Reserve", "2", "5"),
    ]
    # Rule 5C: G/60 d5 is 60 + 5 = 65 minutes, dual rated; written as US Chess stores it.
    assert {(r["S_R_SYSTEM"], r["S_TIMECTL"], r["S_TRN_TYPE"]) for r in rows} == {
        ("D", "G/60;d5", "S")
    }

    details = DBF(str(folder / "TDEXPORT.DBF"), encoding="ascii")
    rounds = [(f"D_RND{n:02d}", "C", 7) for n in (1, 2, 3)]
    assert _fields(details) == [(x.name, x.kind, x.width) for x in DETAIL_FIELDS] + rounds
    players = {(r["D_SEC_NUM"], r["D_PAIR_NUM"]): r for r in details}
    assert len(players) == 11
    alden = players[("1", "1")]
    assert (alden["D_MEM_ID"], alden["D_NAME"], alden["D_STATE"], alden["D_RATING"]) == (
        "12000001", "ALDEN, ROSA", "OK", "2140",
    )  # fmt: skip
    assert players[("1", "3")]["D_STATE"] == "TX"  # the state comes from the member list
    cell = re.compile(r"([WLD])([1-9]\d*)([WB])")
    games = byes = forfeits = 0
    for (section, number), row in players.items():
        for n in (1, 2, 3):
            value = row[f"D_RND{n:02d}"]
            if section == "2" and n == 3:
                assert value == "U0"  # the Reserve has two rounds: the third column is padding
                continue
            found = cell.fullmatch(value)
            if found is None:
                assert value in ("B0", "X0", "F0", "H0", "U0"), value
                byes += value == "B0"
                forfeits += value in ("X0", "F0")
                continue
            games += 1
            result, opponent, colour = found.groups()
            theirs = players[(section, opponent)][f"D_RND{n:02d}"]
            # Reciprocal: if A's cell says W12B, 12's says L<A>W.
            expected = (
                {"W": "L", "L": "W", "D": "D"}[result] + number + ("B" if colour == "W" else "W")
            )
            assert theirs == expected, (section, number, n, value, theirs)
    assert byes == 2  # the Reserve's pairing-allocated bye of each round (rule 28L)
    assert forfeits >= 2 and forfeits % 2 == 0
    assert games % 2 == 0 and games > 0

    # The bytes themselves: dBase III, ASCII, fields left-justified and space-filled.
    raw = (folder / "TDEXPORT.DBF").read_bytes()
    count, header_size, record_size = struct.unpack_from("<IHH", raw, 4)
    assert raw[0] == 0x03 and raw[-1] == 0x1A and raw[header_size - 1] == 0x0D
    assert count == 11 and record_size == 1 + sum(w for _, _, w in _fields(details))
    first = raw[header_size : header_size + record_size]
    assert first[:1] == b" "  # not deleted
    assert first[1 + 12 : 1 + 12 + 2] == b"1 "  # D_SEC_NUM left-justified (2C, 2025)
    assert all(32 <= b <= 126 for b in raw[header_size:-1])


def test_the_golden_database_dbf_is_read_as_the_supplement(tmp_path: Path, capsys: Capture) -> None:
    path = golden_database(tmp_path)
    out = ok(capsys, "ratings", "import", str(path), "--uschess", "--month", "2026-11")
    assert out.startswith(
        "imported 14 members: US Chess member list, November 2026, from TARATSUP.DBF"
    )
    out = ok(capsys, "ratings", "find", "ekwueme", "--uschess")
    assert out.split() == ["12000005", "EKWUEME,", "NIA", "KS", "expires", "2028-03-31",
                           "regular", "1610", "quick", "1577P12", "blitz", "unrated",
                           "online", "unrated"]  # fmt: skip
    out = ok(capsys, "ratings", "find", "duarte", "--uschess")
    assert "no expiry" in out  # a life member
    # First name first finds the member too; the JSON gives every rating and its mark.
    found = json.loads(ok(capsys, "ratings", "find", "Nia Ekwueme", "--uschess", "--json"))
    assert [(m["member_id"], m["ratings"]["quick"]) for m in found] == [
        ("12000005", {"rating": 1577, "provisional_games": 12})
    ]
    out = ok(capsys, "ratings", "info")
    assert out.splitlines()[-1].startswith(
        "US Chess member list, November 2026: 14 members, from TARATSUP.DBF"
    )
    # Without its month (neither given nor in the name) a list is refused.
    code, _, err = run(capsys, "ratings", "import", str(path), "--uschess")
    assert code == 2 and "the list's month is not in its name" in err


def test_the_wall_chart_is_printed(saturday: Path, capsys: Capture, qapp: object) -> None:
    from tests.printing.conftest import pdf_text

    f = str(saturday)
    play(capsys, f, "Reserve", 2, ["+-", "1-0", "1/2"])
    out_pdf = saturday.parent / "wall.pdf"
    out = ok(capsys, "print", f, "wall-chart", "--section", "Reserve", "-o", str(out_pdf))
    assert out == f"wrote {out_pdf}: Wall chart, 1 page\n"
    # The cells are kept on one line with non-breaking hyphens: read them as hyphens.
    text = " ".join(pdf_text(out_pdf).replace("\u2010", "-").replace("\u2011", "-").split())
    assert "GRUBER, THEO 12000007 1455" in text
    assert "B--- 1" in text  # the bye of the odd round, with the running score
    assert re.search(r"\b[WLDXF]\d \w? ?[0-9½]+", text)


def test_a_trf_file_is_refused_with_the_way_to_a_tournament_file(
    tmp_path: Path, capsys: Capture
) -> None:
    trf = tmp_path / "open.trf"
    trf.write_text("012 Open\n", encoding="utf-8")
    code, _, err = run(capsys, "report", str(trf), "--uschess", *HEADER)
    assert code == 2
    assert "the US Chess rating report is made from a tournament file (.arbiter)" in err


def test_the_rating_follows_the_event_s_system(tmp_path: Path, capsys: Capture) -> None:
    """Rule 5C: G/15 d3 is quick; without a time control the rating type decides."""
    ok(capsys, "ratings", "import", str(SUPPLEMENT), "--uschess")
    quick = str(tmp_path / "quick.arbiter")
    ok(capsys, "new", quick, "--name", "Quick", "--system", "swiss", "--rounds", "5",
       "--time-control", "G/15 d3")  # fmt: skip
    out = ok(capsys, "player", "add", quick, "--uschess-id", "12000005")
    assert out.startswith(
        "player 1: EKWUEME, NIA (1577, US Chess member list, quick rating, provisional)"
    )
    blitz = str(tmp_path / "blitz.arbiter")
    ok(capsys, "new", blitz, "--name", "Blitz", "--system", "swiss", "--rounds", "5",
       "--rating-type", "blitz")  # fmt: skip
    out = ok(capsys, "player", "add", blitz, "--uschess-id", "12000001")
    assert out.startswith("player 1: ALDEN, ROSA (2050, US Chess member list, blitz rating)")


def test_a_game_without_its_result_stops_the_report(saturday: Path, capsys: Capture) -> None:
    """A board paired and not yet scored is not an unplayed round (U0): it is named."""
    f = str(saturday)
    play(capsys, f, "Open", 2, ["1-0", "1/2", "0-1"])
    play(capsys, f, "Reserve", 2, ["+-", "1-0", "1/2"])
    ok(capsys, "pair", f, "--section", "Open")
    ok(capsys, "result", f, "--section", "Open", "--round", "3", "--board", "1", "1-0")
    code, out, _ = run(capsys, "report", f, "--uschess", *HEADER)
    assert code == 1
    assert out.splitlines()[1:] == [
        "  section 1 (Open): D_RND03: round 3, board 2 has no result yet",
        "  section 1 (Open): D_RND03: round 3, board 3 has no result yet",
    ]


def test_the_zipped_golden_database_is_read_as_us_chess_ships_it(
    tmp_path: Path, capsys: Capture
) -> None:
    import zipfile

    archive = tmp_path / "golden-nov26.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(golden_database(tmp_path), "TARATSUP.DBF")
    out = ok(capsys, "ratings", "import", str(archive), "--uschess")
    assert out.startswith("imported 14 members: US Chess member list, November 2026")
    assert ok(capsys, "ratings", "find", "12000010", "--uschess").startswith(
        "12000010  JANSSEN, PIA"
    )
    empty = tmp_path / "empty-nov26.zip"
    with zipfile.ZipFile(empty, "w") as z:
        z.writestr("readme.pdf", b"%PDF")
    code, _, err = run(capsys, "ratings", "import", str(empty), "--uschess")
    assert code == 2 and "the zip should hold one member list (.dbf, .txt or .tsv)" in err
