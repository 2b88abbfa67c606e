"""An event whose number of rounds is unknown (a TRF file without record 142 or XXR) has
no round known to be its final one, so the Dutch system pairs none as the final round
(C.04.3 article 1.8: the final round relaxes C3, C10 and C11 for its topscorers)."""

from __future__ import annotations

from dataclasses import replace

from arbiter_app.core.generator.output import generated_trf
from arbiter_app.core.generator.tournament import GeneratorSettings, generate
from arbiter_app.core.model import Event
from arbiter_app.core.pairing.boards import RoundPairing
from arbiter_app.core.pairing.recorded import recorded_pairing
from arbiter_app.core.pairing.swiss import SwissOptions, pair_round
from arbiter_app.core.trf import TrfVersion, parse_trf


def _boards(pairing: RoundPairing) -> set[tuple[int, int]]:
    return {(b.white, b.black) for b in pairing.boards}


def test_q35_a_round_of_an_event_of_unknown_length_is_not_paired_as_the_final_one() -> None:
    """Seed 1 (12 players, 7 rounds): round 6 as the generator paired it, a round with one
    more to come. Told the event has 6 rounds, the engine pairs round 6 otherwise (so the
    final round's exceptions matter there); not told, it pairs it as the file has it."""
    settings = GeneratorSettings(players=12, rounds=7, seed=1)
    doc = parse_trf(generated_trf(generate(settings), TrfVersion.TRF26))
    event: Event = doc.event
    options = SwissOptions(initial_colour=doc.initial_colour)
    recorded = {(b.white, b.black) for b in recorded_pairing(event, 6).boards}
    before = event.truncated(5)
    assert _boards(pair_round(replace(before, planned_rounds=7), 6, options)) == recorded
    assert _boards(pair_round(replace(before, planned_rounds=6), 6, options)) != recorded
    assert _boards(pair_round(replace(before, planned_rounds=0), 6, options)) == recorded
    own = replace(options, engine="own")
    assert _boards(pair_round(replace(before, planned_rounds=0), 6, own)) == recorded
