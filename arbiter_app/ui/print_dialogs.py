"""The print dialog and the print preview, each keeping its printer alive as long as itself.

Qt's :class:`QPrintDialog` and :class:`QPrintPreviewDialog` do not take ownership
of the :class:`QPrinter` they are given (Qt's documentation of both constructors).
Under PySide6 a printer held only by a local variable is freed when the function
that made it returns, and the preview's pages with it: the dialog then paints
from freed memory, a segmentation fault in QtPrintSupport (issue 26). Every
dialog here holds its printer in an attribute of its own, so the printer is
freed only with the dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QGuiApplication, QPagedPaintDevice
from PySide6.QtPrintSupport import (
    QPrintDialog,
    QPrinter,
    QPrintPreviewDialog,
    QPrintPreviewWidget,
)
from PySide6.QtWidgets import QLineEdit, QWidget

__all__ = ["PrintDialog", "SheetPreview", "venue_printer"]


def venue_printer() -> QPrinter:
    """A printer at the device's own resolution (the sheets are laid out for it)."""
    return QPrinter(QPrinter.PrinterMode.HighResolution)


class PrintDialog(QPrintDialog):
    """File ▸ Print…: Qt's print dialog on a printer it keeps (``dialog.printer_kept``).

    With *suggested* (``…/open-standings.pdf``), the job is named after it and printing to
    a file offers that file: beside the event, not in the home folder Qt offers by itself.
    """

    def __init__(self, parent: QWidget | None, suggested: Path | None = None) -> None:
        printer = venue_printer()
        if suggested is not None:
            printer.setDocName(suggested.stem)
        super().__init__(printer, parent)
        self.printer_kept = printer
        # Qt's own dialog (Linux) has a field for the file; native dialogs keep their own.
        field = self.findChild(QLineEdit, "filename")
        if suggested is not None and field is not None:
            field.setText(str(suggested))


class SheetPreview(QPrintPreviewDialog):
    """A print preview of one sheet, large enough to read, on a printer it keeps.

    It takes most of the screen with a page as wide as the window (Qt's default is a
    small window showing a whole page); *paint* lays the sheet out on the device the
    preview asks for (its own printer, or the one its Print button chose); *job* names
    the print job (``open-pairings``).
    """

    def __init__(
        self,
        paint: Callable[[QPagedPaintDevice], object],
        title: str,
        parent: QWidget | None,
        job: str = "",
    ) -> None:
        printer = venue_printer()
        if job:
            printer.setDocName(job)  # the print queue's name, and the file Qt offers
        super().__init__(printer, parent)
        self.printer_kept = printer
        self.setWindowTitle(title)
        self.paintRequested.connect(paint)
        screen = (parent.screen() if parent is not None else None) or (
            QGuiApplication.primaryScreen()
        )
        if screen is not None:
            room = screen.availableGeometry()
            self.resize(int(room.width() * 0.9), int(room.height() * 0.92))
        widget = self.findChild(QPrintPreviewWidget)
        if widget is not None:
            widget.fitToWidth()
