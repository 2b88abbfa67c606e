"""The players panel on a real tournament file: every action is a session command.

Each test drives the panel with clicks and keys, then reads the event back from
the session (the file), undoes through the journal, and checks that a refused
action shows the session's message and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.lots import shuffled
from arbiter_app.core.model import ByeRequest, EntryKind, Event
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    DisqualifyPlayer,
    EnterResult,
    RecordPairings,
    RequestBye,
    WithdrawPlayer,
)
from arbiter_app.session.player_commands import absences, checked_in
from arbiter_app.ui.dialogs.pairing_numbers import PairingNumbersDialog
from arbiter_app.ui.dialogs.player import PlayerDialog
from arbiter_app.ui.dialogs.player_status import AbsenceDialog, ByeRequestDialog, WithdrawDialog
from arbiter_app.ui.dialogs.warning_levels import WarningDialogs
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.models.players import PRESENT, PlayersModel
from arbiter_app.ui.panels import players as players_module
from arbiter_app.ui.panels.players import PlayersPanel
from arbiter_app.ui.rows import player_rows
from tests.support.sessions import TickingClock
from tests.support.warning_dialogs import click_through
from tests.ui.conftest import document_of

PLAYERS = (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900))
STATUS = 7


def new_session(
    path: Path, *, rounds: int = 5, preset: str | None = None, system: str = "swiss"
) -> Session:
    session = Session.create(
        path,
        name="Spring Open",
        system=system,
        rounds=rounds,
        preset=preset,
        clock=TickingClock(),
        durable=False,
    )
    for name, rating in PLAYERS:
        session.run(AddPlayer(name=name, rating=rating))
    return session


def play_two_rounds(session: Session) -> None:
    """Round 1 played; round 2 paired, board 2 (Cid–Dee) still being played."""
    session.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
    session.run(EnterResult(round=1, board=1, result="1-0"))
    session.run(EnterResult(round=1, board=2, result="1/2"))
    session.run(RecordPairings(round=2, boards=[[2, 1], [3, 4]]))
    session.run(EnterResult(round=2, board=1, result="0-1"))


class Errors:
    """The messages the panel showed instead of opening message boxes."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def __call__(self, parent: object, exc: ArbiterError, title: str = "Arbiter") -> None:
        self.messages.append(str(exc))


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> Errors:
    shown = Errors()
    monkeypatch.setattr(players_module, "show_error", shown)
    monkeypatch.setattr("arbiter_app.ui.dialogs.pairing_numbers.show_error", shown)
    return shown


@pytest.fixture
def open_panel(qtbot: QtBot, tmp_path: Path) -> Iterator[Callable[[Session], PlayersPanel]]:
    """Open the panel on a session (closed at the end of the test)."""
    documents: list[EventDocument] = []

    def make(session: Session) -> PlayersPanel:
        document = EventDocument(session)
        documents.append(document)
        panel = PlayersPanel(document)
        qtbot.addWidget(panel)
        panel.resize(900, 400)
        panel.show()
        return panel

    yield make
    for document in documents:
        document.close()


@pytest.fixture
def fresh(open_panel: Callable[[Session], PlayersPanel], tmp_path: Path) -> PlayersPanel:
    """Four players registered, no round paired yet."""
    return open_panel(new_session(tmp_path / "fresh.arbiter"))


@pytest.fixture
def running(open_panel: Callable[[Session], PlayersPanel], tmp_path: Path) -> PlayersPanel:
    """Four players, two rounds paired (one game of round 2 still being played)."""
    session = new_session(tmp_path / "running.arbiter")
    play_two_rounds(session)
    return open_panel(session)


def session_of(panel: PlayersPanel) -> Session:
    return panel.document.session


def stored(panel: PlayersPanel) -> Event:
    """The event as the file holds it, read back in a second session."""
    path = session_of(panel).path
    assert path is not None
    with Session.open(path, readonly=True) as reader:
        return reader.event


def click(qtbot: QtBot, panel: PlayersPanel, action: QAction) -> None:
    assert action.isEnabled(), action.text()
    qtbot.mouseClick(panel.button(action), Qt.MouseButton.LeftButton)


def select(panel: PlayersPanel, tpn: int) -> None:
    assert panel.select_player(tpn)
    assert panel.selected_tpn() == tpn


def status_of(panel: PlayersPanel, tpn: int) -> str:
    row = panel.model.row_of(tpn)
    assert row is not None
    return panel.model.cell(row, STATUS)


def double_click_row(qtbot: QtBot, panel: PlayersPanel, tpn: int) -> None:
    row = panel.model.row_of(tpn)
    assert row is not None
    index = panel.proxy.mapFromSource(panel.model.index(row, 2))
    centre = panel.view.visualRect(index).center()
    qtbot.mouseClick(panel.view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(panel.view.viewport(), Qt.MouseButton.LeftButton, pos=centre)


# -- editing -----------------------------------------------------------------------------


def test_double_click_edits_a_player_and_undo_restores_it(
    qtbot: QtBot, fresh: PlayersPanel
) -> None:
    double_click_row(qtbot, fresh, 3)
    dialog = fresh.dialog
    assert isinstance(dialog, PlayerDialog)
    assert dialog.windowTitle() == "Edit player 3"
    assert dialog.name.text() == "Cid"
    assert dialog.rating.value() == 2000
    dialog.name.setText("Cid, Carl")
    dialog.rating.setValue(2050)
    dialog.title.setCurrentText("FM")
    dialog.accept()
    player = stored(fresh).player(3)
    assert (player.name, player.rating, player.title) == ("Cid, Carl", 2050, "FM")
    entry = session_of(fresh).journal()[-1]
    assert entry.command == "edit_player"
    # Only what was changed goes into the journal.
    assert entry.arguments == {"tpn": 3, "name": "Cid, Carl", "rating": 2050, "title": "FM"}
    assert fresh.model.cell(fresh.model.row_of(3) or 0, 2) == "Cid, Carl"
    fresh.document.undo()
    assert stored(fresh).player(3).name == "Cid"
    assert fresh.model.cell(fresh.model.row_of(3) or 0, 2) == "Cid"


def test_return_and_the_edit_button_open_the_selected_player(
    qtbot: QtBot, fresh: PlayersPanel
) -> None:
    select(fresh, 2)
    fresh.view.setFocus()
    qtbot.keyClick(fresh.view, Qt.Key.Key_Return)
    assert isinstance(fresh.dialog, PlayerDialog)
    assert fresh.dialog.name.text() == "Ben"
    fresh.dialog.reject()
    select(fresh, 4)
    click(qtbot, fresh, fresh.edit_action)
    assert isinstance(fresh.dialog, PlayerDialog)
    assert fresh.dialog.name.text() == "Dee"


def test_an_edit_that_changes_nothing_writes_nothing(qtbot: QtBot, fresh: PlayersPanel) -> None:
    journal = session_of(fresh).journal()
    select(fresh, 1)
    click(qtbot, fresh, fresh.edit_action)
    assert isinstance(fresh.dialog, PlayerDialog)
    fresh.dialog.accept()
    assert session_of(fresh).journal() == journal


def test_a_refused_edit_shows_the_message_and_changes_nothing(
    qtbot: QtBot, fresh: PlayersPanel, errors: Errors
) -> None:
    before = stored(fresh)
    select(fresh, 1)
    click(qtbot, fresh, fresh.edit_action)
    assert isinstance(fresh.dialog, PlayerDialog)
    fresh.dialog.name.setText("   ")
    fresh.dialog.accept()
    assert errors.messages == ["a player needs a name"]
    assert stored(fresh) == before


# -- registering ---------------------------------------------------------------------------


def test_add_player_before_round_one(qtbot: QtBot, fresh: PlayersPanel) -> None:
    assert fresh.add_action.text() == "Add player…"
    click(qtbot, fresh, fresh.add_action)
    dialog = fresh.dialog
    assert isinstance(dialog, PlayerDialog)
    assert dialog.windowTitle() == "Add a player"
    assert dialog.missed.isHidden()
    dialog.name.setText("Eve")
    dialog.rating.setValue(1800)
    dialog.federation.setText("nor")
    dialog.accept()
    eve = stored(fresh).player(5)
    assert (eve.name, eve.rating, eve.federation) == ("Eve", 1800, "NOR")
    assert session_of(fresh).journal()[-1].command == "add_player"
    assert fresh.model.rowCount() == 5


def test_add_player_after_pairing_registers_a_late_entry(
    qtbot: QtBot, running: PlayersPanel
) -> None:
    assert running.add_action.text() == "Late entry…"
    click(qtbot, running, running.add_action)
    dialog = running.dialog
    assert isinstance(dialog, PlayerDialog)
    assert dialog.windowTitle() == "Late entry"
    text = dialog.explanation.text()
    assert "Rounds 1–2 are paired already" in text
    assert "paired from round 3 of 5" in text
    assert "registration" not in text  # no deadline in these regulations
    dialog.name.setText("Eve")
    dialog.missed.setCurrentIndex(dialog.missed.findData("half-bye"))
    dialog.accept()
    event = stored(running)
    assert event.player(5).name == "Eve"
    assert [e.kind for e in event.entries_of(5)] == [EntryKind.HALF_BYE] * 2
    assert event.score(5) == 1
    assert session_of(running).journal()[-1].command == "late_entry"
    assert running.selected_tpn() == 5
    running.document.undo()
    assert [p.tpn for p in stored(running).players] == [1, 2, 3, 4]
    assert running.model.rowCount() == 4


def test_a_late_entry_after_the_deadline_is_refused_with_the_rule(
    qtbot: QtBot, open_panel: Callable[[Session], PlayersPanel], tmp_path: Path, errors: Errors
) -> None:
    session = new_session(tmp_path / "online.arbiter", rounds=10, preset="online-swiss")
    for round_no in (1, 2, 3, 4):
        session.run(RecordPairings(round=round_no, boards=[[1, 2], [3, 4]]))
        session.run(EnterResult(round=round_no, board=1, result="1-0"))
        session.run(EnterResult(round=round_no, board=2, result="0-1"))
    panel = open_panel(session)
    journal = session.journal()
    before = stored(panel)
    click(qtbot, panel, panel.add_action)
    dialog = panel.dialog
    assert isinstance(dialog, PlayerDialog)
    assert (
        "close registration at the end of round 4 (online Swiss rules" in dialog.explanation.text()
    )
    dialog.name.setText("Too Late")
    dialog.accept()
    assert len(errors.messages) == 1
    assert errors.messages[0].startswith("registration closed at the end of round 4 of 10")
    assert session.journal() == journal
    assert stored(panel) == before
    assert panel.model.rowCount() == 4


# -- withdrawing, disqualifying, reinstating -------------------------------------------


def test_withdraw_from_the_next_round_and_undo(qtbot: QtBot, running: PlayersPanel) -> None:
    select(running, 2)
    click(qtbot, running, running.withdraw_action)
    dialog = running.dialog
    assert isinstance(dialog, WithdrawDialog)
    assert dialog.round() == 3  # rounds 1 and 2 are paired
    assert "Results of rounds 1–2 stay" in dialog.explanation.text()
    dialog.accept()
    assert stored(running).player(2).withdrawn_from_round == 3
    assert status_of(running, 2) == "withdrawn from round 3"
    assert not running.withdraw_action.isEnabled()
    assert running.reinstate_action.isEnabled()
    assert not running.bye_action.isEnabled()
    assert running.summary.text() == "4 players, 1 withdrawn"
    running.document.undo()
    assert stored(running).player(2).withdrawn_from_round is None
    assert status_of(running, 2) == "active"
    assert running.withdraw_action.isEnabled()


def test_withdrawing_a_player_who_is_paired_is_refused(
    qtbot: QtBot, running: PlayersPanel, errors: Errors
) -> None:
    before = stored(running)
    journal = session_of(running).journal()
    select(running, 3)
    click(qtbot, running, running.withdraw_action)
    dialog = running.dialog
    assert isinstance(dialog, WithdrawDialog)
    dialog.from_round.setValue(2)  # Cid is still playing on board 2 of round 2
    dialog.accept()
    assert errors.messages == [
        "player 3 is paired on board 2 of round 2; withdraw from round 3, or change that "
        "pairing first"
    ]
    assert stored(running) == before
    assert session_of(running).journal() == journal


def test_disqualify_asks_first_and_keeps_every_score(qtbot: QtBot, running: PlayersPanel) -> None:
    scores = stored(running).scores()
    select(running, 1)
    # The session's level-3 question, put by the window's dialog helper (FIDE C.02).
    log = click_through(["Cancel"])
    click(qtbot, running, running.disqualify_action)
    (box,) = log.seen
    assert box["text"] == "Disqualify 1 Ann?"
    assert "removed from the standings" in str(box["details"])
    assert "No score changes" in str(box["details"])
    assert box["default"] == "Cancel"
    assert not stored(running).player(1).disqualified
    click_through(["Confirm"])
    click(qtbot, running, running.disqualify_action)
    event = stored(running)
    assert event.player(1).disqualified
    assert event.scores() == scores
    assert status_of(running, 1) == "disqualified"
    assert not running.disqualify_action.isEnabled()
    assert running.reinstate_action.isEnabled()
    running.document.undo()
    assert not stored(running).player(1).disqualified


def test_reinstate_from_the_context_menu(qtbot: QtBot, running: PlayersPanel) -> None:
    session = session_of(running)
    session.run(EnterResult(round=2, board=2, result="1-0"))
    session.run(WithdrawPlayer(tpn=4, from_round=3))
    session.run(RecordPairings(round=3, boards=[[1, 2]], byes=[[3, "pairing-bye"]]))
    session.run(DisqualifyPlayer(tpn=2), confirm=True)
    running.refresh()
    assert stored(running).entry(4, 3).kind is EntryKind.WITHDRAWN
    select(running, 1)
    menu = running.context_menu()
    texts = {a.text(): a.isEnabled() for a in menu.actions() if a.text()}
    assert texts["Reinstate"] is False  # Ann plays on
    assert texts["Withdraw…"] is True
    select(running, 4)
    menu = running.context_menu()
    texts = {a.text(): a.isEnabled() for a in menu.actions() if a.text()}
    assert texts["Reinstate"] is True
    assert texts["Withdraw…"] is False
    assert texts["Requested bye…"] is False
    (reinstate,) = [a for a in menu.actions() if a.text() == "Reinstate"]
    reinstate.trigger()
    event = stored(running)
    assert event.player(4).withdrawn_from_round is None
    assert event.entry(4, 3).kind is EntryKind.NOT_PAIRED
    assert status_of(running, 4) == "active"
    assert running.summary.text() == "4 players, 1 disqualified"
    running.document.undo()
    assert stored(running).player(4).withdrawn_from_round == 3


def test_a_registration_is_removed_with_the_delete_key_and_undo_brings_it_back(
    qtbot: QtBot, fresh: PlayersPanel, running: PlayersPanel
) -> None:
    """Before round 1 a player registered by mistake is taken back (Del, or the right-click
    menu); the players after move up one number. Once a round is paired, only withdrawal."""
    before = [p.name for p in stored(fresh).players]
    select(fresh, 2)
    assert fresh.remove_action in fresh.context_menu().actions()
    fresh.activateWindow()
    qtbot.waitUntil(fresh.isActiveWindow)
    fresh.view.setFocus()
    qtbot.keyClick(fresh.view, Qt.Key.Key_Delete)
    assert [p.name for p in stored(fresh).players] == before[:1] + before[2:]
    assert fresh.model.rowCount() == len(before) - 1
    assert fresh.document.undo_label() == "removal of player 2"
    fresh.document.undo()
    assert [p.name for p in stored(fresh).players] == before
    select(running, 2)
    assert not running.remove_action.isEnabled()
    assert running.withdraw_action.isEnabled()


def test_actions_on_a_player_wait_for_a_selection(fresh: PlayersPanel) -> None:
    fresh.view.clearSelection()
    for action in (
        fresh.edit_action,
        fresh.remove_action,
        fresh.withdraw_action,
        fresh.disqualify_action,
        fresh.reinstate_action,
        fresh.bye_action,
    ):
        assert not action.isEnabled(), action.text()
    assert fresh.add_action.isEnabled()
    assert fresh.numbers_action.isEnabled()
    select(fresh, 2)
    assert fresh.edit_action.isEnabled()
    assert fresh.withdraw_action.isEnabled()
    assert not fresh.reinstate_action.isEnabled()


# -- requested byes -----------------------------------------------------------------------


def test_a_requested_bye_from_the_context_menu(qtbot: QtBot, running: PlayersPanel) -> None:
    select(running, 4)
    (bye,) = [a for a in running.context_menu().actions() if a.text() == "Requested bye…"]
    bye.trigger()
    dialog = running.dialog
    assert isinstance(dialog, ByeRequestDialog)
    assert (dialog.round_box.minimum(), dialog.round_box.maximum()) == (3, 5)
    assert not dialog.kind_buttons["none"].isEnabled()
    dialog.round_box.setValue(4)
    dialog.set_kind("zero")
    dialog.accept()
    assert stored(running).bye_requests == (ByeRequest(4, 4, EntryKind.ZERO_BYE),)
    assert status_of(running, 4) == "active; zero-point bye asked for round 4"
    # The same dialog cancels it.
    bye.trigger()
    dialog = running.dialog
    assert isinstance(dialog, ByeRequestDialog)
    dialog.round_box.setValue(4)
    assert "round 4: zero-point bye" in dialog.recorded.text()
    assert dialog.kind_buttons["none"].isEnabled()
    dialog.set_kind("none")
    dialog.accept()
    assert stored(running).bye_requests == ()
    assert status_of(running, 4) == "active"
    running.document.undo()  # undo the cancel: the request is back, and shown
    assert stored(running).bye_requests == (ByeRequest(4, 4, EntryKind.ZERO_BYE),)
    assert status_of(running, 4).endswith("zero-point bye asked for round 4")


def test_no_bye_can_be_asked_once_every_round_is_paired(
    open_panel: Callable[[Session], PlayersPanel], tmp_path: Path
) -> None:
    session = new_session(tmp_path / "short.arbiter", rounds=2)
    play_two_rounds(session)
    panel = open_panel(session)
    select(panel, 1)
    assert not panel.bye_action.isEnabled()


# -- pairing numbers -------------------------------------------------------------------


def names(event: Event) -> list[str]:
    return [p.name for p in event.players]


@pytest.fixture
def unsorted(open_panel: Callable[[Session], PlayersPanel], tmp_path: Path) -> PlayersPanel:
    """Four players registered in no order of rating."""
    session = Session.create(
        tmp_path / "unsorted.arbiter",
        name="Club",
        system="round-robin",
        rounds=3,
        clock=TickingClock(),
        durable=False,
    )
    for name, rating in (("Low", 1500), ("Top", 2400), ("Mid", 2000), ("New", None)):
        session.run(AddPlayer(name=name, rating=rating))
    return open_panel(session)


def test_pairing_numbers_by_rating(qtbot: QtBot, unsorted: PlayersPanel) -> None:
    click(qtbot, unsorted, unsorted.numbers_action)
    dialog = unsorted.dialog
    assert isinstance(dialog, PairingNumbersDialog)
    assert dialog.method() == "lot"  # a round robin draws its numbers (C.05 7.2)
    qtbot.mouseClick(dialog.method_buttons["rating"], Qt.MouseButton.LeftButton)
    assert dialog.method() == "rating"
    assert not dialog.table.isEnabled()
    dialog.accept()
    assert names(stored(unsorted)) == ["Top", "Mid", "Low", "New"]
    assert [unsorted.model.cell(r, 2) for r in range(4)] == ["Top", "Mid", "Low", "New"]
    unsorted.document.undo()
    assert names(stored(unsorted)) == ["Low", "Top", "Mid", "New"]


def test_pairing_numbers_by_lot_keep_the_seed(qtbot: QtBot, unsorted: PlayersPanel) -> None:
    click(qtbot, unsorted, unsorted.numbers_action)
    dialog = unsorted.dialog
    assert isinstance(dialog, PairingNumbersDialog)
    qtbot.mouseClick(dialog.method_buttons["lot"], Qt.MouseButton.LeftButton)
    assert dialog.method() == "lot"
    dialog.accept()
    entry = session_of(unsorted).journal()[-1]
    assert entry.command == "set_pairing_numbers"
    assert entry.seed is not None
    order = list(shuffled([1, 2, 3, 4], entry.seed))
    before = ["Low", "Top", "Mid", "New"]
    assert names(stored(unsorted)) == [before[old - 1] for old in order]


def test_pairing_numbers_as_drawn_at_the_board(qtbot: QtBot, unsorted: PlayersPanel) -> None:
    click(qtbot, unsorted, unsorted.numbers_action)
    dialog = unsorted.dialog
    assert isinstance(dialog, PairingNumbersDialog)
    dialog.set_method("order")
    assert dialog.table.isEnabled()
    for tpn, drawn in ((1, 3), (2, 1), (3, 4), (4, 2)):
        dialog.set_drawn(tpn, drawn)
    dialog.accept()
    assert names(stored(unsorted)) == ["Top", "New", "Low", "Mid"]
    assert session_of(unsorted).journal()[-1].arguments == {"by": "order", "order": [2, 4, 1, 3]}


def test_a_mistyped_draw_is_named_and_nothing_changes(
    qtbot: QtBot, unsorted: PlayersPanel, errors: Errors
) -> None:
    journal = session_of(unsorted).journal()
    click(qtbot, unsorted, unsorted.numbers_action)
    dialog = unsorted.dialog
    assert isinstance(dialog, PairingNumbersDialog)
    dialog.set_method("order")
    for tpn, drawn in ((1, 3), (2, 1), (3, 3), (4, 2)):
        dialog.set_drawn(tpn, drawn)
    dialog.accept()
    assert errors.messages == ["1 Low and 3 Mid both drew 3"]
    assert dialog.isVisible()  # what was typed is still there to correct
    dialog.set_drawn(3, "x")
    dialog.accept()
    assert errors.messages[-1] == "the number 3 Mid drew is not a number: 'x'"
    assert session_of(unsorted).journal() == journal


def test_pairing_numbers_are_given_before_round_one_only(running: PlayersPanel) -> None:
    assert not running.numbers_action.isEnabled()


# -- an event without a file ----------------------------------------------------------


def memory_panel(qtbot: QtBot, event: Event) -> tuple[PlayersPanel, EventDocument]:
    """The panel shown over *event* imported into an untitled event (no file yet); its
    questions are the real boxes (tests answer them with click_through)."""
    document = document_of(event)
    document.warnings = WarningDialogs()
    panel = PlayersPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    return panel, document


def test_untitled_players_are_edited_and_undone(
    qtbot: QtBot, rr_event: Event, errors: Errors
) -> None:
    panel, document = memory_panel(qtbot, rr_event)
    before = document.tournament
    select(panel, 2)
    click(qtbot, panel, panel.edit_action)
    assert isinstance(panel.dialog, PlayerDialog)
    panel.dialog.rating.setValue(2333)
    panel.dialog.accept()
    assert document.tournament.player(2).rating == 2333
    # Without a file the same level-3 question is asked.
    log = click_through(["Confirm"])
    click(qtbot, panel, panel.disqualify_action)
    assert [box["text"] for box in log.seen] == ["Disqualify 2 Bea?"]
    assert document.tournament.player(2).disqualified
    document.undo()
    document.undo()
    assert document.tournament == before
    # Nobody joins a round robin once it is paired (its Berger table is fixed).
    assert not panel.add_action.isEnabled()
    assert "round robin's schedule is fixed" in panel.add_action.toolTip()


def test_untitled_a_late_entry_is_registered_as_in_a_file(
    qtbot: QtBot, swiss_event: Event, errors: Errors
) -> None:
    panel, document = memory_panel(qtbot, swiss_event)
    before = document.tournament
    assert panel.add_action.isEnabled()
    click(qtbot, panel, panel.add_action)
    assert isinstance(panel.dialog, PlayerDialog)
    panel.dialog.name.setText("Eve")
    panel.dialog.accept()
    assert errors.messages == []
    assert "Eve" in [p.name for p in document.tournament.players]
    assert document.session.journal()[-1].command == "late_entry"
    document.undo()
    assert document.tournament == before


# -- the model -----------------------------------------------------------------------------


def test_withdrawn_and_disqualified_rows_are_greyed(
    check_model: Callable[[Any], None], rr_event: Event
) -> None:
    from dataclasses import replace

    players = [
        replace(p, disqualified=p.tpn == 2, withdrawn_from_round=3 if p.tpn == 4 else None)
        for p in rr_event.players
    ]
    model = PlayersModel()
    model.set_players(player_rows(rr_event.with_players(players)))
    check_model(model)
    grey = Qt.ItemDataRole.ForegroundRole
    assert [model.is_inactive(r) for r in range(4)] == [False, True, False, True]
    assert model.data(model.index(0, 2), grey) is None
    assert model.data(model.index(1, 2), grey) is not None
    assert model.data(model.index(3, STATUS)) == "withdrawn from round 3"
    assert model.data(model.index(3, STATUS), grey) is not None


def test_untitled_a_withdrawal_is_undone_and_byes_are_recorded(
    qtbot: QtBot, swiss_event: Event, errors: Errors
) -> None:
    panel, document = memory_panel(qtbot, swiss_event)
    select(panel, 1)
    click(qtbot, panel, panel.withdraw_action)
    assert isinstance(panel.dialog, WithdrawDialog)
    assert panel.dialog.round() == 3
    panel.dialog.accept()
    assert document.tournament.player(1).withdrawn_from_round == 3
    assert status_of(panel, 1) == "withdrawn from round 3"
    click(qtbot, panel, panel.reinstate_action)
    assert document.tournament.player(1).withdrawn_from_round is None
    document.undo()
    assert document.tournament.player(1).withdrawn_from_round == 3
    select(panel, 2)
    click(qtbot, panel, panel.bye_action)
    assert isinstance(panel.dialog, ByeRequestDialog)
    panel.dialog.accept()
    assert errors.messages == []
    assert document.session.journal()[-1].command == "requested_bye"
    assert len(document.tournament.bye_requests) == len(swiss_event.bye_requests) + 1
    document.undo()
    assert document.tournament.bye_requests == swiss_event.bye_requests


# -- a player list from a CSV file --------------------------------------------------------------


def test_a_csv_list_is_registered_in_one_action(
    qtbot: QtBot, fresh: PlayersPanel, tmp_path: Path, errors: Errors
) -> None:
    listing = tmp_path / "entries.csv"
    listing.write_text(
        "Name;Elo;Fed;FIDE ID\nOkafor, Daniel;2771;NGR;100001\nNovak, Irena;2705;CZE;\n",
        encoding="utf-8",
    )
    assert fresh.import_action.isEnabled()
    assert fresh.import_players_file(listing)
    assert errors.messages == []
    players = stored(fresh).players
    # The Swiss is numbered by its initial ranking (C.04.2 2.2): the two strongest lead.
    assert [(p.tpn, p.name, p.rating, p.federation) for p in players[:2]] == [
        (1, "Okafor, Daniel", 2771, "NGR"),
        (2, "Novak, Irena", 2705, "CZE"),
    ]
    assert "by the initial ranking" in fresh.numbering.text()
    entry = session_of(fresh).journal()[-1]
    assert (entry.command, entry.arguments["source"]) == ("import_players", "entries.csv")
    assert fresh.model.rowCount() == 6
    fresh.document.undo()  # one action: one undo takes the whole list back
    assert len(stored(fresh).players) == 4


def test_a_csv_list_with_a_problem_registers_nobody(
    fresh: PlayersPanel, tmp_path: Path, errors: Errors
) -> None:
    listing = tmp_path / "bad.csv"
    listing.write_text("Name,Rating\nGood Player,2100\nBad Player,strong\n", encoding="utf-8")
    journal = session_of(fresh).journal()
    assert not fresh.import_players_file(listing)
    assert len(errors.messages) == 1
    assert "bad.csv:3" in errors.messages[0] and "rating" in errors.messages[0].lower()
    assert session_of(fresh).journal() == journal
    assert len(stored(fresh).players) == 4


def test_no_list_import_once_round_one_is_paired(running: PlayersPanel) -> None:
    assert not running.import_action.isEnabled()


# -- check-in, absences, byes for several rounds, a late entry round by round -----------


def focus_list(qtbot: QtBot, panel: PlayersPanel) -> None:
    """The list has the keyboard, in the active window (where shortcuts reach it)."""
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow)
    panel.view.setFocus()


def present_cell(panel: PlayersPanel, tpn: int) -> str:
    row = panel.model.row_of(tpn)
    assert row is not None
    return panel.model.cell(row, PRESENT)


def test_space_checks_players_in_and_the_summary_counts_them(
    qtbot: QtBot, open_panel: Callable[[Session], PlayersPanel], tmp_path: Path, errors: Errors
) -> None:
    panel = open_panel(new_session(tmp_path / "c.arbiter"))
    assert panel.summary.text() == "4 players"
    focus_list(qtbot, panel)
    for tpn in (1, 3):
        select(panel, tpn)
        qtbot.keyClick(panel.view, Qt.Key.Key_Space)
    assert checked_in(panel.document.session.state) == {1, 3}
    assert panel.summary.text() == "2 of 4 players checked in"
    assert present_cell(panel, 1) == "present" and present_cell(panel, 2) == ""
    row = panel.model.row_of(3)
    assert row is not None
    check = panel.model.data(panel.model.index(row, PRESENT), Qt.ItemDataRole.CheckStateRole)
    assert check == Qt.CheckState.Checked
    # Space again: no longer present.
    qtbot.keyClick(panel.view, Qt.Key.Key_Space)
    assert checked_in(panel.document.session.state) == {1}
    assert panel.document.session.journal()[-1].command == "check_in"
    # A click on the check box of player 4 is the same check-in.
    row = panel.model.row_of(4)
    assert row is not None
    index = panel.proxy.mapFromSource(panel.model.index(row, PRESENT))
    panel.proxy.setData(index, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert checked_in(panel.document.session.state) == {1, 4}
    panel.document.undo()
    assert panel.summary.text() == "1 of 4 players checked in"
    assert errors.messages == []


def test_check_in_closes_with_round_one(
    qtbot: QtBot, open_panel: Callable[[Session], PlayersPanel], tmp_path: Path, errors: Errors
) -> None:
    session = new_session(tmp_path / "r.arbiter")
    play_two_rounds(session)
    panel = open_panel(session)
    select(panel, 2)
    assert not panel.check_in_action.isEnabled()
    assert panel.toggle_check_in() is False
    assert errors.messages == ["check-in is closed: round 1 is paired already; mark a player "
                               "absent for a coming round instead"]  # fmt: skip


def test_absent_for_a_round_by_keyboard_and_taken_back(
    qtbot: QtBot, open_panel: Callable[[Session], PlayersPanel], tmp_path: Path, errors: Errors
) -> None:
    session = new_session(tmp_path / "a.arbiter")
    play_two_rounds(session)
    panel = open_panel(session)
    select(panel, 2)
    focus_list(qtbot, panel)
    qtbot.keyClick(panel.view, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)  # fmt: skip
    dialog = panel.dialog
    assert isinstance(dialog, AbsenceDialog)
    assert dialog.round() == 3
    assert "a zero-point bye, as" in dialog.explanation.text()
    assert "FIDE C.04.1" in dialog.explanation.text()
    dialog.accept()
    assert absences(panel.document.session.state) == {(2, 3)}
    assert present_cell(panel, 2) == "absent in round 3"
    # The same dialog on a round already marked offers to take the absence back.
    panel.ask_absent()
    again = panel.dialog
    assert isinstance(again, AbsenceDialog) and again.take_back.isChecked()
    again.accept()
    assert absences(panel.document.session.state) == frozenset()
    assert present_cell(panel, 2) == ""
    assert errors.messages == []


def test_a_bye_for_a_range_of_rounds_is_one_action(
    qtbot: QtBot, open_panel: Callable[[Session], PlayersPanel], tmp_path: Path, errors: Errors
) -> None:
    session = new_session(tmp_path / "b.arbiter")
    play_two_rounds(session)
    panel = open_panel(session)
    select(panel, 3)
    before = len(panel.document.session.journal())
    panel.ask_bye()
    dialog = panel.dialog
    assert isinstance(dialog, ByeRequestDialog)
    dialog.set_rounds(3, 5)
    dialog.set_kind("zero")
    assert dialog.rounds() == [3, 4, 5]
    dialog.accept()
    journal = panel.document.session.journal()
    assert len(journal) == before + 1 and journal[-1].command == "requested_byes"
    asked = sorted(b.round for b in panel.document.tournament.bye_requests if b.tpn == 3)
    assert asked == [3, 4, 5]
    # Moving the first round past the last carries the last along.
    panel.ask_bye()
    other = panel.dialog
    assert isinstance(other, ByeRequestDialog)
    other.set_rounds(4, 4)
    other.round_box.setValue(5)
    assert other.rounds() == [5]
    other.reject()
    assert errors.messages == []


def register_ivy_zero_then_half(panel: PlayersPanel, dialog: PlayerDialog) -> None:
    """Ivy enters late: a zero-point bye in the first column missed, a half-point one in the
    second (what the file then holds is checked)."""
    assert dialog.missed_each is not None
    dialog.name.setText("Ivy")
    dialog.missed_each.set_round(1, "zero-bye")
    dialog.missed_each.set_round(2, "half-bye")
    dialog.accept()
    ivy = next(p for p in panel.document.tournament.players if p.name == "Ivy")
    kinds = [e.kind for e in panel.document.tournament.entries_of(ivy.tpn)]
    assert kinds == [EntryKind.ZERO_BYE, EntryKind.HALF_BYE]


def test_a_late_entry_chooses_each_missed_round(
    qtbot: QtBot, open_panel: Callable[[Session], PlayersPanel], tmp_path: Path, errors: Errors
) -> None:
    session = new_session(tmp_path / "l.arbiter")
    play_two_rounds(session)
    session.run(EnterResult(round=2, board=2, result="1/2"))
    panel = open_panel(session)
    panel.ask_new_player()
    dialog = panel.dialog
    assert isinstance(dialog, PlayerDialog) and dialog.missed_each is not None
    assert dialog.missed_by_round() == ["not-paired", "not-paired"]  # FIDE's default
    register_ivy_zero_then_half(panel, dialog)
    entry = panel.document.session.journal()[-1]
    assert entry.arguments["missed_rounds"] == ["zero-bye", "half-bye"]
    assert errors.messages == []


def test_a_us_event_s_numbering_dialog_cites_the_us_rules(qtbot: QtBot) -> None:
    """The ranking by rating is FIDE C.04.2 article 2.2 in a FIDE event, US Chess 28J and
    29A in a US Chess one (issue 24: US words everywhere in a US event)."""
    from arbiter_app.core.model import Player, System
    from arbiter_app.ui.dialogs.pairing_numbers import PairingNumbersDialog

    players = [Player(tpn=1, name="Ann", rating=1900), Player(tpn=2, name="Ben", rating=1800)]
    fide = PairingNumbersDialog(players, System.SWISS)
    us = PairingNumbersDialog(players, System.SWISS, us_chess=True)
    for dialog in (fide, us):
        qtbot.addWidget(dialog)
    assert "FIDE C.04.2 article 2.2" in fide.method_buttons["rating"].text()
    assert "US Chess 28J and 29A" in us.method_buttons["rating"].text()
    assert "FIDE" not in us.method_buttons["rating"].text()


# -- a double Swiss counts matches -------------------------------------------------------


@pytest.fixture
def double_swiss(open_panel: Callable[[Session], PlayersPanel], tmp_path: Path) -> PlayersPanel:
    """FIDE's Double-Swiss, 3 matches of 2 games, four players, match 1 paired."""
    from arbiter_app.core.model import Colour
    from arbiter_app.session.pairing import pair_next_round

    session = new_session(tmp_path / "double.arbiter", rounds=6, system="fide-double-swiss")
    pair_next_round(session, initial_colour=Colour.WHITE)
    return open_panel(session)


def test_a_double_swiss_bye_withdrawal_and_absence_name_matches(
    qtbot: QtBot, double_swiss: PlayersPanel
) -> None:
    """Round 2 of a 3-round double Swiss is games 3 and 4: the dialogs offer rounds 2-3 and
    the file keeps the first game of the match chosen."""
    panel = double_swiss
    select(panel, 4)
    click(qtbot, panel, panel.bye_action)
    dialog = panel.dialog
    assert isinstance(dialog, ByeRequestDialog)
    assert (dialog.round_box.minimum(), dialog.round_box.maximum()) == (2, 3)
    assert dialog.round_box.suffix() == " of 3"
    dialog.round_box.setValue(3)
    dialog.set_kind("zero")
    dialog.accept()
    assert stored(panel).bye_requests == (ByeRequest(4, 5, EntryKind.ZERO_BYE),)
    assert status_of(panel, 4) == "active; zero-point bye asked for round 3"
    click(qtbot, panel, panel.bye_action)
    dialog = panel.dialog
    assert isinstance(dialog, ByeRequestDialog)
    assert "round 3: zero-point bye" in dialog.recorded.text()
    dialog.reject()

    select(panel, 3)
    assert panel.absent_action.isEnabled()
    panel.absent_action.trigger()  # in the right-click and Round menus
    absent = panel.dialog
    assert isinstance(absent, AbsenceDialog)
    assert absent.round() == 2 and absent.round_box.maximum() == 3
    absent.accept()
    assert absences(session_of(panel).state) == frozenset({(3, 3)})
    assert panel.model.cell(panel.model.row_of(3) or 0, PRESENT) == "absent in round 2"

    select(panel, 2)
    click(qtbot, panel, panel.withdraw_action)
    withdraw = panel.dialog
    assert isinstance(withdraw, WithdrawDialog)
    assert withdraw.round() == 2 and withdraw.from_round.maximum() == 3
    withdraw.accept()
    assert stored(panel).player(2).withdrawn_from_round == 3
    assert status_of(panel, 2) == "withdrawn from round 2"


def test_a_double_swiss_late_entry_chooses_each_game_of_the_match_missed(
    qtbot: QtBot, double_swiss: PlayersPanel, errors: Errors
) -> None:
    panel = double_swiss
    panel.ask_new_player()
    dialog = panel.dialog
    assert isinstance(dialog, PlayerDialog) and dialog.missed_each is not None
    assert [label for label, _ in dialog.missed_each.rows()] == [
        "Round 1, game 1:",
        "Round 1, game 2:",
    ]
    assert dialog.explanation.text().startswith(
        "Round 1 is paired already: this is a late entry. The player is paired from round 2 "
        "of 3 on and gets, for each game missed,"
    )
    # Its every line shows (a form row once cut its last line off, beside the lookup rows).
    qtbot.waitExposed(dialog)
    label = dialog.explanation
    assert label.height() >= label.heightForWidth(label.width())
    register_ivy_zero_then_half(panel, dialog)
    assert errors.messages == []


def test_a_double_swiss_window_speaks_of_rounds_and_games(
    qtbot: QtBot, double_swiss: PlayersPanel, settings: Any
) -> None:
    """The title counts matches, the Pairings panel names the game shown, the status bar
    names the games without a result, and Undo names the match of a bye."""
    from tests.ui.conftest import shown_window

    document = double_swiss.document
    window = shown_window(qtbot, document, settings)
    assert "round 1 of 3 in progress" in window.windowTitle()
    assert window.pairings.round.text() == "Round 1, game 1"  # the game played first
    assert window.state_label.text().startswith("Round 1 of 3 in progress: game 1: ")
    assert document.event_state().text.startswith("Round 1 of 3 in progress: game 1: ")
    document.run(RequestBye(tpn=4, round=5, kind="half"))
    assert document.undo_label() == "bye of player 4 in round 3"
    assert double_swiss.add_action.toolTip() == ("Register a late entry: round 1 is paired already")
