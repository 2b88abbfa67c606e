"""The window over a ``.arbiter`` file: every action is a session command, kept on disk."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.model import Colour, EntryKind, Event, Outcome
from arbiter_app.core.playoff import Start
from arbiter_app.core.result import GameResult
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EditSettings, StartPlayoff
from arbiter_app.ui.document import Changes, EventDocument, StandingsOptions
from arbiter_app.ui.panels.pairings import PairingsPanel
from arbiter_app.ui.panels.standings import options_for_preset
from tests.support.warning_dialogs import Answers
from tests.ui.conftest import document_in_file


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "event.arbiter"


@pytest.fixture
def document(path: Path, rr_event: Event) -> Iterator[EventDocument]:
    document = document_in_file(path, rr_event)
    yield document
    document.close()


def test_import_keeps_the_event(document: EventDocument, rr_event: Event) -> None:
    event = document.tournament
    assert [p.name for p in event.players] == ["Ada", "Bea", "Cy", "Dov"]
    assert event.scores() == rr_event.scores()
    assert not document.modified
    assert document.undo_label() == "import event"


def test_a_typed_result_is_in_the_file(qtbot: QtBot, document: EventDocument, path: Path) -> None:
    panel = PairingsPanel(document)
    qtbot.addWidget(panel)
    # The last round played: no later round was paired from it, so nothing is asked.
    panel.show_round(3)
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "=")
    assert document.tournament.entry(1, 3).outcome is Outcome.DRAW
    assert panel.model.cell(0, 2) == "½-½"
    assert document.undo_label() == "result of board 1, round 3: ½-½"
    assert document.session.journal()[-1].command == "correct_result"
    with Session.open(path, readonly=True) as other:
        assert other.event.entry(2, 3).outcome is Outcome.DRAW


def test_forfeits_go_through_the_session(document: EventDocument) -> None:
    assert document.session.board(2, 2) is not None
    assert (document.session.board(2, 2).white, document.session.board(2, 2).black) == (4, 2)
    # Round 3 was paired from round 2: correcting it is a level-3 question (FIDE C.02).
    answers = document.warnings = Answers(True)
    changes = document.set_result(2, 2, GameResult.BLACK_FORFEIT_WIN)
    assert [w.level for q in answers.asked for w in q.warnings] == [3]
    assert changes.results and changes.rounds == frozenset({2})
    assert document.tournament.entry(2, 2).kind is EntryKind.FORFEIT_WIN
    with pytest.raises(RuleError, match="round 2 has no board 5"):
        document.set_result(2, 5, GameResult.DRAW)


def test_tie_breaks_are_settings_of_the_file(document: EventDocument, path: Path) -> None:
    # The imported rounds are played: a new list is a level-4 question (FIDE C.02).
    answers = document.warnings = Answers("tiebreaks-reorder-standings")
    changes = document.set_standings_options(StandingsOptions(("SB", "WIN")))
    assert [w.token for q in answers.asked for w in q.warnings] == ["tiebreaks-reorder-standings"]
    assert changes.settings
    assert document.standings_options.tiebreaks == ("SB", "WIN")
    with Session.open(path, readonly=True) as other:
        assert other.settings.tiebreaks == ("SB", "WIN")
    document.undo()
    assert document.standings_options.tiebreaks == ()


def test_a_preset_brings_its_play_off_places(document: EventDocument) -> None:
    """A US Chess preset taken after round 1 brings its play-off and leaves FIDE mode, for
    good: its rules are not FIDE's (a level-4 question, answered here)."""
    answers = Answers(["tiebreaks-reorder-standings", "leave-fide-mode-for-good"])
    document.warnings = answers
    document.set_standings_options(options_for_preset("city-chess-ok"))
    assert any("Leave FIDE mode" in str(q) for q in answers.asked)
    assert not document.fide_mode().on
    options = document.standings_options
    assert options.preset == "city-chess-ok"
    assert options.playoff_regulation == "city-chess-ok"
    assert options.playoff_places == (1,)


def test_play_off_commands_are_journaled_and_undone(path: Path, rr_event: Event) -> None:
    document = document_in_file(path, rr_event, playoff="city-chess-ok")
    reports: list[Changes] = []
    document.changed.connect(reports.append)
    preview = document.playoff_state()
    assert preview is not None and preview.actions == ()
    # 3 won outright: no place the regulation decides is tied, so it names the tie itself.
    assert not document.event_state().playoff.can_start
    document.run(StartPlayoff(ties=[[2, [1, 2]]]))
    document.set_result(3, 2, GameResult.DRAW)
    assert [r.playoff for r in reports] == [True, False]
    state = document.playoff_state()
    assert state is not None and state.actions == (Start(),)
    with Session.open(path, readonly=True) as other:
        assert [e.command for e in other.journal()][-2:] == ["playoff.start", "correct_result"]
    document.undo()
    document.undo()
    assert document.playoff_state() == preview
    document.redo()
    assert document.undo_label() == "play-off start"
    document.close()


def test_pair_a_round_then_type_its_results(qtbot: QtBot, tmp_path: Path) -> None:
    """A new Swiss in a file: players, the engine pairs round 1, results from the keyboard."""
    document = EventDocument(
        Session.create(tmp_path / "open.arbiter", name="Open", system="swiss", rounds=3)
    )
    for name, rating in [("Ada", 2400), ("Bea", 2300), ("Cy", 2200), ("Dov", 2100), ("Eve", 2000)]:
        document.run(AddPlayer.of({"name": name, "rating": rating}))
    panel = PairingsPanel(document)
    qtbot.addWidget(panel)
    # The colour drawn at the venue for the top-ranked player (C.04.3 5.2.5).
    panel.ask_initial_colour = lambda: Colour.WHITE  # type: ignore[method-assign]
    assert panel.summary.text() == "No pairings for this round yet"
    assert panel.pair_button.isEnabled()
    assert panel.pair_next_round()
    assert document.paired_rounds() == 1
    # Five players: two boards and a pairing-allocated bye for the lowest rated (C.04.1 c).
    boards = [panel.model.pairing(r) for r in range(panel.model.rowCount())]
    assert [b.board for b in boards] == [1, 2, None]
    assert boards[0].white == 1  # the top-ranked player has the colour drawn
    assert boards[2].white == 5 and "pairing-allocated bye" in boards[2].result_text
    assert panel.summary.text() == "2 boards, 2 without a result"
    # A second round cannot be paired before the results are in.
    assert not panel.pair_next_round()
    boxes = [b for b in panel.findChildren(QMessageBox) if b.isVisible()]
    assert boxes and "still lack a result" in boxes[0].text()
    boxes[0].close()
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "1=")
    assert panel.summary.text() == "2 boards, all results in"
    assert document.undo_label() == "result of board 2, round 1: ½-½"
    first = boards[0]
    assert document.tournament.entry(first.white, 1).outcome is Outcome.WIN
    import os

    import arbiter_app.ui.panels.pairings as pairings_module

    asked: list[tuple[str, dict[str, object]]] = []
    real_run_busy = pairings_module.run_busy
    here = os.getpid()

    def spy(parent: object, label: str, work: Callable[[], object], **how: object) -> object:
        asked.append((label, how))

        def watched() -> object:
            # Runs in the child process: its answer says where it ran.
            return (os.getpid(), work())

        pid, value = real_run_busy(parent, label, watched, **how)  # type: ignore[arg-type]
        assert pid != here
        return value

    pairings_module.run_busy = spy  # type: ignore[assignment]
    try:
        assert panel.pair_next_round()
    finally:
        pairings_module.run_busy = real_run_busy
    # The engine ran in a process of its own behind a bar with Cancel; the round was
    # written here.
    assert asked == [("Pairing round 2…", {"cancel": "Cancel", "separate_process": True})]
    assert panel.round.value() == 2
    assert document.paired_rounds() == 2
    document.close()


def test_event_settings_are_the_session_s(document: EventDocument, path: Path) -> None:
    settings = document.event_settings()
    assert settings["system"] == "round-robin" and settings["rounds"] == 3
    assert settings["playoff"] is None
    reports: list[Changes] = []
    document.changed.connect(reports.append)
    with pytest.raises(ArbiterError, match="no setting to change"):
        document.run(EditSettings())  # nothing to change: no journal entry
    assert reports == [] and document.undo_label() == "import event"
    answers = document.warnings = Answers(True)
    changes = document.run(
        EditSettings.of({"playoff": "gct-2023-classical", "rule_set": "fide-2024"})
    )
    # Play has started: the rule set is a level-3 question; a first play-off regulation is not.
    assert [(w.level, w.question[:22]) for q in answers.asked for w in q.warnings] == [
        (3, "Change the rule set fo")
    ]
    assert changes.settings and reports == [changes]
    assert document.standings_options.playoff_places == (1,)
    assert document.undo_label() == "edit settings"
    with Session.open(path, readonly=True) as other:
        assert other.settings.playoff == "gct-2023-classical"
    with pytest.raises(ArbiterError, match="bye policy"):
        document.run(EditSettings.of({"bye_policy": "random", "rounds": 5}))
    assert document.tournament.planned_rounds == 3  # one command: nothing of it was kept
