"""The standings every view shows: after the last complete round, or provisional on request.

Standings are those after the last complete round (:attr:`EventState.standings_round`):
a round in progress changes nothing until all its results are in, so the order
on the wall does not jump while games are played and an unfinished game never
reads as a loss. On request the round in progress is shown as *provisional*:
the results entered so far count, the unfinished games count nothing yet and
their players are marked pending.

The places a play-off decides (FIDE C.07 article 3.1.1) are held back from the
tie-breaks only in the final standings, and the play-off's order applies only
while the play-off matches them (:mod:`arbiter_app.core.playoff.gate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arbiter_app.core.errors import RuleError
from arbiter_app.core.event_state import EventState
from arbiter_app.core.model import Event, RuleSet
from arbiter_app.core.standings import Standings, compute_standings
from arbiter_app.core.tiebreaks.reuse import CutMemo, on_forget

_CUTS = CutMemo()
"""Players' entries cut after the last complete round, kept while they do not change."""


def standings_now(
    event: Event,
    state: EventState,
    tiebreaks: Sequence[str],
    *,
    provisional: bool = False,
    after_round: int | None = None,
    rule_set: RuleSet | None = None,
    annul_short_round_robin: bool | None = None,
    playoff_places: Sequence[int] = (),
    playoff_after: int = 0,
    playoff_order: Sequence[int] = (),
) -> Standings:
    """The standings of *event* in *state* (module docstring).

    *after_round* asks for the standings after an earlier complete round;
    *provisional* for the round in progress (standings after the last complete
    round when no round is in progress). *playoff_order* is the play-off's
    finishing order; it is applied only while ``state.playoff.in_force``.
    """
    if provisional and after_round is not None:
        raise RuleError("ask for the standings after a round, or the provisional ones, not both")
    if after_round is not None and not 0 <= after_round <= state.complete:
        current = state.provisional_round
        hint = (
            f"; round {current} is in progress and can be shown as provisional"
            if current == after_round
            else ""
        )
        raise RuleError(f"standings after round {after_round}: {_complete(state)}{hint}")
    current = state.provisional_round if provisional else None
    pending: frozenset[int] = frozenset()
    if current is not None:
        # The round in progress as far as it goes; no play-off applies to it.
        last: int | None = None if event.rounds_played <= current else current
        pending, final = state.pending_players, False
    else:
        last = state.standings_round if after_round is None else after_round
        final = state.final and last == state.complete
        if last == event.rounds_played:
            last = None  # every round: the event as it is, not a truncated copy
        else:
            # A round in progress: its results change the event, not these standings.
            cut = replace(event, entries={}).truncated(last)
            event = replace(cut, entries=_CUTS.cut_entries(event.entries, last))
    places, order = _playoff(state, final, playoff_places, playoff_order)
    settings = (
        tuple(tiebreaks),
        rule_set,
        last,
        annul_short_round_robin,
        places,
        order,
        playoff_after,
        current or 0,
        pending,
    )
    kept = _LAST.get(event, settings)
    if kept is not None:
        return kept
    table = compute_standings(
        event,
        tiebreaks,
        rule_set=rule_set,
        after_round=last,
        annul_short_round_robin=annul_short_round_robin,
        playoff_places=places,
        playoff_order=order,
        playoff_after=playoff_after,
        provisional_round=current or 0,
        pending=pending,
    )
    _LAST.keep(event, settings, table)
    return table


def prepare_round_in_progress(
    event: Event,
    state: EventState,
    tiebreaks: Sequence[str],
    *,
    rule_set: RuleSet | None = None,
    annul_short_round_robin: bool | None = None,
) -> bool:
    """Compute, ahead of time, the tie-break values of the round in progress with the
    results entered so far; False when no round is in progress (nothing to do).

    The standings shown stay those after the last complete round until the round's
    last result is in (module docstring); then every score changes at once. The values
    kept from this computation (:mod:`arbiter_app.core.tiebreaks.incremental`) turn that
    last result into a change of two players, as every other result is. Pure: the
    window runs it in a worker thread while the arbiter types the next result.
    """
    if state.provisional_round is None or event.rounds_played < state.provisional_round:
        return False
    compute_standings(
        event,
        tiebreaks,
        rule_set=rule_set,
        annul_short_round_robin=annul_short_round_robin,
    )
    return True


class _LastStandings:
    """The last standings made, handed out again while nothing they depend on changed.

    While a round is in progress every result typed makes a new event, but the
    standings after the last complete round stay the same: each player's cut
    entries are the very tuples of last time (:class:`CutMemo`). Entries are
    compared by identity (immutable tuples, held here), everything else by value.
    """

    def __init__(self) -> None:
        self._kept: tuple[Event, tuple[object, ...], Standings] | None = None
        on_forget(self.forget)

    def forget(self) -> None:
        self._kept = None

    def get(self, event: Event, settings: tuple[object, ...]) -> Standings | None:
        if self._kept is None:
            return None
        before, kept_settings, table = self._kept
        if kept_settings != settings or not _same_event(before, event):
            return None
        return table

    def keep(self, event: Event, settings: tuple[object, ...], table: Standings) -> None:
        self._kept = (event, settings, table)


def _same_event(a: Event, b: Event) -> bool:
    """The same event for standings: every player's entries the very same tuple, the rest equal."""
    if a is b:
        return True
    if a.entries.keys() != b.entries.keys():
        return False
    if any(a.entries[tpn] is not row for tpn, row in b.entries.items()):
        return False
    return replace(a, entries={}) == replace(b, entries={})


_LAST = _LastStandings()


def _complete(state: EventState) -> str:
    if state.complete == 0:
        return "no round is complete yet"
    if state.complete == 1:
        return "only round 1 is complete"
    return f"rounds 1 to {state.complete} are complete"


def _playoff(
    state: EventState, final: bool, places: Sequence[int], order: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The play-off places and order that apply to these standings (none before the end)."""
    if not final:
        return (), ()
    return tuple(places), tuple(order) if state.playoff.in_force else ()
