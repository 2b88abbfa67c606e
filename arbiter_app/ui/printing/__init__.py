"""Printing and PDF: the sheets of :mod:`arbiter_app.exports` laid out by Qt.

Qt's rich-text engine (QTextDocument) lays out the very HTML that the HTML
export writes, and paints it page by page on a QPdfWriter (a PDF file) or a
QPrinter (the venue's printer), A4 or US Letter. Qt shapes every script
(HarfBuzz), falls back to any installed font that has a glyph, and embeds
font subsets with their Unicode maps, so names in Latin with diacritics,
Cyrillic, Chinese or Arabic print and can be searched in the PDF.
"""

from arbiter_app.ui.printing.pdf import (
    ProgressCallback,
    ensure_gui_application,
    paint_sheet,
    write_pdf,
)

__all__ = ["ProgressCallback", "ensure_gui_application", "paint_sheet", "write_pdf"]
