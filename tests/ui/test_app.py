"""The composition root: the demo, untitled events kept in scratch files, their recovery."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import System
from arbiter_app.session.commands import AddPlayer
from arbiter_app.ui.settings import Settings
from tests.support.sessions import crash, crashed_untitled


def test_demo_opens_the_sample_untitled_with_three_players_tied_for_first(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    sample = app.DEMO_SAMPLE.read_bytes()
    window = app.create_window(settings, demo=True, folder=tmp_path)
    qtbot.addWidget(window)
    event = window.document.tournament
    assert event.system is System.ROUND_ROBIN
    assert window.windowTitle() == "Demo Classical 2026 — final — Untitled[*] — Arbiter"
    assert window.state_label.text() == "Final: all 9 rounds complete; the play-off can start"
    assert window.document.path is None and window.document.modified
    # Kept in a scratch file until saved; the sample itself is never written.
    scratch = window.document.session.scratch
    assert scratch is not None and scratch.parent == tmp_path
    assert app.DEMO_SAMPLE.read_bytes() == sample
    model = window.standings.model
    ranks = [model.cell(r, 0) for r in range(model.rowCount())]
    assert ranks[:4] == ["1-3", "1-3", "1-3", "4"]
    assert {model.key(r) for r in range(3)} == {1, 3, 7}
    window.document.close()
    assert not scratch.exists()  # closed without saving: discarded


def test_an_untitled_event_left_by_a_crash_is_offered_at_the_next_start(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    from arbiter_app.session import Session

    # A crash: an untitled event with work in it, never saved nor closed.
    scratch = tmp_path / "untitled-20260314-090000-1-1.arbiter"
    crashed_untitled(scratch)
    # An empty one (nothing to lose) is removed without a question.
    crash(Session.create_untitled(scratch=tmp_path / "untitled-20260314-080000-1-1.arbiter"))

    window = app.create_window(settings, folder=tmp_path)
    qtbot.addWidget(window)
    asked: list[str] = []

    def recover() -> None:
        box = window.findChild(QMessageBox, "arbiter-recover")
        assert box is not None and box.isVisible()
        asked.append(box.text())
        asked.append(box.informativeText())
        qtbot.keyClick(box, Qt.Key.Key_Return)  # Recover is the default

    QTimer.singleShot(0, recover)
    app.offer_recoveries(window, tmp_path)
    assert asked and "“Spring Open”" in asked[0] and "(1 action, the last at " in asked[0]
    assert asked[1] == "It opens untitled again; File ▸ Save as… gives it a file."
    assert [p.name for p in window.document.tournament.players] == ["Ann"]
    assert window.document.session.scratch == scratch and window.document.modified
    assert "Untitled[*]" in window.windowTitle()
    assert not (tmp_path / "untitled-20260314-080000-1-1.arbiter").exists()
    window.document.close()


def test_a_discarded_recovery_removes_the_scratch_file(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    scratch = tmp_path / "untitled-20260314-090000-1-1.arbiter"
    crashed_untitled(scratch)
    window = app.create_window(settings, folder=tmp_path)
    qtbot.addWidget(window)
    before = window.document.session

    def discard() -> None:
        box = window.findChild(QMessageBox, "arbiter-recover")
        assert box is not None
        (button,) = [b for b in box.buttons() if b.text() == "&Discard"]
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, discard)
    assert not window.files.offer_recovery(scratch)
    assert not scratch.exists() and window.document.session is before


def test_a_scratch_file_another_arbiter_has_open_is_left_alone(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    from arbiter_app.session import Session

    other = Session.create_untitled(scratch=tmp_path / "untitled-other.arbiter")
    other.run(AddPlayer(name="Ann"))
    window = app.create_window(settings, folder=tmp_path)
    qtbot.addWidget(window)
    assert not window.files.offer_recovery(tmp_path / "untitled-other.arbiter")
    assert (tmp_path / "untitled-other.arbiter").exists()
    other.close()


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
