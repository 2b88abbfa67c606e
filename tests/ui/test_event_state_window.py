"""The window reads the tournament's state from the core, on file-backed events.

The card, the standings, the prizes, the status bar and the command line say
the same thing in the same words: the core's sentence.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.cli import main
from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Colour, System
from arbiter_app.core.pairing.numbers import renumbering_refusal
from arbiter_app.core.playoff.gate import PlayoffStatus
from arbiter_app.core.result import GameResult
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EditSettings, SetPrizeFund, StartPlayoff
from arbiter_app.session.playoff_commands import RESTART_WARNING
from arbiter_app.sheets.source import ABANDONED_NOTE, load
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.panels.standings import StandingsPanel
from arbiter_app.ui.projector import ProjectorWindow
from arbiter_app.ui.settings import Settings
from tests.support.playoff_events import play_out, three_tied_for_first
from tests.ui.test_full_flow import answering


@pytest.fixture
def demo_window(qtbot: QtBot, settings: Settings, tmp_path: Path) -> Iterator[MainWindow]:
    """``arbiter-app --demo``: the sample's three-way tie for first, saved in a file."""
    window = app.create_window(settings, demo=True)
    window.document.save_as(tmp_path / "demo.arbiter")
    qtbot.addWidget(window)
    window.show()
    yield window


def test_the_demo_play_off_after_a_round_9_correction(
    qtbot: QtBot, demo_window: MainWindow, capsys: pytest.CaptureFixture[str]
) -> None:
    window = demo_window
    document = window.document
    path = document.path
    assert path is not None
    card = window.playoff.card
    assert card.title == "Start the play-off"
    assert "the play-off breaks the tie for places 1-3 (players 1, 3, 7)" in card.text
    document.run(StartPlayoff())
    play_out(document.run, document.playoff_state)
    assert card.title == "The play-off is over"
    document.run(SetPrizeFund(prizes=["100000", "65000", "48000"], currency="USD"))
    # Round 9, board 1: Barros - Okafor was a draw, not 0-1. Typed over the result by keys.
    window.docks["pairings"].raise_()
    pairings = window.pairings
    pairings.show_round(9)
    pairings.select_row(0)
    assert pairings.model.pairing(0).result_text == "0-1"
    pairings.view.setFocus()
    qtbot.keyClicks(pairings.view, "=")
    assert document.tournament.entry(1, 9).is_draw

    gate = document.event_state().playoff
    assert gate.status is PlayoffStatus.STALE
    reason = gate.reason
    assert reason.startswith(
        "The play-off no longer matches the standings: it was started for the tie for places"
        " 1-3 (players 1, 3, 7), but the standings now have the tie for places 1-2 (players 3, 7)"
    )
    # The card says so and offers the restart.
    assert card.title == "The play-off no longer matches the standings"
    assert card.text == reason
    assert [b.text() for b in card.buttons] == ["Restart the play-off…"]
    # The standings: no place decided by the old play-off; 3 and 7 wait for a play-off.
    standings = window.standings.model
    rows = [
        [standings.cell(r, c) for c in range(standings.columnCount())]
        for r in range(standings.rowCount())
    ]
    assert [(row[0], row[1]) for row in rows[:2]] == [("1-2", "3"), ("1-2", "7")]
    assert [row[-1] for row in rows[:3]] == ["play-off", "play-off", ""]
    # The prizes say so too, and share places 1-2 as they stand.
    window.docks["prizes"].raise_()
    qtbot.waitUntil(lambda: window.prizes.rule.text().startswith(reason))
    money = {window.prizes.model.key(r): window.prizes.model.cell(r, 3) for r in range(10)}
    assert money[3] == money[7] == "82500.00"
    # The status bar, and `playoff next` on the same file.
    assert window.state_label.text().endswith("the play-off no longer matches the standings")
    assert main(["playoff", "next", str(path), "--json"]) == 0
    step = json.loads(capsys.readouterr().out)
    assert (step["step"], step["text"]) == ("restart", reason)

    # Restart: confirmed in the warning box (level 3), then the new tie's play-off.
    def confirm(box: QMessageBox) -> None:
        assert reason in box.text() and RESTART_WARNING in box.text()
        assert box.defaultButton().text() == "Cancel"
        next(b for b in box.buttons() if b.text() == "Confirm").click()

    window.docks["playoff"].raise_()
    qtbot.waitUntil(lambda: bool(card.buttons))
    with answering(window, QMessageBox, confirm):
        next(b for b in card.buttons if b.text() == "Restart the play-off…").click()
    assert document.event_state().playoff.status is PlayoffStatus.STARTED
    qtbot.waitUntil(lambda: card.title == "Draw lots")
    assert "(players 3, 7)" in card.text
    assert window.state_label.text().endswith("play-off under way")
    # The old play-off's draws stay on the lot protocol, marked as set aside.
    old = [d for d in load(path).draws if d.note == ABANDONED_NOTE]
    assert len(old) == 1  # the pairing numbers of its round robin, which decided it


def test_the_play_off_card_says_why_it_cannot_start_yet(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    session = three_tied_for_first(tmp_path / "t.arbiter")
    session.undo()  # round 3, board 2 still without its result
    session.run(EditSettings(playoff="gct-2023-classical"))
    document = EventDocument(session)
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    reason = document.event_state().playoff.reason
    assert reason.endswith(
        "it can start only when the event is final: round 3 of 3 is in progress (board 2 still"
        " lacks a result)."
    )
    card = window.playoff.card
    assert card.title == "The play-off cannot start yet"
    assert card.text == reason and card.buttons == []
    # The command refuses with the same sentence.
    with pytest.raises(RuleError) as info:
        document.run(StartPlayoff())
    assert str(info.value) == reason
    assert window.windowTitle().startswith("Classical — round 3 of 3 in progress")
    document.close()


@pytest.fixture
def club(tmp_path: Path) -> Iterator[EventDocument]:
    document = EventDocument(
        Session.create(tmp_path / "club.arbiter", name="Club", system="swiss", rounds=3)
    )
    for name, rating in (("Zoe", 1500), ("Max", 2000), ("Ann", 1800), ("Bob", 2300), ("Cy", 1200)):
        document.run(AddPlayer.of({"name": name, "rating": rating}))
    yield document
    document.close()


def test_standings_mid_round_stay_on_the_last_complete_round(
    qtbot: QtBot, club: EventDocument, settings: Settings
) -> None:
    # Entered in no order of rating, numbered by it: Bob 1, Max 2, Ann 3, Zoe 4, Cy 5.
    assert [p.name for p in club.tournament.players] == ["Bob", "Max", "Ann", "Zoe", "Cy"]
    club.pair_next_round(Colour.WHITE)
    club.set_result(1, 1, GameResult.WHITE_WINS)  # board 1: Bob - Ann
    panel = StandingsPanel(club)
    qtbot.addWidget(panel)
    panel.show()
    panel.refresh()
    model = panel.model
    assert panel.caption.text().startswith(
        "Standings before round 1 (round 1 is in progress) · rule set: "
    )
    # The bye and Bob's win are not counted yet; nobody lost anything.
    assert {model.cell(r, 2): model.cell(r, 4) for r in range(5)} == dict.fromkeys(
        ["Bob", "Max", "Ann", "Zoe", "Cy"], "0"
    )
    assert panel.provisional.isEnabled()
    assert panel.provisional.text() == "Round 1 in progress (provisional)"
    panel.provisional.setChecked(True)
    assert panel.caption.text().startswith(
        "Provisional standings during round 1 of 3 · unfinished games are marked pending"
    )
    cells = {
        model.cell(r, 2): (model.cell(r, 4), model.cell(r, model.columnCount() - 1))
        for r in range(5)
    }
    assert cells == {
        "Bob": ("1", ""),
        "Cy": ("1", ""),  # the pairing-allocated bye
        "Ann": ("0", ""),  # lost on board 1
        "Max": ("0", "pending"),
        "Zoe": ("0", "pending"),
    }
    # The projector shows the standings as the panel does by default.
    projector = ProjectorWindow(club)
    qtbot.addWidget(projector)
    projector.refresh()
    assert projector.title.text().startswith("Club  ·  Standings before round 1")
    # Once the round is complete the toggle has nothing to add.
    club.set_result(1, 2, GameResult.DRAW)  # board 2: Zoe - Max
    panel.refresh()
    assert not panel.provisional.isEnabled()
    assert panel.caption.text().startswith("Standings after round 1 of 3 · rule set: ")
    assert sum(Decimal(model.cell(r, 4).replace("½", ".5") or 0) for r in range(5)) == 3


def test_pairing_numbers_are_shown_and_fixed_once_round_one_is_paired(
    qtbot: QtBot, club: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    window = MainWindow(club, settings)
    qtbot.addWidget(window)
    players = window.players
    assert players.numbering.text().startswith("Pairing numbers by the initial ranking")
    assert players.numbers_action.isEnabled()
    club.pair_next_round(Colour.WHITE)
    reason = renumbering_refusal(1, System.SWISS)
    assert not players.numbers_action.isEnabled()
    assert players.numbers_action.toolTip() == reason
    assert players.numbering.text().endswith("fixed since round 1 was paired.")
    with pytest.raises(RuleError) as info:
        club.set_pairing_numbers("lot")
    assert str(info.value) == reason
    window.close()


def test_a_round_one_draw_at_the_venue_from_the_players_panel(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    document = EventDocument(
        Session.create(tmp_path / "rr.arbiter", name="RR", system="round-robin", rounds=3)
    )
    for name in ("Ada", "Bea", "Cy", "Dov"):
        document.run(AddPlayer.of({"name": name}))
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    assert "not drawn yet" in window.players.numbering.text()
    window.players.ask_pairing_numbers()
    dialog = window.players.dialog
    qtbot.mouseClick(dialog.method_buttons["draw"], Qt.MouseButton.LeftButton)
    for tpn, drawn in ((1, 3), (2, 1), (3, 4), (4, 2)):
        dialog.set_drawn(tpn, drawn)
    qtbot.keyClicks(dialog.witnesses_field, "Deputy, Bea")
    dialog.accept()
    assert [p.name for p in document.tournament.players] == ["Bea", "Dov", "Ada", "Cy"]
    assert window.pairings.pair_button.isEnabled()
    path = document.path
    assert path is not None
    document.close()
    (draw,) = [d for d in load(path).draws if "drawn at the venue" in d.draw.purpose]
    assert draw.draw.witnesses == ("Deputy", "Bea")


def test_places_decided_by_the_play_off_are_marked_in_the_panel_and_on_the_wall(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    """Issue 26: the Standings panel and the projector say which places the play-off
    decided (FIDE C.07 3.1.1), as the printed standings mark them."""
    from arbiter_app.ui.projector import ProjectorWindow
    from arbiter_app.ui.rows import PLAYOFF_DECIDED, PLAYOFF_PENDING

    session = three_tied_for_first(tmp_path / "t.arbiter")
    session.run(EditSettings(playoff="gct-2023-classical"))
    document = EventDocument(session)
    panel = StandingsPanel(document)
    qtbot.addWidget(panel)
    panel.refresh()
    projector = ProjectorWindow(document)
    qtbot.addWidget(projector)

    def notes(model: object) -> dict[str, str]:
        m = model  # a standings model: Note is the last column
        last = m.columnCount() - 1  # type: ignore[attr-defined]
        return {m.cell(r, 2): m.cell(r, last) for r in range(m.rowCount())}  # type: ignore[attr-defined]

    before = notes(panel.model)
    assert [before[n] for n in ("Ann", "Ben", "Cid")] == [PLAYOFF_PENDING] * 3
    document.run(StartPlayoff(at="2023-09-02T20:00"))
    play_out(document.run, document.playoff_state, [2, 1, 3])
    panel.refresh()
    projector.refresh()
    for model in (panel.model, projector.model):
        after = notes(model)
        assert [after[n] for n in ("Ann", "Ben", "Cid")] == [PLAYOFF_DECIDED] * 3
        assert after["Dee"] == ""
        assert model.cell(0, 2) == "Ben"  # type: ignore[attr-defined]
    document.close()
