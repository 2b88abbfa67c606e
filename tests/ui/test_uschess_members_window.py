"""The Add player dialog's US Chess look-up in a US Chess event: members from an imported
member list, the rating of the event's system, and the notice of an expired membership
(US Chess rule 23C, level 2: the player is registered, the arbiter is told)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from arbiter_app.session import Session
from arbiter_app.session.commands import EditSettings
from arbiter_app.store.member_db import MemberDatabase
from arbiter_app.ui.dialogs.player import PlayerDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.panels.players import PlayersPanel
from tests.support.sessions import TickingClock

SUPPLEMENT = Path(__file__).resolve().parents[1] / "data" / "uschess" / "supplement-nov26.txt"


def us_event(path: Path, preset: str = "uscf") -> EventDocument:
    session = Session.create(
        path, name="Tulsa Saturday", system="swiss", rounds=3, clock=TickingClock(),
        durable=False, settings={"preset": preset} if preset else {},
    )  # fmt: skip
    session.run(
        EditSettings(
            info={"time_control": "G/60 d5", "start_date": "2026-12-05", "end_date": "2026-12-05"}
        )
    )
    return EventDocument(session)


@pytest.fixture
def document(tmp_path: Path) -> Iterator[EventDocument]:
    with MemberDatabase.open() as db:
        db.import_file(SUPPLEMENT)
    opened = us_event(tmp_path / "saturday.arbiter")
    yield opened
    opened.close()


def add_dialog(qtbot: QtBot, document: EventDocument) -> PlayerDialog:
    panel = PlayersPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.mouseClick(panel.button(panel.add_action), Qt.MouseButton.LeftButton)
    dialog = panel.dialog
    assert isinstance(dialog, PlayerDialog)
    return dialog


def look_up(qtbot: QtBot, document: EventDocument, text: str) -> PlayerDialog:
    """The Add player dialog with *text* looked up on the member lists (Enter)."""
    dialog = add_dialog(qtbot, document)
    qtbot.keyClicks(dialog.member_search, text)
    qtbot.keyClick(dialog.member_search, Qt.Key.Key_Return)
    return dialog


def test_a_member_is_looked_up_by_id_and_registered(qtbot: QtBot, document: EventDocument) -> None:
    dialog = look_up(qtbot, document, "12000005")
    assert dialog.isVisible()  # Enter looked the member up; it did not register anyone yet
    assert dialog.member_matches.count() == 1
    assert (
        dialog.member_matches.item(0)
        .text()
        .startswith("12000005  EKWUEME, NIA  KS  expires 2028-03-31  regular 1610")
    )
    assert (dialog.name.text(), dialog.national_id.text(), dialog.rating.value()) == (
        "EKWUEME, NIA", "12000005", 1610,
    )  # fmt: skip
    assert dialog.member_found.text().startswith("Member found: 12000005")
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)  # OK
    assert not dialog.isVisible()
    nia = document.tournament.player(1)
    assert (nia.national_id, nia.national_rating, nia.federation) == ("12000005", 1610, "USA")
    assert nia.rating_source.startswith("uschess:regular")


def test_an_expired_membership_is_a_notice_and_the_player_is_registered(
    qtbot: QtBot, document: EventDocument
) -> None:
    """Rule 23C: CASTELLO's membership expired on 30 November, before the event's day."""
    dialog = look_up(qtbot, document, "castello")
    assert dialog.name.text() == "CASTELLO, MIRA"
    assert dialog.member_found.text() == (
        "Notice: CASTELLO, MIRA (US Chess ID 12000003): the membership expired on 2026-11-30, "
        "before the event's last day, 2026-12-05; it must be renewed for the games to be "
        "rated (US Chess rule 23C)."
    )
    assert dialog.member_notices
    dialog.accept()
    assert document.tournament.player(1).name == "CASTELLO, MIRA"


def test_a_fide_event_has_no_us_chess_look_up(qtbot: QtBot, tmp_path: Path) -> None:
    document = us_event(tmp_path / "fide.arbiter", preset="")
    try:
        dialog = add_dialog(qtbot, document)
        assert dialog.members is None and not hasattr(dialog, "member_search")
        dialog.reject()
    finally:
        document.close()


def test_a_us_chess_event_lists_its_players_by_us_chess_id(
    qtbot: QtBot, document: EventDocument, tmp_path: Path
) -> None:
    """Where a FIDE event shows the FIDE ID, a US Chess event shows the US Chess ID, and its
    rating column says which rating it is (rule 5C)."""
    dialog = add_dialog(qtbot, document)
    # The dialog names the national values as US Chess's.
    assert dialog.national_id.accessibleName() == "US Chess ID"
    assert dialog.national_rating.accessibleName() == "US Chess rating"
    qtbot.keyClicks(dialog.member_search, "12000005")
    qtbot.keyClick(dialog.member_search, Qt.Key.Key_Return)
    dialog.accept()
    panel = PlayersPanel(document)
    qtbot.addWidget(panel)
    model = panel.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers[5] == "US Chess ID"
    assert model.data(model.index(0, 5)) == "12000005"
    tip = model.headerData(3, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("US Chess rating")
    fide = us_event(tmp_path / "fide.arbiter", preset="")
    try:
        panel = PlayersPanel(fide)
        qtbot.addWidget(panel)
        assert panel.model.headerData(5, Qt.Orientation.Horizontal) == "FIDE ID"
    finally:
        fide.close()


def test_a_member_already_registered_is_said_before_ok(
    qtbot: QtBot, document: EventDocument
) -> None:
    """The look-up says who holds the ID already; OK is then refused by the session."""
    dialog = look_up(qtbot, document, "12000005")
    dialog.accept()
    dialog = look_up(qtbot, document, "ekwueme")
    assert dialog.member_found.text().endswith(
        "Already registered: player 1 (EKWUEME, NIA); a player is registered once."
    )
    dialog.reject()
    dialog = look_up(qtbot, document, "foley")
    assert "Already registered" not in dialog.member_found.text()
    dialog.reject()
