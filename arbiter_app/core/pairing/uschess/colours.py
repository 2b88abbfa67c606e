"""Colours under US Chess rule 29E: the colour a player is due, and who gets it.

- 29E1/29E2: a player is *due* the colour that equalises his whites and blacks
  (equalisation); when they are equal, the colour opposite to the one he had last
  (alternation). Equalisation comes before alternation (29E2; 27A4 before 27A5).
- 29E4: when both players of a board are due the same colour with the same claim,
  colour history decides before rank: at the latest game where their colours differed,
  the player who then had the other colour gets his due colour; with identical
  histories the higher-rated player does.
- 29E5a/29E5b: a board where one player must take the colour he is not due may be
  fixed by a transposition or an interchange (:mod:`.groups`); the rating limit is
  80 points for a colour due by alternation or to keep whites and blacks equal, and
  200 points to avoid giving a player one colour twice more than the other.

Only games played over the board count: forfeits and byes give no colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.core.model import Colour

ALTERNATION = 1
"""The weight of giving a player the colour he is not due by alternation (29E1, 27A5)."""

EQUALISATION = 2
"""The weight of giving a player a second colour more than the other (29E2, 27A4)."""

LIMIT_80 = 80
"""29E5a, the 80-point rule: the largest rating difference of a transposition or an
interchange made for a due colour."""

LIMIT_200 = 200
"""29E5b, the 200-point rule: the largest rating difference of one made so that no player
gets one colour two more times than the other."""


@dataclass(frozen=True, slots=True)
class ColourHistory:
    """A player's colours in the games he played, first round first."""

    colours: tuple[Colour, ...] = ()

    @property
    def balance(self) -> int:
        """Whites minus blacks."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    @property
    def due(self) -> Colour | None:
        """The colour due (29E1): equalise first, else alternate; None before any game."""
        if self.balance > 0:
            return Colour.BLACK
        if self.balance < 0:
            return Colour.WHITE
        if self.colours:
            return self.colours[-1].opposite
        return None

    def weight(self, given: Colour) -> int:
        """What giving this player *given* costs: 0 when due (or nothing is due), else
        :data:`EQUALISATION` when whites and blacks would differ by two (one more for each
        further colour), else :data:`ALTERNATION`."""
        due = self.due
        if due is None or given is due:
            return 0
        # A player already a colour behind who would fall further behind weighs more still.
        return EQUALISATION + abs(self.balance) - 1 if self.balance != 0 else ALTERNATION

    def describe(self) -> str:
        return "".join("W" if c is Colour.WHITE else "B" for c in self.colours) or "none"


def allocate(
    first: int,
    second: int,
    history: dict[int, ColourHistory],
    rating: dict[int, int],
    *,
    default_white: int | None = None,
) -> tuple[int, int, int]:
    """``(white, black, cost)`` for a board of *first* and *second* (29E).

    The allocation with the lower cost wins, so the player with the stronger claim
    (equalisation over alternation, 29E2) gets his due colour; at equal claims colour
    history, then the higher rating (29E4). When neither player is due anything, *default_white*
    (the first-round pattern, 29E) or else the higher-rated player takes White.
    """
    a, b = history[first], history[second]
    as_white = a.weight(Colour.WHITE) + b.weight(Colour.BLACK)
    as_black = a.weight(Colour.BLACK) + b.weight(Colour.WHITE)
    if as_white != as_black:
        # One claim is stronger (equalisation over alternation, 29E2), or only one
        # player is due a colour: the cheaper allocation gives it.
        return (first, second, as_white) if as_white < as_black else (second, first, as_black)
    higher, lower = (
        (first, second) if (rating[first], -first) >= (rating[second], -second) else (second, first)
    )
    due = history[higher].due
    if due is None:
        # Nobody is due a colour (first round, or only byes so far).
        if default_white in (first, second):
            return default_white, (second if default_white == first else first), 0
        return higher, lower, 0
    # Both are due the same colour with the same claim: colour history first, then rank
    # (29E4): going back game by game, at the latest game where their colours differed,
    # the one who then had the colour now not due gets his due colour.
    winner = higher
    for mine, theirs in zip(
        reversed(history[higher].colours), reversed(history[lower].colours), strict=False
    ):
        if mine is not theirs:
            winner = lower if theirs is not due else higher
            break
    loser = lower if winner == higher else higher
    return (winner, loser, as_white) if due is Colour.WHITE else (loser, winner, as_white)


def pair_cost(first: int, second: int, history: dict[int, ColourHistory]) -> int:
    """The colour cost of the better allocation of a board (0: both get their due colour)."""
    a, b = history[first], history[second]
    return min(
        a.weight(Colour.WHITE) + b.weight(Colour.BLACK),
        a.weight(Colour.BLACK) + b.weight(Colour.WHITE),
    )


def limit_for(cost_weights: int) -> int:
    """The rating limit of a colour fix (29E5a or 29E5b) for a board whose worst weight is
    *cost_weights*."""
    return LIMIT_200 if cost_weights >= EQUALISATION else LIMIT_80
