"""The initial ranking's rule: the tournament rating and the order of equals (FIDE C.02
checklist questions 145-156; FIDE C.04.2 article 2.2)."""

from __future__ import annotations

import pytest

from arbiter_app.core.model import Player
from arbiter_app.core.pairing.numbers import late_entry_place, rating_order
from arbiter_app.core.pairing.ranking import RankingRule, TieOrder, TournamentRating

# FIDE rating, national rating: each method orders these four differently.
FIELD = (
    Player(1, "Ada", rating=2000, national_rating=None),
    Player(2, "Bo", rating=None, national_rating=2100),
    Player(3, "Cy", rating=1900, national_rating=2150),
    Player(4, "Di", rating=2050, national_rating=1800),
)


@pytest.mark.parametrize(
    ("method", "order"),
    [
        (TournamentRating.FIDE, (4, 1, 3, 2)),  # Bo unrated: last
        (TournamentRating.NRO, (3, 2, 4, 1)),  # Ada has no national rating: last
        (TournamentRating.FIDON, (2, 4, 1, 3)),  # Bo by his national 2100: first
        (TournamentRating.NIDOF, (3, 2, 1, 4)),  # Ada by her FIDE 2000
        (TournamentRating.HBFN, (3, 2, 4, 1)),  # the higher: 2150, 2100, 2050, 2000
    ],
)
def test_q145_each_tournament_rating_method_orders_the_list(
    method: TournamentRating, order: tuple[int, ...]
) -> None:
    assert rating_order(FIELD, RankingRule(method)) == order


def test_q145_fidon_falls_back_to_the_national_rating() -> None:
    assert TournamentRating.FIDON.of(FIELD[1]) == 2100
    assert TournamentRating.FIDE.of(FIELD[1]) is None
    assert TournamentRating.NIDOF.of(FIELD[0]) == 2000


EQUALS = (
    Player(1, "Zed", rating=1800, fide_id="500"),
    Player(2, "Amy", rating=1800, fide_id=""),
    Player(3, "Kim", rating=1800, fide_id="40"),
    Player(4, "Lou", rating=1800, title="FM"),
)


def test_q146_equal_players_by_title_then_name_by_default() -> None:
    assert rating_order(EQUALS) == (4, 2, 3, 1)


def test_q146_equal_players_by_fide_id_lowest_first_and_none_last() -> None:
    assert rating_order(EQUALS, RankingRule(ties=TieOrder.FIDE_ID)) == (4, 3, 1, 2)


def test_q146_equal_players_by_lot_repeat_with_the_same_seed() -> None:
    first = rating_order(EQUALS, RankingRule(ties=TieOrder.LOT, seed=7))
    assert first[0] == 4  # the title still comes before the lot
    assert rating_order(EQUALS, RankingRule(ties=TieOrder.LOT, seed=7)) == first
    others = {rating_order(EQUALS, RankingRule(ties=TieOrder.LOT, seed=s)) for s in range(20)}
    assert len(others) > 1  # the seed decides
    with pytest.raises(ValueError, match="needs its seed"):
        RankingRule(ties=TieOrder.LOT)


def test_q146_the_rule_round_trips_through_the_file() -> None:
    rule = RankingRule(TournamentRating.NIDOF, TieOrder.LOT, 12)
    assert RankingRule.from_json(rule.to_json()) == rule
    assert RankingRule.from_json(None) == RankingRule()
    assert RankingRule().text == "rating, title, name"


def test_q156_a_late_entry_is_placed_by_the_same_rule() -> None:
    field = [Player(1, "A", rating=2000, national_rating=None), Player(2, "B", rating=1500)]
    newcomer = Player(3, "C", rating=None, national_rating=1800)
    assert late_entry_place(field, newcomer) == 3  # unrated in FIDE: last
    assert late_entry_place(field, newcomer, RankingRule(TournamentRating.FIDON)) == 2
