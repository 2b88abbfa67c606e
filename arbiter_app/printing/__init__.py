"""Printing and PDF: the sheets of :mod:`arbiter_app.exports` laid out by Qt.

Where it sits (resources/architecture.md): ``ui → printing → exports → core`` and
``cli → printing``. The window prints through it and so does ``arbiter-app
print``, which has no window: this package is not part of ``ui``. It uses
Qt's GUI module (text layout, fonts, PDF and printer devices) and no widgets,
except that :func:`ensure_gui_application` makes a widgets application when
none runs, so that the same process can still open windows; that import is
made inside the function. The pure packages (core, store, session, exports,
sheets) never load Qt; ``tests/test_layers.py`` checks both.

Qt's rich-text engine (QTextDocument) lays out the very HTML that the HTML
export writes, cut into page-sized documents (a long table's rows a page at a
time, :mod:`arbiter_app.printing.pages`), and paints it page by page on a
QPdfWriter (a PDF file) or a QPrinter (the venue's printer), A4 or US Letter. Qt shapes every script
(HarfBuzz), falls back to any installed font that has a glyph, and embeds
font subsets with their Unicode maps, so names in Latin with diacritics,
Cyrillic, Chinese or Arabic print and can be searched in the PDF.
"""

from arbiter_app.printing.pdf import (
    ProgressCallback,
    ensure_gui_application,
    paint_sheet,
    write_pdf,
)

__all__ = ["ProgressCallback", "ensure_gui_application", "paint_sheet", "write_pdf"]
