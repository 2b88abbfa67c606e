"""The "what to do now" card of the play-off wizard: one step, its article, its buttons."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.ui.playoff_view import PlayoffStep


class PlayoffCard(QFrame):
    """Shows one :class:`PlayoffStep`; a button press emits :attr:`action_triggered`."""

    action_triggered = Signal(str)
    """The key of the action the arbiter chose."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName("What to do now")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        layout = QVBoxLayout(self)
        self._title = QLabel(self)
        font = QFont(self._title.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self._title.setFont(font)
        self._title.setWordWrap(True)
        self._title.setAccessibleName("Step")
        self._article = QLabel(self)
        self._article.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self._article.setAccessibleName("Article of the regulation")
        self._article.setWordWrap(True)
        self._text = QLabel(self)
        self._text.setWordWrap(True)
        self._text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._text.setAccessibleName("What the regulation asks")
        self._schedule = QLabel(self)
        self._schedule.setWordWrap(True)
        self._schedule.setAccessibleName("Schedule")
        self._schedule.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._buttons = QHBoxLayout()
        self._buttons.addStretch(1)
        layout.addWidget(self._title)
        layout.addWidget(self._article)
        layout.addWidget(self._text)
        layout.addWidget(self._schedule)
        layout.addLayout(self._buttons)
        self.buttons: list[QPushButton] = []
        self.set_step(None)

    def set_step(self, step: PlayoffStep | None) -> None:
        for button in self.buttons:
            # Hidden at once: deleteLater only acts when the event loop runs again.
            button.hide()
            self._buttons.removeWidget(button)
            button.deleteLater()
        self.buttons = []
        if step is None:
            self._title.setText("No play-off to run")
            self._article.setText("")
            self._article.hide()
            self._schedule.setText("")
            self._schedule.hide()
            self._text.setText(
                "A play-off starts here when the regulations ask for one"
                " (a tie for a place they break by play-off)."
            )
            return
        self._title.setText(step.title)
        self._article.setText(step.article)
        self._article.setVisible(bool(step.article))
        self._text.setText(step.text)
        self._schedule.setText(step.schedule)
        self._schedule.setVisible(bool(step.schedule))
        for number, action in enumerate(step.actions):
            button = QPushButton(action.label, self)
            button.setAccessibleName(action.label)
            # The card's steps from the keyboard: Ctrl+1 for the first button, Ctrl+2 …
            keys = QKeySequence(f"Ctrl+{number + 1}")
            button.setShortcut(keys)
            shown = keys.toString(QKeySequence.SequenceFormat.NativeText)
            button.setToolTip(f"{action.description} ({shown})")
            button.setAccessibleDescription(action.description)
            if number == 0:
                button.setDefault(True)
            button.clicked.connect(lambda _=False, key=action.key: self.action_triggered.emit(key))
            self._buttons.addWidget(button)
            self.buttons.append(button)

    @property
    def title(self) -> str:
        return self._title.text()

    @property
    def article(self) -> str:
        return self._article.text()

    @property
    def text(self) -> str:
        return self._text.text()

    @property
    def schedule(self) -> str:
        """When the play-off may start or started, with the article ("" when not shown)."""
        return self._schedule.text()
