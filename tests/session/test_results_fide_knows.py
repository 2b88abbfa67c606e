"""Entering the results FIDE knows (issue 23, item 3): ½-0, 0-½, 0-0 and games not rated.

Laws of Chess article 12.9 (the arbiter reduces the points of the offender, or declares
the game lost and decides the opponent's score); checklist Q24 and Q180 (odd results),
Q185 (a game played but not rated, TRF-26 ``W D L``).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.core.model import EntryKind, Outcome
from arbiter_app.core.result import GameResult
from arbiter_app.core.trf import TrfVersion, event_to_trf, parse_trf
from arbiter_app.session import Session
from arbiter_app.session.commands import CorrectResult, EnterResult, RecordPairings
from tests.support.sessions import small_event


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = small_event(tmp_path / "e.arbiter")
    yield s
    s.close()


@pytest.mark.parametrize(
    ("typed", "result", "points_3", "points_4"),
    [
        ("½-0", GameResult.WHITE_HALF, Fraction(1, 2), Fraction(0)),
        ("0-1/2", GameResult.BLACK_HALF, Fraction(0), Fraction(1, 2)),
        ("0-0", GameResult.BOTH_LOSE, Fraction(0), Fraction(0)),
        ("1-0 unrated", GameResult.WHITE_WINS_UNRATED, Fraction(1), Fraction(0)),
        ("D-D", GameResult.DRAW_UNRATED, Fraction(1, 2), Fraction(1, 2)),
        ("0-1 nr", GameResult.BLACK_WINS_UNRATED, Fraction(0), Fraction(1)),
    ],
)
def test_each_result_goes_in_and_counts_in_the_standings(
    session: Session, typed: str, result: GameResult, points_3: Fraction, points_4: Fraction
) -> None:
    """Round 2 board 2 is Cid (3) - Dee (4); after round 1 Cid has 0 and Dee ½."""
    before = session.event.scores()
    outcome = session.run(EnterResult(round=2, board=2, result=typed))
    assert outcome.value == result.value
    board = next(b for b in session.boards(2) if b.number == 2)
    assert board.result is result
    scores = session.event.scores()
    assert scores[3] - before[3] == points_3
    assert scores[4] - before[4] == points_4
    white, black = session.event.entry(3, 2), session.event.entry(4, 2)
    assert white.kind is black.kind is EntryKind.GAME  # played (C.07 article 16)
    assert white.rated is black.rated is result.is_rated
    # The round is complete: the next one can be paired.
    assert session.event_state.pairing_refusal is None


def test_the_report_writes_each_sides_code_and_reads_it_back(session: Session) -> None:
    """TRF-26: ½-0 is ``=`` facing ``0``; a game not rated ``W`` facing ``L``."""
    session.run(EnterResult(round=2, board=2, result="1/2-0"))
    session.run(RecordPairings(round=3, boards=[[1, 4], [3, 2]]))
    session.run(EnterResult(round=3, board=1, result="1-0 unrated"))
    session.run(EnterResult(round=3, board=2, result="0-0"))
    event = session.event
    text = event_to_trf(event, TrfVersion.TRF26)
    again = parse_trf(text).event
    for tpn in (1, 2, 3, 4):
        for r in (2, 3):
            assert (again.entry(tpn, r).outcome, again.entry(tpn, r).rated) == (
                event.entry(tpn, r).outcome,
                event.entry(tpn, r).rated,
            )
    assert again.entry(1, 3).outcome is Outcome.WIN and not again.entry(1, 3).rated
    assert again.entry(3, 3).outcome is again.entry(2, 3).outcome is Outcome.LOSS
    assert again.scores() == event.scores()


def test_a_correction_to_an_unequal_result(session: Session) -> None:
    """A result corrected to ½-0 replaces both sides (the usual correction, C.02 level)."""
    session.run(CorrectResult(round=2, board=1, result="0-1/2"))
    board = next(b for b in session.boards(2) if b.number == 1)
    assert board.result is GameResult.BLACK_HALF
    assert session.event.entry(2, 2).outcome is Outcome.LOSS
    assert session.event.entry(1, 2).outcome is Outcome.DRAW


# --- adjourned games (checklist Q157, Q162) ---------------------------------------------------


@pytest.mark.parametrize("typed", ["adjourned", "adj", "*", "?", "Unknown"])
def test_a_game_is_recorded_as_adjourned(session: Session, typed: str) -> None:
    """Q157: the board keeps no result and shows it is adjourned; the round is not complete,
    so the next one is not paired (Q158 answered no); its result goes in any time (Q162)."""
    outcome = session.run(EnterResult(round=2, board=2, result=typed))
    assert outcome.value == "adjourned"
    board = next(b for b in session.boards(2) if b.number == 2)
    assert board.result is None and board.adjourned and board.result_label == "adj."
    assert session.event.entry(3, 2).kind is EntryKind.NOT_PAIRED
    assert session.event_state.pending_in(2) == (2,)
    assert session.event_state.pairing_refusal is not None
    session.run(EnterResult(round=2, board=2, result="1/2"))
    board = next(b for b in session.boards(2) if b.number == 2)
    assert board.result is GameResult.DRAW and not board.adjourned
    assert session.event_state.pairing_refusal is None


def test_an_adjournment_in_fide_mode_is_a_line_of_the_report(session: Session) -> None:
    """C.02 (the checklist's pairing-integrity events list adjournments): a
    ``### Adjournment @ Round 2`` line, which Undo takes back with the mark."""
    from arbiter_app.session.integrity import stored_pibes

    session.run(EnterResult(round=2, board=2, result="adj"))
    lines = [p.trf_line() for p in stored_pibes(session.state)]
    assert lines == ["### Adjournment @ Round 2: 3-4"]
    session.undo()
    assert stored_pibes(session.state) == []
    assert not next(b for b in session.boards(2) if b.number == 2).adjourned


def test_an_adjournment_is_refused_on_a_board_with_a_result(session: Session) -> None:
    from arbiter_app.core.errors import RuleError

    with pytest.raises(RuleError, match="has the result 0-1; a game is adjourned before"):
        session.run(EnterResult(round=2, board=1, result="adj"))
    with pytest.raises(RuleError, match="a game is adjourned before it has a result"):
        session.run(CorrectResult(round=2, board=1, result="adj"))
    session.run(EnterResult(round=2, board=2, result="adj"))
    with pytest.raises(RuleError, match="adjourned already"):
        session.run(EnterResult(round=2, board=2, result="*"))


def test_an_adjourned_board_paired_again_loses_its_mark(session: Session) -> None:
    """The mark belongs to the board as it was: pairing the round again (before any result of
    it) leaves the new boards without a mark."""
    session.run(RecordPairings(round=3, boards=[[1, 4], [3, 2]]))
    session.run(EnterResult(round=3, board=1, result="adj"))
    session.run(RecordPairings(round=3, boards=[[4, 1], [2, 3]]))
    assert not any(b.adjourned for b in session.boards(3))


def test_pairing_the_next_round_names_the_adjourned_game(session: Session) -> None:
    """Checklist Q158 answered no: the next round waits for the adjourned game's result,
    and the refusal says which game."""
    from arbiter_app.core.errors import RuleError
    from arbiter_app.session.pairing import pair_next_round

    session.run(EnterResult(round=2, board=2, result="adj"))
    with pytest.raises(RuleError, match=r"Adjourned: round 2, board 2; .* once its result is in"):
        pair_next_round(session)


def test_an_adjourned_game_won_asks_first(session: Session) -> None:
    """Checklist Q163: the result of an adjourned game that is not a draw is a level-3
    question (the adjourned game used to count as a draw); nothing changes without it."""
    from arbiter_app.core.warning_levels import ConfirmationNeeded

    session.run(EnterResult(round=2, board=2, result="adj"))
    state = session.state
    with pytest.raises(ConfirmationNeeded, match="was adjourned; its result is 1-0, not a draw"):
        session.run(EnterResult(round=2, board=2, result="1-0"))
    assert session.state == state
    session.run(EnterResult(round=2, board=2, result="1-0"), confirm=True)
    assert next(b for b in session.boards(2) if b.number == 2).result is GameResult.WHITE_WINS
