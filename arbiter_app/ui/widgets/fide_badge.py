"""The permanent badge on every panel of an event not in FIDE mode (FIDE C.02, question 46).

FIDE's verification checklist asks for a permanent indicator on a tournament
that is not in FIDE mode: one that left it (for good) or one whose pairing
system FIDE does not verify. The main window puts a :class:`FideBadge` above
each panel, so whichever panel is on screen, alone or undocked, says it; the
sentence is the core's (:attr:`~arbiter_app.core.fide_mode.FideMode.indicator`),
the same the printed sheets and ``arbiter-app status`` show. In FIDE mode the
badge is hidden.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from arbiter_app.core.fide_mode import FideMode

_STYLE = (
    "QLabel#fide-badge { background: #fde7e9; color: #5c0a12; border: 1px solid #c4314b;"
    " border-radius: 3px; padding: 3px 8px; font-weight: bold; }"
)
_RULES_STYLE = (
    "QLabel#fide-badge { background: #e8f0fb; color: #0b2a4a; border: 1px solid #6b8fc7;"
    " border-radius: 3px; padding: 3px 8px; }"
)
"""An event under the US Chess rules is where its TD meant it to be: the line informs, in
calm colours, where an event that left FIDE mode, or whose settings left FIDE's rules, is
warned of in red."""


class FideBadge(QLabel):
    """One line saying the event is not in FIDE mode; hidden in FIDE mode."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fide-badge")
        self.setAccessibleName("FIDE mode")
        self.setStyleSheet(_STYLE)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setVisible(False)

    def show_mode(self, mode: FideMode) -> None:
        chosen_rules = mode.us_chess and not mode.left
        self.setStyleSheet(_RULES_STYLE if chosen_rules else _STYLE)
        mark = "" if chosen_rules else "⚠ "
        self.setText(f"{mark}{mode.indicator}" if mode.indicator else "")
        self.setToolTip(
            "FIDE verifies tournament programs in FIDE mode (FIDE C.02); this event is not "
            "in it, and every panel, printed sheet and report says so."
        )
        self.setVisible(bool(mode.indicator))


def with_badge(panel: QWidget, badge: FideBadge) -> QWidget:
    """*panel* under *badge*, in one widget for a dock."""
    holder = QWidget(panel.parentWidget())
    layout = QVBoxLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(2)
    layout.addWidget(badge)
    layout.addWidget(panel, 1)
    return holder
