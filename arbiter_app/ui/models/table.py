"""A read-only table model over precomputed rows of text (novelWriter-style thin model).

The rows arrive ready to show; the model only indexes into them. Each row has
a key (the pairing number it is about) that views read through ``KEY_ROLE``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from arbiter_app.core.points import parse_points

KEY_ROLE = Qt.ItemDataRole.UserRole + 1
"""The pairing number a row is about (an int)."""

PEOPLE_ROLE = Qt.ItemDataRole.UserRole + 2
"""The players a row names, as ``((pairing number, name), …)``: what a search finds a row by
(both players of a board, the one player of a standings line)."""

People = tuple[tuple[int, str], ...]

Index = QModelIndex | QPersistentModelIndex


def sort_value(text: str) -> tuple[int, Fraction, str]:
    """Numbers sort as numbers ("10" after "9", "3½" between 3 and 4), the rest as text."""
    try:
        return (0, parse_points(text), "")
    except ValueError:
        return (1, Fraction(0), text.casefold())


class SortProxy(QSortFilterProxyModel):
    """Sorts numbers as numbers; used by every sortable table.

    The sort keys of a column are read from the source rows once per change
    (:meth:`RowTableModel.cell`), not parsed again on every comparison: a
    1,000-row table takes some 10,000 comparisons to sort.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._keys: dict[int, list[tuple[int, Fraction, str]]] = {}
        self._generation = -1

    def _column_keys(self, source: RowTableModel, column: int) -> list[tuple[int, Fraction, str]]:
        if source.generation != self._generation:
            self._keys.clear()
            self._generation = source.generation
        keys = self._keys.get(column)
        if keys is None:
            texts = [source.cell(r, column) for r in range(source.rowCount())]
            keys = self._keys[column] = [sort_value(t) for t in texts]
        return keys

    def lessThan(self, left: Index, right: Index) -> bool:
        source = self.sourceModel()
        if isinstance(source, RowTableModel):
            keys = self._column_keys(source, left.column())
            return keys[left.row()] < keys[right.row()]
        a = sort_value(str(left.data() or ""))
        b = sort_value(str(right.data() or ""))
        return a < b


def _changed_span(
    old: Sequence[tuple[str, ...]],
    new: Sequence[tuple[str, ...]],
    old_people: Sequence[object],
    new_people: Sequence[object],
) -> tuple[int, int] | None:
    """The first and last row where *old* and *new* (of one length) differ; None if none does.

    A result typed changes two lines of a 10,000-line table: the ends are found by
    comparing whole rows (tuples of strings, compared in C), not cell by cell.
    """
    count = len(new)
    first = 0
    while first < count and old[first] == new[first] and old_people[first] == new_people[first]:
        first += 1
    if first == count:
        return None
    last = count - 1
    while last > first and old[last] == new[last] and old_people[last] == new_people[last]:
        last -= 1
    return first, last


class RowTableModel(QAbstractTableModel):
    """Rows of strings with headers; *numeric* columns are right-aligned."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._headers: tuple[str, ...] = ()
        self._rows: tuple[tuple[str, ...], ...] = ()
        self._keys: tuple[int, ...] = ()
        self._numeric: frozenset[int] = frozenset()
        self._tooltips: dict[int, str] = {}
        self._people: tuple[People, ...] = ()
        self.centred: frozenset[int] = frozenset()
        """Columns whose cells are centred (a result between two scores, on the projector)."""
        self.generation = 0
        """Counts the changes of the rows (sort keys computed from them are kept until it moves)."""
        self.changed_rows: tuple[int, int] | None = None
        """The first and last row the last :meth:`set_rows` changed in place; None after the
        table was replaced whole (new columns or another number of rows): what a view
        measures again (:func:`arbiter_app.ui.widgets.table.size_columns`)."""

    def set_rows(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        keys: Sequence[int],
        *,
        numeric: Sequence[int] = (),
        tooltips: dict[int, str] | None = None,
        people: Sequence[People] | None = None,
    ) -> None:
        """Replace everything (the rows are recomputed after each change).

        *people* names the players of each row (a search finds rows by them); by
        default a row is about its key, and its name is any of its cells.
        """
        if len(rows) != len(keys):
            raise ValueError("one key per row")
        if people is not None and len(people) != len(rows):
            raise ValueError("one list of players per row")
        for row in rows:
            if len(row) != len(headers):
                raise ValueError("every row needs one cell per header")
        new_rows = tuple(r if type(r) is tuple else tuple(r) for r in rows)
        new_people = (
            tuple(p if type(p) is tuple else tuple(p) for p in people)
            if people is not None
            else tuple(((key, " ".join(row)),) for key, row in zip(keys, new_rows, strict=True))
        )
        new_keys = tuple(keys)
        same_shape = (
            tuple(headers) == self._headers
            and len(new_rows) == len(self._rows)
            and frozenset(numeric) == self._numeric
        )
        if same_shape and new_rows:
            # Same columns, same number of rows (a result typed): only the rows that differ
            # are announced, as one span from the first to the last, so views keep their
            # scroll position, current cell and selection, and repaint what changed.
            span = _changed_span(
                self._rows,
                new_rows,
                tuple(zip(self._keys, self._people, strict=True)),
                tuple(zip(new_keys, new_people, strict=True)),
            )
            self._rows, self._keys, self._people = new_rows, new_keys, new_people
            self._tooltips = dict(tooltips or {})
            self.changed_rows = span
            if span is not None:
                self.generation += 1
                first, last = span
                right = len(self._headers) - 1
                self.dataChanged.emit(self.index(first, 0), self.index(last, right))
            return
        self.generation += 1
        self.changed_rows = None
        self.beginResetModel()
        self._headers = tuple(headers)
        self._rows = new_rows
        self._keys = new_keys
        self._people = new_people
        self._numeric = frozenset(numeric)
        self._tooltips = dict(tooltips or {})
        self.endResetModel()

    def replace_rows(self, rows: dict[int, tuple[Sequence[str], int, People]]) -> None:
        """Replace the rows numbered in *rows* by (cells, key, players), nothing else: a
        result typed on one board of a 5,000-board round. Announced as one span."""
        if not rows:
            return
        cells = list(self._rows)
        keys = list(self._keys)
        people = list(self._people)
        for row, (texts, key, who) in rows.items():
            if len(texts) != len(self._headers):
                raise ValueError("every row needs one cell per header")
            cells[row], keys[row], people[row] = tuple(texts), key, tuple(who)
        self._rows, self._keys, self._people = tuple(cells), tuple(keys), tuple(people)
        self.generation += 1
        first, last = min(rows), max(rows)
        self.changed_rows = (first, last)
        right = len(self._headers) - 1
        self.dataChanged.emit(self.index(first, 0), self.index(last, right))

    def key(self, row: int) -> int:
        return self._keys[row]

    def row_of(self, key: int) -> int | None:
        try:
            return self._keys.index(key)
        except ValueError:
            return None

    def cell(self, row: int, column: int) -> str:
        return self._rows[row][column]

    def column_texts(self, column: int, rows: range) -> set[str]:
        """The distinct texts of *column* in *rows* (what a view measures)."""
        return {row[column] for row in self._rows[rows.start : rows.stop]}

    def people(self, row: int) -> People:
        """The players row *row* names (see :data:`PEOPLE_ROLE`)."""
        return self._people[row]

    @property
    def headers(self) -> tuple[str, ...]:
        return self._headers

    # -- Qt overrides ------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if not (0 <= row < len(self._rows) and 0 <= column < len(self._headers)):
            return None
        text = self._rows[row][column]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return text
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltips.get(column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column in self.centred:
                return int(Qt.AlignmentFlag.AlignCenter)
            if column in self._numeric:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if role == KEY_ROLE:
            return self._keys[row]
        if role == PEOPLE_ROLE:
            return self._people[row]
        return None

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._headers):
            if role == Qt.ItemDataRole.DisplayRole:
                return self._headers[section]
            if role == Qt.ItemDataRole.ToolTipRole:
                return self._tooltips.get(section)
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1 if 0 <= section < len(self._rows) else None
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
