"""Sonneborn-Berger (SB, with cuts) and the Koya system (KS, with its limit).

FIDE C.07 (2023) articles 9.1 and 9.2; unplayed rounds by article 16.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from arbiter_app.core.errors import RuleError
from arbiter_app.core.points import format_points
from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec, Trace, register
from arbiter_app.core.tiebreaks.buchholz import opponent_sum
from arbiter_app.core.tiebreaks.unplayed import kind_text, record, table


@register(
    "SB",
    article="FIDE C.07 (2023) 9.1, 14.1, 16; 2026 text 16.4.1, 16.4.2, 16.5",
    description="Sonneborn-Berger: sum of each opponent's score times the result against them",
    allow_cut=True,
)
def sonneborn_berger(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """Sonneborn-Berger (FIDE C.07 (2023) 9.1; unplayed rounds 16.3/16.4; cuts 14.1 with 16.5).

    Each round adds the player's points that round times the opponent's
    score for opponents; an own unplayed round multiplies the dummy
    opponent's score (16.4) by the points awarded. With a cut, the least
    significant opponent is the one with the lowest score (ties: the smaller
    contribution); a voluntarily unplayed round is cut instead unless its
    contribution is smaller than that opponent's (16.5). Under the online Swiss
    rules ("the tournament score of each opponent you have beaten, and half of
    the tournament score of each opponent with whom you have drawn") only
    opponents count and a round without one adds nothing.
    """
    return opponent_sum(ctx, spec, players, traces, product=True)


KOYA_PERCENT = Fraction(50)
"""The Koya limit: half the maximum possible score (C.07 (2023) 9.2)."""


@register(
    "KS",
    article="FIDE C.07 (2023) 9.2, 14.5",
    description="Koya: points scored against opponents with at least half the maximum score",
    options=("L",),
)
def koya(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """Koya system (FIDE C.07 (2023) 9.2; limit modifier 14.5).

    Sum of the points scored in rounds against a scheduled opponent whose
    score reaches the limit: 50% of the maximum possible score. The limit
    modifier moves it by half a point at a time (14.5; the FIDE exercises
    "increase or decrease the score limit by half a point at a time"):
    ``KS/L1`` raises it by ½, ``KS/L2`` by 1, ``KS/L-1`` lowers it by ½,
    ``KS/L-2`` by 1 (a half point is half a win's worth under another point
    system). In a round robin with an odd number of players the maximum
    leaves out the rounds each player sits out. Forfeits count with their
    scheduled opponent, as in FIDE's reference implementation.
    """
    t = table(ctx)
    steps = spec.parameter if "L" in spec.options and spec.parameter is not None else None
    if steps is not None and steps.denominator != 1:
        raise RuleError(f"{spec.code}: the Koya limit moves by whole half points (KS/L1, KS/L-1)")
    maximum = sum(t.win)
    n = len(t.tpns)
    if t.round_robin and n and t.rounds % n == 0 and t.win:
        # Odd field: every player has one free round per cycle (15.2).
        maximum -= (t.rounds // n) * t.win[0]
    half_point = Fraction(t.win[0], 2) if t.win else Fraction(t.unit, 2)
    # In the table's units (1/unit points), compared exactly.
    threshold = Fraction(maximum) * KOYA_PERCENT / 100 + (steps or 0) * half_point
    out: dict[int, Fraction] = {}
    for tpn in players:
        total = 0
        trace = record(traces, tpn)
        for i, e in enumerate(t.entries[tpn]):
            opp = e.opponent
            if opp is None:
                continue
            if t.score[opp] >= threshold:
                total += t.points[tpn][i]
                if trace is not None:
                    trace.add(
                        t.frac(t.points[tpn][i]),
                        round=i + 1,
                        opponent=opp,
                        note=f"{kind_text(e.kind)}; opponent scored {format_points(t.frac(t.score[opp]))}, "
                        f"at least {format_points(threshold / t.unit)} (9.2)",
                    )
            elif trace is not None:
                trace.note(
                    f"round {i + 1}: opponent {opp} scored {format_points(t.frac(t.score[opp]))}, "
                    f"below the limit {format_points(threshold / t.unit)}: not counted"
                )
        out[tpn] = t.frac(total)
    return out
