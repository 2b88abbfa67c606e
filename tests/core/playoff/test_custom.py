"""A custom regulation from FIDE C.07 article 3.1's parameters: the 2025 three-way play-off.

The fixture: a 10-player event ends with three players tied for first; they
play a blitz double round robin, then (still tied) a single round robin as a
decider; places are not shared: each place decided keeps its own prize.
"""

import json
from dataclasses import replace
from decimal import Decimal

import pytest

from arbiter_app.core.errors import InputError
from arbiter_app.core.playoff import (
    ColourRule,
    Format,
    PlayoffState,
    Printed,
    Regulation,
    Schedule,
    Stage,
    StageKind,
    Start,
    StartRule,
    Tie,
    custom,
    next_step,
)
from arbiter_app.core.playoff.results import final_placings, prize_table
from arbiter_app.core.prizes import PrizeFund, SharingPolicy
from tests.support.playoff import draws, drive, stronger_first


@pytest.fixture
def three_way_2025() -> Regulation:
    return custom(
        title="2025 three-way play-off (10-player round robin)",
        places=(1,),  # 3.1.1
        qualification="the players tied for first place after the final round",  # 3.1.2
        pairing_numbers="by lot",  # 3.1.4
        colours="Berger tables; second cycle with colours reversed",  # 3.1.5
        schedule=Schedule(StartRule.AFTER_LAST_GAME, 30, 5, "C.07 3.1.7"),  # 3.1.7
        stages=(  # 3.1.3 and 3.1.6
            Stage(
                StageKind.ROUND_ROBIN,
                (Format(2, None, "180+2", 2, "C.07 3.1.3", "blitz double round robin"),),
                article="C.07 3.1.3",
                colours=ColourRule.LOTS,
                colours_article="C.07 3.1.4",
            ),
            Stage(
                StageKind.ROUND_ROBIN,
                (Format(2, None, "180+2", 1, "C.07 3.1.3", "decider"),),
                article="C.07 3.1.3",
                colours=ColourRule.LOTS,
                colours_article="C.07 3.1.4",
            ),
        ),
        sharing=SharingPolicy(pool_original_tie=False, article="C.07 3.1 (prizes not shared)"),
    )


def test_the_2025_three_way_play_off_is_expressible_and_plays_out(three_way_2025) -> None:
    reg = Regulation.from_json(json.loads(json.dumps(three_way_2025.to_json())))
    assert reg == three_way_2025
    state = PlayoffState(reg, (Tie(1, (2, 5, 9)),)).apply(Start(None))
    trace: list = []
    state = drive(state, draws(), stop=("print",), trace=trace)
    printed = next_step(state)
    assert len(printed.games) == 6 and {g.time_control for g in printed.games} == {"G/3+2"}
    # The double round robin, all games drawn: still tied, on to the decider.
    state = drive(state.apply(Printed()), draws(), stop=("print", "done"))
    decider = next_step(state)
    assert decider.code == "print" and len(decider.games) == 3
    state = drive(state, stronger_first([9, 2, 5]))
    assert [g.players for g in state.final_groups()] == [(9,), (2,), (5,)]
    placings = final_placings(state, [(2, 1, 3), (5, 1, 3), (9, 1, 3), (1, 4, 4)])
    rows, _ = prize_table(reg, placings, {}, PrizeFund.of(175000, 100000, 75000, 60000))
    assert [(r.tpn, r.place, r.money) for r in rows] == [
        (9, "1", Decimal("175000.00")),
        (2, "2", Decimal("100000.00")),
        (5, "3", Decimal("75000.00")),
        (1, "4", Decimal("60000.00")),
    ]


def test_custom_regulation_lists_the_c07_3_1_parameters(three_way_2025) -> None:
    params = three_way_2025.c07_parameters()
    assert list(params) == ["3.1.1", "3.1.2", "3.1.3", "3.1.4", "3.1.5", "3.1.6", "3.1.7"]
    assert params["3.1.1"] == "places 1"
    assert params["3.1.6"] == "G/3+2"
    assert "30 minutes after the last game" in params["3.1.7"]
    assert "2 cycles" in params["3.1.3"] and "1 cycle)" in params["3.1.3"]


def test_still_tied_after_the_decider_the_arbiter_decides(three_way_2025) -> None:
    state = PlayoffState(three_way_2025, (Tie(1, (2, 5, 9)),)).apply(Start(None))
    state = drive(state, draws())
    step = next_step(state)
    assert step.code == "decide" and step.article == "C.07 3.1.3"


def test_qualification_after_tie_breaks_is_a_parameter(three_way_2025) -> None:
    """C.07 3.1.2: which tied players qualify, after which tie-breaks."""
    after_one = replace(three_way_2025, qualify_after_tiebreaks=1)
    assert Regulation.from_json(after_one.to_json()).qualify_after_tiebreaks == 1
    assert "after the first 1 tie-break)" in after_one.c07_parameters()["3.1.2"]
    data = after_one.to_json()
    data["qualify_after_tiebreaks"] = -1
    with pytest.raises(InputError, match=r"3\.1\.2"):
        Regulation.from_json(data)
