"""Reading the round a file asks to pair, and re-pairing a finished event round by round."""

from __future__ import annotations

from dataclasses import replace

from arbiter_app.core.model import EntryKind, Event, RoundEntry
from arbiter_app.core.pairing import RoundPairing, pair_swiss
from arbiter_app.core.pairing.recorded import check_rounds, next_round, recorded_pairing
from tests.support.random_swiss import RoundCase, play


def _finished(seed: int) -> tuple[Event, list[RoundPairing]]:
    pairings: list[RoundPairing] = []
    last: list[Event] = []

    def pair(case: RoundCase) -> RoundPairing:
        pairing = pair_swiss(case.event, case.round, case.options)
        pairings.append(pairing)
        last[:] = [case.event]
        return pairing

    play(seed, pair)
    return last[0], pairings


def test_recorded_pairings_and_the_check_read_byes_from_the_rounds_themselves() -> None:
    """A TRF-16 file has no bye requests (record 240): its H/F/Z cells say it all."""
    event, pairings = _finished(2)
    bare = replace(event, bye_requests=())
    for pairing in pairings[:-1]:
        recorded = recorded_pairing(bare, pairing.round)
        assert {b.players for b in recorded.boards} == {b.players for b in pairing.boards}
    checks = list(check_rounds(bare))
    assert len(checks) == len(pairings) - 1
    assert all(c.differences == () for c in checks), [c.differences for c in checks]
    # Somebody really had a requested bye in those rounds, so the test means something.
    assert any(
        bare.entry(p.tpn, r).kind is EntryKind.HALF_BYE
        for p in bare.players
        for r in range(1, bare.rounds_played + 1)
    )


def test_next_round_turns_the_cells_of_the_round_to_pair_into_requests() -> None:
    event, _ = _finished(2)
    rows = {
        t: (*row, RoundEntry(EntryKind.ZERO_BYE)) if t == 1 else row
        for t, row in event.entries.items()
    }
    before, rnd = next_round(replace(event.with_entries(rows), bye_requests=()))
    assert rnd == event.rounds_played + 1
    assert before.rounds_played == event.rounds_played
    assert [(r.tpn, r.round, r.kind) for r in before.bye_requests] == [(1, rnd, EntryKind.ZERO_BYE)]
