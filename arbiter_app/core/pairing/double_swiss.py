"""Double Swiss: each round two games against the same opponent, one with each colour.

City Chess OK rules: "Double Swiss/double round robin = each round comprises two
games (one as Black, one as White) against the same opponent."

How the model stores it (``System.DOUBLE_SWISS``, ``games_per_round == 2``):
every game is one round entry, so Swiss round *r* is the two consecutive
entries ``2r − 1`` and ``2r``, the second with the colours of the first
reversed. ``Event.planned_rounds`` and ``Event.rounds_played`` count entries
(games), as for every other system, so a 7-round double Swiss plans 14;
bye requests (TRF 240) and ``Player.withdrawn_from_round`` name game columns
too, and apply to the Swiss round that holds the column.

Pairing a round: the event is seen as a single Swiss (:func:`swiss_view`)
whose round *r* is the pair of games, scored with the points of both games
and coloured with the first game's colour; the Dutch engine pairs that, and
each board then plays twice with colours reversed.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter_app.core.model import (
    EntryKind,
    Event,
    Outcome,
    PointAdjustment,
    RoundEntry,
    System,
)

GAMES = 2


def swiss_rounds(event: Event) -> int:
    """Swiss rounds completed (a round counts when both its games are entered)."""
    return event.rounds_played // GAMES


def _merge(
    first: RoundEntry,
    second: RoundEntry,
    first_points: Fraction,
    second_points: Fraction,
    draw: Fraction,
) -> RoundEntry:
    """One Swiss-round entry standing for two games against the same opponent."""

    total = first_points + second_points
    if first.kind.has_opponent and first.opponent is not None:
        if first.is_played or second.is_played:
            outcome = (
                Outcome.WIN
                if total > 2 * draw
                else Outcome.LOSS
                if total < 2 * draw
                else Outcome.DRAW
            )
            return RoundEntry.game(first.opponent, first.colour, outcome, rated=first.rated)
        kind = EntryKind.FORFEIT_WIN if total > 2 * draw else EntryKind.FORFEIT_LOSS
        return RoundEntry.of(kind, first.opponent, first.colour)
    return RoundEntry(first.kind)


def swiss_view(event: Event) -> Event:
    """The double Swiss as a single Swiss: one entry per Swiss round, scores kept exact.

    Points that the merged entry does not carry by itself (a 1½–½ round is a
    "win" worth 1½) are kept as point adjustments of that round, so every
    player's score in the view equals the real score.
    """
    if event.system is not System.DOUBLE_SWISS:
        return event
    rounds = swiss_rounds(event)
    entries: dict[int, tuple[RoundEntry, ...]] = {}
    adjustments = list(event.adjustments)
    view_system = event.point_system
    for player in event.players:
        row: list[RoundEntry] = []
        for r in range(1, rounds + 1):
            g1, g2 = 2 * r - 1, 2 * r
            e1, e2 = event.entry(player.tpn, g1), event.entry(player.tpn, g2)
            p1, p2 = event.round_points(player.tpn, g1), event.round_points(player.tpn, g2)
            merged = _merge(e1, e2, p1, p2, view_system.draw)
            row.append(merged)
            delta = p1 + p2 - merged.points(view_system)
            if delta:
                adjustments.append(PointAdjustment(player.tpn, delta, r, "double Swiss round"))
        entries[player.tpn] = tuple(row)
    # Adjustments entered on the real event name game columns; in the view they
    # apply from the Swiss round that holds that game.
    moved = [
        replace(a, round=(a.round + 1) // GAMES if a.round is not None else None)
        for a in event.adjustments
    ]
    # Bye requests and withdrawals name game columns too; in the view they name
    # the Swiss round holding that column.
    requests = tuple(
        dict.fromkeys(replace(q, round=(q.round + 1) // GAMES) for q in event.bye_requests)
    )
    players = [
        replace(p, withdrawn_from_round=(p.withdrawn_from_round + 1) // GAMES)
        if p.withdrawn_from_round is not None
        else p
        for p in event.players
    ]
    return replace(
        event.with_players(players),
        system=System.SWISS,
        bye_requests=requests,
        planned_rounds=(event.planned_rounds + 1) // GAMES,
        entries=entries,
        round_point_systems=(),
        adjustments=tuple(moved + adjustments[len(event.adjustments) :]),
    )
