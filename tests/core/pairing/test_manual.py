"""Manual changes: each broken rule is reported, readably, with its article."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import (
    ByeRequest,
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Outcome,
    Player,
    RoundEntry,
    System,
)
from arbiter_app.core.pairing import (
    Board,
    Bye,
    ByePolicy,
    Moved,
    RoundPairing,
    SwissOptions,
    check_pairing,
    give_bye,
    move_onto_board,
    pair_swiss,
    set_board,
    swap_players,
)
from tests.support.random_swiss import RoundCase, play

W, B = Colour.WHITE, Colour.BLACK


def _event() -> Event:
    """Six players after two rounds.

    R1: 1-4 1-0, 5-2 0-1, 3-6 ½;  R2: 2-1 ½, 4-3 0-1, 6-5 1-0.
    """
    g = RoundEntry.game
    rows = {
        1: (g(4, W, Outcome.WIN), g(2, B, Outcome.DRAW)),
        4: (g(1, B, Outcome.LOSS), g(3, W, Outcome.LOSS)),
        5: (g(2, W, Outcome.LOSS), g(6, B, Outcome.LOSS)),
        2: (g(5, B, Outcome.WIN), g(1, W, Outcome.DRAW)),
        3: (g(6, W, Outcome.DRAW), g(4, B, Outcome.WIN)),
        6: (g(3, B, Outcome.DRAW), g(5, W, Outcome.WIN)),
    }
    return Event(
        info=EventInfo(name="manual"),
        system=System.SWISS,
        planned_rounds=5,
        players=tuple(Player(t, f"P{t}", 2000 - t) for t in range(1, 7)),
        entries=rows,
    )


def _third(event: Event) -> RoundPairing:
    return pair_swiss(event, 3)


def test_the_engine_pairing_breaks_no_rule() -> None:
    event = _event()
    assert check_pairing(event, _third(event)) == []


def test_a_swap_into_a_repeat_pairing_is_reported() -> None:
    event = _event()
    pairing = set_board(_third(event), 1, 1, 4)
    messages = [str(v) for v in check_pairing(event, pairing)]
    assert any("already played each other in round 1" in m and "C.04.1 b" in m for m in messages)
    # The players displaced by the change are left unpaired, and that is said too.
    assert any("neither paired nor given a bye" in m for m in messages)


def test_a_forbidden_pair_is_reported() -> None:
    event = replace(_event(), forbidden_pairs=(frozenset({1, 3}),))
    pairing = RoundPairing(3, (Board(1, 1, 3), Board(2, 2, 6), Board(3, 5, 4)))
    violations = check_pairing(event, pairing)
    assert any(v.article.startswith("TRF 260") and v.players == (1, 3) for v in violations)


def test_the_colour_rule_is_reported() -> None:
    """C.04.3 [C3]: no colour difference beyond 2 and not the same colour three times running."""
    event = _event()
    # Give player 5 Black in both rounds (and 2 and 6 White accordingly).
    rows = dict(event.entries)
    rows[5] = (RoundEntry.game(2, B, Outcome.LOSS), RoundEntry.game(6, B, Outcome.LOSS))
    rows[2] = (RoundEntry.game(5, W, Outcome.WIN), rows[2][1])
    event = event.with_entries(rows)
    pairing = RoundPairing(3, (Board(1, 1, 5), Board(2, 2, 3), Board(3, 6, 4)))
    found = [v for v in check_pairing(event, pairing) if v.players == (5,)]
    assert len(found) == 1 and "[C3]" in found[0].article
    assert "black three times running" in found[0].message
    assert "colour difference of -3" in found[0].message
    # With White instead, nothing is wrong with player 5.
    fixed = RoundPairing(3, (Board(1, 5, 1), Board(2, 2, 3), Board(3, 6, 4)))
    assert not [v for v in check_pairing(event, fixed) if 5 in v.players]


def test_a_second_bye_is_reported_under_each_policy() -> None:
    """FIDE C.04.1 d; US Chess 28L; seed 002_… (exempted once)."""
    event = _event()
    rows = dict(event.entries)
    players = [*event.players, Player(7, "P7", 1500)]
    rows[7] = (RoundEntry(EntryKind.PAIRING_BYE), RoundEntry(EntryKind.NOT_PAIRED))
    event = event.with_players(players).with_entries(rows)
    engine = pair_swiss(event, 3)
    assert engine.pairing_bye is not None and engine.pairing_bye.tpn != 7
    pairing = swap_players(engine, engine.pairing_bye.tpn, 7)
    assert pairing.pairing_bye is not None and pairing.pairing_bye.tpn == 7
    for policy, article in (
        (ByePolicy.FIDE, "C.04.1 d"),
        (ByePolicy.USCF, "28L"),
        (ByePolicy.ONLINE, "online Swiss rules"),
    ):
        messages = [str(v) for v in check_pairing(event, pairing, bye_policy=policy)]
        assert any("player 7" in m and article in m for m in messages), (policy, messages)


def test_absent_withdrawn_and_bye_requesting_players_must_not_be_paired() -> None:
    event = _event()
    players = [replace(p, withdrawn_from_round=3) if p.tpn == 6 else p for p in event.players]
    event = replace(
        event.with_players(players), bye_requests=(ByeRequest(5, 3, EntryKind.HALF_BYE),)
    )
    pairing = RoundPairing(3, (Board(1, 1, 3), Board(2, 2, 6), Board(3, 5, 4)))
    messages = [str(v) for v in check_pairing(event, pairing, absent=[4])]
    assert any("player 6 has withdrawn but is paired" in m for m in messages)
    assert any("player 4 is absent but is paired" in m for m in messages)
    assert any("player 5 asked for a half-bye but is paired" in m for m in messages)


def test_give_bye_takes_the_player_off_the_board() -> None:
    pairing = give_bye(RoundPairing(3, (Board(1, 1, 2), Board(2, 3, 4))), 2)
    assert [b.players for b in pairing.boards] == [(3, 4)]
    assert pairing.pairing_bye is not None and pairing.pairing_bye.tpn == 2


def test_swap_players_exchanges_two_players_everywhere() -> None:
    pairing = RoundPairing(3, (Board(1, 1, 2), Board(2, 3, 4)))
    swapped = swap_players(pairing, 2, 3)
    assert [(b.white, b.black) for b in swapped.boards] == [(1, 3), (2, 4)]
    assert swap_players(swapped, 2, 3) == pairing


def test_engine_pairings_of_random_tournaments_break_no_checked_rule() -> None:
    """The checker agrees with the engine: its rules are ones the Dutch system keeps."""
    found: list[str] = []

    def pair(case: RoundCase) -> RoundPairing | None:
        pairing = pair_swiss(case.event, case.round, case.options)
        found.extend(
            f"round {case.round}: {v}"
            for v in check_pairing(case.event, pairing, absent=case.options.absent)
        )
        return pairing

    for seed in (2, 4):
        play(seed, pair)
    assert found == []


def test_policy_option_is_passed_through() -> None:
    assert SwissOptions(bye_policy=ByePolicy.USCF).bye_policy is ByePolicy.USCF


# -- moving players across boards (the arbiter's swap, FIDE C.02) ---------------------------


def _round(byes: tuple[Bye, ...] = ()) -> RoundPairing:
    """Round 3 of seven players: 1-2, 3-4, 5-6 and 7 on the pairing-allocated bye."""
    boards = (Board(1, 1, 2), Board(2, 3, 4), Board(3, 5, 6))
    return RoundPairing(3, boards, byes or (Bye(7, EntryKind.PAIRING_BYE, odd_one_out=True),))


def _shape(moved: Moved) -> tuple[tuple[tuple[int, int], ...], dict[int, EntryKind]]:
    return (
        tuple(b.players for b in moved.pairing.boards),
        {y.tpn: y.kind for y in moved.pairing.byes},
    )


def test_a_player_from_another_board_swaps_places_with_the_one_displaced() -> None:
    moved = move_onto_board(_round(), 1, 1, 4)
    # 2 leaves board 1 and takes 4's place on board 2, with 4's colour (Black).
    assert _shape(moved) == (((1, 4), (3, 2), (5, 6)), {7: EntryKind.PAIRING_BYE})
    assert moved.changed == (1, 2) and moved.bye is None and moved.unpaired == ()


def test_both_players_from_elsewhere_fill_the_places_they_leave() -> None:
    moved = move_onto_board(_round(), 2, 5, 7)
    # 3 takes 5's place (White, board 3); 4 takes the bye 7 leaves.
    assert _shape(moved) == (((1, 2), (5, 7), (3, 6)), {4: EntryKind.PAIRING_BYE})
    assert moved.changed == (2, 3) and moved.bye == 4 and moved.unpaired == ()


def test_two_boards_exchange_their_pairs() -> None:
    moved = move_onto_board(_round(), 1, 3, 4)
    assert _shape(moved)[0] == ((3, 4), (1, 2), (5, 6))
    assert moved.changed == (1, 2)


def test_a_player_who_had_no_board_displaces_one_to_the_free_bye() -> None:
    late = _round(byes=(Bye(7, EntryKind.NOT_PAIRED),))
    moved = move_onto_board(late, 3, 7, 6)
    assert _shape(moved) == (((1, 2), (3, 4), (7, 6)), {5: EntryKind.PAIRING_BYE})
    assert moved.bye == 5
    kept = move_onto_board(late, 3, 7, 6, bye_to_displaced=False)
    assert _shape(kept)[1] == {5: EntryKind.NOT_PAIRED} and kept.unpaired == (5,)


def test_with_the_bye_taken_a_displaced_player_is_left_to_pair() -> None:
    field = RoundPairing(
        3,
        (Board(1, 1, 2), Board(2, 3, 4)),
        (Bye(5, EntryKind.PAIRING_BYE, odd_one_out=True), Bye(6, EntryKind.NOT_PAIRED)),
    )
    moved = move_onto_board(field, 1, 6, 2)
    assert _shape(moved) == (
        ((6, 2), (3, 4)),
        {5: EntryKind.PAIRING_BYE, 1: EntryKind.NOT_PAIRED},
    )
    assert moved.bye is None and moved.unpaired == (1,)
    # The arbiter then pairs 1 with the bye's player on a new board: the bye is gone.
    again = move_onto_board(moved.pairing, 3, 1, 5)
    assert _shape(again) == (((6, 2), (3, 4), (1, 5)), {})


def test_colours_on_the_same_board_and_refusals() -> None:
    assert _shape(move_onto_board(_round(), 1, 2, 1))[0][0] == (2, 1)
    with pytest.raises(RuleError, match="cannot play themself"):
        move_onto_board(_round(), 1, 3, 3)
    with pytest.raises(RuleError, match="a new board is number 4"):
        move_onto_board(_round(), 6, 1, 7)
    with pytest.raises(
        RuleError, match="player 1 plays on board 1: taking them would leave an opponent alone"
    ):
        move_onto_board(_round(), 4, 1, 7)
    # A new board of the bye's player and nobody else's opponent is fine only with a partner
    # who has no board either.
    late = _round(
        byes=(Bye(7, EntryKind.PAIRING_BYE, odd_one_out=True), Bye(8, EntryKind.NOT_PAIRED))
    )
    assert _shape(move_onto_board(late, 4, 8, 7)) == (
        ((1, 2), (3, 4), (5, 6), (8, 7)),
        {},
    )
