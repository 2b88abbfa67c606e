"""GCT 2023 event play-offs, seed 000_… sections 2 (rapid & blitz) and 3 (classical).

Every test names the article it checks; most run for both sections, whose
articles 2.x and 3.x say the same with different clocks and amounts.
"""

from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.lots import physical_draw, physical_toss, seeded_draw, seeded_toss
from arbiter_app.core.model import Colour
from arbiter_app.core.playoff import (
    Choose,
    DrawLots,
    PlayoffState,
    Printed,
    Result,
    Start,
    Tie,
    Toss,
    next_step,
    preset,
)
from arbiter_app.core.playoff.results import decided_order, final_placings, prize_table
from arbiter_app.core.prizes import PrizeFund
from tests.support.playoff import draws, drive, stronger_first

RAPID = preset("gct-2023-rapid-blitz")
CLASSICAL = preset("gct-2023-classical")
BOTH = pytest.mark.parametrize(("reg", "a"), [(RAPID, "2"), (CLASSICAL, "3")], ids=["2", "3"])


def begin(reg, *ties: Tie, end: datetime | None = None) -> PlayoffState:
    return PlayoffState(reg, ties, last_game_end=end).apply(Start(None))


@BOTH
def test_x_1_a_tie_for_first_is_played_off_among_all_tied_players(reg, a) -> None:
    """2.1 / 3.1: a play-off among all the players involved in the tie for first."""
    state = begin(reg, Tie(1, (3, 7, 12)))
    step = next_step(state)
    assert step.code == "draw-lots" and step.players == (3, 7, 12)


@BOTH
def test_x_1_only_a_tie_for_first_is_played_off(reg, a) -> None:
    """1 (preamble), 2.1 / 3.1 with 2.8 / 3.8: only a tie for first is played off."""
    state = begin(reg, Tie(2, (4, 5)), Tie(5, (1, 2, 9)))
    step = next_step(state)
    assert step.code == "done"
    groups = state.final_groups()
    assert [(g.place, g.players, g.by_playoff) for g in groups] == [
        (2, (4, 5), False),
        (5, (1, 2, 9), False),
    ]
    assert any(e.article == f"{a}.8" for e in state.log)


@BOTH
def test_x_2_starts_the_same_day_not_less_than_15_minutes_after_the_last_game(reg, a) -> None:
    """2.2 / 3.2: same day, not less than fifteen minutes after the last game ended."""
    end = datetime(2023, 8, 20, 17, 52)
    state = PlayoffState(reg, (Tie(1, (3, 7)),), last_game_end=end)
    step = next_step(state)
    assert step.code == "start" and step.article == f"{a}.2"
    assert step.earliest_start == datetime(2023, 8, 20, 18, 7)
    assert "not before 18:07" in step.text
    with pytest.raises(RuleError, match=rf"article {a}\.2: .*not before 18:07"):
        state.apply(Start(datetime(2023, 8, 20, 18, 6)))
    with pytest.raises(RuleError, match="same day"):
        state.apply(Start(datetime(2023, 8, 21, 10, 0)))
    with pytest.raises(RuleError, match="time zone"):
        state.apply(Start(datetime(2023, 8, 20, 18, 7, tzinfo=UTC)))
    started = state.apply(Start(datetime(2023, 8, 20, 18, 7)))
    assert next_step(started).code == "draw-lots"
    with pytest.raises(RuleError, match="already started"):
        started.apply(Start(datetime(2023, 8, 20, 18, 30)))


def test_2_2_the_first_stage_end_is_estimated_from_its_time_control() -> None:
    """2.2 with 2.3.2: three players, 3 rounds of G/5+3 (each at most 2x5 min + 2x60x3 s = 16 min)."""
    end = datetime(2023, 8, 20, 17, 0)
    state = PlayoffState(RAPID, (Tie(1, (3, 7, 12)),), last_game_end=end)
    assert "the first stage can last until 18:03" in next_step(state).text
    assert state.latest_end(datetime(2023, 8, 20, 17, 15)) == datetime(2023, 8, 20, 18, 3)


@BOTH
def test_x_3_pairing_numbers_are_drawn_by_lot(reg, a) -> None:
    """2.3 / 3.3: the round robin's pairing numbers are determined by lot."""
    state = begin(reg, Tie(1, (3, 7, 12)))
    step = next_step(state)
    assert step.code == "draw-lots" and step.article == f"{a}.3"
    drawn = state.apply(DrawLots(physical_draw("lots", (3, 7, 12), (12, 3, 7))))
    printed = next_step(drawn)
    assert printed.code == "print"
    # Berger table for 3 (4 with the bye): round 1 is 1-4 (bye) and 2-3, so 3 (no. 2) v 7 (no. 3).
    first = printed.games[0]
    assert (first.white, first.black, first.round) == (3, 7, 1)
    play = next_step(drawn.apply(Printed()))
    assert play.code == "play" and "bye: 12" in play.text


@pytest.mark.parametrize(
    ("reg", "article", "clock"), [(RAPID, "2.3.1", "G/10+5"), (CLASSICAL, "3.3.1", "G/15+10")]
)
def test_x_3_1_two_players_play_a_two_game_mini_match(reg, article, clock) -> None:
    """2.3.1 (G/10+5) / 3.3.1 (G/15+10): two tied players play a double round robin."""
    state = begin(reg, Tie(1, (3, 7))).apply(DrawLots(physical_draw("lots", (3, 7), (7, 3))))
    games = next_step(state).games
    assert [(g.white, g.black, g.round) for g in games] == [(7, 3, 1), (3, 7, 2)]
    assert {g.time_control for g in games} == {clock} and not any(g.armageddon for g in games)
    state = state.apply(Printed())
    step = next_step(state)
    assert step.code == "play" and step.article == article and len(step.games) == 1
    state = state.apply(Result(step.games[0].id, "1-0"))
    state = state.apply(Result(next_step(state).games[0].id, "1/2-1/2"))
    assert next_step(state).code == "done"
    assert [g.players for g in state.final_groups()] == [(7,), (3,)]


@pytest.mark.parametrize(
    ("reg", "article", "clock"), [(RAPID, "2.3.2", "G/5+3"), (CLASSICAL, "3.3.2", "G/10+5")]
)
def test_x_3_2_three_tied_resolved_by_the_round_robin(reg, article, clock) -> None:
    """2.3.2 (blitz G/5+3) / 3.3.2 (rapid G/10+5): three or more play a single round robin."""
    trace: list = []
    state = drive(begin(reg, Tie(1, (3, 7, 12))), stronger_first([12]), trace=trace)
    plays = [s for s in trace if s.code == "play"]
    assert len(plays) == 3 and {s.article for s in plays} == {article}
    assert {g.time_control for s in plays for g in s.games} == {clock}
    assert next_step(state).code == "done"
    winner = state.final_groups()[0]
    assert winner.players == (12,) and winner.winner and winner.by_playoff
    assert not any(r.spec.armageddon for r in state.games())


@BOTH
def test_x_4_three_tied_leaving_two_go_to_armageddon(reg, a) -> None:
    """2.4 / 3.4: still tied after the round robin: single Armageddon games, knockout."""

    def referee(game):
        if 12 in (game.white, game.black):
            return "0-1" if game.white == 12 else "1-0"
        return "1/2-1/2"

    state = drive(begin(reg, Tie(1, (3, 7, 12))), referee, stop=("toss", "done"))
    step = next_step(state)
    assert step.code == "toss" and set(step.players) == {3, 7} and step.article == f"{a}.5.3"
    state = drive(state, stronger_first([7]))
    games = [r for r in state.games() if r.spec.armageddon]
    assert len(games) == 1 and games[0].winner == 7
    assert [g.players for g in state.final_groups()] == [(7,), (3,), (12,)]


@BOTH
def test_x_4_1_three_all_equal_knockout_with_one_bye_drawn_by_lot(reg, a) -> None:
    """2.4.1 / 3.4.1: three left: one bye by lot brings the field to 2."""
    state = drive(begin(reg, Tie(1, (3, 7, 12))), draws(), stop=("toss",))
    draw_entries = [e for e in state.log if e.article == f"{a}.4.1"]
    assert len(draw_entries) == 1 and "byes:" in draw_entries[0].text
    step = next_step(state)
    assert step.code == "toss"
    bye = ({3, 7, 12} - set(step.players)).pop()
    assert f"byes: {bye}" in draw_entries[0].text


@pytest.mark.parametrize(
    ("players", "games_per_round", "byes"),
    [
        (5, [1, 2, 1], 3),
        (6, [2, 2, 1], 2),
        (7, [3, 2, 1], 1),
        (9, [1, 4, 2, 1], 7),
        (8, [4, 2, 1], 0),
    ],
)
@BOTH
def test_x_4_1_still_tied_fields_get_the_right_games_and_byes(
    reg, a, players, games_per_round, byes
) -> None:
    """2.4.1 / 3.4.1: byes reduce the field to 2, 4 or 8 (the largest power of two below it)."""
    tie = Tie(1, tuple(range(1, players + 1)))
    state = drive(begin(reg, tie), draws(), stop=("toss",))
    step = next_step(state)
    assert step.code == "toss"
    knock = [e.text for e in state.log if e.article == f"{a}.4.1"]
    assert len(knock) == 1
    assert (knock[0].count("byes:") == 1) == (byes > 0)
    if byes:
        assert len(knock[0].split("byes: ")[1].split(", ")) == byes
    # Play the knockout out: Black wins every Armageddon game by drawing (2.5.2).
    state = drive(state, draws())
    armageddon = [r.spec for r in state.games() if r.spec.armageddon]
    rounds = sorted({g.round for g in armageddon})
    assert [sum(1 for g in armageddon if g.round == r) for r in rounds] == games_per_round
    assert len(armageddon) == players - 1
    final = state.final_groups()
    # The knockout decides the winner; the others stay tied below (2.6: "the winner").
    assert len(final[0].players) == 1 and final[0].winner
    assert len(final) == 2 and final[1].place == 2 and len(final[1].players) == players - 1


@BOTH
def test_x_5_1_armageddon_clock(reg, a) -> None:
    """2.5.1 / 3.5.1: White 5 minutes, Black 4 minutes, 2 s increment from move 61."""
    state = drive(begin(reg, Tie(1, (3, 7))), draws(), stop=("play",))
    state = drive(state, draws(), stop=("print",))
    game = next_step(state).games[0]
    assert game.armageddon
    assert game.time_control == "White G/5, Black G/4, +2 from move 61"


@BOTH
def test_x_5_2_a_drawn_armageddon_game_is_won_by_black(reg, a) -> None:
    """2.5.2 / 3.5.2: in the event of a draw Black is declared the winner."""
    state = drive(begin(reg, Tie(1, (3, 7))), draws(), stop=("play",))
    state = drive(state, draws(), stop=("toss",))
    state = drive(state, draws(), stop=("play",), choice=Colour.BLACK)
    game = next_step(state).games[0]
    state = state.apply(Result(game.id, "½-½"))
    assert next_step(state).code == "done"
    assert state.final_groups()[0].players == (game.black,)
    assert any(e.article == f"{a}.5.2" for e in state.log)


@BOTH
def test_x_5_3_the_coin_toss_winner_chooses_the_colour(reg, a) -> None:
    """2.5.3 / 3.5.3: colours by a coin toss by the chief arbiter; the winner chooses."""
    state = drive(begin(reg, Tie(1, (3, 7))), draws(), stop=("toss",))
    step = next_step(state)
    assert step.article == f"{a}.5.3" and set(step.players) == {3, 7}
    assert step.game is not None
    chose_black = state.apply(Toss(step.game, physical_toss("toss", (3, 7), 7), Colour.BLACK))
    game = next_step(chose_black).games[0]
    assert (game.white, game.black) == (3, 7)
    chose_white = state.apply(Toss(step.game, physical_toss("toss", (3, 7), 7), Colour.WHITE))
    game = next_step(chose_white).games[0]
    assert (game.white, game.black) == (7, 3)
    with pytest.raises(RuleError, match="between players"):
        state.apply(Toss(step.game, physical_toss("toss", (3, 9), 9), Colour.WHITE))
    with pytest.raises(RuleError, match="no coin toss or choice of colour is due"):
        state.apply(Toss("G99", physical_toss("toss", (3, 7), 7), Colour.WHITE))
    with pytest.raises(RuleError, match="has not been tossed yet"):
        state.apply(Choose(step.game, Colour.WHITE))
    # The app tosses the coin; the winner's choice is recorded afterwards.
    tossed = state.apply(Toss(step.game, seeded_toss("toss", (3, 7), 11)))
    choose = next_step(tossed)
    assert choose.code == "choose" and choose.article == f"{a}.5.3" and choose.game == step.game
    with pytest.raises(RuleError, match="tossed already"):
        tossed.apply(Toss(step.game, seeded_toss("toss", (3, 7), 12)))
    assert tossed.tosses()[step.game].choice is None
    chosen = tossed.apply(Choose(step.game, Colour.BLACK))
    game = next_step(chosen).games[0]
    assert game.black == choose.players[0]
    record = chosen.tosses()[step.game]
    assert (record.winner, record.choice, record.draw.seed) == (game.black, Colour.BLACK, 11)


@pytest.mark.parametrize(
    ("reg", "expected"),
    [
        (RAPID, ["74333.34", "69333.33", "69333.33"]),
        (CLASSICAL, ["77666.67", "67666.67", "67666.66"]),
    ],
)
def test_x_6_the_winner_gets_the_fixed_amount_and_the_rest_is_shared(reg, expected) -> None:
    """2.6 ($5,000) / 3.6 ($10,000) to the winner; the rest of places 1-3 shared by all three."""
    state = drive(begin(reg, Tie(1, (3, 7, 12))), stronger_first([7, 3, 12]))
    standings = [(3, 1, 3), (7, 1, 3), (12, 1, 3), (5, 4, 4)]
    placings = final_placings(state, standings)
    assert [(p.tpn, p.place_text, p.by_playoff) for p in placings] == [
        (7, "1", True),
        (3, "2", True),
        (12, "3", True),
        (5, "4", False),
    ]
    fund = PrizeFund.of(100000, 65000, 48000, 40000)
    rows, _ = prize_table(reg, placings, {7: "Seven"}, fund)
    assert [r.to_json()["money"] for r in rows] == [*expected, "40000.00"]
    assert sum(r.money for r in rows[:3]) == Decimal("213000.00")
    assert rows[0].name == "Seven" and rows[0].to_json()["place"] == "1"


def test_3_6_the_prize_example() -> None:
    """3.6: three tied, prizes 100,000 / 65,000 / 48,000: 77,666.67 and 67,666.67 / 67,666.66."""
    state = drive(begin(CLASSICAL, Tie(1, (3, 7, 12))), stronger_first([12, 3, 7]))
    placings = final_placings(state, [(3, 1, 3), (7, 1, 3), (12, 1, 3)])
    rows, prizes = prize_table(CLASSICAL, placings, {}, PrizeFund.of(100000, 65000, 48000))
    assert [(r.tpn, r.to_json()["money"]) for r in rows] == [
        (12, "77666.67"),
        (3, "67666.67"),
        (7, "67666.66"),
    ]
    assert "remaining cents go one each to the tied players in final order" in prizes.rule


@BOTH
def test_x_7_tour_points_are_shared_and_no_bonus_point_after_a_play_off(reg, a) -> None:
    """2.7 / 3.7: the play-off does not change tour points; no bonus for the winner."""
    state = drive(begin(reg, Tie(1, (3, 7))), stronger_first([7]))
    placings = final_placings(state, [(3, 1, 2), (7, 1, 2), (9, 3, 3)])
    rows, _ = prize_table(reg, placings, {}, PrizeFund.of(100000, 50000))
    assert [(r.tpn, r.place, r.tour_points) for r in rows] == [
        (7, "1", 11),
        (3, "2", 11),
        (9, "3", 8),
    ]


def test_2_7_an_outright_winner_gets_the_bonus_point() -> None:
    """2.7 (a contrario): a winner who needed no play-off gets 13 points."""
    state = begin(RAPID, Tie(2, (3, 7)))
    placings = final_placings(state, [(9, 1, 1), (3, 2, 3), (7, 2, 3)])
    rows, _ = prize_table(RAPID, placings, {}, PrizeFund.of(1000, 500, 300))
    assert [r.tour_points for r in rows] == [13, 9, 9]


@BOTH
def test_x_8_other_ties_share_money_and_points(reg, a) -> None:
    """2.8 / 3.8: a tie for any other place: money and points divided equally."""
    state = begin(reg, Tie(2, (3, 7, 8)))
    placings = final_placings(state, [(9, 1, 1), (3, 2, 4), (7, 2, 4), (8, 2, 4)])
    rows, _ = prize_table(reg, placings, {}, PrizeFund.of(1000, 600, 400, 200))
    assert [r.money for r in rows] == [Decimal("1000.00")] + [Decimal("400.00")] * 3
    assert [r.tour_points for r in rows] == [13] + [Fraction(10 + 8 + 7, 3)] * 3
    assert [r.place for r in rows] == ["1", "2-4", "2-4", "2-4"]


def test_the_same_seed_always_gives_the_same_draw_and_another_can_differ() -> None:
    """2.3: pairing numbers by lot, drawn reproducibly from a stored seed."""
    base = begin(RAPID, Tie(1, (3, 7, 12, 15)))

    def numbers(seed: int) -> tuple[tuple[int, int], ...]:
        state = base.apply(DrawLots(seeded_draw("lots", (3, 7, 12, 15), seed)))
        return tuple((g.white, g.black) for g in next_step(state).games)

    assert numbers(2023) == numbers(2023)
    assert len({numbers(s) for s in range(20)}) > 1


def test_invalid_actions_are_refused_with_a_clear_message() -> None:
    state = PlayoffState(RAPID, (Tie(1, (3, 7)),))
    with pytest.raises(RuleError, match="has not started"):
        state.apply(Printed())
    state = state.apply(Start(None))
    with pytest.raises(RuleError, match=r"no drawing of lots is due among \[3, 9\]"):
        state.apply(DrawLots(physical_draw("lots", (3, 9), (9, 3))))
    with pytest.raises(RuleError, match="no sheets are due"):
        state.apply(Printed())
    state = state.apply(DrawLots(physical_draw("lots", (3, 7), (3, 7))))
    with pytest.raises(RuleError, match="not being played now"):
        state.apply(Result("G1", "1-0"))
    state = state.apply(Printed())
    with pytest.raises(RuleError, match="not being played now"):
        state.apply(Result("G2", "1-0"))
    with pytest.raises(RuleError, match="no play-off game 'G9'"):
        state.apply(Result("G9", "1-0"))
    with pytest.raises(RuleError, match="not a result"):
        state.apply(Result("G1", "2-0"))
    state = state.apply(Result("G1", "1-0"))
    with pytest.raises(RuleError, match="already has the result 1-0"):
        state.apply(Result("G1", "0-1"))
    with pytest.raises(RuleError, match="two ties overlap"):
        PlayoffState(RAPID, (Tie(1, (3, 7, 8)), Tie(3, (4, 5))))
    with pytest.raises(RuleError, match="in two ties"):
        PlayoffState(RAPID, (Tie(1, (3, 7)), Tie(5, (7, 5))))


def test_the_decided_order_for_the_standings() -> None:
    """2.6: the play-off determines the winner; the others stay tied for the standings' tie-breaks."""
    state = drive(begin(RAPID, Tie(1, (3, 7, 12))), draws())
    winner = state.final_groups()[0].players[0]
    assert decided_order(state) == (winner,)
    state = drive(begin(RAPID, Tie(1, (3, 7, 12))), stronger_first([12, 3, 7]))
    assert decided_order(state) == (12, 3, 7)
