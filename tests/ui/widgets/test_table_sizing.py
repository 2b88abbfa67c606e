"""Columns as wide as what they hold: a name is never cut ("Nakamura, …"), a value never "1…"."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from arbiter_app.ui.models.table import RowTableModel
from arbiter_app.ui.widgets import table
from arbiter_app.ui.widgets.table import measured_widths, size_columns

LONG = "Nakamura, Hikaru Alexander Lovelace-Byron"


def _view(qtbot: QtBot, width: int = 600) -> tuple[RowTableModel, QTableView]:
    model = RowTableModel()
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.resize(width, 300)
    view.show()
    qtbot.waitExposed(view)
    return model, view


def _fits(view: QTableView, column: int, text: str) -> bool:
    return view.columnWidth(column) > view.fontMetrics().horizontalAdvance(text)


def test_a_long_name_added_later_widens_its_column(qtbot: QtBot) -> None:
    model, view = _view(qtbot)
    model.set_rows(("No.", "Player", "Pts"), [("1", "Ada", "1")], [1])
    size_columns(view, stretch=(1,))
    model.set_rows(("No.", "Player", "Pts"), [("1", "Ada", "1"), ("2", LONG, "1½")], [1, 2])
    size_columns(view, stretch=(1,))
    assert _fits(view, 1, LONG)
    assert _fits(view, 2, "1½")
    # The table never wraps a name over two lines.
    assert not view.wordWrap()


def test_a_narrow_table_scrolls_rather_than_cutting_a_column(qtbot: QtBot) -> None:
    model, view = _view(qtbot, width=160)
    rows = [(str(n), f"{LONG} {n}", "1-3") for n in range(1, 200)]
    model.set_rows(("Place", "Player", "Place"), rows, list(range(1, 200)))
    size_columns(view, stretch=(1,))
    # Every row was measured, the last (longest number) included.
    assert _fits(view, 1, f"{LONG} 199")
    assert _fits(view, 0, "199")
    assert _fits(view, 2, "1-3")
    assert view.horizontalScrollBar().maximum() > 0


def test_spare_width_goes_to_the_stretching_column(qtbot: QtBot) -> None:
    model, view = _view(qtbot, width=900)
    model.set_rows(("No.", "Player", "Pts"), [("1", "Ada", "1")], [1])
    size_columns(view, stretch=(1,))
    needed = measured_widths(view)
    assert view.columnWidth(0) == needed[0]
    assert view.columnWidth(2) == needed[2]
    assert view.columnWidth(1) > needed[1]
    assert sum(view.columnWidth(c) for c in range(3)) == view.viewport().width()
    # A wider window: the name column takes the new room; the figures stay as they are.
    view.resize(1200, 300)
    qtbot.waitUntil(lambda: sum(view.columnWidth(c) for c in range(3)) == view.viewport().width())
    assert view.columnWidth(0) == needed[0]


def test_a_row_rewritten_in_place_is_measured_alone_and_widens_its_column(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A result typed rewrites a line or two of a 10,000-line table: those lines are
    measured, not the whole table, and a longer text still widens its column."""
    model, view = _view(qtbot)
    rows = [(str(n), f"Player {n}", "1") for n in range(1, 201)]
    model.set_rows(("No.", "Player", "Pts"), rows, list(range(1, 201)))
    size_columns(view, stretch=(1,))
    measured: list[range | None] = []
    real = table.measured_widths

    def spy(
        view: QTableView,
        padding: int = 0,
        rows: range | None = None,
        known: dict[str, int] | None = None,
    ) -> list[int]:
        measured.append(rows)
        return real(view, padding, rows, known)

    monkeypatch.setattr(table, "measured_widths", spy)
    rows[150] = ("151", LONG, "2")
    model.set_rows(("No.", "Player", "Pts"), rows, list(range(1, 201)))
    assert model.changed_rows == (150, 150)
    size_columns(view, stretch=(1,))
    assert measured == [range(150, 151)]
    assert _fits(view, 1, LONG)
    size_columns(view, stretch=(1,))  # nothing changed since: nothing measured
    assert measured == [range(150, 151)]
    model.set_rows(("No.", "Player", "Pts"), rows[:10], list(range(1, 11)))
    size_columns(view, stretch=(1,))  # a table of another length: measured whole
    assert measured[-1] is None
