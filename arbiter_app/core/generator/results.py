"""Results of generated games, drawn from the FIDE rating table's expected scores.

The model (stated so that anyone can check a generated file against it):

- the expected score ``E`` of White is FIDE's table of rating difference to
  expected score (FIDE Rating Regulations B.02 8.1.2), with a difference of
  more than 400 points counted as 400 (B.02 8.3.1); an unrated player counts
  as rated at the rating the generator gives unrated players;
- a game is drawn with probability ``D = d × 2 × min(E, 1 − E)``, where ``d``
  is the draw rate (the share of draws between equal players, 30 % unless
  asked otherwise); White wins with probability ``E − D/2`` and loses with
  ``1 − E − D/2``. White's expected score is then exactly ``E``, and a
  lopsided pairing is rarely drawn;
- the probabilities are whole multiples of 1/10,000 and the draw is one
  integer from a seeded generator, so the same seed gives the same results
  on every machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from arbiter_app.core.result import GameResult
from arbiter_app.core.tiebreaks.rating import expected_hundredths

ARTICLE = "FIDE B.02 8.1.2 (expected scores), 8.3.1 (400-point limit)"

RATING_LIMIT = 400
SCALE = 10_000
DEFAULT_DRAW_RATE = Fraction(30, 100)


def expected_score(rating: int, opponent: int) -> int:
    """White's expected score in hundredths (B.02 8.1.2), the difference capped at 400."""
    capped = max(rating - RATING_LIMIT, min(rating + RATING_LIMIT, opponent))
    return expected_hundredths(rating, capped)


@dataclass(frozen=True, slots=True)
class Chances:
    """White's chances in ten-thousandths: win, draw, loss (they add up to 10,000)."""

    win: int
    draw: int
    loss: int


def chances(white: int, black: int, draw_rate: Fraction = DEFAULT_DRAW_RATE) -> Chances:
    """The model's chances of a game between ratings *white* and *black*."""
    e = expected_score(white, black) * (SCALE // 100)
    draw = int(draw_rate * 2 * min(e, SCALE - e))
    draw -= draw % 2  # keeps E − D/2 whole
    win = e - draw // 2
    return Chances(win, draw, SCALE - win - draw)


def draw_result(
    rng: random.Random, white: int, black: int, draw_rate: Fraction = DEFAULT_DRAW_RATE
) -> GameResult:
    """One game's result under the model, drawn with *rng*."""
    c = chances(white, black, draw_rate)
    roll = rng.randrange(SCALE)
    if roll < c.win:
        return GameResult.WHITE_WINS
    if roll < c.win + c.draw:
        return GameResult.DRAW
    return GameResult.BLACK_WINS
