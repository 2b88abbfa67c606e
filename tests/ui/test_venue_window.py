"""Issue 26, at the venue: what the window got wrong when tried as a new user would."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.model import Colour
from arbiter_app.core.result import GameResult
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, SetPrizeFund
from arbiter_app.ui.document import untitled_session
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings


def club_window(qtbot: QtBot, settings: Settings, names: tuple[str, ...]) -> MainWindow:
    """A new untitled Swiss in the window with *names* registered (ratings falling)."""
    window = app.create_window(settings)
    qtbot.addWidget(window)
    for number, name in enumerate(names, 1):
        window.document.run(AddPlayer.of({"name": name, "rating": 2000 - 10 * number}))
    window.show()
    qtbot.waitExposed(window)
    return window


def test_a_search_typed_for_one_event_does_not_hide_the_next_event_s_boards(
    qtbot: QtBot, settings: Settings
) -> None:
    window = club_window(qtbot, settings, ("Ada", "Bea", "Cy", "Dov"))
    window.document.pair_next_round(Colour.WHITE)
    panels = window.searchable_panels()
    for panel in panels:
        panel.search.set_query("Bea")  # type: ignore[attr-defined]
    assert window.pairings.search.count.text() == "1 of 2 lines shown"
    # Another event opens in the window (File ▸ New, Open, Import): its round is paired.
    window.document.replace_session(untitled_session())
    for number, name in enumerate(("Eli", "Flo", "Gus", "Hal"), 1):
        window.document.run(AddPlayer.of({"name": name, "rating": 1900 - number}))
    window.document.pair_next_round(Colour.WHITE)
    assert [p.search.query for p in panels] == [""] * len(panels)  # type: ignore[attr-defined]
    assert window.pairings.search.rows_shown() == [0, 1]
    assert window.pairings.search.count.text() == ""


def test_a_search_typed_in_one_section_does_not_hide_another_section_s_lines(
    qtbot: QtBot, settings: Settings
) -> None:
    window = club_window(qtbot, settings, ("Ada", "Bea", "Cy", "Dov"))
    window.bring_forward(window.docks["players"])  # a panel behind a tab refreshes when shown
    window.document.add_section("Reserve", "swiss", 5, None)
    window.document.select_section("Reserve")
    for name in ("Eli", "Flo"):
        window.document.run(AddPlayer.of({"name": name, "rating": 1500}))
    qtbot.wait(10)
    window.players.search.set_query("Ada")
    assert window.players.search.rows_shown() == []
    window.document.select_section(1)
    qtbot.wait(10)
    assert window.players.search.query == ""
    assert len(window.players.search.rows_shown()) == 4


def test_the_prize_fund_box_shows_the_event_s_own_fund(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    window = club_window(qtbot, settings, ("Ada", "Bea", "Cy", "Dov"))
    window.bring_forward(window.docks["prizes"])
    qtbot.wait(10)
    prizes = window.prizes
    assert prizes.fund.text() == ""
    window.document.run(SetPrizeFund(prizes=["300", "200.50"], currency="EUR"))
    qtbot.wait(10)
    assert (prizes.fund.text(), prizes.currency.currentText()) == ("300, 200.50", "EUR")
    window.document.save_as(tmp_path / "club.arbiter")
    # A new event: the box is empty (Enter would have set the last event's fund here).
    window.document.replace_session(untitled_session())
    qtbot.wait(10)
    assert (prizes.fund.text(), prizes.currency.currentText()) == ("", "USD")
    # An event that has a fund opens with it in the box.
    window.document.replace_session(Session.open(tmp_path / "club.arbiter"))
    qtbot.wait(10)
    assert (prizes.fund.text(), prizes.currency.currentText()) == ("300, 200.50", "EUR")


def test_a_fund_being_typed_is_not_overwritten_by_a_refresh(
    qtbot: QtBot, settings: Settings
) -> None:
    window = club_window(qtbot, settings, ("Ada", "Bea"))
    window.bring_forward(window.docks["prizes"])
    qtbot.wait(10)
    window.activateWindow()
    window.prizes.fund.setFocus()
    qtbot.waitUntil(window.prizes.fund.hasFocus)
    qtbot.keyClicks(window.prizes.fund, "50, 25")
    window.document.run(AddPlayer.of({"name": "Cy", "rating": 1500}))  # the panel refreshes
    qtbot.wait(10)
    assert window.prizes.fund.text() == "50, 25"


def test_an_untitled_event_s_exports_are_named_after_the_event(
    qtbot: QtBot, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QFileDialog

    settings.add_recent(tmp_path / "last-week.arbiter")  # Save as would offer that folder
    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    asked: list[str] = []

    def record(parent: object, title: str, where: str, *rest: object) -> tuple[str, str]:
        asked.append(where)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", record)
    window.choose_standings_export()
    window.export_trf()
    folder = tmp_path
    assert asked == [
        str(folder / "Demo Classical 2026-standings"),
        str(folder / "Demo Classical 2026.trf"),
    ]
    fresh = app.create_window(settings)
    qtbot.addWidget(fresh)
    assert fresh.export_path("-standings").name == "Untitled event-standings"


def test_print_offers_to_print_to_a_file_beside_the_event(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    """Qt's print dialog offered ``~/print.pdf`` whatever the event."""
    from PySide6.QtWidgets import QLineEdit, QWidget

    from tests.support.modal import closing_modal

    def offered(dialog: QWidget) -> tuple[str, str]:
        field = dialog.findChild(QLineEdit, "filename")  # Qt's own dialog's file field
        assert field is not None
        return field.text(), dialog.printer().docName()  # type: ignore[attr-defined]

    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    window.document.save_as(tmp_path / "open.arbiter")
    window.show()
    with closing_modal(look=offered) as seen:
        window.print_action.trigger()
    assert seen.facts == [(str(tmp_path / "open-standings.pdf"), "open-standings")]


def test_a_refused_registration_keeps_its_dialog_and_what_was_typed(
    qtbot: QtBot, settings: Settings
) -> None:
    from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

    from arbiter_app.ui.dialogs.player import PlayerDialog

    window = club_window(qtbot, settings, ("Ada", "Bea"))
    panel = window.players
    panel.add_action.trigger()
    dialog = panel.dialog
    assert isinstance(dialog, PlayerDialog) and dialog.isVisible()
    dialog.rating.setValue(1850)
    dialog.club.setText("Riverside")
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    ok.click()  # no name: "a player needs a name"
    boxes = [b for b in dialog.findChildren(QMessageBox) if b.isVisible()]
    assert [b.text() for b in boxes] == ["A player needs a name."]
    boxes[0].accept()
    assert dialog.isVisible()
    assert (dialog.rating.value(), dialog.club.text()) == (1850, "Riverside")
    assert len(window.document.tournament.players) == 2
    dialog.name.setText("Cole, Di")
    ok.click()
    assert not dialog.isVisible()
    added = max(window.document.tournament.players, key=lambda p: p.tpn)
    assert (added.name, added.rating, added.club) == ("Cole, Di", 1850, "Riverside")


def test_a_refused_play_off_start_keeps_its_dialog_and_the_times_typed(
    qtbot: QtBot, settings: Settings
) -> None:
    from PySide6.QtWidgets import QDialogButtonBox

    from arbiter_app.ui.dialogs.playoff import StartDialog
    from tests.support.modal import closing_modal

    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    window.show()
    journal = len(window.document.session.journal())
    kept: list[object] = []

    def too_early_then_closed(dialog: object) -> bool:
        assert isinstance(dialog, StartDialog)
        earliest = dialog.earliest_start()
        assert earliest is not None
        dialog.at.setDateTime(dialog.at.dateTime().addSecs(-3600))
        typed = dialog.times()
        assert typed.at < earliest and dialog.refused
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
        kept.append((dialog.isVisible(), dialog.times() == typed, dialog.refused != ""))
        return True

    with closing_modal(ready=too_early_then_closed):
        next(b for b in window.playoff.card.buttons if b.text() == "Start the play-off…").click()
    assert kept == [(True, True, True)]
    assert len(window.document.session.journal()) == journal


def test_a_projector_list_comes_back_from_its_first_page(qtbot: QtBot, settings: Settings) -> None:
    from arbiter_app.ui.projector import ProjectorWindow

    names = tuple(f"Abernathy-Wolcott, Bartholomew {i}" for i in range(1, 41))
    window = club_window(qtbot, settings, names)
    window.document.pair_next_round(Colour.WHITE)
    projector = ProjectorWindow(window.document)
    qtbot.addWidget(projector)
    projector.resize(1366, 768)
    projector.show()
    qtbot.waitExposed(projector)
    projector.show_page("standings")
    table = projector.view
    assert table.pages >= 2
    table.next_page()
    assert table.page == 1
    projector.show_page("names")
    projector.show_page("standings")  # the leaders again, not the page it left on
    assert table.page == 0 and not table.isRowHidden(0)
    assert "page 1 of" in projector.title.text()
    # A new round on the wall starts from board 1.
    projector.show_page("pairings")
    boards = projector.boards_view
    boards.next_page()
    for board in window.document.boards(1):
        window.document.set_result(1, board.number, GameResult.WHITE_WINS)
    window.document.pair_next_round(Colour.WHITE)
    assert boards.page == 0 and not boards.isRowHidden(0)


def test_without_a_second_monitor_the_projector_window_is_all_on_the_screen(
    qtbot: QtBot, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    import arbiter_app.ui.main_window as main_window

    monkeypatch.setattr(main_window, "second_screen", lambda: None)
    window = club_window(qtbot, settings, ("Ada", "Bea", "Cy", "Dov"))
    projector = window.show_projector()
    qtbot.addWidget(projector)
    qtbot.waitExposed(projector)
    room = window.screen().availableGeometry()
    assert room.contains(projector.frameGeometry()), (room, projector.frameGeometry())
    assert projector.width() >= room.width() // 2


def test_the_play_off_card_s_print_offers_a_file_named_after_the_event(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QLineEdit, QWidget

    from arbiter_app.core.playoff import next_step
    from arbiter_app.ui.dialogs.playoff import DialogPrompter
    from tests.support.modal import closing_modal
    from tests.ui.test_every_dialog import play_off_under_way

    settings.add_recent(tmp_path / "last-week.arbiter")
    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    window.show()
    play_off_under_way(window)
    state = window.document.playoff_state()
    assert state is not None
    prompter = window.playoff.runner.prompter
    assert isinstance(prompter, DialogPrompter)

    def offered(dialog: QWidget) -> str:
        field = dialog.findChild(QLineEdit, "filename")
        assert field is not None
        return field.text()

    with closing_modal(look=offered) as seen:
        assert not prompter.print_sheets(next_step(state), {})
    assert seen.facts == [str(tmp_path / "Demo Classical 2026-playoff.pdf")]


def test_ctrl_z_in_a_box_with_nothing_typed_undoes_the_last_action(
    qtbot: QtBot, settings: Settings
) -> None:
    from PySide6.QtCore import Qt

    window = club_window(qtbot, settings, ("Ada", "Bea", "Cy"))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    ctrl = Qt.KeyboardModifier.ControlModifier
    players = window.document.tournament.players
    # The cursor left in the round's number (as after a dialog) or an empty search box.
    for box in (window.pairings.round, window.pairings.search.field):
        box.setFocus()
        qtbot.waitUntil(box.hasFocus)
        before = len(window.document.tournament.players)
        qtbot.keyClick(box, Qt.Key.Key_Z, ctrl)
        assert len(window.document.tournament.players) == before - 1, box.accessibleName()
    assert len(window.document.tournament.players) == len(players) - 2
    # Ctrl+Shift+Z brings the action back, from the same box.
    qtbot.keyClick(
        window.pairings.search.field, Qt.Key.Key_Z, ctrl | Qt.KeyboardModifier.ShiftModifier
    )
    assert len(window.document.tournament.players) == len(players) - 1
    # Typing in the box is the box's to take back first.
    qtbot.keyClicks(window.pairings.search.field, "Ad")
    qtbot.keyClick(window.pairings.search.field, Qt.Key.Key_Z, ctrl)
    assert window.pairings.search.field.text() == ""
    assert len(window.document.tournament.players) == len(players) - 1


def test_an_event_opened_in_the_window_puts_the_cursor_on_a_board_waiting_for_its_result(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    from arbiter_app.ui.document import EventDocument

    names = ("Ada", "Bea", "Cy", "Dov", "Eve", "Fay")
    window = club_window(qtbot, settings, names)
    window.document.pair_next_round(Colour.WHITE)
    window.pairings.select_row(2)  # this event's cursor on its third board
    # Another event's file: round 1 with boards 1 and 3 played, board 2 waiting.
    path = tmp_path / "club.arbiter"
    other = EventDocument(Session.create(path, name="Club", system="swiss", rounds=3))
    for number, name in enumerate(names, 1):
        other.run(AddPlayer.of({"name": name, "rating": 1800 - number}))
    other.pair_next_round(Colour.WHITE)
    other.set_result(1, 1, GameResult.DRAW)
    other.set_result(1, 3, GameResult.WHITE_WINS)
    other.close()
    window.document.replace_session(Session.open(path))
    pairing = window.pairings.model.pairing(window.pairings.current_row())
    assert (pairing.board, pairing.result_text) == (2, "")


def test_a_long_confirmation_is_summed_up_and_given_whole_under_show_details(
    qtbot: QtBot,
) -> None:
    from arbiter_app.core.warning_levels import Alert, ConfirmationNeeded, Level
    from arbiter_app.ui.dialogs.warning_levels import WarningDialogs
    from tests.support.warning_dialogs import click_through

    pairings = ", ".join(f"{2 * n - 1}-{2 * n}" for n in range(1, 248))
    engine = f"The pairing engine pairs round 3: {pairings}."
    rules = tuple(f"Rule {n} broken (C.04.1 article {n})." for n in range(1, 16))
    alert = Alert(
        Level.CONFIRM_CONSEQUENCES,
        "Round 3 as paired by hand differs from the pairing engine's. Keep it?",
        "FIDE C.02, verification checklist",
        (engine, *rules),
        "keep-hand-pairing",
    )
    dialogs = WarningDialogs()
    click_through(["Continue…", "Accept the consequences"])
    assert dialogs.confirm(ConfirmationNeeded([alert])) == ["keep-hand-pairing"]
    box = dialogs.shown[-1]
    shown = box.informativeText()
    assert len(shown) < 1200 and "493-494" not in shown
    assert shown.count("\n• ") + 1 == 11  # ten consequences and "… and 6 more"
    assert "… and 6 more (Show Details)" in shown
    assert all(len(line) <= 300 for line in shown.splitlines())
    assert engine in box.detailedText() and rules[-1] in box.detailedText()
    # A short list is shown whole, with nothing under Show Details.
    short = WarningDialogs()
    click_through(["Confirm"])
    assert short.confirm(
        ConfirmationNeeded([Alert(Level.CONFIRM, "Swap?", "FIDE C.02", ("Board 1 changes.",))])
    )
    assert short.shown[-1].detailedText() == ""
    assert "• Board 1 changes." in short.shown[-1].informativeText()


def test_the_status_bar_counts_a_hundred_boards_instead_of_listing_them(
    qtbot: QtBot, settings: Settings
) -> None:
    names = tuple(f"Player {n:03}" for n in range(1, 201))
    window = club_window(qtbot, settings, names)
    window.document.pair_next_round(Colour.WHITE)
    window.document.set_result(1, 1, GameResult.DRAW)
    label = window.state_label
    assert label.text() == "Round 1 of 5 in progress: 99 boards without a result"
    assert "boards 2, 3, 4" in label.toolTip() and "99 and 100 still lack" in label.toolTip()
    # A few boards are still named.
    for board in range(2, 95):
        window.document.set_result(1, board, GameResult.WHITE_WINS)
    assert label.text().endswith("boards 95, 96, 97, 98, 99 and 100 still lack a result")


def test_a_print_preview_s_job_is_named_after_the_event_and_its_sheet(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QWidget

    from tests.support.modal import closing_modal, preview_pages

    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    window.document.save_as(tmp_path / "open.arbiter")
    window.show()
    lots = next(a for a in window.sheets_menu.actions() if a.data() == "lots")

    def job(dialog: QWidget) -> str:
        return dialog.printer().docName()  # type: ignore[attr-defined]

    with closing_modal(ready=lambda d: preview_pages(d) > 0, look=job, count=2) as seen:
        window.preview_action.trigger()
        lots.trigger()
    assert seen.facts == ["open-standings", "open-lots"]
