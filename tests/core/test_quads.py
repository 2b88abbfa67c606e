"""Quads by rating from the top (US Chess 30G), with the remainder rules clubs use."""

from __future__ import annotations

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Player, System
from arbiter_app.core.quads import HOUSE, Remainder, plan_quads, round_robin_rounds


def _field(count: int) -> list[Player]:
    """*count* players entered in no order of rating, all ratings different (37 is a
    generator modulo the prime 1009)."""
    return [
        Player(tpn=t, name=f"P{t:02}", rating=1000 + (37 * t) % 1009) for t in range(1, count + 1)
    ]


def _by_rating(players: list[Player]) -> list[int]:
    return [p.tpn for p in sorted(players, key=lambda p: -(p.rating or 0))]


def test_fours_from_the_top_of_the_rating_list() -> None:
    players = _field(12)
    groups = plan_quads(players)
    assert [g.name for g in groups] == ["Quad 1", "Quad 2", "Quad 3"]
    order = _by_rating(players)
    assert [list(g.players) for g in groups] == [order[0:4], order[4:8], order[8:12]]
    assert {(g.system, g.rounds) for g in groups} == {(System.ROUND_ROBIN, 3)}


@pytest.mark.parametrize(("count", "bottom"), [(13, 5), (14, 6), (15, 7)])
def test_the_lowest_five_to_seven_play_a_three_round_swiss(count: int, bottom: int) -> None:
    groups = plan_quads(_field(count))
    assert [len(g.players) for g in groups] == [4, 4, bottom]
    assert (groups[-1].system, groups[-1].rounds) == (System.SWISS, 3)
    assert groups[-1].players == tuple(_by_rating(_field(count))[8:])
    assert "3 rounds" in groups[-1].described


def test_or_a_round_robin_of_their_own() -> None:
    groups = plan_quads(_field(14), remainder=Remainder.ROUND_ROBIN)
    assert (len(groups[-1].players), groups[-1].system, groups[-1].rounds) == (
        6,
        System.ROUND_ROBIN,
        5,
    )
    assert round_robin_rounds(5) == 5  # each player sits out once


def test_a_house_player_completes_a_quad_one_short() -> None:
    groups = plan_quads(_field(11), remainder=Remainder.HOUSE_PLAYER)
    assert [len(g.players) for g in groups] == [4, 4, 4]
    assert groups[-1].players[-1] == HOUSE
    with pytest.raises(RuleError, match="14 players leave 2 over, so choose a Swiss"):
        plan_quads(_field(14), remainder=Remainder.HOUSE_PLAYER)
    # A field that divides needs no house player.
    assert HOUSE not in {
        t for g in plan_quads(_field(8), remainder=Remainder.HOUSE_PLAYER) for t in g.players
    }


def test_sizes_and_small_fields() -> None:
    groups = plan_quads(_field(12), size=6)
    assert [g.name for g in groups] == ["Hex 1", "Hex 2"]
    assert [g.rounds for g in groups] == [5, 5]
    only = plan_quads(_field(3))
    assert [(len(g.players), g.system, g.rounds) for g in only] == [(3, System.ROUND_ROBIN, 3)]
    assert [g.name for g in plan_quads(_field(8), first_number=3)] == ["Quad 3", "Quad 4"]
    with pytest.raises(RuleError, match="at least 2 registered players; the section has 1"):
        plan_quads(_field(1))
    with pytest.raises(RuleError, match="3 to 10 players, not 2"):
        plan_quads(_field(8), size=2)
