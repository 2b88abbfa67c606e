"""Pairing numbers: by rating, or drawn by lot (a recorded draw).

A Swiss ranks players before round 1 by rating, then FIDE title, then name
(FIDE C.04.2, General handling rules, "initial order"); a round
robin usually draws the Berger numbers by lot (C.05 article 2 / Annex 1: the
pairing numbers are drawn). Either way the result is a renumbering of the
event: every pairing number is replaced consistently (players, opponents in
round entries, bye requests, forbidden pairs, point adjustments).

Lots come from :mod:`arbiter_app.core.lots`: a seeded draw (the seed is
stored, so the draw can be redone) or a physical draw typed in by the arbiter.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from arbiter_app.core.errors import RuleError
from arbiter_app.core.lots import Draw, seeded_draw
from arbiter_app.core.model import ByeRequest, Event, Player, PointAdjustment, RoundEntry

# FIDE titles from strongest to weakest (C.04.2 initial order: title after rating).
TITLE_ORDER: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")

ARTICLE_RATING = "FIDE C.04.2 (initial order: rating, title, name)"
ARTICLE_LOT = "FIDE C.05 Annex 1 (pairing numbers drawn by lot)"


def _title_rank(title: str) -> int:
    t = title.strip().upper()
    return TITLE_ORDER.index(t) if t in TITLE_ORDER else len(TITLE_ORDER)


def rating_order(players: Iterable[Player]) -> tuple[int, ...]:
    """Pairing numbers in initial order: rating (unrated last), FIDE title, then name.

    Ties that remain after the name keep the current pairing number order.
    """
    return tuple(
        p.tpn
        for p in sorted(
            players,
            key=lambda p: (
                -(p.rating or 0),
                _title_rank(p.title),
                p.name.casefold(),
                p.tpn,
            ),
        )
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
