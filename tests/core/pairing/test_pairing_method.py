"""How a section is paired, in words, agrees with the engine it is paired by."""

from __future__ import annotations

import pytest

from arbiter_app.core.model import Event, RuleSet, System
from arbiter_app.core.pairing.swiss import US_CHESS, default_engine, pairing_method


@pytest.mark.parametrize("system", list(System))
@pytest.mark.parametrize("rule_set", [None, *RuleSet])
def test_the_words_name_the_engine_the_section_is_paired_by(
    system: System, rule_set: RuleSet | None
) -> None:
    words = pairing_method(system, rule_set)
    event = Event(system=system, planned_rounds=4, rule_set=rule_set)
    if system.is_round_robin:
        assert words.startswith("Berger tables (FIDE C.05 Annex 1)")
    elif system is System.FIDE_DOUBLE_SWISS:
        assert "C.04.5" in words and "rules 27-29" not in words
    elif default_engine(event) == US_CHESS:
        assert "US Chess Swiss system (rules 27-29)" in words and "C.04.3" not in words
    else:
        assert "FIDE Dutch system (C.04.3)" in words and "27-29" not in words
    # A club double Swiss is two games a round, paired as one Swiss round.
    assert ("match of two games" in words) == (system.games_per_round == 2)
