"""The generator's ratings are drawn at random (FIDE C.02, the checklist's Q26 and Q29).

With no rating option (the generator has none yet: Q27 and Q28 are penalties in the
map), every player gets a rating drawn from the seeded generator between 1000 and
2700, and the pairing numbers follow the ratings (C.04.2 article 2.2).
"""

from __future__ import annotations

from arbiter_app.core.generator.tournament import GeneratorSettings, generate


def _ratings(seed: int) -> list[int]:
    event = generate(GeneratorSettings(players=40, rounds=3, seed=seed)).event
    return [p.rating or 0 for p in sorted(event.players, key=lambda p: p.tpn)]


def test_q26_q29_ratings_are_drawn_at_random_from_the_seed() -> None:
    first, again, other = _ratings(11), _ratings(11), _ratings(12)
    assert all(1000 <= r <= 2700 for r in first + other)
    assert len(set(first)) > 20  # drawn, not one value for all
    assert first == again  # the same seed draws the same ratings
    assert first != other  # another seed draws others
    assert first == sorted(first, reverse=True)  # numbered by rating
