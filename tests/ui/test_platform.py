"""The window tests run on the platform asked for (offscreen, or xcb under Xvfb in CI)."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from tests.ui.conftest import TEST_PLATFORM


def test_qt_runs_on_the_platform_the_suite_chose(qtbot: QtBot) -> None:
    assert QGuiApplication.platformName() == TEST_PLATFORM


def test_ci_runs_the_window_tests_on_a_real_x_server_too() -> None:
    from pathlib import Path

    run = (Path(__file__).parents[2] / ".ci" / "run").read_text(encoding="utf-8")
    xvfb = run[run.index("xvfb-run") :]
    assert "ARBITER_TEST_PLATFORM=xcb" in xvfb and "pytest tests/ui" in xvfb
    for package in ("xvfb", "libxcb-cursor0", "libxkbcommon-x11-0", "libegl1"):
        assert package in run
