"""Table view helpers shared by the panels: columns as wide as what they hold.

A name is never wrapped or cut ("Nakamura, …") and a value never shows as
"1…": every column is measured on every row with the table's own font, and
is at least that wide. When the table has room to spare, the columns named
as stretching (the names) share it; when it has too little, a scroll bar
appears rather than a column being cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QHeaderView, QStyle, QTableView

_FITTERS = "arbiter_column_fitter"


class _ColumnFitter(QObject):
    """Keeps a view's columns at their measured widths, the spare width to *stretch*."""

    def __init__(self, view: QTableView) -> None:
        super().__init__(view)
        self.view = view
        self.widths: list[int] = []
        self.stretch: tuple[int, ...] = ()
        self.measured: tuple[object, int, str] | None = None
        """The model, its generation and the font the widths were measured for."""
        self.known: dict[str, int] = {}
        """Texts measured in :attr:`font`, and their widths."""
        self.font = ""
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.widths:
            self.lay_out()
        return False

    def lay_out(self) -> None:
        header = self.view.horizontalHeader()
        widths = list(self.widths)
        spare = self.view.viewport().width() - sum(widths)
        stretch = [c for c in self.stretch if 0 <= c < len(widths)] or (
            [len(widths) - 1] if widths else []
        )
        if spare > 0 and stretch:
            share, extra = divmod(spare, len(stretch))
            for i, column in enumerate(stretch):
                widths[column] += share + (1 if i < extra else 0)
        for column, width in enumerate(widths):
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)


def measured_widths(
    view: QTableView,
    padding: int = 0,
    rows: range | None = None,
    known: dict[str, int] | None = None,
) -> list[int]:
    """The width each column needs for its widest cell and its header, in pixels
    (*padding* more on each side: the projector's cells, set apart by a style sheet).

    With *rows*, only those rows are measured (the lines a change rewrote). *known*
    holds the widths of texts measured before in the view's font (a new ranking moves
    10,000 names to other lines: none is measured again).
    """
    model = view.model()
    if model is None:
        return []
    header = view.horizontalHeader()
    metrics = view.fontMetrics()
    style = view.style()
    # What the item delegate puts around a text (QItemDelegate: the focus frame margin on
    # each side and one pixel more), plus the grid line.
    margin = 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1) + 4
    column_texts = getattr(model, "column_texts", None)
    measured = range(model.rowCount()) if rows is None else rows
    known = {} if known is None else known
    widths = []
    for column in range(model.columnCount()):
        if callable(column_texts):
            texts: set[str] = column_texts(column, measured)
        else:
            texts = {str(model.index(row, column).data() or "") for row in measured}
        widest = 0
        for text in texts:
            width = known.get(text)
            if width is None:
                width = known[text] = metrics.horizontalAdvance(text)
            widest = max(widest, width)
        header_width = header.sectionSizeFromContents(column).width()
        needed = widest + margin + 2 * padding
        widths.append(max(needed, header_width + 2 * padding, header.minimumSectionSize()))

    return widths


def size_columns(view: QTableView, *, stretch: Sequence[int] = (), padding: int = 0) -> None:
    """Size *view*'s columns to everything they hold; *stretch* columns take the spare width.

    Measured on every row (the font's advance widths, not a layout of each
    cell: a thousand rows take milliseconds), after each change, so a long
    name added later widens its column too. When the model says which rows a
    change rewrote in place (:attr:`RowTableModel.changed_rows`), only those are
    measured and a column only widens: a result typed on a 10,000-line table
    measures two lines, not ten thousand.
    """
    view.setWordWrap(False)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
    header = view.horizontalHeader()
    header.setStretchLastSection(False)
    for column in range(header.count()):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
    fitter = view.findChild(_ColumnFitter, _FITTERS)
    if fitter is None:
        fitter = _ColumnFitter(view)
        fitter.setObjectName(_FITTERS)
    model = view.model()
    generation = getattr(model, "generation", None)
    span = getattr(model, "changed_rows", None)
    font = view.font().key()
    if fitter.font != font:
        fitter.font, fitter.known = font, {}
    kept = fitter.measured
    if (
        kept is not None
        and generation is not None
        and kept[0] is model
        and kept[2] == font
        and len(fitter.widths) == header.count()
        and (kept[1] == generation or (kept[1] == generation - 1 and span is not None))
    ):
        if kept[1] != generation and span is not None:
            fresh = measured_widths(view, padding, range(span[0], span[1] + 1), fitter.known)
            fitter.widths = [max(a, b) for a, b in zip(fitter.widths, fresh, strict=True)]
    else:
        fitter.widths = measured_widths(view, padding, known=fitter.known)
    fitter.measured = None if generation is None else (model, generation, font)
    fitter.stretch = tuple(stretch)
    fitter.lay_out()
