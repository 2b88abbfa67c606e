"""Automatic backups in the window: the folder chosen in Preferences, a backup when a typed
result completes a round (said in the status bar), and one with every Save a copy."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.session import Session
from arbiter_app.ui.dialogs.preferences import PreferencesDialog
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.sessions import small_event
from tests.ui.test_saving import make_window


def test_the_folder_chosen_in_preferences_is_the_command_lines_too(
    qtbot: QtBot, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbiter_app.store.backups import backup_folder

    shown: list[str] = []
    monkeypatch.setattr(
        "arbiter_app.ui.dialogs.preferences.QMessageBox.warning",
        lambda parent, title, text: shown.append(text),
    )
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.backups.text() == ""
    dialog.backups.setText(str(tmp_path / "stick"))
    dialog.accept()  # a folder that is not there: refused, the dialog stays open
    assert backup_folder() is None and dialog.result() == 0
    assert shown == [f"The backup folder {tmp_path / 'stick'} does not exist."]
    dialog.backups.setText(str(tmp_path))
    dialog.accept()
    assert backup_folder() == tmp_path.resolve()
    assert PreferencesDialog(settings).backups.text() == str(tmp_path.resolve())


def test_a_typed_result_that_completes_the_round_is_backed_up(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    usb = tmp_path / "usb"
    usb.mkdir()
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    dialog.backups.setText(str(usb))
    dialog.accept()
    path = tmp_path / "open.arbiter"
    small_event(path).close()  # round 2: board 1 played, board 2 still playing
    window: MainWindow = make_window(qtbot, app.create_window(settings).document, settings)
    assert window.files.open_path(path)
    panel = window.pairings
    panel.view.setFocus()
    panel.select_row(1)
    qtbot.keyClicks(panel.view, "1")
    (copy,) = usb.iterdir()
    assert copy.name.startswith("Spring Open, after round 2 (")
    assert window.statusBar().currentMessage() == (
        f"Backup after round 2 written to {usb.resolve() / copy.name}."
    )
    with Session.open(copy, readonly=True) as restored:
        assert restored.event_state.complete == 2 and restored.verify() == []

    # Save a copy… puts a dated copy in the backup folder as well.
    window.files.ask_save_path = lambda title, suggested: tmp_path / "organiser.arbiter"  # type: ignore[method-assign]
    window.save_copy_action.trigger()
    copies = sorted(p.name for p in usb.iterdir())
    assert len(copies) == 2 and any(name.startswith("Spring Open, copy (") for name in copies)
    assert (
        window.statusBar()
        .currentMessage()
        .startswith(
            f"A copy was written to {tmp_path / 'organiser.arbiter'}. Backup copy written to "
        )
    )


def test_without_a_folder_the_window_writes_no_backup(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    path = tmp_path / "open.arbiter"
    small_event(path).close()
    window = make_window(qtbot, app.create_window(settings).document, settings)
    assert window.files.open_path(path)
    panel = window.pairings
    panel.view.setFocus()
    panel.select_row(1)
    qtbot.keyClicks(panel.view, "1")
    assert sorted(p.name for p in tmp_path.glob("*.arbiter")) == ["open.arbiter"]
