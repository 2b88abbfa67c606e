"""Crash reports for bugs, plain messages for expected errors, preferences."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.core.errors import RuleError
from arbiter_app.ui.dialogs.crash import CrashDialog, ExceptionHandler, crash_report
from arbiter_app.ui.dialogs.preferences import PreferencesDialog
from arbiter_app.ui.settings import Settings


def _raise(exc: BaseException) -> tuple[type[BaseException], BaseException, object]:
    try:
        raise exc
    except BaseException as caught:
        return type(caught), caught, caught.__traceback__


def test_crash_report_names_versions_and_the_traceback() -> None:
    kind, value, tb = _raise(ZeroDivisionError("division by zero"))
    report = crash_report(kind, value, tb)  # type: ignore[arg-type]
    assert report.startswith("Arbiter ")
    assert "Qt 6." in report
    assert "ZeroDivisionError: division by zero" in report
    assert "test_dialogs.py" in report


def test_a_bug_opens_the_crash_dialog_with_a_copyable_report(
    qtbot: QtBot, capsys: pytest.CaptureFixture[str]
) -> None:
    handler = ExceptionHandler()
    kind, value, tb = _raise(KeyError("boom"))
    handler(kind, value, tb)  # type: ignore[arg-type]
    dialog = handler.dialogs[-1]
    qtbot.addWidget(dialog)
    assert isinstance(dialog, CrashDialog)
    assert "KeyError: 'boom'" in dialog.report.toPlainText()
    dialog.copy_button.click()
    assert "KeyError: 'boom'" in QGuiApplication.clipboard().text()
    assert "KeyError: 'boom'" in capsys.readouterr().err


def test_an_expected_error_is_a_plain_message(qtbot: QtBot) -> None:
    handler = ExceptionHandler()
    kind, value, tb = _raise(RuleError("a player cannot meet the same opponent twice"))
    handler(kind, value, tb)  # type: ignore[arg-type]
    box = handler.dialogs[-1]
    qtbot.addWidget(box)
    assert isinstance(box, QMessageBox)
    assert box.text() == "A player cannot meet the same opponent twice."


def test_install_and_uninstall_restore_the_previous_hook() -> None:
    before = sys.excepthook
    handler = ExceptionHandler()
    handler.install()
    assert sys.excepthook is handler
    handler.uninstall()
    assert sys.excepthook is before


def test_preferences_are_saved(qtbot: QtBot, settings: Settings) -> None:
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    dialog.scale.setValue(3.5)
    dialog.scheme.setCurrentIndex(dialog.scheme.findData("light"))
    dialog.accept()
    assert settings.projector_scale == 3.5
    assert settings.colour_scheme == "light"
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.scale.value() == 3.5
    dialog.scheme.setCurrentIndex(dialog.scheme.findData("system"))
    dialog.accept()


def test_settings_keep_recent_files_newest_first_without_duplicates(settings: Settings) -> None:
    from pathlib import Path

    for name in ["a", "b", "a", *"cdefghij"]:
        settings.add_recent(Path(f"/e/{name}.arbiter"))
    names = [p.stem for p in settings.recent_files()]
    assert names == ["j", "i", "h", "g", "f", "e", "d", "c"]
    settings.clear_recent()
    assert settings.recent_files() == []
    with pytest.raises(ValueError, match="unknown colour scheme"):
        settings.colour_scheme = "purple"
