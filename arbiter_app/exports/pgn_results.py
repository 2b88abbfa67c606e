"""Play-off results read from a PGN file, matched to the games the play-off is waiting for.

A PGN game (read by :func:`arbiter_app.exports.pgn.read_pgn_results`) belongs
to a play-off game when its White and Black are that game's players, by name
(compared without regard to case, accents being kept, and runs of spaces),
and, when the PGN carries the ``Stage`` tag Arbiter writes, the stage agrees.
Matching is tried against the play-off as it stands and again after each
result, so a file can hold a whole round robin. Every game of the file must
find its play-off game, or nothing is recorded: the caller gets the results
only when the whole file fits (the arbiter fixes the file and tries again).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbiter_app.core.errors import InputError, Issue, RuleError
from arbiter_app.core.model import Event
from arbiter_app.core.playoff import PlayoffState, Result
from arbiter_app.exports.pgn import PlayoffGame


@dataclass(frozen=True, slots=True)
class MatchedResult:
    """A result to record: the play-off game's id, its result, and the PGN game it came from."""

    game: str
    result: str
    index: int
    """1-based position of the game in the PGN file."""


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


def match_results(
    event: Event, state: PlayoffState, games: Sequence[PlayoffGame], *, source: str = "PGN"
) -> list[MatchedResult]:
    """The results of *games* for the play-off, in an order the engine accepts.

    Games whose result is recorded already with the same result are skipped;
    a different recorded result, or a game that matches no play-off game, is
    reported (one :class:`InputError` listing every problem).
    """
    names = {p.tpn: _key(p.name) for p in event.players}
    pending = list(enumerate(games, start=1))
    out: list[MatchedResult] = []
    issues: list[Issue] = []
    refused: dict[int, str] = {}
    progress = True
    while pending and progress:
        progress = False
        recorded = {g.spec.id: g for g in state.games()}
        for item in list(pending):
            index, pgn = item
            white, black = _key(pgn.white), _key(pgn.black)
            candidates = [
                g
                for g in recorded.values()
                if names.get(g.spec.white) == white
                and names.get(g.spec.black) == black
                and (not pgn.stage or pgn.stage == g.spec.label)
            ]
            open_games = [g for g in candidates if g.result is None]
            done = [g for g in candidates if g.result is not None]
            if open_games:
                game = open_games[0]
                try:
                    state = state.apply(Result(game.spec.id, pgn.result))
                except RuleError as exc:
                    # Perhaps a later round: try again once the earlier results are in.
                    refused[index] = str(exc)
                    continue
                out.append(MatchedResult(game.spec.id, pgn.result, index))
                refused.pop(index, None)
                pending.remove(item)
                progress = True
            elif done and all(g.result == pgn.result for g in done):
                pending.remove(item)  # recorded already: importing twice changes nothing
                progress = True
            elif done:
                issues.append(
                    Issue(
                        source,
                        0,
                        0,
                        f"game {index} ({pgn.white} – {pgn.black}): the play-off has "
                        f"{done[0].result} for game {done[0].spec.id}, the file says {pgn.result}",
                    )
                )
                pending.remove(item)
    for index, pgn in pending:
        if index in refused:
            issues.append(Issue(source, 0, 0, f"game {index}: {refused[index]}"))
            continue
        issues.append(
            Issue(
                source,
                0,
                0,
                f"game {index} ({pgn.white} – {pgn.black}, round {pgn.round or '?'}) is not a "
                "play-off game waiting for a result (not paired yet, or other players)",
            )
        )
    if issues:
        raise InputError(sorted(issues, key=lambda i: i.message))
    return out
