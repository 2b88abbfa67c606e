"""Each command changes what it says, reports it, and a refused command changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import ByeRequest, Colour, EntryKind, RuleSet, System, check_consistency
from arbiter_app.core.result import GameResult
from arbiter_app.session import CommandError, Session
from arbiter_app.session.commands import (
    AddPlayer,
    ChangePairing,
    Command,
    CorrectResult,
    DisqualifyPlayer,
    EditPlayer,
    EditSettings,
    EndManualPairing,
    EnterResult,
    LateEntry,
    RecordPairings,
    ReinstatePlayer,
    RequestBye,
    SetPairingNumbers,
    WithdrawPlayer,
    decode,
)
from tests.support.sessions import TickingClock, sha256, small_event


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = small_event(tmp_path / "e.arbiter")
    yield s
    s.close()


@pytest.fixture
def empty(tmp_path: Path) -> Iterator[Session]:
    s = Session.create(
        tmp_path / "n.arbiter",
        name="Club",
        system="round-robin",
        rounds=3,
        clock=TickingClock(),
        durable=False,
    )
    yield s
    s.close()


def refused(session: Session, command: type[Command], fragment: str, /, **args: Any) -> None:
    """The command is refused with *fragment* in its message; rows, journal and file unchanged."""
    state = session.state
    journal = session.journal()
    digest = sha256(session.path)
    with pytest.raises(ArbiterError) as info:
        confirm = args.pop("confirm", None)
        session.run(command.of(args), confirm=confirm)
    assert fragment in str(info.value)
    assert session.state == state
    assert session.journal() == journal
    assert sha256(session.path) == digest


def test_create_event_stores_the_settings_and_a_preset(tmp_path: Path) -> None:
    with Session.create(
        tmp_path / "p.arbiter",
        name="Weekend Swiss",
        system="swiss",
        rounds=5,
        preset="uscf",
        durable=False,
    ) as s:
        event = s.event
        assert (event.name, event.system, event.planned_rounds) == (
            "Weekend Swiss",
            System.SWISS,
            5,
        )
        assert event.rule_set is RuleSet.USCF
        assert s.settings.tiebreaks == ("MM", "SOLK", "CUM", "OPPC")
        assert s.settings.bye_policy == "uscf-28l"
        entry = s.journal()[0]
        assert entry.command == "create_event" and entry.seq == 1
    assert not (tmp_path / "p.arbiter.lock").exists()


def test_a_bad_new_event_leaves_no_file(tmp_path: Path) -> None:
    with pytest.raises(ArbiterError, match="system"):
        Session.create(tmp_path / "bad.arbiter", name="X", system="knockout", rounds=3)
    assert list(tmp_path.iterdir()) == []


def test_edit_settings(empty: Session) -> None:
    changes = empty.run(
        EditSettings(
            rounds=5,
            tiebreaks=["SB/C1", "DE"],
            rule_set="fide-2024",
            bye_policy="once-per-tournament",
            point_system={"win": "3", "draw": "1", "loss": "0", "name": "3/1/0"},
        )
    ).changes
    assert changes.settings == {"rounds", "tiebreaks", "rule_set", "bye_policy", "point_system"}
    assert changes.standings
    event = empty.event
    assert event.planned_rounds == 5
    assert event.rule_set is RuleSet.FIDE_2024
    assert event.point_system.win == 3 and event.point_system.draw == 1
    assert empty.settings.tiebreaks == ("SB/C1", "DE")
    refused(empty, EditSettings, "round robin", tiebreaks=["BH/C1", "SB"])
    empty.run(EditSettings(system="double-round-robin", point_system="gct-rapid"))
    assert empty.event.system is System.DOUBLE_ROUND_ROBIN
    assert empty.event.point_system.win == 2


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ({"rounds": 0}, "at least 1"),
        ({"system": "knockout"}, "system"),
        ({"tiebreaks": "BH, SB"}, "list of codes"),
        ({"tiebreaks": ["BH", "BH"]}, "twice"),
        ({"tiebreaks": ["BH", "XYZ"]}, "XYZ"),
        ({"rule_set": "fide-1999"}, "rule_set"),
        ({"bye_policy": "random"}, "unknown bye policy"),
        ({"point_system": {"win": "one"}}, "not a number"),
        ({"preset": "nonsense"}, "unknown preset"),
        ({"playoff": "gct-2099"}, "no play-off regulation called 'gct-2099'"),
        ({"colour": "blue"}, "unknown setting"),
        ({}, "no setting"),
    ],
)
def test_edit_settings_refusals(empty: Session, args: dict[str, object], fragment: str) -> None:
    refused(empty, EditSettings, fragment, **args)


def test_rounds_cannot_drop_below_the_rounds_paired(session: Session) -> None:
    refused(session, EditSettings, "2 rounds are paired", rounds=1)


def test_the_system_cannot_change_once_rounds_are_paired(session: Session) -> None:
    system = session.event.system
    other = "double-swiss" if system is not System.DOUBLE_SWISS else "swiss"
    refused(session, EditSettings, "the system cannot change", system=other)
    session.run(EditSettings(system=system.value))  # the same system is no change
    assert session.event.system is system


def test_add_and_edit_players(empty: Session) -> None:
    outcome = empty.run(
        AddPlayer(name=" Zoe ", rating="2345", title="IM", federation="NOR", fide_id="123")
    )
    assert outcome.value == 1
    assert outcome.changes.players == {1}
    player = empty.event.player(1)
    assert (player.name, player.rating, player.title, player.federation, player.fide_id) == (
        "Zoe",
        2345,
        "IM",
        "NOR",
        "123",
    )
    assert empty.run(AddPlayer(name="Yan")).value == 2
    assert empty.event.player(2).rating is None
    empty.run(EditPlayer(tpn=2, rating=1800, name="Yan Li"))
    assert (empty.event.player(2).name, empty.event.player(2).rating) == ("Yan Li", 1800)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ({"name": ""}, "needs a name"),
        ({"rating": 2000}, "needs a name"),
        ({"name": "A", "rating": "strong"}, "whole number"),
        ({"name": "A", "rating": -5}, "negative"),
        ({"name": "A", "shoe_size": "x"}, "unknown player field"),
    ],
)
def test_add_player_refusals(empty: Session, args: dict[str, object], fragment: str) -> None:
    refused(empty, AddPlayer, fragment, **args)


def test_players_join_after_pairing_only_as_late_entries(session: Session) -> None:
    refused(session, AddPlayer, "late entry", name="Eve")
    tpn = session.run(LateEntry(name="Eve", rating=1500, missed="half-bye")).value
    assert tpn == 5
    assert [e.kind for e in session.event.entries_of(5)] == [EntryKind.HALF_BYE] * 2
    assert session.event.score(5) == 1


def test_set_pairing_numbers_by_rating_and_by_order(empty: Session) -> None:
    for name, rating, title in (("Low", 1500, ""), ("Top", 2400, ""), ("Tie FM", 2000, "FM")):
        empty.run(AddPlayer(name=name, rating=rating, title=title))
    empty.run(AddPlayer(name="Tie GM", rating=2000, title="GM"))
    empty.run(SetPairingNumbers(by="rating"))
    # FIDE C.04.2 B: rating, then title (GM before FM), then name.
    assert [p.name for p in empty.event.players] == ["Top", "Tie GM", "Tie FM", "Low"]
    assert empty.journal()[-1].seed is None
    empty.run(SetPairingNumbers(by="order", order=[4, 3, 2, 1]))
    assert [p.name for p in empty.event.players] == ["Low", "Tie FM", "Tie GM", "Top"]
    refused(empty, SetPairingNumbers, "exactly once", by="order", order=[1, 2, 3])


def test_pairing_numbers_by_lot_store_the_seed_and_replay(empty: Session) -> None:
    for i in range(8):
        empty.run(AddPlayer(name=f"P{i}"))
    order = empty.run(SetPairingNumbers(by="lot")).value
    entry = empty.journal()[-1]
    assert entry.seed is not None
    from arbiter_app.core.lots import shuffled

    assert order == list(shuffled(list(range(1, 9)), entry.seed))
    assert [p.name for p in empty.event.players] == [f"P{old - 1}" for old in order]
    assert empty.verify() == []


def test_renumbering_after_round_one_is_refused_with_the_reason(session: Session) -> None:
    """Round 1 is paired: the pairings refer to the numbers (C.04.2 2.3, C.05 7.5)."""
    for how in ("order", "lot", "rating"):
        refused(
            session,
            SetPairingNumbers,
            "The pairing numbers are fixed: round 1 was paired with them",
            by=how,
            order=[4, 3, 2, 1],
        )


def test_a_late_entry_in_the_ranking_rewrites_opponents_and_boards(session: Session) -> None:
    """C.04.2 2.4-2.5: a 2150 entering late takes number 2; Ben, Cid, Dee move one on."""
    before = session.event
    tpn = session.run(LateEntry(name="Eve", rating=2150, missed="zero-bye")).value
    after = session.event
    assert tpn == 2 and after.player(2).name == "Eve"
    assert [p.name for p in after.players] == ["Ann", "Eve", "Ben", "Cid", "Dee"]
    assert check_consistency(after) == []
    assert after.entry(1, 1).opponent == 4  # Ann beat Cid (now 4)
    assert sorted(after.scores().values()) == sorted([*before.scores().values(), 0])
    assert [(b.white, b.black) for b in session.boards(2)] == [(3, 1), (4, 5)]
    assert session.verify() == []


def test_record_pairings_and_results(session: Session) -> None:
    event = session.event
    assert check_consistency(event) == []
    assert event.scores() == {1: 2, 2: Fraction(1, 2), 3: 0, 4: Fraction(1, 2)}
    # Round 2 board 2 is still being played: those two players have no entry yet.
    assert event.entry(3, 2).kind is EntryKind.NOT_PAIRED
    boards = session.boards(2)
    assert [(b.white, b.black, b.result) for b in boards] == [
        (2, 1, GameResult.BLACK_WINS),
        (3, 4, None),
    ]
    assert session.pairs(2) == [(b.number, b.white, b.black) for b in boards]
    assert session.pairs(9) == []
    assert session.last_column() == 2
    changes = session.run(EnterResult(round=2, board=2, result="+-")).changes
    assert changes.players == {3, 4} and changes.rounds == {2}
    entry = session.event.entry(3, 2)
    assert entry.kind is EntryKind.FORFEIT_WIN and entry.opponent == 4
    assert entry.colour is Colour.WHITE and entry.opponent_rating == 1900
    assert session.event.entry(4, 2).kind is EntryKind.FORFEIT_LOSS


@pytest.mark.parametrize(
    ("text", "white", "black"),
    [
        ("1-0", 1, 0),
        ("0-1", 0, 1),
        ("1/2", Fraction(1, 2), Fraction(1, 2)),
        ("½-½", Fraction(1, 2), Fraction(1, 2)),
        ("=", Fraction(1, 2), Fraction(1, 2)),
        ("+-", 1, 0),
        ("-+", 0, 1),
        ("--", 0, 0),
    ],
)
def test_every_result_spelling(session: Session, text: str, white: object, black: object) -> None:
    session.run(EnterResult(round=2, board=2, result=text))
    assert session.event.round_points(3, 2) == white
    assert session.event.round_points(4, 2) == black
    assert check_consistency(session.event) == []


def test_results_refusals_and_correction(session: Session) -> None:
    refused(session, EnterResult, "correct it instead", round=2, board=1, result="1-0")
    refused(session, CorrectResult, "no result yet", round=2, board=2, result="1-0")
    refused(session, EnterResult, "no board 9", round=2, board=9, result="1-0")
    refused(session, EnterResult, "not a result", round=2, board=2, result="2-0")
    session.run(CorrectResult(round=2, board=1, result="1/2"))
    assert session.event.score(1) == Fraction(3, 2)


def test_pairing_rules(session: Session) -> None:
    refused(session, RecordPairings, "round 3 must be paired", round=4, boards=[])
    refused(session, RecordPairings, "has results", round=2, boards=[[1, 2], [3, 4]])
    refused(session, RecordPairings, "round 2 is paired already", round=1, boards=[])
    refused(session, RecordPairings, "the event has 5 rounds", round=6, boards=[])
    session.run(EnterResult(round=2, board=2, result="1-0"))
    refused(session, RecordPairings, "paired twice", round=3, boards=[[1, 2], [2, 3]])
    refused(session, RecordPairings, "no player with pairing number 9", round=3, boards=[[1, 9]])
    refused(session, RecordPairings, "not a bye", round=3, boards=[[1, 2]], byes=[[3, "game"]])


def test_byes_requests_and_absences_in_a_round(session: Session) -> None:
    session.run(EnterResult(round=2, board=2, result="1-0"))
    session.run(RequestBye(tpn=4, round=3, kind="half"))
    session.run(RecordPairings(round=3, boards=[[1, 2]], byes=[[3, "pairing-bye"]]))
    event = session.event
    assert event.entry(3, 3).kind is EntryKind.PAIRING_BYE
    assert event.entry(4, 3).kind is EntryKind.HALF_BYE
    assert event.score(3) == 2
    refused(session, RequestBye, "paired already", tpn=1, round=3, kind="half")
    refused(session, RequestBye, "half, full or zero", tpn=1, round=4, kind="double")
    session.run(RequestBye(tpn=1, round=4, kind="zero"))
    session.run(RequestBye(tpn=1, round=4, kind="none"))
    assert session.event.bye_requests == (ByeRequest(4, 3, EntryKind.HALF_BYE),)


def test_pairing_a_round_again_replaces_it(session: Session) -> None:
    session.run(EnterResult(round=2, board=2, result="1-0"))
    session.run(RecordPairings(round=3, boards=[[1, 2], [3, 4]]))
    session.run(RecordPairings(round=3, boards=[[1, 3]], byes=[[2, "half-bye"]]))
    assert [(b.white, b.black) for b in session.boards(3)] == [(1, 3)]
    assert session.event.entry(2, 3).kind is EntryKind.HALF_BYE
    assert session.event.entry(4, 3).kind is EntryKind.NOT_PAIRED


def test_change_pairing_by_hand(session: Session) -> None:
    session.run(EnterResult(round=2, board=2, result="1-0"))
    session.run(RecordPairings(round=3, boards=[[1, 2]], byes=[[3, "half-bye"]]))
    refused(session, ChangePairing, "has a result", round=2, board=1, white=1, black=2)
    refused(session, ChangePairing, "themself", round=3, board=1, white=1, black=1)
    # 1 and 3 met in round 1: the app names the rule and asks for confirmation (issue 4, point 5).
    refused(
        session,
        ChangePairing,
        "already played each other in round 1",
        round=3,
        board=1,
        white=1,
        black=3,
    )
    session.run(ChangePairing(round=3, board=1, white=1, black=3), confirm=True)
    assert [(b.white, b.black) for b in session.boards(3)] == [(1, 3)]
    (override,) = [
        row for key, row in session.state.tables["records"].items() if key[0] == "pairing-override"
    ]
    assert "C.04.1" in override["value"]
    assert session.journal()[-1].arguments["confirm"] is True
    assert session.event.entry(2, 3).kind is EntryKind.NOT_PAIRED
    session.run(ChangePairing(round=3, board=2, white=4, black=2), confirm=True)
    refused(session, ChangePairing, "plays on board 2", round=3, board=1, white=1, black=4)
    refused(session, ChangePairing, "a new board is number 3", round=3, board=7, white=1, black=4)
    # The hand changes opened round 3's manual pairing: results wait for its end (FIDE C.02).
    refused(
        session, EnterResult, "manual pairing of round 3 is open", round=3, board=2, result="0-1"
    )
    session.run(EndManualPairing(), confirm="keep-hand-pairing")
    assert session.journal()[-1].arguments["confirm"] == "keep-hand-pairing"
    session.run(EnterResult(round=3, board=2, result="0-1"))
    assert session.event.entry(2, 3).is_win


def test_change_pairing_moves_players_between_boards(session: Session) -> None:
    """``swap``: a player taken from another board or from the bye is replaced there by the
    player displaced (FIDE C.02, manual pairings); one transaction, one journal entry."""
    session.run(EnterResult(round=2, board=2, result="1-0"))
    session.run(LateEntry(name="Eve", rating=1500, missed="zero-bye"))
    session.run(RecordPairings(round=3, boards=[[1, 4], [3, 2]], byes=[[5, "pairing-bye"]]))
    refused(
        session,
        ChangePairing,
        "change that board first, or swap",
        round=3,
        board=1,
        white=1,
        black=2,
    )
    # The arbiter may keep the displaced player off the bye: 4 is then left to pair.
    outcome = session.run(
        ChangePairing(round=3, board=1, white=1, black=5, swap=True, displaced_bye=False)
    )
    assert outcome.value["bye"] is None and outcome.value["unpaired"] == [4]
    assert session.event.entry(4, 3).kind is EntryKind.NOT_PAIRED
    session.undo()
    # 5 leaves the bye for board 1; 4, displaced, takes the bye: on ½ where a player on 0
    # could have it, a level-3 question (C.04.3 article 2.3.1 [C5]; checklist Q66).
    entries = len(session.journal())
    refused(
        session,
        ChangePairing,
        "player 4 gets the pairing-allocated bye on a score of ½",
        round=3,
        board=1,
        white=1,
        black=5,
        swap=True,
    )
    outcome = session.run(
        ChangePairing(round=3, board=1, white=1, black=5, swap=True), confirm=True
    )
    assert outcome.value["bye"] == 4 and outcome.value["unpaired"] == []
    assert [(b.white, b.black) for b in session.boards(3)] == [(1, 5), (3, 2)]
    assert session.event.entry(4, 3).kind is EntryKind.PAIRING_BYE
    assert session.event.entry(5, 3).kind is EntryKind.NOT_PAIRED  # on a board, no result yet
    assert len(session.journal()) == entries + 1
    # 2 comes from board 2 to meet 1 again (round 2): a level-3 question names the rule.
    refused(
        session,
        ChangePairing,
        "already played each other in round 2",
        round=3,
        board=1,
        white=1,
        black=2,
        swap=True,
    )
    outcome = session.run(
        ChangePairing(round=3, board=1, white=1, black=2, swap=True), confirm=True
    )
    # 5, displaced, takes 2's place as Black on board 2.
    assert [(b.white, b.black) for b in session.boards(3)] == [(1, 2), (3, 5)]
    assert outcome.value["boards"] == [[1, 1, 2], [2, 3, 5]]
    assert any("C.04.1" in rule for rule in outcome.value["broken"])
    # A player who had no board displaces one; with the bye taken, that one is left to pair.
    session.run(LateEntry(name="Fay", rating=1400, missed="zero-bye"))
    assert session.event.entry(6, 3).kind is EntryKind.ZERO_BYE  # the rounds missed
    outcome = session.run(ChangePairing(round=3, board=2, white=6, black=5, swap=True))
    (notice,) = [n for n in outcome.notices if "no board" in str(n)]
    assert "3 Cid has no board in round 3 now" in str(notice)
    assert outcome.value["unpaired"] == [3] and outcome.value["bye"] is None
    # The arbiter pairs 3 with the bye's player on a new board: nobody has the bye now.
    session.run(ChangePairing(round=3, board=3, white=3, black=4, swap=True), confirm=True)
    assert [(b.white, b.black) for b in session.boards(3)] == [(1, 2), (6, 5), (3, 4)]
    assert all(session.event.entry(t, 3).kind is EntryKind.NOT_PAIRED for t in range(1, 7))
    refused(session, ChangePairing, "true or false", round=3, board=1, white=1, black=2, swap="yes")
    refused(
        session,
        ChangePairing,
        "player 1 plays on board 1 and player 6 plays on board 2: taking them would leave an "
        "opponent alone, so change those boards instead",
        round=3,
        board=4,
        white=1,
        black=6,
        swap=True,
    )


def test_withdraw_disqualify_reinstate(session: Session) -> None:
    session.run(EnterResult(round=2, board=2, result="1-0"))
    refused(session, WithdrawPlayer, "paired on board", tpn=3, from_round=2)
    session.run(WithdrawPlayer(tpn=3, from_round=3))
    assert session.event.player(3).withdrawn_from_round == 3
    refused(session, RecordPairings, "withdrew from round 3", round=3, boards=[[3, 1]])
    session.run(RecordPairings(round=3, boards=[[1, 2]], byes=[[4, "pairing-bye"]]))
    assert session.event.entry(3, 3).kind is EntryKind.WITHDRAWN
    refused(session, WithdrawPlayer, "withdrew already", tpn=3, from_round=4)
    # A level-3 question first (FIDE C.02): without an answer nothing changes.
    refused(session, DisqualifyPlayer, "Disqualify 2 Ben?", tpn=2)
    session.run(DisqualifyPlayer(tpn=2), confirm=True)
    assert session.event.player(2).disqualified
    assert session.event.score(2) == Fraction(1, 2)  # seed 002_…: scores remain unchanged
    refused(session, DisqualifyPlayer, "disqualified already", tpn=2, confirm=True)
    session.run(ReinstatePlayer(tpn=3))
    assert session.event.player(3).withdrawn_from_round is None
    assert session.event.entry(3, 3).kind is EntryKind.NOT_PAIRED
    refused(session, ReinstatePlayer, "neither withdrawn nor disqualified", tpn=1)


def test_unknown_commands_and_bad_arguments(session: Session) -> None:
    with pytest.raises(CommandError, match="unknown command"):
        decode("teleport", {"tpn": 1})
    refused(session, EditPlayer, "whole number", tpn="one", name="X")
    refused(session, EditPlayer, "no player with pairing number 42", tpn=42, name="X")
    with pytest.raises(TypeError, match="takes a command value"):
        session.run("undo")  # type: ignore[arg-type]


def test_listeners_hear_every_change(session: Session) -> None:
    heard: list[str] = []
    stop = session.subscribe(lambda c: heard.append(c.command))
    session.run(EnterResult(round=2, board=2, result="1-0"))
    session.undo()
    session.redo()
    stop()
    session.run(EditPlayer(tpn=1, name="Ann B"))
    assert heard == ["enter_result", "undo", "redo"]
