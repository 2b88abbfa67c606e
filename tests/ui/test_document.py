"""The document runs actions and reports what changed (Anki-style operations)."""

from __future__ import annotations

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Colour, EntryKind, Event, Outcome, check_consistency
from arbiter_app.ui.document import Changes, EventDocument, GameResult
from arbiter_app.ui.memory_backend import MemoryBackend, entries_for_result


def test_result_keys_map_to_results() -> None:
    assert GameResult.from_key("1") is GameResult.WHITE_WINS
    assert GameResult.from_key("0") is GameResult.BLACK_WINS
    assert GameResult.from_key("=") is GameResult.DRAW
    assert GameResult.from_key("+") is GameResult.WHITE_FORFEIT_WIN
    assert GameResult.from_key("-") is GameResult.BLACK_FORFEIT_WIN
    assert GameResult.from_key("x") is GameResult.DOUBLE_FORFEIT
    assert GameResult.from_key("*") is GameResult.DOUBLE_FORFEIT
    assert GameResult.from_key("5") is GameResult.DRAW
    assert GameResult.from_key("q") is None
    assert GameResult.from_key("") is None


@pytest.mark.parametrize("result", list(GameResult))
def test_both_sides_of_a_result_agree(result: GameResult) -> None:
    white, black = entries_for_result(1, 2, result)
    assert white.opponent == 2 and black.opponent == 1
    assert white.colour is Colour.WHITE and black.colour is Colour.BLACK
    if white.kind is EntryKind.GAME:
        assert black.outcome is (white.outcome.opposite if white.outcome else None)
    elif result is GameResult.DOUBLE_FORFEIT:
        assert white.kind is black.kind is EntryKind.FORFEIT_LOSS
    else:
        assert {white.kind, black.kind} == {EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS}


def test_setting_a_result_reports_the_round_and_keeps_the_event_consistent(
    rr_event: Event,
) -> None:
    document = EventDocument(MemoryBackend(rr_event))
    reports: list[Changes] = []
    document.changed.connect(reports.append)
    # Round 3, board 1-2: Black (2) won; make it a draw.
    changes = document.set_result(3, 1, 2, GameResult.DRAW)
    assert changes == Changes(results=True, rounds=frozenset({3}))
    assert reports == [changes]
    event = document.tournament
    assert event.entry(1, 3).outcome is Outcome.DRAW
    assert event.entry(2, 3).outcome is Outcome.DRAW
    assert check_consistency(event) == []
    assert document.modified


def test_undo_and_redo_restore_the_event_and_report_again(rr_event: Event) -> None:
    document = EventDocument(MemoryBackend(rr_event))
    document.set_result(1, 1, 4, GameResult.BLACK_FORFEIT_WIN)
    assert document.undo_label() == "Result 1–4 in round 1: - +"
    changed = document.tournament
    assert changed.entry(4, 1).kind is EntryKind.FORFEIT_WIN
    assert document.undo().rounds == frozenset({1})
    assert document.tournament == rr_event
    assert not document.modified
    assert document.redo_label() is not None
    document.redo()
    assert document.tournament == changed
    # A new action clears what could be redone.
    document.undo()
    document.set_result(1, 1, 4, GameResult.DRAW)
    assert document.redo_label() is None


def test_nothing_to_undo_reports_nothing(rr_event: Event) -> None:
    document = EventDocument(MemoryBackend(rr_event))
    reports: list[Changes] = []
    document.changed.connect(reports.append)
    assert not document.undo().anything
    assert reports == []


def test_a_result_for_players_not_paired_is_refused(rr_event: Event) -> None:
    document = EventDocument(MemoryBackend(rr_event))
    with pytest.raises(RuleError, match="not paired in round 1"):
        document.set_result(1, 1, 2, GameResult.DRAW)
    assert document.tournament == rr_event


def test_changes_combine() -> None:
    a = Changes(results=True, rounds=frozenset({1}))
    b = Changes(players=True, rounds=frozenset({2}))
    assert a | b == Changes(players=True, results=True, rounds=frozenset({1, 2}))
