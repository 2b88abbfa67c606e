"""FIDE mode means FIDE's rules (FIDE C.02 verification checklist, question 43).

In FIDE mode a setting outside FIDE's rules (a bye policy other than the
pairing-allocated bye, the US Chess or online rule set, a tie-break C.07 does
not define, the club's double Swiss) is a level-4 question that, answered,
leaves FIDE mode for good in the same journal entry as the change.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbiter_app.cli import main
from arbiter_app.core.errors import RuleError
from arbiter_app.core.fide_mode import LEAVE_TOKEN
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    EditSettings,
    EnterResult,
    RecordPairings,
    SetPairingNumbers,
)
from arbiter_app.session.integrity import fide_mode_of, stored_pibes
from arbiter_app.session.setting_levels import TIEBREAKS_TOKEN
from tests.session.test_fide_mode import PLAYERS, six
from tests.support.sessions import TickingClock


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = six(tmp_path / "six.arbiter")
    yield s
    s.close()


def lines(session: Session) -> list[str]:
    return [p.trf_line() for p in stored_pibes(session.state)]


def asked(session: Session, **settings: Any) -> list[tuple[Level, str, str]]:
    state = session.state
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(EditSettings(**settings))
    assert session.state == state
    return [(w.level, w.question, w.token) for w in info.value.warnings]


@pytest.mark.parametrize(
    ("settings", "named", "line"),
    [
        (
            {"bye_policy": "uscf-28l"},
            "the US Chess bye rule 28L",
            "### FIDE mode @ Round 1: left after round 1 was paired for bye policy uscf-28l",
        ),
        (
            {"rule_set": "uscf"},
            "the US Chess rule set",
            "### FIDE mode @ Round 1: left after round 1 was paired for rule set uscf",
        ),
        (
            {"rule_set": "online-swiss"},
            "the online Swiss rules' rule set",
            "### FIDE mode @ Round 1: left after round 1 was paired for rule set online-swiss",
        ),
        (
            {"tiebreaks": ["BH", "MM", "SOLK"]},
            "tie-breaks FIDE C.07 does not define (MM, SOLK)",
            "### FIDE mode @ Round 1: left after round 1 was paired for tie-breaks MM, SOLK",
        ),
    ],
)
def test_q43_a_setting_outside_fide_rules_is_a_level_4_question_that_leaves_fide_mode(
    session: Session, settings: dict[str, Any], named: str, line: str
) -> None:
    questions = asked(session, **settings)
    level, question, token = questions[0]
    assert level is Level.CONFIRM_CONSEQUENCES and token == LEAVE_TOKEN
    assert question.startswith("Leave FIDE mode after round 1 was paired to use ")
    assert named in question
    # Answering the other questions only is no answer: nothing changes, FIDE mode stays.
    others = [t for _, _, t in questions[1:] if t] or True
    with pytest.raises(ConfirmationNeeded):
        session.run(EditSettings(**settings), confirm=others)
    assert fide_mode_of(session.state).on
    tokens = [t for _, _, t in questions if t]
    session.run(EditSettings(**settings), confirm=tokens)
    mode = fide_mode_of(session.state)
    assert mode.left and mode.left_at_round == 1
    assert line in lines(session)
    for key, value in settings.items():
        assert session.state.setting(key) == value


def test_q43_the_us_chess_preset_in_fide_mode_names_all_it_leaves_and_is_never_undone(
    session: Session,
) -> None:
    questions = asked(session, preset="uscf")
    assert [level for level, _, _ in questions] == [
        Level.CONFIRM_CONSEQUENCES,
        Level.CONFIRM_CONSEQUENCES,
        Level.CONFIRM,
        Level.CONFIRM,
    ]
    question = questions[0][1]
    assert "the US Chess rule set" in question and "28L" in question
    assert "(MM, SOLK, CUM, OPPC)" in question
    session.run(EditSettings(preset="uscf"), confirm=[LEAVE_TOKEN, TIEBREAKS_TOKEN])
    assert fide_mode_of(session.state).left
    assert not session.can_undo
    with pytest.raises(RuleError, match="this settings change left FIDE mode"):
        session.undo()
    assert fide_mode_of(session.state).left
    assert lines(session)[0].startswith("### FIDE mode @ Round 1: left after round 1 was paired")
    # Changing the settings back does not bring the event back to FIDE mode.
    session.run(
        EditSettings(tiebreaks=["BH"], rule_set="fide-2024", bye_policy="fide"),
        confirm=[TIEBREAKS_TOKEN],
    )
    assert fide_mode_of(session.state).left


def test_q43_fide_settings_ask_nothing_about_fide_mode(session: Session) -> None:
    """FIDE's own choices stay in FIDE mode: C.07 tie-breaks, a FIDE text, FIDE's bye."""
    questions = asked(session, tiebreaks=["BH/C1", "SB", "DE", "TPN"], rule_set="fide-2026")
    assert all(token != LEAVE_TOKEN for _, _, token in questions)
    session.run(
        EditSettings(tiebreaks=["BH/C1", "SB", "DE", "TPN"], rule_set="fide-2026"),
        confirm=[TIEBREAKS_TOKEN],
    )
    assert fide_mode_of(session.state).on
    assert session.can_undo


def test_q43_an_ordinary_settings_change_stays_undoable(session: Session) -> None:
    session.run(EditSettings(tiebreaks=["SB"]), confirm=TIEBREAKS_TOKEN)
    assert session.can_undo
    session.undo()
    assert session.state.setting("tiebreaks") != ["SB"]


def test_q43_before_round_1_the_mode_follows_the_settings_then_stays(tmp_path: Path) -> None:
    """Before round 1 is paired the event's FIDE mode is its default, which follows its
    settings, nothing asked (the indicator says why); once round 1 is paired it never comes
    back."""
    with Session.create(
        tmp_path / "d.arbiter", name="D", system="swiss", rounds=4, clock=TickingClock()
    ) as s:
        for name, rating in PLAYERS:
            s.run(AddPlayer(name=name, rating=rating))
        outcome = s.run(EditSettings(bye_policy="once-per-tournament"))
        assert outcome.answered == () and outcome.notices == ()
        mode = fide_mode_of(s.state)
        assert not mode.on and not mode.left
        assert mode.indicator == (
            "Not in FIDE mode: the event uses the online Swiss rules' bye (once per "
            "tournament), outside FIDE's rules."
        )
        s.run(EditSettings(bye_policy="fide"))
        assert fide_mode_of(s.state).on
        s.run(EditSettings(system="double-swiss"))
        assert not fide_mode_of(s.state).on
        s.run(EditSettings(system="swiss", tiebreaks=["KASH"]))
        assert not fide_mode_of(s.state).on
        s.run(SetPairingNumbers(by="rating"))
        s.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]))
        # Round 1 is paired outside FIDE mode: FIDE's settings no longer bring it back.
        s.run(EditSettings(tiebreaks=["BH"]), confirm=TIEBREAKS_TOKEN)
        mode = fide_mode_of(s.state)
        assert not mode.on and mode.indicator.endswith("(KASH), outside FIDE's rules.")
        assert lines(s) == ["### Configuration @ Round 1: tie-breaks KASH => BH"]


def test_q43_an_event_not_in_fide_mode_is_not_asked(tmp_path: Path) -> None:
    with Session.create(
        tmp_path / "u.arbiter",
        name="U",
        system="swiss",
        rounds=4,
        preset="uscf",
        clock=TickingClock(),
    ) as s:
        assert not fide_mode_of(s.state).on
        s.run(EditSettings(tiebreaks=["MM", "SOLK"]))
        assert lines(s) == []


def test_q43_the_report_of_a_swiss_under_us_chess_rules_is_not_written_fide_dutch(
    session: Session, tmp_path: Path
) -> None:
    path = session.path
    assert path is not None
    out = tmp_path / "before.trf"
    assert main(["export", str(path), "--format", "trf", "-o", str(out)]) == 0
    assert "192 FIDE_DUTCH" in out.read_text(encoding="utf-8").splitlines()
    session.run(EditSettings(rule_set="uscf"), confirm=[LEAVE_TOKEN])
    session.run(RecordPairings(round=2, boards=[[2, 1], [4, 3], [6, 5]]), confirm=True)
    session.run(EnterResult(round=2, board=1, result="1-0"))
    out = tmp_path / "after.trf"
    assert main(["export", str(path), "--format", "trf", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8").splitlines()
    assert "192 CUSTOM_SWISS" in text
    assert "### FIDE mode @ Round 1: left after round 1 was paired for rule set uscf" in text
