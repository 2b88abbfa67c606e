"""When a play-off may start, and whether one started still matches the standings.

A play-off breaks ties of the *final* standings (FIDE C.07 article 3.1: the
regulations say which places are decided, 3.1.1, and who qualifies, 3.1.2), so
it can be started only once every round is complete and one of the places the
regulation decides is tied; ties for other places are shared (GCT 2023
articles 2.8, 3.8, 4.2; City Chess OK, second- and third-place ties).

A correction made after the play-off started can change the tie it was played
for (a final-round result entered wrongly, a forfeit reversed on appeal): the
play-off then no longer matches the standings, its order must not be applied,
and the arbiter restarts it for the tie as it now stands. :func:`playoff_gate`
answers all of this in one place, with the sentence the window's card and the
command line both show.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbiter_app.core.model import Colour, Event
from arbiter_app.core.result import GameResult
from arbiter_app.core.standings import compute_standings

if TYPE_CHECKING:
    from arbiter_app.core.playoff.engine import PlayoffState
    from arbiter_app.core.playoff.regulation import Regulation
    from arbiter_app.core.playoff.steps import Meeting, Tie


class PlayoffStatus(enum.Enum):
    """Where the play-off stands."""

    NONE = "none"
    """The event names no play-off regulation."""
    NOT_DUE = "not-due"
    """The event is not final yet."""
    NO_TIE = "no-tie"
    """Final, and no place the regulation decides is tied: nothing to play off."""
    READY = "ready"
    """Final, and a place the regulation decides is tied: the play-off can start."""
    STARTED = "started"
    OVER = "over"
    STALE = "stale"
    """Started (or over), but the standings no longer have the tie it was played for."""


@dataclass(frozen=True)
class PlayoffGate:
    """The play-off's status, the sentence that explains it, and the ties as they stand.

    *ties* are the ties of the qualifying standings now (every range of shared
    places); *broken* those the regulation decides, *shared* the others.
    """

    status: PlayoffStatus
    reason: str
    ties: tuple[Tie, ...] = ()
    broken: tuple[Tie, ...] = ()
    shared: tuple[Tie, ...] = ()

    @property
    def can_start(self) -> bool:
        return self.status is PlayoffStatus.READY

    @property
    def in_force(self) -> bool:
        """The play-off's results apply to the standings and the prizes."""
        return self.status in (PlayoffStatus.STARTED, PlayoffStatus.OVER)

    @property
    def can_restart(self) -> bool:
        return self.status is PlayoffStatus.STALE


# -- the ties of the standings -----------------------------------------------------------


def qualifying_standings(
    event: Event, tiebreaks: Sequence[str], after: int = 0, after_round: int | None = None
) -> list[tuple[int, int, int]]:
    """``(tpn, place, last_place)`` after the first *after* tie-breaks (C.07 3.1.2).

    With 0 (the GCT 2023 and City Chess regulations: a tie on points, 2.1,
    3.1, 4.1, City Chess OK rules) players level on points share a range of places.
    Disqualified players are left out, as in the standings.
    """
    table = compute_standings(event, tuple(tiebreaks)[:after], after_round=after_round)
    out: list[tuple[int, int, int]] = []
    for row in table.rows:
        last = int(row.place.split("-")[-1])
        out.append((row.tpn, row.rank, last))
    return out


def ties_of(standings: Sequence[tuple[int, int, int]]) -> list[Tie]:
    """The ties of the standings: players sharing a range of places."""
    from arbiter_app.core.playoff.steps import Tie  # loaded when an event has ties to list

    groups: dict[int, list[int]] = {}
    for tpn, place, last in standings:
        if last > place:
            groups.setdefault(place, []).append(tpn)
    return [Tie(place, tuple(players)) for place, players in groups.items()]


def round_day(event: Event, round_no: int) -> str:
    """The date of round *round_no* as the schedule gives it (TRF 132), "" when not known;
    the model's game column, looked up by round (a double Swiss round is two games)."""
    return event.round_date(round_no)


def final_day(event: Event) -> str:
    """The date of the event's last round played (the day of a play-off held that day)."""
    return round_day(event, event.rounds_played)


def meetings_among(event: Event, ties: Sequence[Tie]) -> list[Meeting]:
    """The games tied players played against each other in the event (head-to-head), each
    with the date of its round when the schedule gives it (City Chess OK Tiebreaks 1
    counts only "a round that day")."""
    from arbiter_app.core.playoff.steps import Meeting

    together = {t: i for i, tie in enumerate(ties) for t in tie.players}
    out: list[Meeting] = []
    for round_no, tpn, entry in event.iter_games():
        other = entry.opponent
        # Each game once, from White's side, between players of the same tie.
        if not entry.is_played or entry.colour is not Colour.WHITE or other is None:
            continue
        if tpn not in together or together.get(other) != together[tpn]:
            continue
        result = GameResult.of_entries(entry, event.entry(other, round_no))
        assert result is not None  # a game played has its result
        out.append(Meeting(tpn, other, result.value, round_no, round_day(event, round_no)))
    return out


def decides(regulation: Regulation, tie: Tie) -> bool:
    """The regulation decides a place of *tie* (C.07 3.1.1), so the tie is played off."""
    return any(tie.place <= place <= tie.last_place for place in regulation.places)


# -- the sentences ----------------------------------------------------------------------------


def places_text(first: int, last: int) -> str:
    return f"place {first}" if first == last else f"places {first}-{last}"


def tie_text(tie: Tie) -> str:
    """``the tie for places 1-3 (players 1, 3, 7)``: how the engine names a tie."""
    players = ", ".join(map(str, tie.players))
    return f"the tie for {places_text(tie.place, tie.last_place)} (players {players})"


def _list(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _article(regulation: Regulation, article: str) -> str:
    """``GCT 2023 Classical event, article 3.1``; an article that names its own text
    (``City Chess OK Tiebreaks``, ``C.07 3.1.1``) is cited as it is."""
    if not article:
        return regulation.title
    if article[:1].isdecimal():
        return f"{regulation.title}, article {article}"
    return article


def shared_text(regulation: Regulation, shared: Sequence[Tie]) -> str:
    """``Places 4-5 are shared (…, article 3.8).``, or "" when no tie is left to share."""
    if not shared:
        return ""
    text = _list([places_text(t.place, t.last_place) for t in shared])
    return (
        f" {text[:1].upper()}{text[1:]} are shared"
        f" ({_article(regulation, regulation.unbroken_article)})."
    )


def _decided_places(regulation: Regulation) -> str:
    places = [str(p) for p in regulation.places]
    return ("place " if len(places) == 1 else "places ") + _list(places)


def _key(ties: Sequence[Tie]) -> frozenset[tuple[int, frozenset[int]]]:
    return frozenset((t.place, frozenset(t.players)) for t in ties)


def _meetings_key(meetings: Sequence[Meeting]) -> frozenset[tuple[int, int, str]]:
    return frozenset((m.white, m.black, m.result) for m in meetings)


def playoff_gate(
    event: Event,
    not_final: str | None,
    *,
    regulation: Regulation | None,
    tiebreaks: Sequence[str],
    playoff: PlayoffState | None = None,
    ties_given: bool = False,
) -> PlayoffGate:
    """Where the play-off stands and why (C.07 3.1; GCT 2023 2.1, 3.1, 4.1).

    *not_final* says why the event is not final (None when it is);
    *regulation* is the play-off's own when one was started, else the one the
    event names; *tiebreaks* the event's list, of which the regulation's first
    ``qualify_after_tiebreaks`` apply before qualifying (3.1.2). *ties_given*
    marks a play-off started for ties the arbiter named (a tour's standings):
    its tie is not the event's, so only the event's being final is checked.
    """
    if playoff is not None:
        regulation = playoff.regulation
    if regulation is None:
        return PlayoffGate(
            PlayoffStatus.NONE,
            "The event names no play-off regulation: ties are broken by the tie-breaks.",
        )
    ties: tuple[Tie, ...] = ()
    if not_final is None:
        after = regulation.qualify_after_tiebreaks
        ties = tuple(ties_of(qualifying_standings(event, tiebreaks, after)))
    broken = tuple(t for t in ties if decides(regulation, t))
    shared = tuple(t for t in ties if not decides(regulation, t))
    if playoff is not None:
        stale = _stale(event, playoff, not_final, ties, ties_given)
        if stale:
            return PlayoffGate(PlayoffStatus.STALE, stale, ties, broken, shared)
        # The engine is loaded only for an event with a play-off: the standings of every
        # other event ask this gate too.
        from arbiter_app.core.playoff.engine import next_step

        step = next_step(playoff)
        if step.code == "done":
            return PlayoffGate(PlayoffStatus.OVER, step.text, ties, broken, shared)
        started = _ties_text(regulation, playoff.ties) or "the event's ties"
        return PlayoffGate(
            PlayoffStatus.STARTED,
            f"The play-off for {started} is under way ({regulation.title}).",
            ties,
            broken,
            shared,
        )
    decided = (
        f"The play-off decides {_decided_places(regulation)}"
        f" ({_article(regulation, regulation.places_article)})"
    )
    if not_final is not None:
        return PlayoffGate(
            PlayoffStatus.NOT_DUE,
            f"{decided}; it can start only when the event is final: {not_final}.",
        )
    if not broken:
        return PlayoffGate(
            PlayoffStatus.NO_TIE,
            f"No play-off is needed: no place it decides is tied. {decided}."
            + shared_text(regulation, shared),
            ties,
            broken,
            shared,
        )
    tied = _list([tie_text(t) for t in broken])
    return PlayoffGate(
        PlayoffStatus.READY,
        f"The event is final; the play-off breaks {tied}. {decided}."
        + shared_text(regulation, shared),
        ties,
        broken,
        shared,
    )


def _ties_text(regulation: Regulation, ties: Sequence[Tie]) -> str:
    """The ties the regulation breaks, named as the engine names them ("" for none)."""
    return _list([tie_text(t) for t in ties if decides(regulation, t)])


def _stale(
    event: Event,
    playoff: PlayoffState,
    not_final: str | None,
    ties: Sequence[Tie],
    ties_given: bool,
) -> str:
    """Why a started play-off no longer matches the standings ("" while it does).

    Every tie of the standings counts, the shared ones too: the play-off's
    final order places them (GCT 2023 3.8), and the prizes follow it.
    """
    regulation = playoff.regulation
    started = _ties_text(regulation, playoff.ties) or "no tie"
    head = f"The play-off no longer matches the standings: it was started for {started}"
    tail = (
        ". Restart it for the standings as they are (the old play-off stays in the journal"
        " and on the lot protocol)."
    )
    if not_final is not None:
        return (
            f"{head}, but the event is no longer final ({not_final}). Once every round is "
            "complete it either matches again or can be restarted."
        )
    if ties_given:
        return ""
    if _key(ties) != _key(playoff.ties):
        now = _ties_text(regulation, ties)
        if now != started:
            return f"{head}, but the standings now have {now or 'no such tie'}{tail}"
        before = _list([tie_text(t) for t in playoff.ties if not decides(regulation, t)])
        after = _list([tie_text(t) for t in ties if not decides(regulation, t)])
        return (
            f"{head}, which is still the tie, but the shared places have changed: "
            f"{before or 'none'} then, {after or 'none'} now{tail}"
        )
    if _meetings_key(meetings_among(event, ties)) != _meetings_key(playoff.meetings):
        return (
            f"{head}, and the games the tied players played against each other have changed"
            f" since{tail}"
        )
    return ""
