"""A place shared in money but ranked by tie-break in the standings is explained as such
(US Chess 32B2: cash is shared; the trophy goes by tie-break)."""

from __future__ import annotations

from arbiter_app.core.category_prizes import RANKED, award_prizes
from arbiter_app.core.prizes import Placing, PrizeFund, SharingPolicy, money

FUND = PrizeFund(tuple(money(a) for a in ("1000", "300", "150", "100", "50")))
# Places 2-5 tied on points; the others alone.
PLACINGS = [
    Placing(1, 1, 1, (1, 1)),
    *(Placing(t, 2, 5, (2, 5)) for t in (2, 3, 4, 5)),
    Placing(6, 6, 6, (6, 6)),
]


def test_a_share_ranked_apart_by_tie_break_says_so() -> None:
    ranked = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}
    prizes = award_prizes(FUND, PLACINGS, SharingPolicy(), ranked=ranked)
    for tpn in (2, 3, 4, 5):
        award = prizes.of(tpn)
        assert award.money == money("150.00")
        assert award.explanation == f"places 2-5 share 600.00: 150.00 each; {RANKED}"
    assert RANKED not in prizes.of(1).explanation


def test_without_the_standings_order_or_when_still_tied_on_tie_breaks_nothing_is_added() -> None:
    plain = award_prizes(FUND, PLACINGS, SharingPolicy())
    assert plain.of(3).explanation == "places 2-5 share 600.00: 150.00 each"
    still_tied = {1: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 6}
    tied = award_prizes(FUND, PLACINGS, SharingPolicy(), ranked=still_tied)
    assert tied.of(3).explanation == "places 2-5 share 600.00: 150.00 each"


def test_places_the_play_off_decided_are_not_called_ranked_by_tie_break() -> None:
    # GCT 2023 2.8: the original tie pools its money; the play-off ranked the players.
    decided = [
        Placing(1, 1, 1, (1, 3), by_playoff=True, playoff_winner=True),
        Placing(2, 2, 2, (1, 3), by_playoff=True),
        Placing(3, 3, 3, (1, 3), by_playoff=True),
    ]
    prizes = award_prizes(FUND, decided, SharingPolicy(), ranked={1: 2, 2: 1, 3: 3})
    assert all(RANKED not in prizes.of(t).explanation for t in (1, 2, 3))
