"""Refresh a panel now if it can be seen, else the next time it comes into view.

Panels share dock areas as tabs; only the tab in front can be seen. A result
typed on the pairings panel would otherwise rebuild the players list and the
crosstable behind it, a second of work on a 1,000-player event that nobody
sees. A panel whose window is not shown at all (tests, printing, a window
being built) refreshes at once, so what it holds is never stale when read.

Qt keeps the docks of a tab group "visible" and only covers the ones behind
(their visible region is empty); the dock's ``visibilityChanged`` signal says
when a tab comes to the front.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, SignalInstance
from PySide6.QtWidgets import QDockWidget, QWidget


class DeferredRefresh(QObject):
    """Calls *refresh* for *widget* when asked, or when it next comes into view."""

    def __init__(
        self,
        widget: QWidget,
        refresh: Callable[[], None],
        changed: SignalInstance | None = None,
        when: Callable[[Any], bool] = lambda report: bool(report.anything),
    ) -> None:
        """With *changed* (the document's ``changed`` signal), a report for which *when*
        holds requests a refresh; the widget is refreshed once now."""
        super().__init__(widget)
        self._widget = widget
        self._refresh = refresh
        self._dock: QDockWidget | None = None
        self.pending = False
        widget.installEventFilter(self)
        self._when = when
        if changed is not None:
            # A bound method: Qt drops the connection when this object is destroyed.
            changed.connect(self._on_report)
            refresh()

    def _on_report(self, report: object) -> None:
        if self._when(report):
            self.request()

    def in_view(self) -> bool:
        """Whether the arbiter can see the widget (or its window is not on screen at all)."""
        widget = self._widget
        if not widget.window().isVisible():
            return True
        return widget.isVisible() and not widget.visibleRegion().isEmpty()

    def request(self) -> None:
        """The panel's data changed: refresh now when it can be seen, else mark it pending."""
        if self.in_view():
            self.pending = False
            self._refresh()
            return
        self.pending = True
        self._watch_dock()

    def flush(self) -> None:
        """Refresh now if a refresh is pending (the panel came into view)."""
        if self.pending:
            self.pending = False
            self._refresh()

    def _watch_dock(self) -> None:
        parent = self._widget.parentWidget()
        while parent is not None and not isinstance(parent, QDockWidget):
            parent = parent.parentWidget()
        if parent is not None and parent is not self._dock:
            if self._dock is not None:
                self._dock.visibilityChanged.disconnect(self._dock_visibility)
            self._dock = parent
            parent.visibilityChanged.connect(self._dock_visibility)

    def _dock_visibility(self, visible: bool) -> None:
        if visible:
            self.flush()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._widget and event.type() == QEvent.Type.Show:
            self.flush()
        return False
