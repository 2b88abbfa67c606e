"""Screenshots of the desktop app on the demo event, for the README.

    python -m tests.ui.make_screenshots OUTDIR

Writes three 1400x900 PNG files into OUTDIR, grabbed offscreen (Qt's
``offscreen`` platform unless ``QT_QPA_PLATFORM`` says otherwise):

* ``app-standings.png``: the main window on the demo (a round robin with a
  three-way tie for first place): standings with the play-off marked, pairings;
* ``app-playoff.png``: the play-off under way: lots drawn by computer, two of
  the three round-robin games entered, so the bracket shows games;
* ``app-explanation.png``: the tie-break explanation dialog opened from a
  standings value, with the list ``SB, DE, WIN`` announced (a round robin refuses the
  Buchholz tie-breaks, FIDE C.07 2026 text, so the demo explains a Sonneborn-Berger).

Not a test (pytest does not collect this name): it only makes pictures. The
play-off is driven through the card's buttons, with the answers a dialog
would get given in advance, as tests/ui/test_playoff.py does.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QPoint, QSettings
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QApplication

from arbiter_app.app import create_window
from arbiter_app.core.playoff import GameSpec, PlayoffState, Step
from arbiter_app.ui.document import StandingsOptions
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.playoff_runner import DrawAnswer, StartTimes, TossAnswer
from arbiter_app.ui.settings import Settings
from tests.support.warning_dialogs import AgreeToAll

SIZE = (1400, 900)
TIEBREAKS = ("SB", "DE", "WIN")
EXPLAINED = "SB"


class Answers:
    """The play-off's questions answered in advance (the dialogs' stand-in)."""

    def __init__(self, result: str) -> None:
        self.result = result

    def start_times(self, step: Step, state: PlayoffState) -> StartTimes | None:
        # The last game ended twenty minutes ago: the play-off may start now (seed 000, 3.2).
        now = datetime.now().astimezone().replace(second=0, microsecond=0)
        return StartTimes(now - timedelta(minutes=20), now)

    def draw(self, step: Step, names: Mapping[int, str], physical: bool) -> DrawAnswer | None:
        return None if physical else DrawAnswer(("Chief arbiter's deputy",))

    def toss(self, step: Step, names: Mapping[int, str], physical: bool) -> TossAnswer | None:
        return TossAnswer((), step.players[0] if physical else None)

    def results(self, games: Sequence[GameSpec], names: Mapping[int, str]) -> dict[str, str] | None:
        return {g.id: self.result for g in games}

    def decision(self, step: Step, names: Mapping[int, str]) -> tuple[tuple[int, ...], str] | None:
        return None

    def reason(self, step: Step, question: str) -> str | None:
        return None

    def print_sheets(self, step: Step, names: Mapping[int, str]) -> bool:
        return True


def settle(app: QApplication) -> None:
    """Let the window finish as the event loop would: deferred refreshes and layouts run
    on timers, and widgets Qt deletes later (the tab bar of the docks' first layout) go
    only when deferred deletions are sent, which processEvents alone never does; a grab
    without that showed the Play-off tabs over the standings."""
    deadline = time.monotonic() + 0.5
    while time.monotonic() < deadline:
        app.processEvents()
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        time.sleep(0.01)


def open_demo(app: QApplication, scratch: Path, name: str) -> MainWindow:
    folder = scratch / name
    folder.mkdir()
    # A settings file of its own, so the arbiter's real preferences are neither read nor changed.
    store = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = create_window(Settings(store), demo=True)
    window.resize(*SIZE)
    window.show()
    # The table has the focus, as after a click: no text cursor blinking in the round box.
    window.pairings.view.setFocus()
    settle(app)
    return window


def press(window: MainWindow, label: str) -> None:
    card = window.playoff.card
    button = next((b for b in card.buttons if b.text() == label), None)
    if button is None:
        shown = [b.text() for b in card.buttons]
        raise SystemExit(f"the play-off card has no button {label!r} (it shows {shown})")
    button.click()


def standings_shot(app: QApplication, scratch: Path) -> QPixmap:
    window = open_demo(app, scratch, "standings")
    try:
        settle(app)
        return window.grab()
    finally:
        window.document.close()  # the untitled demo is discarded
        window.hide()


def playoff_shot(app: QApplication, scratch: Path) -> QPixmap:
    window = open_demo(app, scratch, "playoff")
    try:
        window.playoff.runner.prompter = Answers("1-0")
        window.docks["playoff"].raise_()
        press(window, "Start the play-off…")
        press(window, "Draw by computer…")
        press(window, "Print…")
        press(window, "Enter results…")
        press(window, "Enter results…")
        settle(app)
        return window.grab()
    finally:
        window.document.close()  # the untitled demo is discarded
        window.hide()


def explanation_shot(app: QApplication, scratch: Path) -> QPixmap:
    window = open_demo(app, scratch, "explanation")
    try:
        panel = window.standings
        # Announcing another list on a finished event asks first (a warning): agreed here.
        window.document.warnings = AgreeToAll()
        current = window.document.standings_options
        panel.apply(StandingsOptions(TIEBREAKS, "", current.rule_set))
        settle(app)
        column = next(
            c for c in range(panel.model.columnCount()) if panel.model.tiebreak_code(c) == EXPLAINED
        )
        dialog = panel.show_explanation(EXPLAINED, panel.model.key(0))
        if dialog is None:
            raise SystemExit(f"no explanation for the first player's {EXPLAINED}")
        panel.view.setCurrentIndex(panel.model.index(0, column))
        panel.view.setFocus()
        # Tall enough for every round of the round robin without scrolling.
        dialog.resize(660, 450)
        settle(app)
        picture = window.grab()
        # Offscreen, a dialog is a window of its own: draw it over the main window, on the
        # empty part of the pairings, so the standings it explains stay in view.
        inner = dialog.grab()
        painter = QPainter(picture)
        corner = QPoint(24, picture.height() - inner.height() - 110)
        painter.drawPixmap(corner, inner)
        # No window manager draws a frame offscreen: a thin one sets the dialog apart.
        painter.setPen(QColor("#808080"))
        painter.drawRect(corner.x() - 1, corner.y() - 1, inner.width() + 1, inner.height() + 1)
        painter.end()
        dialog.close()
        return picture
    finally:
        window.document.close()  # the untitled demo is discarded
        window.hide()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.ui.make_screenshots OUTDIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    shots = {
        "app-standings.png": standings_shot,
        "app-playoff.png": playoff_shot,
        "app-explanation.png": explanation_shot,
    }
    with tempfile.TemporaryDirectory(prefix="arbiter-shots-") as scratch:
        for name, shot in shots.items():
            picture = shot(app, Path(scratch))
            if not picture.save(str(out / name)):
                print(f"cannot write {out / name}", file=sys.stderr)
                return 1
            print(out / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
