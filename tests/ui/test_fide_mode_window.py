"""FIDE mode in the window: leaving it (two dialogs), the badge on every panel, a round's
manual pairing from the pairings panel, prohibited pairings (FIDE C.02 checklist)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.pairing.manual import HandChange
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    EditSettings,
    EnterResult,
    RecordPairings,
    SetExternalValues,
    SetPairing,
    SetPairingNumbers,
)
from arbiter_app.session.external_values import parse_values
from arbiter_app.session.integrity import stored_pibes
from arbiter_app.session.manual_pairing import KEEP_TOKEN
from arbiter_app.session.pairing import pair_next_round
from arbiter_app.ui.dialogs.pairing_numbers import PairingNumbersDialog
from arbiter_app.ui.dialogs.prohibited import parse_group
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.panels.pairings import PairingsPanel
from arbiter_app.ui.panels.players import PlayersPanel
from arbiter_app.ui.settings import Settings
from tests.support.sessions import TickingClock
from tests.support.warning_dialogs import BoxLog, click_through


def seven(path: Path) -> Session:
    """Seven players by rating; round 1 played (1-4, 5-2, 3-6, 7 the bye), round 2 paired
    by the engine: 5-1, 7-3, 2-4, 6 the bye."""
    s = Session.create(path, name="Autumn", system="swiss", rounds=5, clock=TickingClock())
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900),
                         ("Eve", 1800), ("Fay", 1700), ("Gus", 1600)):  # fmt: skip
        s.run(AddPlayer(name=name, rating=rating))
    s.run(SetPairingNumbers(by="rating"))
    s.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]], byes=[[7, "pairing-bye"]]))
    for board in (1, 2, 3):
        s.run(EnterResult(round=1, board=board, result="1-0"))
    s.run(RecordPairings(round=2, boards=[[5, 1], [7, 3], [2, 4]], byes=[[6, "pairing-bye"]]))
    return s


@pytest.fixture(autouse=True)
def _collected() -> Iterator[None]:
    """Collect what each test left behind while it is still the test's doing."""
    yield
    QApplication.processEvents()
    gc.collect()


@pytest.fixture
def document(tmp_path: Path) -> Iterator[EventDocument]:
    doc = EventDocument(seven(tmp_path / "autumn.arbiter"))
    yield doc
    doc.close()


def lines(document: EventDocument) -> list[str]:
    return [p.trf_line() for p in stored_pibes(document.session.state)]


def test_q43_46_leaving_fide_mode_asks_twice_then_every_panel_shows_the_badge(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    window.show()
    assert window.leave_fide_action.isEnabled()
    assert all(not badge.isVisible() for badge in window.badges.values())
    # Cancelled at the second dialog: nothing changes.
    log = click_through(["Continue…", "Cancel"])
    window.leave_fide_action.trigger()
    assert document.fide_mode().on and lines(document) == []
    log = click_through(["Continue…", "Accept the consequences"], BoxLog())
    window.leave_fide_action.trigger()
    titles = [box["title"] for box in log.seen]
    assert titles == ["Please confirm (step 1 of 2)", "Consequences (step 2 of 2)"]
    assert "cannot come back to FIDE mode" in str(log.seen[0]["text"])
    assert document.fide_mode().left
    assert lines(document) == ["### FIDE mode @ Round 2: left after round 2 was paired"]
    assert set(window.badges) == {"pairings", "players", "crosstable", "standings", "playoff",
                                  "prizes", "by_name", "teams"}  # fmt: skip
    for key, badge in window.badges.items():
        window.docks[key].raise_()
        QApplication.processEvents()
        assert badge.isVisible(), key
        assert badge.text() == "⚠ Not in FIDE mode: left after round 2 was paired, for good."
    assert not window.leave_fide_action.isEnabled()
    # Leaving is final (question 43): Undo is greyed and takes nothing back.
    assert not window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert document.fide_mode().left
    assert all(badge.isVisible() for badge in window.badges.values())


def test_q46_an_event_under_the_us_chess_rules_is_told_calmly_one_left_in_red(
    qtbot: QtBot, tmp_path: Path, settings: Settings
) -> None:
    """The line stays on every panel (question 46), but a US Chess event is where its TD
    meant it to be: no warning sign, no alarm colours; a system outside FIDE's rules is
    warned of as before."""
    session = Session.create(tmp_path / "us.arbiter", name="Thursday", system="swiss", rounds=4)
    document = EventDocument(session)
    try:
        document.run(EditSettings.of({"rule_set": "uscf"}))
        window = MainWindow(document, settings)
        qtbot.addWidget(window)
        window.show()
        badge = window.badges["pairings"]
        assert badge.isVisible()
        assert badge.text().startswith("Not in FIDE mode: the event runs under the US Chess")
        assert "#c4314b" not in badge.styleSheet()
        # A club double Swiss under FIDE's rule set is outside FIDE's pairing systems.
        document.run(EditSettings(rule_set=None, system="double-swiss"))
        QApplication.processEvents()
        assert badge.text() == "⚠ Not in FIDE mode: the double Swiss is not a FIDE pairing system."
        assert "#c4314b" in badge.styleSheet()
        window.close()
    finally:
        document.close()


def test_q64_69_manual_pairing_from_the_pairings_panel(
    qtbot: QtBot, document: EventDocument
) -> None:
    panel = PairingsPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    panel.show_round(2)
    assert panel.manual_button.text() == "Start manual pairing"
    panel.manual_button.click()
    assert document.manual_pairing_round() == 2
    assert panel.manual_button.text() == "End manual pairing"
    assert panel.summary.text() == "Manual pairing open"
    # Board 2 becomes 6-3, a repeated game (3-6 in round 1): a level-3 question.
    log = click_through(["Confirm"])
    assert panel.apply_pairing(2, 2, 6, 3)
    assert "players 6 and 3 already played each other in round 1" in str(log.seen[0]["details"])
    # Ending the phase compares with the engine's pairing: level 4 showing it.
    log = click_through(["Continue…", "Accept the consequences"])
    panel.manual_button.click()
    said = str(log.seen[1]["details"])
    # Each player by number and name (issue 26: numbers alone said nothing at the board).
    assert (
        "The pairing engine pairs round 2: 5 Eve - 1 Ann, 7 Gus - 3 Cid, 2 Ben - 4 Dee; "
        "6 Fay gets the pairing-allocated bye."
    ) in said
    assert document.manual_pairing_round() is None
    assert panel.manual_button.text() == "Start manual pairing"
    assert lines(document) == ["### MPA @ Round 2: 7-3 6=PAB => 6-3"]


def test_q64_ending_with_the_engines_pairing_asks_nothing(
    qtbot: QtBot, document: EventDocument
) -> None:
    panel = PairingsPanel(document)
    qtbot.addWidget(panel)
    panel.show_round(2)
    panel.manual_button.click()
    panel.manual_button.click()  # nothing changed: the round is the engine's
    assert document.manual_pairing_round() is None and lines(document) == []


def test_q194_196_the_prohibited_pairings_dialog(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    dialog = window.show_prohibited_pairings()
    assert dialog.list.count() == 1 and not dialog.remove_button.isEnabled()
    dialog.field.setText("3 5")
    assert not dialog.add()  # round 1 is paired: refused in FIDE mode
    assert dialog.message is not None
    assert "in FIDE mode a prohibited pairing can no longer be added" in dialog.message.text()
    dialog.message.done(0)
    click_through(["Continue…", "Accept the consequences"])
    window.leave_fide_mode()
    click_through(["Confirm"])
    assert dialog.add()
    assert document.forbidden_pairs() == ((3, 5),)
    assert dialog.list.item(0).text() == "3 Cid, 5 Eve"
    assert lines(document)[-1] == "### Configuration @ Round 2: prohibited pairing 3 5 added"
    dialog.done(0)
    QApplication.processEvents()


def test_a_group_is_typed_as_pairing_numbers() -> None:
    assert parse_group("3 7") == [3, 7]
    assert parse_group(" 3, 7 ;9") == [3, 7, 9]
    for bad in ("", "3", "3 x"):
        with pytest.raises(ArbiterError, match=r"\.$"):
            parse_group(bad)


def test_q197_216_draw_lots_from_the_edit_menu(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    click_through(["Continue…", "Accept the consequences"])
    document.run(EditSettings.of({"tiebreaks": ["BH", "LOT"]}))
    window.lots_action.trigger()
    (code,) = [c for c in document.session.settings.tiebreaks if c.startswith("LOT")]
    assert code.startswith("LOT/S") and code != "LOT/S"
    assert document.undo_label() == "draw tiebreak lots"


def test_q197_216_external_values_from_the_edit_menu(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    dialog = window.ask_external_values()
    assert dialog.textValue() == ""
    click_through(["Confirm"])  # round 1 is paired: a level-3 question
    dialog.setTextValue("3=2, 7=1/2")
    dialog.accept()
    assert document.session.event.external_values == {3: 2, 7: Fraction(1, 2)}
    assert document.external_values() == "3=2, 7=1/2"
    # A typo is refused with what was wrong, and nothing changes.
    with pytest.raises(ArbiterError, match="pairing number=value"):
        document.run(SetExternalValues(values=parse_values("3 is first")))
    assert document.external_values() == "3=2, 7=1/2"


def test_q145_146_the_pairing_numbers_dialog_takes_the_ranking_rule(
    qtbot: QtBot, tmp_path: Path
) -> None:
    session = Session.create(tmp_path / "n.arbiter", name="N", system="swiss", rounds=3,
                             clock=TickingClock())  # fmt: skip
    session.run(AddPlayer(name="Zoe", rating=1800))
    session.run(AddPlayer(name="Abe", rating=1700, national_rating=1900))
    document = EventDocument(session)
    panel = PlayersPanel(document)
    qtbot.addWidget(panel)
    panel.ask_pairing_numbers()
    dialog = panel.dialog
    assert isinstance(dialog, PairingNumbersDialog)
    assert dialog.rating_choice.isEnabled()
    dialog.rating_choice.setCurrentIndex(dialog.rating_choice.findData("HBFN"))
    dialog.ties_choice.setCurrentIndex(dialog.ties_choice.findData("fide-id"))
    assert dialog.ranking_rule() == ("HBFN", "fide-id")
    dialog.accept()
    assert [p.name for p in document.tournament.players] == ["Abe", "Zoe"]
    assert "rating (HBFN: the higher of FIDE and national rating), title, FIDE ID" in (
        document.event_state().numbering_text
    )
    dialog.set_method("lot")
    assert not dialog.rating_choice.isEnabled()
    panel.close()
    document.close()


def test_q175_a_player_made_ineligible_for_half_point_byes_from_the_players_panel(
    qtbot: QtBot, document: EventDocument
) -> None:
    panel = PlayersPanel(document)
    qtbot.addWidget(panel)
    panel.refresh()
    assert panel.select_player(3)
    assert panel.half_bye_action.isEnabled() and not panel.half_bye_action.isChecked()
    assert panel.half_bye_action in panel.context_menu().actions()
    panel.half_bye_action.trigger()
    assert document.half_bye_ineligible() == {3}
    assert panel.half_bye_action.isChecked()
    panel.half_bye_action.trigger()
    assert document.half_bye_ineligible() == frozenset()


def test_q101_a_round_robin_round_changed_by_hand_is_checked_for_the_rounds_left(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Checklist Q101 in the window: round 3 of a six-player round robin, changed with
    Change pairing… so that 1-3 meet 4-6 a third time, leaves two groups of three for the
    two rounds left; ending the manual pairing asks at level 3, naming the games."""
    s = Session.create(tmp_path / "rr.arbiter", name="RR", system="round-robin", rounds=5,
                       clock=TickingClock())  # fmt: skip
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900),
                         ("Eve", 1800), ("Fay", 1700)):  # fmt: skip
        s.run(AddPlayer(name=name, rating=rating))
    s.run(SetPairingNumbers(by="rating"))
    for round_no, boards in enumerate(([[1, 4], [2, 5], [3, 6]], [[5, 1], [6, 2], [4, 3]]), 1):
        s.run(SetPairing(round=round_no, boards=boards), confirm=KEEP_TOKEN)
        for board in (1, 2, 3):
            s.run(EnterResult(round=round_no, board=board, result="1/2"))
    pair_next_round(s)  # the Berger table's round 3: 2-6, 3-1, 4-5
    document = EventDocument(s)
    try:
        panel = PairingsPanel(document)
        qtbot.addWidget(panel)
        panel.show_round(3)
        panel.manual_button.click()
        swap = HandChange(swap=True)
        assert panel.apply_pairing(3, 1, 1, 6, swap)  # 1-6; 2 takes 1's seat: 3-2
        assert panel.apply_pairing(3, 2, 2, 4, swap)  # 2-4; 3 takes 4's seat: 3-5
        assert [(b.white, b.black) for b in s.boards(3)] == [(1, 6), (2, 4), (3, 5)]
        log = click_through(["Confirm", "Continue…", "Accept the consequences"])
        panel.manual_button.click()
        said = " ".join(str(box["text"]) + str(box["details"]) for box in log.seen)
        assert "after round 3 the 6 games of the cycle not played yet (1-2, 1-3, 2-3" in said
        assert "no longer fit in the 2 rounds left" in said
        assert document.manual_pairing_round() is None
    finally:
        document.close()


def test_q66_change_pairing_giving_the_bye_above_the_lowest_score_asks(
    qtbot: QtBot, document: EventDocument
) -> None:
    """Checklist Q66 in the window: Change pairing… puts 5-6 on board 1 of round 2, and 1,
    displaced, takes the bye 6 leaves, on a score of 1 while 6, 2 or 4 on 0 could have it
    (C.04.3 article 2.3.1 [C5]): a level-3 question."""
    panel = PairingsPanel(document)
    qtbot.addWidget(panel)
    panel.show_round(2)
    log = click_through(["Cancel"])
    assert not panel.apply_pairing(2, 1, 5, 6, HandChange(swap=True))
    details = str(log.seen[0]["details"])
    assert (
        "player 1 gets the pairing-allocated bye on a score of 1 although a player on a "
        "score of 0 can have it with the rest of the round paired" in details
    )
    assert [(b.white, b.black) for b in document.session.boards(2)] == [(5, 1), (7, 3), (2, 4)]
