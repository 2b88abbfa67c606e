"""Per-player rows of the tie-break tables, kept from one standings to the next.

After a result, the session hands out a new :class:`~arbiter_app.core.model.Event`
in which only the two players of that game have new entry tuples; every other
player's tuple is the very same object as before. The tables the tie-breaks
are computed from are built row by row from those tuples, so a row whose
tuple is the same object (and whose other inputs, the *context*, are equal)
is the row built last time. This keeps the standings of a 1,000-player event
from rebuilding 11,000 round cells for every result typed.

Identity is a safe test here: the tuples and their entries are immutable, and
the memo holds a reference to each tuple it keyed, so an identity cannot be
reused by another object while it is remembered. Nothing else is cached: the
values are computed afresh from the rows each time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Generic, TypeVar

from arbiter_app.core.model import RoundEntry

Row = TypeVar("Row")

Entries = tuple[RoundEntry, ...]


_FORGETTERS: list[Callable[[], None]] = []


def on_forget(forget: Callable[[], None]) -> None:
    """Have :func:`forget_kept_rows` call *forget* (for memos other than a RowMemo)."""
    _FORGETTERS.append(forget)


def forget_kept_rows() -> None:
    """Drop every kept row: the next standings are computed from scratch (benchmarks, tests)."""
    for forget in _FORGETTERS:
        forget()


SLOTS = 3
"""Contexts a memo keeps at once: the standings after the last complete round, those of the
round in progress (made ready before its last result), and one more (the projector's)."""


class RowMemo(Generic[Row]):
    """The rows of a table, keyed by player and by the identity of the player's entries.

    The rows of the last :data:`SLOTS` contexts are kept: the window asks for the standings
    after the last complete round and for those of the round in progress in turn, and
    either would otherwise throw away the other's rows.
    """

    def __init__(self) -> None:
        # Each context and its rows are one value, and the tuple of them is replaced at
        # once: a standings computed in another thread never sees one call's context with
        # another call's rows (at worst it builds rows again).
        self._kept: tuple[tuple[object, dict[int, tuple[Entries, Row]]], ...] = ()
        on_forget(self.forget)

    @property
    def _rows(self) -> dict[int, tuple[Entries, Row]]:
        """The rows of the context used last."""
        return self._kept[-1][1] if self._kept else {}

    def forget(self) -> None:
        self._kept = ()

    def rows(
        self,
        context: Hashable | Mapping[object, object],
        entries: Mapping[int, Entries],
        tpns: Iterable[int],
        build: Callable[[int, Entries], Row],
    ) -> dict[int, Row]:
        """The row of each player in *tpns*: built with *build*, or the one kept from last time.

        *context* is everything besides the player's own entries that a row
        depends on (rounds, point values, ratings…); rows kept for another
        context are not used.
        """
        slots = self._kept
        previous: dict[int, tuple[Entries, Row]] = {}
        for kept_context, kept_rows in slots:
            if kept_context == context:
                previous = kept_rows
        kept: dict[int, tuple[Entries, Row]] = {}
        out: dict[int, Row] = {}
        for tpn in tpns:
            source = entries.get(tpn, ())
            hit = previous.get(tpn)
            if hit is not None and hit[0] is source:
                kept[tpn] = hit
                out[tpn] = hit[1]
            else:
                row = build(tpn, source)
                kept[tpn] = (source, row)
                out[tpn] = row
        others = tuple((c, r) for c, r in slots if c != context)[-(SLOTS - 1) :]
        self._kept = (*others, (context, kept))
        return out


class CutMemo:
    """Each player's entries cut after a round, kept from one call to the next.

    Standings after the last complete round cut every player's entries while a
    round is in progress; a fresh slice is a new tuple, which would defeat the
    rows a :class:`RowMemo` keeps. The cut of a player whose entries are the
    same object, or whose cut is equal to last time's (a result of the round in
    progress changes nothing before it), is the very tuple handed out last time.
    """

    def __init__(self) -> None:
        self._kept: dict[int, tuple[Entries, int, Entries]] = {}
        on_forget(self.forget)

    def forget(self) -> None:
        self._kept = {}

    def cut_entries(self, entries: Mapping[int, Entries], after_round: int) -> dict[int, Entries]:
        """Each player's *entries* cut after *after_round*: a player whose entries are the
        same object as last time gets last time's cut without slicing (a result typed in
        the round in progress changes two players of 10,000)."""
        previous = self._kept
        kept: dict[int, tuple[Entries, int, Entries]] = {}
        out: dict[int, Entries] = {}
        for tpn, source in entries.items():
            hit = previous.get(tpn)
            if hit is not None and hit[1] == after_round and hit[0] is source:
                kept[tpn] = hit
                out[tpn] = hit[2]
                continue
            row = source[:after_round]
            if hit is not None and hit[1] == after_round and hit[2] == row:
                row = hit[2]
            kept[tpn] = (source, after_round, row)
            out[tpn] = row
        self._kept = kept
        return out
