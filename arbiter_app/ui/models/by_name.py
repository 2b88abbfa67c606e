"""Pairings by name as a table: player, number, points, board, colour, opponent."""

from __future__ import annotations

from collections.abc import Sequence

from arbiter_app.exports.by_name import NameRow
from arbiter_app.ui.models.table import RowTableModel

HEADERS = ("Player", "No.", "Pts", "Board", "Colour", "Opponent")


class ByNameModel(RowTableModel):
    """The "where do I play?" rows (:func:`arbiter_app.exports.by_name.by_name_rows`)."""

    def set_names(self, rows: Sequence[NameRow]) -> None:
        self.set_rows(
            HEADERS,
            [(r.name, str(r.tpn), r.score, r.board, r.colour, r.opponent) for r in rows],
            [r.tpn for r in rows],
            numeric=(1, 2, 3),
            people=[((r.tpn, r.name),) for r in rows],
        )
