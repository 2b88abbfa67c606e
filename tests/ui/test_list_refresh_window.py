"""FIDE's lists kept no more than a day old while the window runs (FIDE C.02 checklist,
Q135): the preference in Preferences, the download in a worker thread from a real server on
the loopback address, the status bar's note, and nothing sent while the option is off."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any, NoReturn

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.session.commands import AddPlayer, EditSettings
from arbiter_app.session.list_refresh import Outcome
from arbiter_app.store.fide_download import download_address, download_enabled, set_download
from arbiter_app.store.rating_db import RatingDatabase
from arbiter_app.ui.dialogs.preferences import PreferencesDialog
from arbiter_app.ui.list_refresh import TICK_MS
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.fide_server import ROWS, FideServer, list_zip, month_of_lists, serving

T0 = datetime(2026, 11, 27, 10, 42, tzinfo=UTC)


class Clock:
    """The refresher's clock, moved by the test."""

    def __init__(self) -> None:
        self.moment = T0

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def server() -> Iterator[FideServer]:
    with serving(month_of_lists("NOV26")) as running:
        yield running
        _workers_done()


@pytest.fixture(autouse=True)
def _no_worker_left() -> Iterator[None]:
    yield
    _workers_done()


def _workers_done() -> None:
    """Wait for the download workers a test's window started (the window's start timer may
    have begun one the test did not wait for): none may write into the next test's folder."""
    for thread in threading.enumerate():
        if thread.name == "arbiter-fide-lists":
            thread.join(timeout=30)


def _window(qtbot: QtBot, settings: Settings) -> MainWindow:
    """The program's window on a new event: one window, so one download at a time."""
    window = app.create_window(settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _refreshed(qtbot: QtBot, window: MainWindow, *, every: bool = False) -> list[Any]:
    refresher = window.list_refresher
    with qtbot.waitSignal(refresher.finished, timeout=20000) as blocker:
        assert refresher.refresh(every=every)
    answer = blocker.args[0]
    assert isinstance(answer, list), answer
    return answer


def test_the_preference_is_off_by_default_and_set_in_preferences(
    qtbot: QtBot, settings: Settings, server: FideServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, settings)
    shown: list[str] = []
    monkeypatch.setattr(
        "arbiter_app.ui.dialogs.preferences.QMessageBox.warning",
        lambda parent, title, text: shown.append(text),
    )
    dialog = window.show_preferences()
    qtbot.waitUntil(dialog.isVisible)
    assert not dialog.download.isChecked() and not dialog.address.isEnabled()
    assert dialog.address.placeholderText() == "https://ratings.fide.com/download/"
    dialog.download.setChecked(True)
    assert dialog.address.isEnabled()
    dialog.address.setText("ratings.fide.com")
    dialog.accept()  # not an address: refused with the reason, the dialog stays open
    assert dialog.isVisible() and not download_enabled()
    assert shown == [
        "'ratings.fide.com' is not an address of FIDE's files: give one that starts with "
        "https:// (FIDE's is https://ratings.fide.com/download/)."
    ]
    dialog.address.setText(server.address)
    with qtbot.waitSignal(window.list_refresher.finished, timeout=20000):
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert not dialog.isVisible()
    assert download_enabled() and download_address() == server.address
    # Switched on, the lists are asked for at once.
    assert [a.path for a in server.asked] == [
        "/standard_rating_list.zip", "/rapid_rating_list.zip", "/blitz_rating_list.zip",
    ]  # fmt: skip
    label = window.list_refresher.label
    assert label.isVisible() and label.text().startswith("FIDE lists up to date (refreshed ")
    assert window.statusBar().currentMessage() == (
        "FIDE's new standard, rapid and blitz lists imported: Ratings ▸ Check players' "
        "ratings… compares the event with them."
    )
    with RatingDatabase.open() as db:
        assert {x.month for x in db.lists()} == {date(2026, 11, 1)}
    reopened = PreferencesDialog(settings)
    qtbot.addWidget(reopened)
    assert reopened.download.isChecked() and reopened.address.text() == server.address
    reopened.download.setChecked(False)
    reopened.accept()
    assert not download_enabled()
    window._apply_preferences()
    assert not label.isVisible()


def test_due_lists_are_downloaded_once_a_day_on_condition(
    qtbot: QtBot, settings: Settings, server: FideServer
) -> None:
    set_download(enabled=True, address=server.address)
    window = _window(qtbot, settings)
    clock = Clock()
    window.list_refresher.now = clock
    assert [x.outcome for x in _refreshed(qtbot, window)] == [Outcome.IMPORTED] * 3
    assert window.list_refresher.label.text() == "FIDE lists up to date (refreshed 10:42)."
    clock.moment = T0 + timedelta(hours=23)
    assert [x.outcome for x in _refreshed(qtbot, window)] == [Outcome.FRESH] * 3
    assert len(server.asked) == 3  # within the day nothing is asked
    server.put("/rapid_rating_list.zip", list_zip("rapid", "DEC26", ROWS), T0)
    clock.moment = T0 + timedelta(days=1)
    outcomes = [x.outcome for x in _refreshed(qtbot, window)]
    assert outcomes == [Outcome.UNCHANGED, Outcome.IMPORTED, Outcome.UNCHANGED]
    assert all(a.if_none_match for a in server.asked[3:])
    assert window.statusBar().currentMessage().startswith("FIDE's new rapid list imported: ")
    tip = window.list_refresher.label.toolTip().splitlines()
    assert tip[1] == "The rapid list was refreshed 10:42 (FIDE rapid list, December 2026)."


def test_no_network_is_a_quiet_note_in_the_status_bar(
    qtbot: QtBot, settings: Settings, server: FideServer
) -> None:
    set_download(enabled=True, address=server.address)
    window = _window(qtbot, settings)
    window.list_refresher.now = Clock()
    server.fail_with = 503
    assert [x.outcome for x in _refreshed(qtbot, window)] == [Outcome.FAILED] * 3
    assert window.list_refresher.label.text() == (
        "FIDE lists not refreshed at 10:42: the server answered 503 Service Unavailable."
    )
    assert QApplication.activeModalWidget() is None  # never a box to close
    assert window.list_refresher.timer.isActive()  # asked again at the next tick
    assert window.list_refresher.timer.interval() == TICK_MS == 60 * 60 * 1000


def test_a_slow_server_never_holds_the_window(
    qtbot: QtBot, settings: Settings, server: FideServer
) -> None:
    set_download(enabled=True, address=server.address)
    window = _window(qtbot, settings)
    refresher = window.list_refresher
    server.delay = 0.5  # each of the three lists: a second and a half in all
    ticked: list[float] = []
    started = time.monotonic()
    with qtbot.waitSignal(refresher.finished, timeout=20000):
        assert refresher.refresh()
        assert time.monotonic() - started < 0.3  # back at once: the work is in a thread
        assert refresher.label.text() == "FIDE lists: downloading…"
        assert not refresher.refresh()  # one download at a time
        # The window's event loop runs meanwhile: a timer of a tenth of a second fires.
        QTimer.singleShot(100, lambda: ticked.append(time.monotonic()))
    assert time.monotonic() - started >= 1.5
    assert ticked and ticked[0] - started < 1.0
    assert refresher.label.text().startswith("FIDE lists up to date")


def test_nothing_leaves_the_machine_while_the_option_is_off(
    qtbot: QtBot, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Q223 and Q135 together: off (the default), the window's start and the Download now
    action try no connection at all, and say how to switch the download on."""
    tried: list[str] = []
    # A worker an earlier test's window left behind may still be asking its own server,
    # which has closed: only the threads of this test's window count.
    earlier = set(threading.enumerate())

    def refuse(*args: Any, **kwargs: Any) -> NoReturn:
        if threading.current_thread() not in earlier:
            tried.append(repr(args[:2]))
        raise OSError("no network at the venue")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    window = _window(qtbot, settings)
    window.list_refresher.start(delay_ms=0)
    qtbot.wait(50)
    assert not window.list_refresher.running
    window.ratings_menu.download_action.trigger()
    assert (
        window.statusBar()
        .currentMessage()
        .startswith("Downloading FIDE's lists is switched off: switch it on in Edit ▸ Preferences…")
    )
    assert not window.list_refresher.label.isVisible()
    assert tried == []


def _two_listed_players(qtbot: QtBot, settings: Settings, server: FideServer) -> MainWindow:
    """The download switched on, and a window on a standard event of two players with a
    FIDE ID (the lists served rate one of them otherwise)."""
    set_download(enabled=True, address=server.address)
    window = _window(qtbot, settings)
    document = window.document
    document.run(EditSettings(info={"time_control": "5400+30", "start_date": "2026-11-20"}))
    document.run(AddPlayer.of({"name": "Carlsen, Magnus", "fide_id": "1503014", "rating": 2833}))
    document.run(AddPlayer.of({"name": "Caruana, Fabiano", "fide_id": "2020009", "rating": 2700}))
    return window


def test_the_open_event_is_checked_against_new_lists_and_said_quietly(
    qtbot: QtBot, settings: Settings, server: FideServer
) -> None:
    """Q139 for a list downloaded in the background: the check runs by itself and its
    finding is a note in the status bar, not a dialog over the arbiter's work."""
    window = _two_listed_players(qtbot, settings, server)
    _refreshed(qtbot, window)
    assert window.statusBar().currentMessage() == (
        "FIDE's new standard, rapid and blitz lists imported. 1 of the 2 players with a FIDE "
        "ID differs from the list. Ratings ▸ Check players' ratings… shows the check."
    )
    assert QApplication.activeModalWidget() is None


def test_an_event_that_switched_its_check_off_is_not_checked_against_new_lists(
    qtbot: QtBot, settings: Settings, server: FideServer
) -> None:
    """Q138 with Q139: lists downloaded in the background are imported, but the event whose
    check after a list update is switched off is not checked; the note says only the lists."""
    window = _two_listed_players(qtbot, settings, server)
    window.document.run(EditSettings(rating_check_after_update=False))
    _refreshed(qtbot, window)
    note = window.statusBar().currentMessage()
    assert note.startswith("FIDE's new standard, rapid and blitz lists imported:")
    assert "differs" not in note
