"""Prize list of an open event: final standings on points, the play-off, the stored fund.

Money and tour points depend only on points and the play-off (GCT 2023 2.6-2.8,
3.6-3.8; US Chess 32B shares cash among tied players), so the standings used
here rank by points alone; the announced tie-breaks only order the display.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Event
from arbiter_app.core.playoff import Regulation, preset
from arbiter_app.core.playoff.results import PrizeRow, final_placings, shared_prizes
from arbiter_app.core.prizes import Placing, PrizeList, SharingPolicy
from arbiter_app.core.tour import GCT_2023_POINTS, event_points
from arbiter_app.session.playoff_commands import stored_fund, stored_playoff
from arbiter_app.session.state import State


def standings_on_points(event: Event) -> list[tuple[int, int, int]]:
    """``(tpn, place, last_place)`` by points; disqualified players are left out."""
    scores = event.scores()
    ranked = sorted(
        (p.tpn for p in event.players if not p.disqualified), key=lambda t: (-scores[t], t)
    )
    out: list[tuple[int, int, int]] = []
    index = 0
    while index < len(ranked):
        same = [t for t in ranked[index:] if scores[t] == scores[ranked[index]]]
        out.extend((t, index + 1, index + len(same)) for t in same)
        index += len(same)
    return out


def prize_list(
    state: State, event: Event, playoff_name: str | None
) -> tuple[list[PrizeRow], PrizeList]:
    """Every ranked player's place, money and tour points under the event's regulation."""
    fund, wildcards = stored_fund(state)
    if fund is None:
        raise RuleError("no prize fund has been set (prizes FILE --set 1st 2nd …)")
    playoff = stored_playoff(state)
    standings = standings_on_points(event)
    regulation: Regulation | None
    if playoff is not None:
        placings = final_placings(playoff, standings)
        regulation = playoff.regulation
    else:
        placings = [Placing(t, a, b, (a, b)) for t, a, b in standings]
        regulation = preset(playoff_name) if playoff_name else None
    names = {p.tpn: p.name for p in event.players}
    sharing = regulation.sharing if regulation is not None else SharingPolicy()
    scale = regulation.points if regulation is not None else None
    return shared_prizes(sharing, scale, placings, names, fund, wildcards)


def tour_points(state: State, event: Event, playoff_name: str | None) -> dict[int, Fraction]:
    """Each player's tour points from this event (GCT 2023 2.7, 2.8, 3.7, 3.8)."""
    playoff = stored_playoff(state)
    standings = standings_on_points(event)
    if playoff is not None:
        placings = final_placings(playoff, standings)
        regulation: Regulation | None = playoff.regulation
    else:
        placings = [Placing(t, a, b, (a, b)) for t, a, b in standings]
        regulation = preset(playoff_name) if playoff_name else None
    scale = regulation.points if regulation is not None else None
    _, wildcards = stored_fund(state)
    return event_points(placings, scale or GCT_2023_POINTS, wildcards)
