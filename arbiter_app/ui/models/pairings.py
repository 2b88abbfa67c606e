"""The boards of one round: board, White, result, Black."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from arbiter_app.ui.models.table import RowTableModel
from arbiter_app.ui.rows import PairingRow

HEADERS = ("Board", "White", "Result", "Black")
RESULT_COLUMN = 2
TOOLTIPS = {
    RESULT_COLUMN: (
        "Type 1, 0 or = (or 5) for a result, + or - for a forfeit, x for a double forfeit;"
        " Enter moves on"
    ),
}


def _player(tpn: int | None, name: str) -> str:
    return f"{tpn}. {name}" if tpn is not None else ""


class PairingsModel(RowTableModel):
    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)
        self._pairings: tuple[PairingRow, ...] = ()

    def set_pairings(self, pairings: Sequence[PairingRow]) -> None:
        self._pairings = tuple(pairings)
        self.set_rows(
            HEADERS,
            [
                (
                    str(p.board) if p.board is not None else "",
                    _player(p.white, p.white_name),
                    p.result_text,
                    _player(p.black, p.black_name),
                )
                for p in pairings
            ],
            [p.white for p in pairings],
            numeric=(0,),
            tooltips=TOOLTIPS,
            people=[
                ((p.white, p.white_name),)
                if p.black is None
                else ((p.white, p.white_name), (p.black, p.black_name))
                for p in pairings
            ],
        )

    def data(
        self,
        index: QModelIndex | QPersistentModelIndex,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if (
            role == Qt.ItemDataRole.TextAlignmentRole
            and index.isValid()
            and index.column() == RESULT_COLUMN
        ):
            return int(Qt.AlignmentFlag.AlignCenter)
        return super().data(index, role)

    def pairing(self, row: int) -> PairingRow:
        return self._pairings[row]
