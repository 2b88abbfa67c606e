"""Buchholz and its relatives: BH (with cuts), FB (Fore Buchholz), AOB.

FIDE C.07 (2023) article 8; unplayed rounds by article 16 (see :mod:`.unplayed`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from arbiter_app.core.points import format_points
from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec, Trace, register
from arbiter_app.core.tiebreaks.unplayed import (
    cut_indices,
    describe_term,
    record,
    rounds_adding_nothing,
    table,
    terms,
)


def opponent_sum(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
    *,
    fore: bool = False,
    product: bool = False,
) -> dict[int, Fraction]:
    """Sum of opponents' scores (Buchholz) or of result x score (Sonneborn-Berger).

    Shared by BH, FB and SB: the terms come from :func:`.unplayed.terms`, the
    cuts from :func:`.unplayed.cut_indices`. Integer units inside; with
    *product* the units are squared.
    """
    t = table(ctx)
    all_terms = terms(ctx, fore)
    scale = t.unit * t.unit if product else t.unit
    frac = t.frac
    simple_cut = spec.cut_low == 1 and not spec.cut_high and t.rounds >= 1
    out: dict[int, Fraction] = {}
    for tpn in players:
        tm = all_terms[tpn]
        if product:
            contrib = [v * p for v, p in zip(tm.values, tm.points, strict=True)]
            total = sum(contrib)
        else:
            contrib = tm.values
            total = tm.total
        cut: list[tuple[int, str]] = []
        if spec.has_cut and contrib:
            if simple_cut and not product:
                if tm.vur:
                    # Buchholz cut 1: a voluntarily unplayed round is always cut first (16.5):
                    # its value is never below the least significant opponent's.
                    low = min(contrib[i] for i in tm.vur)
                    index = next(i for i in tm.vur if contrib[i] == low)
                    reason = "voluntarily unplayed round is cut first (16.5)"
                else:
                    low = min(contrib)
                    index = contrib.index(low)
                    reason = "least significant opponent (14.1.1)"
                total -= low
                cut = [(index, reason)]
            else:
                vur = set(tm.vur)
                items = [
                    (v, c, i in vur)
                    for i, (v, c) in enumerate(zip(tm.values, contrib, strict=True))
                ]
                cut = cut_indices(items, spec.cut_low, spec.cut_high, t.rounds)
                total -= sum(contrib[i] for i, _ in cut)
        out[tpn] = frac(total, scale)
        trace = record(traces, tpn)
        if trace is not None:
            for i, c in enumerate(contrib):
                trace.add(
                    Fraction(c, scale),
                    round=tm.rounds[i],
                    opponent=tm.opponents[i] or None,
                    note=describe_term(ctx, tpn, i, fore, product),
                )
            for index, reason in cut:
                trace.mark_cut(index, reason)
            for note in rounds_adding_nothing(ctx, tpn):
                trace.note(note)
    return out


@register(
    "BH",
    article="FIDE C.07 (2023) 8.1, 14.1, 14.2, 16; 2026 text 16.4.1, 16.4.2, 16.5",
    description="Buchholz: sum of the opponents' scores",
    allow_cut=True,
)
def buchholz(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """Buchholz (FIDE C.07 (2023) 8.1; cuts 14.1/14.2 with 16.5; unplayed rounds 16.3/16.4).

    Opponents count with their score for opponents (16.3); the player's own
    unplayed rounds with a dummy opponent at the player's score (16.4),
    capped under the 2026 text (16.4.1 / 16.4.2). Under the online Swiss rules
    ("the tournament scores of each player you played against") only opponents
    count, at their score, and a round without one adds nothing.
    """
    values = opponent_sum(ctx, spec, players, traces)
    if traces and table(ctx).round_robin:
        for tpn in players:
            trace = record(traces, tpn)
            if trace is not None:
                # 2026 text: Buchholz and its variants are not to be used in round robins.
                trace.note(
                    "in a round robin Buchholz does not separate players (not for use, 2026)"
                )
    return values


@register(
    "FB",
    article="FIDE C.07 (2023) 8.3, 16; 2026 text 16.4.1, 16.4.2",
    description="Fore Buchholz: Buchholz with every last-round pairing counted as a draw",
    allow_cut=True,
)
def fore_buchholz(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """Fore Buchholz (FIDE C.07 (2023) 8.3): Buchholz when last-round pairings count as draws.

    Every pairing of the final round (forfeits included) is taken as a drawn
    game, for the player and for every opponent; planned byes of that round
    keep their value. Before the final round the value equals Buchholz.
    """
    return opponent_sum(ctx, spec, players, traces, fore=True)


@register(
    "AOB",
    article="FIDE C.07 (2023) 8.2",
    description="Average of the Buchholz of the opponents met over the board",
)
def average_of_opponents_buchholz(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """AOB (FIDE C.07 (2023) 8.2): mean Buchholz of the opponents actually played.

    Exact (a Fraction); the exercises print it to two decimals. A player with
    no game over the board gets 0 (undefined), with a note saying so.
    """
    t = table(ctx)
    plain = TieBreakSpec("BH", "BH")
    opponents: dict[int, list[tuple[int, int]]] = {}
    needed: set[int] = set()
    for tpn in players:
        met = [
            (i + 1, e.opponent)
            for i, e in enumerate(t.entries[tpn])
            if e.is_played and e.opponent is not None
        ]
        opponents[tpn] = met
        needed.update(o for _, o in met)
    bh = ctx.cached(
        ("fide.bh-all", ctx.rule_set),
        lambda: buchholz(ctx, plain, t.tpns, None),
    )
    assert isinstance(bh, dict)
    out: dict[int, Fraction] = {}
    for tpn in players:
        met = opponents[tpn]
        trace = record(traces, tpn)
        if not met:
            out[tpn] = Fraction(0)
            if trace is not None:
                trace.note("no game played over the board: AOB undefined, counted as 0 (8.2)")
            continue
        n = len(met)
        out[tpn] = sum((bh[o] for _, o in met), Fraction(0)) / n
        if trace is not None:
            for r, o in met:
                trace.add(
                    bh[o] / n,
                    round=r,
                    opponent=o,
                    note=f"opponent's Buchholz {format_points(bh[o])} / {n}",
                )
    return out
