"""Who a round paired by hand lists (``players_to_pair``, the window's Pair round by hand…):
the players the engine would pair, as :func:`~arbiter_app.core.pairing.swiss.round_field`
takes them, highest score first, in the system's own rounds (a double Swiss's matches)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    EnterResult,
    RecordRoundPairings,
    RequestBye,
    WithdrawPlayer,
)
from arbiter_app.session.hand_pairing import players_to_pair
from tests.support.sessions import TickingClock, everybody_met


def test_a_swiss_lists_the_players_the_engine_pairs_highest_score_first(tmp_path: Path) -> None:
    session = everybody_met(tmp_path / "club.arbiter", players=5)
    session.run(RequestBye(tpn=2, round=4, kind="half"))
    round_no, field = players_to_pair(session)
    assert round_no == 4
    # 2 asked for a bye in round 4; 5 had three byes (3 points); 1 and 4 have 2 (by
    # pairing number), 3 has 1.
    assert [(p.tpn, p.points) for p in field] == [
        (5, Fraction(3)),
        (1, Fraction(2)),
        (4, Fraction(2)),
        (3, Fraction(1)),
    ]
    assert field[0].name == "P5"


def test_a_fide_double_swiss_counts_matches(tmp_path: Path) -> None:
    """Round 2 of FIDE's Double-Swiss is games 3-4: a withdrawal from game 3 leaves the
    player out of match 2, and the points are those of match 1's two games."""
    session = Session.create(
        tmp_path / "ds.arbiter", name="DS", system="fide-double-swiss", rounds=3,
        clock=TickingClock(), durable=False,
    )  # fmt: skip
    for i in range(1, 5):
        session.run(AddPlayer(name=f"D{i}", rating=2000 - 10 * i))
    games = [
        {"round": c, "boards": [[1, 3], [4, 2]] if c == 1 else [[3, 1], [2, 4]]} for c in (1, 2)
    ]
    session.run(RecordRoundPairings(columns=games))
    for column in (1, 2):
        session.run(EnterResult(round=column, board=1, result="1-0" if column == 1 else "0-1"))
        session.run(EnterResult(round=column, board=2, result="1/2"))
    session.run(WithdrawPlayer(tpn=4, from_round=3))
    round_no, field = players_to_pair(session)
    assert round_no == 2
    assert [(p.tpn, p.points) for p in field] == [
        (1, Fraction(2)),
        (2, Fraction(1)),
        (3, Fraction(0)),
    ]
