"""Point systems in TRF: record 162, the default records of 299, and Arbiter's exact form.

TRF-26 record 162 gives the points of ``W`` (a win over the board, by
forfeit, or a full-point bye), ``D`` (a draw or a half-point bye), ``L`` (a
loss), ``A`` (an absence: zero-point bye or forfeit loss), ``P`` (a
pairing-allocated bye, by default as ``W``) and ``X`` (an unknown result),
each at a fixed place: the code in column 6, its points in columns 7-10,
the next code nine columns further on. A record 299 with a type letter, no
round and no player sets the points of one kind of unplayed round apart
(``+`` forfeit win, ``-`` forfeit loss, ``F``/``H``/``Z`` requested byes).

Arbiter's :class:`~arbiter_app.core.points.PointSystem` has a few more
distinctions (a separate score for absences) and a name, and may hold values
that one decimal cannot show, so when the standard records do not carry a
point system exactly the writer adds the exact Arbiter form (see
:mod:`arbiter_app.core.trf.extension`), which wins on reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from arbiter_app.core.points import GCT_RAPID, HALF, ONE, STANDARD, ZERO, PointSystem, format_points
from arbiter_app.core.trf.records import format_tenths

CODES_162 = "WDLAPX"
DEFAULTS_299 = "+-FHZ"
_KNOWN = (STANDARD, GCT_RAPID)


def default_name(win: Fraction, draw: Fraction, loss: Fraction) -> str:
    """The name Arbiter gives a point system read from a file: ``1/½/0``, ``3/1/0``."""
    return f"{format_points(win)}/{format_points(draw)}/{format_points(loss)}"


def from_records(
    values_162: Mapping[str, Fraction], defaults_299: Mapping[str, Fraction]
) -> PointSystem:
    """The point system that records 162 and the 299 defaults describe (missing codes: FIDE's)."""
    win = values_162.get("W", ONE)
    draw = values_162.get("D", HALF)
    loss = values_162.get("L", ZERO)
    absent = values_162.get("A", ZERO)
    system = PointSystem(
        win=win,
        draw=draw,
        loss=loss,
        forfeit_win=defaults_299.get("+"),
        forfeit_loss=defaults_299.get("-", absent),
        pairing_bye=values_162.get("P"),
        full_bye=defaults_299.get("F"),
        half_bye=defaults_299.get("H"),
        zero_bye=defaults_299.get("Z", absent),
        absent=absent,
        name=default_name(win, draw, loss),
    )
    for known in _KNOWN:
        if known == system:
            return known
    return system


def to_records(system: PointSystem) -> tuple[str | None, list[str], PointSystem] | None:
    """Record 162 (None when every value is FIDE's default), the 299 default records, and
    the point system a reader gets back from them (it may differ from *system* in the name).

    Returns None when one decimal cannot show a value exactly.
    """
    codes: list[tuple[str, Fraction]] = [
        ("W", system.win),
        ("D", system.draw),
        ("L", system.loss),
        ("A", system.absent),
    ]
    if system.pairing_bye is not None:
        codes.append(("P", system.pairing_bye))
    parts: list[str] = []
    for code, value in codes:
        text = format_tenths(value, 4)
        if text is None:
            return None
        parts.append(f"{code}{text}")
    defaults = codes[:4] == [("W", ONE), ("D", HALF), ("L", ZERO), ("A", ZERO)]
    line_162 = None if defaults and len(codes) == 4 else "162  " + "    ".join(parts)

    extra: list[tuple[str, Fraction | None]] = [
        ("+", system.forfeit_win),
        ("-", None if system.forfeit_loss == system.absent else system.forfeit_loss),
        ("F", system.full_bye),
        ("H", system.half_bye),
        ("Z", None if system.zero_bye == system.absent else system.zero_bye),
    ]
    lines_299: list[str] = []
    defaults_299: dict[str, Fraction] = {}
    for code, maybe in extra:
        if maybe is None:
            continue
        text = format_tenths(maybe, 4)
        if text is None:
            return None
        defaults_299[code] = maybe
        lines_299.append(f"299 {code}  {'':>4}  {text}  000")
    read_back = from_records(dict(codes), defaults_299)
    return line_162, lines_299, read_back


# --- Arbiter's exact form ---------------------------------------------------------
_FIELDS = (
    ("W", "win"),
    ("D", "draw"),
    ("L", "loss"),
    ("FW", "forfeit_win"),
    ("FL", "forfeit_loss"),
    ("PAB", "pairing_bye"),
    ("FPB", "full_bye"),
    ("HPB", "half_bye"),
    ("ZPB", "zero_bye"),
    ("ABS", "absent"),
)


def to_exact(system: PointSystem) -> str:
    """``W=1 D=1/2 L=0 FW=- … NAME=1/½/0``: every field, exact, the name last."""
    words = []
    for key, attr in _FIELDS:
        value: Fraction | None = getattr(system, attr)
        words.append(f"{key}={'-' if value is None else value}")
    return " ".join(words) + f" NAME={system.name}"


def from_exact(text: str) -> PointSystem:
    """Read :func:`to_exact`'s form. Raises :class:`ValueError` naming the bad word."""
    head, sep, name = text.partition("NAME=")
    if not sep:
        raise ValueError("the point system has no NAME= at the end")
    values: dict[str, Fraction | None] = {}
    attrs = dict(_FIELDS)
    for word in head.split():
        key, eq, raw = word.partition("=")
        if not eq or key not in attrs:
            raise ValueError(f"unknown point system field {word!r}")
        try:
            values[attrs[key]] = None if raw == "-" else Fraction(raw)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"not an exact number in {word!r}") from None
    missing = [key for key, attr in _FIELDS if attr not in values]
    if missing:
        raise ValueError("the point system lacks " + ", ".join(missing))
    required = {
        attr: values[attr] for attr in ("win", "draw", "loss", "forfeit_loss", "zero_bye", "absent")
    }
    if any(v is None for v in required.values()):
        raise ValueError("W, D, L, FL, ZPB and ABS need a number, not '-'")
    return PointSystem(
        win=_req(values["win"]),
        draw=_req(values["draw"]),
        loss=_req(values["loss"]),
        forfeit_win=values["forfeit_win"],
        forfeit_loss=_req(values["forfeit_loss"]),
        pairing_bye=values["pairing_bye"],
        full_bye=values["full_bye"],
        half_bye=values["half_bye"],
        zero_bye=_req(values["zero_bye"]),
        absent=_req(values["absent"]),
        name=name.strip(),
    )


def _req(value: Fraction | None) -> Fraction:
    assert value is not None  # checked by the caller
    return value
