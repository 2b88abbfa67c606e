"""EXT: tie-break values the arbiter enters (a manual ranking, or values from outside).

FIDE's verification checklist (FIDE C.02, tie-breaks and final standings)
asks for manual ranking and external tie-break values: a regulation may
break a tie by something the event's games do not hold (a play-off played
elsewhere, an order the organiser decides). ``EXT`` ranks by the value the
arbiter entered for each player (:attr:`arbiter_app.core.model.Event.external_values`),
higher first; a player without one has 0. To rank players still tied by
hand, give them 3, 2, 1 in the order wanted and put ``EXT`` after the other
tie-breaks. ``EXT/R`` ranks the lowest value first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec, Trace, register

ARTICLE = "FIDE C.02 (verification checklist: manual ranking and external tie-break values)"


@register(
    "EXT",
    article=ARTICLE,
    description="A value the arbiter entered for each player (a manual ranking)",
    options=("R",),
)
def external(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """EXT (FIDE C.02, final standings): the arbiter's value for each player, 0 when none."""
    values = ctx.event.external_values
    return {tpn: Fraction(values.get(tpn, 0)) for tpn in players}
