"""The composition root: the demo opens a copy of the sample event."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import System
from arbiter_app.ui.settings import Settings


def test_demo_opens_a_copy_with_three_players_tied_for_first(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    window = app.create_window(settings, tmp_path)
    qtbot.addWidget(window)
    copy = tmp_path / app.DEMO_SAMPLE.name
    assert copy.read_bytes() == app.DEMO_SAMPLE.read_bytes()
    event = window.document.tournament
    assert event.system is System.ROUND_ROBIN
    assert window.windowTitle() == "Demo Classical 2026 — final[*] — Arbiter"
    assert window.state_label.text() == "Final: all 9 rounds complete; the play-off can start"
    model = window.standings.model
    ranks = [model.cell(r, 0) for r in range(model.rowCount())]
    assert ranks[:4] == ["1-3", "1-3", "1-3", "4"]
    assert {model.key(r) for r in range(3)} == {1, 3, 7}


def test_import_and_export_round_trip(tmp_path: Path) -> None:
    imported = app.import_trf(app.DEMO_SAMPLE)
    target = tmp_path / "out.trf"
    app.export_trf(imported.event, target)
    assert app.import_trf(target).event == imported.event


def test_latin1_files_are_read(tmp_path: Path) -> None:
    path = tmp_path / "latin.txt"
    path.write_bytes("012 Tournoi de Besançon\n".encode("latin-1"))
    assert app.read_text(path) == "012 Tournoi de Besançon\n"


def test_a_missing_file_is_an_input_error(tmp_path: Path) -> None:
    # The window reads input files as the command line does (sheets.files.read_bounded).
    with pytest.raises(ArbiterError, match=r"missing\.trf: no such file"):
        app.import_trf(tmp_path / "missing.trf")


def test_run_starts_and_quits(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, settings: Settings
) -> None:
    monkeypatch.setattr(app, "Settings", lambda: settings)
    QTimer.singleShot(0, QApplication.closeAllWindows)
    assert app.run(demo=True) == 0


def test_the_command_line_starts_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter_app.cli import main

    calls: list[bool] = []
    monkeypatch.setattr(app, "run", lambda demo, open_file=None: calls.append(demo) or 0)
    assert main(["--demo"]) == 0
    assert calls == [True]


def test_open_option_opens_the_file_in_the_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``arbiter-app --open FILE`` (the desktop file association) reaches the app with the path."""
    from arbiter_app.cli import main

    seen: dict[str, object] = {}
    monkeypatch.setattr(
        app,
        "run",
        lambda demo=False, open_file=None: seen.update(demo=demo, open_file=open_file) or 0,
    )
    target = tmp_path / "event.arbiter"
    assert main(["--open", str(target)]) == 0
    assert seen == {"demo": False, "open_file": str(target)}


def test_the_writing_library_is_loaded_once_the_window_is_up(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, settings: Settings
) -> None:
    """app.run schedules warm_up after start-up; warm_up loads what the first write needs."""
    warmed: list[bool] = []
    monkeypatch.setattr(app, "Settings", lambda: settings)
    monkeypatch.setattr(app, "WARM_UP_DELAY_MS", 0)
    monkeypatch.setattr(app, "warm_up", lambda: warmed.append(True))
    QTimer.singleShot(50, QApplication.closeAllWindows)
    assert app.run(demo=True) == 0
    assert warmed == [True]


def test_warm_up_imports_sqlite_utils(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.delitem(sys.modules, "sqlite_utils", raising=False)
    app.warm_up()
    assert "sqlite_utils" in sys.modules


def test_a_latin1_trf_is_imported_with_a_remark(tmp_path: Path) -> None:
    """The window reads an older program's Latin-1 report, and says which line to check."""
    path = tmp_path / "besancon.trf"
    path.write_bytes(
        "012 Open de Besançon\n001    1 m    Müller, Jürgen                    1900\n".encode(
            "latin-1"
        )
    )
    imported = app.import_trf(path)
    assert imported.event.name == "Open de Besançon"
    assert imported.warnings[0].startswith("besancon.trf:1: the file is not UTF-8 text")
    assert "Latin-1" in imported.warnings[0]
    utf8 = tmp_path / "utf8.trf"
    utf8.write_text("012 Open de Besançon\n", encoding="utf-8")
    assert not any("UTF-8" in w for w in app.import_trf(utf8).warnings)
