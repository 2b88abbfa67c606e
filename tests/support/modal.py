"""Closing the window's modal dialogs from inside their own event loop.

A dialog run with ``exec()`` blocks the test until it is closed; :func:`closing_modal`
closes it from a timer once it is up (and, if told, once it is ready), so the
dialog is really shown, painted and closed by a running event loop, as a user's is.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QProgressDialog, QWidget

PATIENCE = 20.0
"""Seconds a dialog may take to come up and be ready before it is closed anyway."""


@dataclass
class Closed:
    """What :func:`closing_modal` saw: the dialogs it closed, their titles, what failed."""

    dialogs: list[QWidget] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    facts: list[object] = field(default_factory=list)


def close(widget: QWidget) -> None:
    """Reject a dialog (Escape's way), else close the window."""
    if isinstance(widget, QDialog):
        widget.reject()
    else:
        widget.close()


@contextlib.contextmanager
def closing_modal(
    ready: Callable[[QWidget], bool] = lambda _: True,
    look: Callable[[QWidget], object] = lambda _: None,
    count: int = 1,
) -> Iterator[Closed]:
    """Close the next *count* modal dialogs the block opens, each once *ready* says so.

    *look* is called on each dialog before it is closed; what it returns is kept in
    ``facts``. A dialog that is not ready within :data:`PATIENCE` seconds is closed
    all the same and named in ``failures``; the block fails if fewer than *count*
    dialogs came up.
    """
    seen = Closed()
    started = time.monotonic()
    active = [True]

    def poll() -> None:
        if not active[0] or len(seen.dialogs) >= count:
            return
        modal = QApplication.activeModalWidget()
        late = time.monotonic() - started > PATIENCE
        if modal is not None and modal.isVisible() and modal not in seen.dialogs:
            try:
                if not (ready(modal) or late):
                    QTimer.singleShot(20, poll)
                    return
                if late:
                    seen.failures.append(f"{modal.windowTitle()!r} was not ready in time")
                seen.dialogs.append(modal)
                seen.titles.append(modal.windowTitle())
                seen.facts.append(look(modal))
            except Exception as exc:  # a failed look still closes the dialog: nothing hangs
                seen.failures.append(f"{modal.windowTitle()!r}: {exc!r}")
            finally:
                if modal in seen.dialogs or seen.failures:
                    close(modal)
        elif late and modal is None:
            return  # nothing came up: the block's end says so
        QTimer.singleShot(20, poll)

    QTimer.singleShot(0, poll)
    try:
        yield seen
    finally:
        active[0] = False
    assert not seen.failures, seen.failures
    assert len(seen.dialogs) == count, f"{count} modal dialogs expected, {seen.titles} came up"


@dataclass(frozen=True)
class Shown:
    """A dialog or window that came up: its class, its title, its printed pages (the
    number of pages a print preview laid out; 0 for anything else), and the texts of
    its labels that would show a mnemonic's "&" as it is (no buddy to give it to)."""

    kind: str
    title: str
    pages: int = 0
    stray_ampersands: tuple[str, ...] = ()
    cut_labels: tuple[str, ...] = ()
    beyond_screen: str = ""
    """How a dialog is taller than its screen's free area ("" when it fits): its buttons
    would be out of reach."""


_ENTITY = re.compile(r"&(#\d+|[a-zA-Z]+);")


def stray_ampersands(widget: QWidget) -> tuple[str, ...]:
    """Labels of *widget* whose text has a mnemonic ("&Backup") but no buddy: Qt shows the
    "&" itself there ("&&" is a real ampersand; rich text writes entities)."""
    found = []
    for label in widget.findChildren(QLabel):
        text = _ENTITY.sub("", label.text()).replace("&&", "")
        if "&" in text and label.buddy() is None and label.isVisibleTo(widget):
            found.append(label.text())
    return tuple(found)


def cut_labels(widget: QWidget) -> tuple[str, ...]:
    """Wrapped labels of *widget* given less height than their lines need at their width:
    their last lines are cut off (a wrapped row of a form keeps the height of its first
    width)."""
    return tuple(
        label.text()
        for label in widget.findChildren(QLabel)
        if label.wordWrap()
        and label.isVisibleTo(widget)
        and label.text()
        and label.height() < label.heightForWidth(label.width())
    )


def preview_pages(widget: QWidget) -> int:
    """The pages a print preview laid out (0 when *widget* is no preview)."""
    from PySide6.QtPrintSupport import QPrintPreviewWidget

    preview = widget.findChild(QPrintPreviewWidget)
    return preview.pageCount() if preview is not None else 0


def _shown(widget: QWidget) -> Shown:
    # grab() paints the whole dialog now, as the screen would: a fault in painting shows here.
    widget.grab()
    return Shown(
        type(widget).__name__,
        widget.windowTitle(),
        preview_pages(widget),
        stray_ampersands(widget),
        cut_labels(widget),
        beyond_screen(widget),
    )


def beyond_screen(widget: QWidget) -> str:
    """How the dialog *widget* is taller than the free area ("900 high on a screen 800 high")
    of its screen (its buttons at the bottom out of reach), else "". Windows, which the
    arbiter sizes, and widths (screens are wider than the tests' 800) are not judged."""
    screen = widget.screen()
    if screen is None or not isinstance(widget, QDialog):
        return ""
    free = screen.availableGeometry().height()
    high = widget.frameGeometry().height()
    return f"{high} high on a screen {free} high" if high > free else ""


def exercise(trigger: Callable[[], object], *, quiet: float = 0.15) -> list[Shown]:
    """Run *trigger* and close whatever it opens, in a running event loop, until nothing
    new has come up for *quiet* seconds: every modal dialog (one run by ``exec()`` is
    closed from inside its own loop, a nested one first) and every new top-level window.

    Returns what came up, in order. A print preview is closed once it has laid out
    its pages (or after :data:`PATIENCE` seconds, with no pages to show for it).
    """
    from PySide6.QtPrintSupport import QPrintPreviewDialog

    seen: list[Shown] = []
    before = {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}
    started = time.monotonic()
    last = [time.monotonic()]
    active = [True]

    def poll() -> None:
        if not active[0]:
            return
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QProgressDialog):
            # A progress bar (pages being laid out) goes by itself: it is not answered.
            last[0] = time.monotonic()
        elif modal is not None and modal.isVisible():
            waiting = isinstance(modal, QPrintPreviewDialog) and preview_pages(modal) == 0
            if not waiting or time.monotonic() - started > PATIENCE:
                seen.append(_shown(modal))
                close(modal)
            last[0] = time.monotonic()
        QTimer.singleShot(20, poll)

    QTimer.singleShot(0, poll)
    try:
        trigger()
        while time.monotonic() - last[0] < quiet:
            QApplication.processEvents()
            time.sleep(0.01)
            if time.monotonic() - started > 3 * PATIENCE:
                break
    finally:
        active[0] = False
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QProgressDialog):
            continue
        if widget.isVisible() and id(widget) not in before:
            seen.append(_shown(widget))
            close(widget)
    QApplication.processEvents()
    return seen
