from fractions import Fraction

from arbiter_app.core.prizes import Placing
from arbiter_app.core.tour import GCT_2023_POINTS, PointsScale, event_points, ties, tour_standings


def outright(order: list[int]) -> list[Placing]:
    return [Placing(t, i + 1, i + 1, (i + 1, i + 1)) for i, t in enumerate(order)]


def test_gct_2023_scale_and_the_outright_winner_bonus() -> None:
    pts = event_points(outright(list(range(1, 11))), GCT_2023_POINTS)
    assert [pts[t] for t in range(1, 11)] == [13, 10, 8, 7, 6, 5, 4, 3, 2, 1]


def test_tie_for_first_shares_points_and_no_bonus_after_a_play_off_2_7_and_3_7() -> None:
    """Seed 000_… 2.7 / 3.7: points divided evenly among the tie for first; no bonus point."""
    placings = [
        Placing(4, 1, 1, (1, 3), True, True),
        Placing(9, 2, 3, (1, 3)),
        Placing(2, 2, 3, (1, 3)),
        Placing(1, 4, 4, (4, 4)),
    ]
    pts = event_points(placings, GCT_2023_POINTS)
    assert pts[4] == pts[9] == pts[2] == Fraction(30, 3)
    assert pts[1] == 7


def test_ties_for_other_places_share_points_exactly_2_8_and_3_8() -> None:
    """Seed 000_… 2.8 / 3.8: tour points divided equally among the tied players."""
    placings = [Placing(1, 1, 1, (1, 1)), Placing(2, 2, 3, (2, 3)), Placing(3, 2, 3, (2, 3))]
    placings += [Placing(t, 4, 6, (4, 6)) for t in (4, 5, 6)]
    pts = event_points(placings, GCT_2023_POINTS)
    assert pts[2] == pts[3] == 9
    assert pts[4] == Fraction(7 + 6 + 5, 3) == 6
    placings = [Placing(1, 1, 1, (1, 1))] + [Placing(t, 2, 4, (2, 4)) for t in (2, 3, 4)]
    assert event_points(placings, GCT_2023_POINTS)[2] == Fraction(25, 3)


def test_a_wildcard_earns_none_and_nobody_moves_up() -> None:
    pts = event_points(outright([5, 6, 7]), GCT_2023_POINTS, wildcards={6})
    assert pts == {5: 13, 6: 0, 7: 8}
    shared = [Placing(5, 1, 1, (1, 1)), Placing(6, 2, 3, (2, 3)), Placing(7, 2, 3, (2, 3))]
    assert event_points(shared, GCT_2023_POINTS, wildcards={6}) == {5: 13, 6: 0, 7: 9}
    alone = event_points(outright([6, 5]), GCT_2023_POINTS, wildcards={6})
    assert alone == {6: 0, 5: 10}


def test_tour_standings_add_up_events_and_show_ties() -> None:
    e1 = event_points(outright([1, 2, 3, 4]), GCT_2023_POINTS)  # 13 10 8 7
    e2 = event_points(outright([2, 1, 4, 3]), GCT_2023_POINTS)  # 13 10 8 7
    rows = tour_standings([e1, e2])
    assert [(r.tpn, r.total, r.place_text) for r in rows] == [
        (1, 23, "1-2"),
        (2, 23, "1-2"),
        (3, 15, "3-4"),
        (4, 15, "3-4"),
    ]
    assert rows[0].by_event == (13, 10)
    assert ties(rows) == [(1, (1, 2)), (3, (3, 4))]


def test_scale_round_trips_through_json() -> None:
    assert PointsScale.from_json(GCT_2023_POINTS.to_json()) == GCT_2023_POINTS
