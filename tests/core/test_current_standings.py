"""The standings every view shows: after the last complete round, provisional on request."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core.current_standings import standings_now
from arbiter_app.core.errors import RuleError
from arbiter_app.core.event_state import RoundBoard, event_state
from arbiter_app.core.model import Colour, EntryKind, Event, Outcome, Player, RoundEntry, System
from arbiter_app.core.pairing.numbers import Numbering
from arbiter_app.core.playoff import preset
from tests.core.test_event_state import _started, boards_of, four_player_rr, gate_of
from tests.support.playoff import drive, stronger_first

W, B = Colour.WHITE, Colour.BLACK
HALF = Fraction(1, 2)


def mid_round() -> tuple[Event, dict[int, tuple[RoundBoard, ...]]]:
    """A 5-player Swiss: round 1 played (5 had the bye); round 2 paired, board 1 played
    (1 beat 2), board 2 (3 v 5) still going, 4 with the pairing-allocated bye."""
    game = RoundEntry.game
    bye = RoundEntry(EntryKind.PAIRING_BYE)
    entries = {
        1: (game(3, W, Outcome.WIN), game(2, B, Outcome.WIN)),
        2: (game(4, B, Outcome.DRAW), game(1, W, Outcome.LOSS)),
        3: (game(1, B, Outcome.LOSS),),
        4: (game(2, W, Outcome.DRAW), bye),
        5: (bye,),
    }
    players = tuple(Player(t, f"P{t}", 2500 - 100 * t) for t in range(1, 6))
    event = Event(system=System.SWISS, planned_rounds=5, players=players, entries=entries)
    boards = {
        1: (RoundBoard(1, 1, 3, True), RoundBoard(2, 4, 2, True)),
        2: (RoundBoard(1, 2, 1, True), RoundBoard(2, 3, 5, False)),
    }
    return event, boards


def test_by_default_the_standings_are_those_after_the_last_complete_round() -> None:
    event, boards = mid_round()
    state = event_state(event, boards, numbering=Numbering.RATING)
    table = standings_now(event, state, ())
    assert table.after_round == 1 and not table.provisional
    assert table.title == "Standings after round 1 of 5"
    assert {r.tpn: r.points for r in table.rows} == {1: 1, 5: 1, 2: HALF, 4: HALF, 3: 0}
    assert not table.pending


def test_provisional_standings_count_what_is_in_and_mark_the_unfinished_games() -> None:
    event, boards = mid_round()
    state = event_state(event, boards, numbering=Numbering.RATING)
    table = standings_now(event, state, ("BH",), provisional=True)
    assert table.provisional and table.provisional_round == 2
    assert table.title == "Provisional standings during round 2 of 5"
    assert table.stage == "provisional, round 2 of 5 in progress"
    # 1 has the win of board 1, 4 the bye; 3 and 5 are still playing: nothing counted,
    # nothing lost.
    assert {r.tpn: r.points for r in table.rows} == {1: 2, 4: Fraction(3, 2), 5: 1, 2: HALF, 3: 0}
    assert table.pending == (5, 3)
    assert [r.tpn for r in table.rows if r.pending] == [5, 3]


def test_an_incomplete_round_is_refused_as_after_round_with_the_way_to_see_it() -> None:
    event, boards = mid_round()
    state = event_state(event, boards, numbering=Numbering.RATING)
    with pytest.raises(RuleError) as info:
        standings_now(event, state, (), after_round=2)
    assert str(info.value) == (
        "standings after round 2: only round 1 is complete; round 2 is in progress and can be"
        " shown as provisional"
    )
    assert standings_now(event, state, (), after_round=1).after_round == 1
    with pytest.raises(RuleError, match="not both"):
        standings_now(event, state, (), after_round=1, provisional=True)


def test_provisional_with_no_round_in_progress_is_the_last_complete_round() -> None:
    event = four_player_rr().truncated(2)
    state = event_state(event, boards_of(event), numbering=Numbering.LOT)
    table = standings_now(event, state, (), provisional=True)
    assert not table.provisional and table.after_round == 2


def test_play_off_places_hold_back_the_tie_only_in_the_final_standings() -> None:
    """C.07 3.1.1 breaks ties of the final standings; after round 2 a tie is a tie."""
    event = four_player_rr()
    places = preset("gct-2023-classical").places
    two = event.truncated(2)
    after_two = standings_now(two, gate_of(two), (), playoff_places=places)
    assert not any(r.playoff_pending for r in after_two.rows)
    final = standings_now(event, gate_of(event), (), playoff_places=places)
    assert [r.playoff_pending for r in final.rows] == [True, True, True, False]
    assert final.title == "Final standings"


def test_the_play_off_order_applies_only_while_the_play_off_matches() -> None:
    event = four_player_rr()
    over = drive(_started(event), stronger_first([3, 1, 2]))
    places = preset("gct-2023-classical").places
    order = (3,)
    table = standings_now(
        event, gate_of(event, playoff=over), (), playoff_places=places, playoff_order=order
    )
    assert [(r.place, r.tpn, r.by_playoff) for r in table.rows][:1] == [("1", 3, True)]
    # The same play-off after a correction that changed the tie: its order is void.
    corrected = four_player_rr([(Outcome.WIN, Outcome.LOSS), (Outcome.WIN, Outcome.LOSS)])
    stale = standings_now(
        corrected,
        gate_of(corrected, playoff=over),
        (),
        playoff_places=places,
        playoff_order=order,
    )
    assert not any(r.by_playoff for r in stale.rows)


def test_a_result_of_the_round_in_progress_leaves_the_standings_as_they_were() -> None:
    """Standings after the last complete round do not depend on the round being played: the
    same standings are handed out again (a 1,000-player event types hundreds of results)."""
    event, boards = mid_round()
    state = event_state(event, boards, numbering=Numbering.RATING)
    before = standings_now(event, state, ("BH",))
    # Board 2 of round 2 comes in: 3 beat 5. Round 2 is now complete.
    game = RoundEntry.game
    entries = dict(event.entries)
    entries[3] = (*event.entries[3], game(5, W, Outcome.WIN))
    entries[5] = (*event.entries[5], game(3, B, Outcome.LOSS))
    played = replace(event, entries=entries)
    still = {1: boards[1], 2: (boards[2][0], RoundBoard(2, 3, 5, False))}
    # The same result seen while the board still counts as pending: nothing changes.
    assert standings_now(played, event_state(played, still), ("BH",)) is before
    done = {1: boards[1], 2: (boards[2][0], RoundBoard(2, 3, 5, True))}
    after = standings_now(played, event_state(played, done), ("BH",))
    assert after is not before and after.after_round == 2
    # A correction in a complete round changes them.
    corrected = dict(event.entries)
    corrected[1] = (game(3, W, Outcome.DRAW), *event.entries[1][1:])
    corrected[3] = (game(1, B, Outcome.DRAW), *event.entries[3][1:])
    fixed = replace(event, entries=corrected)
    again = standings_now(fixed, event_state(fixed, boards), ("BH",))
    assert again is not before and again.row(1).points == Fraction(1, 2)
