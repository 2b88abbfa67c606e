"""The session's warning levels (FIDE C.02): what asks, what an answer does, what is kept."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbiter_app.core.fide_mode import LEAVE_TOKEN
from arbiter_app.core.model import EntryKind
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level, Refused
from arbiter_app.session import CommandError, Session
from arbiter_app.session.commands import (
    AddPlayer,
    Command,
    DisqualifyPlayer,
    EditPlayer,
    EditSettings,
    LeaveFideMode,
    RequestBye,
    SetPrizeFund,
)
from arbiter_app.session.replay import replay
from arbiter_app.session.setting_levels import POINTS_TOKEN, ROUNDS_TOKEN, TIEBREAKS_TOKEN
from tests.support.sessions import TickingClock, sha256, small_event


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    """Spring Open: four players, round 1 played, round 2 paired (one result in)."""
    s = small_event(tmp_path / "e.arbiter")
    yield s
    s.close()


def asked(session: Session, command: type[Command], /, **args: Any) -> ConfirmationNeeded:
    """Run *command* expecting questions; nothing may change, in memory or on disk."""
    state, journal, digest = session.state, session.journal(), sha256(session.path)
    with pytest.raises(ConfirmationNeeded) as info:
        confirm = args.pop("confirm", None)
        session.run(command.of(args), confirm=confirm)
    assert session.state == state
    assert session.journal() == journal
    assert sha256(session.path) == digest
    return info.value


def test_an_unanswered_question_changes_nothing_and_an_answer_is_journalled(
    session: Session,
) -> None:
    question = asked(session, DisqualifyPlayer, tpn=2)
    (alert,) = question.warnings
    assert alert.level is Level.CONFIRM
    assert alert.question == "Disqualify 2 Ben?"
    assert "expelled players" in alert.article
    outcome = session.run(DisqualifyPlayer(tpn=2), confirm=True)
    assert [a.question for a in outcome.answered] == ["Disqualify 2 Ben?"]
    assert session.journal()[-1].arguments == {"tpn": 2, "confirm": True}
    # A replay of the journal is answered as the arbiter answered.
    assert replay(session.journal()) == session.rows
    assert session.verify() == []


def test_a_confirmation_that_answered_nothing_is_not_journalled(session: Session) -> None:
    session.run(EditPlayer(tpn=1, name="Ann Lee"), confirm=True)
    assert session.journal()[-1].arguments == {"tpn": 1, "name": "Ann Lee"}


def test_a_malformed_confirmation_is_refused(session: Session) -> None:
    with pytest.raises(CommandError, match="a confirmation is true"):
        session.run(DisqualifyPlayer(tpn=2), confirm="")
    with pytest.raises(CommandError, match="a confirmation is true"):
        session.run(DisqualifyPlayer(tpn=2), confirm=False)


def test_settings_before_the_start_ask_nothing(tmp_path: Path) -> None:
    with Session.create(
        tmp_path / "n.arbiter", name="N", system="swiss", rounds=5, clock=TickingClock()
    ) as s:
        s.run(AddPlayer(name="Ann"))
        outcome = s.run(
            EditSettings(tiebreaks=["BH"], rounds=7, point_system="gct-rapid", preset="uscf")
        )
        assert outcome.answered == () and outcome.notices == ()
        assert "confirm" not in s.journal()[-1].arguments


def test_after_the_start_the_tie_breaks_rounds_and_points_are_level_4(session: Session) -> None:
    # Rounds and points outside FIDE mode: in it they are fixed once round 1 is paired
    # (tests/session/test_fide_mode.py, question 57).
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    question = asked(session, EditSettings, tiebreaks=["BH"], rounds=7, point_system="gct-rapid")
    assert [(a.level, a.token) for a in question.warnings] == [
        (Level.CONFIRM_CONSEQUENCES, TIEBREAKS_TOKEN),
        (Level.CONFIRM_CONSEQUENCES, ROUNDS_TOKEN),
        (Level.CONFIRM_CONSEQUENCES, POINTS_TOKEN),
    ]
    assert all(a.consequences for a in question.warnings)
    rounds = question.warnings[1]
    assert rounds.question == "Change the number of rounds from 5 to 7 now that round 2 is paired?"
    # True answers level 3 only; one token answers only its own consequence.
    asked(session, EditSettings, tiebreaks=["BH"], confirm=True)
    asked(session, EditSettings, tiebreaks=["BH"], confirm=ROUNDS_TOKEN)
    left = asked(
        session,
        EditSettings,
        tiebreaks=["BH"],
        rounds=7,
        point_system="gct-rapid",
        confirm=f"{TIEBREAKS_TOKEN},{ROUNDS_TOKEN}",
    )
    assert [a.token for a in left.warnings] == [POINTS_TOKEN]
    session.run(
        EditSettings(tiebreaks=["BH"], rounds=7, point_system="gct-rapid"),
        confirm=[TIEBREAKS_TOKEN, ROUNDS_TOKEN, POINTS_TOKEN],
    )
    assert session.settings.tiebreaks == ("BH",)
    assert session.event.planned_rounds == 7


def test_the_same_value_again_asks_nothing(session: Session) -> None:
    session.run(EditSettings(tiebreaks=["BH"]), confirm=TIEBREAKS_TOKEN)
    assert session.run(EditSettings(tiebreaks=["BH"])).answered == ()


def test_a_round_paired_as_the_last_one_is_named_in_the_consequences(session: Session) -> None:
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    question = asked(session, EditSettings, rounds=2)
    (alert,) = question.warnings
    assert "Round 2, paired already, becomes the last round" in " ".join(alert.consequences)


def test_level_3_settings_after_the_start(session: Session) -> None:
    question = asked(session, EditSettings, rule_set="online-swiss", bye_policy="fide")
    assert [a.level for a in question.warnings] == [Level.CONFIRM_CONSEQUENCES, Level.CONFIRM]
    # In FIDE mode a rule set outside FIDE's rules leaves FIDE mode (question 43).
    assert question.warnings[0].token == LEAVE_TOKEN
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    question = asked(session, EditSettings, rule_set="uscf", bye_policy="uscf-28l")
    assert [a.level for a in question.warnings] == [Level.CONFIRM, Level.CONFIRM]
    assert question.warnings[0].question == (
        "Change the rule set for unplayed rounds from the FIDE text of the start date to uscf "
        "now that round 2 is paired?"
    )
    session.run(EditSettings(rule_set="uscf", bye_policy="uscf-28l"), confirm=True)
    # The header asks nothing: it changes nothing paired or ranked.
    assert session.run(EditSettings(info={"city": "Tulsa"})).answered == ()


def test_a_start_date_that_changes_the_fide_text_asks(session: Session) -> None:
    session.run(EditSettings(info={"start_date": "2026-04-01"}))  # no change of text
    question = asked(session, EditSettings, info={"start_date": "2025-06-01"})
    assert "the 2026 text before, the 2024 text after" in question.warnings[0].question
    session.run(EditSettings(rule_set="fide-2026"), confirm=True)
    # With a rule set of its own, the start date decides nothing.
    assert session.run(EditSettings(info={"start_date": "2025-06-01"})).answered == ()


def test_the_system_is_refused_at_level_5_whatever_the_answer(session: Session) -> None:
    with pytest.raises(Refused) as info:
        session.run(EditSettings(system="round-robin"), confirm=True)
    assert info.value.warning.level is Level.REFUSED
    assert "FIDE C.02" in str(info.value)


def test_a_prize_fund_changed_after_the_start_asks(session: Session) -> None:
    session.run(SetPrizeFund(prizes=["100", "50"]))  # the first fund: nothing to ask
    assert session.run(SetPrizeFund(prizes=["100.00", "50"])).answered == ()
    asked(session, SetPrizeFund, prizes=["100", "60"])
    asked(session, EditSettings, prize_fund={"prizes": ["100", "50"], "currency": "EUR"})
    session.run(EditSettings(prize_fund={"prizes": ["120", "60"]}), confirm=True)
    fund = session.state.tables["records"][("prizes", "fund")]
    assert '"120.00"' in fund["value"]


def test_byes_a_second_half_point_bye_asks_and_a_full_point_bye_gives_a_notice(
    session: Session,
) -> None:
    session.run(RequestBye(tpn=3, round=3, kind="half"))
    question = asked(session, RequestBye, tpn=3, round=4, kind="half")
    assert question.warnings[0].question == (
        "3 Cid has a half-point bye already (round 3): give another one in round 4?"
    )
    session.run(RequestBye(tpn=3, round=4, kind="half"), confirm=True)
    # Asking again for the same round is not a second bye.
    assert session.run(RequestBye(tpn=3, round=3, kind="half")).answered == ()
    outcome = session.run(RequestBye(tpn=4, round=3, kind="full"))
    (notice,) = outcome.notices
    assert notice.level is Level.NOTICE
    assert "FIDE deprecates full-point byes" in notice.question
    (full,) = [b for b in session.event.bye_requests if b.tpn == 4]
    assert (full.round, full.kind) == (3, EntryKind.FULL_BYE)
