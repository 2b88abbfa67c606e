"""File ▸ Check FIDE rating report… in the window: the command line's ``report FILE``, line for
line; a player's line opens the player's Edit dialog, an event's line the event settings; the
list is checked again after every change, down to "ready to send"; an event over 30 days
shows its rating periods (FIDE C.02, Q210-Q216)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from arbiter_app.cli import main
from arbiter_app.session import Session
from arbiter_app.session.commands import EditPlayer, EditSettings
from arbiter_app.ui.dialogs.event_settings import EventSettingsDialog
from arbiter_app.ui.dialogs.player import PlayerDialog
from arbiter_app.ui.dialogs.report_readiness import PLAYER_ROLE, ReportReadinessDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.settings import Settings
from tests.cli.test_fide_report import _build
from tests.support.windows import shown_window

Capture = pytest.CaptureFixture[str]


def _club(path: Path) -> Path:
    """A one-round club event with most of the report's facts missing (the CLI test's)."""
    f = str(path)
    for argv in (
        ["new", f, "--name", "Club Open", "--system", "swiss", "--rounds", "1"],
        ["player", "add", f, "--name", "Smith, Ann", "--rating", "2210", "--fide-id", "1501"],
        ["player", "add", f, "--name", "Kent, Kim"],
        ["pair", f, "--initial-colour", "white"],
        ["result", f, "--round", "1", "--board", "1", "1-0"],
    ):
        assert main(argv) == 0, argv
    return path


@pytest.fixture
def club(tmp_path: Path) -> Iterator[EventDocument]:
    document = EventDocument(Session.open(_club(tmp_path / "club.arbiter")))
    yield document
    document.close()


def lines(dialog: ReportReadinessDialog) -> list[str]:
    return [dialog.lines.item(i).text() for i in range(dialog.lines.count())]


def choose(dialog: ReportReadinessDialog, text: str) -> None:
    found = [i for i in range(dialog.lines.count()) if text in dialog.lines.item(i).text()]
    assert found, text
    dialog.lines.setCurrentRow(found[0])


def test_the_list_is_the_command_lines_report_line_for_line(
    qtbot: QtBot, club: EventDocument, capsys: Capture
) -> None:
    dialog = ReportReadinessDialog(club)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    capsys.readouterr()
    assert main(["report", str(club.path)]) == 1
    printed = capsys.readouterr().out.splitlines()
    assert dialog.summary.text() == printed[0].replace(str(club.path), "club.arbiter")
    assert dialog.summary.text() == "club.arbiter: the FIDE rating report lacks 12 things:"
    assert lines(dialog) == [line.rstrip() for line in printed[1:]]
    assert "  player 2 Kent, Kim:" in lines(dialog)
    assert "    - new player without sex (column 10: m or w) (FIDE Registration & Licensing " \
        "Regulations, article 2)" in lines(dialog)  # fmt: skip
    # What mends each line: the event's settings, or the player.
    choose(dialog, "no city (record 022)")
    assert dialog.chosen() == 0 and dialog.mend_button.isEnabled()
    choose(dialog, "new player without a date of birth")
    assert dialog.chosen() == 2
    dialog.close()


def test_it_is_checked_again_after_each_change_down_to_ready_to_send(
    qtbot: QtBot, club: EventDocument
) -> None:
    dialog = ReportReadinessDialog(club)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    club.run(EditPlayer(tpn=2, federation="NOR", fide_id="1502", sex="w", birth="2010/12/09"))
    assert not any("player 2" in line for line in lines(dialog))
    assert dialog.summary.text() == "club.arbiter: the FIDE rating report lacks 8 things:"
    club.run(EditPlayer(tpn=1, federation="NOR"))
    club.run(
        EditSettings(
            info={
                "city": "Oslo",
                "federation": "NOR",
                "start_date": "2026-11-20",
                "end_date": "2026-11-20",
                "chief_arbiter": "Berg, Ola",
                "time_control": "G/90+30",
                "round_dates": ["2026-11-20"],
            }
        )
    )
    assert dialog.summary.text() == (
        "club.arbiter: the FIDE rating report is ready to send (File ▸ Export TRF…)."
    )
    assert not dialog.period_row.isVisible()  # one day, one rating period
    assert lines(dialog) == [] and not dialog.mend_button.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_an_event_over_30_days_shows_its_rating_periods(qtbot: QtBot, tmp_path: Path) -> None:
    path = _build(tmp_path / "open.arbiter")
    document = EventDocument(Session.open(path))
    try:
        document.run(
            EditSettings(
                info={
                    "end_date": "2026-12-20",
                    "round_dates": ["2026-11-20", "2026-11-27", "2026-12-04", "2026-12-11"],
                }
            )
        )
        dialog = ReportReadinessDialog(document)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        assert dialog.summary.text() == (
            "open.arbiter: the FIDE rating report is ready to send (File ▸ Export TRF…)."
        )
        shown = lines(dialog)
        assert "An event over 30 days (FIDE C.02; FIDE C.07 article 10):" in shown
        assert (
            "  - Its rounds fall in these rating periods: November 2026: rounds 1-2; "
            "December 2026: rounds 3-4."
        ) in shown
        assert dialog.found is not None
        assert dialog.found.periods == {1: "2026-11", 2: "2026-11", 3: "2026-12", 4: "2026-12"}
        choose(dialog, "rating periods:")
        assert dialog.chosen() == 0  # the round dates are in the event settings
        # One report a rating period, as `export --format trf --period` writes it.
        assert dialog.period_row.isVisible()
        shown_periods = [dialog.period.itemText(i) for i in range(dialog.period.count())]
        assert shown_periods == ["November 2026: rounds 1-2", "December 2026: rounds 3-4"]
        dialog.period.setCurrentIndex(1)
        target = tmp_path / "open-2026-12.trf"
        dialog.export_period(date(2026, 12, 1), target)
        assert main(["export", str(path), "--format", "trf", "--period", "2026-12",
                     "-o", str(tmp_path / "cli.trf")]) == 0  # fmt: skip
        assert target.read_bytes() == (tmp_path / "cli.trf").read_bytes()
        assert "132" in target.read_text(encoding="utf-8")
        assert "26/12/04  26/12/11" in target.read_text(encoding="utf-8")
        dialog.check()  # checked again: the period chosen stays
        assert dialog.period.currentIndex() == 1
        dialog.close()
    finally:
        document.close()


def test_from_the_file_menu_a_line_opens_the_player_or_the_settings(
    qtbot: QtBot, tmp_path: Path, settings: Settings
) -> None:
    window = shown_window(qtbot, Session.open(_club(tmp_path / "club.arbiter")), settings)
    assert window.readiness_action in window.menuBar().actions()[0].menu().actions()
    window.readiness_action.trigger()
    dialog = window.readiness_dialog
    qtbot.waitExposed(dialog)
    choose(dialog, "new player without sex")
    dialog.lines.itemActivated.emit(dialog.lines.currentItem())
    edit = window.players.dialog
    assert isinstance(edit, PlayerDialog) and edit.isVisible()
    assert edit.federation.text() == "" and window.players.selected_player().tpn == 2
    edit.federation.setText("NOR")
    edit.accept()
    qtbot.waitUntil(lambda: len(lines(dialog)) == 13)  # player 2's federation is mended
    assert dialog.chosen() == 2  # still on the player just edited
    assert dialog.lines.currentItem().text() == "  player 2 Kent, Kim:"
    assert lines(dialog)[-4:] == [
        "  player 2 Kent, Kim:",
        "    - no FIDE ID (columns 58-68) (TRF-26, mandatory for rating; FIDE Registration & "
        "Licensing Regulations, article 3)",
        "    - new player without sex (column 10: m or w) (FIDE Registration & Licensing "
        "Regulations, article 2)",
        "    - new player without a date of birth (columns 70-79) (FIDE Registration & "
        "Licensing Regulations, article 2)",
    ]
    assert dialog.lines.item(0).data(PLAYER_ROLE) == 0
    choose(dialog, "no city (record 022)")
    qtbot.mouseClick(dialog.mend_button, Qt.MouseButton.LeftButton)
    opened = [w for w in window.findChildren(EventSettingsDialog) if w.isVisible()]
    assert len(opened) == 1
    opened[0].reject()
    dialog.reject()
    qtbot.waitUntil(lambda: not dialog.isVisible())
