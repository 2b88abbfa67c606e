from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter_app.core.errors import InputError, RuleError
from arbiter_app.core.prizes import (
    CENT,
    CentRule,
    Placing,
    PrizeFund,
    SharingPolicy,
    distribute,
    money,
    split_equally,
)

GCT_CLASSICAL = SharingPolicy(winner_fixed=money(10000), article="3.6")
GCT_RAPID = SharingPolicy(winner_fixed=money(5000), article="2.6")


def test_the_prize_example_three_tied_for_first_in_a_classical_event_3_6() -> None:
    """Seed 000_… 3.6: $10,000 to the winner, the rest of places 1-3 shared by all three."""
    fund = PrizeFund.of("100,000", "65,000", "48,000", "40,000")
    placings = [
        Placing(7, 1, 1, (1, 3), by_playoff=True, playoff_winner=True),
        Placing(2, 2, 3, (1, 3)),
        Placing(5, 2, 3, (1, 3)),
        Placing(1, 4, 4, (4, 4)),
    ]
    prizes = distribute(fund, placings, GCT_CLASSICAL)
    assert [a.money for a in prizes.awards] == [
        Decimal("77666.67"),
        Decimal("67666.67"),
        Decimal("67666.66"),
        Decimal("40000.00"),
    ]
    assert sum(a.money for a in prizes.awards[:3]) == Decimal("213000.00")
    assert prizes.unassigned == 0
    assert "remaining cents go one each to the tied players in final order" in prizes.rule
    assert "10000.00 to the play-off winner" in prizes.of(7).explanation
    assert prizes.of(2).place == "2-3"


def test_unassigned_cents_are_reported() -> None:
    fund = PrizeFund.of(100000, 65000, 48000)
    placings = [
        Placing(7, 1, 1, (1, 3), True, True),
        Placing(2, 2, 3, (1, 3)),
        Placing(5, 2, 3, (1, 3)),
    ]
    policy = SharingPolicy(money(10000), cent_rule=CentRule.UNASSIGNED)
    prizes = distribute(fund, placings, policy)
    assert [a.money for a in prizes.awards] == [
        Decimal("77666.66"),
        Decimal("67666.66"),
        Decimal("67666.66"),
    ]
    assert prizes.unassigned == Decimal("0.02")
    assert prizes.total + prizes.unassigned == Decimal("213000.00")
    assert "not assigned" in prizes.rule


def test_rapid_blitz_winner_fixed_amount_2_6() -> None:
    """Seed 000_… 2.6: $5,000 of first prize to the winner, the balance and 2nd prize pooled."""
    fund = PrizeFund.of(40000, 30000, 20000)
    placings = [Placing(3, 1, 1, (1, 2), True, True), Placing(4, 2, 2, (1, 2), True)]
    prizes = distribute(fund, placings, GCT_RAPID)
    assert prizes.of(3).money == Decimal("37500.00")
    assert prizes.of(4).money == Decimal("32500.00")


def test_ties_for_other_places_share_equally_2_8_and_3_8() -> None:
    """Seed 000_… 2.8 / 3.8: a tie for any other place shares the prize money equally."""
    fund = PrizeFund.of(40000, 30000, 20000, 15000)
    placings = [
        Placing(1, 1, 1, (1, 1)),
        Placing(2, 2, 4, (2, 4)),
        Placing(3, 2, 4, (2, 4)),
        Placing(4, 2, 4, (2, 4)),
    ]
    for policy in (GCT_RAPID, GCT_CLASSICAL):
        prizes = distribute(fund, placings, policy)
        assert prizes.of(1).money == Decimal("40000.00")  # outright: no fixed amount involved
        assert {prizes.of(t).money for t in (2, 3, 4)} == {Decimal("21666.67"), Decimal("21666.66")}
        assert prizes.total == Decimal("105000.00")


def test_places_decided_by_the_play_off_keep_their_own_prizes_when_not_shared() -> None:
    fund = PrizeFund.of(1000, 600, 400)
    placings = [
        Placing(4, 1, 1, (1, 3), True, True),
        Placing(8, 2, 2, (1, 3), True),
        Placing(1, 3, 3, (1, 3), True),
    ]
    prizes = distribute(fund, placings, SharingPolicy(pool_original_tie=False))
    assert [a.money for a in prizes.awards] == [money(1000), money(600), money(400)]


def test_bad_standings_and_amounts_are_refused() -> None:
    fund = PrizeFund.of(100, 50)
    with pytest.raises(RuleError, match="held by 1 player, not 2"):
        distribute(fund, [Placing(1, 1, 2, (1, 2))], GCT_RAPID)
    with pytest.raises(RuleError, match="listed twice"):
        distribute(fund, [Placing(1, 1, 1, (1, 1)), Placing(1, 2, 2, (2, 2))], GCT_RAPID)
    with pytest.raises(RuleError, match="exceeds the first prize"):
        distribute(
            fund,
            [Placing(1, 1, 1, (1, 2), True, True), Placing(2, 2, 2, (1, 2), True)],
            GCT_RAPID,
        )
    with pytest.raises(InputError, match="not an amount"):
        money("ten dollars")
    with pytest.raises(InputError, match="whole number of cents"):
        money("1.005")


def test_fund_and_policy_round_trip_through_json() -> None:
    fund = PrizeFund.of(100000, 65000, 48000)
    assert PrizeFund.from_json(fund.to_json()) == fund
    assert fund.to_json()["prizes"] == ["100000.00", "65000.00", "48000.00"]
    assert SharingPolicy.from_json(GCT_CLASSICAL.to_json()) == GCT_CLASSICAL


@given(st.integers(0, 10**9), st.integers(1, 13))
def test_shares_are_exact_to_the_cent_and_add_up(cents: int, sharers: int) -> None:
    amount = Decimal(cents) * CENT
    shares, left = split_equally(amount, sharers)
    assert sum(shares) == amount and left == 0
    assert max(shares) - min(shares) <= CENT
    assert list(shares) == sorted(shares, reverse=True)  # extra cents go first in final order
    kept, rest = split_equally(amount, sharers, CentRule.UNASSIGNED)
    assert sum(kept) + rest == amount and rest < CENT * sharers


def test_a_currency_is_a_three_letter_code() -> None:
    import pytest as _pytest

    from arbiter_app.core.errors import InputError
    from arbiter_app.core.prizes import currency_code

    assert currency_code(" eur ") == "EUR"
    for bad in ("dollars", "US", "€", ""):
        with _pytest.raises(InputError, match="three-letter code"):
            currency_code(bad)


def test_an_amount_too_big_for_any_prize_is_refused() -> None:
    """Found by the fuzz long run: 1e999999 reached Decimal.quantize and raised."""
    from arbiter_app.core.errors import InputError
    from arbiter_app.core.prizes import money

    for value in ("1e999999", 1e300, "1234567890123456"):
        with pytest.raises(InputError, match="is more than any prize: at most 15 digits"):
            money(value)
    assert str(money("123456789012345.67")) == "123456789012345.67"
