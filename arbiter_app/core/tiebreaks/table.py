"""The rounds of an event as plain integers, built once per standings.

Standings of a large Swiss evaluate sums over players and rounds tens of
thousands of times. Fractions keep them exact but are slow, so this table
counts every point value in units of ``1/unit`` (``unit`` is the least
common multiple of the denominators of the event's point values: 2 under
1/½/0), which keeps the arithmetic exact with Python integers. Values leave
as Fractions through :meth:`RoundTable.frac`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from arbiter_app.core.model import (
    Colour,
    EntryKind,
    Event,
    Outcome,
    RoundEntry,
    units_by_result,
)
from arbiter_app.core.points import PointSystem
from arbiter_app.core.tiebreaks.base import TieBreakContext
from arbiter_app.core.tiebreaks.reuse import RowMemo, on_forget


@dataclass(frozen=True, slots=True)
class RoundTable:
    """Per player (by pairing number), one list item per round 1..rounds."""

    unit: int
    rounds: int
    kinds: dict[int, list[EntryKind]]
    opponents: dict[int, list[int | None]]
    """The (scheduled) opponent of a game or forfeit; None otherwise."""
    colours: dict[int, list[Colour | None]]
    outcomes: dict[int, list[Outcome | None]]
    points: dict[int, list[int]]
    """Units scored in each round (point adjustments not included)."""
    draw: list[int]
    """Units of a draw in each round."""
    win: list[int]
    """Units of a win in each round."""
    adjust_round: dict[int, list[int]]
    """Units of round-bound point adjustments (TRF 299) per player and round."""
    adjust_end: dict[int, int]
    """Units of adjustments without a round."""

    def frac(self, units: int) -> Fraction:
        return Fraction(units, self.unit)

    def score_units(self, tpn: int) -> int:
        """The player's score in units, adjustments included."""
        return (
            sum(self.points[tpn])
            + sum(self.adjust_round.get(tpn, ()))
            + self.adjust_end.get(tpn, 0)
        )

    def scores(self) -> dict[int, Fraction]:
        """Each player's score. A player whose row of points is the very list of last time
        (:data:`_ROWS` hands it out again while his entries are unchanged) gets last time's
        Fraction: a result changes two scores of 10,000, not all of them."""
        out: dict[int, Fraction] = {}
        kept = _SCORES
        adjust_round, adjust_end, unit = self.adjust_round, self.adjust_end, self.unit
        for tpn, row in self.points.items():
            adjust = sum(adjust_round.get(tpn, ())) + adjust_end.get(tpn, 0)
            hit = kept.get(tpn)
            if hit is not None and hit[0] is row and hit[1] == adjust and hit[2] == unit:
                out[tpn] = hit[3]
                continue
            value = Fraction(sum(row) + adjust, unit)
            kept[tpn] = (row, adjust, unit, value)
            out[tpn] = value
        return out


def _lookup(system: PointSystem, unit: int) -> dict[tuple[int, int], int]:
    """Units per (kind, outcome), keyed by object ids: enum members hash slowly."""
    return {
        (id(kind), id(outcome)): units
        for (kind, outcome), units in units_by_result(system, unit).items()
    }


_Row = tuple[
    list[EntryKind], list[int], list[int | None], list[Colour | None], list[Outcome | None]
]
_ROWS: RowMemo[_Row] = RowMemo()
"""The rows of the last table built (see :mod:`arbiter_app.core.tiebreaks.reuse`)."""

_SCORES: dict[int, tuple[list[int], int, int, Fraction]] = {}
"""Each player's last score with the row of points and the adjustments it was made from
(entries are replaced whole, never changed in place: a row kept is a score kept)."""
on_forget(_SCORES.clear)


def build_table(event: Event, rounds: int) -> RoundTable:
    """The table of *event* for rounds 1..*rounds* (missing rounds read as not paired)."""
    systems = [event.points_system_for(r) for r in range(1, rounds + 1)]
    distinct = set(systems) | {event.point_system}
    denominators = {v.denominator for s in distinct for v in s.all_values()}
    denominators |= {a.points.denominator for a in event.adjustments}
    unit = math.lcm(1, *denominators)
    lookups: dict[PointSystem, dict[tuple[int, int], int]] = {}
    per_round = []
    for system in systems:
        if system not in lookups:
            lookups[system] = _lookup(system, unit)
        per_round.append(lookups[system])
    absent = [int(s.absent * unit) for s in systems]
    not_paired = EntryKind.NOT_PAIRED
    kinds: dict[int, list[EntryKind]] = {}
    opponents: dict[int, list[int | None]] = {}
    colours: dict[int, list[Colour | None]] = {}
    outcomes: dict[int, list[Outcome | None]] = {}
    points: dict[int, list[int]] = {}

    def build(tpn: int, source: tuple[RoundEntry, ...]) -> _Row:
        row = source[:rounds]
        ks = [e.kind for e in row]
        ps = [per_round[r][(id(e.kind), id(e.outcome))] for r, e in enumerate(row)]
        os = [e.opponent for e in row]
        cs = [e.colour for e in row]
        rs = [e.outcome for e in row]
        for r in range(len(row), rounds):
            ks.append(not_paired)
            ps.append(absent[r])
            os.append(None)
            cs.append(None)
            rs.append(None)
        return ks, ps, os, cs, rs

    context = (rounds, unit, tuple(systems))
    tpns = [p.tpn for p in event.players]
    for tpn, (ks, ps, os, cs, rs) in _ROWS.rows(context, event.entries, tpns, build).items():
        kinds[tpn], points[tpn], opponents[tpn] = ks, ps, os
        colours[tpn], outcomes[tpn] = cs, rs
    adjust_round: dict[int, list[int]] = {}
    adjust_end: dict[int, int] = {}
    for a in event.adjustments:
        units = int(a.points * unit)
        if a.round is not None and 1 <= a.round <= rounds:
            adjust_round.setdefault(a.tpn, [0] * rounds)[a.round - 1] += units
        else:
            # No round, or a round outside the table: counted in the total as Event.score does.
            adjust_end[a.tpn] = adjust_end.get(a.tpn, 0) + units
    return RoundTable(
        unit,
        rounds,
        kinds,
        opponents,
        colours,
        outcomes,
        points,
        [int(s.draw * unit) for s in systems],
        [int(s.win * unit) for s in systems],
        adjust_round,
        adjust_end,
    )


def table_of(ctx: TieBreakContext) -> RoundTable:
    """The table of the context's event and rounds, built once and cached on *ctx*."""
    result = ctx.cached("round-table", lambda: build_table(ctx.event, ctx.rounds))
    assert isinstance(result, RoundTable)
    return result
