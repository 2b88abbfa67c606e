"""LOT: a drawing of lots between players still tied after every other tie-break.

FIDE C.07 (2023) article 4.2: a tie that remains after all the announced
tie-breaks is broken by drawing of lots. Here the lots are a recorded draw:
the arbiter announces ``LOT`` as the last tie-break, and when the lots are
drawn the session stores the draw's seed in the code itself, ``LOT/S<seed>``
(:mod:`arbiter_app.session.tiebreak_lots`). The order is a seeded shuffle of
every pairing number (:func:`arbiter_app.core.lots.shuffled`), so the same
seed always gives the same order, whoever is tied and whenever it is worked
out, and anyone can check it from the seed.

Before the draw (plain ``LOT``) every player has 0: the tie stays, and the
standings show it as a tie.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from arbiter_app.core.lots import shuffled
from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec, Trace, register

ARTICLE = "FIDE C.07 (2023) 4.2"


def lot_seed(spec: TieBreakSpec) -> int | None:
    """The seed of the draw ``LOT/S<seed>`` records, or None before the draw."""
    if "S" not in spec.options or spec.parameter is None:
        return None
    return int(spec.parameter)


@register(
    "LOT",
    article=ARTICLE,
    description="Drawing of lots between players still tied (a recorded, seeded draw)",
    options=("S",),
    integer=True,
)
def lots(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """LOT (FIDE C.07 (2023) 4.2): the player's place in the seeded order of every pairing
    number, first drawn highest; 0 for everyone before the draw."""
    seed = lot_seed(spec)
    if seed is None:
        return {tpn: Fraction(0) for tpn in players}
    order = shuffled(sorted(p.tpn for p in ctx.event.players), seed)
    place = {tpn: len(order) - i for i, tpn in enumerate(order)}
    return {tpn: Fraction(place.get(tpn, 0)) for tpn in players}
