"""A finished event whose final standings have three players tied for first."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from arbiter_app.core.playoff import PlayoffState, next_step
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    UNSET,
    AddPlayer,
    Command,
    ConfirmPrinted,
    DrawPlayoffLots,
    EnterResult,
    PlayoffResult,
    RecordPairings,
    TossCoin,
)
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
        session.run(AddPlayer(name=name, rating=rating))
    rounds = [([1, 4], [2, 3]), ([4, 3], [1, 2]), ([2, 4], [3, 1])]
    results = [("1-0", "1/2"), ("0-1", "1/2"), ("1-0", "1/2")]
    for number, (boards, outcome) in enumerate(zip(rounds, results, strict=True), 1):
        session.run(RecordPairings(round=number, boards=[list(b) for b in boards]))
        for board, result in enumerate(outcome, 1):
            session.run(EnterResult(round=number, board=board, result=result))
    return session


def two_tied_one_beat_the_other(path: Path) -> Session:
    """Four-player round robin: 1 and 2 finish on 2 points, and 1 beat 2."""
    session = Session.create(
        path, name="Rapid", system="round-robin", rounds=3, clock=TickingClock(), durable=False
    )
    for name, rating in (("Ann", 2750), ("Ben", 2740), ("Cid", 2730), ("Dee", 2700)):
        session.run(AddPlayer(name=name, rating=rating))
    rounds = [([1, 4], [2, 3]), ([4, 3], [1, 2]), ([2, 4], [3, 1])]
    results = [("1-0", "1-0"), ("1/2", "1-0"), ("1-0", "1-0")]
    for number, (boards, outcome) in enumerate(zip(rounds, results, strict=True), 1):
        session.run(RecordPairings(round=number, boards=[list(b) for b in boards]))
        for board, result in enumerate(outcome, 1):
            session.run(EnterResult(round=number, board=board, result=result))
    return session


PlayoffRun = Callable[[Command], object]
"""Runs a play-off command (a session's or a window's ``run``)."""


def play_out(
    run: PlayoffRun,
    current: Callable[[], PlayoffState | None],
    winner_first: Sequence[int] = (),
    *,
    seeded: bool = False,
) -> None:
    """Play the stored play-off to its end by its commands.

    The earlier of *winner_first* wins every game, then the lower pairing number;
    draws are typed in as the engine lists the players and coin tosses go to the
    first player (or both come from the session's seeds when *seeded*), witnessed
    by the deputy; the toss winner takes White.
    """
    rank = {tpn: i for i, tpn in enumerate(winner_first)}

    def strength(tpn: int) -> int:
        return rank.get(tpn, len(rank) + tpn)

    for _ in range(100):
        state = current()
        assert state is not None, "no play-off has been started"
        step = next_step(state)
        if step.code == "done":
            return
        if step.code == "draw-lots":
            outcome = UNSET if seeded else list(step.players)
            run(DrawPlayoffLots(outcome=outcome, witnesses=["Deputy"]))
        elif step.code == "print":
            run(ConfirmPrinted())
        elif step.code == "toss":
            winner = UNSET if seeded else step.players[0]
            run(TossCoin(winner=winner, choice="white"))
        elif step.code == "play":
            for game in step.games:
                white_wins = strength(game.white) < strength(game.black)
                run(PlayoffResult(game=game.id, result="1-0" if white_wins else "0-1"))
        else:
            raise AssertionError(f"unexpected step {step.code}: {step.text}")
    raise AssertionError("the play-off did not end")


def play_out_session(session: Session, winner_first: Sequence[int] = (), **kw: Any) -> None:
    """:func:`play_out` through *session*'s play-off commands."""
    from arbiter_app.session.playoff_commands import stored_playoff

    play_out(
        session.run,
        lambda: stored_playoff(session.state),
        winner_first,
        **kw,
    )
