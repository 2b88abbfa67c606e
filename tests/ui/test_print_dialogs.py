"""Issue 26: the print preview and the print dialog run in a real event loop without crashing.

``make_preview()`` gave ``QPrintPreviewDialog`` a ``QPrinter`` held by a local variable;
the dialog does not own it, so ``exec()`` painted from a freed printer: a
segmentation fault in QtPrintSupport, four times out of four. Here the dialogs
are executed as File ▸ Print preview… and File ▸ Print… execute them, and closed
from inside their event loop.
"""

from __future__ import annotations

import gc

from PySide6.QtPrintSupport import QPrintDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.print_dialogs import SheetPreview
from arbiter_app.ui.settings import Settings
from tests.support.modal import closing_modal


def demo_window(qtbot: QtBot, settings: Settings) -> MainWindow:
    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def preview_pages(dialog: QWidget) -> int:
    widget = dialog.findChild(QPrintPreviewWidget)
    return widget.pageCount() if widget is not None else 0


def test_print_preview_opens_shows_its_pages_and_closes(qtbot: QtBot, settings: Settings) -> None:
    window = demo_window(qtbot, settings)
    with closing_modal(ready=lambda d: preview_pages(d) > 0, look=preview_pages) as seen:
        window.preview_action.trigger()
    assert seen.titles == ["Print preview: standings"]
    assert isinstance(seen.dialogs[0], SheetPreview)
    assert seen.facts[0] == 1  # the demo's ten players on one page
    # The window goes on working afterwards (a freed printer crashed it here or before).
    with closing_modal(ready=lambda d: preview_pages(d) > 0):
        window.preview_action.trigger()


def test_the_preview_keeps_its_printer_after_the_function_that_made_it_returned(
    qtbot: QtBot, settings: Settings
) -> None:
    window = demo_window(qtbot, settings)
    sheet = window.build_sheet("standings")
    assert sheet is not None
    preview = window.make_preview(sheet, "Print preview: standings")
    gc.collect()
    assert preview.printer() is preview.printer_kept
    # The page size is read from the printer the dialog paints on: still there.
    assert preview.printer().pageLayout().fullRectPoints().width() > 500
    with closing_modal(ready=lambda d: preview_pages(d) > 0, look=preview_pages) as seen:
        preview.exec()
    assert seen.facts == [1]


def test_file_print_opens_the_print_dialog_and_closes_it(qtbot: QtBot, settings: Settings) -> None:
    window = demo_window(qtbot, settings)
    with closing_modal(look=lambda d: isinstance(d, QPrintDialog)) as seen:
        window.print_action.trigger()
    assert seen.facts == [True]
