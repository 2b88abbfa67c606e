"""Taking a registration back before round 1 (a player registered twice, or one who never
came): the player and every row naming him go, the others move up one number, Undo brings
him back; once a round is paired he is withdrawn instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    CheckIn,
    ForbidPairing,
    RemovePlayer,
    RequestBye,
    SetExternalValues,
    SetHalfByeEligibility,
)
from arbiter_app.session.player_commands import checked_in, half_bye_ineligible
from tests.support.sessions import TickingClock, small_event

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve")


def registered(path: Path) -> Session:
    session = Session.create(path, name="Open", system="swiss", rounds=5, clock=TickingClock())
    for place, name in enumerate(NAMES):
        session.run(AddPlayer(name=name, rating=2000 - 100 * place))
    return session


def test_a_registration_is_taken_back_with_all_that_names_the_player(tmp_path: Path) -> None:
    with registered(tmp_path / "e.arbiter") as session:
        session.run(ForbidPairing(players=[2, 4]))
        session.run(ForbidPairing(players=[1, 3, 5]))
        session.run(RequestBye(tpn=3, round=2, kind="half"))
        session.run(RequestBye(tpn=4, round=3, kind="half"))
        session.run(CheckIn(players=[1, 3, 4], present=True))
        session.run(SetHalfByeEligibility(tpn=5, eligible=False))
        session.run(SetExternalValues(values={"3": "2", "5": "1"}))
        before = session.state
        session.run(RemovePlayer(tpn=3))
        event = session.event
        # Dee and Eve move up to 3 and 4; Cy is gone from every list.
        assert [(p.tpn, p.name) for p in event.players] == [(1, "Ann"), (2, "Ben"),
                                                            (3, "Dee"), (4, "Eve")]  # fmt: skip
        assert sorted(sorted(g) for g in event.forbidden_pairs) == [[1, 4], [2, 3]]
        # Dee's bye came with her; Cy's went with him.
        assert [(b.tpn, b.round) for b in event.bye_requests] == [(3, 3)]
        assert checked_in(session.state) == frozenset({1, 3})
        assert half_bye_ineligible(session.state) == frozenset({4})
        assert {str(k): str(v) for k, v in event.external_values.items()} == {"4": "1"}
        # One journal entry, which Undo takes back whole.
        assert session.journal()[-1].command == "remove_player"
        session.undo()
        assert session.state == before


def test_once_round_1_is_paired_the_player_is_withdrawn_instead(tmp_path: Path) -> None:
    with small_event(tmp_path / "e.arbiter") as session:
        name = session.event.player(2).name
        with pytest.raises(RuleError, match=f"withdraw 2 {name} instead"):
            session.run(RemovePlayer(tpn=2))


def test_an_unknown_player_is_refused(tmp_path: Path) -> None:
    with registered(tmp_path / "e.arbiter") as session, pytest.raises(RuleError):
        session.run(RemovePlayer(tpn=9))
