"""The play-off card and the window's bracket name a round robin's players by the numbers
drawn for it (``1. Name``, FIDE C.07 3.1.4), read from the core's play-off model."""

from __future__ import annotations

from arbiter_app.core.playoff import PlayoffState, Printed, Start, Tie, next_step, preset
from arbiter_app.core.playoff.gate import PlayoffGate, PlayoffStatus
from arbiter_app.exports.sheet import embed
from arbiter_app.ui.playoff_adapter import playoff_view
from tests.exports.samples import NAMES
from tests.exports.test_drawn_numbers import TIED, drawn_round_robin


def test_the_card_and_the_bracket_show_the_drawn_numbers() -> None:
    state, order = drawn_round_robin()
    state = state.apply(Printed())  # the card now lists the games to play
    number = {tpn: k for k, tpn in enumerate(order, 1)}
    view = playoff_view(PlayoffGate(PlayoffStatus.STARTED, ""), state, NAMES)
    assert view.step is not None
    text = view.step.text
    assert "Pairing numbers drawn" in text
    games_line = next(line for line in text.splitlines() if line.startswith("Games: "))
    for game in next_step(state).games:
        expected = f"{game.id} {number[game.white]}. {NAMES[game.white]} – "
        assert expected + f"{number[game.black]}. {NAMES[game.black]}" in games_line
    (box,) = view.stages[0].boxes
    assert sorted(e.name for e in box.entries) == sorted(
        f"{k}. {NAMES[t]}" for k, t in enumerate(order, 1)
    )


def test_before_the_draw_the_card_names_players_by_their_main_event_numbers() -> None:
    """ "1. Name" is a drawn play-off number; before the draw the card writes "Name (12)",
    as the sheets do, so the arbiter never mistakes the one for the other."""
    state = PlayoffState(preset("gct-2023-rapid-blitz"), (Tie(1, TIED),)).apply(Start(None))
    view = playoff_view(PlayoffGate(PlayoffStatus.STARTED, ""), state, NAMES)
    assert view.step is not None
    (line,) = [x for x in view.step.text.splitlines() if x.startswith("Players: ")]
    assert line == "Players: " + ", ".join(f"{embed(NAMES[t])} ({t})" for t in TIED)
