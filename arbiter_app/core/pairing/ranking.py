"""The initial ranking of a Swiss: which rating orders the list, and how equal players are told apart.

FIDE C.04.2 (General handling rules for Swiss tournaments, articles 2.2 and
2.3) ranks players before round 1 by rating, then FIDE title, then a
criterion the regulations state (alphabetical, unless they say otherwise);
the ranking position is the pairing number. FIDE's verification checklist
(FIDE C.02, questions 145 and 146) names the ratings a program must be able
to rank by, the *tournament rating* methods of TRF-26:

- ``FIDE``: the FIDE rating;
- ``NRO``: the national rating only;
- ``FIDON``: the FIDE rating, else the national one;
- ``NIDOF``: the national rating, else the FIDE one;
- ``HBFN``: the higher of the two.

Players equal on that rating and title are ordered by name (the default),
by FIDE ID (lowest first, players without one after), or by lot: a seeded
draw whose seed is stored with the event, so the order is the same every
time it is worked out (a late entry takes its place in it too).
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbiter_app.core.model import Player

TITLE_ORDER: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""FIDE titles from strongest to weakest (C.04.2 article 2.2: title after rating)."""


class TournamentRating(enum.Enum):
    """Which rating orders the initial ranking (module docstring)."""

    FIDE = "FIDE"
    NRO = "NRO"
    FIDON = "FIDON"
    NIDOF = "NIDOF"
    HBFN = "HBFN"

    def of(self, player: Player) -> int | None:
        """*player*'s tournament rating under this method (None: unrated)."""
        fide, national = player.rating or None, player.national_rating or None
        if self is TournamentRating.FIDE:
            return fide
        if self is TournamentRating.NRO:
            return national
        if self is TournamentRating.FIDON:
            return fide or national
        if self is TournamentRating.NIDOF:
            return national or fide
        return max((r for r in (fide, national) if r), default=None)

    @property
    def words(self) -> str:
        return _RATING_WORDS[self]


_RATING_WORDS = {
    TournamentRating.FIDE: "FIDE rating",
    TournamentRating.NRO: "national rating",
    TournamentRating.FIDON: "FIDE rating, else national",
    TournamentRating.NIDOF: "national rating, else FIDE",
    TournamentRating.HBFN: "the higher of FIDE and national rating",
}


class TieOrder(enum.Enum):
    """How players equal on rating and title are ordered (module docstring)."""

    NAME = "name"
    FIDE_ID = "fide-id"
    LOT = "lot"


def _title_rank(title: str) -> int:
    t = title.strip().upper()
    return TITLE_ORDER.index(t) if t in TITLE_ORDER else len(TITLE_ORDER)


@dataclass(frozen=True, slots=True)
class RankingRule:
    """The initial ranking's rule: the tournament rating, then the order of equal players.

    *seed* is the stored draw of an order by lot (None for the other orders).
    """

    rating: TournamentRating = TournamentRating.FIDE
    ties: TieOrder = TieOrder.NAME
    seed: int | None = None

    def __post_init__(self) -> None:
        if (self.ties is TieOrder.LOT) != (self.seed is not None):
            raise ValueError("an order by lot needs its seed, and only it has one")

    def key(self, player: Player) -> tuple[int, int, tuple[Any, ...]]:
        """*player*'s place in the ranking: rating (unrated last), title, then the ties."""
        rating = self.rating.of(player) or 0
        return (-rating, _title_rank(player.title), self._tie(player))

    def _tie(self, player: Player) -> tuple[Any, ...]:
        if self.ties is TieOrder.FIDE_ID:
            digits = player.fide_id.strip()
            known = digits.isdecimal()
            return (0 if known else 1, int(digits) if known else 0, player.name.casefold())
        if self.ties is TieOrder.LOT:
            # The same seed and player give the same place: the order is a recorded draw.
            text = f"{self.seed}:{player.fide_id.strip()}:{player.name.casefold()}"
            return (hashlib.sha256(text.encode("utf-8")).hexdigest(),)
        return (player.name.casefold(),)

    @property
    def text(self) -> str:
        """``rating, title, name`` (the default) or ``rating (HBFN: …), title, FIDE ID`` and
        the like, for the numbering sentence."""
        if self == RankingRule():
            return "rating, title, name"
        ties = {
            TieOrder.NAME: "name",
            TieOrder.FIDE_ID: "FIDE ID",
            TieOrder.LOT: f"an order drawn by lot (seed {self.seed})",
        }[self.ties]
        return f"rating ({self.rating.value}: {self.rating.words}), title, {ties}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rating": self.rating.value, "ties": self.ties.value}
        if self.seed is not None:
            out["seed"] = self.seed
        return out

    @classmethod
    def from_json(cls, value: Mapping[str, Any] | None) -> RankingRule:
        if not value:
            return DEFAULT_RULE
        seed = value.get("seed")
        return cls(
            TournamentRating(value.get("rating", "FIDE")),
            TieOrder(value.get("ties", "name")),
            None if seed is None else int(seed),
        )


DEFAULT_RULE = RankingRule()
