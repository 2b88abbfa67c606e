"""Importing games whose result is not known (FIDE C.02, the checklist's questions
164-166): paired, without a result, adjourned (the session's state of a result not known,
Q157); a code TRF-26 does not define asks first (level 3) and is logged with a
``### Import`` line; the adjourned state goes through an export and an import again."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.core.trf import parse_trf
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level
from arbiter_app.session import Session
from arbiter_app.session.adjourned import adjourned_in
from arbiter_app.session.commands import EnterResult
from arbiter_app.session.importing import create_imported
from arbiter_app.session.integrity import stored_pibes
from arbiter_app.session.trf_source import import_arguments
from arbiter_app.sheets.builders import trf_report
from arbiter_app.sheets.source import from_session
from tests.core.trf.test_unknown_results import BASE, _with_codes


def _import(path: Path, text: str, confirm: bool = False) -> Session:
    doc = parse_trf(text, "in.trf")
    return create_imported(
        path,
        doc.event,
        source="in.trf",
        arguments=import_arguments(doc),
        confirm=True if confirm else None,
        durable=False,
    )


def test_a_question_mark_comes_in_adjourned(tmp_path: Path) -> None:
    """Q165's mark: board of Alyx (1) v David (4) in round 5 has no result, is adjourned,
    and neither player has a round 5 entry (no provisional score, Q167)."""
    with _import(tmp_path / "a.arbiter", _with_codes({1: "?", 4: "?"})) as session:
        assert adjourned_in(session.state) == {5: (1,)}
        (board,) = [b for b in session.boards(5) if b.number == 1]
        assert (board.white, board.black, board.result, board.adjourned) == (1, 4, None, True)
        scores = session.event.scores()
        assert (scores[1], scores[4]) == (Fraction(3), Fraction(3))
        assert stored_pibes(session.state) == []  # TRF-26's own mark: nothing to log
        # Its result is entered like any adjourned game's (Q162).
        session.run(EnterResult(round=5, board=1, result="1/2-1/2"))
        assert adjourned_in(session.state) == {}
        assert session.event.scores()[1] == Fraction(7, 2)


def test_an_unknown_code_asks_at_level_3_and_logs_an_import_line(tmp_path: Path) -> None:
    """Q166: 'Q' on Alyx's record is no TRF code: a level-3 question names the players, the
    round and the code; confirmed, the game comes in adjourned with a ### Import line."""
    text = _with_codes({1: "Q"})
    with pytest.raises(ConfirmationNeeded) as asked:
        _import(tmp_path / "q.arbiter", text)
    (alert,) = asked.value.warnings
    assert alert.level is Level.CONFIRM
    assert alert.consequences == (
        "round 5, player 1 (White) v player 4 (Black): the result code 'Q', which "
        "TRF-26 does not define, read as a result not known",
    )
    assert "question 166" in alert.article
    assert not (tmp_path / "q.arbiter").exists()  # nothing was imported
    with _import(tmp_path / "q.arbiter", text, confirm=True) as session:
        assert adjourned_in(session.state) == {5: (1,)}
        lines = [p.trf_line() for p in stored_pibes(session.state)]
        assert lines == [
            "### Import @ Round 5: 1-4 result code 'Q', not TRF-26's, read as not known (?)"
        ]


def test_the_adjourned_state_goes_through_export_and_import(tmp_path: Path) -> None:
    """Q164-165 and Q169 together: the in-tournament file marks the game '?', which an
    import reads back as the same adjourned game; the rating report stays refused."""
    from arbiter_app.core.errors import ArbiterError

    with _import(tmp_path / "a.arbiter", _with_codes({1: "?", 4: "?"})) as session:
        src = from_session(session, tmp_path / "a.arbiter")
        text, _ = trf_report(src, in_tournament=True)
        with pytest.raises(ArbiterError, match="checklist question 169"):
            trf_report(src)
    assert "     4 w ?" in text and "     1 b ?" in text
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    X 0.5" in text.splitlines()
    with _import(tmp_path / "b.arbiter", text) as again:
        assert adjourned_in(again.state) == {5: (1,)}
        again.run(EnterResult(round=5, board=1, result="1/2-1/2"))
        report, _ = trf_report(from_session(again, tmp_path / "b.arbiter"))
    # With the result in, the report is the TEC file again, record for record.
    assert report == BASE
