"""Amounts of byes, forfeits and unusual results: a count or a percentage, optionally per round."""

from __future__ import annotations

import pytest

from arbiter_app.core.generator.quotas import QuotaError, parse_quota


def test_a_count_a_share_and_a_round_of_its_own() -> None:
    quota = parse_quota("5%,r3:2,r9:0")
    assert quota.count(1, 40) == 2  # 5 % of 40
    assert quota.count(3, 40) == 2
    assert quota.count(9, 40) == 0
    assert parse_quota("3").count(4, 100) == 3
    assert parse_quota("3").count(4, 2) == 2  # never more than there are
    assert parse_quota("r2:10%").count(2, 25) == 3  # 2.5 rounds half up
    assert parse_quota("r2:10%").count(1, 25) == 0
    assert str(parse_quota("2.5%,r4:1")) == "2.5%,r4:1"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("five", "not a count"),
        ("1.5", "whole number"),
        ("120%", "at most 100%"),
        ("3,4", "every-round amount twice"),
        ("r2:1,r2:3", "round 2 twice"),
        ("r0:1", "numbered from 1"),
        ("3,", "empty"),
    ],
)
def test_bad_amounts_are_refused_with_the_option_named(text: str, says: str) -> None:
    with pytest.raises(QuotaError, match=says) as caught:
        parse_quota(text, "--half-byes")
    assert "--half-byes" in str(caught.value)
