"""``set_external_values``: the arbiter's values for the ``EXT`` tie-break (a manual ranking).

FIDE's verification checklist (FIDE C.02, tie-breaks and final standings)
asks for manual ranking and external tie-break values. The arbiter gives a
value to some players (a number or a fraction, ``"2"``, ``"1/2"``); the
``EXT`` tie-break ranks by it (:mod:`arbiter_app.core.tiebreaks.external`).
The values replace the ones given before, as one journalled action. Once a
round is paired they reorder standings the players may have seen: a level-3
question first, naming who gets what.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.fide_mode import CHECKLIST
from arbiter_app.core.warning_levels import Alert, Level
from arbiter_app.session import queries
from arbiter_app.session.codec import EXTERNAL
from arbiter_app.session.commands import SetExternalValues
from arbiter_app.session.registry import CommandError, Context, command
from arbiter_app.session.state import Tx
from arbiter_app.store.journal import canonical_json


def parse_values(text: str) -> dict[str, str]:
    """``3=2,7=1/2`` (pairing number = value) as the command's *values*; a clear refusal
    for anything else. The window and the command line both read the values this way."""
    out: dict[str, str] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        number, sep, value = part.partition("=")
        if not sep or not number.strip().isdecimal() or not value.strip():
            raise RuleError(
                f"Tie-break values are pairing number=value pairs like 3=2,7=1, not {part!r}."
            )
        out[number.strip()] = value.strip()
    return out


def values_text(values: Mapping[int, Fraction]) -> str:
    """The values as :func:`parse_values` reads them (``3=2, 7=1/2``)."""
    return ", ".join(f"{tpn}={v}" for tpn, v in sorted(values.items()))


def _values(tx: Tx, given: Any) -> dict[int, Fraction]:
    if not isinstance(given, dict):
        raise CommandError('external values are {"pairing number": "value", …}')
    out: dict[int, Fraction] = {}
    for key, text in given.items():
        # JSON writes the pairing numbers as the object's keys, so as text.
        tpn = queries.as_tpn(int(key) if isinstance(key, str) and key.isdecimal() else key)
        queries.player(tx, tpn)  # refused with its reason when there is no such player
        try:
            out[tpn] = Fraction(str(text).replace("½", "1/2"))
        except (ValueError, ZeroDivisionError):
            raise CommandError(f"player {tpn}: {text!r} is not a number") from None
    return out


@command(SetExternalValues)
def set_external_values(tx: Tx, cmd: SetExternalValues, ctx: Context) -> int:
    """Replace the ``EXT`` values (*values*: pairing number → value); returns how many."""
    values = _values(tx, cmd.values)
    if queries.paired_rounds(tx):
        listed = ", ".join(f"{tpn}: {v}" for tpn, v in sorted(values.items())) or "none"
        ctx.ask(
            Alert(
                Level.CONFIRM,
                f"Rank by the values you enter ({listed})? The EXT tie-break orders the "
                "players by them.",
                f"{CHECKLIST}: manual ranking and external tie-break values",
            )
        )
    text = {str(tpn): str(v) for tpn, v in sorted(values.items())}
    tx.put("records", EXTERNAL, {"value": canonical_json({"values": text})})
    return len(values)
