"""The integer round table agrees with the exact model everywhere."""

from dataclasses import replace
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from arbiter_app.core.model import PointAdjustment
from arbiter_app.core.points import GCT_RAPID, PointSystem
from arbiter_app.core.tiebreaks import TieBreakContext
from arbiter_app.core.tiebreaks.table import build_table
from tests.core.tiebreaks.test_uscf import EVENT

ODD = PointSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0), half_bye=Fraction(1, 3))


@given(
    rounds=st.integers(min_value=0, max_value=5),
    systems=st.lists(st.sampled_from([None, GCT_RAPID, ODD]), max_size=5),
    adjustments=st.lists(
        st.tuples(
            st.integers(1, 6),
            st.fractions(min_value=-3, max_value=3, max_denominator=4),
            st.one_of(st.none(), st.integers(1, 7)),
        ),
        max_size=4,
    ),
)
def test_table_scores_equal_event_scores(rounds, systems, adjustments) -> None:
    event = replace(
        EVENT,
        round_point_systems=tuple(s or EVENT.point_system for s in systems),
        adjustments=tuple(PointAdjustment(t, p, r) for t, p, r in adjustments),
    )
    ctx = TieBreakContext(event, after_round=rounds)
    table = build_table(ctx.event, ctx.rounds)
    assert table.scores() == event.scores(rounds)


def test_units_are_the_least_common_denominator() -> None:
    assert build_table(EVENT, 5).unit == 2
    assert build_table(replace(EVENT, point_system=ODD), 5).unit == 3
    thirds_and_halves = PointSystem(half_bye=Fraction(1, 3))
    assert build_table(replace(EVENT, point_system=thirds_and_halves), 5).unit == 6
    assert build_table(replace(EVENT, point_system=GCT_RAPID), 5).unit == 1


def test_cumulative_counts_round_adjustments_in_their_round() -> None:
    """A penalty in round 2 lowers every running score from round 2 on (34E3)."""
    from arbiter_app.core.tiebreaks import REGISTRY, parse_spec

    event = replace(EVENT, adjustments=(PointAdjustment(4, Fraction(-1), 2),))
    ctx = TieBreakContext(event)
    cum = REGISTRY["CUM"].compute(ctx, parse_spec("CUM"), [4])
    assert cum[4] == 10 - 4  # running scores 0, 0, 1, 2, 3
