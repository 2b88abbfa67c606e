"""The "what to do now" card and the bracket drawing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from pytestqt.qtbot import QtBot

from arbiter_app.ui.playoff_view import (
    BracketBox,
    BracketEntry,
    BracketStage,
    PlayoffStep,
    StepAction,
)
from arbiter_app.ui.widgets.bracket import BracketView
from arbiter_app.ui.widgets.playoff_card import PlayoffCard

STEP = PlayoffStep(
    "Draw the pairing numbers by lot",
    "Seed 000, article 3.3",
    "Three players are tied for first; they play a rapid round robin.",
    (
        StepAction("seeded-draw", "Draw by computer", "A recorded draw from a stored seed"),
        StepAction("physical-draw", "Enter a physical draw"),
    ),
)

STAGES = (
    BracketStage(
        "Rapid round robin",
        (
            BracketBox(
                "G/10+5",
                (
                    BracketEntry("Okafor", "1½", advances=True),
                    BracketEntry("Ferreira", "1½", advances=True),
                    BracketEntry("Moreau", "0"),
                ),
            ),
        ),
    ),
    BracketStage(
        "Armageddon",
        (
            BracketBox(
                "Game 1", (BracketEntry("Okafor", "W"), BracketEntry("Ferreira", "B 1", True))
            ),
        ),
    ),
)


def test_card_shows_the_step_and_its_article(qtbot: QtBot) -> None:
    card = PlayoffCard()
    qtbot.addWidget(card)
    card.set_step(STEP)
    assert card.title == "Draw the pairing numbers by lot"
    assert card.article == "Seed 000, article 3.3"
    assert [b.text() for b in card.buttons] == ["Draw by computer", "Enter a physical draw"]
    assert card.buttons[0].isDefault()
    assert card.buttons[0].accessibleName() == "Draw by computer"
    assert card.buttons[0].toolTip() == "A recorded draw from a stored seed (Ctrl+1)"


def test_card_buttons_report_their_action(qtbot: QtBot) -> None:
    card = PlayoffCard()
    qtbot.addWidget(card)
    card.set_step(STEP)
    with qtbot.waitSignal(card.action_triggered) as signal:
        qtbot.mouseClick(card.buttons[1], Qt.MouseButton.LeftButton)
    assert signal.args == ["physical-draw"]


def test_card_without_a_step_has_no_buttons(qtbot: QtBot) -> None:
    card = PlayoffCard()
    qtbot.addWidget(card)
    card.set_step(STEP)
    card.set_step(None)
    assert card.buttons == []
    assert card.title == "No play-off to run"


def test_bracket_describes_itself_for_screen_readers(qtbot: QtBot) -> None:
    view = BracketView()
    qtbot.addWidget(view)
    assert view.describe() == "No play-off stages yet"
    view.set_stages(STAGES)
    assert view.accessibleDescription() == (
        "Rapid round robin: G/10+5: Okafor 1½ (goes on), Ferreira 1½ (goes on), Moreau 0. "
        "Armageddon: Game 1: Okafor W, Ferreira B 1 (goes on)"
    )


def test_bracket_grows_with_its_font(qtbot: QtBot) -> None:
    view = BracketView()
    qtbot.addWidget(view)
    view.set_stages(STAGES)
    small = view.sizeHint()
    font = view.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    view.setFont(font)
    big = view.sizeHint()
    assert big.width() > small.width() * 1.5 and big.height() > small.height() * 1.5


def test_bracket_paints_with_the_palette(qtbot: QtBot) -> None:
    """A dark palette gives a dark drawing: no colour is hard-coded."""
    view = BracketView()
    qtbot.addWidget(view)
    view.set_stages(STAGES)
    palette = QPalette(view.palette())
    dark, light, accent = QColor(20, 20, 20), QColor(230, 230, 230), QColor(200, 30, 30)
    for role in (QPalette.ColorRole.Base, QPalette.ColorRole.AlternateBase):
        palette.setColor(role, dark)
    palette.setColor(QPalette.ColorRole.Window, dark)
    palette.setColor(QPalette.ColorRole.Text, light)
    palette.setColor(QPalette.ColorRole.WindowText, light)
    palette.setColor(QPalette.ColorRole.HighlightedText, light)
    palette.setColor(QPalette.ColorRole.Highlight, accent)
    view.setPalette(palette)
    view.resize(view.sizeHint())
    image = view.grab().toImage()
    colours = {
        image.pixelColor(x, y).name()
        for x in range(0, image.width(), 3)
        for y in range(0, image.height(), 3)
    }
    assert dark.name() in colours
    assert accent.name() in colours
    assert "#ffffff" not in colours
