"""Double Swiss (seed 001_…): two games per round against the same opponent, colours reversed."""

from __future__ import annotations

from fractions import Fraction

from arbiter_app.core.model import Colour, EntryKind, Event, EventInfo, Player, System
from arbiter_app.core.pairing import SwissOptions, append_round, pair_round
from arbiter_app.core.pairing.double_swiss import swiss_rounds, swiss_view
from arbiter_app.core.result import GameResult

R = GameResult


def _event(n: int, swiss_rounds: int = 3) -> Event:
    players = tuple(Player(t, f"P{t}", 2400 - 10 * t) for t in range(1, n + 1))
    return Event(
        info=EventInfo(name="double"),
        system=System.DOUBLE_SWISS,
        planned_rounds=2 * swiss_rounds,
        players=players,
        entries={t: () for t in range(1, n + 1)},
    )


def test_each_board_plays_twice_with_reversed_colours_in_consecutive_entries() -> None:
    event = _event(4)
    pairing = pair_round(event, options=SwissOptions(initial_colour=Colour.WHITE))
    assert pairing.games_per_round == 2 and pairing.entry_rounds() == (1, 2)
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 3), (4, 2)]
    event = append_round(event, pairing, {1: (R.WHITE_WINS, R.DRAW), 2: (R.DRAW, R.DRAW)})
    assert event.rounds_played == 2 and swiss_rounds(event) == 1
    first, second = event.entry(1, 1), event.entry(1, 2)
    assert (first.opponent, first.colour) == (3, Colour.WHITE)
    assert (second.opponent, second.colour) == (3, Colour.BLACK)
    assert event.score(1) == Fraction(3, 2) and event.score(3) == Fraction(1, 2)


def test_the_swiss_view_keeps_exact_scores_and_first_game_colours() -> None:
    event = _event(4)
    pairing = pair_round(event, options=SwissOptions(initial_colour=Colour.WHITE))
    # Results are per game, by that game's colours: on board 2 each player wins once.
    event = append_round(
        event, pairing, {1: (R.WHITE_WINS, R.DRAW), 2: (R.BLACK_WINS, R.BLACK_WINS)}
    )
    view = swiss_view(event)
    assert view.system is System.SWISS and view.rounds_played == 1 and view.planned_rounds == 3
    for p in event.players:
        assert view.score(p.tpn) == event.score(p.tpn)
    assert view.entry(1, 1).is_win and view.entry(1, 1).colour is Colour.WHITE
    # 4 and 2 split their games 1-1: a drawn round in the view.
    assert view.entry(4, 1).is_draw


def test_round_two_pairs_on_the_round_scores() -> None:
    event = _event(4)
    pairing = pair_round(event, options=SwissOptions(initial_colour=Colour.WHITE))
    # 1 beats 3 twice; 2 beats 4 twice: 1 and 2 lead with 2 points.
    event = append_round(
        event, pairing, {1: (R.WHITE_WINS, R.BLACK_WINS), 2: (R.BLACK_WINS, R.WHITE_WINS)}
    )
    second = pair_round(event)
    assert second.round == 2 and second.entry_rounds() == (3, 4)
    assert {frozenset(b.players) for b in second.boards} == {frozenset({1, 2}), frozenset({3, 4})}
    event = append_round(event, second, {b.number: (R.DRAW, R.DRAW) for b in second.boards})
    assert event.rounds_played == 4


def test_a_bye_covers_both_games_of_the_round() -> None:
    event = _event(5)
    pairing = pair_round(event, options=SwissOptions(initial_colour=Colour.WHITE))
    bye = pairing.pairing_bye
    assert bye is not None and bye.tpn == 5
    event = append_round(event, pairing, {b.number: (R.DRAW, R.DRAW) for b in pairing.boards})
    assert [e.kind for e in event.entries_of(5)] == [EntryKind.PAIRING_BYE] * 2
    # Next round the bye holder is not given a second one (C.04.1 d on the Swiss view).
    second = pair_round(event)
    assert second.pairing_bye is not None and second.pairing_bye.tpn != 5


def test_rounds_are_counted_as_announced_and_games_per_round_is_its_own_figure() -> None:
    """City Chess OK rules: "each round comprises two games"; a 7-round double Swiss plays
    14 games, which the model counts (``planned_rounds``) while users count rounds."""
    assert System.DOUBLE_SWISS.games_in(7) == 14
    assert System.DOUBLE_SWISS.rounds_in(14) == 7
    assert System.DOUBLE_SWISS.rounds_in(13) == 7  # a round begun counts
    assert System.SWISS.games_in(7) == System.SWISS.rounds_in(7) == 7
    event = _event(4, swiss_rounds=7)
    assert (event.planned_rounds, event.announced_rounds) == (14, 7)


def test_the_trf_counts_rounds_and_reads_them_back_as_games() -> None:
    from arbiter_app.core.trf import event_to_trf, parse_trf

    event = _event(4, swiss_rounds=7)
    pairing = pair_round(event, options=SwissOptions(initial_colour=Colour.WHITE))
    event = append_round(event, pairing, {1: (R.WHITE_WINS, R.DRAW), 2: (R.DRAW, R.DRAW)})
    for version, record in (("TRF-16", "XXR 7"), ("TRF-26", "142 7")):
        text = event_to_trf(event, version)
        assert record in text.splitlines()
        back = parse_trf(text, "double.trf").event
        assert back.system is System.DOUBLE_SWISS
        assert (back.planned_rounds, back.announced_rounds) == (14, 7)
        assert back.entries == event.entries
