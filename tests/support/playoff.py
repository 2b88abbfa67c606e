"""Drive a play-off in tests: draw lots from fixed seeds, toss, print, and play scripted results."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from arbiter_app.core.lots import seeded_draw, seeded_toss
from arbiter_app.core.model import Colour
from arbiter_app.core.playoff import (
    DrawLots,
    GameSpec,
    PlayoffState,
    Printed,
    Result,
    Step,
    Toss,
    next_step,
)

Referee = Callable[[GameSpec], str]


def draws() -> Referee:
    return lambda game: "1/2-1/2"


def stronger_first(order: Sequence[int]) -> Referee:
    """The player listed earlier wins; players not listed draw with each other."""
    rank = {tpn: i for i, tpn in enumerate(order)}

    def referee(game: GameSpec) -> str:
        w, b = rank.get(game.white), rank.get(game.black)
        if w is None and b is None:
            return "1/2-1/2"
        if b is None or (w is not None and w < b):
            return "1-0"
        return "0-1"

    return referee


def drive(
    state: PlayoffState,
    referee: Referee,
    *,
    seed: int = 1,
    stop: Collection[str] = ("done", "decide", "resolve-ambiguity", "start"),
    choice: Colour = Colour.WHITE,
    trace: list[Step] | None = None,
) -> PlayoffState:
    """Apply the obvious action for each step until a step in *stop* comes up."""
    for _ in range(500):
        step = next_step(state)
        if trace is not None:
            trace.append(step)
        if step.code in stop:
            return state
        if step.code == "draw-lots":
            state = state.apply(DrawLots(seeded_draw(step.text, step.players, seed)))
            seed += 1
        elif step.code == "toss":
            assert step.game is not None
            state = state.apply(Toss(step.game, seeded_toss("toss", step.players, seed), choice))
            seed += 1
        elif step.code == "print":
            state = state.apply(Printed())
        elif step.code == "play":
            for game in step.games:
                state = state.apply(Result(game.id, referee(game)))
        else:
            raise AssertionError(f"unexpected step {step.code}")
    raise AssertionError("the play-off did not end")
