"""Sections: several tournaments in one event file, each a whole tournament of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.lots import derived_seeds
from arbiter_app.core.model import System
from arbiter_app.session import NoSuchSection, SectionNeeded, Session
from arbiter_app.session.commands import (
    AddPlayer,
    AddSection,
    EditSettings,
    MakeQuads,
    MovePlayerToSection,
    RecordPairings,
    RemoveSection,
    RenameSection,
    RequestBye,
)
from arbiter_app.session.replay import replay
from arbiter_app.sheets.source import from_session
from tests.support.sessions import TickingClock


def _saturday(path: Path) -> Session:
    """An Open (Swiss, 4 rounds) and a Reserve (Swiss, 3 rounds) on one Saturday."""
    session = Session.create(
        path,
        name="Saturday Club",
        system="swiss",
        rounds=4,
        info={"start_date": "2026-05-02", "time_control": "G/60+5", "chief_arbiter": "Ada"},
        settings={"section_name": "Open"},
        clock=TickingClock(),
        durable=False,
    )
    session.run(AddSection(name="Reserve", system="swiss", rounds=3, preset="uscf"))
    return session


def test_sections_are_tournaments_of_their_own(tmp_path: Path) -> None:
    path = tmp_path / "saturday.arbiter"
    with _saturday(path) as session:
        assert [s.name for s in session.sections] == ["Open", "Reserve"]
        session.select("Open")
        for name, rating in (("Ann", 2200), ("Ben", 2100)):
            session.run(AddPlayer(name=name, rating=rating))
        session.select("reserve")  # names without regard to case
        for name, rating in (("Cid", 1500), ("Dee", 1400), ("Eve", 1300)):
            session.run(AddPlayer(name=name, rating=rating))
        assert [p.name for p in session.event.players] == ["Cid", "Dee", "Eve"]
        assert session.event.planned_rounds == 3
        assert session.settings.preset == "uscf"
        # Each section numbers its own players from 1.
        assert [p.tpn for p in session.event.players] == [1, 2, 3]
        with session.selected("Open"):
            assert [p.name for p in session.event.players] == ["Ann", "Ben"]
            assert session.event.planned_rounds == 4
        assert session.section.name == "Reserve"
        # The journal says where each command ran.
        entries = session.journal()
        assert [session.section_of(e) for e in entries[-5:]] == [1, 1, 2, 2, 2]
        assert session.rows == replay(session.journal())
        assert session.verify() == []
    with Session.open(path, readonly=True) as again:
        with pytest.raises(SectionNeeded, match='2 sections \\("Open" and "Reserve"\\)'):
            again.event  # noqa: B018
        again.select("Reserve")
        assert [p.name for p in again.event.players] == ["Cid", "Dee", "Eve"]


def test_the_title_names_the_section_only_when_there_are_several(tmp_path: Path) -> None:
    with Session.create(
        tmp_path / "one.arbiter", name="Club Swiss", system="swiss", rounds=5, durable=False
    ) as one:
        assert one.event.name == "Club Swiss"
        assert one.section.name == "Club Swiss"
        assert not one.several_sections
    with _saturday(tmp_path / "two.arbiter") as two:
        two.select("Reserve")
        assert two.event.name == "Saturday Club - Reserve"
        two.run(RenameSection(name="Under 1600"))
        assert two.event.name == "Saturday Club - Under 1600"
        assert [s.name for s in two.sections] == ["Open", "Under 1600"]


def test_the_events_header_is_shared_and_the_time_control_is_each_sections(
    tmp_path: Path,
) -> None:
    with _saturday(tmp_path / "s.arbiter") as session:
        session.select("Reserve")
        assert session.event.info.chief_arbiter == "Ada"
        assert session.event.info.start_date is not None
        session.run(EditSettings(info={"name": "Saturday Chess Club", "time_control": "G/30"}))
        session.select("Open")
        assert session.event.info.name == "Saturday Chess Club - Open"
        assert session.event.info.time_control == "G/60+5"
        session.select("Reserve")
        assert session.event.info.time_control == "G/30"
        assert session.verify() == []


def test_names_are_checked(tmp_path: Path) -> None:
    with _saturday(tmp_path / "s.arbiter") as session:
        session.select("Open")
        for bad, said in (
            ("", "a section needs a name"),
            ("  reserve ", 'a section called "reserve" already'),
            ("x" * 200, "the section's name"),
        ):
            with pytest.raises(ArbiterError, match=said):
                session.run(AddSection(name=bad, system="swiss", rounds=3))
        with pytest.raises(NoSuchSection, match='no section "Blitz"; its sections are "Open"'):
            session.select("Blitz")
        assert len(session.sections) == 2


def test_a_section_is_removed_only_while_empty_and_never_the_last(tmp_path: Path) -> None:
    with _saturday(tmp_path / "s.arbiter") as session:
        session.select("Reserve")
        session.run(AddPlayer(name="Cid", rating=1500))
        with pytest.raises(RuleError, match='"Reserve" has 1 player: move them'):
            session.run(RemoveSection())
        session.undo()
        session.run(RemoveSection())
        assert [s.name for s in session.sections] == ["Open"]
        assert session.section.name == "Open"  # the chosen section went: the first one
        with pytest.raises(RuleError, match="only section"):
            session.run(RemoveSection())
        session.undo()
        assert [s.name for s in session.sections] == ["Open", "Reserve"]
        assert session.verify() == []


def test_a_player_moves_between_sections_before_round_1_only(tmp_path: Path) -> None:
    with _saturday(tmp_path / "s.arbiter") as session:
        session.select("Open")
        for name, rating in (("Ann", 2200), ("Ben", 1450), ("Cid", 2000)):
            session.run(AddPlayer(name=name, rating=rating, club="Riverside"))
        ben = next(p.tpn for p in session.event.players if p.name == "Ben")
        session.run(RequestBye(tpn=ben, round=2, kind="half"))
        reserve = next(s.number for s in session.sections if s.name == "Reserve")
        number = session.run(MovePlayerToSection(tpn=ben, to=reserve)).value
        assert [p.name for p in session.event.players] == ["Ann", "Cid"]
        assert [p.tpn for p in session.event.players] == [1, 2]  # no gap left
        with session.selected("Reserve"):
            moved = session.event.player(number)
            assert (moved.name, moved.rating, moved.club) == ("Ben", 1450, "Riverside")
            assert [(b.tpn, b.round) for b in session.event.bye_requests] == [(number, 2)]
            session.run(AddPlayer(name="Dee", rating=1300))
            session.run(RecordPairings(round=1, boards=[[1, 2]]))
        with pytest.raises(RuleError, match='in "Reserve" round 1 is paired already'):
            session.run(MovePlayerToSection(tpn=1, to=reserve))
        assert session.verify() == []


def test_undoing_a_new_section_takes_it_away(tmp_path: Path) -> None:
    with _saturday(tmp_path / "s.arbiter") as session:
        session.select("Reserve")
        session.undo()
        assert [s.name for s in session.sections] == ["Open"]
        assert session.section.name == "Open"
        session.redo()
        assert [s.name for s in session.sections] == ["Open", "Reserve"]
        assert session.sections[1].system is System.SWISS
        assert session.rows == replay(session.journal())


def test_a_command_needs_a_section_when_there_are_several(tmp_path: Path) -> None:
    path = tmp_path / "s.arbiter"
    _saturday(path).close()
    with Session.open(path, durable=False) as session:
        with pytest.raises(SectionNeeded, match="--section"):
            session.run(AddPlayer(name="Ann", rating=2000))
        assert len(session.journal()) == 2


def _quads_field(path: Path, count: int) -> Session:
    session = Session.create(
        path,
        name="Saturday Quads",
        system="swiss",
        rounds=3,
        info={"time_control": "G/45+5"},
        preset="uscf",
        clock=TickingClock(),
        durable=False,
    )
    for index in range(count):
        # Ratings entered in no order: 37 * i modulo the prime 1009 is never repeated.
        session.run(AddPlayer(name=f"Player {index + 1:02}", rating=1000 + (37 * index) % 1009))
    return session


def test_quads_split_the_players_by_rating_into_round_robins_numbered_by_lot(
    tmp_path: Path,
) -> None:
    with _quads_field(tmp_path / "q.arbiter", 14) as session:
        by_rating = sorted(session.event.players, key=lambda p: -(p.rating or 0))
        made = session.run(MakeQuads()).value
        assert [s.name for s in session.sections] == ["Quad 1", "Quad 2", "Quad 3"]
        assert [s.number for s in session.sections] == made
        assert [(s.system, s.rounds, s.players) for s in session.sections] == [
            (System.ROUND_ROBIN, 3, 4),
            (System.ROUND_ROBIN, 3, 4),
            (System.SWISS, 3, 6),  # the club practice: a 3-round Swiss among the lowest 5 to 7
        ]
        drawn = []
        for quad, top in zip(
            session.sections, (by_rating[0:4], by_rating[4:8], by_rating[8:]), strict=True
        ):
            with session.selected(quad.name):
                assert {p.name for p in session.event.players} == {p.name for p in top}
                assert session.event.info.time_control == "G/45+5"
                assert session.event.name == f"Saturday Quads - {quad.name}"
                assert session.settings.preset == "uscf"
                drawn.append(tuple(p.name for p in session.event.players))
        # The quads' numbers are drawn by lot: one seed in the one journal entry; each quad's
        # protocol of draws shows its draw, with the players' names as they were drawn.
        entry = session.journal()[-1]
        assert entry.command == "section.quads"
        assert entry.seed is not None
        with session.selected("Quad 2"):
            (recorded,) = from_session(session).draws
            assert recorded.draw.purpose == "Pairing numbers of Quad 2, by lot"
            assert recorded.draw.seed == derived_seeds(entry.seed, 3)[1]
            players = session.event.player_map()
            assert recorded.names == {
                old: players[new].name for new, old in enumerate(recorded.draw.outcome, start=1)
            }
            assert sorted(recorded.names.values()) == sorted(p.name for p in by_rating[4:8])
        assert session.rows == replay(session.journal())
        assert session.verify() == []
        session.undo()
        assert [s.name for s in session.sections] == ["Saturday Quads"]
        assert len(session.event.players) == 14
        session.redo()
        again = []
        for quad in session.sections[:2]:
            with session.selected(quad.name):
                again.append(tuple(p.name for p in session.event.players))
        assert again == drawn[:2]  # the redo draws with the stored seed


def test_quads_refuse_with_a_reason_and_change_nothing(tmp_path: Path) -> None:
    with _quads_field(tmp_path / "q.arbiter", 6) as session:
        count = len(session.journal())
        with pytest.raises(RuleError, match="6 players leave 2 over"):
            session.run(MakeQuads(remainder="house-player"))
        with pytest.raises(ArbiterError, match="one of swiss, round-robin, house-player"):
            session.run(MakeQuads(remainder="lottery"))
        with pytest.raises(ArbiterError, match="house player who completes the bottom quad"):
            session.run(MakeQuads(size=7, remainder="house-player"))
        session.run(RecordPairings(round=1, boards=[[1, 2]]))
        with pytest.raises(RuleError, match="round 1 is paired already: quads are made only"):
            session.run(MakeQuads())
        assert len(session.journal()) == count + 1
        assert [s.name for s in session.sections] == ["Saturday Quads"]


def test_a_house_player_completes_the_bottom_quad(tmp_path: Path) -> None:
    with _quads_field(tmp_path / "q.arbiter", 7) as session:
        session.run(
            MakeQuads(remainder="house-player", house_player={"name": "House", "rating": 900})
        )
        assert [s.players for s in session.sections] == [4, 4]
        with session.selected("Quad 2"):
            assert "House" in {p.name for p in session.event.players}
