"""Actions have a journal (JSON) form; a state rebuilt from the journal is the same state."""

import json
from datetime import datetime

import pytest

from arbiter_app.core.errors import InputError
from arbiter_app.core.lots import physical_draw, seeded_draw, seeded_toss
from arbiter_app.core.model import Colour
from arbiter_app.core.playoff import (
    Choose,
    Decide,
    DrawLots,
    PlayoffState,
    Printed,
    Result,
    Ruling,
    Start,
    Tie,
    Toss,
    action_from_json,
    action_to_json,
    next_step,
    preset,
)
from tests.support.playoff import draws, drive

ACTIONS = [
    Start(datetime(2023, 8, 20, 18, 30)),
    Start(None),
    DrawLots(seeded_draw("pairing numbers", (3, 7, 12), 99, witnesses=("Deputy",), article="2.3")),
    DrawLots(physical_draw("byes", (1, 2, 3), (3, 1, 2))),
    Toss("G4", seeded_toss("toss", (3, 7), 5, article="2.5.3"), Colour.BLACK),
    Toss("G5", seeded_toss("toss", (3, 7), 6)),
    Choose("G5", Colour.WHITE),
    Printed(),
    Result("G1", "1/2-1/2"),
    Decide((2, 1), "drawing of lots"),
    Ruling((2, 3), True, "4.3"),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: type(a).__name__)
def test_actions_round_trip_through_json(action) -> None:
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


def test_a_state_rebuilt_from_its_journal_gives_the_same_answers() -> None:
    reg = preset("gct-2023-rapid-blitz")
    state = drive(PlayoffState(reg, (Tie(1, (3, 7, 12)),)).apply(Start(None)), draws())
    journal = json.dumps([action_to_json(a) for a in state.actions])
    again = PlayoffState(reg, (Tie(1, (3, 7, 12)),)).apply_all(
        action_from_json(a) for a in json.loads(journal)
    )
    assert again == state and next_step(again) == next_step(state)
    assert again.final_groups() == state.final_groups()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "jump"}, "unknown play-off action 'jump'"),
        ({"action": "result", "game": "G1"}, "missing 'result'"),
        (
            {"action": "toss", "game": "G1", "choice": "red", "draw": {}},
            "a colour is white or black, not 'red'",
        ),
        ({"action": "start", "at": "yesterday"}, "yesterday"),
    ],
)
def test_a_malformed_journal_entry_is_reported(data, message) -> None:
    with pytest.raises(InputError, match=message):
        action_from_json(data)
