"""GCT 2023 overall standings play-off, seed 000_… section 4 (articles 4.1-4.12)."""

from dataclasses import replace
from datetime import datetime
from decimal import Decimal

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.lots import physical_draw
from arbiter_app.core.playoff import (
    Decide,
    DrawLots,
    PlayoffState,
    Printed,
    Ruling,
    Start,
    Step,
    Tie,
    next_step,
    preset,
)
from arbiter_app.core.playoff.results import final_placings, prize_table
from arbiter_app.core.prizes import Placing, PrizeFund
from arbiter_app.core.tour import GCT_2023_POINTS, event_points, ties, tour_standings
from tests.support.playoff import draws, drive, stronger_first

TOUR = preset("gct-2023-tour")


def begin(*ties: Tie) -> PlayoffState:
    return PlayoffState(TOUR, ties).apply(Start(None))


def round_robins(trace: list[Step]) -> list[tuple[str, tuple[str, ...]]]:
    """(article, clocks) of every print step: one per round robin printed."""
    return [
        (s.article, tuple(sorted({g.time_control for g in s.games})))
        for s in trace
        if s.code == "print"
    ]


def test_4_1_ties_for_first_and_for_third_are_both_broken() -> None:
    """4.1: a tie for either or both of first and third place is broken by play-off(s)."""
    state = begin(Tie(1, (1, 2)), Tie(3, (3, 4, 5)))
    step = next_step(state)
    assert step.code == "draw-lots" and step.players == (1, 2) and step.article == "4.7"
    state = state.apply(DrawLots(physical_draw("lots", (1, 2), (2, 1))))
    step = next_step(state)
    assert step.code == "draw-lots" and step.players == (3, 4, 5)


def test_4_2_ties_for_other_places_are_not_broken_and_the_bonus_is_split() -> None:
    """4.2: other ties stay; the bonus is split equally between the tied players."""
    state = begin(Tie(4, (6, 7)), Tie(6, (8, 9, 10)))
    assert next_step(state).code == "done"
    assert [(g.place, g.by_playoff) for g in state.final_groups()] == [(4, False), (6, False)]
    assert any(e.article == "4.2" for e in state.log)
    standings = [(1, 1, 1), (2, 2, 2), (3, 3, 3), (6, 4, 5), (7, 4, 5)]
    standings += [(8, 6, 8), (9, 6, 8), (10, 6, 8)]
    placings = final_placings(state, standings)
    bonus = PrizeFund.of(100000, 50000, 30000, 15000, 10000)
    rows, _ = prize_table(TOUR, placings, {}, bonus)
    assert [r.money for r in rows[3:5]] == [Decimal("12500.00")] * 2
    assert [r.place for r in rows[5:]] == ["6-8"] * 3 and rows[5].money == 0


def test_4_2_the_play_off_does_not_change_the_bonus() -> None:
    """4.2: "The playoff(s) shall not affect the distribution of the GCT Bonus payment"."""
    state = drive(begin(Tie(1, (1, 2))), stronger_first([2]))
    placings = final_placings(state, [(1, 1, 2), (2, 1, 2), (3, 3, 3)])
    assert [(p.tpn, p.place_text) for p in placings] == [(2, "1"), (1, "2"), (3, "3")]
    rows, _ = prize_table(TOUR, placings, {}, PrizeFund.of(100000, 50000, 30000))
    assert [r.money for r in rows] == [Decimal("75000.00")] * 2 + [Decimal("30000.00")]


def test_4_2_after_the_winner_a_tie_for_places_2_3_stays_tied() -> None:
    """4.2: "Ties for any other places, including second place, shall not be broken": once
    the winner is found, the two left share places 2-3 (a tie for second place)."""
    state = drive(begin(Tie(1, (1, 2, 3))), stronger_first([1]))
    assert next_step(state).code == "done"
    assert [g.players for g in state.final_groups()] == [(1,), (2, 3)]
    assert any(
        e.article == "4.2" and "is a tie for place 2, which is not broken" in e.text
        for e in state.log
    )


def test_a_regulation_that_leaves_it_open_asks_the_arbiter_and_keeps_the_ruling() -> None:
    """A regulation naming an ambiguity article (here the tour's, read the other way) makes
    the engine ask whether a tie reaching a decided place is broken."""
    asking = replace(TOUR, ambiguity_article="4.2 vs 4.3/4.5")
    state = drive(
        PlayoffState(asking, (Tie(1, (1, 2, 3)),)).apply(Start(None)), stronger_first([1])
    )
    step = next_step(state)
    assert step.code == "resolve-ambiguity" and step.article == "4.2 vs 4.3/4.5"
    assert step.players == (2, 3) and "places 2-3" in step.text
    with pytest.raises(RuleError, match="needs its reason"):
        state.apply(Ruling((2, 3), True, " "))
    with pytest.raises(RuleError, match="no ruling is asked about players"):
        state.apply(Ruling((1, 2), True, "x"))
    kept = state.apply(Ruling((2, 3), False, "4.2: second place is never broken"))
    assert next_step(kept).code == "done"
    assert [g.players for g in kept.final_groups()] == [(1,), (2, 3)]
    broken = state.apply(Ruling((2, 3), True, "4.3: the first three places are decided"))
    step = next_step(broken)
    # Not the same players as the first round robin: a fresh draw (4.9).
    assert step.code == "draw-lots" and step.article == "4.9" and step.players == (2, 3)
    broken = drive(broken, stronger_first([3]))
    assert [g.players for g in broken.final_groups()] == [(1,), (3,), (2,)]
    assert any("arbiter's ruling" in e.text for e in broken.log)


def test_4_4_the_play_off_is_held_on_the_reserve_day() -> None:
    """4.4: on the day immediately following the end of the last scheduled round."""
    end = datetime(2023, 9, 2, 19, 30)
    state = PlayoffState(TOUR, (Tie(1, (1, 2)),), last_game_end=end)
    step = next_step(state)
    assert step.code == "start" and step.article == "4.4"
    assert step.earliest_start == datetime(2023, 9, 3) and "on 2023-09-03" in step.text
    with pytest.raises(RuleError, match=r"article 4\.4: .*day after the last round"):
        state.apply(Start(datetime(2023, 9, 2, 20, 0)))
    assert next_step(state.apply(Start(datetime(2023, 9, 3, 13, 0)))).code == "draw-lots"


def test_4_5_simultaneous_ties_for_1st_and_3rd_that_split_into_separate_ties_later() -> None:
    """4.5 (with 4.1): separate ties are handled separately at every stage."""

    def referee(game):
        # Tie for first (1-4): 1 and 2 beat 3 and 4 and draw together; 3-4 draw.
        # Tie for third (5, 6, 7): everything drawn.
        top = {1, 2}
        if game.white in top and game.black not in top and game.black < 5:
            return "1-0"
        if game.black in top and game.white not in top and game.white < 5:
            return "0-1"
        return "1/2-1/2"

    trace: list[Step] = []
    # Places 1-4 and 5-7: only the tie at 1 is for a decided place; 5-7 is not (4.2).
    state = drive(
        begin(Tie(1, (1, 2, 3, 4)), Tie(5, (5, 6, 7))),
        referee,
        stop=("done", "decide", "resolve-ambiguity"),
        trace=trace,
    )
    assert [g.players for g in state.final_groups() if g.place == 5] == [(5, 6, 7)]
    # After round robin 1: 1-2 tied for first and 3-4 tied for third: two separate ties.
    log = [e.text for e in state.log]
    assert any("round robin 1 of the tie for places 1-4" in t for t in log)
    draws_after = [s for s in trace if s.code == "draw-lots"]
    assert [s.players for s in draws_after[:3]] == [(1, 2, 3, 4), (1, 2), (3, 4)]
    assert {s.article for s in draws_after[1:3]} == {"4.9"}
    # Both separate ties play their mini-matches in the same play step (4.6).
    plays = [s for s in trace if s.code == "play"]
    both = [
        s for s in plays if {g.white for g in s.games} | {g.black for g in s.games} == {1, 2, 3, 4}
    ]
    assert both and all(len(s.games) == 2 for s in both)


def test_4_6_two_players_always_play_a_double_round_robin() -> None:
    """4.6: only two players in a remaining tie: a two-game mini-match at the stage's clock."""
    trace: list[Step] = []
    drive(begin(Tie(1, (1, 2))), stronger_first([1]), trace=trace)
    printed = [s for s in trace if s.code == "print"]
    assert len(printed) == 1 and len(printed[0].games) == 2
    assert {(g.white, g.black) for g in printed[0].games} in ({(1, 2), (2, 1)},)
    assert [s.article for s in trace if s.code == "play"] == ["4.6", "4.6"]


def test_4_7_first_a_rapid_round_robin_g15_10_with_pairing_numbers_by_lot() -> None:
    """4.7: a rapid round robin, pairing numbers by lot, game in 15 minutes + 10 s from move 1."""
    trace: list[Step] = []
    drive(begin(Tie(1, (1, 2, 3))), stronger_first([2]), trace=trace)
    assert trace[0].code == "draw-lots" and trace[0].article == "4.7"
    assert round_robins(trace) == [("4.7", ("G/15+10",))]
    assert {s.article for s in trace if s.code == "play"} == {"4.7"}


def test_4_8_still_tied_a_further_rapid_round_robin() -> None:
    """4.8: still tied after the rapid round robin: another rapid round robin, same clock."""
    trace: list[Step] = []
    state = drive(begin(Tie(1, (1, 2, 3))), draws(), stop=("done", "decide"), trace=trace)
    clocks = round_robins(trace)
    assert clocks[:2] == [("4.7", ("G/15+10",)), ("4.8", ("G/15+10",))]
    assert next_step(state).code == "decide"


def test_4_9_the_same_players_play_the_second_round_robin_with_colours_reversed() -> None:
    """4.9: the same players as in the first round robin: colours reversed, no new draw."""
    trace: list[Step] = []
    drive(begin(Tie(1, (1, 2, 3))), draws(), stop=("done", "decide"), trace=trace)
    prints = [s for s in trace if s.code == "print"]
    first = [(g.white, g.black) for g in prints[0].games]
    second = [(g.white, g.black) for g in prints[1].games]
    assert second == [(b, w) for w, b in first]
    between = trace[trace.index(prints[0]) : trace.index(prints[1])]
    assert not any(s.code == "draw-lots" for s in between)


def test_4_9_fewer_players_in_the_second_round_robin_get_a_fresh_draw() -> None:
    """4.9: "Otherwise, there shall be a fresh draw for colors"."""

    def referee(game):
        # 1 and 2 beat 3 and draw together: the remaining tie (1, 2) is smaller.
        if 3 in (game.white, game.black):
            return "0-1" if game.white == 3 else "1-0"
        return "1/2-1/2"

    trace: list[Step] = []
    drive(begin(Tie(1, (1, 2, 3))), referee, stop=("print",))
    state = drive(begin(Tie(1, (1, 2, 3))), referee, stop=("done", "decide"), trace=trace)
    fresh = [s for s in trace if s.code == "draw-lots"]
    assert [s.players for s in fresh][:2] == [(1, 2, 3), (1, 2)]
    assert fresh[1].article == "4.9" and "fresh draw" in fresh[1].text
    assert next_step(state).code in ("done", "decide")


def test_4_10_after_two_rapid_round_robins_a_blitz_round_robin_g5_2() -> None:
    """4.10: then a blitz round robin, game in 5 minutes + 2 s from move 1."""
    trace: list[Step] = []
    drive(begin(Tie(1, (1, 2))), draws(), stop=("done", "decide"), trace=trace)
    assert [c for _, c in round_robins(trace)][2] == ("G/5+2",)
    assert round_robins(trace)[2][0] == "4.10"


def test_4_11_further_blitz_round_robins_and_the_odd_number_rule() -> None:
    """4.11: further blitz round robins; reversed colours only after an odd number of them."""
    trace: list[Step] = []
    drive(begin(Tie(1, (1, 2))), draws(), stop=("done", "decide"), trace=trace)
    rrs = round_robins(trace)
    assert [a for a, _ in rrs] == ["4.7", "4.8", "4.10", "4.10"]
    # Draws of lots: before RR 1, and before RR 3 (after two round robins, an even number).
    lots = [s for s in trace if s.code == "draw-lots"]
    assert len(lots) == 2 and lots[1].article == "4.11"
    prints = [s for s in trace if s.code == "print"]
    third = [(g.white, g.black) for g in prints[2].games]
    fourth = [(g.white, g.black) for g in prints[3].games]
    assert fourth == [(b, w) for w, b in third]  # after three (odd): reversed


def test_4_12_after_four_round_robins_the_chief_arbiter_decides_by_other_means() -> None:
    """4.12: unresolved after four round robins: resolved by other means, reason recorded."""
    state = drive(begin(Tie(1, (1, 2))), draws())
    step = next_step(state)
    assert step.code == "decide" and step.article == "4.12" and step.players == (1, 2)
    assert "after 4 round robins" in step.text
    with pytest.raises(RuleError, match=r"article 4\.12: .*needs its reason"):
        state.apply(Decide((2, 1), ""))
    with pytest.raises(RuleError, match="no decision is due"):
        state.apply(Decide((2, 3), "lot"))
    done = state.apply(Decide((2, 1), "drawing of lots after consulting the players"))
    assert next_step(done).code == "done"
    assert [g.players for g in done.final_groups()] == [(2,), (1,)]
    assert done.log[-2].article == "4.12" and "drawing of lots" in done.log[-2].text


def test_printing_is_asked_before_play() -> None:
    state = begin(Tie(1, (1, 2))).apply(DrawLots(physical_draw("lots", (1, 2), (1, 2))))
    assert next_step(state).code == "print"
    assert next_step(state.apply(Printed())).code == "play"


def test_4_5_ties_for_1st_and_3rd_at_once_the_3rd_splitting_later() -> None:
    """4.5 with 4.9: the tie for 3rd splits; each remaining tie follows the rules on its own."""

    def referee(game):
        # Tie for 1st (1, 2): drawn. Tie for 3rd: 3 and 4 beat 5 and 6, all else drawn.
        strong, weak = {3, 4}, {5, 6}
        if game.white in strong and game.black in weak:
            return "1-0"
        if game.black in strong and game.white in weak:
            return "0-1"
        return "1/2-1/2"

    trace: list[Step] = []
    state = begin(Tie(1, (1, 2)), Tie(3, (3, 4, 5, 6)))
    state = drive(state, referee, stop=("done", "decide"), trace=trace)
    # Round robin 1 of the tie for 3rd leaves 3-4 tied for 3rd and 5-6 tied for 5th (4.2).
    assert any(g.players == (5, 6) and g.place == 5 for g in state.final_groups())
    second = [s for s in trace if s.code == "draw-lots"][2:]
    # The tie for 1st plays its second round robin reversed (same players, 4.9): no draw;
    # the tie for 3rd has fewer players: a fresh draw (4.9).
    assert second[0].players == (3, 4) and second[0].article == "4.9"
    reversed_note = [e for e in state.log if "same players, colours reversed" in e.text]
    assert reversed_note and "places 1-2" in reversed_note[0].text
    assert next_step(state).code == "decide"


def test_4_2_an_initial_tie_for_places_2_3_stays_tied() -> None:
    """4.2: a tie for second place is not broken, even when it reaches third place; a tie
    for third (3-4) is (4.1)."""
    state = begin(Tie(2, (4, 5)))
    assert next_step(state).code == "done"
    (group,) = state.final_groups()
    assert (group.place, group.players, group.by_playoff) == (2, (4, 5), False)
    third = begin(Tie(3, (4, 5)))
    assert next_step(third).code == "draw-lots" and next_step(third).players == (4, 5)


def test_tour_standings_feed_the_overall_play_off() -> None:
    """4.1: ties in the tour totals for 1st and 3rd go to the play-off; 4.2: others stay."""

    def outright(order):
        return [Placing(t, i + 1, i + 1, (i + 1, i + 1)) for i, t in enumerate(order)]

    events = [
        event_points(outright([1, 2, 3, 4, 5, 6]), GCT_2023_POINTS),
        event_points(outright([2, 1, 4, 3, 6, 5]), GCT_2023_POINTS),
    ]
    rows = tour_standings(events)
    found = ties(rows)
    assert found == [(1, (1, 2)), (3, (3, 4)), (5, (5, 6))]
    state = begin(*(Tie(p, players) for p, players in found))
    assert [s.players for s in [next_step(state)]] == [(1, 2)]
    final = {g.place: g.by_playoff for g in state.final_groups()}
    assert final[5] is False


def test_a_place_decided_below_a_tie_still_played_waits_for_the_places_above() -> None:
    """A tie for 1-3: the round robin leaves one player third and two still tied for 1-2
    (4.8). The standings show 1-3 still to be played until first place is decided, then
    the whole order; the protocol knows the third place all along."""
    from arbiter_app.core.lots import seeded_draw
    from arbiter_app.core.playoff.results import decided_order

    def referee(game):  # type: ignore[no-untyped-def]
        # 2 and 3 beat 1 and draw with each other.
        if 1 in (game.white, game.black):
            return "0-1" if game.white == 1 else "1-0"
        return "1/2-1/2"

    state = begin(Tie(1, (1, 2, 3)))
    step = next_step(state)
    state = state.apply(DrawLots(seeded_draw(step.text, step.players, 7)))
    state = drive(state, referee, stop=("draw-lots",))  # the first round robin is played
    groups = {tuple(sorted(g.players)): (g.place, g.last_place) for g in state.final_groups()}
    assert groups == {(2, 3): (1, 2), (1,): (3, 3)}
    assert decided_order(state) == ()
    done = drive(state, stronger_first([2]))
    assert decided_order(done) == (2, 3, 1)
