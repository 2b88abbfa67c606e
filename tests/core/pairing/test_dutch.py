"""Swiss rounds by the FIDE Dutch system (C.04.3), checked against gacrux's own pipeline.

The comparison drives gacrux the way its command line does (TRF text, its own
reader, its own engine) on the same tournaments Arbiter pairs through its
in-process translation, so any mistake in that translation (scores, byes,
forfeits, absences, withdrawals, forbidden pairs, colours) shows as a
different pairing.

The default run plays a sample of the random tournaments; set the environment
variable ``ARBITER_DUTCH_TOURNAMENTS=200`` for the full comparison (about
40 minutes on one core).
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest
from gacrux.gacruxexeptions import GacruxNoLegalPairing

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
    PairingError,
    RoundPairing,
    SwissOptions,
    append_round,
    pair_swiss,
)
from arbiter_app.core.result import GameResult
from tests.support.random_swiss import RoundCase, play
from tests.support.trf_oracle import event_to_trf, gacrux_pairs

TOURNAMENTS = int(os.environ.get("ARBITER_DUTCH_TOURNAMENTS", "6"))
WHITE = SwissOptions(initial_colour=Colour.WHITE)


def _as_engine_pairs(pairing: RoundPairing) -> list[tuple[int, int]]:
    pairs = [(b.white, b.black) for b in pairing.boards]
    if pairing.pairing_bye is not None:
        pairs.append((pairing.pairing_bye.tpn, 0))
    return pairs


def _compare(case: RoundCase, differences: list[str]) -> RoundPairing | None:
    assert case.options.initial_colour is not None
    text = event_to_trf(case.event, case.round, case.not_playing, case.options.initial_colour)
    try:
        theirs: list[tuple[int, int]] | None = gacrux_pairs(text)
    except GacruxNoLegalPairing:
        theirs = None
    try:
        pairing = pair_swiss(case.event, case.round, case.options)
    except PairingError:
        assert theirs is None, f"tournament {case.seed} round {case.round}: only Arbiter failed"
        return None
    if _as_engine_pairs(pairing) != theirs:
        differences.append(f"tournament {case.seed} round {case.round}")
    # Whatever the engine, the basic rules hold: nobody twice, no repeat opponents.
    paired = [t for b in pairing.boards for t in b.players]
    assert len(paired) == len(set(paired))
    for board in pairing.boards:
        for r in range(1, case.round):
            e = case.event.entry(board.white, r)
            assert not (e.kind is EntryKind.GAME and e.opponent == board.black)
    return pairing


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(TOURNAMENTS))
def test_every_round_equals_the_reference_implementation(seed: int) -> None:
    differences: list[str] = []
    rounds = play(seed, lambda case: _compare(case, differences))
    assert rounds >= 1
    assert differences == []


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1001, 1009, 1015])
def test_forbidden_pairs_reach_the_engine_as_in_the_reference(seed: int) -> None:
    """TRF 260 in gacrux's own reading equals Arbiter's in-process prohibition."""
    differences: list[str] = []
    forbidden_met: list[str] = []

    def pair(case: RoundCase) -> RoundPairing | None:
        pairing = _compare(case, differences)
        if pairing is not None:
            for b in pairing.boards:
                if frozenset(b.players) in case.event.forbidden_pairs:
                    forbidden_met.append(f"round {case.round}: {b.players}")
        return pairing

    assert play(seed, pair, forbidden=3) >= 1
    assert differences == [] and forbidden_met == []


def _field(n: int, rounds: int = 5) -> Event:
    players = tuple(Player(t, f"P{t}", 2500 - 10 * t) for t in range(1, n + 1))
    return Event(
        info=EventInfo(name="t"),
        system=System.SWISS,
        planned_rounds=rounds,
        players=players,
        entries={t: () for t in range(1, n + 1)},
    )


def test_round_one_is_top_half_against_bottom_half_with_alternating_colours() -> None:
    """C.04.3 (round 1: the top half meets the bottom half) and 5.2.5 (colours alternate from the drawn colour)."""
    pairing = pair_swiss(_field(8), 1, WHITE)
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    black_first = pair_swiss(_field(8), 1, SwissOptions(initial_colour=Colour.BLACK))
    assert [(b.white, b.black) for b in black_first.boards] == [(5, 1), (2, 6), (7, 3), (4, 8)]


def test_round_one_needs_the_drawn_initial_colour() -> None:
    with pytest.raises(RuleError, match="drawn by lot"):
        pair_swiss(_field(8), 1)


def test_a_fault_inside_the_engine_is_a_refusal_not_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fuzz run found a TRF that made the engine read a variable it never set."""
    from gacrux.pairingdutch import pairing_dutch

    def fault(self: object, verbose: bool) -> None:
        raise UnboundLocalError("cannot access local variable 'll_id'")

    monkeypatch.setattr(pairing_dutch, "compute_pairing", fault)
    with pytest.raises(RuleError) as info:
        pair_swiss(_field(8), 1, WHITE)
    assert str(info.value).startswith(
        "the Dutch pairing engine failed on round 1 (UnboundLocalError: cannot access local"
        " variable 'll_id'); nothing was paired. Pair the round by hand"
    )


def test_odd_field_gives_the_last_player_the_pairing_allocated_bye() -> None:
    """C.04.3 article 1.5 / C.04.1 c: the PAB goes to the lowest-ranked player."""
    pairing = pair_swiss(_field(7), 1, WHITE)
    assert pairing.pairing_bye is not None and pairing.pairing_bye.tpn == 7
    assert "C.04.1" in pairing.pairing_bye.reason
    assert pairing.engine_text().splitlines() == ["4", "1 4", "5 2", "3 6", "7 0"]


def test_forbidden_pairs_are_never_paired() -> None:
    """TRF 260: the natural round-1 pair 1-5 is forbidden, so 1 meets someone else."""
    event = replace(_field(8), forbidden_pairs=(frozenset({1, 5}),))
    pairing = pair_swiss(event, 1, WHITE)
    assert pairing.opponents()[1] != 5
    assert pair_swiss(_field(8), 1, WHITE).opponents()[1] == 5


def test_absent_withdrawn_and_bye_requests_are_left_out() -> None:
    event = _field(10)
    players = [replace(p, withdrawn_from_round=1) if p.tpn == 2 else p for p in event.players]
    event = replace(
        event.with_players(players),
        bye_requests=(ByeRequest(3, 1, EntryKind.HALF_BYE), ByeRequest(4, 2, EntryKind.HALF_BYE)),
    )
    pairing = pair_swiss(event, 1, replace(WHITE, absent=frozenset({5})))
    byes = {y.tpn: y.kind for y in pairing.byes}
    # Seven remain (4's request is for round 2): the lowest, 10, has the PAB.
    assert byes == {
        2: EntryKind.WITHDRAWN,
        3: EntryKind.HALF_BYE,
        5: EntryKind.NOT_PAIRED,
        10: EntryKind.PAIRING_BYE,
    }
    paired = sorted(t for b in pairing.boards for t in b.players)
    assert paired == [1, 4, 6, 7, 8, 9]


def test_no_repeat_pairings_and_scores_drive_the_next_round() -> None:
    event = _field(8)
    pairing = pair_swiss(event, 1, WHITE)
    # The higher-numbered player of each board wins: the winners are 5, 6, 7, 8.
    results = {
        b.number: (GameResult.WHITE_WINS if b.white > b.black else GameResult.BLACK_WINS)
        for b in pairing.boards
    }
    event = append_round(event, pairing, results)
    second = pair_swiss(event, 2)
    winners = {5, 6, 7, 8}
    for board in second.boards:
        assert (board.white in winners) == (board.black in winners)
        assert second.opponents()[board.white] != pairing.opponents()[board.white]


def test_a_pab_or_forfeit_win_blocks_a_second_pab_under_fide_rules() -> None:
    """C.04.1 d: no PAB for a player who had a PAB or a forfeit win."""
    event = _field(5)
    # Round 1: 5 had the PAB; 1 beat 3 by forfeit; 2-4 drawn.
    entries = {
        1: (RoundEntry.of(EntryKind.FORFEIT_WIN, 3, Colour.WHITE),),
        3: (RoundEntry.of(EntryKind.FORFEIT_LOSS, 1, Colour.BLACK),),
        2: (RoundEntry.game(4, Colour.BLACK, Outcome.DRAW),),
        4: (RoundEntry.game(2, Colour.WHITE, Outcome.DRAW),),
        5: (RoundEntry(EntryKind.PAIRING_BYE),),
    }
    event = event.with_entries(entries)
    pairing = pair_swiss(event, 2, WHITE)
    assert pairing.pairing_bye is not None
    assert pairing.pairing_bye.tpn not in (1, 5)


def test_an_unpairable_round_says_so() -> None:
    event = _field(2, rounds=2)
    pairing = pair_swiss(event, 1, WHITE)
    event = append_round(event, pairing, {1: GameResult.DRAW})
    with pytest.raises(PairingError, match=r"C\.04\.3"):
        pair_swiss(event, 2)


def test_pairing_numbers_with_gaps_keep_their_order() -> None:
    players = tuple(Player(t, f"P{t}", 2000) for t in (3, 7, 9, 20))
    event = Event(
        system=System.SWISS, planned_rounds=3, players=players, entries={p.tpn: () for p in players}
    )
    pairing = pair_swiss(event, 1, WHITE)
    assert [(b.white, b.black) for b in pairing.boards] == [(3, 9), (20, 7)]


def test_forfeits_do_not_count_as_meetings_but_scores_do() -> None:
    """A forfeit is no game played (C.04.1 b counts games): the two may be paired again."""
    event = _field(4, rounds=3)
    entries = {
        1: (RoundEntry.of(EntryKind.FORFEIT_WIN, 3, Colour.WHITE),),
        3: (RoundEntry.of(EntryKind.FORFEIT_LOSS, 1, Colour.BLACK),),
        2: (RoundEntry.game(4, Colour.BLACK, Outcome.WIN),),
        4: (RoundEntry.game(2, Colour.WHITE, Outcome.LOSS),),
    }
    pairing = pair_swiss(event.with_entries(entries), 2, WHITE)
    assert pairing.opponents()[1] == 2
