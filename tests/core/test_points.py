"""Scores printed and added in integers give what Fraction arithmetic gives.

:func:`format_points`, :func:`format_decimal` and :func:`exact_sum` work on
numerators and denominators so that standings of 10,000 players print fast;
these properties hold them to the Fraction definitions they replace.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from arbiter_app.core.points import exact_sum, format_decimal, format_points

HALF = Fraction(1, 2)
fractions = st.fractions(max_denominator=64, min_value=-10_000, max_value=10_000)


def decimal_by_fractions(value: Fraction, places: int) -> str:
    """Half away from zero on the magnitude, computed with Fractions."""
    scale = 10**places
    rounded = int(abs(value) * scale + HALF)
    sign = "-" if value < 0 and rounded else ""
    whole, frac = divmod(rounded, scale)
    return f"{sign}{whole}.{frac:0{places}d}" if places else f"{sign}{whole}"


@given(fractions, st.integers(min_value=0, max_value=6))
def test_a_decimal_is_rounded_half_away_from_zero_as_with_fractions(
    value: Fraction, places: int
) -> None:
    assert format_decimal(value, places) == decimal_by_fractions(value, places)


@given(st.integers(min_value=-20_001, max_value=20_001))
def test_halves_print_as_arbiters_write_them(halves: int) -> None:
    value = Fraction(halves, 2)
    magnitude = abs(value)
    sign = "-" if value < 0 else ""
    if value.denominator == 1:
        assert format_points(value) == str(value)
    else:
        whole = int(magnitude - HALF)
        assert format_points(value) == f"{sign}{whole or ''}½"
        assert format_points(value, ascii_only=True) == f"{sign}{whole}.5"


def test_known_values() -> None:
    assert [format_points(Fraction(n, 2)) for n in (-3, -1, 1, 7)] == ["-1½", "-½", "½", "3½"]
    assert format_points(Fraction(-1, 2), ascii_only=True) == "-0.5"
    assert format_decimal(Fraction(-1, 1000), 2) == "0.00"  # no sign on a rounded zero
    assert format_decimal(Fraction(2675, 1000), 2) == "2.68"  # half up, exactly


@given(st.lists(fractions, max_size=40))
def test_exact_sum_is_the_sum(values: list[Fraction]) -> None:
    total = exact_sum(values)
    assert total == sum(values, Fraction(0)) and isinstance(total, Fraction)
