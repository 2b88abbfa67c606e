"""Drawn play-off numbers 1..n: once a round robin's pairing numbers are drawn by lot, its
players appear as ``1. Name`` on the pairing sheet and the score sheets (FIDE C.07 3.1.4)."""

from __future__ import annotations

from arbiter_app.core.lots import seeded_draw
from arbiter_app.core.playoff import DrawLots, PlayoffState, Start, Tie, next_step, preset
from arbiter_app.exports.bracket import bracket_sheet
from arbiter_app.exports.playoff import stage_pairings_sheet
from arbiter_app.exports.scoresheet import scoresheets_sheet
from arbiter_app.exports.sheet import Fields, embed
from tests.exports.samples import NAMES, sample_event

EVENT = sample_event()
TIED = (1, 3, 4)


def drawn_round_robin(seed: int = 2) -> tuple[PlayoffState, tuple[int, ...]]:
    """The GCT 2023 rapid & blitz play-off of three tied players, its round robin's pairing
    numbers just drawn by lot; the drawn order (the player with number 1 first)."""
    state = PlayoffState(preset("gct-2023-rapid-blitz"), (Tie(1, TIED),)).apply(Start(None))
    step = next_step(state)
    assert step.code == "draw-lots" and "pairing numbers" in step.text
    draw = seeded_draw("Pairing numbers", step.players, seed, article=step.article)
    return state.apply(DrawLots(draw)), tuple(draw.outcome)


def test_the_core_holds_the_drawn_numbers_by_stage() -> None:
    state, order = drawn_round_robin()
    assert order != TIED, "the seed must draw an order other than the main event's"
    (stage,) = {g.spec.stage_title for g in state.games()}
    assert state.drawn_numbers() == {stage: {tpn: k for k, tpn in enumerate(order, 1)}}
    before = PlayoffState(preset("gct-2023-rapid-blitz"), (Tie(1, TIED),)).apply(Start(None))
    assert before.drawn_numbers() == {}


def test_the_pairing_sheet_numbers_players_by_the_draw() -> None:
    state, order = drawn_round_robin()
    number = {tpn: k for k, tpn in enumerate(order, 1)}
    sheet = stage_pairings_sheet(EVENT, state)
    (table,) = sheet.tables()
    for row in table.rows:
        white = next(t for t in TIED if NAMES[t] == row[3])
        black = next(t for t in TIED if NAMES[t] == row[6])
        assert (row[2], row[5]) == (str(number[white]), str(number[black]))
    fields = dict(next(b for b in sheet.blocks if isinstance(b, Fields)).items)
    expected = ", ".join(f"{k}. {embed(NAMES[t])}" for k, t in enumerate(order, 1))
    assert fields["Pairing numbers"] == f"drawn by lot: {expected}"


def test_score_sheets_name_players_by_the_drawn_number() -> None:
    state, order = drawn_round_robin()
    number = {tpn: k for k, tpn in enumerate(order, 1)}
    sheet = scoresheets_sheet(EVENT, state)
    pages = [dict(b.items) for b in sheet.blocks if isinstance(b, Fields) and len(b.items) > 1]
    games = [g.spec for g in state.games()]
    assert len(pages) == len(games)
    for page, game in zip(pages, games, strict=True):
        assert page["White"] == f"{number[game.white]}. {embed(NAMES[game.white])}"
        assert page["Black"] == f"{number[game.black]}. {embed(NAMES[game.black])}"


def test_the_printed_bracket_lists_the_round_robin_by_the_drawn_numbers() -> None:
    state, order = drawn_round_robin()
    sheet = bracket_sheet(EVENT, state)
    (table,) = sheet.tables()
    assert [c.title for c in table.columns] == ["No.", "Player", "Points"]
    # No game played yet: everybody on 0, in the order drawn, nobody leading.
    assert [row[0] for row in table.rows] == ["1", "2", "3"]
    assert [row[1] for row in table.rows] == [f"{embed(NAMES[t])} ({t})" for t in order]
    assert {row[2] for row in table.rows} == {"0"} and not table.strong_rows
    # Before the draw the stage is not there yet: the sheet says nothing is drawn.
    before = PlayoffState(preset("gct-2023-rapid-blitz"), (Tie(1, TIED),)).apply(Start(None))
    assert bracket_sheet(EVENT, before).tables() == []
