"""View ▸ Publish on the local network: the players' page served while the arbiter works."""

from __future__ import annotations

import shutil
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from arbiter_app.core.result import GameResult
from arbiter_app.session import Session
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.publish import UNTITLED, PublishDialog
from arbiter_app.ui.settings import Settings
from tests.support.windows import shown_window
from tests.web.events import club_swiss


@pytest.fixture(scope="module")
def club_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return club_swiss(tmp_path_factory.mktemp("club") / "club.arbiter")


@pytest.fixture
def window(
    qtbot: QtBot, settings: Settings, club_file: Path, tmp_path: Path
) -> Iterator[MainWindow]:
    target = tmp_path / "club.arbiter"
    shutil.copyfile(club_file, target)
    window = shown_window(qtbot, Session.open(target), settings)
    yield window
    window.publishing.stop()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return str(response.read().decode("utf-8"))


def open_dialog(window: MainWindow) -> PublishDialog:
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    entry = next(a for a in view.actions() if a.text() == "Publish on the local &network…")
    entry.trigger()
    dialog = window.publishing.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_the_page_follows_the_results_entered_in_the_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = open_dialog(window)
    assert dialog.status.text() == "The page is off."
    assert dialog.host.currentData() == "127.0.0.1"  # this computer only, until chosen
    port = free_port()
    dialog.port.setValue(port)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    url = f"http://127.0.0.1:{port}/"
    assert dialog.address.text() == url
    assert not dialog.code.pixmap().isNull()
    assert not dialog.start_button.isEnabled() and dialog.stop_button.isEnabled()
    version = get(url + "version")
    assert 'id="board-1"' in get(url) and '<span class="res">1-0</span>' not in get(url)
    window.document.set_result(3, 1, GameResult.WHITE_WINS)
    assert get(url + "version") != version
    assert '<span class="res">1-0</span>' in get(url)
    # Closing the dialog leaves the page on; Stop ends it.
    dialog.close()
    assert get(url + "version")
    open_dialog(window)
    qtbot.mouseClick(dialog.stop_button, Qt.MouseButton.LeftButton)
    with pytest.raises(urllib.error.URLError):
        get(url + "version")
    assert dialog.status.text() == "The page is off."


def test_a_port_in_use_is_refused_in_the_dialog(qtbot: QtBot, window: MainWindow) -> None:
    dialog = open_dialog(window)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        dialog.port.setValue(port)
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text().startswith(f"Not started: cannot listen on 127.0.0.1 port {port}")
    assert dialog.isVisible() and dialog.port.value() == port
    assert window.publishing.server is None


def test_the_wall_sheet_is_saved_from_the_dialog(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    dialog = open_dialog(window)
    dialog.port.setValue(free_port())
    dialog.start()
    target = tmp_path / "wall.pdf"
    dialog.save_sheet(target)
    assert target.read_bytes().startswith(b"%PDF")
    assert f"The wall sheet is in {target}" in dialog.status.text()


def test_an_untitled_event_has_no_page_until_it_is_saved(qtbot: QtBot, settings: Settings) -> None:
    from arbiter_app.ui.document import untitled_session

    window = shown_window(qtbot, untitled_session(), settings)
    dialog = open_dialog(window)
    assert dialog.status.text() == UNTITLED
    assert not dialog.start_button.isEnabled()


def test_the_page_follows_the_event_saved_under_another_name(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    dialog = open_dialog(window)
    dialog.port.setValue(free_port())
    dialog.start()
    server = window.publishing.server
    assert server is not None
    moved = tmp_path / "renamed.arbiter"
    window.document.save_as(moved)
    assert server.watch.path == moved
    window.document.set_result(3, 2, GameResult.BLACK_WINS)
    page = get(server.url)
    assert '<li class="board" id="board-2">' in page
    board = page.split('id="board-2">', 1)[1].split("</li>", 1)[0]
    assert '<span class="res">0-1</span>' in board


def test_the_projector_shows_the_players_pages_code_while_it_is_published(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: Q (and F9 from the window) puts the code on the wall; the other pages carry
    a smaller one in their corner; stopping the page takes both away."""
    import arbiter_app.ui.main_window as main_window
    from arbiter_app.ui.projector import NOT_PUBLISHED

    monkeypatch.setattr(main_window, "second_screen", lambda: None)
    projector = window.show_projector()
    qtbot.addWidget(projector)
    projector.resize(1366, 768)
    projector.show_page("qr")
    assert projector.qr_text.text() == NOT_PUBLISHED and not projector.corner.isVisible()
    dialog = open_dialog(window)
    dialog.port.setValue(free_port())
    dialog.start()
    server = window.publishing.server
    assert server is not None
    assert projector.players_page == server.url
    assert projector.qr_text.text().startswith(server.url)
    code = projector.qr_code.pixmap()
    assert not code.isNull() and code.width() == code.height() >= 300
    assert not projector.corner.isVisible()  # the page's own code is large enough
    qtbot.keyClick(projector, Qt.Key.Key_S)
    assert projector.shown == "standings" and projector.corner.isVisible()
    assert 64 <= projector.corner.pixmap().width() < code.width()
    qtbot.keyClick(projector, Qt.Key.Key_Q)
    assert projector.shown == "qr"
    dialog.stop()
    assert projector.players_page is None and projector.qr_text.text() == NOT_PUBLISHED
    projector.show_page("standings")
    assert not projector.corner.isVisible()
