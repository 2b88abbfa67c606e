"""Generator ratings: user-specified (checklist Q27), parametrised by min/max and gaps (Q28)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from arbiter_app.core.checker import check_document
from arbiter_app.core.generator.output import describe, generated_trf
from arbiter_app.core.generator.quotas import Amount
from arbiter_app.core.generator.ratings import (
    RatingError,
    RatingSpec,
    draw_ratings,
    parse_gap,
    parse_ratings,
    rating_refusal,
)
from arbiter_app.core.generator.tournament import GeneratorError, GeneratorSettings, generate
from arbiter_app.core.trf import TrfVersion, parse_trf
from tests.checker.round_trips import gacrux_wrong_rounds


def test_q27_given_ratings_rank_the_players_and_are_written_to_the_file() -> None:
    """Q27: "Generator ratings user-specified?" Given in any order, with 0 for an unrated
    player; pairing numbers follow the ratings (C.04.2), unrated players last."""
    given = (1850, 2400, 0, 2100, 1990, 2255, 1720, 2010)
    s = GeneratorSettings(players=8, rounds=4, seed=5, ratings=RatingSpec(given=given))
    generated = generate(s)
    assert [p.rating for p in generated.event.players] == [
        2400,
        2255,
        2100,
        2010,
        1990,
        1850,
        1720,
        None,
    ]
    text = generated_trf(generated, TrfVersion.TRF26)
    doc = parse_trf(text)
    assert [p.rating for p in doc.event.players] == [p.rating for p in generated.event.players]
    assert "8 ratings given" in describe(s)
    assert check_document(doc, source="given").agrees
    assert gacrux_wrong_rounds(text, s.system) == ()


def test_q28_a_range_draws_every_rating_within_it() -> None:
    """Q28: "Generator ratings parametrised (min/max, gaps)?" — the range."""
    spec = RatingSpec(low=1800, high=1900)
    ratings = draw_ratings(random.Random(1), 40, spec)
    assert all(r is not None and 1800 <= r <= 1900 for r in ratings)
    assert ratings == sorted(ratings, reverse=True)  # type: ignore[type-var]
    assert len(set(ratings)) > 10


def test_q28_a_ladder_goes_down_from_the_maximum_by_the_gaps() -> None:
    """Q28 — the gaps: the top player at the maximum, each next one lower by a gap drawn in
    the range, or by a fixed gap."""
    ratings = draw_ratings(random.Random(2), 30, RatingSpec(high=2500, gap=(10, 40)))
    assert ratings[0] == 2500
    steps = [a - b for a, b in itertools.pairwise(ratings)]  # type: ignore[operator]
    assert all(10 <= step <= 40 for step in steps) and len(set(steps)) > 3
    fixed = draw_ratings(random.Random(2), 5, RatingSpec(high=2000, gap=(25, 25)))
    assert fixed == [2000, 1975, 1950, 1925, 1900]


def test_q28_unrated_players_by_count_or_share() -> None:
    share = RatingSpec(unrated=Amount(Fraction(25), True))
    ratings = draw_ratings(random.Random(3), 20, share)
    assert ratings.count(None) == 5 and ratings[-5:] == [None] * 5
    two = RatingSpec(unrated=Amount(Fraction(2), False))
    assert draw_ratings(random.Random(3), 20, two).count(None) == 2
    s = GeneratorSettings(players=14, rounds=5, seed=8, ratings=share)
    text = generated_trf(generate(s), TrfVersion.TRF26)
    assert gacrux_wrong_rounds(text, s.system) == ()
    assert check_document(parse_trf(text), source="unrated").agrees


def test_the_default_ratings_are_drawn_as_before() -> None:
    """Without rating parameters a seed's event keeps its ratings (one uniform draw per
    player between 1000 and 2700), so files generated before stay reproducible."""
    rng = random.Random(4)
    expected = sorted((rng.randint(1000, 2700) for _ in range(12)), reverse=True)
    assert draw_ratings(random.Random(4), 12, RatingSpec()) == expected


@pytest.mark.parametrize(
    ("text", "ratings"),
    [
        ("2400,2350, 2210", (2400, 2350, 2210)),
        ("2400\n2350\n\n2210\n", (2400, 2350, 2210)),
        ("2400;0 2210", (2400, 0, 2210)),
        ("Name,Rating\nAnna,2400\nBen,\nCleo,-\n", (2400, 0, 0)),
        ("name;FED;elo\nAnna;NOR;2400\nBen;ESP;1990\n", (2400, 1990)),
        ("Name\tRtg\nAnna\t2105\n", (2105,)),
    ],
)
def test_q27_ratings_are_read_from_a_list_or_a_table(text: str, ratings: tuple[int, ...]) -> None:
    assert parse_ratings(text) == ratings


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "no rating given"),
        ("2400,23x0,12345", "not: the list: '23x0'; the list: '12345'"),
        ("2400\n-5\n", "line 2: '-5'"),
        ("Name,Federation\nAnna,NOR\n", "names its rating column"),
        ("Name,Rating\n", "has no player"),
    ],
)
def test_q27_bad_ratings_are_refused_with_every_bad_value(text: str, says: str) -> None:
    with pytest.raises(RatingError, match=None) as info:
        parse_ratings(text)
    assert says in str(info.value)


@pytest.mark.parametrize(
    ("spec", "players", "says"),
    [
        (RatingSpec(given=(2400, 2300)), 3, "2 ratings given for 3 players"),
        (RatingSpec(given=(2400, 10000)), 2, "record 001, columns 49-52"),
        (RatingSpec(given=(2400, 2300), low=2000), 2, "do not apply"),
        (RatingSpec(low=2500, high=2000), 8, "above the maximum"),
        (RatingSpec(low=0), 8, "minimum rating 0 is not between 1 and 9999"),
        (RatingSpec(high=2000, gap=(40, 10)), 8, "not a range"),
        (RatingSpec(high=1500, low=1200, gap=(10, 50)), 8, "can reach 1150, under the minimum"),
    ],
)
def test_q28_settings_the_ratings_cannot_honour_are_refused(
    spec: RatingSpec, players: int, says: str
) -> None:
    assert says in (rating_refusal(spec, players) or "")
    with pytest.raises(GeneratorError, match=says):
        generate(GeneratorSettings(players=players, rounds=1, seed=1, ratings=spec))


def test_q28_gaps_are_read_as_one_gap_or_a_range() -> None:
    assert parse_gap("25") == (25, 25)
    assert parse_gap(" 10 - 40 ") == (10, 40)
    for bad in ("x", "40-10", "-5"):
        with pytest.raises(RatingError):
            parse_gap(bad)
