"""The final result of a play-off: places marked, money and tour points as the regulation shares them.

Places decided by the play-off are marked in the final standings, while the
money and the tour points follow the regulation's sharing rules, which look at
the original tie (GCT 2023 2.6-2.8, 3.6-3.8, 4.2).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from arbiter_app.core.errors import RuleError
from arbiter_app.core.playoff.engine import PlayoffState
from arbiter_app.core.playoff.regulation import Regulation
from arbiter_app.core.playoff.steps import FinalGroup, Tie
from arbiter_app.core.prizes import (
    Placing,
    PrizeFund,
    PrizeList,
    SharingPolicy,
    distribute,
    format_money,
)
from arbiter_app.core.tour import PointsScale, event_points


def final_placings(state: PlayoffState, standings: Sequence[tuple[int, int, int]]) -> list[Placing]:
    """Merge the play-off into the final standings ``(tpn, place, last_place)`` (in order).

    Players of a tie the play-off handled take their place from it (marked
    ``by_playoff`` when it decided them); everyone else keeps their place.
    """
    decided: dict[int, Placing] = {}
    for group in state.final_groups():
        tie = (group.original.place, group.original.last_place)
        for tpn in group.players:
            decided[tpn] = Placing(
                tpn, group.place, group.last_place, tie, group.by_playoff, group.winner
            )
    out: list[Placing] = []
    for tpn, place, last in standings:
        placing = decided.pop(tpn, None)
        if placing is None:
            out.append(Placing(tpn, place, last, (place, last)))
            continue
        if placing.tie != (place, last):
            raise RuleError(
                f"player {tpn} is on places {place}-{last} in the standings but the play-off "
                f"tie is {placing.tie[0]}-{placing.tie[1]}"
            )
        out.append(placing)
    if decided:
        raise RuleError(f"players {sorted(decided)} of the play-off are not in the standings")
    given = {row[0]: index for index, row in enumerate(standings)}
    out.sort(key=lambda p: (p.place, given[p.tpn]))
    return out


@dataclass(frozen=True, slots=True)
class PrizeRow:
    """One line of the final standings: place, money (with how it was shared) and tour
    points; *prize* names what the money is (``2nd place``, ``U1800 1st``)."""

    tpn: int
    name: str
    place: str
    by_playoff: bool
    money: Decimal
    tour_points: Fraction
    explanation: str
    prize: str = ""

    def to_json(self) -> dict[str, object]:
        """The ``prizes --json`` row: money as a two-decimal string, tour points as a number."""
        points: object = (
            self.tour_points.numerator
            if self.tour_points.denominator == 1
            else round(self.tour_points.numerator / self.tour_points.denominator, 4)
        )
        return {
            "tpn": self.tpn,
            "name": self.name,
            "place": self.place,
            "by_playoff": self.by_playoff,
            "money": format_money(self.money),
            "tour_points": points,
            "tour_points_exact": str(self.tour_points),
            "prize": self.prize,
            # How the money was worked out ("places 2-3 share 300.00: 150.00 each; ranked
            # by tie-break for the trophy", US Chess 32B2), as the text output says it.
            "explanation": self.explanation,
        }


def prize_table(
    regulation: Regulation,
    placings: Sequence[Placing],
    names: Mapping[int, str],
    fund: PrizeFund,
    wildcards: Collection[int] = (),
) -> tuple[list[PrizeRow], PrizeList]:
    """Money (and tour points when the regulation has a scale) for every line of the standings."""
    return shared_prizes(regulation.sharing, regulation.points, placings, names, fund, wildcards)


def shared_prizes(
    sharing: SharingPolicy,
    scale: PointsScale | None,
    placings: Sequence[Placing],
    names: Mapping[int, str],
    fund: PrizeFund,
    wildcards: Collection[int] = (),
) -> tuple[list[PrizeRow], PrizeList]:
    """:func:`prize_table` for an event without a play-off regulation (ties share equally)."""
    return prize_rows(distribute(fund, placings, sharing), scale, placings, names, wildcards)


def prize_rows(
    prizes: PrizeList,
    scale: PointsScale | None,
    placings: Sequence[Placing],
    names: Mapping[int, str],
    wildcards: Collection[int] = (),
) -> tuple[list[PrizeRow], PrizeList]:
    """One row per line of the final standings: the money awarded and the tour points."""
    points = event_points(placings, scale, wildcards) if scale is not None else {}
    rows = []
    for placing in placings:
        award = prizes.of(placing.tpn)
        rows.append(
            PrizeRow(
                placing.tpn,
                names.get(placing.tpn, ""),
                placing.place_text,
                placing.by_playoff,
                award.money,
                points.get(placing.tpn, Fraction(0)),
                award.explanation,
                award.prize,
            )
        )
    return rows, prizes


def decided_order(state: PlayoffState) -> tuple[int, ...]:
    """The players the play-off placed on a place of their own, best first.

    This is the finishing order the standings read model takes (its
    ``playoff_order``): players still tied after the play-off are left out
    and go on to the tie-breaks there, while money and points still follow
    the original tie (:func:`prize_table`).
    """
    # The standings take the order from the top of each tie: a place decided below a
    # range still being played (a tie for 1-3 whose 3rd place is known while 1-2 play
    # on) waits until the places above it are decided.
    out: list[int] = []
    by_tie: dict[Tie, list[FinalGroup]] = {}
    for group in state.final_groups():
        by_tie.setdefault(group.original, []).append(group)
    for groups in by_tie.values():
        for group in sorted(groups, key=lambda g: g.place):
            if not group.by_playoff or len(group.players) != 1:
                break
            out.append(group.players[0])
    return tuple(out)
