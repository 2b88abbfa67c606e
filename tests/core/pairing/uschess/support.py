"""Small US Chess events built by hand: ratings, then rounds of boards with results."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arbiter_app.core.model import (
    ByeRequest,
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Player,
    RuleSet,
    System,
)
from arbiter_app.core.pairing import (
    Board,
    Bye,
    RoundPairing,
    SwissOptions,
    append_round,
    pair_swiss,
)
from arbiter_app.core.result import GameResult

RESULTS = {"1-0": GameResult.WHITE_WINS, "0-1": GameResult.BLACK_WINS, "=": GameResult.DRAW}

Game = tuple[int, int, str]
"""White, Black and the result: ``1-0``, ``0-1`` or ``=``."""


def event(ratings: Sequence[int | None], rounds: int = 4, **players: str) -> Event:
    """A US Chess Swiss whose player *n* (from 1) has the *n*-th rating (None: unrated);
    *players* gives clubs as ``club_3="Lincoln"``."""
    clubs = {int(k.split("_")[1]): v for k, v in players.items() if k.startswith("club_")}
    return Event(
        info=EventInfo(name="test"),
        system=System.SWISS,
        planned_rounds=rounds,
        rule_set=RuleSet.USCF,
        players=tuple(
            Player(t, f"P{t}", r, club=clubs.get(t, "")) for t, r in enumerate(ratings, start=1)
        ),
        entries={t: () for t in range(1, len(ratings) + 1)},
    )


def play(ev: Event, games: Sequence[Game], byes: Sequence[int] = ()) -> Event:
    """*ev* with one more round: *games*, and requested full-point byes for *byes*."""
    rnd = ev.rounds_played + 1
    boards = tuple(Board(i, w, b) for i, (w, b, _) in enumerate(games, start=1))
    pairing = RoundPairing(rnd, boards, tuple(Bye(t, EntryKind.FULL_BYE) for t in byes))
    return append_round(ev, pairing, {i: RESULTS[r] for i, (_, _, r) in enumerate(games, start=1)})


def requests(ev: Event, *items: tuple[int, int, EntryKind]) -> Event:
    return replace(ev, bye_requests=tuple(ByeRequest(t, r, k) for t, r, k in items))


def pair(ev: Event, *, keep_clubs_apart: bool = False) -> RoundPairing:
    """The next round by the US Chess engine, White on top in round 1."""
    options = SwissOptions(
        initial_colour=Colour.WHITE, engine="uschess", keep_clubs_apart=keep_clubs_apart
    )
    return pair_swiss(ev, None, options)


def boards(pairing: RoundPairing) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in pairing.boards]


def games(pairing: RoundPairing) -> set[frozenset[int]]:
    """The boards without their colours or order."""
    return {frozenset(b.players) for b in pairing.boards}
