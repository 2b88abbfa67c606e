"""Unplayed rounds in FIDE tie-breaks (C.07 article 16), shared by the whole catalogue.

Everything here is computed once per :class:`TieBreakContext` (``ctx.cached``)
and in integer *units*: one unit is the largest fraction of a point that
divides every point value of the event (half a point with 1/½/0), so sums and
comparisons are integer arithmetic and a :class:`~fractions.Fraction` is only
made when a value is handed out.

The rules, by rule set:

- **Which rounds are voluntarily unplayed (VUR)** — C.07 (2023) 16.1.2 / (2026)
  16.5: forfeit losses, half- and zero-point byes, absences (not paired) and
  rounds after a withdrawal. A pairing-allocated bye, a forfeit win and a
  full-point bye give the player a win's points and are not the player's
  choice; FIDE's reference implementation (gacrux, ``tiebreak.is_vur``) treats
  every unplayed round scored as a win as available, and so do we. (The core
  model's :attr:`EntryKind.is_voluntarily_unplayed` counts a requested
  full-point bye as voluntary; for tie-breaks the reference implementation
  decides.)
- **A player's score as seen by opponents (AS-O)** — 16.3.1: unplayed rounds
  count at face value, except 16.3.2: voluntarily unplayed rounds without an
  opponent that are not followed by any available round (withdrawal, absences
  at the end) count as draws. A forfeit loss keeps its face value (it had a
  scheduled opponent).
- **One's own unplayed rounds** — 16.4: a dummy opponent whose score is the
  player's own final score. The 2026 text caps it: 16.4.1 for a forfeit (won or
  lost) at the scheduled opponent's AS-O, 16.4.2 otherwise at a draw's points
  times the number of rounds (the rounds of the standings, as gacrux reads it
  for intermediate standings).
- **Cuts** — 14.1/14.2 with 16.5: when cutting the lowest contributions, a
  voluntarily unplayed round is cut first, unless the least significant
  opponent's contribution is larger than that round's contribution (only
  possible for Sonneborn-Berger), in which case the least significant
  opponent is cut.
- **Round robins** (15.2; predetermined pairings): forfeits count as games
  against the scheduled opponent, rounds without an opponent count for
  nothing, and the 16.3.2 draw becomes zero.

The US Chess rule set has its own treatment (``uscf.py``); FIDE tie-breaks
computed under it use the 2024 text.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from arbiter_app.core.model import EntryKind, RoundEntry, RuleSet
from arbiter_app.core.points import PointSystem
from arbiter_app.core.tiebreaks.base import TieBreakContext, Trace

VUR_KINDS = frozenset(
    {
        EntryKind.FORFEIT_LOSS,
        EntryKind.HALF_BYE,
        EntryKind.ZERO_BYE,
        EntryKind.NOT_PAIRED,
        EntryKind.WITHDRAWN,
    }
)
"""Voluntarily unplayed rounds for tie-breaks (C.07 16.1.2, as gacrux applies it)."""

_KIND_TEXT = {
    EntryKind.FORFEIT_WIN: "forfeit win",
    EntryKind.FORFEIT_LOSS: "forfeit loss",
    EntryKind.PAIRING_BYE: "pairing-allocated bye",
    EntryKind.FULL_BYE: "full-point bye",
    EntryKind.HALF_BYE: "half-point bye",
    EntryKind.ZERO_BYE: "zero-point bye",
    EntryKind.NOT_PAIRED: "absence",
    EntryKind.WITHDRAWN: "withdrawal",
    EntryKind.GAME: "game",
}


def kind_text(kind: EntryKind) -> str:
    return _KIND_TEXT[kind]


def is_2026(rule_set: RuleSet) -> bool:
    """The 2026 text applies (dummy-opponent caps); USCF falls back to the 2024 text."""
    return rule_set is RuleSet.FIDE_2026


def _values(system: PointSystem) -> tuple[Fraction, ...]:
    return (
        system.win,
        system.draw,
        system.loss,
        system.forfeit_win_points,
        system.forfeit_loss,
        system.pairing_bye_points,
        system.full_bye_points,
        system.half_bye_points,
        system.zero_bye,
        system.absent,
    )


@dataclass(frozen=True, slots=True)
class Table:
    """The event cut at the context's round, in integer units, with per-player figures.

    *unit* is the number of units in one point. Lists indexed by round are
    0-based (index 0 is round 1).
    """

    unit: int
    rounds: int
    final_round: int
    round_robin: bool
    tpns: tuple[int, ...]
    entries: Mapping[int, tuple[RoundEntry, ...]]
    points: Mapping[int, list[int]]
    score: Mapping[int, int]
    adjustment: Mapping[int, int]
    draw: list[int]
    win: list[int]
    last_available: Mapping[int, int]
    """Last round that was not voluntarily unplayed (0 if none): 16.2 / 16.3.2."""

    def frac(self, units: int) -> Fraction:
        return Fraction(units, self.unit)

    @property
    def draw_total(self) -> int:
        return sum(self.draw)


def table(ctx: TieBreakContext) -> Table:
    """The shared integer table of *ctx* (built once per context)."""
    return cast(Table, ctx.cached("fide.table", lambda: _build_table(ctx)))


def _build_table(ctx: TieBreakContext) -> Table:
    event = ctx.event
    rounds = ctx.rounds
    systems = [event.points_system_for(r) for r in range(1, rounds + 1)]
    denominators = {v.denominator for s in systems or [event.point_system] for v in _values(s)}
    denominators.update(a.points.denominator for a in event.adjustments)
    unit = 1
    for d in denominators:
        unit = unit * d // math.gcd(unit, d)
    tpns = tuple(p.tpn for p in event.players)
    entries: dict[int, tuple[RoundEntry, ...]] = {}
    points: dict[int, list[int]] = {}
    score: dict[int, int] = {}
    adjustment: dict[int, int] = {}
    last_available: dict[int, int] = {}
    # Per-round lookup of the units each kind is worth: avoids Fraction work per entry.
    worth: list[dict[object, int]] = []
    for s in systems:
        worth.append(
            {
                ("game", "1"): int(s.win * unit),
                ("game", "="): int(s.draw * unit),
                ("game", "0"): int(s.loss * unit),
                EntryKind.FORFEIT_WIN: int(s.forfeit_win_points * unit),
                EntryKind.FORFEIT_LOSS: int(s.forfeit_loss * unit),
                EntryKind.PAIRING_BYE: int(s.pairing_bye_points * unit),
                EntryKind.FULL_BYE: int(s.full_bye_points * unit),
                EntryKind.HALF_BYE: int(s.half_bye_points * unit),
                EntryKind.ZERO_BYE: int(s.zero_bye * unit),
                EntryKind.NOT_PAIRED: int(s.absent * unit),
                EntryKind.WITHDRAWN: int(s.absent * unit),
            }
        )
    adj_units: dict[int, int] = {}
    for a in event.adjustments:
        if a.round is None or a.round <= rounds:
            adj_units[a.tpn] = adj_units.get(a.tpn, 0) + int(a.points * unit)
    game = EntryKind.GAME
    for tpn in tpns:
        row = event.entries.get(tpn, ())[:rounds]
        if len(row) < rounds:
            row = row + tuple(event.entry(tpn, r) for r in range(len(row) + 1, rounds + 1))
        pts: list[int] = []
        last = 0
        for i, e in enumerate(row):
            w = worth[i]
            if e.kind is game:
                assert e.outcome is not None
                pts.append(w[("game", e.outcome.value)])
            else:
                pts.append(w[e.kind])
            if e.kind not in VUR_KINDS:
                last = i + 1
        entries[tpn] = row
        points[tpn] = pts
        adjustment[tpn] = adj_units.get(tpn, 0)
        score[tpn] = sum(pts) + adjustment[tpn]
        last_available[tpn] = last
    return Table(
        unit=unit,
        rounds=rounds,
        final_round=event.rounds,
        round_robin=event.system.is_round_robin,
        tpns=tpns,
        entries=entries,
        points=points,
        score=score,
        adjustment=adjustment,
        draw=[int(s.draw * unit) for s in systems],
        win=[int(s.win * unit) for s in systems],
        last_available=last_available,
    )


# -- the score used in opponents' tie-breaks (16.3) ---------------------------------


@dataclass(frozen=True, slots=True)
class Scores:
    """Per player: the own score used for dummy opponents and the AS-O (16.3, 16.4).

    *fore* is true for Fore Buchholz figures (C.07 8.3: last-round games as draws).
    """

    own: Mapping[int, int]
    for_opponents: Mapping[int, int]
    fore_adjusted: frozenset[int]
    """Players whose last round was turned into a draw (Fore Buchholz only)."""


def scores(ctx: TieBreakContext, fore: bool = False) -> Scores:
    return cast(Scores, ctx.cached(("fide.scores", fore), lambda: _build_scores(ctx, fore)))


def _build_scores(ctx: TieBreakContext, fore: bool) -> Scores:
    t = table(ctx)
    own: dict[int, int] = {}
    as_o: dict[int, int] = {}
    adjusted: set[int] = set()
    last_round = t.rounds
    fore_active = fore and t.rounds == t.final_round and t.rounds > 0
    for tpn in t.tpns:
        pts = t.points[tpn]
        row = t.entries[tpn]
        lna = t.last_available[tpn]
        total = t.score[tpn]
        shift = 0
        if fore_active:
            last = row[last_round - 1]
            # 8.3: a player paired in the last round (PAB included) is available there.
            if last.kind.has_opponent or last.kind is EntryKind.PAIRING_BYE:
                lna = last_round
                if last.kind.has_opponent and last.opponent is not None:
                    shift = t.draw[last_round - 1] - pts[last_round - 1]
                    adjusted.add(tpn)
        value = t.adjustment[tpn]
        for i in range(len(pts)):
            if i < lna or row[i].opponent is not None:
                value += pts[i]
            elif not t.round_robin:
                value += t.draw[i]
        own[tpn] = total + shift
        as_o[tpn] = value + shift
    return Scores(own, as_o, frozenset(adjusted))


# -- contributions of opponents (BH-like sums, 8.1, 9.1, 16.4) ------------------------


@dataclass(frozen=True, slots=True)
class Term:
    """One round's opponent (real or dummy) in a Buchholz-like sum, in units.

    *value* is the opponent's score used (AS-O, or the dummy's score);
    *points* the player's own points that round (for Sonneborn-Berger);
    *vur* whether the round was voluntarily unplayed (cut first, 16.5).
    """

    round: int
    opponent: int | None
    value: int
    points: int
    vur: bool
    note: str


def terms(ctx: TieBreakContext, fore: bool = False) -> Mapping[int, list[Term]]:
    """Every player's opponent terms under the context's rule set (cached)."""
    key = ("fide.terms", fore, ctx.rule_set)
    return cast(Mapping[int, list[Term]], ctx.cached(key, lambda: _build_terms(ctx, fore)))


def _build_terms(ctx: TieBreakContext, fore: bool) -> dict[int, list[Term]]:
    t = table(ctx)
    sc = scores(ctx, fore)
    as_o = sc.for_opponents
    capped = is_2026(ctx.rule_set)
    draw_cap = t.draw_total
    fore_round = t.rounds if fore and t.rounds == t.final_round else 0
    out: dict[int, list[Term]] = {}
    game = EntryKind.GAME
    for tpn in t.tpns:
        own = sc.own[tpn]
        row = t.entries[tpn]
        pts = t.points[tpn]
        lst: list[Term] = []
        for i, e in enumerate(row):
            r = i + 1
            opp = e.opponent
            if opp is not None and (e.kind is game or t.round_robin or r == fore_round):
                lst.append(Term(r, opp, as_o[opp], pts[i], False, ""))
                continue
            if t.round_robin:
                # 15.2: no opponent scheduled (odd field), nothing to count.
                continue
            value = own
            if capped:
                value = min(own, as_o[opp]) if opp is not None else min(own, draw_cap)
            lst.append(Term(r, None, value, pts[i], e.kind in VUR_KINDS, kind_text(e.kind)))
        out[tpn] = lst
    return out


def describe_term(
    ctx: TieBreakContext, term: Term, tpn: int, fore: bool = False, product: bool = False
) -> str:
    """Say where a term's value comes from, citing the article (only for explanations)."""
    t = table(ctx)
    sc = scores(ctx, fore)
    row = t.entries[tpn]
    e = row[term.round - 1]
    parts: list[str] = []
    if term.opponent is not None:
        opp = term.opponent
        if e.kind is not EntryKind.GAME:
            if t.round_robin:
                parts.append(f"{kind_text(e.kind)} counts as a game (15.2)")
            else:
                parts.append(f"last-round {kind_text(e.kind)} counted as a game (8.3)")
        if opp in sc.fore_adjusted:
            parts.append("opponent's last round counted as a draw (8.3)")
        face = sc.own[opp]
        if sc.for_opponents[opp] != face:
            parts.append(
                f"opponent's score {t.frac(face)} counted as {t.frac(sc.for_opponents[opp])}: "
                "voluntarily unplayed rounds after their last available round count as draws (16.3.2)"
            )
        else:
            unplayed = [
                str(i + 1) for i, x in enumerate(t.entries[opp]) if x.kind is not EntryKind.GAME
            ]
            if unplayed:
                parts.append(
                    f"opponent's unplayed round(s) {', '.join(unplayed)} at face value (16.3.1)"
                )
    else:
        own = sc.own[tpn]
        text = f"own {term.note} in round {term.round}: dummy opponent with the player's score {t.frac(own)} (16.4)"
        if term.value != own:
            if e.opponent is not None:
                text += (
                    f", capped at the scheduled opponent's score {t.frac(term.value)} (2026 16.4.1)"
                )
            else:
                text += f", capped at a draw per round {t.frac(term.value)} (2026 16.4.2)"
        parts.append(text)
    if product:
        parts.append(f"result {t.frac(term.points)} x opponent {t.frac(term.value)}")
    return "; ".join(parts)


# -- cuts (14.1, 14.2, 16.5) -----------------------------------------------------------


def cut_indices(
    items: Sequence[tuple[int, int, bool]], cut_low: int, cut_high: int, rounds: int
) -> list[tuple[int, str]]:
    """Which items a Cut/Median modifier drops, each with the reason.

    *items* are ``(significance, contribution, vur)``: significance is the
    opponent's score (14.1.1: the least significant opponent has the lowest
    score), contribution what is added (equal to significance for Buchholz).
    Lowest first: a voluntarily unplayed round is cut before anything else
    unless the least significant opponent's contribution is the larger
    (16.5); ties go to the earlier round. Highest: the most significant, no
    exception (14.2). Cuts never exceed the number of rounds.
    """
    low = min(cut_low, rounds)
    high = min(cut_high, rounds - low)
    alive = list(range(len(items)))
    out: list[tuple[int, str]] = []
    while low > 0 and alive:
        least = min(alive, key=lambda i: (items[i][0], items[i][1], i))
        vurs = [i for i in alive if items[i][2]]
        if vurs:
            vur = min(vurs, key=lambda i: (items[i][1], items[i][0], i))
            if items[least][1] > items[vur][1]:
                chosen, why = least, "least significant opponent (14.1.1; 16.5 exception)"
            else:
                chosen, why = vur, "voluntarily unplayed round is cut first (16.5)"
        else:
            chosen, why = least, "least significant opponent (14.1.1)"
        alive.remove(chosen)
        out.append((chosen, why))
        low -= 1
    while high > 0 and alive:
        most = min(alive, key=lambda i: (-items[i][0], -items[i][1], i))
        alive.remove(most)
        out.append((most, "most significant opponent (14.2)"))
        high -= 1
    return out


def record(traces: Mapping[int, Trace] | None, tpn: int) -> Trace | None:
    """The trace of *tpn* if an explanation was asked for."""
    if traces is None:
        return None
    return traces.get(tpn)
