"""Unset generator parameters get values drawn from the seed (FIDE C.02, checklist Q25)."""

from __future__ import annotations

import dataclasses

import pytest

from arbiter_app.core.checker import check_document
from arbiter_app.core.generator.output import generated_trf
from arbiter_app.core.generator.ratings import RatingSpec
from arbiter_app.core.generator.tournament import GeneratorError, generate
from arbiter_app.core.generator.unset import PARAMETERS, GeneratorRequest, resolve
from arbiter_app.core.model import System
from arbiter_app.core.presets import PRESETS, parse_tiebreak_list
from arbiter_app.core.tiebreaks.round_robin import refusal_for
from arbiter_app.core.trf import TrfVersion, parse_trf
from tests.checker.round_trips import gacrux_wrong_rounds

QUOTAS = ("half_byes", "full_byes", "zero_byes", "forfeits", "unusual")


def test_q25_every_unset_parameter_is_drawn_and_the_same_seed_draws_the_same() -> None:
    """Q25: "Unset generator parameters get sensible random values?" Over 60 seeds every
    parameter takes more than one value, within the ranges the module states."""
    seen: dict[str, set[object]] = {name: set() for name in PARAMETERS}
    for seed in range(60):
        resolution = resolve(GeneratorRequest(seed=seed))
        assert resolution.drawn == PARAMETERS
        assert resolve(GeneratorRequest(seed=seed)) == resolution
        s = resolution.settings
        assert 8 <= s.players <= 64
        assert 1 <= s.rounds <= min(11, s.players // 2)
        assert s.tiebreaks is not None and 1 <= len(s.tiebreaks) <= 4
        assert parse_tiebreak_list(list(s.tiebreaks)) == s.tiebreaks
        assert len(set(s.tiebreaks)) == len(s.tiebreaks)
        for name in PARAMETERS:
            value = getattr(s, name)
            seen[name].add(value.is_zero if name in QUOTAS else value)
    for name in PARAMETERS:
        assert len(seen[name]) > 1, name  # quotas: some none, some not; baku on and off
    ratings = seen["ratings"]
    assert any(isinstance(r, RatingSpec) and r.gap is not None for r in ratings)
    assert any(isinstance(r, RatingSpec) and r.gap is None and r.low is not None for r in ratings)
    assert any(isinstance(r, RatingSpec) and r.unrated.value for r in ratings)


def test_q25_a_value_given_is_kept_and_the_others_are_drawn_as_without_it() -> None:
    drawn = resolve(GeneratorRequest(seed=11)).settings
    given = resolve(GeneratorRequest(seed=11, tiebreaks=("SB", "DE"), baku=False))
    assert given.drawn == tuple(n for n in PARAMETERS if n not in ("tiebreaks", "baku"))
    assert given.settings.tiebreaks == ("SB", "DE") and not given.settings.baku
    assert dataclasses.replace(given.settings, tiebreaks=drawn.tiebreaks, baku=drawn.baku) == drawn


def test_q25_players_drawn_for_the_rounds_given_can_play_them() -> None:
    for seed in range(10):
        s = resolve(GeneratorRequest(seed=seed, rounds=40)).settings
        assert s.players >= 80
    assert resolve(GeneratorRequest(seed=1, rounds=5)).settings.players >= 10


def test_q25_the_values_given_back_make_the_same_file() -> None:
    """The values printed let a run be repeated with every value given: nothing is drawn
    then, and the file is the same, byte for byte."""
    for seed in (3, 6):
        drawn = resolve(GeneratorRequest(seed=seed)).settings
        values = {name: getattr(drawn, name) for name in PARAMETERS}
        again = resolve(GeneratorRequest(seed=seed, **values))
        assert again.drawn == ()
        assert again.settings == drawn
        text = generated_trf(generate(drawn), TrfVersion.TRF26)
        assert generated_trf(generate(again.settings), TrfVersion.TRF26) == text


@pytest.mark.parametrize("system", [System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN])
def test_q25_a_round_robin_draws_no_byes_and_no_acceleration(system: System) -> None:
    players = set()
    for seed in range(20):
        resolution = resolve(GeneratorRequest(seed=seed, system=system))
        s = resolution.settings
        players.add(s.players)
        assert s.half_byes.is_zero and s.full_byes.is_zero and s.zero_byes.is_zero
        assert not s.baku
        assert refusal_for(system, s.tiebreaks or ()) is None  # no Buchholz (C.07, 2026)
        assert "rounds" not in resolution.drawn and "half_byes" not in resolution.drawn
        assert "players" in resolution.drawn and "forfeits" in resolution.drawn
    assert len(players) > 3


def test_q25_unset_none_takes_the_fixed_defaults() -> None:
    s = resolve(GeneratorRequest(seed=1, players=12, rounds=5), draw=False).settings
    assert all(getattr(s, name).is_zero for name in QUOTAS)
    assert not s.baku and s.tiebreaks is None and s.ratings == RatingSpec()
    assert generate(s).tiebreaks == PRESETS["fide-swiss"].tiebreaks
    with pytest.raises(GeneratorError, match="number of players"):
        resolve(GeneratorRequest(seed=1), draw=False)
    with pytest.raises(GeneratorError, match="rounds of a Swiss"):
        resolve(GeneratorRequest(seed=1, players=12), draw=False)


@pytest.mark.parametrize(
    ("seed", "system"), [(1, System.SWISS), (6, System.SWISS), (3, System.ROUND_ROBIN)]
)
def test_q25_drawn_events_are_read_back_and_checked_clean_by_both_checkers(
    seed: int, system: System
) -> None:
    """Whatever is drawn, the file reads back as the event and both Arbiter's checker and
    FIDE's reference (gacrux) find every round as the rules pair it."""
    s = resolve(GeneratorRequest(seed=seed, system=system)).settings
    generated = generate(s)
    for version in (TrfVersion.TRF26, TrfVersion.TRF16):
        text = generated_trf(generated, version)
        doc = parse_trf(text)
        assert doc.event.entries == generated.event.entries
        assert check_document(doc, source="drawn").agrees
        assert gacrux_wrong_rounds(text, system) == ()
