"""Point systems outside FIDE's rules (FIDE C.02, the checklist's questions 74, 81 and 83).

In FIDE mode two draws may not be worth more than a win and a loss (Q74), the
pairing-allocated bye not more than a win (Q81, C.04.1 article 3), and under 1/½/0
the bye is worth 1, ½ or 0 (Q83). Such a system leaves FIDE's rules like a US Chess
bye policy does (question 43).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_app.core.fide_mode import leaving_rules, point_system_outside
from arbiter_app.core.points import (
    GCT_RAPID,
    STANDARD,
    THREE_ONE_ZERO,
    custom_point_system,
    parse_point_system,
)


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        (
            "1,0.75,0",
            "two draws (1½) worth more than a win and a loss (1) "
            "(FIDE C.02, verification checklist question 74)",
        ),
        (
            "1,0.5,0,1,2,0.5,0",
            "a pairing-allocated bye (2) worth more than a win (1) (FIDE C.04.1 article 3)",
        ),
        (
            "1,0.5,0,1,0.75,0.5,0",
            "a pairing-allocated bye worth 0.75 under 1/½/0, which gives it 1, ½ or 0 "
            "(FIDE C.02, verification checklist question 83)",
        ),
    ],
)
def test_q74_q81_q83_a_point_system_outside_fide_rules_says_why(typed: str, why: str) -> None:
    system = parse_point_system(typed)
    assert point_system_outside(system) == why
    (departure,) = leaving_rules({"point_system": system})
    assert departure.words == f"a point system with {why}"
    assert departure.short.startswith("points ")


@pytest.mark.parametrize(
    "typed", ["1,0.5,0,1,0.5,0.5,0", "1,0.5,0,1,0,0.5,0", "3,1,0,3,1,1,0", "3,1,0,3,2,1,0"]
)
def test_q80_q84_fide_point_systems_and_pab_values_stay_inside(typed: str) -> None:
    assert point_system_outside(parse_point_system(typed)) is None


def test_the_named_systems_are_fides_and_a_round_of_its_own_is_read_too() -> None:
    for system in (STANDARD, THREE_ONE_ZERO, GCT_RAPID):
        assert point_system_outside(system) is None
    odd = custom_point_system([Fraction(1), Fraction(3, 4), Fraction(0)])
    assert leaving_rules({"point_system": STANDARD, "round_point_systems": [STANDARD]}) == ()
    (departure,) = leaving_rules({"point_system": STANDARD, "round_point_systems": [odd]})
    assert departure.short == "points 1/0.75/0"
