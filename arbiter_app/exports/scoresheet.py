"""Score sheets for the play-off games: one page per game, to be filled in at the board.

The play-off card asks for the pairings and the score sheets before the games
are shown as ready to play (the ``print`` step); this is the score sheet. Each
page names the event, the tie, the stage, the round and the game, both players
with their pairing numbers, the clock, the Armageddon rule when it applies, a
grid of 60 moves and the result to circle, and the signatures (FIDE Laws of
Chess article 8.1: each player records the moves on the score sheet; article
8.7: both sign it at the end of the game).
"""

from __future__ import annotations

from arbiter_app.core.model import Event
from arbiter_app.core.playoff import PlayoffState
from arbiter_app.core.playoff.steps import GameRecord
from arbiter_app.exports.playoff import clock_of, kit_sheet, knockout_articles, names_of, who
from arbiter_app.exports.sheet import (
    Align,
    Block,
    Column,
    Fields,
    PageBreak,
    Sheet,
    Signatures,
    Table,
)

MOVES = 50
"""Moves on a sheet: two columns of 25, so that a sheet fits A4 and Letter with its signatures
(a longer game goes on to a second sheet)."""


def _grid() -> Table:
    half = MOVES // 2
    return Table(
        (
            Column("", Align.RIGHT, 6),
            Column("White", Align.LEFT, 22),
            Column("Black", Align.LEFT, 22),
            Column("", Align.RIGHT, 6),
            Column("White", Align.LEFT, 22),
            Column("Black", Align.LEFT, 22),
        ),
        tuple((str(n), "", "", str(n + half), "", "") for n in range(1, half + 1)),
        small=True,
    )


def _game_page(game: GameRecord, state: PlayoffState, names: dict[int, str]) -> list[Block]:
    spec = game.spec
    clock = clock_of(spec.time_control)
    where = ", ".join(t for t in (spec.tie, spec.stage, f"round {spec.round}") if t)
    fields: list[tuple[str, str]] = [
        ("Game", f"{spec.id}: {where}"),
        ("White", who(spec.white, names)),
        ("Black", who(spec.black, names)),
        ("Clock", str(clock) if clock else spec.time_control),
    ]
    if spec.armageddon:
        _, draw_art, _ = knockout_articles(state)
        rule = "a draw counts as a win for Black"
        fields.append(("Armageddon", f"{rule} (article {draw_art})" if draw_art else rule))
    return [
        Fields(tuple(fields)),
        _grid(),
        Fields((("Result", "1-0          ½-½          0-1"),)),
        Signatures(("White", "Black", "Arbiter")),
    ]


def scoresheets_sheet(event: Event, state: PlayoffState) -> Sheet:
    """A score sheet for every play-off game scheduled and not yet played (every game
    when all are played: sheets to print again)."""
    names = names_of(event)
    games = state.games()
    waiting = [g for g in games if g.result is None] or list(games)
    blocks: list[Block] = []
    for i, game in enumerate(waiting):
        if i:
            blocks.append(PageBreak())
        blocks += _game_page(game, state, names)
    return kit_sheet(
        event,
        state,
        "Play-off score sheets",
        blocks,
        "Each player records the moves (FIDE Laws of Chess 8.1); both sign (8.7).",
    )
