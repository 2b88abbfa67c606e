"""The document runs actions and reports what changed (Anki-style operations)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import EntryKind, Event, Outcome, check_consistency
from arbiter_app.core.result import GameResult
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
from arbiter_app.ui.document import Changes, EventDocument


def test_setting_a_result_reports_the_round_and_keeps_the_event_consistent(
    document: EventDocument,
) -> None:
    reports: list[Changes] = []
    document.changed.connect(reports.append)
    # Round 3, board 1 (1-2): Black (2) won; make it a draw.
    assert document.session.board(3, 1) is not None
    assert (document.session.board(3, 1).white, document.session.board(3, 1).black) == (1, 2)
    changes = document.set_result(3, 1, GameResult.DRAW)
    # The two players' round-3 entries: what a view of round 3 refreshes, nothing more.
    assert changes == Changes(
        results=True, rounds=frozenset({3}), entries=frozenset({(1, 3), (2, 3)})
    )
    assert changes.results_only
    assert reports == [changes]
    event = document.tournament
    assert event.entry(1, 3).outcome is Outcome.DRAW
    assert event.entry(2, 3).outcome is Outcome.DRAW
    assert check_consistency(event) == []
    assert document.modified  # untitled: the work is in no file yet
    assert document.session.journal()[-1].command == "correct_result"


def test_undo_and_redo_restore_the_event_and_report_again(document: EventDocument) -> None:
    before = document.tournament
    document.set_result(3, 1, GameResult.BLACK_FORFEIT_WIN)  # board 1: 1-2
    assert document.undo_label() == "result of board 1, round 3: - +"
    changed = document.tournament
    assert changed.entry(2, 3).kind is EntryKind.FORFEIT_WIN
    assert document.undo().rounds == frozenset({3})
    assert document.tournament == before
    assert document.modified  # still untitled: the imported event is in no file
    assert document.redo_label() == "result of board 1, round 3: - +"
    document.redo()
    assert document.tournament == changed
    # A new action clears what could be redone.
    document.undo()
    document.set_result(3, 1, GameResult.DRAW)
    assert document.redo_label() is None


def test_an_event_in_a_file_is_never_modified(tmp_path: Path, rr_event: Event) -> None:
    document = EventDocument(
        Session.create(tmp_path / "e.arbiter", name="E", system="swiss", rounds=3)
    )
    document.run(AddPlayer.of({"name": "Ann"}))
    assert not document.modified and document.path == tmp_path / "e.arbiter"
    document.close()


def test_nothing_to_undo_reports_nothing(tmp_path: Path) -> None:
    document = EventDocument(Session.create_untitled())
    reports: list[Changes] = []
    document.changed.connect(reports.append)
    assert not document.undo().anything
    assert reports == []


def test_a_result_for_a_board_that_is_not_there_is_refused(document: EventDocument) -> None:
    before = document.tournament
    with pytest.raises(RuleError, match="round 1 has no board 3"):
        document.set_result(1, 3, GameResult.DRAW)
    assert document.tournament == before


def test_changes_combine() -> None:
    a = Changes(results=True, rounds=frozenset({1}))
    b = Changes(players=True, rounds=frozenset({2}))
    assert a | b == Changes(players=True, results=True, rounds=frozenset({1, 2}))
