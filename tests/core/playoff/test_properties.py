"""Properties of every play-off: it ends, every answer cites an article, places add up."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_app.core.playoff import (
    PRESETS,
    Decide,
    PlayoffState,
    Ruling,
    Start,
    Step,
    Tie,
    next_step,
    preset,
)
from tests.support.playoff import drive

RESULTS = ("1-0", "0-1", "1/2-1/2")


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(2, 9),
    st.integers(1, 3),
    st.integers(0, 10**6),
)
def test_every_play_off_ends_and_every_step_cites_an_article(name, size, place, seed) -> None:
    """C.07 3.1: the regulation decides every case; the engine never stalls or guesses silently."""
    rng = random.Random(seed)
    players = tuple(range(10, 10 + size))
    state = PlayoffState(preset(name), (Tie(place, players),)).apply(Start(None))
    trace: list[Step] = []
    for _ in range(40):
        state = drive(
            state,
            lambda game: rng.choice(RESULTS),
            seed=seed,
            trace=trace,
            stop=("done", "decide", "resolve-ambiguity"),
        )
        step = next_step(state)
        if step.code == "done":
            break
        if step.code == "decide":
            order = list(step.players)
            rng.shuffle(order)
            state = state.apply(Decide(tuple(order), "test: drawing of lots"))
        else:
            state = state.apply(Ruling(step.players, rng.random() < 0.5, "test ruling"))
    assert next_step(state).code == "done"
    assert all(s.article for s in trace)
    assert all(s.games for s in trace if s.code in ("play", "print"))
    groups = state.final_groups()
    assert sorted(t for g in groups for t in g.players) == sorted(players)
    expected = place
    for g in groups:
        assert g.place == expected and g.original == Tie(place, players)
        expected += len(g.players)
    assert sum(g.winner for g in groups) <= 1
