"""Regulations are data: every preset survives JSON, bad regulations are refused by name."""

import json

import pytest

from arbiter_app.core.errors import InputError, RuleError
from arbiter_app.core.playoff import PRESETS, Regulation, StageKind, preset
from arbiter_app.core.playoff.presets import GCT_ARMAGEDDON
from arbiter_app.core.timecontrol import parse


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_round_trips_through_json(name: str) -> None:
    reg = preset(name)
    text = json.dumps(reg.to_json())
    assert Regulation.from_json(json.loads(text)) == reg


def test_the_preset_names() -> None:
    assert set(PRESETS) == {
        "gct-2023-rapid-blitz",
        "gct-2023-classical",
        "gct-2023-tour",
        "city-chess-ok",
    }
    with pytest.raises(RuleError, match=r"no play-off regulation called 'gct-2024'.*city-chess-ok"):
        preset("gct-2024")


def test_gct_event_presets_carry_the_articles_values() -> None:
    """2.3.1/2.3.2, 3.3.1/3.3.2 clocks; 2.5.1 Armageddon; 2.6/3.6 fixed amounts; 2.2/3.2 gap."""
    rapid, classical = preset("gct-2023-rapid-blitz"), preset("gct-2023-classical")
    assert [str(f.clock) for f in rapid.stages[0].formats] == ["G/10+5", "G/5+3"]
    assert [str(f.clock) for f in classical.stages[0].formats] == ["G/15+10", "G/10+5"]
    assert [f.cycles for f in rapid.stages[0].formats] == [2, 1]
    for reg in (rapid, classical):
        assert reg.places == (1,) and reg.schedule.gap_minutes == 15
        knockout = reg.stages[1]
        assert knockout.kind is StageKind.ARMAGEDDON_KNOCKOUT and knockout.draw_wins_for_black
        assert knockout.formats[0].time_control == GCT_ARMAGEDDON
    assert parse(GCT_ARMAGEDDON).us() == "White G/5, Black G/4, +2 from move 61"
    assert str(rapid.sharing.winner_fixed) == "5000.00"
    assert str(classical.sharing.winner_fixed) == "10000.00"


def test_tour_preset_values() -> None:
    """4.1 places 1 and 3; 4.7/4.8 G/15+10; 4.10 G/5+2; 4.12 four round robins."""
    tour = preset("gct-2023-tour")
    assert tour.places == (1, 3) and tour.max_round_robins == 4
    assert [s.formats[1].time_control for s in tour.stages] == ["900+10", "900+10", "300+2"]
    assert [s.formats[0].cycles for s in tour.stages] == [2, 2, 2]  # 4.6
    assert tour.stages[2].repeat is None


def test_a_malformed_regulation_is_reported_by_name() -> None:
    data = preset("gct-2023-rapid-blitz").to_json()
    del data["places"]
    with pytest.raises(InputError, match="missing field 'places'"):
        Regulation.from_json(data)
    data = preset("gct-2023-rapid-blitz").to_json()
    data["stages"][0]["formats"][0]["time_control"] = "ten minutes"
    with pytest.raises(InputError, match="time control"):
        Regulation.from_json(data)
    data = preset("gct-2023-rapid-blitz").to_json()
    data["stages"][1]["colours"] = "lots"
    with pytest.raises(InputError, match="Armageddon colours are given by a coin toss"):
        Regulation.from_json(data)
    data = preset("city-chess-ok").to_json()
    data["stages"][0]["formats"][0]["max_players"] = 3
    with pytest.raises(InputError, match="head-to-head check is between exactly 2 players"):
        Regulation.from_json(data)
    data = preset("city-chess-ok").to_json()
    data["stages"][0]["kind"] = "swiss"
    with pytest.raises(InputError, match="swiss"):
        Regulation.from_json(data)


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("schedule", None, "schedule must be an object with named fields"),
        ("sharing", [], "sharing must be an object with named fields"),
        ("stages", [[1]], "stage 1 must be an object with named fields"),
        ("stages", [{"kind": "round-robin", "formats": 5}], "stage 1: formats must be a list"),
    ],
)
def test_parts_of_the_wrong_shape_are_said_before_any_field_is_read(
    key: str, value: object, said: str
) -> None:
    """Found by the fuzz long run: a null schedule reached ``None.get``."""
    data = PRESETS["gct-2023-tour"].to_json()
    data[key] = value
    with pytest.raises(InputError, match=said):
        Regulation.from_json(data)
    data = PRESETS["gct-2023-tour"].to_json()
    data["points"] = None  # no tour points: allowed
    assert Regulation.from_json(data).points is None
