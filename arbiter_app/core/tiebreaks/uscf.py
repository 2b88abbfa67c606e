"""The US Chess tie-break family (rule 34E), as the City Chess OK rules describe it.

US Chess adjusts scores for unplayed rounds differently from FIDE C.07:

- an *opponent's* unplayed rounds (byes of any kind, forfeits won or lost,
  rounds not played after withdrawing) count half a point each, whatever
  was actually scored in them. This *adjusted score* serves only to compute
  other players' tie-breaks; nobody's own score changes (City Chess OK rules,
  Modified Median: "an opponent who won the first two games, lost the
  third, withdrew and did not play rounds four or five would have an
  adjusted score of 3 points");
- a player's *own* unplayed rounds count as opponents with an adjusted
  score of 0 (same paragraph).

Rule numbers: 34E1 Modified Median (the plain Median, or Harkness, system is
described with it), 34E2 Solkoff, 34E3 Cumulative, 34E4 Cumulative scores of
opposition; 22B defines the full-point bye whose point the Cumulative system
subtracts. Kashdan, Most blacks and Result between tied players are further
systems of rule 34E; the chapter of the rulebook shipped with the project
stops at rule 24, so their sub-numbers are not quoted here.

Every function records in the :class:`Trace` which round and opponent gave
what, and which values were dropped and why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations

from arbiter_app.core.model import Colour, EntryKind, Outcome
from arbiter_app.core.points import ZERO, format_points
from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec, Trace, register
from arbiter_app.core.tiebreaks.table import RoundTable, table_of
from arbiter_app.core.words import noun_for

# -- shared figures ---------------------------------------------------------------
#
# Standings of a large Swiss evaluate these sums tens of thousands of times, so
# the rounds are first turned into a table of integers: every point value is
# counted in units of 1/unit (unit = 2 under 1/½/0), which keeps the arithmetic
# exact and fast. Values leave this module as Fractions.


def _table(ctx: TieBreakContext) -> RoundTable:
    return table_of(ctx)


def _adjusted_units(ctx: TieBreakContext) -> dict[int, int]:
    def make() -> dict[int, int]:
        t = _table(ctx)
        out: dict[int, int] = {}
        game = EntryKind.GAME
        for tpn, kinds in t.kinds.items():
            pts = t.points[tpn]
            total = sum(pts[r] if kinds[r] is game else t.draw[r] for r in range(t.rounds))
            out[tpn] = total + sum(t.adjust_round.get(tpn, ())) + t.adjust_end.get(tpn, 0)
        return out

    result = ctx.cached("uscf:adjusted", make)
    assert isinstance(result, dict)
    return result


def adjusted_scores(ctx: TieBreakContext) -> dict[int, Fraction]:
    """Every player's score with each unplayed round counted as a draw (City Chess OK rules, 34E1).

    Played games count what they scored; every other round (bye, forfeit,
    not paired, withdrawn) counts the draw value of that round's point
    system (½ under 1/½/0). The arbiter's point adjustments (TRF 299) are kept
    because they are part of the score the wall chart shows.
    """
    t = _table(ctx)
    return {tpn: t.frac(u) for tpn, u in _adjusted_units(ctx).items()}


def _describe_adjusted(t: RoundTable, tpn: int) -> str:
    """Say how an opponent's adjusted score was made (for explanations only)."""
    kinds = t.kinds.get(tpn, [])
    unplayed = [r + 1 for r, k in enumerate(kinds) if k is not EntryKind.GAME]
    if not unplayed:
        return "adjusted score = actual score (all games played)"
    listed = ", ".join(str(r) for r in unplayed)
    rounds = noun_for(len(unplayed), "round")
    return f"adjusted score: unplayed {rounds} {listed} counted as draws (34E1)"


def _all_terms(ctx: TieBreakContext) -> dict[int, list[int]]:
    """Every player's opponent terms (see :func:`_opponent_terms`), shared by MM, MED and SOLK."""

    def make() -> dict[int, list[int]]:
        t = _table(ctx)
        adjusted = _adjusted_units(ctx)
        game = EntryKind.GAME
        out: dict[int, list[int]] = {}
        for tpn, kinds in t.kinds.items():
            opponents = t.opponents[tpn]
            out[tpn] = [
                adjusted.get(opponents[r] or 0, 0) if kinds[r] is game else 0
                for r in range(t.rounds)
            ]
        return out

    result = ctx.cached("uscf:terms", make)
    assert isinstance(result, dict)
    return result


def _opponent_terms(ctx: TieBreakContext, tpn: int, trace: Trace | None) -> list[int]:
    """One term per round, in units: the opponent's adjusted score, or 0 for an own unplayed round.

    City Chess OK rules (34E1): "If the player involved in the tie has any unplayed
    games, they count as opponents with adjusted scores of 0."
    """
    terms = _all_terms(ctx)[tpn]
    if trace is None:
        return terms
    t = _table(ctx)
    kinds = t.kinds[tpn]
    opponents = t.opponents[tpn]
    for r in range(t.rounds):
        opp = opponents[r]
        if kinds[r] is EntryKind.GAME and opp is not None:
            trace.add(t.frac(terms[r]), round=r + 1, opponent=opp, note=_describe_adjusted(t, opp))
        else:
            trace.add(
                ZERO,
                round=r + 1,
                note=f"own unplayed round ({kinds[r].value}): counts as 0 (34E1)",
            )
    return terms


def _drop(terms: list[int], low: int, high: int, trace: Trace | None, reason: str) -> int:
    """Sum *terms* after dropping *low* lowest and *high* highest values, marking them in *trace*.

    Among equal values the earliest round is dropped first, which only
    affects which line of the explanation carries the mark, never the sum.
    """
    if trace is None:
        ordered = sorted(terms)
        low = min(low, len(ordered))
        high = min(high, len(ordered) - low)
        return sum(ordered[low : len(ordered) - high])
    order = sorted(range(len(terms)), key=lambda i: (terms[i], i))
    low = min(low, len(order))
    high = min(high, len(order) - low)
    dropped_low = order[:low]
    dropped_high = order[len(order) - high :] if high else []
    for i in dropped_low:
        trace.mark_cut(i, f"lowest, {reason}")
    for i in dropped_high:
        trace.mark_cut(i, f"highest, {reason}")
    dropped = set(dropped_low) | set(dropped_high)
    return sum(v for i, v in enumerate(terms) if i not in dropped)


def _cuts_per_side(ctx: TieBreakContext) -> int:
    """One score dropped per side, two in events of nine or more rounds (34E1, City Chess OK rules).

    The count uses the rounds the standings are computed for, so that
    standings after round 5 of a nine-round event are those of a five-round event.
    """
    return 2 if ctx.rounds >= 9 else 1


def _max_possible(ctx: TieBreakContext) -> Fraction:
    return sum(
        (ctx.event.max_points_per_round(r) for r in range(1, ctx.rounds + 1)),
        ZERO,
    )


# -- 34E1 Modified Median, Median, 34E2 Solkoff -------------------------------------


@register(
    "MM",
    article="US Chess 34E1 (Modified Median)",
    description="opponents' adjusted scores; even score drops highest and lowest, "
    "plus score the lowest, minus score the highest (two each from nine rounds)",
)
def modified_median(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """US Chess 34E1 Modified Median (City Chess OK rules).

    The player's score is compared with half the maximum possible score: an
    *even* score drops the highest and the lowest opponents, a *plus* score
    only the lowest, a *minus* score only the highest; from nine rounds on
    two are dropped on each side concerned.
    """
    t = _table(ctx)
    n = _cuts_per_side(ctx)
    maximum = _max_possible(ctx)
    max_units = int(maximum * t.unit)
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        terms = _opponent_terms(ctx, tpn, trace)
        own2 = 2 * t.score_units(tpn)
        if own2 == max_units:
            low, high, what = n, n, "even score"
        elif own2 > max_units:
            low, high, what = n, 0, "plus score"
        else:
            low, high, what = 0, n, "minus score"
        reason = what
        if trace is not None:
            own = Fraction(own2, 2 * t.unit)
            reason = f"{what} {format_points(own)} of {format_points(maximum)}"
            trace.note(
                f"{reason}: drop {low} lowest and {high} highest "
                f"({'nine or more rounds' if n == 2 else 'fewer than nine rounds'})"
            )
        out[tpn] = t.frac(_drop(terms, low, high, trace, reason))
    return out


@register(
    "MED",
    article="US Chess 34E1 (Median or Harkness system)",
    description="opponents' adjusted scores without the highest and the lowest "
    "(two each from nine rounds)",
)
def median(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """The Median (Harkness) system described with US Chess 34E1 (City Chess OK rules).

    Sum of the opponents' adjusted scores after dropping the highest and the
    lowest, whatever the player's own score; two of each from nine rounds.
    """
    t = _table(ctx)
    n = _cuts_per_side(ctx)
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        terms = _opponent_terms(ctx, tpn, trace)
        if trace is not None:
            trace.note(f"median: drop {n} highest and {n} lowest")
        out[tpn] = t.frac(_drop(terms, n, n, trace, "median"))
    return out


@register(
    "SOLK",
    article="US Chess 34E2 (Solkoff)",
    description="sum of all opponents' adjusted scores, nothing dropped",
)
def solkoff(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """US Chess 34E2 Solkoff: the Median system without dropping any score (City Chess OK rules)."""
    t = _table(ctx)
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        out[tpn] = t.frac(sum(_opponent_terms(ctx, tpn, trace)))
    return out


# -- 34E3 Cumulative, 34E4 Cumulative of opposition ---------------------------------

_SUBTRACTED = {
    EntryKind.FORFEIT_WIN: "unplayed win",
    EntryKind.PAIRING_BYE: "full-point bye",
    EntryKind.FULL_BYE: "full-point bye",
    EntryKind.HALF_BYE: "half-point bye",
}


def _cumulative_one(t: RoundTable, tpn: int, trace: Trace | None) -> int:
    pts = t.points[tpn]
    kinds = t.kinds[tpn]
    adjust = t.adjust_round.get(tpn)
    running = 0
    total = 0
    for r in range(t.rounds):
        # Round-bound adjustments (TRF 299) belong to the running score of their round.
        running += pts[r] + (adjust[r] if adjust else 0)
        total += running
        if trace is not None:
            trace.add(t.frac(running), round=r + 1, note=f"running score after round {r + 1}")
        what = _SUBTRACTED.get(kinds[r])
        if what is not None and pts[r]:
            total -= pts[r]
            if trace is not None:
                trace.add(-t.frac(pts[r]), round=r + 1, note=f"{what} subtracted (34E3, 22B)")
    unbound = t.adjust_end.get(tpn, 0)
    if unbound:
        # An adjustment without a round counts once, at the end, like the last running score.
        total += unbound
        if trace is not None:
            trace.add(t.frac(unbound), note="point adjustment without a round, counted once")
    return total


def _cumulative_units(ctx: TieBreakContext) -> dict[int, int]:
    def make() -> dict[int, int]:
        t = _table(ctx)
        return {tpn: _cumulative_one(t, tpn, None) for tpn in t.kinds}

    result = ctx.cached("uscf:cumulative", make)
    assert isinstance(result, dict)
    return result


def cumulative_scores(ctx: TieBreakContext) -> dict[int, Fraction]:
    """Every player's Cumulative (34E3), computed once per standings."""
    t = _table(ctx)
    return {tpn: t.frac(u) for tpn, u in _cumulative_units(ctx).items()}


@register(
    "CUM",
    article="US Chess 34E3, 22B (Cumulative)",
    description="sum of the running scores, less 1 per unplayed win or full-point bye "
    "and ½ per half-point bye",
)
def cumulative(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """US Chess 34E3 Cumulative (City Chess OK rules).

    The running score after each round is summed (win, loss, win, draw, loss
    gives 1+1+2+2½+2½ = 9). The points of unplayed rounds are then taken off
    once: one point for each unplayed win or full-point bye (22B), half a
    point for each half-point bye ("unplayed draw"). Under another point
    system the deduction is what that round scored.
    """
    t = _table(ctx)
    if traces is None:
        units = _cumulative_units(ctx)
        return {tpn: t.frac(units[tpn]) for tpn in players}
    return {tpn: t.frac(_cumulative_one(t, tpn, traces.get(tpn))) for tpn in players}


@register(
    "OPPC",
    article="US Chess 34E4 (Cumulative scores of opposition)",
    description="sum of the opponents' Cumulative tie-breaks",
)
def cumulative_of_opposition(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """US Chess 34E4 Cumulative scores of opposition (City Chess OK rules).

    Each opponent's Cumulative (34E3, with its own deductions) is added up.
    A round the player did not play has no opponent and adds 0, as 34E1 says
    of the player's own unplayed games.
    """
    t = _table(ctx)
    cum = _cumulative_units(ctx)
    game = EntryKind.GAME
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        kinds = t.kinds[tpn]
        opponents = t.opponents[tpn]
        total = 0
        for r in range(t.rounds):
            opp = opponents[r]
            if kinds[r] is game and opp is not None:
                value = cum.get(opp, 0)
                total += value
                if trace is not None:
                    trace.add(
                        t.frac(value), round=r + 1, opponent=opp, note="opponent's Cumulative"
                    )
            elif trace is not None:
                trace.add(
                    ZERO, round=r + 1, note=f"own unplayed round ({kinds[r].value}): no opponent, 0"
                )
        out[tpn] = t.frac(total)
    return out


# -- Kashdan, Most blacks, Result between tied players ------------------------------

KASHDAN: dict[Outcome, int] = {Outcome.WIN: 4, Outcome.DRAW: 2, Outcome.LOSS: 1}
_OUTCOME_WORD = {Outcome.WIN: "win", Outcome.DRAW: "draw", Outcome.LOSS: "loss"}


@register(
    "KASH",
    article="US Chess 34E (Kashdan system)",
    description="4 per win, 2 per draw, 1 per loss, 0 per unplayed round",
    integer=True,
)
def kashdan(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """The Kashdan system of US Chess rule 34E.

    Played games earn 4 for a win, 2 for a draw and 1 for a loss, which
    rewards playing out games; unplayed rounds (forfeits and byes included)
    earn nothing.
    """
    t = _table(ctx)
    game = EntryKind.GAME
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        kinds, outcomes = t.kinds[tpn], t.outcomes[tpn]
        total = 0
        for r in range(t.rounds):
            outcome = outcomes[r]
            value = KASHDAN[outcome] if kinds[r] is game and outcome is not None else 0
            total += value
            if trace is not None:
                played = kinds[r] is game and outcome is not None
                what = (
                    _OUTCOME_WORD[outcome] if played and outcome else f"unplayed ({kinds[r].value})"
                )
                trace.add(
                    Fraction(value),
                    round=r + 1,
                    opponent=t.opponents[tpn][r] if played else None,
                    note=what,
                )
        out[tpn] = Fraction(total)
    return out


@register(
    "MBL",
    article="US Chess 34E (Most blacks)",
    description="number of games played with Black",
    integer=True,
)
def most_blacks(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """Most blacks (US Chess rule 34E): games actually played with Black.

    Forfeits and byes have no colour that was played, so they do not count.
    """
    t = _table(ctx)
    game, black = EntryKind.GAME, Colour.BLACK
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        kinds, colours = t.kinds[tpn], t.colours[tpn]
        rounds = [r for r in range(t.rounds) if kinds[r] is game and colours[r] is black]
        if trace is not None:
            for r in rounds:
                trace.add(
                    Fraction(1), round=r + 1, opponent=t.opponents[tpn][r], note="played with Black"
                )
        out[tpn] = Fraction(len(rounds))
    return out


@register(
    "RBT",
    article="US Chess 34E (Result between tied players)",
    description="points scored in games among the tied players, when all of them met",
    group_dependent=True,
)
def result_between_tied(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """Result between tied players (US Chess rule 34E); *players* is the tied group.

    Each tied player gets the points scored in games played against the
    others of the group. The system only separates players when every pair
    of the group has played; otherwise every member gets 0 and the tie goes
    on to the next method. Forfeits are not games between the players and
    do not count (City Chess OK rules, first place: "If the tied players have
    already faced each other").
    """
    t = _table(ctx)
    group = list(dict.fromkeys(players))
    if len(group) == 1 and traces is None:
        return {group[0]: ZERO}
    members = set(group)
    met: set[frozenset[int]] = set()
    points: dict[int, int] = {tpn: 0 for tpn in group}
    games: dict[int, list[tuple[int, int, int]]] = {tpn: [] for tpn in group}
    game = EntryKind.GAME
    for tpn in group:
        kinds, opponents, pts = t.kinds[tpn], t.opponents[tpn], t.points[tpn]
        for r in range(t.rounds):
            opp = opponents[r]
            if kinds[r] is game and opp in members and opp is not None:
                points[tpn] += pts[r]
                games[tpn].append((r + 1, opp, pts[r]))
                met.add(frozenset((tpn, opp)))
    missing = [(a, b) for a, b in combinations(sorted(group), 2) if frozenset((a, b)) not in met]
    out: dict[int, Fraction] = {}
    for tpn in group:
        trace = traces.get(tpn) if traces is not None else None
        if trace is not None:
            trace.note(f"tied group: {', '.join(str(x) for x in sorted(group))}")
            for r, opp, value in games[tpn]:
                trace.add(t.frac(value), round=r, opponent=opp, note="game against a tied player")
        if missing:
            out[tpn] = ZERO
            if trace is not None:
                pairs = ", ".join(f"{a}-{b}" for a, b in missing)
                trace.note(f"not all tied players met (no game {pairs}): the system does not apply")
        else:
            out[tpn] = t.frac(points[tpn])
    return out
