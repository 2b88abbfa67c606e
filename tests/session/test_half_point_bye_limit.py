"""The announced number of half-point byes a player may take (FIDE C.02 question 176, the
tournament regulations; US Chess 22C): a setting, enforced on every way a half-point bye is
given."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import EntryKind
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level
from arbiter_app.session import Session
from arbiter_app.session.codec import settings_of
from arbiter_app.session.commands import (
    AddPlayer,
    EditSettings,
    EnterResult,
    LateEntry,
    MarkAbsent,
    RecordPairings,
    RequestBye,
    RequestByes,
    SetPairingNumbers,
)
from tests.support.sessions import TickingClock


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    """Six players by rating, nothing paired, at most one half-point bye each."""
    s = Session.create(
        tmp_path / "limit.arbiter", name="Limit", system="swiss", rounds=6, clock=TickingClock()
    )
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900),
                         ("Eve", 1800), ("Fay", 1700)):  # fmt: skip
        s.run(AddPlayer(name=name, rating=rating))
    s.run(SetPairingNumbers(by="rating"))
    s.run(EditSettings(half_point_bye_limit=1))
    yield s
    s.close()


def kind_asked(session: Session, tpn: int, round_no: int) -> str | None:
    row = session.state.tables["bye_requests"].get((tpn, round_no))
    return None if row is None else str(row["kind"])


def test_the_limit_is_a_setting_kept_in_the_file(session: Session, tmp_path: Path) -> None:
    assert settings_of(session.state).half_point_bye_limit == 1
    session.close()
    with Session.open(tmp_path / "limit.arbiter") as again:
        assert settings_of(again.state).half_point_bye_limit == 1
        again.run(EditSettings(half_point_bye_limit=None))
        assert settings_of(again.state).half_point_bye_limit is None
        for wrong in (-1, "two", True, 100):
            with pytest.raises(ArbiterError, match="half-point byes a player may take"):
                again.run(EditSettings(half_point_bye_limit=wrong))


def test_a_new_event_has_no_limit(tmp_path: Path) -> None:
    with Session.create(tmp_path / "n.arbiter", name="N", system="swiss", rounds=5) as s:
        assert settings_of(s.state).half_point_bye_limit is None
    with Session.create(
        tmp_path / "u.arbiter", name="U", system="swiss", rounds=5, preset="uscf"
    ) as s:
        assert settings_of(s.state).half_point_bye_limit is None


def test_a_player_bye_past_the_limit_is_refused_with_the_limit(session: Session) -> None:
    session.run(RequestBye(tpn=2, round=2, kind="half"))  # within the limit: no question
    assert kind_asked(session, 2, 2) == EntryKind.HALF_BYE.value
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(RequestBye(tpn=2, round=3, kind="half"))
    (alert,) = info.value.warnings  # one question: the limit's, not a second one
    assert alert.level is Level.CONFIRM
    assert alert.question == (
        "2 Ben would have 2 half-point byes (rounds 2-3); the regulations allow at most "
        "1 half-point bye (FIDE C.02 question 176, the tournament regulations; US Chess 22C): "
        "give them all the same?"
    )
    assert kind_asked(session, 2, 3) is None
    # Zero- and full-point byes are not counted.
    session.run(RequestBye(tpn=2, round=3, kind="zero"))
    # The arbiter may still give it, answering the question.
    session.run(RequestBye(tpn=2, round=4, kind="half"), confirm=True)
    assert kind_asked(session, 2, 4) == EntryKind.HALF_BYE.value


def test_a_limit_of_two_accepts_a_second_bye_without_asking(session: Session) -> None:
    session.run(EditSettings(half_point_bye_limit=2))
    session.run(RequestBye(tpn=2, round=2, kind="half"))
    session.run(RequestBye(tpn=2, round=3, kind="half"))  # no "second bye" question
    with pytest.raises(ConfirmationNeeded, match="at most 2 half-point byes"):
        session.run(RequestBye(tpn=2, round=4, kind="half"))


def test_no_half_point_bye_at_all_with_a_limit_of_zero(session: Session) -> None:
    session.run(EditSettings(half_point_bye_limit=0))
    with pytest.raises(ConfirmationNeeded, match="allow no half-point bye"):
        session.run(RequestBye(tpn=1, round=2, kind="half"))


def test_a_range_past_the_limit_is_refused(session: Session) -> None:
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(RequestByes(tpn=3, rounds=[2, 3], kind="half"))
    (alert,) = info.value.warnings
    assert "3 Cid would have 2 half-point byes (rounds 2-3)" in alert.question
    assert "at most 1 half-point bye" in alert.question
    assert kind_asked(session, 3, 2) is None and kind_asked(session, 3, 3) is None
    session.run(RequestByes(tpn=3, rounds=[2], kind="half"))  # within: accepted
    assert kind_asked(session, 3, 2) == EntryKind.HALF_BYE.value
    with pytest.raises(ConfirmationNeeded, match="rounds 2, 5"):
        session.run(RequestByes(tpn=3, rounds=[5], kind="half"))


def test_an_absence_past_the_limit_is_a_zero_point_bye(session: Session) -> None:
    session.run(EditSettings(bye_policy="uscf-28l"))  # absences are half-point byes early on
    session.run(RequestBye(tpn=4, round=2, kind="half"))
    outcome = session.run(MarkAbsent(round=3, players=[4, 5]))
    assert kind_asked(session, 4, 3) == EntryKind.ZERO_BYE.value  # past the limit
    assert kind_asked(session, 5, 3) == EntryKind.HALF_BYE.value  # within it
    (notice,) = outcome.notices
    assert notice.level is Level.NOTICE
    assert notice.question == (
        "4 Dee gets a zero-point bye in round 3, not a half-point bye: the regulations allow "
        "at most 1 half-point bye and they have 1 half-point bye already (FIDE C.02 question "
        "176, the tournament regulations; US Chess 22C)."
    )


def test_a_late_entry_with_half_point_byes_past_the_limit(session: Session) -> None:
    session.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]))
    for board in (1, 2, 3):
        session.run(EnterResult(round=1, board=board, result="1-0"))
    session.run(RecordPairings(round=2, boards=[[1, 5], [2, 3], [4, 6]]))
    players = len(session.state.tables["players"])
    with pytest.raises(ConfirmationNeeded, match=r"would have 2 half-point byes \(rounds 1-2\)"):
        session.run(LateEntry(name="Gil", rating=1600, missed="half-bye"))
    assert len(session.state.tables["players"]) == players
    tpn = session.run(
        LateEntry(name="Gil", rating=1600, missed_rounds=["half-bye", "zero-bye"])
    ).value
    entries = session.state.tables["entries"]
    assert entries[(tpn, 1)]["kind"] == EntryKind.HALF_BYE.value
    assert entries[(tpn, 2)]["kind"] == EntryKind.ZERO_BYE.value


def test_a_change_of_the_limit_once_play_has_started_asks_first(session: Session) -> None:
    session.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]))
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(EditSettings(half_point_bye_limit=None))
    (alert,) = info.value.warnings
    assert alert.level is Level.CONFIRM
    assert alert.question.startswith(
        "Change the number of half-point byes a player may take (FIDE C.02 Q176) from 1 to "
        "no limit now that"
    )
    session.run(EditSettings(half_point_bye_limit=None), confirm=True)
    assert settings_of(session.state).half_point_bye_limit is None
