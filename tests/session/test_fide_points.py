"""A point system outside FIDE's rules takes the event out of FIDE mode (FIDE C.02, the
checklist's questions 74, 81 and 83, read as question 43 reads every setting).

Before round 1 the event's FIDE mode follows its settings and the indicator names the
point system; once round 1 is paired such a system is a level-4 question that, answered,
leaves FIDE mode for good in the same journal entry as the change.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter_app.core.fide_mode import LEAVE_TOKEN
from arbiter_app.core.points import parse_point_system
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level
from arbiter_app.session import Session
from arbiter_app.session.codec import point_system_to_json
from arbiter_app.session.commands import EditSettings
from arbiter_app.session.integrity import fide_mode_of, stored_pibes
from arbiter_app.session.setting_levels import POINTS_TOKEN
from tests.session.test_fide_mode import six
from tests.support.sessions import TickingClock

TWO_DRAWS_OVER_A_WIN = point_system_to_json(parse_point_system("1,0.75,0"))


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = six(tmp_path / "six.arbiter")
    yield s
    s.close()


def test_q74_before_round_1_the_event_is_not_in_fide_mode_and_says_why(tmp_path: Path) -> None:
    with Session.create(
        tmp_path / "new.arbiter", name="New", system="swiss", rounds=5, clock=TickingClock()
    ) as s:
        assert fide_mode_of(s.state).on
        s.run(EditSettings(point_system=TWO_DRAWS_OVER_A_WIN))
        mode = fide_mode_of(s.state)
        assert not mode.on
        assert "two draws (1½) worth more than a win and a loss (1)" in mode.indicator
        s.run(EditSettings(point_system="standard"))
        assert fide_mode_of(s.state).on  # before round 1 the mode follows the settings


def test_q74_q81_q83_after_round_1_a_level_4_question_then_fide_mode_is_left(
    session: Session,
) -> None:
    pab_above_a_win = point_system_to_json(parse_point_system("1,0.5,0,1,2,0.5,0"))
    state = session.state
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(EditSettings(point_system=pab_above_a_win))
    assert session.state == state
    leave = next(w for w in info.value.warnings if w.token == LEAVE_TOKEN)
    assert leave.level is Level.CONFIRM_CONSEQUENCES
    assert "a pairing-allocated bye (2) worth more than a win (1)" in leave.question
    with pytest.raises(ConfirmationNeeded):  # the points' own question alone is no answer
        session.run(EditSettings(point_system=pab_above_a_win), confirm=POINTS_TOKEN)
    assert fide_mode_of(session.state).on
    session.run(EditSettings(point_system=pab_above_a_win), confirm=[LEAVE_TOKEN, POINTS_TOKEN])
    mode = fide_mode_of(session.state)
    assert mode.left and mode.left_at_round == 1
    assert "### FIDE mode @ Round 1: left after round 1 was paired for points 1/½/0, PAB 2" in [
        p.trf_line() for p in stored_pibes(session.state)
    ]
