"""A US Chess Saturday in the window (issue 24, "must show"): members registered from a
small member list in US Chess's format with the Add player dialog's look-up (one expired
membership noticed, rule 23C), two schools scored as teams (rule 28N) and kept apart,
three rounds played, the wall chart printed, and the three DBF files of the rating report
written from File ▸ Export US Chess rating report… and read back with dbfread."""

from __future__ import annotations

import re
from pathlib import Path

from dbfread import DBF
from PySide6.QtCore import Qt
from PySide6.QtGui import QPdfWriter
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Colour
from arbiter_app.core.result import GameResult
from arbiter_app.session.commands import EditSettings
from arbiter_app.store.member_db import MemberDatabase
from arbiter_app.ui.dialogs.player import PlayerDialog
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.ui.test_uschess_members_window import SUPPLEMENT, us_event

SCHOOLS = {
    "12000001": "Lincoln",
    "12000002": "Adams",
    "12000003": "Lincoln",
    "12000004": "Adams",
    "12000005": "Lincoln",
    "12000006": "Adams",
}


def register(qtbot: QtBot, window: MainWindow, member_id: str) -> PlayerDialog:
    panel = window.players
    qtbot.mouseClick(panel.button(panel.add_action), Qt.MouseButton.LeftButton)
    dialog = panel.dialog
    assert isinstance(dialog, PlayerDialog)
    qtbot.keyClicks(dialog.member_search, member_id)
    qtbot.keyClick(dialog.member_search, Qt.Key.Key_Return)
    qtbot.keyClicks(dialog.club, SCHOOLS[member_id])
    qtbot.keyClick(dialog.club, Qt.Key.Key_Return)  # OK
    assert not dialog.isVisible()
    return dialog


def test_a_us_chess_saturday_in_the_window(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    from tests.printing.conftest import pdf_text

    with MemberDatabase.open() as db:
        db.import_file(SUPPLEMENT)
    document = us_event(tmp_path / "saturday.arbiter")
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    document.run(
        EditSettings(
            info={"city": "Tulsa", "chief_arbiter": "Theo Zeller 12000099"},
            team_best=2,
            teammates_apart=True,
            uschess_report={"affiliate": "A6012345", "state": "OK", "zip": "74103"},
        )
    )
    noticed = []
    for member_id in SCHOOLS:
        dialog = register(qtbot, window, member_id)
        noticed += list(dialog.member_notices)
    assert [n.split(":")[0] for n in noticed] == ["CASTELLO, MIRA (US Chess ID 12000003)"]
    assert "(US Chess rule 23C)" in noticed[0]
    players = document.tournament.players
    assert [p.national_id for p in players] == list(SCHOOLS)
    school = {p.tpn: p.club for p in players}

    results = [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS]
    for round_no in (1, 2, 3):
        document.pair_next_round(initial_colour=Colour.WHITE)
        boards = document.session.boards(round_no)
        # Rule 28N, teammates kept apart: no board has two players of one school.
        assert all(school[b.white] != school[b.black] for b in boards)
        for b in boards:
            document.set_result(round_no, b.number, results[(b.number + round_no) % 3])

    teams = window.teams
    teams.refresh()
    assert teams.caption.text() == "Final team standings"
    assert {teams.model.cell(r, 1) for r in range(teams.model.rowCount())} == {
        "Lincoln",
        "Adams",
    }
    assert "each team's best 2 scores count" in teams.rule.text()

    sheet = window.build_sheet("wall-chart")
    assert sheet is not None
    pdf = tmp_path / "wall.pdf"
    writer = QPdfWriter(str(pdf))
    assert window.paint_with_progress(sheet, writer) >= 1
    del writer
    text = " ".join(pdf_text(pdf).replace("\u2010", "-").replace("\u2011", "-").split())
    assert "ALDEN, ROSA 12000001 2140" in text
    assert re.search(r"\b[WLD]\d [wb] [0-9½]+", text)

    dialog = window.show_uschess_report()
    assert dialog.summary.text().startswith(
        "The report is ready (1 section, 6 players) with 1 notice"
    )
    folder = tmp_path / "report"
    dialog.folder.setText(str(folder))
    dialog.anyway.setChecked(True)
    qtbot.keyClick(dialog.folder, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    assert "Wrote the US Chess rating report" in window.statusBar().currentMessage()
    (header,) = list(DBF(str(folder / "THEXPORT.DBF"), encoding="ascii"))
    assert (header["H_AFF_ID"], header["H_CTD_ID"], header["H_CITY"]) == (
        "A6012345", "12000099", "Tulsa",
    )  # fmt: skip
    details = {r["D_PAIR_NUM"]: r for r in DBF(str(folder / "TDEXPORT.DBF"), encoding="ascii")}
    assert len(details) == 6
    cell = re.compile(r"([WLD])(\d+)([WB])")
    for number, row in details.items():
        for n in (1, 2, 3):
            found = cell.fullmatch(row[f"D_RND{n:02d}"])
            assert found is not None, row
            result, opponent, colour = found.groups()
            theirs = details[opponent][f"D_RND{n:02d}"]
            mirrored = {"W": "L", "L": "W", "D": "D"}[result] + number
            assert theirs == mirrored + ("B" if colour == "W" else "W")
    document.close()


OPEN = (2145, 2050, 2020, 2010, 1935, 1915, 1890, 1855, 1785, 1730, 1675, 1450)
"""The Open of the command line's four-round test: its log has a transposition and an
interchange (tests/cli/test_uschess_pairing_cli.py)."""
RESERVE = (1420, 1380, 1310, 1250, 1190, 1120, 1005)


def test_an_open_and_a_reserve_paired_by_the_us_rules_explain_themselves_in_the_window(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    """Four rounds in each of two sections, paired from the window by the US Chess engine;
    Round ▸ Explain pairing… shows each round's log, with the transposition (29E5a) and
    the interchange (29E5b) the Open needed, and the Reserve's bye (28L)."""
    from arbiter_app.session.commands import AddPlayer
    from arbiter_app.ui.dialogs.pairing_log import PairingLogDialog

    document = us_event(tmp_path / "two.arbiter")
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    window.show()
    document.run(EditSettings(rounds=4))
    document.add_section("Reserve", "swiss", 4, "uscf")
    results = [GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW]
    logs: dict[str, list[str]] = {}
    for section, ratings in (("Open", OPEN), ("Reserve", RESERVE)):
        document.select_section(1 if section == "Open" else section)
        for n, rating in enumerate(ratings, start=1):
            document.run(AddPlayer(name=f"{section} {n}", rating=rating))
        lines: list[str] = []
        for round_no in (1, 2, 3, 4):
            document.pair_next_round(initial_colour=Colour.WHITE if round_no == 1 else None)
            for b in document.session.boards(round_no):
                document.set_result(round_no, b.number, results[(b.number + round_no) % 3])
            window.pairings.show_round(round_no)
            window.explain_action.trigger()
            dialog = window.pairings.log_dialog
            assert isinstance(dialog, PairingLogDialog)
            qtbot.waitUntil(dialog.isVisible)
            lines += dialog.text.toPlainText().splitlines()
            dialog.close()
        logs[section] = lines
    fixes = [line.strip() for line in logs["Open"] if "↔" in line]
    assert any(x.startswith("transposition ") and "(29E5a, " in x for x in fixes), fixes
    assert any(x.startswith("interchange ") and "(29E5b, " in x for x in fixes), fixes
    assert any("28L" in line for line in logs["Reserve"])
    assert all("FIDE" not in line for line in logs["Open"] + logs["Reserve"])
    document.close()
