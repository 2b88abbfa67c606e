"""The Armageddon bye drawn by lot is on the bracket as soon as it is drawn (GCT 2023 3.4.1)."""

from __future__ import annotations

from arbiter_app.core.lots import seeded_draw, seeded_toss
from arbiter_app.core.model import Colour
from arbiter_app.core.playoff import (
    DrawLots,
    PlayoffState,
    Printed,
    Result,
    Tie,
    Toss,
    next_step,
    preset,
)
from arbiter_app.exports.bracket import PENDING, bracket_sheet
from arbiter_app.exports.html import sheet_to_html
from arbiter_app.exports.sheet import Bracket
from arbiter_app.ui.playoff_adapter import bracket
from tests.exports.playoff_sample import TIED
from tests.exports.samples import sample_event

EVENT = sample_event()
NAMES = {p.tpn: p.name for p in EVENT.players}


def _knockout_drawn() -> PlayoffState:
    """The rapid play-off of three, its round robin drawn, the knockout's round 1 drawn."""
    from arbiter_app.core.playoff import Start

    state = PlayoffState(preset("gct-2023-rapid-blitz"), (Tie(1, TIED),)).apply(Start(None))
    for _ in range(100):
        step = next_step(state)
        if step.code == "draw-lots":
            state = state.apply(DrawLots(seeded_draw(step.text, step.players, 7)))
            if "knockout" in step.text:
                return state
        elif step.code == "toss":
            assert step.game is not None
            state = state.apply(Toss(step.game, seeded_toss("t", step.players, 7), Colour.BLACK))
        elif step.code == "print":
            state = state.apply(Printed())
        elif step.code == "play":
            for game in step.games:
                state = state.apply(Result(game.id, "1/2"))
    raise AssertionError("the knockout was never drawn")


def test_the_drawn_round_and_its_bye_before_any_toss() -> None:
    state = _knockout_drawn()
    assert next_step(state).code == "toss"
    [drawn] = state.drawn_rounds()
    assert drawn.round == 1 and len(drawn.pairs) == 1 and len(drawn.byes) == 1
    (bye,) = drawn.byes
    # The printed bracket: the pair waiting for its toss, and the bye drawn by lot.
    sheet = bracket_sheet(EVENT, state)
    [tree] = [b for b in sheet.blocks if isinstance(b, Bracket)]
    texts = [root.text for root in tree.roots]
    assert any(PENDING in t for t in texts)
    assert any(t.endswith(f"({bye}): bye, drawn by lot") for t in texts)
    assert "No Armageddon knockout" not in sheet_to_html(sheet)
    # The window's bracket (card, projector) shows the same round.
    stages = bracket(state, NAMES)
    knockout = [s for s in stages if "knockout" in s.title.lower()]
    assert knockout, [s.title for s in stages]
    boxes = knockout[-1].boxes
    assert any(PENDING in b.title for b in boxes)
    assert any(b.title == "Bye" and b.entries[0].name == NAMES[bye] for b in boxes)
