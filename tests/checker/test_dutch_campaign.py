"""The pairing campaign of issue 25 (``tests.support.dutch_campaign``): a quick subset.

The whole campaign runs from the command line (the README gives its figures); here a few
small tournaments go through the same path, one of each scoring the seed can draw, all with
forbidden pairs, and every round must be paired the same by both engines.
"""

from __future__ import annotations

from collections import Counter

import pytest

from arbiter_app.core.generator.tournament import generate
from arbiter_app.core.pairing.boards import PairingError
from arbiter_app.core.pairing.dutch_engine import NotCertified
from tests.support.dutch_campaign import SCORING, check_tournament, settings, variant


def test_one_tournament_of_each_scoring_pairs_the_same_with_both_engines() -> None:
    tally: Counter[str] = Counter()
    lines: list[str] = []
    for seed in (3, 17, 21, 25, 29):  # standard, 3/1/0, bye a draw, bye nothing, both
        counts, said = check_tournament((seed, 8, 24, False))
        tally.update(counts)
        lines += said
    assert lines == []
    assert tally["rounds differing"] == 0 and tally["rounds refused"] == 0
    assert tally["rounds equal"] >= 15
    assert tally["tournaments with forbidden pairs"] == 5
    for name in SCORING:
        assert tally[f"tournaments scored {name}"] == 1


def test_the_variant_lays_the_scoring_and_forbidden_pairs_on_the_event() -> None:
    event = generate(settings(29, 8, 24)).event
    scored, said = variant(29, event)
    assert scored.point_system == SCORING["3/1/0 with a bye worth nothing"]
    assert len(scored.forbidden_pairs) == 2
    assert {len(g) for g in scored.forbidden_pairs} == {2, 3}
    assert said == [
        "tournaments scored 3/1/0 with a bye worth nothing",
        "tournaments with forbidden pairs",
    ]
    plain, none = variant(32 * 1 + 3, event)  # quotient by 4 is 8 (standard), by 32 is 1
    assert (
        plain.point_system == event.point_system and plain.forbidden_pairs == event.forbidden_pairs
    )
    assert none == []


def test_a_round_neither_engine_can_pair_is_counted_and_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A round with no legal pairing (C.04.3 article 1.9.3) is no disagreement when both
    engines say so; the campaign names it, with both engines' words."""
    from tests.support import dutch_campaign

    def no_pairing(*args: object) -> object:
        raise PairingError("no legal pairing")

    def refused(*args: object, **kwargs: object) -> object:
        raise NotCertified("bracket 1 (4 players): no candidate keeps the round complete (C4)")

    monkeypatch.setattr(dutch_campaign, "run_engine", no_pairing)
    monkeypatch.setattr(dutch_campaign, "pair_tournament", refused)
    counts, said = check_tournament((3, 8, 12, False))
    rounds = counts["rounds neither engine can pair"]
    assert rounds >= 3 and counts["rounds differing"] == counts["rounds refused"] == 0
    assert len(said) == rounds
    assert said[0].startswith("seed 3 round 1 (") and "gacrux: no legal pairing" in said[0]
