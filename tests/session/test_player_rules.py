"""Player rules the session keeps: the registration deadline of seed 002_… ("Players must
register to the tournament before half the number of rounds of the tournament minus 1, rounded
up, are played") and no requested bye for a player who withdrew."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import EntryKind
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    EditSettings,
    EnterResult,
    LateEntry,
    RecordPairings,
    RequestBye,
    WithdrawPlayer,
)
from tests.support.sessions import TickingClock


def online_event(path: Path, preset: str | None = "online-swiss") -> Session:
    session = Session.create(
        path,
        name="Online",
        system="swiss",
        rounds=10,
        preset=preset,
        clock=TickingClock(),
        durable=False,
    )
    for name in ("Ann", "Ben", "Cid", "Dee"):
        session.run(AddPlayer(name=name))
    return session


def play_round(session: Session, round_no: int, *, finish: bool = True) -> None:
    session.run(RecordPairings(round=round_no, boards=[[1, 2], [3, 4]]))
    session.run(EnterResult(round=round_no, board=1, result="1-0"))
    if finish:
        session.run(EnterResult(round=round_no, board=2, result="1/2"))


def test_registration_is_open_until_round_four_of_ten_ends(tmp_path: Path) -> None:
    with online_event(tmp_path / "o.arbiter") as session:
        for round_no in (1, 2, 3):
            play_round(session, round_no)
        play_round(session, 4, finish=False)
        # Round 4 is still being played: the deadline has not passed.
        tpn = session.run(LateEntry(name="Eve", missed="zero-bye")).value
        assert [e.kind for e in session.event.entries_of(tpn)] == [EntryKind.ZERO_BYE] * 4
        session.run(EnterResult(round=4, board=2, result="0-1"))
        journal = session.journal()
        with pytest.raises(RuleError, match="registration closed at the end of round 4 of 10"):
            session.run(LateEntry(name="Fay"))
        assert session.journal() == journal
        assert [p.name for p in session.event.players][-1] == "Eve"


def test_other_regulations_have_no_registration_deadline(tmp_path: Path) -> None:
    with online_event(tmp_path / "f.arbiter", preset=None) as session:
        for round_no in (1, 2, 3, 4, 5):
            play_round(session, round_no)
        tpn = session.run(LateEntry(name="Eve")).value
        assert session.event.player(tpn).name == "Eve"


def test_a_withdrawn_player_asks_for_no_bye(tmp_path: Path) -> None:
    with online_event(tmp_path / "w.arbiter", preset=None) as session:
        play_round(session, 1)
        session.run(WithdrawPlayer(tpn=2, from_round=3))
        session.run(RequestBye(tpn=2, round=2, kind="half"))  # still playing in round 2
        journal = session.journal()
        with pytest.raises(RuleError, match="player 2 withdrew from round 3; no bye"):
            session.run(RequestBye(tpn=2, round=4, kind="half"))
        assert session.journal() == journal


def test_nobody_joins_a_round_robin_once_it_is_paired(tmp_path: Path) -> None:
    """FIDE C.05 Annex 1: the Berger table for the number of players is fixed at round 1."""
    session = Session.create(
        tmp_path / "rr.arbiter",
        name="Club RR",
        system="round-robin",
        rounds=3,
        clock=TickingClock(),
        durable=False,
    )
    with session:
        for name in ("Ann", "Ben", "Cid", "Dee"):
            session.run(AddPlayer(name=name))
        session.run(RecordPairings(round=1, boards=[[1, 4], [2, 3]]))
        journal = session.journal()
        with pytest.raises(RuleError, match="round robin's schedule is fixed"):
            session.run(LateEntry(name="Eve"))
        assert session.journal() == journal
        assert len(session.event.players) == 4


def test_no_late_entry_once_every_round_is_paired(tmp_path: Path) -> None:
    with online_event(tmp_path / "o.arbiter", preset=None) as session:
        session.run(EditSettings(rounds=2))
        play_round(session, 1)
        session.run(LateEntry(name="Eve"))  # round 2 is still to be paired: Eve can play it
        session.run(RecordPairings(round=2, boards=[[1, 2], [3, 4]], byes=[[5, "pairing-bye"]]))
        with pytest.raises(RuleError, match="all 2 rounds are paired"):
            session.run(LateEntry(name="Fay"))
        assert [p.name for p in session.event.players][-1] == "Eve"
