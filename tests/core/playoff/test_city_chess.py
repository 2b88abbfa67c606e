"""City Chess OK first-place procedure, seed 001_… ("Tiebreaks")."""

from decimal import Decimal

from arbiter_app.core.lots import physical_toss
from arbiter_app.core.model import Colour
from arbiter_app.core.playoff import Meeting, PlayoffState, Start, Tie, Toss, next_step, preset
from arbiter_app.core.playoff.results import final_placings, prize_table
from arbiter_app.core.prizes import PrizeFund
from tests.support.playoff import draws, drive, stronger_first

CITY = preset("city-chess-ok")


def begin(*ties: Tie, meetings: tuple[Meeting, ...] = ()) -> PlayoffState:
    return PlayoffState(CITY, ties, meetings=meetings).apply(Start(None))


def test_step_1_a_decisive_head_to_head_game_decides() -> None:
    """Seed 001_… Tiebreaks 1: they met that day and the result was decisive."""
    state = begin(Tie(1, (3, 7)), meetings=(Meeting(3, 7, "0-1", round=4),))
    assert next_step(state).code == "done"
    assert [g.players for g in state.final_groups()] == [(7,), (3,)]
    assert state.final_groups()[0].by_playoff and not state.games()
    assert state.log[-2].article == "City Chess OK Tiebreaks 1"


def test_step_2_a_drawn_head_to_head_goes_to_a_two_game_blitz_match_g5_d0() -> None:
    """Seed 001_… Tiebreaks 2: a two-game blitz match, game in 5 minutes with no delay."""
    state = begin(Tie(1, (3, 7)), meetings=(Meeting(3, 7, "1/2-1/2", round=4),))
    step = next_step(state)
    assert step.code == "draw-lots" and step.article == "City Chess OK Tiebreaks 2"
    assert any("not decisive" in e.text for e in state.log)
    state = drive(state, draws(), stop=("play",))
    games = next_step(state).games
    assert len(games) == 1 and games[0].time_control == "G/5 d0"
    state = drive(state, stronger_first([3]))
    assert [g.players for g in state.final_groups()] == [(3,), (7,)]
    assert len(state.games()) == 2 and not any(r.spec.armageddon for r in state.games())


def test_step_2_players_who_did_not_meet_play_the_match() -> None:
    """Seed 001_… Tiebreaks 1: "If not, we proceed to a…" blitz match."""
    state = begin(Tie(1, (3, 7)))
    assert next_step(state).code == "draw-lots"
    assert any("did not meet" in e.text for e in state.log)


def test_step_3_an_even_match_goes_to_armageddon_with_draw_odds_for_black() -> None:
    """Seed 001_… Tiebreaks 3: White 6 minutes, Black 5, a draw wins for Black."""
    state = drive(begin(Tie(1, (3, 7))), draws(), stop=("toss",))
    step = next_step(state)
    assert step.code == "toss" and step.article == "City Chess OK Tiebreaks 3"
    assert step.game is not None
    state = state.apply(Toss(step.game, physical_toss("toss", (3, 7), 3), Colour.BLACK))
    state = drive(state, draws(), stop=("play",))
    game = next_step(state).games[0]
    assert game.armageddon and game.time_control == "White G/6, Black G/5"
    assert (game.white, game.black) == (7, 3)
    state = drive(state, draws())
    assert [g.players for g in state.final_groups()] == [(3,), (7,)]


def test_three_tied_for_first_is_not_provided_for_the_arbiter_decides() -> None:
    """Seed 001_… describes only two players tied for first: the engine says so."""
    state = begin(Tie(1, (3, 7, 9)))
    step = next_step(state)
    assert step.code == "decide" and "only two tied players" in step.article


def test_other_places_use_the_uscf_tie_breaks_not_a_play_off() -> None:
    """Seed 001_… Second- and third-place ties: mathematical tie-breaks (the uscf list)."""
    assert CITY.other_places_tiebreaks == ("uscf",)
    state = begin(Tie(2, (3, 7, 9)))
    assert next_step(state).code == "done"
    assert state.final_groups()[0].players == (3, 7, 9)


def test_cash_is_shared_while_the_play_off_decides_the_indivisible_prize() -> None:
    state = begin(Tie(1, (3, 7)), meetings=(Meeting(7, 3, "1-0"),))
    placings = final_placings(state, [(3, 1, 2), (7, 1, 2)])
    rows, _ = prize_table(CITY, placings, {}, PrizeFund.of(300, 150))
    assert [(r.tpn, r.place, r.money) for r in rows] == [
        (7, "1", Decimal("225.00")),
        (3, "2", Decimal("225.00")),
    ]


def test_head_to_head_counts_only_a_round_that_day() -> None:
    """Seed 001_… Tiebreaks 1: "faced each other in a round that day". With the round dates
    (TRF 132) known, a decisive game of an earlier day does not count."""
    earlier = Meeting(3, 7, "0-1", round=2, day="2024-05-04")
    state = PlayoffState(CITY, (Tie(1, (3, 7)),), meetings=(earlier,), final_day="2024-05-05")
    state = state.apply(Start(None))
    step = next_step(state)
    assert step.code == "draw-lots"  # the blitz match: no game that day
    assert step.assumptions == ()
    texts = [e.text for e in state.log]
    assert any("was on 2024-05-04, not on the day of the play-off (2024-05-05)" in t for t in texts)
    assert any("they did not meet that day" in t for t in texts)
    same_day = Meeting(3, 7, "0-1", round=4, day="2024-05-05")
    state = PlayoffState(
        CITY, (Tie(1, (3, 7)),), meetings=(earlier, same_day), final_day="2024-05-05"
    ).apply(Start(None))
    assert next_step(state).code == "done"
    assert [g.players for g in state.final_groups()] == [(7,), (3,)]


def test_without_the_round_dates_the_step_says_what_it_assumed() -> None:
    state = begin(Tie(1, (3, 7)), meetings=(Meeting(3, 7, "1-0", round=4),))
    step = next_step(state)
    assert step.code == "done"
    (assumed,) = step.assumptions
    assert "the round dates are not known" in assumed
    assert (
        "their game in the event (round 4) is taken as played on the day of the play-off" in assumed
    )
    assert "only a game in a round that day counts" in assumed
    assert step.to_json()["assumptions"] == [assumed]
    # Players who did not meet: nothing to assume.
    assert next_step(begin(Tie(1, (3, 7)))).assumptions == ()


def test_the_blitz_match_is_called_a_match_not_a_round_robin() -> None:
    """City Chess OK Tiebreaks 2: two players play a blitz match; the card, the bracket and
    the sheets read the stage's name from the games."""
    from arbiter_app.core.lots import seeded_draw
    from arbiter_app.core.playoff import DrawLots, PlayoffState, Start, Tie, next_step, preset

    state = PlayoffState(preset("city-chess-ok"), (Tie(1, (1, 2)),)).apply(Start(None))
    step = next_step(state)
    assert step.code == "draw-lots"
    assert "of blitz match 1 (G/5 d0)" in step.text and "round robin" not in step.text
    state = state.apply(DrawLots(seeded_draw(step.text, step.players, 3)))
    stages = {g.spec.stage for g in state.games()}
    assert stages == {"blitz match 1"}
    assert state.games()[0].spec.label == "places 1-2: blitz match 1, round 1"
