"""Corrections for the rating report only (FIDE C.04.2 article 4.3; checklist Q192, Q193).

A result found wrong after a later round was paired from it is corrected in the rating
report only: the pairings and the standings keep the result played, the report's player
records carry the corrected one, and a ``### Rating correction`` line says which the
pairings and standings used.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.result import GameResult
from arbiter_app.core.trf import parse_trf
from arbiter_app.session import CommandError, Session
from arbiter_app.session.commands import CorrectResult, CorrectResultForRating
from arbiter_app.session.rating_corrections import stored_corrections
from arbiter_app.sheets.builders import trf_report
from arbiter_app.sheets.source import load
from tests.support.sessions import small_event


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = small_event(tmp_path / "e.arbiter")
    yield s
    s.close()


def _correct(session: Session, **args: object) -> str:
    fields = {"round": 1, "board": 1, "result": "0-1", "reason": "scoresheets signed 0-1"}
    fields.update(args)
    outcome = session.run(CorrectResultForRating.of(fields), confirm=True)
    return str(outcome.value)


def test_the_standings_keep_the_result_played(session: Session) -> None:
    """Round 1 board 1, Ann (1) - Cid (3), was entered 1-0; round 2 was paired from it."""
    before = session.event.scores()
    line = _correct(session)
    assert line == (
        "### Rating correction @ Round 1: 1-3 1-0 => 0-1 (scoresheets signed 0-1); the "
        "pairings and standings used 1-0 (FIDE C.04.2 article 4.3)"
    )
    assert session.event.scores() == before
    board = next(b for b in session.boards(1) if b.number == 1)
    assert board.result is GameResult.WHITE_WINS
    (correction,) = stored_corrections(session.state)
    assert (correction.played, correction.corrected) == (
        GameResult.WHITE_WINS,
        GameResult.BLACK_WINS,
    )


def test_the_report_rates_the_corrected_result_with_its_line(session: Session) -> None:
    _correct(session)
    session.close()
    text, _ = trf_report(load(session.path))
    event = parse_trf(text).event
    assert event.entry(1, 1).outcome is not None and event.entry(1, 1).outcome.value == "0"
    assert event.entry(3, 1).outcome is not None and event.entry(3, 1).outcome.value == "1"
    assert "### Rating correction @ Round 1: 1-3 1-0 => 0-1" in text
    # The standings of the file itself are unchanged.
    with Session.open(session.path) as again:
        assert again.event.scores()[1] == Fraction(2)


def test_a_level_3_question_comes_first(session: Session) -> None:
    """Nothing is recorded without the answer (FIDE C.02 level 3)."""
    state = session.state
    with pytest.raises(ArbiterError, match="rating report will give board 1 of round 1"):
        session.run(CorrectResultForRating(round=1, board=1, result="0-1", reason="signed 0-1"))
    assert session.state == state


def test_only_a_round_later_pairings_were_made_from(session: Session) -> None:
    """Round 2 is the last paired: its results are corrected themselves."""
    with pytest.raises(RuleError, match="no round was paired after round 2"):
        _correct(session, round=2, board=1)
    with pytest.raises(RuleError, match="has no result yet"):
        _correct(session, round=2, board=2)
    with pytest.raises(CommandError, match="say why"):
        _correct(session, reason=" ")


def test_back_to_the_result_played_takes_it_away(session: Session) -> None:
    _correct(session)
    message = _correct(session, result="1-0", reason="")
    assert message == "round 1, 1-3: the rating report gives 1-0 again"
    assert stored_corrections(session.state) == ()
    with pytest.raises(RuleError, match="already"):
        _correct(session, result="1-0")


def test_a_correction_of_the_result_itself_replaces_it(session: Session) -> None:
    _correct(session)
    session.run(CorrectResult(round=1, board=1, result="1/2"), confirm=True)
    assert stored_corrections(session.state) == ()


def test_undo_takes_it_back(session: Session) -> None:
    _correct(session)
    session.undo()
    assert stored_corrections(session.state) == ()
