"""The Prizes panel explains a place shared in money but ranked by tie-break (US Chess 32B2)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from arbiter_app.cli import main
from arbiter_app.session import Session
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.panels.prizes import PrizesPanel

EXAMPLES = Path(__file__).resolve().parents[3] / "resources" / "guide" / "examples"


@pytest.fixture
def document(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[EventDocument]:
    """The Jaén sample, its fund set and the tie-breaks BH/C1, BH, SB announced."""
    path = tmp_path / "jaen.arbiter"
    assert main(["import", str(EXAMPLES / "jaen-2024.trf"), "-o", str(path), "--confirm"]) == 0
    assert main(["prizes", str(path), "--fund", "300,200,100"]) == 0
    assert main(["settings", str(path), "--tiebreaks", "BH/C1,BH,SB",
                 "--confirm=tiebreaks-reorder-standings"]) == 0  # fmt: skip
    capsys.readouterr()
    opened = EventDocument(Session.open(path))
    yield opened
    opened.close()


def test_the_panel_says_the_shared_places_are_ranked_by_tie_break(
    qtbot: QtBot, document: EventDocument
) -> None:
    panel = PrizesPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    panel.refresh()
    model = panel.model
    how = model.columnCount() - 1
    shared = {model.cell(r, 2): model.cell(r, how) for r in range(model.rowCount())
              if model.cell(r, 0) == "2-3"}  # fmt: skip
    assert shared == {
        name: "places 2-3 share 300.00: 150.00 each; ranked by tie-break for the trophy"
        for name in ("Šťastný, Jiří", "Øvergaard, Bjørn")
    }
