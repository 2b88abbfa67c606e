"""Tour points of each event and the tour standings across events (GCT 2023 regulations).

- Each event awards points by place: 12, 10, 8, 7, 6, 5, 4, 3, 2, 1 in 2023,
  and 13 instead of 12 to an outright winner (the tour's bonus point).
- Tied players share the points of the places they occupy equally (articles
  2.8 and 3.8), exactly (a :class:`~fractions.Fraction`). A tie for first is
  shared the same way whatever the play-off decides, and no bonus point is
  given when a play-off was needed (articles 2.7 and 3.7).
- A wildcard earns no tour points and nobody moves up into its points: the
  wildcard keeps its place and its share of the points is not awarded.
- The tour standings add up each player's points; ties for first and for third
  place are broken by the overall play-off (articles 4.1–4.12, the
  ``gct-2023-tour`` regulation); other ties stay (article 4.2).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.prizes import Placing
from arbiter_app.core.words import count


@dataclass(frozen=True, slots=True)
class PointsScale:
    """Tour points by place, and what an outright winner gets instead (``None``: no bonus)."""

    points: tuple[int, ...]
    outright_winner: int | None = None
    article: str = ""

    def place(self, place: int) -> int:
        return self.points[place - 1] if 1 <= place <= len(self.points) else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "outright_winner": self.outright_winner,
            "article": self.article,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PointsScale:
        bonus = data.get("outright_winner")
        return cls(
            tuple(int(p) for p in data["points"]),
            None if bonus is None else int(bonus),
            str(data.get("article", "")),
        )


GCT_2023_POINTS = PointsScale(
    (12, 10, 8, 7, 6, 5, 4, 3, 2, 1),
    outright_winner=13,
    article="GCT 2023 regulations 2.7, 2.8, 3.7, 3.8 (GCT 2023 tour points)",
)


def event_points(
    placings: Sequence[Placing], scale: PointsScale, wildcards: Collection[int] = ()
) -> dict[int, Fraction]:
    """Each player's tour points from one event's final standings.

    Points are pooled over each original tie (a play-off does not change them:
    articles 2.7 and 3.7) and shared equally; the outright winner's bonus only
    goes to a player alone in first place before any play-off.
    """
    groups: dict[tuple[int, int], list[Placing]] = {}
    for p in placings:
        groups.setdefault(p.tie, []).append(p)
    out: dict[int, Fraction] = {}
    for (first, last), members in groups.items():
        if len(members) != last - first + 1:
            raise RuleError(
                f"places {first}-{last} are held by {count(len(members), 'player')}, "
                f"not {last - first + 1}"
            )
        pool = sum(scale.place(p) for p in range(first, last + 1))
        if first == last == 1 and scale.outright_winner is not None:
            pool = scale.outright_winner
        share = Fraction(pool, len(members))
        for member in members:
            # A wildcard's share is not awarded to anybody (nobody moves up).
            out[member.tpn] = Fraction(0) if member.tpn in wildcards else share
    return out


@dataclass(frozen=True, slots=True)
class TourRow:
    tpn: int
    total: Fraction
    by_event: tuple[Fraction, ...]
    place: int
    last_place: int

    @property
    def place_text(self) -> str:
        return (
            str(self.place) if self.place == self.last_place else f"{self.place}-{self.last_place}"
        )


def tour_standings(events: Sequence[Mapping[int, Fraction]]) -> list[TourRow]:
    """Add up the points of every event; equal totals share a place (before any play-off)."""
    players = sorted({tpn for event in events for tpn in event})
    totals = {
        tpn: (sum((e.get(tpn, Fraction(0)) for e in events), Fraction(0)), tpn) for tpn in players
    }
    ordered = sorted(players, key=lambda t: (-totals[t][0], t))
    rows: list[TourRow] = []
    index = 0
    while index < len(ordered):
        total = totals[ordered[index]][0]
        same = [t for t in ordered[index:] if totals[t][0] == total]
        for tpn in same:
            rows.append(
                TourRow(
                    tpn,
                    total,
                    tuple(e.get(tpn, Fraction(0)) for e in events),
                    index + 1,
                    index + len(same),
                )
            )
        index += len(same)
    return rows


def ties(rows: Sequence[TourRow]) -> list[tuple[int, tuple[int, ...]]]:
    """The ties of the standings as (first place, players), for the play-off engine."""
    out: dict[int, list[int]] = {}
    for row in rows:
        out.setdefault(row.place, []).append(row.tpn)
    return [(place, tuple(tpns)) for place, tpns in out.items() if len(tpns) > 1]
