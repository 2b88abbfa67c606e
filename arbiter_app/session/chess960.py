"""``draw_chess960_position``: the starting position of a Chess960 round, and where it is kept.

In a Chess960 event (the ``variant`` setting, :mod:`arbiter_app.core.chess960`)
the arbiter draws a starting position before each round, the same for every
board (FIDE Laws of Chess, Guidelines II.1-II.2), or once for the whole event
when its regulations announce one position for every round. The draw is
either made by the application from the session's seed, which the journal
keeps (so the same seed gives the same number, and undo and replay give it
back), or made at the venue and typed in as its number.

Each position is kept in the ``records`` table (family ``chess960``, key
``round:N`` or ``event``), so the file holds it, and the pairing sheets, the
window's Pairings panel, ``pairing show`` and the TRF report read it from here.
"""

from __future__ import annotations

import json

from arbiter_app.core.chess960 import (
    ARTICLE,
    StartingPosition,
    Variant,
    physical_position,
    seeded_position,
)
from arbiter_app.core.errors import RuleError
from arbiter_app.core.words import count
from arbiter_app.session import queries
from arbiter_app.session.commands import DrawChess960Position, given
from arbiter_app.session.registry import CommandError, Context, command, whole_number
from arbiter_app.session.state import State, Tx

FAMILY = "chess960"
"""The ``records`` family of the drawn positions."""
EVENT_KEY = "event"
"""The key of the position drawn for every round."""
VARIANT = "variant"
"""The setting that names the event's variant (None: standard chess)."""


def _key(round_no: int | None) -> str:
    return EVENT_KEY if round_no is None else f"round:{round_no}"


def variant_of(state: State | Tx) -> Variant:
    """The game the event's boards play (standard chess unless declared Chess960)."""
    return Variant(state.setting(VARIANT) or Variant.STANDARD.value)


def positions_of(state: State | Tx) -> dict[int | None, StartingPosition]:
    """Every position drawn, by its round (None: the one for every round)."""
    rows = state.rows("records") if isinstance(state, Tx) else state.tables["records"]
    out: dict[int | None, StartingPosition] = {}
    for key, row in rows.items():
        if key[0] == FAMILY:
            position = StartingPosition.from_json(json.loads(row["value"]))
            out[position.round] = position
    return out


@command(DrawChess960Position)
def draw_chess960_position(tx: Tx, cmd: DrawChess960Position, ctx: Context) -> StartingPosition:
    """Draw (or enter the number drawn of) the starting position of a round or of the event.

    Refused outside a Chess960 event; refused when the scope has its position
    already (undo takes a draw back), when a round would get its own position in
    an event that plays one for every round (or the other way round), and for a
    draw by the application once the round's results are in: the position is
    drawn before the games (Guidelines II.1). The number of a position already
    played at the venue can still be entered.
    """
    if variant_of(tx) is not Variant.CHESS960:
        raise RuleError(
            "the event is not played as Chess960: declare it first (the variant setting, "
            f"{ARTICLE})"
        )
    round_no = given(cmd.round, None)
    if round_no is not None:
        round_no = whole_number(round_no, "round", minimum=1)
        rounds = int(tx.setting("rounds", 0))
        if round_no > rounds:
            raise RuleError(f"the event has {count(rounds, 'round')}; there is no round {round_no}")
    witnesses = given(cmd.witnesses, [])
    if not isinstance(witnesses, (list, tuple)) or not all(isinstance(w, str) for w in witnesses):
        raise CommandError("witnesses are a list of names")
    drawn = positions_of(tx)
    if round_no in drawn:
        raise RuleError(
            f"the starting position of {drawn[round_no].scope()} is drawn already: "
            f"{drawn[round_no].label()}; undo the draw to draw again"
        )
    if round_no is None and drawn:
        own = ", ".join(f"round {r}" for r in sorted(r for r in drawn if r is not None))
        raise RuleError(
            f"positions are drawn for single rounds already ({own}): one position for every "
            "round is drawn before the first round's, or not at all"
        )
    if round_no is not None and None in drawn:
        raise RuleError(
            f"the event plays one position in every round ({drawn[None].label()}); "
            "a round cannot have another"
        )
    number = given(cmd.number, None)
    if number is None:
        if round_no is not None and queries.round_has_results(tx, round_no):
            raise RuleError(
                f"round {round_no} has results already: a starting position is drawn before "
                f"the games ({ARTICLE}); enter the number the boards played instead"
            )
        if ctx.seed is None:
            raise CommandError("a drawing of lots needs a seed")
        position = seeded_position(round_no, ctx.seed, witnesses=witnesses)
    else:
        position = physical_position(round_no, number, witnesses=witnesses)
    ctx.put_record(FAMILY, _key(round_no), position.to_json())
    return position
