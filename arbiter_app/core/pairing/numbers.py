"""Pairing numbers: by the initial ranking, drawn by lot, or fixed by the arbiter.

A Swiss ranks players before round 1 by rating, then FIDE title, then name
(FIDE C.04.2, General handling rules for Swiss tournaments, articles 2.2 and
2.3: the ranking position is the pairing number); a round robin draws its
Berger numbers by lot before round 1 (FIDE C.05 articles 7.2 and 7.5, Annex 1).
Either way the result is a renumbering of the event: every pairing number is
replaced consistently (players, opponents in round entries, bye requests,
forbidden pairs, point adjustments).

How the numbers were given is part of the event (:class:`Numbering`), and so
are the rules that follow from it: while a Swiss is numbered by its initial
ranking, the numbers follow every player added or edited before round 1; once
round 1 is paired the numbers are fixed (the pairings already made refer to
them), except that a late entry takes its place in the initial ranking
(C.04.2 articles 2.4 and 2.5).

Lots come from :mod:`arbiter_app.core.lots`: a seeded draw (the seed is
stored, so the draw can be redone) or a physical draw typed in by the arbiter.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import (
    ByeRequest,
    Event,
    Player,
    PointAdjustment,
    RoundEntry,
    System,
)
from arbiter_app.core.pairing.ranking import DEFAULT_RULE, RankingRule

if TYPE_CHECKING:
    from arbiter_app.core.lots import Draw

ARTICLE_RATING = "FIDE C.04.2 articles 2.2 and 2.3 (initial ranking: rating, title, name)"
ARTICLE_LOT = "FIDE C.05 articles 7.2 and 7.5 (round robin numbers drawn by lot, Berger tables)"
ARTICLE_LATE = "FIDE C.04.2 articles 2.4 and 2.5 (a late entry takes its place in the ranking)"


def ranking_key(player: Player, rule: RankingRule = DEFAULT_RULE) -> tuple[Any, ...]:
    """A player's place in the initial ranking (C.04.2 article 2.2): the tournament
    rating (unrated last), then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none),
    then the stated order of equal players (name by default; :mod:`.ranking`)."""
    return rule.key(player)


def rating_order(players: Iterable[Player], rule: RankingRule = DEFAULT_RULE) -> tuple[int, ...]:
    """Pairing numbers in initial order: rating (unrated last), FIDE title, then the ties.

    Ties that remain after the whole rule keep the current pairing number order.
    """
    return tuple(p.tpn for p in sorted(players, key=lambda p: (*rule.key(p), p.tpn)))


def late_entry_place(
    players: Sequence[Player], newcomer: Player, rule: RankingRule = DEFAULT_RULE
) -> int:
    """The pairing number a late entry takes among *players* (C.04.2 articles 2.4, 2.5).

    The numbers given so far stay in their order (they are fixed once round 1
    is paired); the newcomer goes just above the first player the initial
    ranking puts below them, and everyone from there down moves one number on.
    """
    ordered = sorted(players, key=lambda p: p.tpn)
    key = rule.key(newcomer)
    for index, player in enumerate(ordered):
        if rule.key(player) > key:
            return index + 1
    return len(ordered) + 1


class Numbering(enum.Enum):
    """How the event's pairing numbers were given (recorded with the event).

    - ``RATING``: the initial ranking of a Swiss (C.04.2 articles 2.2, 2.3),
      kept up to date while players are added or edited before round 1;
    - ``LOT``: drawn by lot by the application (the seed is in the journal);
    - ``DRAW``: drawn at the venue, the outcome typed in with its witnesses;
    - ``ORDER``: fixed by the arbiter by hand;
    - ``FILE``: as read from an imported file;
    - ``ENTRY``: in the order the players were entered (nothing decided yet);
    - ``UNRECORDED``: a file written before the method was recorded: the
      numbers stand as they are.
    """

    RATING = "rating"
    LOT = "lot"
    DRAW = "draw"
    ORDER = "order"
    FILE = "file"
    ENTRY = "entry"
    UNRECORDED = "unrecorded"

    @property
    def follows_ranking(self) -> bool:
        """Players added later take their place in the initial ranking (C.04.2 2.2, 2.4)."""
        return self in (Numbering.RATING, Numbering.FILE)

    @property
    def decided(self) -> bool:
        """Numbers chosen on purpose (not merely the order of entry)."""
        return self is not Numbering.ENTRY


_HOW = {
    Numbering.RATING: "by the initial ranking ({ranking}; FIDE C.04.2 article 2.2)",
    Numbering.LOT: "drawn by lot by the application (the seed is kept in the journal)",
    Numbering.DRAW: "drawn at the venue (the outcome and the witnesses are in the journal)",
    Numbering.ORDER: "fixed by hand by the arbiter",
    Numbering.FILE: "as in the imported file",
    Numbering.ENTRY: "in the order the players were entered",
    Numbering.UNRECORDED: "as given (this file does not record how)",
}


US_RANKING = "by rating, highest first ({ranking}; US Chess 28J and 29A)"
"""How a US Chess event ranks its players for round 1: by rating (28J: the top half meets
the bottom half in rating order; 29A: rank is score, then rating)."""


def describe_numbering(
    numbering: Numbering,
    system: System,
    paired: int,
    ranking: str = DEFAULT_RULE.text,
    *,
    us_chess: bool = False,
) -> str:
    """One sentence on the pairing numbers: how they were given and whether they can change
    (*ranking*: the initial ranking's rule, :attr:`RankingRule.text`); *us_chess*: the
    event runs under the US Chess rules, whose ranking by rating the sentence cites."""
    how_text = US_RANKING if us_chess and numbering is Numbering.RATING else _HOW[numbering]
    how = f"Pairing numbers {how_text.format(ranking=ranking)}"
    if paired:
        return f"{how}; fixed since round 1 was paired."
    if numbering is Numbering.RATING:
        return f"{how}; they follow every player added or edited until round 1 is paired."
    if system.is_round_robin and not numbering.decided:
        return (
            f"{how}: not drawn yet. A round robin's numbers are drawn by lot before round 1"
            " (FIDE C.05 article 7.2)."
        )
    return f"{how}."


def round_robin_draw_due() -> str:
    """Why a round robin cannot be paired before its numbers are drawn (C.05 7.2, 7.5)."""
    return (
        "A round robin's pairing numbers are drawn by lot before round 1 (FIDE C.05 articles "
        "7.2 and 7.5: the Berger tables pair by number); draw them with 'arbiter-app player "
        "number FILE --by lot' (or --by draw for a draw at the venue), or Players ▸ Pairing "
        "numbers… in the window."
    )


def renumbering_refusal(paired: int, system: System) -> str | None:
    """Why the pairing numbers can no longer be redrawn or renumbered, or None while they can.

    Once round 1 is paired the pairings refer to the numbers: a round robin's
    later rounds follow its Berger table by number (C.05 article 7.5), so new
    numbers would repeat games already played; a Swiss keeps its numbers too
    (C.04.2 article 2.3), a late entry being the one exception (articles 2.4, 2.5).
    """
    if not paired:
        return None
    head = "The pairing numbers are fixed: round 1 was paired with them"
    if system.is_round_robin:
        return (
            f"{head}, and a round robin's Berger table pairs by number (FIDE C.05 article "
            "7.5): new numbers would repeat games already played."
        )
    return (
        f"{head}, and the pairings refer to them (FIDE C.04.2 article 2.3). Only a late "
        "entry takes its place in the ranking (articles 2.4 and 2.5)."
    )


def round_one_refusal(numbering: Numbering, system: System) -> str | None:
    """Why round 1 cannot be paired with the numbers as they are, or None when it can.

    A round robin needs its numbers drawn (C.05 7.2); a Swiss numbered only in
    the order of entry would pair by that order instead of the initial ranking
    (C.04.2 article 2.3), so it asks for the numbers first.
    """
    if numbering.decided:
        return None
    if system.is_round_robin:
        return "Round 1 cannot be paired yet. " + round_robin_draw_due()
    return (
        "Round 1 cannot be paired yet: the pairing numbers are in the order the players were "
        "entered, not the initial ranking (FIDE C.04.2 articles 2.2 and 2.3). Give them with "
        "'arbiter-app player number FILE --by rating' (or Players ▸ Pairing numbers…)."
    )


def mapping_from_order(order: Sequence[int]) -> dict[int, int]:
    """The renumbering that gives the i-th player of *order* the number i (1-based)."""
    if len(set(order)) != len(order):
        raise RuleError(f"the order {list(order)} lists a player twice")
    return {old: new for new, old in enumerate(order, start=1)}


def numbers_by_rating(event: Event) -> Event:
    """The event renumbered in initial order (C.04.2, initial order)."""
    return renumber(event, mapping_from_order(rating_order(event.players)))


def numbers_by_lot(event: Event, draw: Draw) -> Event:
    """The event renumbered by a draw: the i-th drawn player gets number i.

    The draw must be among exactly the event's players (C.05 Annex 1).
    """
    current = sorted(p.tpn for p in event.players)
    if sorted(draw.outcome) != current:
        raise RuleError(
            f"the draw '{draw.purpose}' is among {sorted(draw.outcome)}, "
            f"but the players are {current}"
        )
    return renumber(event, mapping_from_order(draw.outcome))


def draw_numbers(event: Event, seed: int, *, witnesses: Sequence[str] = ()) -> tuple[Event, Draw]:
    """Draw the pairing numbers from *seed*; return the renumbered event and the draw to journal."""
    from arbiter_app.core.lots import seeded_draw  # loaded when numbers are drawn by lot

    draw = seeded_draw(
        "pairing numbers",
        sorted(p.tpn for p in event.players),
        seed,
        witnesses=witnesses,
        article=ARTICLE_LOT,
    )
    return numbers_by_lot(event, draw), draw


def renumber(event: Event, mapping: Mapping[int, int]) -> Event:
    """Replace every pairing number by ``mapping[old]`` (a permutation of the players)."""
    known = {p.tpn for p in event.players}
    if set(mapping) != known or sorted(mapping.values()) != sorted(range(1, len(known) + 1)):
        raise RuleError("a renumbering must give each player one number from 1 to N")

    def entry(e: RoundEntry) -> RoundEntry:
        if e.opponent is None:
            return e
        return replace(e, opponent=mapping[e.opponent])

    players = [replace(p, tpn=mapping[p.tpn]) for p in event.players]
    entries = {mapping[t]: tuple(entry(e) for e in row) for t, row in event.entries.items()}
    requests = tuple(ByeRequest(mapping[r.tpn], r.round, r.kind) for r in event.bye_requests)
    forbidden = tuple(frozenset(mapping[t] for t in group) for group in event.forbidden_pairs)
    adjustments = tuple(
        PointAdjustment(mapping[a.tpn], a.points, a.round, a.reason) for a in event.adjustments
    )
    renumbered = event.with_players(players).with_entries(entries)
    return replace(
        renumbered, bye_requests=requests, forbidden_pairs=forbidden, adjustments=adjustments
    )
