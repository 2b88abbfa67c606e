"""Prizes by category: who is eligible, the one-prize rule and its alternatives, ties, cents."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_app.core.category_prizes import (
    AwardRule,
    Category,
    award_prizes,
    birth_year,
    ordinal,
    parse_category,
    parse_condition,
)
from arbiter_app.core.errors import InputError, RuleError
from arbiter_app.core.model import Player
from arbiter_app.core.prizes import CENT, Placing, PrizeFund, SharingPolicy, distribute, money

D = Decimal


def placings(*ranges: tuple[int, int]) -> list[Placing]:
    """Players 1, 2, … on the place ranges given, in final order."""
    return [Placing(tpn, a, b, (a, b)) for tpn, (a, b) in enumerate(ranges, start=1)]


def players(**ratings: int | None) -> dict[int, Player]:
    return {int(k[1:]): Player(int(k[1:]), f"Player {k}", rating) for k, rating in ratings.items()}


def paid(result, tpn: int) -> Decimal:  # type: ignore[no-untyped-def]
    return sum((a.money for a in result.awards_of(tpn)), D("0.00"))


def test_conditions() -> None:
    ann = Player(1, "Ann", 1750, sex="w", birth="2010/03/04", club="Riverside", federation="NOR")
    ben = Player(2, "Ben", None, sex="m", birth="", club="Lakeside", federation="SWE")
    ced = Player(3, "Ced", 1800, sex="m", birth="1958")
    cases = {
        "rating<1800": (True, False, False),
        "rating<=1800": (True, False, True),
        "1600<=rating<1800": (True, False, False),
        "unrated": (False, True, False),
        "unrated or rating<1800": (True, True, False),
        "age<18": (True, False, False),  # 2026 - 2010 = 16; Ben has no year of birth
        "age>=65": (False, False, True),  # 2026 - 1958 = 68
        "sex=f": (True, False, False),
        "sex=m and rating>=1800": (False, False, True),
        "club=riverside": (True, False, False),
        "fed=swe": (False, True, False),
    }
    for text, expected in cases.items():
        condition = parse_condition(text)
        assert tuple(condition.holds(p, 2026) for p in (ann, ben, ced)) == expected, text
    assert parse_condition("sex=f and age<20").text() == "sex=w and age<20"
    assert birth_year(Player(1, "X", birth="17.05.1990")) == 1990
    for bad, why in (
        ("rating", "needs a comparison"),
        ("rating<abc", "whole number"),
        ("sex=x", "sex is m or w"),
        ("fed=NORWAY", "three-letter code"),
        ("height>2", "is not a condition"),
        ("unrated<5", "stands alone"),
        ("1600<=sex=m", "a band is written"),
    ):
        with pytest.raises(ValueError, match=why):
            parse_condition(bad)


def test_categories_as_written() -> None:
    category = parse_category("U1800: rating<1800: 200, 100")
    assert category == Category("U1800", parse_condition("rating<1800"), (D("200.00"), D("100.00")))
    assert category.text() == "U1800: rating<1800: 200.00,100.00"
    assert Category.from_json(category.to_json()) == category
    for bad, why in (
        ("U1800 rating<1800 200", "NAME: CONDITION: PRIZES"),
        (": rating<1800: 200", "needs a name"),
        ("U1800: rating<1800:", "at least one prize"),
        ("U1800: rating<1800: 100,200", "prize 2 \\(200.00\\) is larger than prize 1"),
        ("U1800: rating<1800: 1.234", "whole number of cents"),
        ("U1800: height<2: 100", "is not a condition"),
    ):
        with pytest.raises(InputError, match=why):
            parse_category(bad)
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
    ]  # fmt: skip


FUND = PrizeFund.of(500, 300, 100)
U1800 = parse_category("U1800: rating<1800: 200,80")
FIVE = placings((1, 1), (2, 2), (3, 3), (4, 4), (5, 5))
RATED = players(p1=2300, p2=2200, p3=1750, p4=2000, p5=1700)


def test_each_player_receives_the_single_prize_worth_most_us_chess_32b() -> None:
    """Player 3 is third (100) and the best under 1800 (200): the category prize is worth
    more, so the third prize goes down to player 4 and U1800's second prize to player 5."""
    result = award_prizes(FUND, FIVE, SharingPolicy(), [U1800], RATED)
    assert [paid(result, t) for t in range(1, 6)] == [D("500.00"), D("300.00"), D("200.00"),
                                                      D("100.00"), D("80.00")]  # fmt: skip
    assert result.of(3).prize == "U1800 1st" and result.of(4).prize == "3rd place"
    assert "passed down" in result.of(4).explanation
    assert result.of(5).prize == "U1800 2nd"
    assert "32B1 and 32B3" in result.award_rule


def test_of_two_equal_prizes_the_place_prize_goes_first() -> None:
    category = parse_category("U1800: rating<1800: 100")
    result = award_prizes(FUND, FIVE, SharingPolicy(), [category], RATED)
    assert result.of(3).prize == "3rd place" and result.of(5).prize == "U1800 1st"


def test_place_prizes_first_is_selectable() -> None:
    result = award_prizes(FUND, FIVE, SharingPolicy(), [U1800], RATED, rule=AwardRule.PLACE_FIRST)
    assert result.of(3).prize == "3rd place" and paid(result, 3) == D("100.00")
    assert result.of(5).prize == "U1800 1st" and paid(result, 5) == D("200.00")
    assert paid(result, 4) == 0


def test_one_prize_per_player_not_enforced_is_selectable() -> None:
    result = award_prizes(FUND, FIVE, SharingPolicy(), [U1800], RATED, rule=AwardRule.ALL_PRIZES)
    assert [a.prize for a in result.awards_of(3)] == ["3rd place", "U1800 1st"]
    assert paid(result, 3) == D("300.00") and result.of(3).prize == "3rd place; U1800 1st"
    assert paid(result, 5) == D("80.00") and paid(result, 4) == 0
    assert "several prizes" in result.award_rule


def test_a_tie_in_a_category_shares_its_prizes_to_the_cent() -> None:
    """Players 4 and 5 are tied on points (places 4-5) and both under 1800: they share the
    category's first and second prizes equally (US Chess 32B2), 200 + 100.01 = 300.01."""
    category = parse_category("U1800: rating<1800: 200,100.01")
    tied = placings((1, 1), (2, 2), (3, 3), (4, 5), (4, 5))
    rated = players(p1=2300, p2=2200, p3=2100, p4=1750, p5=1700)
    result = award_prizes(FUND, tied, SharingPolicy(), [category], rated)
    assert (paid(result, 4), paid(result, 5)) == (D("150.01"), D("150.00"))
    assert result.of(4).prize == "U1800 1st-2nd"
    assert "equal share of U1800 prizes 1-2 (300.01)" in result.of(5).explanation
    assert result.total == D("500") + D("300") + D("100") + D("300.01")


def test_a_tied_player_who_gets_more_from_a_category_leaves_the_tie_32b3() -> None:
    """A and B tie for 1st-2nd (1000 + 500: 750 each); B alone is under 2000 (800). B takes
    the category prize; A, alone in the tie now, takes the first prize, C the second."""
    fund = PrizeFund.of(1000, 500)
    tied = placings((1, 2), (1, 2), (3, 3))
    result = award_prizes(
        fund,
        tied,
        SharingPolicy(),
        [parse_category("U2000: rating<2000: 800")],
        players(p1=2400, p2=1950, p3=2100),
    )
    assert [paid(result, t) for t in (1, 2, 3)] == [D("1000.00"), D("800.00"), D("500.00")]


def test_without_categories_the_place_prizes_are_shared_as_before() -> None:
    tied = placings((1, 3), (1, 3), (1, 3), (4, 4))
    fund = PrizeFund.of("100,000", "65,000", "48,001", "30,000")
    result = award_prizes(fund, tied, SharingPolicy())
    assert [a.money for a in result.awards] == [D("71000.34"), D("71000.33"), D("71000.33"),
                                                D("30000.00")]  # fmt: skip
    assert result == distribute(fund, tied, SharingPolicy())
    assert result.award_rule == ""  # no rule to print without categories


def test_the_play_off_winners_fixed_amount_comes_first_with_categories_too() -> None:
    fund = PrizeFund.of(100000, 65000, 48000, 40000)
    final = [
        Placing(7, 1, 1, (1, 3), by_playoff=True, playoff_winner=True),
        Placing(2, 2, 3, (1, 3)),
        Placing(5, 2, 3, (1, 3)),
        Placing(1, 4, 4, (4, 4)),
    ]
    rated = {t: Player(t, str(t), r) for t, r in ((7, 2700), (2, 2650), (5, 2600), (1, 2000))}
    policy = SharingPolicy(winner_fixed=money(10000))
    result = award_prizes(
        fund, final, policy, [parse_category("Senior: age>=65: 500")], rated, 2026
    )
    assert [paid(result, t) for t in (7, 2, 5, 1)] == [D("77666.67"), D("67666.67"),
                                                       D("67666.66"), D("40000.00")]  # fmt: skip


def test_age_categories_need_the_events_year() -> None:
    with pytest.raises(RuleError, match="start date"):
        award_prizes(FUND, FIVE, SharingPolicy(), [parse_category("Junior: age<20: 50")], RATED)


def test_places_without_a_prize_are_passed_over() -> None:
    """Second place carries nothing; the third prize goes down past player 3 (U1800) to 4."""
    fund = PrizeFund.of(100, 0, 50)
    result = award_prizes(fund, FIVE, SharingPolicy(), [U1800], RATED)
    assert [paid(result, t) for t in range(1, 6)] == [D("100.00"), D("0.00"), D("200.00"),
                                                      D("50.00"), D("80.00")]  # fmt: skip


@st.composite
def events(draw: st.DrawFn) -> tuple[list[Placing], dict[int, Player], list[Category]]:
    count = draw(st.integers(2, 12))
    sizes: list[int] = []
    while sum(sizes) < count:
        sizes.append(draw(st.integers(1, count - sum(sizes))))
    final: list[Placing] = []
    place = 1
    for size in sizes:
        for _ in range(size):
            final.append(
                Placing(len(final) + 1, place, place + size - 1, (place, place + size - 1))
            )
        place += size
    ratings = draw(
        st.lists(st.one_of(st.none(), st.integers(1000, 2500)), min_size=count, max_size=count)
    )
    roster = {
        p.tpn: Player(p.tpn, str(p.tpn), r, sex=draw(st.sampled_from("mw")))
        for p, r in zip(final, ratings, strict=True)
    }
    amounts = st.lists(st.decimals(0, 500, places=2), min_size=1, max_size=4).map(
        lambda xs: sorted(xs, reverse=True)
    )
    categories = [
        Category("U1800", parse_condition("rating<1800"), tuple(draw(amounts))),
        Category("Women", parse_condition("sex=w"), tuple(draw(amounts))),
        Category("Unrated", parse_condition("unrated"), tuple(draw(amounts))),
    ]
    return final, roster, categories


@settings(max_examples=150, deadline=None)
@given(
    events(),
    st.sampled_from(list(AwardRule)),
    st.lists(st.decimals(0, 900, places=2), min_size=1, max_size=5),
)
def test_every_cent_is_accounted_for_and_one_prize_each(
    event: tuple[list[Placing], dict[int, Player], list[Category]],
    rule: AwardRule,
    amounts: list[Decimal],
) -> None:
    final, roster, categories = event
    fund = PrizeFund(tuple(sorted(amounts, reverse=True)))
    result = award_prizes(fund, final, SharingPolicy(), categories, roster, rule=rule)
    everything = sum(fund.prizes, D(0)) + sum((sum(c.prizes, D(0)) for c in categories), D(0))
    assert all(a.money == a.money.quantize(CENT) and a.money >= 0 for a in result.awards)
    assert result.total + result.unassigned <= everything
    if rule is not AwardRule.ALL_PRIZES:
        assert all(len([a for a in result.awards_of(p.tpn) if a.money]) <= 1 for p in final)
    # Nobody eligible who received nothing could have had a category prize left unpaid.
    for category in categories:
        given_out = [a for a in result.awards if a.prize.startswith(category.name + " ")]
        eligible = [p for p in final if category.condition.holds(roster[p.tpn], None)]
        if rule is AwardRule.ALL_PRIZES and eligible and category.prizes[0] > 0:
            assert given_out
