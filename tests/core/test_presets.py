"""Presets reproduce the seed documents' announced tie-break lists."""

import pytest

from arbiter_app.core.errors import UnknownTieBreak
from arbiter_app.core.model import RuleSet
from arbiter_app.core.playoff.scope import playoff_scope
from arbiter_app.core.presets import (
    PRESETS,
    UnknownPreset,
    get_preset,
    parse_tiebreak_list,
)
from arbiter_app.core.tiebreaks import REGISTRY, parse_spec


def test_uscf_preset_is_the_rulebook_default() -> None:
    """Seed 001_…: Modified Median, Solkoff, Cumulative, Cumulative of Opposition."""
    p = get_preset("USCF")
    assert p.tiebreaks == ("MM", "SOLK", "CUM", "OPPC")
    assert p.rule_set is RuleSet.USCF
    assert p.playoff is None


def test_city_chess_first_place_by_playoff() -> None:
    p = get_preset("city-chess-ok")
    assert p.tiebreaks == get_preset("uscf").tiebreaks
    # The places and the tie-breaks before qualifying are the regulation's own (one field
    # each, core.playoff.scope), not copied into the preset.
    assert p.playoff == "city-chess-ok"
    scope = playoff_scope(None, p.playoff)
    assert scope.places == (1,) and scope.after_tiebreaks == 0
    assert p.rule_set is RuleSet.USCF


def test_online_swiss_follows_seed_002() -> None:
    p = get_preset("online-swiss")
    assert p.tiebreaks == ("BH/C1", "BH", "SB", "WIN", "BWG", "DE/ALL", "ARO/C1")
    # "Each player you played against": the online Swiss rule set, no virtual opponent.
    assert p.rule_set is RuleSet.ONLINE_SWISS


def test_every_preset_cites_its_source() -> None:
    for p in PRESETS.values():
        assert p.source and p.tiebreaks
    assert set(PRESETS) == {
        "uscf",
        "online-swiss",
        "city-chess-ok",
        "fide-swiss",
        "fide-round-robin",
    }


def test_every_preset_code_parses_once_its_family_is_registered() -> None:
    for p in PRESETS.values():
        for code in p.tiebreaks:
            name = code.split("/")[0]
            if name in REGISTRY:
                assert parse_spec(code).name == name


def test_unknown_preset_lists_known_names() -> None:
    with pytest.raises(UnknownPreset, match="known: city-chess-ok"):
        get_preset("nope")


def test_parse_tiebreak_list() -> None:
    assert parse_tiebreak_list(" MM, SOLK ,CUM,") == ("MM", "SOLK", "CUM")
    assert parse_tiebreak_list(["KASH", "MBL"]) == ("KASH", "MBL")
    assert parse_tiebreak_list("") == ()
    with pytest.raises(UnknownTieBreak, match="XYZ"):
        parse_tiebreak_list("MM, XYZ")
