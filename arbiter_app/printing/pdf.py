"""Paint a :class:`~arbiter_app.exports.sheet.Sheet` on paper-sized pages.

The document is laid out in logical units of 1/96 inch (the unit Qt's
rich-text engine uses for CSS pixels and for converting points), on a page
whose size is the printable area of the chosen paper; the painter is scaled
from those units to the device's resolution. :mod:`arbiter_app.printing.pages`
lays the sheet out a page or a few at a time; each page gets a running header
(from page 2) and a footer with the page number, drawn in the margins the
body leaves free.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QFont,
    QGuiApplication,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
)

from arbiter_app.exports.html import FONT_FAMILIES
from arbiter_app.exports.sheet import Paper, Sheet
from arbiter_app.printing.pages import paginate

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)``: pages painted so far out of the page count.

The first call, ``progress(0, total)``, comes once the layout is done (the
slow part of a long list); then one call per page.
"""

LOGICAL_DPI = 96.0
MARGIN_MM = 14.0
BAND_MM = 7.0
"""Height of the running header and of the footer inside the margins."""
PDF_RESOLUTION = 300

_PAGE_SIZES = {Paper.A4: QPageSize.PageSizeId.A4, Paper.LETTER: QPageSize.PageSizeId.Letter}
_app: QGuiApplication | None = None


def ensure_gui_application() -> QGuiApplication:
    """The running Qt application, or a new one (headless when there is no display).

    Laying out text needs a QGuiApplication for the fonts; the command line
    has none, and a server has no display, where the offscreen platform serves.
    """
    global _app
    existing = QGuiApplication.instance()
    if existing is not None:
        return existing  # type: ignore[return-value]
    if (
        "QT_QPA_PLATFORM" not in os.environ
        and sys.platform.startswith("linux")
        and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    # A widgets application, not a bare GUI one: the same process may later
    # open windows (the GUI, or the GUI's tests), which need QApplication. Imported
    # here: laying out and painting pages needs only QtGui.
    from PySide6.QtWidgets import QApplication

    _app = QApplication([sys.argv[0] if sys.argv else "arbiter-app"])
    return _app


def page_layout(paper: Paper, *, landscape: bool = False) -> QPageLayout:
    orientation = (
        QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    )
    return QPageLayout(
        QPageSize(_PAGE_SIZES[paper]),
        orientation,
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
        QPageLayout.Unit.Millimeter,
    )


def paint_sheet(
    sheet: Sheet,
    device: QPagedPaintDevice,
    paper: Paper = Paper.A4,
    *,
    progress: ProgressCallback | None = None,
) -> int:
    """Paint *sheet* on *device* (a QPdfWriter or a QPrinter); returns the page count."""
    ensure_gui_application()
    layout = page_layout(paper, landscape=sheet.landscape)
    if not device.setPageLayout(layout):
        raise ValueError(f"the device refused the {paper.value} page layout")
    area_in = device.pageLayout().paintRect(QPageLayout.Unit.Inch)
    width = area_in.width() * LOGICAL_DPI
    height = area_in.height() * LOGICAL_DPI
    band = BAND_MM / 25.4 * LOGICAL_DPI
    body_height = height - 2 * band

    pagination = paginate(sheet, width, body_height)
    fit, page_w, page_h = pagination.fit, pagination.page_width, pagination.page_height
    total = pagination.total
    if progress is not None:
        progress(0, total)

    scale = device.logicalDpiY() / LOGICAL_DPI
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("cannot start painting on the output device")
    try:
        band_font = QFont()
        band_font.setFamilies(list(FONT_FAMILIES[:-1]))
        band_font.setPixelSize(11)
        for index, (doc, local, shown) in enumerate(pagination.pages()):
            if index:
                device.newPage()
            painter.save()
            painter.scale(scale, scale)
            painter.setFont(band_font)
            _bands(painter, sheet, index, total, width, height, band)
            painter.translate(0, band)
            painter.scale(fit, fit)
            painter.translate(0, -local * page_h)
            doc.drawContents(painter, QRectF(0, local * page_h, page_w, shown))
            painter.restore()
            if progress is not None:
                progress(index + 1, total)
    finally:
        painter.end()
    return total


def _bands(
    painter: QPainter,
    sheet: Sheet,
    index: int,
    total: int,
    width: float,
    height: float,
    band: float,
) -> None:
    """The running header (pages after the first) and the footer with the page number."""
    painter.setPen(Qt.GlobalColor.darkGray)
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    if index > 0:
        head = QRectF(0, 0, width, band * 0.8)
        title = f"{sheet.event} — {sheet.title}" if sheet.event else sheet.title
        room = int(width * (0.6 if sheet.subtitle else 1.0))
        painter.drawText(
            head, left, painter.fontMetrics().elidedText(title, Qt.TextElideMode.ElideRight, room)
        )
        if sheet.subtitle:
            painter.drawText(head, right, sheet.subtitle)
    foot = QRectF(0, height - band * 0.8, width, band * 0.8)
    painter.drawLine(QPointF(0, foot.top()), QPointF(width, foot.top()))
    page = f"Page {index + 1} of {total}"
    if sheet.journal_head:
        page = f"Journal {sheet.journal_head} · {page}"
    metrics = painter.fontMetrics()
    if sheet.footer:
        room = int(width - metrics.horizontalAdvance(page) - 24)
        text = metrics.elidedText(sheet.footer, Qt.TextElideMode.ElideRight, room)
        painter.drawText(foot, left, text)
    painter.drawText(foot, right, page)


def write_pdf(
    sheet: Sheet,
    path: Path | str,
    paper: Paper = Paper.A4,
    *,
    progress: ProgressCallback | None = None,
) -> int:
    """Write *sheet* as a PDF file at *path*; returns the page count."""
    target = Path(path)
    ensure_gui_application()
    writer = QPdfWriter(str(target))
    writer.setResolution(PDF_RESOLUTION)
    writer.setTitle(f"{sheet.title} — {sheet.event}" if sheet.event else sheet.title)
    writer.setCreator("Arbiter")
    try:
        pages = paint_sheet(sheet, writer, paper, progress=progress)
    finally:
        del writer  # flushes and closes the file
    return pages
