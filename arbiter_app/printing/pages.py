"""A sheet cut into pages: each page (or few pages) laid out as a small document of its own.

Qt's rich-text engine lays out and paints a long table in more than linear
time: a 9,999-row standings laid out as one document cost twice as much per
row as a page's worth of rows laid out alone, and painting a page of it cost
more the longer the document was. So the printer never lays out a whole long
sheet at once. It streams: a text document holds what comes next, up to a
page and a bit of it, Qt paginates that document as it always did, the pages
that are complete are kept, and the next document starts with the first row
of the page that was not. Qt's own pagination decides every page break, so
rows are never cut, and a continued table starts with its header row as Qt
repeats it on each page (``thead``).

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

from PySide6.QtCore import QSizeF
from PySide6.QtGui import QFont, QFontMetricsF, QTextDocument, QTextOption, QTextTable

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
    """One text document and how many of its pages print (the first *pages* of it)."""

    document: QTextDocument
    pages: int


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

    def pages(self) -> Iterator[tuple[QTextDocument, int]]:
        """Each page as (its document, its index in that document), in print order."""
        for part in self.parts:
            for index in range(part.pages):
                yield part.document, index


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
        doc = new_document(_html(sheet, block, row, end, widths, budget=budget))
        doc.setPageSize(QSizeF(page_w, page_h))
        if end >= len(sheet.blocks):
            parts.append(LaidOut(doc, doc.pageCount()))
            break
        # The document ends inside the long table sheet.blocks[end]: its last frame.
        table = long_tables[end]
        first = row if end == block else 0
        shown = min(budget, len(table.rows) - first)
        pages = _row_pages(doc, shown, page_h)
        last_page = pages[-1]
        if last_page == 0:
            budget *= 2  # all of it fitted on one page: lay out more
            continue
        carried = pages.index(last_page)
        if end == block and carried == 0:
            # A row taller than a page: keep Qt's pages as they are.
            parts.append(LaidOut(doc, last_page + 1))
            block, row = end, first + shown
        else:
            parts.append(LaidOut(doc, last_page))
            block, row = end, first + carried
            budget = max(pages.count(last_page - 1), 1) + MARGIN_ROWS
        if row >= len(table.rows):
            block, row = end + 1, 0
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
) -> str:
    """The document from row *row* of block *block* to block *end*, cut after *budget* rows
    of *end* when *end* is a block of the sheet (the title heads the first document only)."""
    parts = [html_head(sheet, for_qt=True)]
    if block == 0 and row == 0:
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


def _row_pages(doc: QTextDocument, rows: int, page_h: float) -> list[int]:
    """The page each of the last table's *rows* body rows falls on (Qt never splits a row
    shorter than a page)."""
    table = doc.rootFrame().childFrames()[-1]
    assert isinstance(table, QTextTable)
    layout = doc.documentLayout()
    heads = table.format().headerRowCount()
    pages = []
    for r in range(heads, heads + rows):
        block = table.cellAt(r, 0).firstCursorPosition().block()
        pages.append(int(layout.blockBoundingRect(block).top() // page_h))
    return pages


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
