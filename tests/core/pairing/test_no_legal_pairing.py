"""A round the rules leave without a pairing is a :class:`NoLegalPairing`, whichever system
and engine found it: FIDE C.04.3 article 1.9.3 (the Dutch system), US Chess 27A1 and 28L
(the US Chess engine, its forced bye), a bye policy nobody may receive. The window offers
to pair such a round by hand and the command line names ``pairing set``; any other refusal
(a round out of order, nobody registered) is a plain :class:`PairingError`."""

from __future__ import annotations

import pytest

from arbiter_app.core.model import Colour, Event, EventInfo, Player, System
from arbiter_app.core.pairing.boards import (
    Board,
    NoLegalPairing,
    PairingError,
    RoundPairing,
    append_round,
)
from arbiter_app.core.pairing.byes import ByePolicy
from arbiter_app.core.pairing.swiss import SwissOptions, pair_swiss
from arbiter_app.core.result import GameResult

ROUNDS = ((1, 2), (3, 4)), ((1, 3), (4, 2)), ((4, 1), (2, 3))
"""Three rounds in which each of four players has met the three others."""


def _everybody_met(rounds: int = 5) -> Event:
    players = tuple(Player(t, f"P{t}", 2400 - 50 * t) for t in range(1, 5))
    event = Event(
        info=EventInfo(name="t"),
        system=System.SWISS,
        planned_rounds=rounds,
        players=players,
        entries={t: () for t in range(1, 5)},
    )
    for number, boards in enumerate(ROUNDS, start=1):
        pairing = RoundPairing(number, tuple(Board(i, w, b) for i, (w, b) in enumerate(boards, 1)))
        event = append_round(event, pairing, {1: GameResult.DRAW, 2: GameResult.DRAW})
    return event


@pytest.mark.parametrize("engine", ["gacrux", "own"])
def test_a_dutch_round_without_a_legal_pairing_is_no_legal_pairing(engine: str) -> None:
    options = SwissOptions(initial_colour=Colour.WHITE, engine=engine)
    with pytest.raises(NoLegalPairing) as info:
        pair_swiss(_everybody_met(), 4, options)
    assert "round 4 cannot be paired by the Dutch system" in str(info.value)
    assert "C.04.3 article 1.9.3: the chief arbiter decides" in str(info.value)


def test_the_us_chess_engine_s_dead_end_is_no_legal_pairing() -> None:
    options = SwissOptions(initial_colour=Colour.WHITE, engine="uschess")
    with pytest.raises(NoLegalPairing) as info:
        pair_swiss(_everybody_met(), 4, options)
    assert "US Chess 27A1" in str(info.value)


def test_a_bye_nobody_can_take_is_no_legal_pairing() -> None:
    """Under the US Chess bye rule the odd player out is chosen first; when every choice
    leaves a field that cannot be paired, the Dutch system has no pairing either."""
    event = _everybody_met()
    players = (*event.players, Player(5, "P5", 1000))
    event = Event(
        info=event.info,
        system=event.system,
        planned_rounds=event.planned_rounds,
        players=players,
        entries={**event.entries, 5: ()},
    )
    options = SwissOptions(initial_colour=Colour.WHITE, bye_policy=ByePolicy.USCF)
    with pytest.raises(NoLegalPairing) as info:
        pair_swiss(event, 4, options)
    assert "no eligible bye candidate leaves a field the Dutch system can pair" in str(info.value)


def test_a_round_out_of_order_is_not_no_legal_pairing() -> None:
    with pytest.raises(PairingError) as info:
        pair_swiss(_everybody_met(), 5, SwissOptions(initial_colour=Colour.WHITE))
    assert not isinstance(info.value, NoLegalPairing)
    assert "round 4 must be paired before round 5" in str(info.value)


def test_fide_double_swiss_without_a_legal_pairing_is_no_legal_pairing() -> None:
    """C.04.5 articles 2.1.1 and 3.3.3: no match is repeated; when none is left the Chief
    Arbiter decides."""
    event = _everybody_met()
    event = Event(
        info=event.info,
        system=System.FIDE_DOUBLE_SWISS,
        planned_rounds=5,
        players=event.players,
        entries={t: () for t in range(1, 5)},
    )
    for number, boards in enumerate(ROUNDS, start=1):
        pairing = RoundPairing(
            number,
            tuple(Board(i, w, b) for i, (w, b) in enumerate(boards, 1)),
            games_per_round=2,
        )
        draws = {1: [GameResult.DRAW] * 2, 2: [GameResult.DRAW] * 2}
        event = append_round(event, pairing, draws)
    with pytest.raises(NoLegalPairing) as info:
        pair_swiss(event, 4, SwissOptions(initial_colour=Colour.WHITE))
    assert "C.04.5" in str(info.value) and "Chief Arbiter decides" in str(info.value)
