"""Prize list of an open event: final standings on points, the play-off, the stored fund.

Money and tour points depend only on points and the play-off (GCT 2023 2.6-2.8,
3.6-3.8; US Chess 32B shares cash among tied players), so the standings used
here rank by points alone; the announced tie-breaks only order the display.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_app.core.category_prizes import award_prizes
from arbiter_app.core.errors import NoPrizeFund
from arbiter_app.core.model import Event
from arbiter_app.core.playoff import Regulation, preset
from arbiter_app.core.playoff.results import PrizeRow, final_placings, prize_rows
from arbiter_app.core.playoff.scope import playoff_scope
from arbiter_app.core.prizes import Placing, PrizeList, SharingPolicy
from arbiter_app.core.tour import GCT_2023_POINTS, event_points
from arbiter_app.session.playoff_commands import (
    qualifying_standings,
    stored_fund,
    stored_playoff,
)
from arbiter_app.session.prize_commands import stored_categories
from arbiter_app.session.state import State
from arbiter_app.session.tournament_state import event_state_of


def _ranked(state: State, event: Event) -> dict[int, int]:
    """Each player's place in the standings with every announced tie-break (the order the
    trophies go by), after the last complete round."""
    tiebreaks = state.setting("tiebreaks", [])
    now = event_state_of(state, event, stored_playoff(state))
    standings = qualifying_standings(
        event, tiebreaks, len(tiebreaks), after_round=now.standings_round
    )
    return {tpn: place for tpn, place, _ in standings}


def _placings(
    state: State, event: Event, playoff_name: str | None
) -> tuple[list[Placing], Regulation | None]:
    """The final standings for money and points, and the regulation that shares them."""
    playoff = stored_playoff(state)
    regulation = (
        playoff.regulation
        if playoff is not None
        else preset(playoff_name)
        if playoff_name
        else None
    )
    after = playoff_scope(playoff, playoff_name).after_tiebreaks
    now = event_state_of(state, event, playoff)
    # The standings after the last complete round; a play-off counts only while it
    # matches them (a correction may have changed its tie: then its order is void).
    standings = qualifying_standings(
        event, state.setting("tiebreaks", []), after, after_round=now.standings_round
    )
    if playoff is not None and now.playoff.in_force:
        return final_placings(playoff, standings), regulation
    return [Placing(t, a, b, (a, b)) for t, a, b in standings], regulation


def prize_list(
    state: State, event: Event, playoff_name: str | None
) -> tuple[list[PrizeRow], PrizeList]:
    """Every ranked player's place, prize, money and tour points under the event's regulation,
    the announced categories and their award rule (:mod:`arbiter_app.core.category_prizes`)."""
    fund, wildcards = stored_fund(state)
    if fund is None:
        raise NoPrizeFund()
    placings, regulation = _placings(state, event, playoff_name)
    sharing = regulation.sharing if regulation is not None else SharingPolicy()
    scale = regulation.points if regulation is not None else None
    categories, rule = stored_categories(state)
    start = event.info.start_date
    awarded = award_prizes(
        fund,
        placings,
        sharing,
        categories,
        event.player_map(),
        start.year if start is not None else None,
        rule,
        _ranked(state, event),
    )
    names = {p.tpn: p.name for p in event.players}
    return prize_rows(awarded, scale, placings, names, wildcards)


def tour_points(state: State, event: Event, playoff_name: str | None) -> dict[int, Fraction]:
    """Each player's tour points from this event (GCT 2023 2.7, 2.8, 3.7, 3.8)."""
    placings, regulation = _placings(state, event, playoff_name)
    scale = regulation.points if regulation is not None else None
    _, wildcards = stored_fund(state)
    return event_points(placings, scale or GCT_2023_POINTS, wildcards)
