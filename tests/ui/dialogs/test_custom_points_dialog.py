"""Q71/Q80 in the window: "Custom…" points in the event settings dialog show a row of
spin boxes for win, draw, loss and each unplayed round, the PAB's among them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.core.points import STANDARD, parse_point_system, with_pab_value
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
from arbiter_app.ui.dialogs.event_settings import CUSTOM, EventSettingsDialog
from arbiter_app.ui.document import EventDocument


@pytest.fixture
def swiss(tmp_path: Path) -> Iterator[EventDocument]:
    session = Session.create(tmp_path / "e.arbiter", name="Open", system="swiss", rounds=5)
    document = EventDocument(session)
    for name in ("Ada", "Bea", "Cy", "Dov", "Eli"):
        document.run(AddPlayer.of({"name": name}))
    yield document
    document.close()


def open_dialog(qtbot: QtBot, document: EventDocument) -> EventSettingsDialog:
    dialog = EventSettingsDialog(document)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_q71_q80_custom_values_are_typed_in_a_row_of_spin_boxes(
    qtbot: QtBot, swiss: EventDocument
) -> None:
    dialog = open_dialog(qtbot, swiss)
    assert not dialog.custom_points.isVisible()
    dialog.points.setCurrentIndex(dialog.points.findData(CUSTOM))
    assert dialog.custom_points.isVisible()
    assert [s.value() for s in dialog.custom_values] == [1.0, 0.5, 0.0, 1.0, 1.0, 0.5, 0.0]
    for spin, value in zip(dialog.custom_values, (3, 1, 0, 3, 1, 1, 0), strict=True):
        spin.setValue(value)
    dialog.accept()
    assert not dialog.isVisible()
    chosen = swiss.tournament.point_system
    assert chosen == with_pab_value(parse_point_system("3,1,0"), "draw")
    assert chosen.pairing_bye_points == 1 and chosen.name == "3/1/0, PAB 1"
    again = open_dialog(qtbot, swiss)
    assert again.points.currentData() == CUSTOM and again.custom_points.isVisible()
    assert [s.value() for s in again.custom_values] == [3.0, 1.0, 0.0, 3.0, 1.0, 1.0, 0.0]
    assert again.changed_settings() == {}
    again.points.setCurrentIndex(again.points.findText("Standard 1 / ½ / 0"))
    assert not again.custom_points.isVisible()
    again.accept()
    assert swiss.tournament.point_system == STANDARD


def test_q71_values_that_cannot_score_are_refused_with_the_reason(
    qtbot: QtBot, swiss: EventDocument
) -> None:
    dialog = open_dialog(qtbot, swiss)
    dialog.points.setCurrentIndex(dialog.points.findData(CUSTOM))
    dialog.custom_values[1].setValue(2.0)  # a draw above a win
    dialog.accept()
    boxes = [b for b in dialog.findChildren(QMessageBox) if b.isVisible()]
    assert boxes and "a draw (2) cannot be worth more than a win (1)" in boxes[0].text()
    boxes[0].close()
    assert dialog.isVisible()
    assert swiss.tournament.point_system == STANDARD
