"""The tournament's state through the session: pairing numbers, rounds, the play-off's life.

Every refusal here carries the reason the core gives (the same sentence the
window shows), and a refused command changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.event_state import Phase
from arbiter_app.core.model import Colour, EntryKind
from arbiter_app.core.pairing.numbers import Numbering, rating_order, renumbering_refusal
from arbiter_app.core.playoff.gate import PlayoffStatus
from arbiter_app.core.warning_levels import ConfirmationNeeded
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    Command,
    ConfirmPrinted,
    CorrectResult,
    EditPlayer,
    EditSettings,
    EnterResult,
    LateEntry,
    RestartPlayoff,
    SetPairingNumbers,
    SetPrizeFund,
    StartPlayoff,
)
from arbiter_app.session.pairing import pair_next_round
from arbiter_app.session.playoff_commands import ABANDONED, RESTART_WARNING, stored_playoff
from arbiter_app.sheets.builders import standings_of
from arbiter_app.sheets.source import ABANDONED_NOTE, load
from tests.support.playoff_events import play_out_session, three_tied_for_first
from tests.support.sessions import TickingClock, sha256
from tests.support.trf_oracle import event_to_trf as oracle_trf
from tests.support.trf_oracle import gacrux_pairs

CLUB = (
    ("Ines Barros", 1650),
    ("Tom Ward", 2010),
    ("Ada Cole", 1420),
    ("Raj Patel", 1885),
    ("Lea Roth", 1730),
    ("Sam Oduya", 2185),
    ("Kim Lund", 1560),
    ("Ola Berg", 1950),
    ("Nia Shaw", 1290),
)
"""A club Swiss entered as the players came in: in no order of rating."""


def refused(session: Session, command: type[Command], reason: str, /, **args: Any) -> None:
    """*command* is refused with exactly *reason*; nothing changes, in memory or on disk."""
    state, journal, digest = session.state, session.journal(), sha256(session.path)
    with pytest.raises(ArbiterError) as info:
        confirm = args.pop("confirm", None)
        session.run(command.of(args), confirm=confirm)
    assert str(info.value) == reason
    assert session.state == state and session.journal() == journal
    assert sha256(session.path) == digest


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Session]:
    s = Session.create(
        tmp_path / "club.arbiter",
        name="Tuesday Swiss",
        system="swiss",
        rounds=5,
        clock=TickingClock(),
        durable=False,
    )
    for name, rating in CLUB:
        s.run(AddPlayer(name=name, rating=rating))
    yield s
    s.close()


def by_name(session: Session) -> dict[str, int]:
    return {p.name: p.tpn for p in session.event.players}


# -- pairing numbers of a Swiss ------------------------------------------------------------


def test_a_swiss_is_numbered_by_its_initial_ranking_as_players_come_in(club: Session) -> None:
    """C.04.2 2.2-2.3: rating first; the numbers follow every player added or edited."""
    names = [p.name for p in club.event.players]
    assert names == [n for n, _ in sorted(CLUB, key=lambda x: -x[1])]
    assert rating_order(club.event.players) == tuple(range(1, 10))
    state = club.event_state
    assert state.phase is Phase.REGISTRATION and state.numbering is Numbering.RATING
    assert not state.numbers_fixed and state.pairing_refusal is None
    # A corrected rating moves the player; an added GM goes above an equal rating.
    club.run(EditPlayer(tpn=by_name(club)["Nia Shaw"], rating=2000))
    assert by_name(club)["Nia Shaw"] == 3
    added = club.run(AddPlayer(name="Zoe Ng", rating=2185, title="GM")).value
    assert added == 1 and by_name(club)["Sam Oduya"] == 2
    assert club.verify() == []


def test_round_one_pairs_top_half_against_bottom_half_by_rating_as_gacrux_does(
    club: Session,
) -> None:
    """The 2185 entered sixth is number 1; the 1290 entered last gets the bye (C.04.3)."""
    pairing, _ = pair_next_round(club, initial_colour=Colour.WHITE)
    event = club.event
    rating = {p.tpn: p.rating for p in event.players}
    pairs = [(b.white, b.black) for b in pairing.boards]
    # Top half 1-4 against bottom half 5-8 in order; colours alternate from the drawn white.
    assert pairs == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert [y.tpn for y in pairing.byes if y.kind is EntryKind.PAIRING_BYE] == [9]
    assert rating[9] == min(r for _, r in CLUB)
    assert {frozenset(p) for p in pairs} == {
        frozenset(p)
        for p in gacrux_pairs(oracle_trf(event.truncated(0), 1, {}, Colour.WHITE))
        if p[1]
    }
    assert gacrux_pairs(oracle_trf(event.truncated(0), 1, {}, Colour.WHITE))[-1] == (9, 0)


def test_numbers_are_fixed_once_round_one_is_paired(club: Session) -> None:
    pair_next_round(club, initial_colour=Colour.WHITE)
    reason = renumbering_refusal(1, club.event.system)
    assert reason is not None
    for how in ("rating", "lot", "order", "draw"):
        refused(club, SetPairingNumbers, reason, by=how, order=list(range(9, 0, -1)))
    # A rating corrected now no longer moves anybody.
    before = [p.name for p in club.event.players]
    club.run(EditPlayer(tpn=9, rating=2400))
    assert [p.name for p in club.event.players] == before
    assert club.event_state.numbering_text.endswith("fixed since round 1 was paired.")


def play_round(session: Session, round_no: int, seed: int) -> None:
    rng = random.Random(seed)
    for board in session.boards(round_no):
        result = rng.choice(["1-0", "0-1", "1/2-1/2"])
        session.run(EnterResult(round=round_no, board=board.number, result=result))


def test_a_strong_late_entry_is_ranked_by_its_rating_for_the_next_pairing(club: Session) -> None:
    """C.04.2 2.4-2.5: the late 2300 takes number 1 and the others move on; the Dutch
    system (which ranks by pairing number) then pairs round 3 as gacrux does."""
    pair_next_round(club, initial_colour=Colour.WHITE)
    play_round(club, 1, 1)
    pair_next_round(club)
    play_round(club, 2, 2)
    before = {p.name: p.tpn for p in club.event.players}
    tpn = club.run(LateEntry(name="Vera Kim", rating=2300, missed="not-paired")).value
    assert tpn == 1
    after = by_name(club)
    assert all(after[name] == number + 1 for name, number in before.items())
    event = club.event
    assert [event.entry(1, r).kind for r in (1, 2)] == [EntryKind.NOT_PAIRED] * 2
    assert club.verify() == []
    pairing, _ = pair_next_round(club)
    ours = sorted((b.white, b.black) for b in pairing.boards)
    bye = [(y.tpn, 0) for y in pairing.byes if y.kind is EntryKind.PAIRING_BYE]
    theirs = gacrux_pairs(oracle_trf(event, 3, {}, Colour.WHITE))
    assert sorted(p for p in theirs if p[1]) == ours and [p for p in theirs if not p[1]] == bye


def test_a_late_entry_after_numbers_fixed_by_hand_comes_last(club: Session) -> None:
    club.run(SetPairingNumbers(by="order", order=list(range(9, 0, -1))))
    assert club.event_state.numbering is Numbering.ORDER
    assert club.run(AddPlayer(name="Vera Kim", rating=2300)).value == 10


# -- a round robin's draw ---------------------------------------------------------------------


@pytest.fixture
def rr(tmp_path: Path) -> Iterator[Session]:
    s = Session.create(
        tmp_path / "rr.arbiter",
        name="Invitational",
        system="round-robin",
        rounds=3,
        clock=TickingClock(),
        durable=False,
    )
    for name, rating in (("Ann", 2500), ("Ben", 2600), ("Cid", 2400), ("Dee", 2550)):
        s.run(AddPlayer(name=name, rating=rating))
    yield s
    s.close()


def test_a_round_robin_is_not_paired_before_its_numbers_are_drawn(rr: Session) -> None:
    assert [p.name for p in rr.event.players] == ["Ann", "Ben", "Cid", "Dee"]  # not by rating
    reason = rr.event_state.pairing_refusal
    assert reason is not None and "drawn by lot before round 1" in reason
    journal = rr.journal()
    with pytest.raises(RuleError) as info:
        pair_next_round(rr)
    assert str(info.value) == reason and rr.journal() == journal


def test_a_draw_at_the_venue_is_journalled_with_its_witnesses_and_on_the_protocol(
    rr: Session,
) -> None:
    drawn = rr.run(
        SetPairingNumbers(by="draw", order=[3, 1, 4, 2], witnesses=["Deputy", "Ben"])
    ).value
    assert drawn == [3, 1, 4, 2]
    assert [p.name for p in rr.event.players] == ["Cid", "Ann", "Dee", "Ben"]
    assert rr.event_state.numbering is Numbering.DRAW
    assert rr.journal()[-1].seed is None
    pairing, _ = pair_next_round(rr)
    assert len(pairing.boards) == 2
    path = rr.path
    rr.close()
    protocol = load(path).draws
    (draw,) = [d for d in protocol if "drawn at the venue" in d.draw.purpose]
    assert draw.draw.witnesses == ("Deputy", "Ben") and draw.draw.outcome == (3, 1, 4, 2)
    assert "C.05" in draw.draw.article


def test_a_physical_draw_must_list_every_player_once(rr: Session) -> None:
    refused(
        rr,
        SetPairingNumbers,
        "the new order must list every pairing number exactly once: 1, 2, 3, 4",
        by="draw",
        order=[1, 1, 2, 3],
    )


# -- the play-off's life ---------------------------------------------------------------------


def test_the_play_off_cannot_start_before_the_event_is_final(tmp_path: Path) -> None:
    with three_tied_for_first(tmp_path / "t.arbiter") as s:
        s.undo()  # round 3, board 2's result taken back
        s.run(EditSettings(playoff="gct-2023-classical"))
        gate = s.event_state.playoff
        assert gate.status is PlayoffStatus.NOT_DUE
        assert gate.reason.endswith(
            "it can start only when the event is final: round 3 of 3 is in progress"
            " (board 2 still lacks a result)."
        )
        refused(s, StartPlayoff, gate.reason)


def test_a_correction_after_the_play_off_voids_it_and_restart_plays_the_new_tie(
    tmp_path: Path,
) -> None:
    with three_tied_for_first(tmp_path / "t.arbiter") as s:
        s.run(EditSettings(playoff="gct-2023-classical"))
        assert s.event_state.playoff.can_start
        s.run(StartPlayoff())
        play_out_session(s, (3, 1, 2))
        assert s.event_state.playoff.status is PlayoffStatus.OVER
        s.run(SetPrizeFund(prizes=["100000", "65000", "48000"]))
        # Round 3 board 2 (3 v 1) was a win for 3, not a draw: 3 first, 2 second, 1 third.
        s.run(CorrectResult(round=3, board=2, result="1-0"))
        gate = s.event_state.playoff
        assert gate.status is PlayoffStatus.STALE
        assert "but the standings now have no such tie" in gate.reason
        # Every place says so: the command, the standings, the prizes.
        refused(s, ConfirmPrinted, gate.reason)
        path = s.path
        source = load(path)
        table = standings_of(source)
        assert not any(r.by_playoff for r in table.rows)
        assert [(r.place, r.tpn) for r in table.rows[:3]] == [("1", 3), ("2", 2), ("3", 1)]
        assert source.event_state.prizes_note == gate.reason
        rows = source.prizes[0]
        assert [(r.place, r.by_playoff) for r in rows[:3]] == [
            ("1", False),
            ("2", False),
            ("3", False),
        ]
        # Restart (confirmed): nothing is tied for first any more, so the old play-off is
        # only set aside.
        # A level-3 question (FIDE C.02), answered with confirm.
        with pytest.raises(ConfirmationNeeded) as asked:
            s.run(RestartPlayoff())
        (alert,) = asked.value.warnings
        assert alert.question == f"{gate.reason} {RESTART_WARNING}"
        step = s.run(RestartPlayoff(), confirm=True).value
        assert step["step"] == "done" and step["text"].startswith("No play-off is needed")
        assert stored_playoff(s.state) is None
        assert s.event_state.playoff.status is PlayoffStatus.NO_TIE
        abandoned = [k for k in s.state.tables["records"] if k[0] == ABANDONED]
        assert abandoned == [(ABANDONED, "1")]
        assert s.verify() == []
    draws = load(path).draws
    old = [d for d in draws if d.note == ABANDONED_NOTE]
    assert old and all(d.draw.witnesses == ("Deputy",) for d in old)


def test_restart_plays_off_the_tie_as_it_now_stands(tmp_path: Path) -> None:
    with three_tied_for_first(tmp_path / "t.arbiter") as s:
        s.run(EditSettings(playoff="gct-2023-classical"))
        s.run(StartPlayoff())
        play_out_session(s, (3, 1, 2))
        refused(
            s,
            RestartPlayoff,
            "the play-off still matches the standings; there is nothing to restart",
        )
        # 2 beat 4 in round 3; corrected to a draw: 1 and 3 are tied for first, 2 third.
        s.run(CorrectResult(round=3, board=1, result="1/2"))
        assert s.event_state.playoff.status is PlayoffStatus.STALE
        step = s.run(RestartPlayoff(), confirm=True).value
        assert step["step"] == "draw-lots" and "(players 1, 3)" in step["text"]
        restarted = stored_playoff(s.state)
        assert restarted is not None and [t.players for t in restarted.ties] == [(1, 3)]
        assert s.event_state.playoff.status is PlayoffStatus.STARTED
        assert s.verify() == []
