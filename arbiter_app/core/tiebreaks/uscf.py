"""The US Chess tie-break family (rule 34E), as seed ``001_…`` describes it.

US Chess adjusts scores for unplayed rounds differently from FIDE C.07:

- an *opponent's* unplayed rounds (byes of any kind, forfeits won or lost,
  rounds not played after withdrawing) count half a point each, whatever
  was actually scored in them. This *adjusted score* serves only to compute
  other players' tie-breaks; nobody's own score changes (seed ``001_…``,
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

from arbiter_app.core.model import Colour, EntryKind, Event
from arbiter_app.core.points import ZERO, format_points
from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec, Trace, register

# -- shared figures ---------------------------------------------------------------


def adjusted_scores(ctx: TieBreakContext) -> dict[int, Fraction]:
    """Every player's score with each unplayed round counted as a draw (seed ``001_…``, 34E1).

    Played games count what they scored; every other round (bye, forfeit,
    not paired, withdrawn) counts the draw value of that round's point
    system (½ under 1/½/0). The arbiter's point adjustments (TRF 299) are kept
    because they are part of the score the wall chart shows.
    """

    def make() -> dict[int, Fraction]:
        event = ctx.event
        systems = [event.points_system_for(r) for r in range(1, ctx.rounds + 1)]
        out: dict[int, Fraction] = {}
        for p in event.players:
            row = event.entries.get(p.tpn, ())
            total = ZERO
            for r in range(ctx.rounds):
                system = systems[r]
                e = row[r] if r < len(row) else None
                if e is not None and e.kind is EntryKind.GAME:
                    total += e.points(system)
                else:
                    total += system.draw
            out[p.tpn] = total + event.adjustment_total(p.tpn, ctx.rounds)
        return out

    result = ctx.cached("uscf:adjusted", make)
    assert isinstance(result, dict)
    return result


def _describe_adjusted(event: Event, tpn: int, rounds: int) -> str:
    """Say how an opponent's adjusted score was made (for explanations only)."""
    unplayed = [r for r in range(1, rounds + 1) if event.entry(tpn, r).kind is not EntryKind.GAME]
    if not unplayed:
        return "adjusted score = actual score (all games played)"
    listed = ", ".join(str(r) for r in unplayed)
    return f"adjusted score: unplayed round(s) {listed} counted as draws (34E1)"


def _opponent_terms(ctx: TieBreakContext, tpn: int, trace: Trace | None) -> list[Fraction]:
    """One term per round: the opponent's adjusted score, or 0 for an own unplayed round.

    Seed ``001_…`` (34E1): "If the player involved in the tie has any unplayed
    games, they count as opponents with adjusted scores of 0."
    """
    adjusted = adjusted_scores(ctx)
    event = ctx.event
    row = event.entries.get(tpn, ())
    terms: list[Fraction] = []
    for r in range(1, ctx.rounds + 1):
        e = row[r - 1] if r - 1 < len(row) else None
        if e is not None and e.kind is EntryKind.GAME and e.opponent is not None:
            value = adjusted.get(e.opponent, ZERO)
            terms.append(value)
            if trace is not None:
                trace.add(
                    value,
                    round=r,
                    opponent=e.opponent,
                    note=_describe_adjusted(event, e.opponent, ctx.rounds),
                )
        else:
            terms.append(ZERO)
            if trace is not None:
                kind = e.kind.value if e is not None else EntryKind.NOT_PAIRED.value
                trace.add(ZERO, round=r, note=f"own unplayed round ({kind}): counts as 0 (34E1)")
    return terms


def _drop(terms: list[Fraction], low: int, high: int, trace: Trace | None, reason: str) -> Fraction:
    """Sum *terms* after dropping *low* lowest and *high* highest values, marking them in *trace*.

    Among equal values the earliest round is dropped first, which only
    affects which line of the explanation carries the mark, never the sum.
    """
    order = sorted(range(len(terms)), key=lambda i: (terms[i], i))
    low = min(low, len(order))
    high = min(high, len(order) - low)
    dropped_low = order[:low]
    dropped_high = order[len(order) - high :] if high else []
    if trace is not None:
        for i in dropped_low:
            trace.mark_cut(i, f"lowest, {reason}")
        for i in dropped_high:
            trace.mark_cut(i, f"highest, {reason}")
    dropped = set(dropped_low) | set(dropped_high)
    return sum((t for i, t in enumerate(terms) if i not in dropped), ZERO)


def _cuts_per_side(ctx: TieBreakContext) -> int:
    """One score dropped per side, two in events of nine or more rounds (34E1, seed ``001_…``).

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
    article="US Chess 34E1 (seed 001_…, Modified Median)",
    description="opponents' adjusted scores; even score drops highest and lowest, "
    "plus score the lowest, minus score the highest (two each from nine rounds)",
)
def modified_median(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """US Chess 34E1 Modified Median (seed ``001_…``).

    The player's score is compared with half the maximum possible score: an
    *even* score drops the highest and the lowest opponents, a *plus* score
    only the lowest, a *minus* score only the highest; from nine rounds on
    two are dropped on each side concerned.
    """
    n = _cuts_per_side(ctx)
    half = _max_possible(ctx) / 2
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        terms = _opponent_terms(ctx, tpn, trace)
        own = ctx.scores.get(tpn, ZERO)
        if own == half:
            low, high, what = n, n, "even score"
        elif own > half:
            low, high, what = n, 0, "plus score"
        else:
            low, high, what = 0, n, "minus score"
        reason = f"{what} {format_points(own)} of {format_points(half * 2)}"
        if trace is not None:
            trace.note(
                f"{reason}: drop {low} lowest and {high} highest "
                f"({'nine or more rounds' if n == 2 else 'fewer than nine rounds'})"
            )
        out[tpn] = _drop(terms, low, high, trace, reason)
    return out


@register(
    "MED",
    article="US Chess 34E1 (seed 001_…, Median or Harkness system)",
    description="opponents' adjusted scores without the highest and the lowest "
    "(two each from nine rounds)",
)
def median(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """The Median (Harkness) system described with US Chess 34E1 (seed ``001_…``).

    Sum of the opponents' adjusted scores after dropping the highest and the
    lowest, whatever the player's own score; two of each from nine rounds.
    """
    n = _cuts_per_side(ctx)
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        terms = _opponent_terms(ctx, tpn, trace)
        if trace is not None:
            trace.note(f"median: drop {n} highest and {n} lowest")
        out[tpn] = _drop(terms, n, n, trace, "median")
    return out


@register(
    "SOLK",
    article="US Chess 34E2 (seed 001_…, Solkoff)",
    description="sum of all opponents' adjusted scores, nothing dropped",
)
def solkoff(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """US Chess 34E2 Solkoff: the Median system without dropping any score (seed ``001_…``)."""
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        out[tpn] = sum(_opponent_terms(ctx, tpn, trace), ZERO)
    return out


# -- 34E3 Cumulative, 34E4 Cumulative of opposition ---------------------------------

_SUBTRACTED = frozenset(
    {EntryKind.FORFEIT_WIN, EntryKind.PAIRING_BYE, EntryKind.FULL_BYE, EntryKind.HALF_BYE}
)


def _cumulative_one(event: Event, tpn: int, rounds: int, trace: Trace | None) -> Fraction:
    row = event.entries.get(tpn, ())
    running = ZERO
    total = ZERO
    for r in range(1, rounds + 1):
        system = event.points_system_for(r)
        e = row[r - 1] if r - 1 < len(row) else None
        got = e.points(system) if e is not None else system.absent
        # Round-bound adjustments (TRF 299) belong to the running score of their round.
        got += sum((a.points for a in event.adjustments if a.tpn == tpn and a.round == r), ZERO)
        running += got
        total += running
        if trace is not None:
            trace.add(running, round=r, note=f"running score after round {r}")
        if e is not None and e.kind in _SUBTRACTED:
            penalty = e.points(system)
            if penalty:
                total -= penalty
                if trace is not None:
                    what = (
                        "half-point bye"
                        if e.kind is EntryKind.HALF_BYE
                        else (
                            "unplayed win" if e.kind is EntryKind.FORFEIT_WIN else "full-point bye"
                        )
                    )
                    trace.add(-penalty, round=r, note=f"{what} subtracted (34E3, 22B)")
    unbound = sum((a.points for a in event.adjustments if a.tpn == tpn and a.round is None), ZERO)
    if unbound:
        # An adjustment without a round counts once, at the end, like the last running score.
        total += unbound
        if trace is not None:
            trace.add(unbound, note="point adjustment without a round, counted once at the end")
    return total


def cumulative_scores(ctx: TieBreakContext) -> dict[int, Fraction]:
    """Every player's Cumulative (34E3), computed once per standings."""

    def make() -> dict[int, Fraction]:
        return {
            p.tpn: _cumulative_one(ctx.event, p.tpn, ctx.rounds, None) for p in ctx.event.players
        }

    result = ctx.cached("uscf:cumulative", make)
    assert isinstance(result, dict)
    return result


@register(
    "CUM",
    article="US Chess 34E3, 22B (seed 001_…, Cumulative)",
    description="sum of the running scores, less 1 per unplayed win or full-point bye "
    "and ½ per half-point bye",
)
def cumulative(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """US Chess 34E3 Cumulative (seed ``001_…``).

    The running score after each round is summed (win, loss, win, draw, loss
    gives 1+1+2+2½+2½ = 9). The points of unplayed rounds are then taken off
    once: one point for each unplayed win or full-point bye (22B), half a
    point for each half-point bye ("unplayed draw"). Under another point
    system the deduction is what that round scored.
    """
    if traces is None:
        all_values = cumulative_scores(ctx)
        return {tpn: all_values[tpn] for tpn in players}
    out: dict[int, Fraction] = {}
    for tpn in players:
        out[tpn] = _cumulative_one(ctx.event, tpn, ctx.rounds, traces.get(tpn))
    return out


@register(
    "OPPC",
    article="US Chess 34E4 (seed 001_…, Cumulative scores of opposition)",
    description="sum of the opponents' Cumulative tie-breaks",
)
def cumulative_of_opposition(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """US Chess 34E4 Cumulative scores of opposition (seed ``001_…``).

    Each opponent's Cumulative (34E3, with its own deductions) is added up.
    A round the player did not play has no opponent and adds 0, as 34E1 says
    of the player's own unplayed games.
    """
    cum = cumulative_scores(ctx)
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        total = ZERO
        row = ctx.event.entries.get(tpn, ())
        for r in range(1, ctx.rounds + 1):
            e = row[r - 1] if r - 1 < len(row) else None
            if e is not None and e.kind is EntryKind.GAME and e.opponent is not None:
                value = cum.get(e.opponent, ZERO)
                total += value
                if trace is not None:
                    trace.add(value, round=r, opponent=e.opponent, note="opponent's Cumulative")
            elif trace is not None:
                kind = e.kind.value if e is not None else EntryKind.NOT_PAIRED.value
                trace.add(ZERO, round=r, note=f"own unplayed round ({kind}): no opponent, 0")
        out[tpn] = total
    return out


# -- Kashdan, Most blacks, Result between tied players ------------------------------

KASHDAN_WIN = Fraction(4)
KASHDAN_DRAW = Fraction(2)
KASHDAN_LOSS = Fraction(1)


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
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        total = ZERO
        for r, e in enumerate(ctx.event.entries_of(tpn, ctx.rounds), start=1):
            if e.is_win:
                value, what = KASHDAN_WIN, "win"
            elif e.is_draw:
                value, what = KASHDAN_DRAW, "draw"
            elif e.is_loss:
                value, what = KASHDAN_LOSS, "loss"
            else:
                value, what = ZERO, f"unplayed ({e.kind.value})"
            total += value
            if trace is not None:
                trace.add(value, round=r, opponent=e.opponent if e.is_played else None, note=what)
        out[tpn] = total
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
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = traces.get(tpn) if traces is not None else None
        total = 0
        for r, e in enumerate(ctx.event.entries_of(tpn, ctx.rounds), start=1):
            if e.is_played and e.colour is Colour.BLACK:
                total += 1
                if trace is not None:
                    trace.add(Fraction(1), round=r, opponent=e.opponent, note="played with Black")
        out[tpn] = Fraction(total)
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
    do not count (seed ``001_…``, first place: "If the tied players have
    already faced each other").
    """
    group = list(dict.fromkeys(players))
    members = set(group)
    met: set[frozenset[int]] = set()
    points: dict[int, Fraction] = {tpn: ZERO for tpn in group}
    games: dict[int, list[tuple[int, int, Fraction]]] = {tpn: [] for tpn in group}
    event = ctx.event
    for tpn in group:
        for r, e in enumerate(event.entries_of(tpn, ctx.rounds), start=1):
            if e.is_played and e.opponent in members:
                value = e.points(event.points_system_for(r))
                points[tpn] += value
                games[tpn].append((r, e.opponent, value))
                met.add(frozenset((tpn, e.opponent)))
    missing = [(a, b) for a, b in combinations(sorted(group), 2) if frozenset((a, b)) not in met]
    out: dict[int, Fraction] = {}
    for tpn in group:
        trace = traces.get(tpn) if traces is not None else None
        if trace is not None:
            trace.note(f"tied group: {', '.join(str(t) for t in sorted(group))}")
            for r, opp, value in games[tpn]:
                trace.add(value, round=r, opponent=opp, note="game against a tied player")
        if missing:
            out[tpn] = ZERO
            if trace is not None:
                pairs = ", ".join(f"{a}-{b}" for a, b in missing)
                trace.note(f"not all tied players met (no game {pairs}): the system does not apply")
        else:
            out[tpn] = points[tpn]
    return out
