"""Which places a play-off decides has one answer, whichever view asks (FIDE C.07 3.1.1).

The guide's custom regulation (riverside-2026) is started on the command line over an event
whose settings name no play-off; the window, its printout, the projector's standings, the
command line and the CSV export all say "1-3 (play-off)" while it runs, and all put the
winner first once it is over. Before, the window ranked the three by tie-break.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from arbiter_app.session import Session
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.exporting import standings_print_sheet
from arbiter_app.ui.panels.standings import StandingsPanel
from arbiter_app.ui.playoff_adapter import shown_standings
from tests.support.cli import Capture, run

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "resources" / "guide"
EXAMPLES = GUIDE / "examples"


def _regulation(folder: Path) -> Path:
    """The guide's own custom regulation file, as printed on its page."""
    page = (GUIDE / "custom-regulation.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- file: riverside-2026.json -->\n```json\n(.*?)```", page, re.S)
    assert found is not None
    path = folder / "riverside-2026.json"
    path.write_text(found.group(1), encoding="utf-8")
    return path


@pytest.fixture
def started(capsys: Capture, tmp_path: Path) -> Path:
    """classical-final.trf with tie-breaks BPG, TPN and the riverside play-off started."""
    path = tmp_path / "riverside.arbiter"
    file = str(path)
    assert run(capsys, "import", str(EXAMPLES / "classical-final.trf"), "-o", file)[0] == 0
    code, _, err = run(
        capsys,
        "settings",
        file,
        "--tiebreaks",
        "BPG,TPN",
        "--confirm=tiebreaks-reorder-standings",
    )
    assert code == 0, err
    code, _, err = run(
        capsys,
        "playoff",
        "start",
        file,
        "--regulation-file",
        str(_regulation(tmp_path)),
        "--last-game-end",
        "2026-05-10T18:40",
        "--at",
        "2026-05-10T19:10",
    )
    assert code == 0, err
    with Session.open(path, readonly=True) as session:
        assert session.settings.playoff is None  # the settings name no play-off
    return path


def _finish(capsys: Capture, path: Path) -> None:
    file = str(path)
    for argv in (
        ("playoff", "draw", file, "--outcome", "2,3,1", "--witness", "R. Singh"),
        ("playoff", "printed", file),
        ("import-pgn", file, str(EXAMPLES / "riverside-games.pgn")),
    ):
        code, _, err = run(capsys, *argv)
        assert code == 0, err


def _window_places(qtbot: QtBot, path: Path) -> tuple[list[str], list[str], list[str]]:
    """Place and player as the Standings panel, the printout and the projector show them."""
    document = EventDocument(Session.open(path))
    try:
        panel = StandingsPanel(document)
        qtbot.addWidget(panel)
        panel.show()
        model = panel.model
        shown = [f"{model.cell(r, 0)} {model.cell(r, 2)}" for r in range(model.rowCount())]
        notes = [model.cell(r, model.columnCount() - 1) for r in range(model.rowCount())]
        printed = [f"{row[0]} {row[2]}" for row in standings_print_sheet(document).tables()[0].rows]
        projector = [
            f"{row.place} {row.name}"
            for row in shown_standings(document).standings.rows  # type: ignore[union-attr]
        ]
        return shown + notes, printed, projector
    finally:
        document.close()


def test_a_play_off_started_on_the_command_line_decides_places_in_every_view(
    capsys: Capture, qtbot: QtBot, started: Path
) -> None:
    file = str(started)
    code, out, _ = run(capsys, "standings", file)
    assert code == 0
    assert [line.split()[:4] for line in out.splitlines() if line[:1].isdigit()][:3] == [
        ["1-3*", "1", "Ann", "2750"],
        ["1-3*", "2", "Ben", "2740"],
        ["1-3*", "3", "Cid", "2730"],
    ]
    code, _, _ = run(
        capsys, "export", file, "--format", "csv", "-o", str(started.with_suffix(".csv"))
    )
    rows = started.with_suffix(".csv").read_text(encoding="utf-8-sig").splitlines()
    assert [r.split(",")[0] for r in rows[1:]] == ["1-3", "1-3", "1-3", "4"]
    assert all(r.endswith(",play-off") for r in rows[1:4])

    panel, printed, projector = _window_places(qtbot, started)
    assert panel[:4] == ["1-3 Ann", "1-3 Ben", "1-3 Cid", "4 Dee"]
    assert panel[4:7] == ["play-off"] * 3
    assert printed[:3] == ["1-3 Ann (play-off)", "1-3 Ben (play-off)", "1-3 Cid (play-off)"]
    assert projector[:3] == ["1-3 Ann", "1-3 Ben", "1-3 Cid"]

    _finish(capsys, started)
    code, out, _ = run(capsys, "standings", file)
    first = next(line.split() for line in out.splitlines() if line[:1].isdigit())
    assert first[0] == "1" and "Ben" in first
    panel, printed, projector = _window_places(qtbot, started)
    assert panel[0] == "1 Ben" and projector[0] == "1 Ben"
    assert printed[0].split()[0] == "1" and "Ben" in printed[0]
