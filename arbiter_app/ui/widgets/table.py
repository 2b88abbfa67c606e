"""Table view helpers shared by the panels."""

from __future__ import annotations

from PySide6.QtWidgets import QTableView

SIZING_SAMPLE_ROWS = 60
"""Rows measured when columns are sized to their contents: the top of a 1,000-player table
is as wide as the rest, and measuring every row after each result cost seconds."""


def size_columns(view: QTableView) -> None:
    """Size *view*'s columns to their contents, measuring a sample of rows (plus the visible ones)."""
    view.horizontalHeader().setResizeContentsPrecision(SIZING_SAMPLE_ROWS)
    view.resizeColumnsToContents()
