"""import_players: a whole list in one transaction and one journal entry, or nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    EditPlayer,
    EditSettings,
    ImportPlayers,
    LateEntry,
)
from tests.support.sessions import TickingClock, sha256, small_event


@pytest.fixture
def empty(tmp_path: Path) -> Iterator[Session]:
    s = Session.create(
        tmp_path / "n.arbiter",
        name="Club",
        system="swiss",
        rounds=5,
        clock=TickingClock(),
        durable=False,
    )
    yield s
    s.close()


def test_imported_players_take_their_place_in_the_initial_ranking(empty: Session) -> None:
    """A Swiss is numbered by its initial ranking (FIDE C.04.2 2.2): the list's 2100 is
    number 1, ahead of Ann registered before it; the value lists the list's numbers."""
    empty.run(AddPlayer(name="Ann", rating=2000, fide_id="7"))
    outcome = empty.run(
        ImportPlayers(
            players=[
                {"name": "Ben", "rating": 2100, "federation": "NOR", "sex": "m", "birth": "1985"},
                {"name": "Cid", "rating": None, "title": "FM", "fide_id": "8"},
            ],
            source="list.csv",
        )
    )
    assert outcome.value == [1, 3]
    event = empty.event
    assert [(p.tpn, p.name, p.rating) for p in event.players] == [
        (1, "Ben", 2100),
        (2, "Ann", 2000),
        (3, "Cid", None),
    ]
    assert event.player(1).federation == "NOR" and event.player(3).title == "FM"
    assert [e.command for e in empty.journal()][-1] == "import_players"
    assert empty.verify() == []
    empty.undo()
    assert [p.name for p in empty.event.players] == ["Ann"]


def refused(session: Session, fragment: str, **args: object) -> None:
    state, journal, digest = session.state, session.journal(), sha256(session.path)
    with pytest.raises(ArbiterError) as info:
        session.run(ImportPlayers.of({**args}))
    assert fragment in str(info.value)
    assert session.state == state
    assert session.journal() == journal
    assert sha256(session.path) == digest


def test_a_bad_player_anywhere_refuses_the_whole_list(empty: Session) -> None:
    empty.run(AddPlayer(name="Ann", fide_id="7"))
    good = {"name": "Ben"}
    refused(empty, "player 2 of the list: a player needs a name", players=[good, {"name": " "}])
    refused(empty, "player 2 of the list: rating", players=[good, {"name": "C", "rating": "x"}])
    refused(
        empty,
        "FIDE ID 7 belongs to player 1 (Ann) already",
        players=[good, {"name": "C", "fide_id": "7"}],
    )
    refused(
        empty,
        "FIDE ID 9 belongs to player 2 (B) already",
        players=[{"name": "B", "fide_id": "9"}, {"name": "C", "fide_id": "9"}],
    )
    refused(empty, "unknown player field shoe_size", players=[{"name": "B", "shoe_size": "x"}])
    refused(empty, "player 1 of the list is not an object", players=["Ben"])
    refused(empty, "non-empty list", players=[])
    refused(empty, "non-empty list", players="Ben")


def test_refused_once_a_round_is_paired(tmp_path: Path) -> None:
    with small_event(tmp_path / "e.arbiter") as session:
        refused(session, "paired already", players=[{"name": "Eve"}])


def test_a_player_is_registered_once_by_fide_or_national_id(empty: Session) -> None:
    """Adding, a late entry and editing refuse an ID another player of the section has, as
    the list import does: the same person registered twice would play, score and be rated
    twice. IDs of only zeros stand for none."""
    empty.run(AddPlayer(name="Ann", fide_id="7", national_id="12000006"))
    empty.run(AddPlayer(name="Ben", fide_id="0", national_id=""))
    with pytest.raises(RuleError, match=r"FIDE ID 7 belongs to player 1 \(Ann\) already"):
        empty.run(AddPlayer(name="Ann again", fide_id="7"))
    with pytest.raises(RuleError, match="national ID 12000006 belongs to player 1"):
        empty.run(AddPlayer(name="Ann again", national_id=" 12000006 "))
    empty.run(AddPlayer(name="Cy", fide_id="000"))  # no FIDE ID, like Ben's
    with pytest.raises(RuleError, match="FIDE ID 7 belongs to player 1"):
        empty.run(EditPlayer(tpn=2, fide_id="7"))
    empty.run(EditPlayer(tpn=1, fide_id="7", name="Ann Lee"))  # her own ID stays hers
    empty.run(EditSettings(preset="uscf"))
    with pytest.raises(RuleError, match="US Chess ID 12000006 belongs to player 1"):
        empty.run(EditPlayer(tpn=3, national_id="12000006"))
    assert [p.name for p in empty.event.players] == ["Ann Lee", "Ben", "Cy"]


def test_a_late_entry_is_refused_an_id_already_registered(tmp_path: Path) -> None:
    with small_event(tmp_path / "e.arbiter") as session:
        session.run(EditPlayer(tpn=2, fide_id="5012345"))
        with pytest.raises(RuleError, match="FIDE ID 5012345 belongs to player 2"):
            session.run(LateEntry(name="Twin", fide_id="5012345"))
