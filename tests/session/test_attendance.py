"""Check-in before round 1, absences marked for a coming round, byes for several rounds at
once and a late entry's treatment round by round (issue 26, "check them in")."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Colour, EntryKind
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    AddSection,
    CheckIn,
    EditPlayer,
    EditSettings,
    EnterResult,
    LateEntry,
    MarkAbsent,
    MovePlayerToSection,
    RecordPairings,
    RequestBye,
    RequestByes,
    WithdrawPlayer,
)
from arbiter_app.session.pairing import pair_next_round
from arbiter_app.session.player_commands import absences, checked_in
from arbiter_app.session.registry import ConfirmationNeeded
from tests.support.sessions import TickingClock

NAMES = ("Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")


def club(path: Path, *, players: int = 8, policy: str = "fide", rounds: int = 5) -> Session:
    session = Session.create(
        path,
        name="Club",
        system="swiss",
        rounds=rounds,
        clock=TickingClock(),
        durable=False,
    )
    if policy != "fide":
        session.run(EditSettings(bye_policy=policy))
    for n, name in enumerate(NAMES[:players]):
        session.run(AddPlayer(name=name, rating=2000 - 10 * n))
    return session


def kinds(session: Session, round_no: int) -> dict[int, EntryKind]:
    return {p.tpn: session.event.entry(p.tpn, round_no).kind for p in session.event.players}


def test_round_one_pairs_only_the_players_checked_in(tmp_path: Path) -> None:
    with club(tmp_path / "c.arbiter") as session:
        assert session.run(CheckIn(players=[1, 2, 3, 5, 6], present=True)).value == [1, 2, 3, 5, 6]
        assert checked_in(session.state) == {1, 2, 3, 5, 6}
        # Player 4 asked for a half-point bye in round 1: their request stands.
        session.run(RequestBye(tpn=4, round=1, kind="half"))
        pairing, _ = pair_next_round(session, initial_colour=Colour.WHITE)
        on_board = {t for b in pairing.boards for t in b.players}
        assert on_board <= {1, 2, 3, 5, 6} and len(on_board) == 4
        got = kinds(session, 1)
        assert got[7] is got[8] is EntryKind.NOT_PAIRED
        assert got[4] is EntryKind.HALF_BYE
        assert sum(1 for k in got.values() if k is EntryKind.PAIRING_BYE) == 1
        # Check-in closes with round 1.
        with pytest.raises(RuleError, match="check-in is closed: round 1 is paired"):
            session.run(CheckIn(players=[7], present=True))


def test_without_check_in_everyone_is_paired_and_unchecking_all_ends_it(tmp_path: Path) -> None:
    with club(tmp_path / "c.arbiter", players=4) as session:
        session.run(CheckIn(players=[1], present=True))
        session.run(CheckIn(players=[1], present=False))
        assert checked_in(session.state) == frozenset()
        pairing, _ = pair_next_round(session, initial_colour=Colour.WHITE)
        assert len(pairing.boards) == 2


def test_check_in_refusals_say_why_and_change_nothing(tmp_path: Path) -> None:
    with club(tmp_path / "c.arbiter", players=4) as session:
        session.run(WithdrawPlayer(tpn=4, from_round=1))
        journal = session.journal()
        with pytest.raises(RuleError, match="player 4 Dee has withdrawn from the event"):
            session.run(CheckIn(players=[1, 4], present=True))
        with pytest.raises(RuleError, match="no player with pairing number 9"):
            session.run(CheckIn(players=[9], present=True))
        with pytest.raises(RuleError, match="player 2 is not checked in already"):
            session.run(CheckIn(players=[2], present=False))
        assert session.journal() == journal and checked_in(session.state) == frozenset()


def test_check_in_follows_the_pairing_numbers_when_the_ranking_changes(tmp_path: Path) -> None:
    with club(tmp_path / "c.arbiter", players=4) as session:
        session.run(CheckIn(players=[4], present=True))
        # Dee's corrected rating puts her first in the initial ranking (C.04.2 2.2).
        session.run(EditPlayer(tpn=4, rating=2500))
        assert session.event.player(1).name == "Dee"
        assert checked_in(session.state) == {1}


def test_an_absence_gets_the_rule_sets_bye_and_can_be_taken_back(tmp_path: Path) -> None:
    with club(tmp_path / "f.arbiter") as session:
        assert session.run(MarkAbsent(round=2, players=[3, 4])).value == "zero-bye"
        assert absences(session.state) == {(3, 2), (4, 2)}
        assert session.run(MarkAbsent(round=2, players=[4], absent=False)).value is None
        assert absences(session.state) == {(3, 2)}
        asked = {(b.tpn, b.round): b.kind for b in session.event.bye_requests}
        assert asked == {(3, 2): EntryKind.ZERO_BYE}
    # US Chess: a half-point bye in the first half (22C1), a zero-point bye after it.
    with club(tmp_path / "u.arbiter", policy="uscf-28l") as session:
        assert session.run(MarkAbsent(round=3, players=[1])).value == "half-bye"
        assert session.run(MarkAbsent(round=4, players=[1])).value == "zero-bye"


def test_absence_refusals(tmp_path: Path) -> None:
    with club(tmp_path / "a.arbiter", players=4) as session:
        session.run(RecordPairings(round=1, boards=[[1, 2], [3, 4]]))
        with pytest.raises(RuleError, match="player 3 is paired on board 2 of round 1 already"):
            session.run(MarkAbsent(round=1, players=[3]))
        with pytest.raises(RuleError, match="the event has 5 rounds: there is no round 6"):
            session.run(MarkAbsent(round=6, players=[3]))
        session.run(WithdrawPlayer(tpn=2, from_round=3))
        with pytest.raises(RuleError, match="player 2 Ben has withdrawn"):
            session.run(MarkAbsent(round=3, players=[2]))
        session.run(RequestBye(tpn=1, round=3, kind="half"))
        with pytest.raises(RuleError, match="asked for a half-point bye in round 3 already"):
            session.run(MarkAbsent(round=3, players=[1]))
        with pytest.raises(RuleError, match="player 4 is not marked absent for round 3"):
            session.run(MarkAbsent(round=3, players=[4], absent=False))


def test_an_absent_player_is_not_paired_in_that_round(tmp_path: Path) -> None:
    with club(tmp_path / "p.arbiter", players=4) as session:
        pair_next_round(session, initial_colour=Colour.WHITE)
        for board in (1, 2):
            session.run(EnterResult(round=1, board=board, result="1-0"))
        session.run(MarkAbsent(round=2, players=[2]))
        pairing, _ = pair_next_round(session)
        assert 2 not in {t for b in pairing.boards for t in b.players}
        assert session.event.entry(2, 2).kind is EntryKind.ZERO_BYE


def test_byes_for_several_rounds_are_one_action(tmp_path: Path) -> None:
    with club(tmp_path / "r.arbiter", players=4) as session:
        before = len(session.journal())
        with pytest.raises(ConfirmationNeeded, match="would have 3 half-point byes"):
            session.run(RequestByes(tpn=2, rounds=[3, 4, 5], kind="half"))
        session.run(RequestByes(tpn=2, rounds=[3, 4, 5], kind="half"), confirm=True)
        assert len(session.journal()) == before + 1
        asked = sorted((b.round, b.kind) for b in session.event.bye_requests if b.tpn == 2)
        assert asked == [(3, EntryKind.HALF_BYE), (4, EntryKind.HALF_BYE), (5, EntryKind.HALF_BYE)]
        session.run(RequestByes(tpn=2, rounds=[4, 5], kind="none"))
        assert [b.round for b in session.event.bye_requests] == [3]
        # One zero-point bye per round asks nothing.
        session.run(RequestByes(tpn=3, rounds=[2, 3], kind="zero"))


def test_a_range_of_byes_is_refused_whole(tmp_path: Path) -> None:
    with club(tmp_path / "r.arbiter", players=4) as session:
        session.run(RecordPairings(round=1, boards=[[1, 2], [3, 4]]))
        journal = session.journal()
        with pytest.raises(RuleError, match="round 1 is paired already"):
            session.run(RequestByes(tpn=2, rounds=[1, 2], kind="zero"))
        with pytest.raises(RuleError, match="there is no round 6 to ask a bye for"):
            session.run(RequestByes(tpn=2, rounds=[4, 5, 6], kind="zero"))
        assert session.journal() == journal and not session.event.bye_requests


def test_us_chess_last_round_half_bye_comes_before_the_first_game(tmp_path: Path) -> None:
    with club(tmp_path / "u.arbiter", players=4, policy="uscf-28l") as session:
        session.run(RequestBye(tpn=1, round=5, kind="half"))  # before any game: allowed
        session.run(RecordPairings(round=1, boards=[[1, 2], [3, 4]]))
        with pytest.raises(RuleError, match="US Chess 22C4"):
            session.run(RequestByes(tpn=2, rounds=[4, 5], kind="half"), confirm=True)


def test_a_late_entry_chooses_each_missed_round(tmp_path: Path) -> None:
    with club(tmp_path / "l.arbiter", players=4) as session:
        for round_no in (1, 2, 3):
            session.run(RecordPairings(round=round_no, boards=[[1, 2], [3, 4]]))
            for board in (1, 2):
                session.run(EnterResult(round=round_no, board=board, result="1/2"))
        entry = LateEntry(name="Ivy", missed_rounds=["zero-bye", "half-bye", "full-bye"])
        outcome = session.run(entry)
        tpn = outcome.value
        got = [e.kind for e in session.event.entries_of(tpn)]
        assert got == [EntryKind.ZERO_BYE, EntryKind.HALF_BYE, EntryKind.FULL_BYE]
        assert session.event.score(tpn) == 1 + 0.5
        assert any("full-point bye in round 3" in n.question for n in outcome.notices)
        with pytest.raises(Exception, match="each of the 3 rounds paired already"):
            session.run(LateEntry(name="Jo", missed_rounds=["zero-bye"]))


def test_a_full_point_for_a_missed_round_only_where_the_rule_set_allows_it(
    tmp_path: Path,
) -> None:
    with club(tmp_path / "u.arbiter", players=4, policy="uscf-28l") as session:
        session.run(RecordPairings(round=1, boards=[[1, 2], [3, 4]]))
        with pytest.raises(RuleError, match="US Chess gives a full-point bye only to the odd"):
            session.run(LateEntry(name="Ivy", missed_rounds=["full-bye"]))
        tpn = session.run(LateEntry(name="Ivy", missed_rounds=["half-bye"])).value
        assert session.event.entry(tpn, 1).kind is EntryKind.HALF_BYE


def test_a_player_moved_to_another_section_takes_their_check_in_along(tmp_path: Path) -> None:
    with Session.create(
        tmp_path / "s.arbiter",
        name="Saturday",
        system="swiss",
        rounds=4,
        settings={"section_name": "Open"},
        clock=TickingClock(),
        durable=False,
    ) as session:
        session.run(AddSection(name="Reserve", system="swiss", rounds=3))
        reserve = next(s.number for s in session.sections if s.name == "Reserve")
        with session.selected("Reserve"):
            session.run(AddPlayer(name="Zed", rating=1200))
            session.run(CheckIn(players=[1], present=True))
        session.select("Open")
        for name, rating in (("Ann", 2200), ("Ben", 1450), ("Cid", 2000)):
            session.run(AddPlayer(name=name, rating=rating))
        session.run(CheckIn(players=[2, 3], present=True))  # Cid (2) and Ben (3)
        session.run(MovePlayerToSection(tpn=2, to=reserve))  # Cid goes; Ben becomes 2
        assert checked_in(session.state) == {2}
        with session.selected("Reserve"):
            # Cid, rated higher, comes first in the Reserve's ranking: both are present.
            assert [p.name for p in session.event.players] == ["Cid", "Zed"]
            assert checked_in(session.state) == {1, 2}
        assert session.verify() == []
