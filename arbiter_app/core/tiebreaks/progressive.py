"""Sum of progressive scores (PS), with its cut.

FIDE C.07 (2023) 7.6 (PS) and 14.3 (the cut drops the first rounds' progressive
scores); the French slides on the 2026 text call it "Cumulatif".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import accumulate

from arbiter_app.core.errors import RuleError
from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec, Trace, register
from arbiter_app.core.tiebreaks.unplayed import record, table
from arbiter_app.core.words import count


@register(
    "PS",
    article="FIDE C.07 (2023) 7.6, 14.3",
    description="Sum of progressive scores (the score after each round, added up)",
    allow_cut=True,
)
def progressive_scores(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """PS (FIDE C.07 (2023) 7.6): add the running score after every round.

    ``PS/C1`` leaves out the progressive score after round 1, ``PS/C2`` after
    rounds 1 and 2 (14.3). Unplayed rounds count with the points awarded.
    """
    if spec.cut_high:
        raise RuleError(f"{spec.code}: progressive scores can only cut the first rounds (PS/C1)")
    t = table(ctx)
    skip = min(spec.cut_low, t.rounds)
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = record(traces, tpn)
        if trace is None:
            out[tpn] = t.frac(sum(list(accumulate(t.points[tpn]))[skip:]))
            continue
        running = 0
        total = 0
        for i, p in enumerate(t.points[tpn]):
            running += p
            if i >= skip:
                total += running
            if trace is not None:
                trace.add(t.frac(running), round=i + 1, note=f"score after round {i + 1}")
                if i < skip:
                    trace.mark_cut(i, f"first {count(skip, 'round')} left out (14.3)")

        out[tpn] = t.frac(total)
    return out
