"""A tie-break list typed over a preset: the same answer from the window and the command line.

The rule has one home, the session's settings command: a list that is not the preset's own
leaves the preset (its rule set, byes and play-off stay as they are); the preset's own
list keeps it. Before, the command line dropped the preset and the window kept it, so the
Standings panel showed "City Chess OK" above a list that was not its.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from arbiter_app.session import Session
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.panels.standings import StandingsPanel
from tests.support.cli import Capture, run
from tests.support.playoff_events import three_tied_for_first
from tests.support.warning_dialogs import AgreeToAll


def _settings(path: Path) -> tuple[str | None, tuple[str, ...], str | None, str | None]:
    with Session.open(path, readonly=True) as session:
        s = session.settings
        return s.preset, tuple(s.tiebreaks), session.state.setting("rule_set"), s.playoff


def _club(path: Path) -> Path:
    three_tied_for_first(path, preset="city-chess-ok").close()
    assert _settings(path) == (
        "city-chess-ok",
        ("MM", "SOLK", "CUM", "OPPC"),
        "uscf",
        "city-chess-ok",
    )
    return path


def test_a_list_typed_on_the_command_line_leaves_the_preset(
    capsys: Capture, tmp_path: Path
) -> None:
    path = str(_club(tmp_path / "cli.arbiter"))
    code, _, err = run(
        capsys,
        "settings",
        path,
        "--tiebreaks",
        "SOLK,MM",
        "--confirm",
        "tiebreaks-reorder-standings",
    )
    assert code == 0, err
    assert _settings(Path(path)) == (None, ("SOLK", "MM"), "uscf", "city-chess-ok")
    # The settings say so: the list is shown without a preset.
    code, out, _ = run(capsys, "settings", path)
    assert "preset" not in out.split("tie-breaks:")[1].splitlines()[0]


def test_the_preset_s_own_list_keeps_the_preset(capsys: Capture, tmp_path: Path) -> None:
    path = str(_club(tmp_path / "same.arbiter"))
    code, _, err = run(capsys, "settings", path, "--tiebreaks", "MM,SOLK,CUM,OPPC")
    assert code == 0, err
    assert _settings(Path(path))[0] == "city-chess-ok"


def test_a_list_typed_in_the_window_leaves_the_preset_too(qtbot: QtBot, tmp_path: Path) -> None:
    path = _club(tmp_path / "window.arbiter")
    document = EventDocument(Session.open(path))
    document.warnings = AgreeToAll()
    try:
        panel = StandingsPanel(document)
        qtbot.addWidget(panel)
        panel.show()
        assert panel.preset.currentText() == "City Chess OK"
        panel.codes.setFocus()
        panel.codes.clear()
        qtbot.keyClicks(panel.codes, "SOLK, MM")
        qtbot.keyClick(panel.codes, Qt.Key.Key_Return)
        assert document.standings_options.preset == ""
        assert panel.preset.currentText() != "City Chess OK"
    finally:
        document.close()
    assert _settings(path) == (None, ("SOLK", "MM"), "uscf", "city-chess-ok")
