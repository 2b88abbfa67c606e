"""Deliberately broken copies of a tournament file: a pairing, a colour or a rank changed.

Each function takes a file's document and returns a copy with one thing made
wrong in one round, so that a checker must report that round: two players of
different boards exchanged, the colours of one board flipped, or the ranks of
two players of different places exchanged.
"""

from __future__ import annotations

import random
from dataclasses import replace

from arbiter_app.core.model import Colour, EntryKind, Event, RoundEntry
from arbiter_app.core.trf.document import TrfDocument


def _games(event: Event, round_no: int) -> list[tuple[int, int]]:
    """The round's games played over the board, as (White, Black)."""
    out = []
    for p in event.players:
        e = event.entry(p.tpn, round_no)
        if e.kind is EntryKind.GAME and e.colour is Colour.WHITE and e.opponent is not None:
            out.append((p.tpn, e.opponent))
    return sorted(out)


def _set(event: Event, changes: dict[int, RoundEntry], round_no: int) -> Event:
    entries = dict(event.entries)
    for tpn, entry in changes.items():
        row = list(entries[tpn])
        row[round_no - 1] = entry
        entries[tpn] = tuple(row)
    return event.with_entries(entries)


def flip_colours(doc: TrfDocument, round_no: int, rng: random.Random) -> TrfDocument:
    """One board of *round_no* with White and Black exchanged (results kept)."""
    event = doc.event
    white, black = rng.choice(_games(event, round_no))
    w, b = event.entry(white, round_no), event.entry(black, round_no)
    flipped = {white: replace(w, colour=Colour.BLACK), black: replace(b, colour=Colour.WHITE)}
    return replace(doc, event=_set(event, flipped, round_no))


def swap_players(doc: TrfDocument, round_no: int, rng: random.Random) -> TrfDocument:
    """The White players of two boards of *round_no* exchanged, each board keeping its result."""
    event = doc.event
    (a, b), (c, d) = rng.sample(_games(event, round_no), 2)
    first = event.entry(a, round_no).outcome
    second = event.entry(c, round_no).outcome
    assert first is not None and second is not None
    changes = {
        c: RoundEntry.game(b, Colour.WHITE, first),
        b: RoundEntry.game(c, Colour.BLACK, first.opposite),
        a: RoundEntry.game(d, Colour.WHITE, second),
        d: RoundEntry.game(a, Colour.BLACK, second.opposite),
    }
    return replace(doc, event=_set(event, changes, round_no))


def swap_ranks(doc: TrfDocument, rng: random.Random) -> tuple[TrfDocument, tuple[int, int]]:
    """The ranks of two players of different ranks exchanged; also returns the two players."""
    ranks = dict(doc.ranks)
    by_rank: dict[int, list[int]] = {}
    for tpn, rank in ranks.items():
        by_rank.setdefault(rank, []).append(tpn)
    low, high = sorted(rng.sample(sorted(by_rank), 2))
    x, y = by_rank[low][0], by_rank[high][0]
    ranks[x], ranks[y] = high, low
    return replace(doc, ranks=ranks), (x, y)
