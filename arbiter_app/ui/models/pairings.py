"""The boards of one round: board, White, result, Black."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from arbiter_app.ui.models.table import People, RowTableModel
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


def _cells(p: PairingRow) -> tuple[str, str, str, str]:
    return (
        str(p.board) if p.board is not None else "",
        _player(p.white, p.white_name),
        p.result_text,
        _player(p.black, p.black_name),
    )


def _people(p: PairingRow) -> People:
    if p.black is None:
        return ((p.white, p.white_name),)
    return ((p.white, p.white_name), (p.black, p.black_name))


class PairingsModel(RowTableModel):
    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)
        self._pairings: tuple[PairingRow, ...] = ()
        self._where: dict[int, int] | None = None

    def set_pairings(self, pairings: Sequence[PairingRow]) -> None:
        self._pairings = tuple(pairings)
        self._where = None
        self.set_rows(
            HEADERS,
            [_cells(p) for p in pairings],
            [p.white for p in pairings],
            numeric=(0,),
            tooltips=TOOLTIPS,
            people=[_people(p) for p in pairings],
        )

    def update_pairings(self, changed: dict[int, PairingRow]) -> None:
        """Replace the boards at the rows of *changed* (a result typed), nothing else."""
        pairings = list(self._pairings)
        for row, p in changed.items():
            pairings[row] = p
        self._pairings = tuple(pairings)
        self.replace_rows({row: (_cells(p), p.white, _people(p)) for row, p in changed.items()})

    def row_of_player(self, tpn: int) -> int | None:
        """The row of the board (or bye) where *tpn* is, None if the round does not list him."""
        if self._where is None:
            self._where = {}
            for row, p in enumerate(self._pairings):
                self._where[p.white] = row
                if p.black is not None:
                    self._where[p.black] = row
        return self._where.get(tpn)

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

    @property
    def pairings(self) -> tuple[PairingRow, ...]:
        return self._pairings

    def pairing(self, row: int) -> PairingRow:
        return self._pairings[row]
