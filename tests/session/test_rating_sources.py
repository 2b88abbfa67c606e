"""Every player keeps where the rating came from, whichever way the player came in."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Event, EventInfo, Player
from arbiter_app.core.ratinglist import RatingType
from arbiter_app.session import Session
from arbiter_app.session.codec import event_to_json
from arbiter_app.session.commands import (
    AddPlayer,
    EditPlayer,
    EditSettings,
    ImportEvent,
    ImportPlayers,
)
from arbiter_app.session.rating_lookup import rating_type_of
from arbiter_app.store import SCHEMA_VERSION
from arbiter_app.store.migrations import backup_path
from tests.support.sessions import small_event


def new(path: Path) -> Session:
    return Session.create(path, name="Open", system="swiss", rounds=5, durable=False)


def test_typed_listed_and_imported_ratings_keep_their_source(tmp_path: Path) -> None:
    with new(tmp_path / "a.arbiter") as s:
        s.run(AddPlayer(name="Ann", rating=1800))
        s.run(AddPlayer(name="Ben"))
        s.run(AddPlayer(name="Cid", rating=2100, rating_source="fide:standard:2026-09"))
        s.run(ImportPlayers(players=[{"name": "Dee", "rating": 1700}], source="club.csv"))
        players = {p.name: p.rating_source for p in s.event.players}
        assert players == {
            "Ann": "manual",
            "Ben": "",
            "Cid": "fide:standard:2026-09",
            "Dee": "import:club.csv",
        }
        # A rating changed by hand becomes the arbiter's; other edits keep the source.
        # (Cid is number 1: a Swiss is numbered by the initial ranking before round 1.)
        cid = next(p.tpn for p in s.event.players if p.name == "Cid")
        s.run(EditPlayer(tpn=cid, federation="NOR"))
        assert s.event.player(cid).rating_source == "fide:standard:2026-09"
        s.run(EditPlayer(tpn=cid, rating=2110))
        assert s.event.player(cid).rating_source == "manual"
        s.run(EditPlayer(tpn=cid, rating=2120, rating_source="fide:standard:2026-10"))
        assert s.event.player(cid).rating_source == "fide:standard:2026-10"
        assert s.verify() == []
    event = Event(EventInfo(name="T"), players=(Player(1, "Eve", 1900), Player(2, "Fay")))
    with new(tmp_path / "b.arbiter") as s:
        s.run(ImportEvent(event=event_to_json(event), source="open.trf"))
        assert [p.rating_source for p in s.event.players] == ["import:open.trf", ""]


def test_the_club_is_a_player_field(tmp_path: Path) -> None:
    with new(tmp_path / "c.arbiter") as s:
        s.run(AddPlayer(name="Ann", club="Riverside"))
        assert s.event.player(1).club == "Riverside"


def test_the_events_rating_type(tmp_path: Path) -> None:
    with new(tmp_path / "d.arbiter") as s:
        assert rating_type_of(s.state) is RatingType.STANDARD  # nothing says otherwise
        s.run(EditSettings(info={"time_control": "G/3+2"}))
        assert rating_type_of(s.state) is RatingType.BLITZ  # from the time control
        s.run(EditSettings(rating_type="rapid"))
        assert rating_type_of(s.state) is RatingType.RAPID  # the setting wins
        with pytest.raises(ArbiterError, match="rating_type"):
            s.run(EditSettings(rating_type="bullet"))
        s.run(EditSettings(rating_type=None))
        assert rating_type_of(s.state) is RatingType.BLITZ


def test_a_version_2_file_is_rebuilt_with_the_sources_its_journal_implies(tmp_path: Path) -> None:
    path = tmp_path / "old.arbiter"
    small_event(path).close()
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE players DROP COLUMN club")
    conn.execute("ALTER TABLE players DROP COLUMN rating_source")
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()
    original = path.read_bytes()
    with Session.open(path, durable=False) as session:
        assert session.migrated_from == 2
        assert {p.rating_source for p in session.event.players} == {"manual"}
        assert session.verify() == []
        session.run(EditPlayer(tpn=1, club="Riverside"))
    assert backup_path(path, 2).read_bytes() == original
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()


def test_the_check_summary_reads_as_a_sentence() -> None:
    from arbiter_app.session.rating_lookup import CheckReport

    def summary(checked: int, differing: int, without: int) -> str:
        return CheckReport(
            RatingType.STANDARD, None, (), (object(),) * differing, checked, without
        ).summary()  # type: ignore[arg-type]

    assert summary(0, 0, 3) == "No player has a FIDE ID: nobody was checked."
    assert summary(1, 0, 0) == "The player with a FIDE ID has the list's rating."
    assert summary(1, 1, 1) == (
        "The player with a FIDE ID differs from the list. 1 player has no FIDE ID and was not checked."
    )
    assert summary(5, 2, 2) == (
        "2 of the 5 players with a FIDE ID differ from the list. 2 players have no FIDE ID and "
        "were not checked."
    )
