"""The result model: the FIDE table's expected score, kept exactly, with a draw rate."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from arbiter_app.core.generator.results import SCALE, chances, draw_result, expected_score
from arbiter_app.core.result import GameResult


@pytest.mark.parametrize(
    ("white", "black", "hundredths"),
    [(2000, 2000, 50), (2100, 2000, 64), (2000, 2100, 36), (2400, 2000, 92), (2700, 2000, 92)],
)
def test_expected_score_from_the_fide_table_capped_at_400(
    white: int, black: int, hundredths: int
) -> None:
    """B.02 8.1.2: 100 points is 0.64; 400 and more (8.3.1: counted as 400) is 0.92."""
    assert expected_score(white, black) == hundredths


@pytest.mark.parametrize(("white", "black"), [(2000, 2000), (2350, 2000), (1800, 2450)])
@pytest.mark.parametrize("rate", [Fraction(0), Fraction(30, 100), Fraction(1)])
def test_chances_keep_the_expected_score(white: int, black: int, rate: Fraction) -> None:
    c = chances(white, black, rate)
    assert c.win + c.draw + c.loss == SCALE
    assert min(c.win, c.draw, c.loss) >= 0
    assert c.win * 2 + c.draw == 2 * expected_score(white, black) * (SCALE // 100)


def test_the_draw_rate_is_the_draw_share_between_equal_players() -> None:
    assert chances(2000, 2000, Fraction(30, 100)).draw == 3000
    assert chances(2400, 2000, Fraction(30, 100)).draw < 1000  # lopsided games are decisive


def test_drawn_results_follow_the_chances() -> None:
    rng = random.Random(1)
    results = [draw_result(rng, 2200, 2000) for _ in range(4000)]
    score = sum(
        {GameResult.WHITE_WINS: 2, GameResult.DRAW: 1, GameResult.BLACK_WINS: 0}[r] for r in results
    )
    assert abs(score / 2 / len(results) - 0.76) < 0.02  # E = 0.76 for 200 points
