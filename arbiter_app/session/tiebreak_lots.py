"""``draw_tiebreak_lots``: the drawing of lots the announced ``LOT`` tie-break waits for.

FIDE C.07 (2023) article 4.2 breaks a tie left after every tie-break by
drawing of lots; FIDE's verification checklist (FIDE C.02, tie-breaks and
final standings) asks for a seeded, repeatable draw. The arbiter announces
``LOT`` as the last tie-break; this command draws the lots once, from the
session's recorded seed (kept in the journal, like every draw), and writes
it into the list as ``LOT/S<seed>``, so every view, sheet and export ranks
by the same order (:mod:`arbiter_app.core.tiebreaks.lots`). The list is not
otherwise changed: the draw is the one the regulations announced, not a
change of the tie-break list. Undo takes it back.
"""

from __future__ import annotations

from arbiter_app.core.errors import RuleError
from arbiter_app.core.tiebreaks import parse_spec
from arbiter_app.core.tiebreaks.lots import lot_seed
from arbiter_app.session import queries
from arbiter_app.session.commands import DrawTiebreakLots
from arbiter_app.session.registry import CommandError, Context, command
from arbiter_app.session.state import Tx


@command(DrawTiebreakLots)
def draw_tiebreak_lots(tx: Tx, cmd: DrawTiebreakLots, ctx: Context) -> int:
    """Draw the lots of the ``LOT`` tie-break; returns the seed."""
    if ctx.seed is None:
        raise CommandError("a drawing of lots needs a seed")
    codes = list(tx.setting("tiebreaks", []))
    at = [i for i, code in enumerate(codes) if parse_spec(code).name == "LOT"]
    if not at:
        raise RuleError(
            "the tie-break list has no LOT: announce the drawing of lots as the last "
            "tie-break first (FIDE C.07 (2023) 4.2)"
        )
    drawn = lot_seed(parse_spec(codes[at[0]]))
    if drawn is not None:
        raise RuleError(f"the lots were drawn already (seed {drawn}); undo to draw again")
    if not queries.paired_rounds(tx):
        raise RuleError("no round is paired yet: the lots break ties in the standings")
    codes[at[0]] = f"LOT/S{ctx.seed}"
    tx.set_setting("tiebreaks", codes)
    return ctx.seed
