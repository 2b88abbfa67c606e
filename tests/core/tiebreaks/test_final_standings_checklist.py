"""Tie-breaks and final standings of FIDE's verification checklist (FIDE C.02, questions
197-216): the seeded drawing of lots, the two methods for unrated opponents."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core.errors import UnknownTieBreak
from arbiter_app.core.model import RuleSet
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.tiebreaks import TieBreakContext, explain, parse_spec
from tests.support.compact import event_from_text

# Four players, every game drawn: points and Buchholz tie all four.
DRAWN = """
1: =W2 =B3
2: =B1 =W4
3: =B4 =W1
4: =W3 =B2
"""


def test_q197_216_lot_before_the_draw_leaves_the_tie() -> None:
    event = event_from_text(DRAWN)
    places = {row.tpn: row.place for row in compute_standings(event, ["BH", "LOT"]).rows}
    assert set(places.values()) == {"1-4"}


def test_q197_216_lot_with_its_seed_breaks_the_tie_the_same_way_every_time() -> None:
    event = event_from_text(DRAWN)
    first = [row.tpn for row in compute_standings(event, ["BH", "LOT/S12345"]).rows]
    again = [row.tpn for row in compute_standings(event, ["BH", "LOT/S12345"]).rows]
    assert first == again
    assert [row.place for row in compute_standings(event, ["BH", "LOT/S12345"]).rows] == [
        "1",
        "2",
        "3",
        "4",
    ]
    orders = {
        tuple(row.tpn for row in compute_standings(event, [f"LOT/S{seed}"]).rows)
        for seed in range(1, 30)
    }
    assert len(orders) > 1  # the seed decides, not the pairing numbers


def test_q197_216_lot_only_orders_players_still_tied() -> None:
    event = event_from_text("1: +W2\n2: -B1\n3: =W4\n4: =B3\n")
    rows = compute_standings(event, ["LOT/S7"]).rows
    assert rows[0].tpn == 1 and rows[-1].tpn == 2  # points first, whatever the lots say
    assert {rows[1].tpn, rows[2].tpn} == {3, 4}


def test_q197_216_lot_takes_only_its_seed() -> None:
    assert parse_spec("LOT/S99").parameter == 99
    with pytest.raises(UnknownTieBreak):
        parse_spec("LOT/C1")


def test_q197_216_two_methods_for_unrated_opponents() -> None:
    """FIDE C.07 (2023) article 10: a game against an unrated opponent is not counted (the
    default), or the opponent gets the rating the regulations give (``/U<rating>``)."""
    event = event_from_text(
        "1: +W2 =B3 -W4\n2: -B1 +W4 =B3\n3: +B4 =W1 =W2\n4: -W3 -B2 +B1\n",
        ratings={1: 2000, 2: 1800, 3: None, 4: 1600},
    )
    ctx = TieBreakContext(event)
    assert explain(ctx, parse_spec("ARO"), 1).value == 1700  # 2 and 4 only
    assert explain(ctx, parse_spec("ARO/U1000"), 1).value == 1467  # 3 counts as 1000


def test_q197_216_ext_ranks_by_the_arbiters_values() -> None:
    event = replace(event_from_text(DRAWN), external_values={3: Fraction(2), 1: Fraction(1)})
    assert [row.tpn for row in compute_standings(event, ["BH", "EXT"]).rows][:2] == [3, 1]
    rows = compute_standings(event, ["EXT/R"]).rows
    assert rows[-1].tpn == 3  # /R: the lowest value first


def test_q197_216_ratings_per_round_and_the_choice_of_rating() -> None:
    """An event over 30 days: 2's rating changed after round 1. ARO counts 2 with the rating
    kept with the round-1 board (his first, C.07 article 10's default; here also the rating
    of that round, /P); ARO/E the registered."""
    base = event_from_text(
        "1: +W2 =B3\n2: -B1 +W3\n3: =W1 -B2\n", ratings={1: 2000, 2: 1800, 3: 1600}
    )
    entries = dict(base.entries)
    first, second = entries[1]
    entries[1] = (replace(first, opponent_rating=1700), replace(second, opponent_rating=1600))
    event = replace(base, entries=entries)
    ctx = TieBreakContext(event)
    assert explain(ctx, parse_spec("ARO"), 1).value == 1650  # (1700 + 1600) / 2
    assert explain(ctx, parse_spec("ARO/P"), 1).value == 1650
    assert explain(ctx, parse_spec("ARO/E"), 1).value == 1700  # (1800 + 1600) / 2
    assert parse_spec("TPR/E").options == frozenset({"E"})


# Round 1: 1-2 and 3-4; round 2: 1-3 and 2-4. 3's rating was 1600 in round 1, 1650 in
# round 2 (a new list came out in between), and he is registered with 1700 now.
CHANGING = """
1: +W2 +B3
2: -B1 =W4
3: =W4 -W1
4: =B3 =B2
"""


def _changing() -> TieBreakContext:
    base = event_from_text(CHANGING, ratings={1: 2000, 2: 1800, 3: 1700, 4: 1500})
    entries = {tpn: list(rows) for tpn, rows in base.entries.items()}
    kept = {(1, 0): 1800, (2, 0): 2000, (3, 0): 1500, (4, 0): 1600,
            (1, 1): 1650, (3, 1): 2000, (2, 1): 1500, (4, 1): 1800}  # fmt: skip
    for (tpn, r), rating in kept.items():
        entries[tpn][r] = replace(entries[tpn][r], opponent_rating=rating)
    return TieBreakContext(replace(base, entries={t: tuple(e) for t, e in entries.items()}))


def test_q215_rating_tiebreaks_count_the_first_rating_by_default() -> None:
    """FIDE C.07 article 10 (FIDE C.02 Q215): unless the event says otherwise, a rating
    tie-break counts each opponent's first rating in the event: 3 counts 1600 for 1, though
    1 met him in round 2, when he was 1650."""
    ctx = _changing()
    assert explain(ctx, parse_spec("ARO"), 1).value == 1700  # (1800 + 1600) / 2
    assert explain(ctx, parse_spec("ARO"), 4).value == 1700  # (1600 + 1800) / 2


def test_q214_q216_each_rounds_rating_or_the_registered_one_when_chosen() -> None:
    """/P counts the rating of the round played (Q214), /E the one registered now (Q216)."""
    ctx = _changing()
    assert explain(ctx, parse_spec("ARO/P"), 1).value == 1725  # (1800 + 1650) / 2, half up
    assert explain(ctx, parse_spec("ARO/E"), 1).value == 1750  # (1800 + 1700) / 2
    first, each = (
        explain(ctx, parse_spec("TPR"), 1).value,
        explain(ctx, parse_spec("TPR/P"), 1).value,
    )
    assert first < each  # two wins: the performance follows the ratings counted
    assert parse_spec("APRO/P").options == frozenset({"P"})


def test_the_online_swiss_rules_count_the_rating_at_the_start_of_each_round() -> None:
    """Their rule set keeps "AROC 1 with ratings at the start of each round" (the preset)."""
    ctx = _changing()
    online = TieBreakContext(ctx.event, RuleSet.ONLINE_SWISS)
    assert explain(online, parse_spec("ARO"), 1).value == 1725
    assert explain(online, parse_spec("ARO/E"), 1).value == 1750
