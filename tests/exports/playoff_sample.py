"""A GCT 2023 rapid & blitz play-off among three players tied for first, played to the end.

The three play a blitz round robin (2.3.2) whose games are all drawn, then an
Armageddon knockout (2.4): with three players one gets a bye by lot (2.4.1);
colours are tossed (2.5.3). Seeds are fixed, so the outcome is too.
"""

from __future__ import annotations

from arbiter_app.core.lots import seeded_draw, seeded_toss
from arbiter_app.core.model import Colour
from arbiter_app.core.playoff import (
    DrawLots,
    PlayoffState,
    Printed,
    Result,
    Start,
    Tie,
    Toss,
    next_step,
    preset,
)

TIED = (1, 3, 4)


def played_playoff(*, stop_before_final: bool = False) -> PlayoffState:
    state = PlayoffState(preset("gct-2023-rapid-blitz"), (Tie(1, TIED),)).apply(Start(None))
    seed = 7
    for _ in range(200):
        step = next_step(state)
        if step.code in ("done", "decide"):
            return state
        if step.code == "draw-lots":
            purpose = (
                "Pairing numbers of the play-off round robin"
                if "pairing numbers" in step.text
                else "Armageddon knockout: pairings and byes"
            )
            draw = seeded_draw(
                purpose, step.players, seed, witnesses=("Petra Svobodová",), article=step.article
            )
            state = state.apply(DrawLots(draw))
        elif step.code == "toss":
            assert step.game is not None
            toss = seeded_toss("Armageddon colours", step.players, seed, article=step.article)
            state = state.apply(Toss(step.game, toss, Colour.BLACK))
        elif step.code == "print":
            state = state.apply(Printed())
        elif step.code == "play":
            for game in step.games:
                if game.armageddon:
                    if (
                        stop_before_final
                        and len([g for g in state.games() if g.spec.armageddon]) > 1
                    ):
                        return state
                    # The higher pairing number wins each Armageddon game.
                    result = "1-0" if game.white > game.black else "0-1"
                else:
                    result = "1/2-1/2"
                state = state.apply(Result(game.id, result))
        else:
            raise AssertionError(f"unexpected step {step.code}: {step.text}")
        seed += 1
    raise AssertionError("the play-off did not end")
