"""Exact scores and point systems.

Points are never floats: every score in Arbiter is a :class:`fractions.Fraction`
(half-points are exact), and point systems say how many points each kind of
round entry is worth. FIDE C.07 article 5 counts a win 1, a draw ½ and a loss 0
unless the regulations say otherwise; the Grand Chess Tour counts rapid games
2/1/0 and blitz games 1/½/0 in one event (GCT 2023 regulations), so an event may carry
one point system per round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import lcm
from typing import Final

Points = Fraction

ZERO: Final = Fraction(0)
HALF: Final = Fraction(1, 2)
ONE: Final = Fraction(1)


def parse_points(text: str) -> Fraction:
    """Read ``"1"``, ``"0.5"``, ``"½"``, ``"2½"``, ``"1/2"``, ``"3,5"`` as an exact score.

    Raises :class:`ValueError` for anything else (floats are refused so that no
    binary rounding can slip in: ``"0.1"`` is read as exactly one tenth).
    """
    s = text.strip().replace(",", ".")
    if not s:
        raise ValueError("empty score")
    if s.endswith("½"):
        whole = s[:-1]
        return (Fraction(whole) if whole else ZERO) + HALF
    try:
        return Fraction(s)
    except (ValueError, ZeroDivisionError) as exc:
        raise ValueError(f"not a score: {text!r}") from exc


def exact_sum(values: Sequence[Fraction]) -> Fraction:
    """The exact sum of *values*, added as integers over their common denominator.

    The same value as ``sum(values, Fraction(0))``, which reduces the fraction
    after every addition: a player's rounds are a few distinct denominators
    (1 and 2), and the standings of 10,000 players add 110,000 of them.
    """
    denominator = 1
    for value in values:
        d = value.denominator
        if denominator % d:
            denominator = lcm(denominator, d)
    numerator = sum(value.numerator * (denominator // value.denominator) for value in values)
    return Fraction(numerator, denominator)


def format_points(value: Fraction, *, ascii_only: bool = False) -> str:
    """Print a score the way arbiters write it: ``3``, ``3½`` (or ``3.5`` with *ascii_only*).

    Values that are not whole or half numbers are printed as decimals, which
    only tie-breaks such as AOB produce.
    """
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        # Integers rather than Fractions: standings print tens of thousands of these.
        sign = "-" if value.numerator < 0 else ""
        whole = (abs(value.numerator) - 1) // 2
        if ascii_only:
            return f"{sign}{whole}.5"
        return f"{sign}{whole or ''}½"
    return format_decimal(value, 2)


def column_places(values: Iterable[Fraction], most: int = 2) -> int | None:
    """How a column of *values* is printed so that every line looks alike.

    None when every value is whole or half (printed ``27½``); otherwise the
    decimals, at most *most*, that show the values (``27.50`` beside
    ``41.25``: one number format per column, never ``41.25`` above ``27½``).
    """
    places = 0
    for value in values:
        if value.denominator in (1, 2):
            continue
        need = 1
        while need < most and (value * 10**need).denominator != 1:
            need += 1
        places = max(places, need)
    return places or None


def format_in_column(value: Fraction, places: int | None, *, ascii_only: bool = False) -> str:
    """*value* as its column prints it (see :func:`column_places`)."""
    if places is None:
        return format_points(value, ascii_only=ascii_only)
    return format_decimal(value, places)


def format_decimal(value: Fraction, places: int) -> str:
    """Round half away from zero to *places* decimals, exactly, and print with a dot."""
    scale = 10**places
    # floor(|n| / d * scale + 1/2) in integers: half up on the magnitude.
    n, d = abs(value.numerator), value.denominator
    rounded = (2 * n * scale + d) // (2 * d)
    sign = "-" if value.numerator < 0 and rounded else ""
    whole, frac = divmod(rounded, scale)
    return f"{sign}{whole}.{frac:0{places}d}" if places else f"{sign}{whole}"


@dataclass(frozen=True, slots=True)
class PointSystem:
    """How many points each result and each kind of unplayed round is worth.

    The defaults are FIDE's (C.07 article 5; Laws of Chess): win 1, draw ½,
    loss 0; a pairing-allocated bye is worth a win (C.04.1 article 3), a forfeit win
    a win, a full-point bye a win, a half-point bye a draw. The online Swiss rules
    scores the unpaired player 1 point and an absent player 0.
    """

    win: Fraction = ONE
    draw: Fraction = HALF
    loss: Fraction = ZERO
    forfeit_win: Fraction | None = None
    forfeit_loss: Fraction = ZERO
    pairing_bye: Fraction | None = None
    full_bye: Fraction | None = None
    half_bye: Fraction | None = None
    zero_bye: Fraction = ZERO
    absent: Fraction = ZERO
    name: str = "1/½/0"

    @property
    def forfeit_win_points(self) -> Fraction:
        return self.win if self.forfeit_win is None else self.forfeit_win

    @property
    def pairing_bye_points(self) -> Fraction:
        return self.win if self.pairing_bye is None else self.pairing_bye

    @property
    def full_bye_points(self) -> Fraction:
        return self.win if self.full_bye is None else self.full_bye

    @property
    def half_bye_points(self) -> Fraction:
        return self.draw if self.half_bye is None else self.half_bye

    def all_values(self) -> tuple[Fraction, ...]:
        """Every value this system can award, for choosing an exact integer unit."""
        return (
            self.win,
            self.draw,
            self.loss,
            self.forfeit_win_points,
            self.forfeit_loss,
            self.pairing_bye_points,
            self.full_bye_points,
            self.half_bye_points,
            self.zero_bye,
            self.absent,
        )

    @property
    def is_standard(self) -> bool:
        return (self.win, self.draw, self.loss) == (ONE, HALF, ZERO)


STANDARD: Final = PointSystem()
"""1 / ½ / 0: FIDE's default and every seed's classical and blitz scoring."""

GCT_RAPID: Final = PointSystem(win=Fraction(2), draw=ONE, loss=ZERO, name="2/1/0")
"""Grand Chess Tour rapid games count double (GCT 2023 regulations; GCT event rules)."""

THREE_ONE_ZERO: Final = PointSystem(win=Fraction(3), draw=ONE, loss=ZERO, name="3/1/0")
"""Three points a win, one a draw (C.07 article 5 lets the regulations give other values; the
checklist's question 71 names 3/1/0); the pairing-allocated bye is worth a win."""


PAB_VALUES: Final = ("win", "draw", "zero")
"""What a pairing-allocated bye may be worth: FIDE C.04.1 article 3 (and the 2025
Dutch rules) let the regulations of the event give it the points of a win, of a
draw, or none."""

CUSTOM_FIELDS: Final = (
    "win",
    "draw",
    "loss",
    "forfeit win",
    "PAB",
    "half-point bye",
    "zero-point bye",
)
"""The values ``settings --points W,D,L[,forfeit-win,PAB,half-bye,zero-bye]`` takes, in order."""


def point_system_refusal(system: PointSystem) -> str | None:
    """Why *system* cannot score an event, or None.

    FIDE C.07 article 5 scores a win above a draw above a loss unless the
    regulations say otherwise, and no round takes points away: a negative value,
    a loss worth more than a draw or a draw worth more than a win is refused.
    """
    named = (
        ("win", system.win),
        ("draw", system.draw),
        ("loss", system.loss),
        ("forfeit win", system.forfeit_win_points),
        ("forfeit loss", system.forfeit_loss),
        ("pairing-allocated bye", system.pairing_bye_points),
        ("full-point bye", system.full_bye_points),
        ("half-point bye", system.half_bye_points),
        ("zero-point bye", system.zero_bye),
        ("absence", system.absent),
    )
    for label, value in named:
        if value < 0:
            return f"a {label} cannot be worth less than nothing ({format_points(value)})"
    if system.loss > system.draw:
        return (
            f"a loss ({format_points(system.loss)}) cannot be worth more than a draw "
            f"({format_points(system.draw)}) (FIDE C.07 article 5)"
        )
    if system.draw > system.win:
        return (
            f"a draw ({format_points(system.draw)}) cannot be worth more than a win "
            f"({format_points(system.win)}) (FIDE C.07 article 5)"
        )
    if system.win == system.loss:
        return "a win and a loss worth the same points do not score an event (FIDE C.07 article 5)"
    return None


def system_name(system: PointSystem) -> str:
    """The name of a typed system: ``3/1/0``, with ``PAB ½`` and the like when its
    unplayed rounds are not worth what the game results say."""
    name = f"{format_points(system.win)}/{format_points(system.draw)}/{format_points(system.loss)}"
    extras = []
    if system.forfeit_win is not None and system.forfeit_win != system.win:
        extras.append(f"forfeit win {format_points(system.forfeit_win)}")
    if system.pairing_bye is not None and system.pairing_bye != system.win:
        extras.append(f"PAB {format_points(system.pairing_bye)}")
    if system.half_bye is not None and system.half_bye != system.draw:
        extras.append(f"half-point bye {format_points(system.half_bye)}")
    if system.zero_bye != ZERO:
        extras.append(f"zero-point bye {format_points(system.zero_bye)}")
    return f"{name}, {', '.join(extras)}" if extras else name


def custom_point_system(values: Sequence[Fraction]) -> PointSystem:
    """The point system of typed values, in the order of :data:`CUSTOM_FIELDS`.

    Three values (win, draw, loss) leave every unplayed round FIDE's: a forfeit
    win and a pairing-allocated bye worth a win, a half-point bye a draw, a
    zero-point bye nothing (C.07 article 16 counts an unplayed round with the
    points it was given). Seven values set each of them. Raises
    :class:`ValueError` with the reason (:func:`point_system_refusal`).
    """
    if len(values) not in (3, 7):
        raise ValueError(
            f"a point system is 3 values (win, draw, loss) or 7 ({', '.join(CUSTOM_FIELDS)}), "
            f"not {len(values)}"
        )
    system = typed_point_system(values)
    reason = point_system_refusal(system)
    if reason:
        raise ValueError(reason)
    return replace(system, name=system_name(system))


def typed_point_system(values: Sequence[Fraction]) -> PointSystem:
    """The point system of three or seven typed values (:data:`CUSTOM_FIELDS`), unchecked
    and unnamed (:func:`custom_point_system` checks and names it; the window's dialog lets
    the session refuse it with the reason)."""
    win, draw, loss = values[:3]
    if len(values) < 7:
        return PointSystem(win=win, draw=draw, loss=loss)
    forfeit_win, pab, half_bye, zero_bye = values[3:7]
    return PointSystem(
        win=win,
        draw=draw,
        loss=loss,
        # A value equal to FIDE's default is kept as the default, so that the typed
        # 1,0.5,0,1,1,0.5,0 is the standard system itself.
        forfeit_win=None if forfeit_win == win else forfeit_win,
        pairing_bye=None if pab == win else pab,
        half_bye=None if half_bye == draw else half_bye,
        zero_bye=zero_bye,
    )


def parse_point_system(text: str) -> PointSystem:
    """``"3,1,0"`` or ``"1,0.5,0,1,0.5,0.5,0"`` (see :func:`custom_point_system`) as a system."""
    parts = [p.strip() for p in text.split(",")]
    if any(not p for p in parts):
        raise ValueError(f"{text!r}: a value is missing between two commas")
    return custom_point_system([parse_points(p) for p in parts])


def with_pab_value(system: PointSystem, value: str) -> PointSystem:
    """*system* with its pairing-allocated bye worth a win, a draw or nothing (:data:`PAB_VALUES`).

    FIDE C.04.1 article 3 gives the bye "the points of a win" unless the
    regulations say otherwise; the 2025 Dutch rules allow a draw or zero.
    """
    points = {"win": system.win, "draw": system.draw, "zero": ZERO}
    if value not in points:
        raise ValueError(f"the bye's value is one of {', '.join(PAB_VALUES)}, not {value!r}")
    chosen = replace(system, pairing_bye=None if value == "win" else points[value])
    if chosen.pairing_bye == chosen.win:
        chosen = replace(chosen, pairing_bye=None)
    return replace(chosen, name=system_name(chosen))
