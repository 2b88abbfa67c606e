"""Quads: the registered players split by rating into round robins of four.

The US club Saturday ("Quads tournaments, in which players are divided into
four-player round robin sections", City Chess OK's page for new players) follows
US Chess rule 30G: the entrants are divided into groups of four in rating order,
the four highest rated players forming the first quad, the next four the second,
and so on down the list; within each quad the pairing numbers are drawn by lot
(US Chess 30A; FIDE C.05 articles 7.2 and 7.5) and the games follow the
Crenshaw tables, which for four players are the Berger table (FIDE C.05 Annex 1).

30G does not say what becomes of players left over when the field does not
divide into fours. The common club practice is the rule chosen here
(:attr:`Remainder.SWISS`, the default): the lowest five to seven players play a
3-round Swiss among themselves (so the Huntsville Chess Club's and Bellingham
Youth Chess's published quad rules). The alternatives clubs use are offered too:
the lowest five to seven as a round robin of their own
(:attr:`Remainder.ROUND_ROBIN`), or, when the bottom quad is one player short,
a house player to complete it (:attr:`Remainder.HOUSE_PLAYER`).

The same split makes groups of another size (six, eight) when asked.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Player, System
from arbiter_app.core.pairing.numbers import rating_order
from arbiter_app.core.words import count

ARTICLE = "US Chess 30G (quads: fours from the top of the rating list)"

SMALLEST, LARGEST = 3, 10
"""Group sizes the split makes: a quad is four; six and eight are the clubs' other sizes."""

GROUP_WORDS = {4: "Quad", 6: "Hex", 8: "Octo"}
"""What a group of each size is called ("Quad 1"); other sizes are "Group 1"."""


class Remainder(enum.Enum):
    """What becomes of the players left when the field does not divide into groups."""

    SWISS = "swiss"
    """The lowest size + left players play a Swiss of size - 1 rounds (club practice)."""
    ROUND_ROBIN = "round-robin"
    """The lowest size + left players play a round robin of their own."""
    HOUSE_PLAYER = "house-player"
    """A house player completes a bottom group that is one player short."""

    @property
    def words(self) -> str:
        return _REMAINDER_WORDS[self]


_REMAINDER_WORDS = {
    Remainder.SWISS: "a 3-round Swiss among the lowest players (club practice)",
    Remainder.ROUND_ROBIN: "a round robin among the lowest players",
    Remainder.HOUSE_PLAYER: "a house player completes the bottom group",
}


HOUSE = 0
"""Stands for the house player in a group's list of players (no pairing number yet)."""


@dataclass(frozen=True, slots=True)
class QuadGroup:
    """One group of the split: its name, its players (pairing numbers in the section they
    come from, highest rated first; :data:`HOUSE` for a house player), its system."""

    name: str
    players: tuple[int, ...]
    system: System
    rounds: int

    @property
    def described(self) -> str:
        kind = "a Swiss" if self.system is System.SWISS else "a round robin"
        return (
            f"{self.name}: {count(len(self.players), 'player')}, {kind} of "
            f"{count(self.rounds, 'round')}"
        )


def round_robin_rounds(players: int) -> int:
    """Rounds of a single round robin: one fewer than the players, or as many when odd
    (each player has a bye once; FIDE C.05 Annex 1)."""
    return players - 1 if players % 2 == 0 else players


def group_word(size: int) -> str:
    return GROUP_WORDS.get(size, "Group")


def plan_quads(
    players: Sequence[Player],
    size: int = 4,
    remainder: Remainder = Remainder.SWISS,
    *,
    first_number: int = 1,
) -> tuple[QuadGroup, ...]:
    """The groups of *size* the *players* make by rating, from the top (US Chess 30G).

    *first_number* numbers the first group ("Quad 3" when a ladder already has two).
    Raises :class:`RuleError` with the reason when the split cannot be made: too few
    players, a size out of range, a house player for a bottom group that is not one short.
    """
    if not SMALLEST <= size <= LARGEST:
        raise RuleError(f"a group has {SMALLEST} to {count(LARGEST, 'player')}, not {size}")
    order = list(rating_order(players))
    registered = len(order)
    if registered < 2:
        raise RuleError(f"quads need at least 2 registered players; the section has {registered}")
    full, left = divmod(registered, size)
    word = group_word(size)
    if remainder is Remainder.HOUSE_PLAYER:
        if left and left != size - 1:
            raise RuleError(
                f"a house player completes a bottom {word.lower()} one player short; "
                f"{count(registered, 'player')} leave {left} over, so choose a Swiss or a round robin "
                f"of the lowest {size + left}"
            )
        if left == size - 1:
            order.append(HOUSE)
            full, left = full + 1, 0
    if full == 0:
        # Fewer players than one group: they play each other.
        full, left = 1, 0
        size = registered
    groups: list[QuadGroup] = []
    bottom = size + left if left else size
    for index in range(full):
        start = index * size
        last = index == full - 1
        members = tuple(order[start : start + (bottom if last else size)])
        system = System.ROUND_ROBIN
        rounds = round_robin_rounds(len(members))
        if last and left and remainder is Remainder.SWISS:
            system, rounds = System.SWISS, size - 1
        groups.append(QuadGroup(f"{word} {first_number + index}", members, system, rounds))
    return tuple(groups)
