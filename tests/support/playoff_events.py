"""A finished event whose final standings have three players tied for first."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.session import Session
from tests.support.sessions import TickingClock


def three_tied_for_first(path: Path, *, preset: str | None = None) -> Session:
    """Four-player round robin, 3 rounds: players 1, 2 and 3 finish on 2 points, 4 on 0."""
    session = Session.create(
        path,
        name="Classical",
        system="round-robin",
        rounds=3,
        preset=preset,
        clock=TickingClock(),
        durable=False,
    )
    for name, rating in (("Ann", 2750), ("Ben", 2740), ("Cid", 2730), ("Dee", 2700)):
        session.run("add_player", name=name, rating=rating)
    rounds = [([1, 4], [2, 3]), ([4, 3], [1, 2]), ([2, 4], [3, 1])]
    results = [("1-0", "1/2"), ("0-1", "1/2"), ("1-0", "1/2")]
    for number, (boards, outcome) in enumerate(zip(rounds, results, strict=True), 1):
        session.run("record_pairings", round=number, boards=[list(b) for b in boards])
        for board, result in enumerate(outcome, 1):
            session.run("enter_result", round=number, board=board, result=result)
    return session


def two_tied_one_beat_the_other(path: Path) -> Session:
    """Four-player round robin: 1 and 2 finish on 2 points, and 1 beat 2."""
    session = Session.create(
        path, name="Rapid", system="round-robin", rounds=3, clock=TickingClock(), durable=False
    )
    for name, rating in (("Ann", 2750), ("Ben", 2740), ("Cid", 2730), ("Dee", 2700)):
        session.run("add_player", name=name, rating=rating)
    rounds = [([1, 4], [2, 3]), ([4, 3], [1, 2]), ([2, 4], [3, 1])]
    results = [("1-0", "1-0"), ("1/2", "1-0"), ("1-0", "1-0")]
    for number, (boards, outcome) in enumerate(zip(rounds, results, strict=True), 1):
        session.run("record_pairings", round=number, boards=[list(b) for b in boards])
        for board, result in enumerate(outcome, 1):
            session.run("enter_result", round=number, board=board, result=result)
    return session
