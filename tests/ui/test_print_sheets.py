"""Issue 7: the app offers every sheet of ``arbiter-app print`` in print preview, with progress."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QPdfWriter
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.exports.sheet import Paper
from arbiter_app.sheets.builders import SHEET_HELP, SHEETS
from arbiter_app.ui.settings import Settings


def test_the_sheets_menu_lists_every_sheet(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    names = [a.data() for a in window.sheets_menu.actions()]
    assert names == list(SHEET_HELP) and set(names) == set(SHEETS)


def test_a_sheet_is_made_from_the_file_and_painted_with_progress(
    qtbot: QtBot, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import arbiter_app.ui.main_window as main_window

    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    sheet = window.build_sheet("standings")
    assert sheet is not None
    real = main_window.paint_sheet
    reported: list[tuple[int, int]] = []

    def recording(sheet, device, paper=Paper.A4, *, progress=None):  # type: ignore[no-untyped-def]
        def spy(done: int, total: int) -> None:
            reported.append((done, total))
            assert progress is not None
            progress(done, total)

        return real(sheet, device, paper, progress=spy)

    monkeypatch.setattr(main_window, "paint_sheet", recording)
    out = tmp_path / "standings.pdf"
    writer = QPdfWriter(str(out))
    pages = window.paint_with_progress(sheet, writer)
    del writer
    assert pages >= 1 and out.stat().st_size > 1000
    assert reported[0] == (0, pages) and reported[-1] == (pages, pages)
    # The demo's round-robin crosstable is made the same way.
    assert window.build_sheet("crosstable") is not None


def test_an_untitled_event_prints_as_a_file_does(
    qtbot: QtBot, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """One path: the sheets of the untitled demo equal those of the same event in a file."""
    from arbiter_app.sheets.source import load

    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    shown: list[str] = []
    monkeypatch.setattr(
        "arbiter_app.ui.main_window.show_error", lambda parent, exc: shown.append(str(exc))
    )
    untitled = window.build_sheet("standings")
    assert untitled is not None and shown == []
    window.document.session.save_copy(tmp_path / "demo.arbiter")
    assert untitled == SHEETS["standings"](load(tmp_path / "demo.arbiter"), None)
    # A sheet the event cannot have yet is refused with the reason, naming the event.
    fresh = app.create_window(settings)
    qtbot.addWidget(fresh)
    assert fresh.build_sheet("pairings") is None
    assert shown and shown[0].startswith("Untitled event: ")


def test_round_sheets_are_of_the_round_shown(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    """Pairings and result slips print the round the Pairings panel shows (CLI: --round)."""
    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    window.pairings.show_round(3)
    pairings = window.build_sheet("pairings")
    assert pairings is not None and pairings.title == "Pairings — round 3"
    window.pairings.show_round(9)
    slips = window.build_sheet("slips")
    assert slips is not None and slips.title == "Result slips — round 9"
    window.document.close()


def test_the_prize_sheet_without_a_fund_says_where_the_window_sets_it(
    qtbot: QtBot, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: the window's refusal names its own Prizes panel, not the command line."""
    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    shown: list[str] = []
    monkeypatch.setattr(
        "arbiter_app.ui.main_window.show_error", lambda parent, exc: shown.append(str(exc))
    )
    assert window.build_sheet("prizes") is None
    assert len(shown) == 1
    assert "no prize fund has been set" in shown[0]
    assert "View ▸ Prizes" in shown[0] and "--set" not in shown[0]


def test_print_sheet_offers_the_starting_rank_list(qtbot: QtBot, settings: Settings) -> None:
    """Issue 26: File ▸ Print sheet ▸ starting-rank, every player by pairing number."""
    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    entry = next(a for a in window.sheets_menu.actions() if a.data() == "starting-rank")
    assert entry.text().startswith("starting-rank: every player by pairing number")
    sheet = window.build_sheet("starting-rank")
    assert sheet is not None and sheet.title == "Starting rank"
    (table,) = sheet.tables()
    players = sorted(window.document.session.event.players, key=lambda p: p.tpn)
    assert [row[0] for row in table.rows] == [str(p.tpn) for p in players]
    assert [row[2] for row in table.rows] == [p.name for p in players]
