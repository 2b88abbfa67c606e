"""A sheet cut into pages: each page (or few pages) laid out as a small document of its own.

Qt's rich-text engine lays out and paints a long table in more than linear
time: a 9,999-row standings laid out as one document cost twice as much per
row as a page's worth of rows laid out alone, and painting a page of it cost
more the longer the document was. So the printer never lays out a whole long
sheet at once. It streams: a text document holds what comes next, up to a
page and a bit of it, Qt paginates that document as it always did, the pages
that are complete are kept, and the next document starts with the first row
of the page that was not. Qt's own pagination decides the page breaks, and a
continued table starts with its header row as Qt repeats it on each page
(``thead``). One thing differs, on purpose: Qt cuts a row of several lines
(a long name wrapped) at a page break; here such a row ends the page's part
(the page is painted down to its top edge) and starts the next one whole.

Two things a whole document decided once are decided once here too, over
the whole sheet:

- the widths of a long table's columns (Qt widens a column for its widest
  cell, which may be on any page): measured on a sample document holding the
  header row and the rows with the widest cells, then fixed on every page;
- the scale that fits a sheet too wide for the paper (``fit_to_width``),
  found on the whole sheet with each long table reduced to that sample.

Only top-level tables are continued across documents; everything else
(headings, paragraphs, boxes, brackets, page breaks) is laid out by Qt as
part of the document it falls in, as before.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from PySide6.QtCore import QRectF, QSizeF
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QTextDocument,
    QTextLength,
    QTextOption,
    QTextTable,
    QTextTableCell,
)

from arbiter_app.exports.html import (
    BASE_POINT_SIZE,
    FONT_FAMILIES,
    HTML_END,
    SMALL_POINT_SIZE,
    block_html,
    html_head,
    table_html,
    title_html,
)
from arbiter_app.exports.sheet import Block, Sheet, Table

LONG_TABLE_ROWS = 40
"""A top-level table with more rows than this is continued from document to document."""
FIRST_BUDGET = 60
"""Rows of a long table the first document holds (then: a page's worth and a margin)."""
MARGIN_ROWS = 6
"""Rows laid out beyond what the last page held, so that a document overflows its first page."""
SAMPLE_ROWS = 3
"""Per column and per measure, the rows with the widest cells the width sample keeps."""


@dataclass(frozen=True, slots=True)
class LaidOut:
    """One text document and how many of its pages print (the first *pages* of it).

    *last_height*, when set, is how much of the last of those pages prints (from its
    top): the rest is a row that the next document prints whole.
    """

    document: QTextDocument
    pages: int
    last_height: float | None = None


@dataclass(frozen=True, slots=True)
class Pagination:
    """The sheet's pages: the documents in order, the page box they were laid out on."""

    parts: tuple[LaidOut, ...]
    fit: float
    """The scale from the layout's units to the paper's (1.0 unless the sheet is too wide)."""
    page_width: float
    page_height: float

    @property
    def total(self) -> int:
        return sum(part.pages for part in self.parts)

    def pages(self) -> Iterator[tuple[QTextDocument, int, float]]:
        """Each page as (its document, its index in that document, the height that prints),
        in print order."""
        for part in self.parts:
            for index in range(part.pages):
                height = self.page_height
                if index == part.pages - 1 and part.last_height is not None:
                    height = part.last_height
                yield part.document, index, height


def new_document(html: str) -> QTextDocument:
    """*html* in a text document with the printer's font and wrapping (not yet paginated)."""
    doc = QTextDocument()
    doc.setDefaultFont(_font(BASE_POINT_SIZE))
    doc.setDocumentMargin(0)
    # Break lines between words only, as a browser does: a pairing number or a
    # result is never split, and a table too wide for the paper is scaled
    # down (fit_to_width) instead.
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    doc.setDefaultTextOption(option)
    doc.setHtml(html)
    return doc


def fit_to_width(doc: QTextDocument, width: float, height: float) -> float:
    """Paginate *doc* for a body of *width* × *height*; returns the scale that makes it fit.

    A table with many columns (a crosstable of many rounds) can need more
    width than the paper has; rather than cut columns off, the whole sheet
    is laid out on a proportionally larger page and printed smaller.
    """
    doc.setPageSize(QSizeF(width, height))
    needed = doc.size().width()
    if needed <= width + 0.5:
        return 1.0
    fit = width / needed
    doc.setPageSize(QSizeF(needed, height / fit))
    # Re-check: a wider page can change line breaks, never make it wider still.
    return width / max(doc.size().width(), needed)


def paginate(sheet: Sheet, width: float, height: float) -> Pagination:
    """Lay out *sheet* on pages whose body is *width* × *height* (logical units)."""
    long_tables = {
        i: block
        for i, block in enumerate(sheet.blocks)
        if isinstance(block, Table) and len(block.rows) > LONG_TABLE_ROWS
    }
    samples = {i: _width_sample(table) for i, table in long_tables.items()}
    sampled = replace(
        sheet,
        blocks=tuple(samples.get(i, b) for i, b in enumerate(sheet.blocks)),
    )
    probe = new_document(_html(sampled, 0, 0, len(sampled.blocks), {}))
    fit = fit_to_width(probe, width, height)
    page_w, page_h = width / fit, height / fit
    widths = {i: _column_widths(sample, page_w, page_h) for i, sample in samples.items()}

    parts: list[LaidOut] = []
    block, row = 0, 0
    budget = FIRST_BUDGET
    while block < len(sheet.blocks) or not parts:
        end = _stop(sheet.blocks, long_tables, block, row, budget)
        html = _html(sheet, block, row, end, widths, budget=budget, title=not parts)
        doc = new_document(html)
        doc.setPageSize(QSizeF(page_w, page_h))
        truncated = end < len(sheet.blocks)
        # The long table whose rows the next document may take over: the one this
        # document is cut in, or else the last one in it.
        streamed = [i for i in long_tables if block <= i <= end]
        if not streamed:
            parts.append(LaidOut(doc, doc.pageCount()))
            break
        index = streamed[-1]
        table = long_tables[index]
        first = row if index == block else 0
        shown = len(table.rows) - first
        if truncated:
            shown = min(budget, shown)
        rows = _RowPlaces(doc, shown, page_h)
        carried = rows.carried(whole=not truncated)
        if carried is None:  # no row crosses a page: the document prints whole
            parts.append(LaidOut(doc, doc.pageCount()))
            block, row = end + 1, 0
            continue
        if truncated and carried == shown:
            budget *= 2  # all of it fitted on one page: lay out more
            continue
        if carried == 0 and index == block and parts:
            # A row taller than a page, at the top of this one: printed across pages as
            # Qt cuts it; the next row starts the next document.
            if shown == 1:
                parts.append(LaidOut(doc, doc.pageCount()))
                block, row = end + 1, 0
                continue
            page = rows.page(1)
            parts.append(LaidOut(doc, page + 1, rows.top(1) - page * page_h))
            block, row = index, first + 1
        else:
            page = rows.page(carried)
            top = rows.top(carried) - page * page_h
            if carried > 0 and rows.page(carried - 1) < page:
                parts.append(LaidOut(doc, page))  # the row starts a page
            else:
                parts.append(LaidOut(doc, page + 1, top))
            block, row = index, first + carried
            if truncated:
                per_page = rows.count(page - 1) if page > 0 else carried
                budget = max(per_page, 1) + MARGIN_ROWS
        if row >= len(table.rows):
            block, row = index + 1, 0
    return Pagination(tuple(parts), fit, page_w, page_h)


def _stop(
    blocks: Sequence[Block], long_tables: Mapping[int, Table], block: int, row: int, budget: int
) -> int:
    """The index of the long table a document from (*block*, *row*) ends in, or the end."""
    for i in range(block, len(blocks)):
        table = long_tables.get(i)
        if table is not None:
            first = row if i == block else 0
            if len(table.rows) - first > budget:
                return i
    return len(blocks)


def _html(
    sheet: Sheet,
    block: int,
    row: int,
    end: int,
    widths: Mapping[int, Sequence[float]],
    *,
    budget: int = 0,
    title: bool = True,
) -> str:
    """The document from row *row* of block *block* to block *end*, cut after *budget* rows
    of *end* when *end* is a block of the sheet; *title* for the first document only."""
    parts = [html_head(sheet, for_qt=True)]
    if title:
        parts.append(title_html(sheet))
    stop = min(end + 1, len(sheet.blocks))
    for i in range(block, stop):
        b = sheet.blocks[i]
        if i in widths and isinstance(b, Table):
            first = row if i == block else 0
            last = min(first + budget, len(b.rows)) if i == end else len(b.rows)
            parts.append(table_html(b, range(first, last), widths[i]))
        else:
            parts.append(block_html(b))
    parts.append(HTML_END)
    return "\n".join(parts)


class _RowPlaces:
    """Where the body rows of a document's long table fall: the table whose columns all
    have fixed widths that comes last (no other table of a sheet fixes its widths).

    A row's first cell tells its page, except near a page break: there, where a cell
    centred in a taller row can start lower than the row's other cells, every cell of
    the row is looked at.
    """

    def __init__(self, doc: QTextDocument, rows: int, page_h: float) -> None:
        tables = [
            frame
            for frame in doc.rootFrame().childFrames()
            if isinstance(frame, QTextTable) and _fixed(frame)
        ]
        self.table = tables[-1]
        self.layout = doc.documentLayout()
        fmt = self.table.format()
        self.heads = fmt.headerRowCount()
        self.inset = fmt.cellPadding() + CELL_BORDER
        self.rows = rows
        self.page_h = page_h
        self.rough = [
            int(self._rect(self._cell(r, 0), first=True).top() // page_h) for r in range(rows)
        ]

    def _cell(self, row: int, column: int) -> QTextTableCell:
        return self.table.cellAt(self.heads + row, column)

    def _rect(self, cell: QTextTableCell, *, first: bool) -> QRectF:
        position = cell.firstCursorPosition() if first else cell.lastCursorPosition()
        return self.layout.blockBoundingRect(position.block())

    def top(self, row: int) -> float:
        """The top edge of *row*'s cells."""
        columns = range(self.table.columns())
        text = min(self._rect(self._cell(row, c), first=True).top() for c in columns)
        return text - self.inset

    def page(self, row: int) -> int:
        """The page *row* starts on."""
        return int((self.top(row) + self.inset) // self.page_h)

    def _split(self, row: int) -> bool:
        """Whether Qt cut *row* across a page break (a row of several lines can be)."""
        columns = range(self.table.columns())
        bottom = max(self._rect(self._cell(row, c), first=False).bottom() for c in columns)
        return int((bottom - 0.5) // self.page_h) != self.page(row)

    def count(self, page: int) -> int:
        """About how many rows start on *page* (for the next document's size)."""
        return self.rough.count(page)

    def carried(self, *, whole: bool) -> int | None:
        """The first row the next document prints: the first one Qt cut across a page
        break, or (unless the document holds the table's last row, *whole*) the first
        one on its last page; None when every row is whole where it is, and all of them
        when they all fall on the last page (the document must hold more)."""
        last = self.page(self.rows - 1)
        if not whole and last == 0:
            return self.rows  # all of them on the first page: lay out more
        for r in range(self.rows):
            near = r + 1 == self.rows or self.rough[r + 1] != self.rough[r]
            if r > 0 and self.rough[r - 1] != self.rough[r]:
                near = True
            page = self.page(r) if near else self.rough[r]
            if not whole and page >= last:
                # None before the last page (what came before filled the others): more.
                return r if r > 0 else self.rows
            if near and self._split(r):
                return r
        return None if whole else self.rows


def _fixed(table: QTextTable) -> bool:
    widths = table.format().columnWidthConstraints()
    return bool(widths) and all(w.type() == QTextLength.Type.FixedLength for w in widths)


def _font(point_size: float, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setFamilies(list(FONT_FAMILIES[:-1]))
    font.setPointSizeF(point_size)
    font.setBold(bold)
    return font


def _width_sample(table: Table) -> Table:
    """*table* with only the rows whose cells are the widest of their columns.

    Qt gives a column the width its widest cell needs, whole or cut between
    words: the rows with the widest text and with the widest word of each
    column make the same widths as all rows do. Measured in the table's font
    (bold for strong rows); which rows win does not depend on the scale.
    """
    size = SMALL_POINT_SIZE if table.small else BASE_POINT_SIZE
    metrics = (QFontMetricsF(_font(size)), QFontMetricsF(_font(size, bold=True)))
    cache: dict[tuple[str, bool], tuple[float, float]] = {}

    def measure(text: str, bold: bool) -> tuple[float, float]:
        key = (text, bold)
        found = cache.get(key)
        if found is None:
            fm = metrics[bold]
            lines = text.split("\n")
            whole = max(fm.horizontalAdvance(line) for line in lines)
            word = max(fm.horizontalAdvance(w) for line in lines for w in line.split(" "))
            found = cache[key] = (whole, word)
        return found

    keep: set[int] = set()
    strong = table.strong_rows
    for column, spec in enumerate(table.columns):
        sizes = [
            measure(r[column].replace(" ", "\u00a0") if spec.nowrap else r[column], i in strong)
            for i, r in enumerate(table.rows)
        ]
        for which in (0, 1):
            ranked = sorted(range(len(sizes)), key=lambda i: sizes[i][which], reverse=True)
            keep.update(ranked[:SAMPLE_ROWS])
    rows = sorted(keep)
    return replace(
        table,
        rows=tuple(table.rows[i] for i in rows),
        strong_rows=frozenset(n for n, i in enumerate(rows) if i in strong),
    )


def _column_widths(sample: Table, page_w: float, page_h: float) -> tuple[float, ...]:
    """The widths to fix on each column (CSS pixels) so that every part of the long table
    gets the columns Qt gives *sample*, laid out on its own at the page's width.

    A fixed width is the cell's without its two borders. Where Qt had to squeeze a
    table's shares below what a column's cells need (a crosstable of many rounds), it
    does not squeeze a fixed width: such a column comes out a pixel wider. The widths
    are those the sample gets with them fixed (no page's rows need more), and the widest
    column gives the pixels back, so that the table keeps its width.
    """
    head = html_head(Sheet("", ()), for_qt=True)

    def cells(widths: Sequence[float]) -> list[float]:
        html = f"{head}\n{table_html(sample, None, widths)}{HTML_END}"
        edges = _cell_edges(new_document(html), page_w, page_h)
        return [edges[c + 1] - edges[c] for c in range(len(edges) - 1)]

    want = cells(())
    got = cells([w - 2 * CELL_BORDER for w in want])
    fixed = [w - 2 * CELL_BORDER for w in got]
    excess = sum(got) - sum(want)
    if excess > 0:
        widest = max(range(len(fixed)), key=lambda c: fixed[c])
        fixed[widest] -= excess
    return tuple(fixed)


CELL_BORDER = 1.0
"""The border of a grid table's cells (``border="1"`` in exports.html)."""


def _cell_edges(doc: QTextDocument, page_w: float, page_h: float) -> list[float]:
    """The left edges of the columns of *doc*'s table and its right edge (its cells' outer
    edges: a cell's text starts a border and the padding inside it)."""
    doc.setPageSize(QSizeF(page_w, page_h))
    table = doc.rootFrame().childFrames()[-1]
    assert isinstance(table, QTextTable)
    layout = doc.documentLayout()
    fmt = table.format()
    border, padding = fmt.border(), fmt.cellPadding()
    lefts = [
        layout.blockBoundingRect(table.cellAt(0, c).firstCursorPosition().block()).left()
        - padding
        - border
        for c in range(table.columns())
    ]
    # The table's frame is as wide as its page; its own border is outside the first cell's.
    right = lefts[0] - border + layout.frameBoundingRect(table).width() - border
    return [*lefts, right]
