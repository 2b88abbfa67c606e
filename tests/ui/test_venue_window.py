"""Issue 26, at the venue: what the window got wrong when tried as a new user would."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.model import Colour
from arbiter_app.session import Session
from arbiter_app.ui.document import untitled_session
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings


def club_window(qtbot: QtBot, settings: Settings, names: tuple[str, ...]) -> MainWindow:
    """A new untitled Swiss in the window with *names* registered (ratings falling)."""
    window = app.create_window(settings)
    qtbot.addWidget(window)
    for number, name in enumerate(names, 1):
        window.document.add_player({"name": name, "rating": 2000 - 10 * number})
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
        window.document.add_player({"name": name, "rating": 1900 - number})
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
        window.document.add_player({"name": name, "rating": 1500})
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
    window.document.set_prize_fund(["300", "200.50"], "EUR")
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
    window.document.add_player({"name": "Cy", "rating": 1500})  # the panel refreshes
    qtbot.wait(10)
    assert window.prizes.fund.text() == "50, 25"
