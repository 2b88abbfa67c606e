"""Rating-based tie-breaks: ARO (with cuts), TPR, PTP, APRO, APPO, RTNG.

FIDE C.07 (2023) article 10 (10.1 ARO, 10.2 TPR, 10.3 PTP, 10.4 APRO,
10.5 APPO); 2026 text: RTNG. Only games played over the board count (10;
exercises chapter 5): byes and forfeits are ignored. Rounding is to the
nearest integer, half up, done once and exactly.

The conversion tables are those of the FIDE Rating Regulations (B.02 8.1.1:
fractional score p -> rating difference dp; 8.1.2: rating difference ->
expected score), stored here as data.

Unrated opponents: the regulations leave them to the tournament rules. By
default a game against an unrated opponent is left out (and is the first one
a cut drops, as in FIDE's reference implementation); ``/U<rating>`` (e.g.
``ARO/U1000``) gives unrated players that rating instead. A player with no
counted game has no value: it is reported as 0 (ranked last) with a note.

Which rating an opponent counts with (FIDE C.07 article 10; FIDE C.02, tie-breaks and
final standings, Q212-Q216: an event over 30 days may see ratings change between
rounds, and each board keeps its players' ratings at the start of the round): by
default the opponent's first rating in the event, the one of the first round he was
paired in (C.07 article 10's default), else the registered one; ``/P`` (e.g.
``ARO/P``) the rating of each round, the one the board was paired with; ``/E`` (e.g.
``ARO/E``) the rating the opponent is registered with now, for every round. The online
Swiss rules count the rating at the start of each round: under their rule set ``/P``
is the default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple, cast

from arbiter_app.core.model import EntryKind, RuleSet
from arbiter_app.core.points import format_points
from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec, Trace, register
from arbiter_app.core.tiebreaks.reuse import RowMemo
from arbiter_app.core.tiebreaks.unplayed import record, table

# B.02 8.1.1: dp for p = 0.50, 0.51, ..., 1.00; below 0.50, dp(p) = -dp(1 - p).
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip

# B.02 8.1.2: the highest rating difference for each expected score of the stronger
# player, 0.50 ... 0.99 (hundredths); above 735 the expectation is 1.00.
_DIFF_UPPER = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip


def dp_for(p_hundredths: int) -> int:
    """B.02 8.1.1: the rating difference for a percentage score (0..100)."""
    if p_hundredths >= 50:
        return _DP_UPPER[p_hundredths - 50]
    return -_DP_UPPER[50 - p_hundredths]


def _build_pd() -> list[int]:
    table_: list[int] = []
    pd = 50
    for upper in _DIFF_UPPER:
        while len(table_) <= upper:
            table_.append(pd)
        pd += 1
    return table_


_PD = _build_pd()  # index: rating difference 0..735 -> expected score in hundredths


def expected_hundredths(rating: int, opponent: int) -> int:
    """B.02 8.1.2: expected score (hundredths) of *rating* against *opponent*, no 400 cap."""
    diff = rating - opponent
    if diff >= 0:
        return _PD[diff] if diff < len(_PD) else 100
    return 100 - (_PD[-diff] if -diff < len(_PD) else 100)


def half_up(value: Fraction) -> int:
    """Nearest integer, halves rounded up (C.07 10: 3.5 -> 4)."""
    return int((value + Fraction(1, 2)).__floor__())


# -- the played games with ratings ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rated:
    """A player's games over the board that count for rating tie-breaks."""

    games: int
    """All games played over the board (rated opponents or not)."""
    ratings: tuple[tuple[int, int, int], ...]
    """(round, opponent, rating) of the counted games, round order."""
    halves: int
    """Half-points (B.02 scoring 1/½/0, whatever the event's points) from the counted games."""
    total: int = 0
    """The sum of the counted opponents' ratings."""
    lowest: int = 0
    """The lowest counted rating (0 when none): what ARO/C1 cuts (14.1)."""

    @property
    def score(self) -> Fraction:
        return Fraction(self.halves, 2)


def _unrated_default(spec: TieBreakSpec) -> int | None:
    if "U" in spec.options and spec.parameter is not None:
        return int(spec.parameter)
    return None


class Ratings(NamedTuple):
    """Which rating an opponent counts with: *unrated* the rating given to unrated
    players (None: their games are left out); *registered_only* (``/E``) the rating the
    opponent is registered with now, for every round; *each_round* (``/P``) the rating
    the opponent had at the start of each round; neither: the opponent's first rating in
    the event (FIDE C.07 article 10's default; FIDE C.02 Q215)."""

    unrated: int | None
    registered_only: bool = False
    each_round: bool = False


def _ratings(spec: TieBreakSpec, ctx: TieBreakContext) -> Ratings:
    registered = "E" in spec.options
    # The online Swiss rules count "ratings at the start of each round".
    each = "P" in spec.options or ctx.rule_set is RuleSet.ONLINE_SWISS
    return Ratings(_unrated_default(spec), registered, each and not registered)


def first_ratings(ctx: TieBreakContext) -> Mapping[int, int]:
    """Each player's first rating in the event: the one his board recorded in the first
    round he was paired in with a rating kept (FIDE C.07 article 10: by default the
    rating-based tie-breaks use the first rating of an event whose ratings change)."""

    def make() -> dict[int, int]:
        t = table(ctx)
        first: dict[int, int] = {}
        for r in range(t.rounds):
            for tpn in t.tpns:
                row = t.entries[tpn]
                entry = row[r] if r < len(row) else None
                if entry is None or entry.opponent is None or entry.opponent_rating is None:
                    continue
                first.setdefault(entry.opponent, entry.opponent_rating)
        return first

    return cast(Mapping[int, int], ctx.cached("fide.first_ratings", make))


def rated_games(
    ctx: TieBreakContext,
    unrated: int | None,
    registered_only: bool = False,
    each_round: bool = False,
) -> Mapping[int, Rated]:
    """Each player's games against rated opponents (see :class:`Ratings`)."""
    ratings = Ratings(unrated, registered_only, each_round)
    key = ("fide.rated", ratings)
    return cast(Mapping[int, Rated], ctx.cached(key, lambda: _build_rated(ctx, ratings)))


_HALVES = {"W": 2, "w": 2, "D": 1, "d": 1, "L": 0, "l": 0}


def _build_rated(ctx: TieBreakContext, ratings: Ratings) -> dict[int, Rated]:
    t = table(ctx)
    unrated, registered_only, each_round = ratings
    registered: dict[int, int | None] = {p.tpn: (p.rating or unrated) for p in ctx.event.players}
    if not registered_only and not each_round:
        # C.07 article 10's default: each opponent's first rating in the event.
        first = first_ratings(ctx)
        registered = {tpn: first.get(tpn) or rating for tpn, rating in registered.items()}
    halves_of = _HALVES

    def build(tpn: int, source: object) -> Rated:
        code = t.codes[tpn]
        opps = t.opponents[tpn]
        row = t.entries[tpn]
        played = [i for i, c in enumerate(code) if c in halves_of and opps[i]]
        ratings = [
            (i + 1, opps[i], rating)
            for i in played
            if (rating := (row[i].opponent_rating if each_round else None) or registered[opps[i]])
            is not None
        ]
        halves = sum([halves_of[code[r - 1]] for r, _, _ in ratings])
        values = [rating for _, _, rating in ratings]
        return Rated(len(played), tuple(ratings), halves, sum(values), min(values) if values else 0)

    # A row depends on the player's entries and on the opponents' ratings counted (their
    # first ratings come from other rows: they are part of the context).
    context = (t.rounds, ratings, registered)
    return _RATED.rows(context, ctx.event.entries, t.tpns, build)


_RATED: RowMemo[Rated] = RowMemo()
"""The rated games of the last standings (see :mod:`arbiter_app.core.tiebreaks.reuse`)."""


def _apply_cuts(
    rated: Rated, cut_low: int, cut_high: int, rounds: int, trace: Trace | None
) -> list[tuple[int, int, int]]:
    """Cut the lowest (highest) rated opponents (C.07 14.1 / 14.2 applied to 10.1).

    A game against an unrated opponent left out is the least significant and
    absorbs a cut first.
    """
    low = min(cut_low, rounds)
    high = min(cut_high, rounds - low)
    kept = list(rated.ratings)
    pending_unrated = rated.games - len(kept)
    for side, count in (("low", low), ("high", high)):
        for _ in range(count):
            if pending_unrated > 0:
                pending_unrated -= 1
                if trace is not None:
                    trace.note("cut: a game against an unrated opponent (least significant)")
                continue
            if not kept:
                break
            if side == "low":
                chosen = min(kept, key=lambda x: (x[2], x[0]))
                why = "lowest rated opponent (14.1)"
            else:
                chosen = max(kept, key=lambda x: (x[2], -x[0]))
                why = "highest rated opponent (14.2)"
            kept.remove(chosen)
            if trace is not None:
                trace.note(f"cut: round {chosen[0]}, opponent {chosen[1]} rated {chosen[2]}: {why}")
    return kept


def _average(kept: Sequence[tuple[int, int, int]], trace: Trace | None, what: str) -> int | None:
    if not kept:
        return None
    n = len(kept)
    total = sum([r for _, _, r in kept])
    value = (2 * total + n) // (2 * n)  # nearest integer, half up (10), in integers
    if trace is not None:
        exact = Fraction(total, n)
        for rnd, opp, r in kept:
            trace.add(Fraction(r, n), round=rnd, opponent=opp, note=f"{what} {r} / {n}")
        if value != exact:
            trace.add(value - exact, note="rounded to the nearest integer, half up (10)")
    return value


def _undefined(trace: Trace | None, code: str) -> Fraction:
    if trace is not None:
        trace.note(f"no counted game over the board: {code} undefined, reported as 0")
    return Fraction(0)


@register(
    "ARO",
    article="FIDE C.07 (2023) 10.1, 14.1",
    description="Average rating of the opponents met over the board",
    allow_cut=True,
    options=("U", "E", "P"),
    integer=True,
)
def average_rating_of_opponents(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """ARO (FIDE C.07 (2023) 10.1; cut 14.1): mean opponent rating, rounded half up.

    ``ARO/C1`` (the online Swiss rules' "AROC 1") drops the lowest rated opponent. The
    rating is the opponent's rating at the start of the round when the event
    records it (the online Swiss rules), else the registered rating.
    """
    rated = rated_games(ctx, *_ratings(spec, ctx))
    rounds = table(ctx).rounds
    out: dict[int, Fraction] = {}
    cut1 = spec.cut_low == 1 and not spec.cut_high and rounds >= 1
    for tpn in players:
        trace = record(traces, tpn)
        r = rated[tpn]
        if trace is None and cut1 and r.games == len(r.ratings) and r.games > 1:
            # ARO/C1, every opponent rated: drop the lowest rating (14.1), integers only.
            n = len(r.ratings) - 1
            total = r.total - r.lowest
            out[tpn] = Fraction((2 * total + n) // (2 * n))
            continue
        kept = _apply_cuts(rated[tpn], spec.cut_low, spec.cut_high, rounds, trace)
        value = _average(kept, trace, "opponent rated")
        out[tpn] = Fraction(value) if value is not None else _undefined(trace, spec.code)
    return out


def performance(rated: Rated, trace: Trace | None) -> int | None:
    """TPR (C.07 10.2): ARO plus dp for the percentage score, p rounded half up to 0.01."""
    aro = _average(rated.ratings, trace, "opponent rated")
    if aro is None:
        return None
    n = len(rated.ratings)
    p = (rated.halves * 100 + n) // (2 * n)  # percentage, half up: (halves/2)/n to 0.01
    dp = dp_for(p)
    if trace is not None:
        trace.add(
            Fraction(dp),
            note=f"dp {dp} for p = {format_points(rated.score)}/{n} = {p / 100:.2f} (B.02 8.1.1)",
        )
    return aro + dp


def perfect_performance(rated: Rated, trace: Trace | None) -> int | None:
    """PTP (C.07 10.3): the lowest rating whose expected score reaches the score.

    Expected scores from B.02 8.1.2 without the 400-point limit; a zero score
    gives the lowest opponent's rating minus 800.
    """
    ratings = [r for _, _, r in rated.ratings]
    if not ratings:
        return None
    if rated.score == 0:
        value = min(ratings) - 800
        if trace is not None:
            trace.add(Fraction(value), note="no points: lowest opponent rating - 800 (10.3)")
        return value
    target = rated.halves * 50  # the score in hundredths
    lo, hi = min(ratings) - 800, max(ratings) + 800
    if sum(expected_hundredths(hi, r) for r in ratings) < target:
        value = hi
    else:
        # invariant: expected(lo) < target <= expected(hi); expected grows with the rating.
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if sum(expected_hundredths(mid, r) for r in ratings) >= target:
                hi = mid
            else:
                lo = mid
        value = hi
    if trace is not None:
        got = sum(expected_hundredths(value, r) for r in ratings)
        trace.add(
            Fraction(value),
            note=f"lowest rating expecting at least {format_points(rated.score)}: expected {got / 100:.2f} "
            f"(B.02 8.1.2, no 400 cap; 10.3)",
        )
    return value


def _per_player(ctx: TieBreakContext, ratings: Ratings, which: str) -> Mapping[int, int | None]:
    def make() -> dict[int, int | None]:
        rated = rated_games(ctx, *ratings)
        f = performance if which == "TPR" else perfect_performance
        return {tpn: f(r, None) for tpn, r in rated.items()}

    return cast(Mapping[int, int | None], ctx.cached(("fide.perf", which, ratings), make))


def _single(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
    which: str,
) -> dict[int, Fraction]:
    ratings = _ratings(spec, ctx)
    values = _per_player(ctx, ratings, which)
    rated = rated_games(ctx, *ratings)
    f = performance if which == "TPR" else perfect_performance
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = record(traces, tpn)
        v = values[tpn] if trace is None else f(rated[tpn], trace)
        out[tpn] = Fraction(v) if v is not None else _undefined(trace, spec.code)
    return out


@register(
    "TPR",
    article="FIDE C.07 (2023) 10.2; B.02 8.1.1",
    description="Tournament performance rating: ARO plus dp for the score",
    options=("U", "E", "P"),
    integer=True,
)
def tournament_performance(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """TPR (FIDE C.07 (2023) 10.2): ARO of the games played plus dp(p) from B.02 8.1.1.

    p is the score of the games played over the board divided by their
    number, rounded half up to two decimals.
    """
    return _single(ctx, spec, players, traces, "TPR")


@register(
    "PTP",
    article="FIDE C.07 (2023) 10.3; B.02 8.1.2",
    description="Perfect tournament performance",
    options=("U", "E", "P"),
    integer=True,
)
def perfect_tournament_performance(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """PTP (FIDE C.07 (2023) 10.3): lowest rating whose expected score equals the score."""
    return _single(ctx, spec, players, traces, "PTP")


def _opponents_average(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
    which: str,
) -> dict[int, Fraction]:
    t = table(ctx)
    values = _per_player(ctx, _ratings(spec, ctx), which)
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = record(traces, tpn)
        kept: list[tuple[int, int, int]] = []
        for i, e in enumerate(t.entries[tpn]):
            if e.kind is EntryKind.GAME and e.opponent is not None:
                v = values[e.opponent]
                if v is not None:
                    kept.append((i + 1, e.opponent, v))
                elif trace is not None:
                    trace.note(f"round {i + 1}: opponent {e.opponent} has no {which}; left out")
        value = _average(kept, trace, f"opponent's {which}")
        out[tpn] = Fraction(value) if value is not None else _undefined(trace, spec.code)
    return out


@register(
    "APRO",
    article="FIDE C.07 (2023) 10.4",
    description="Average of the opponents' performance ratings (TPR)",
    options=("U", "E", "P"),
    integer=True,
)
def average_performance_of_opponents(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """APRO (FIDE C.07 (2023) 10.4): mean TPR of the opponents played, rounded half up."""
    return _opponents_average(ctx, spec, players, traces, "TPR")


@register(
    "APPO",
    article="FIDE C.07 (2023) 10.5",
    description="Average of the opponents' perfect performances (PTP)",
    options=("U", "E", "P"),
    integer=True,
)
def average_perfect_performance_of_opponents(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """APPO (FIDE C.07 (2023) 10.5): mean PTP of the opponents played, rounded half up."""
    return _opponents_average(ctx, spec, players, traces, "PTP")


@register(
    "RTNG",
    article="FIDE C.07 (2026 text) RTNG",
    description="The player's own rating (the first one of the event)",
    options=("U", "R"),
    integer=True,
)
def own_rating(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """RTNG (FIDE C.07, 2026 text): rank by the player's rating, the first one if several.

    Unrated players count as 0 (last), or as the rating given with ``/U<rating>``.
    The 2026 text ranks "from the highest to the lowest or inversely":
    ``RTNG/R`` ranks the lowest rating first (the order is reversed in the
    standings; the value stays the rating).
    """
    default = _unrated_default(spec) or 0
    ratings = {p.tpn: p.rating for p in ctx.event.players}
    out: dict[int, Fraction] = {}
    for tpn in players:
        r = ratings.get(tpn) or default
        out[tpn] = Fraction(r)
        trace = record(traces, tpn)
        if trace is not None:
            note = (
                "registered rating"
                if ratings.get(tpn)
                else "unrated: rating given to unrated players"
            )
            trace.add(Fraction(r), note=note)
    return out
