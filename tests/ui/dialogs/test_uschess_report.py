"""File ▸ Export US Chess rating report… in the window: the readiness check shown first,
player by player; written only without problems, and past the notices (US Chess rule
23C, level 2) only once the arbiter ticks "anyway"; the three DBF files read back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from dbfread import DBF
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from arbiter_app.session import Session
from arbiter_app.session.commands import EditSettings
from arbiter_app.ui.dialogs.uschess_report import UsChessReportDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.cli.test_uschess_cli import play, saturday  # noqa: F401 (a fixture)

Capture = pytest.CaptureFixture[str]


@pytest.fixture
def played(saturday: Path, capsys: Capture) -> Iterator[EventDocument]:  # noqa: F811
    f = str(saturday)
    play(capsys, f, "Open", 3, ["1-0", "1/2", "0-1"])
    play(capsys, f, "Reserve", 2, ["+-", "1-0", "1/2"])
    document = EventDocument(Session.open(saturday))
    yield document
    document.close()


def items(dialog: UsChessReportDialog) -> list[str]:
    return [dialog.checks.item(i).text() for i in range(dialog.checks.count())]


def test_the_problems_come_first_and_nothing_is_written(
    qtbot: QtBot, played: EventDocument, tmp_path: Path
) -> None:
    dialog = UsChessReportDialog(played)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.summary.text().startswith("The report is not ready: 3 problems to mend first")
    listed = items(dialog)
    assert any("H_AFF_ID: the affiliate ID is an A and seven digits" in t for t in listed)
    assert any(t.startswith("Notice: 3 CASTELLO, MIRA (US Chess ID 12000003)") for t in listed)
    assert not dialog.anyway.isVisible()
    dialog.folder.setText(str(tmp_path / "report"))
    assert not dialog.write_button.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert not (tmp_path / "report").exists()


def test_past_the_notices_only_when_ticked_and_the_files_read_back(
    qtbot: QtBot, played: EventDocument, tmp_path: Path
) -> None:
    played.run(
        EditSettings(uschess_report={"affiliate": "A6012345", "state": "OK", "zip": "74103"})
    )
    dialog = UsChessReportDialog(played)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.summary.text().startswith(
        "The report is ready (2 sections, 11 players) with 1 notice (US Chess rule 23C)"
    )
    assert items(dialog) == [
        "Notice: 3 CASTELLO, MIRA (US Chess ID 12000003): the membership expired on "
        "2026-11-30, before the event's last day, 2026-12-05; it must be renewed for the "
        "games to be rated (US Chess rule 23C)."
    ]
    folder = tmp_path / "report"
    dialog.folder.clear()
    qtbot.keyClicks(dialog.folder, str(folder))
    assert dialog.anyway.isVisible() and not dialog.write_button.isEnabled()
    dialog.anyway.setFocus()
    qtbot.keyClick(dialog.anyway, Qt.Key.Key_Space)
    assert dialog.write_button.isEnabled()
    qtbot.keyClick(dialog.folder, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    assert [p.name for p in dialog.written] == ["THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF"]
    (header,) = list(DBF(str(folder / "THEXPORT.DBF"), encoding="ascii"))
    assert (header["H_AFF_ID"], header["H_STATE"], header["H_ZIPCODE"]) == (
        "A6012345", "OK", "74103",
    )  # fmt: skip
    details = list(DBF(str(folder / "TDEXPORT.DBF"), encoding="ascii"))
    assert len(details) == 11
    assert {r["D_MEM_ID"] for r in details} >= {"12000001", "12000003"}


def test_the_window_opens_it_from_the_file_menu(
    qtbot: QtBot, played: EventDocument, settings: Settings
) -> None:
    window = MainWindow(played, settings)
    qtbot.addWidget(window)
    assert window.uschess_report_action.text() == "Export &US Chess rating report…"
    window.uschess_report_action.trigger()
    dialog = window.uschess_dialog
    assert dialog.isVisible() and dialog.windowTitle() == "US Chess rating report"
    dialog.reject()
