"""Rows kept from the previous standings give the same values as a fresh computation.

The tie-break tables keep each player's row from one standings to the next
while the player's entry tuple is the same object (:mod:`arbiter_app.core.tiebreaks.reuse`).
These tests change one game at a time, as the session does after a result,
and compare every value with standings computed from scratch.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter_app.core.model import Colour, EntryKind, Event, Outcome, RoundEntry
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.tiebreaks import rating, table, unplayed
from arbiter_app.core.tiebreaks.incremental import VALUES
from arbiter_app.core.tiebreaks.reuse import RowMemo, forget_kept_rows
from tests.support.random_events import Shape, random_event

CODES = ("ARO/C1", "BH/C1", "BH", "SB", "DE", "TPR", "WIN", "PS")


def _forget_everything() -> None:
    forget_kept_rows()


def _values(event: Event) -> list[tuple[str, int, object, dict[str, object]]]:
    standings = compute_standings(event, CODES)
    return [(r.place, r.tpn, r.points, dict(r.values)) for r in standings.rows]


def _flip_one_game(event: Event, seed: int) -> Event:
    """*event* with one played game's result turned round, the other rows the same objects."""
    games = [
        (tpn, r)
        for tpn, row in sorted(event.entries.items())
        for r, e in enumerate(row)
        if e.kind is EntryKind.GAME and e.colour is Colour.WHITE and e.outcome is not Outcome.DRAW
    ]
    tpn, r = games[seed % len(games)]
    mine = event.entries[tpn][r]
    assert mine.opponent is not None and mine.outcome is not None
    other = event.entries[mine.opponent][r]
    entries = dict(event.entries)
    entries[tpn] = (
        *entries[tpn][:r],
        replace(mine, outcome=mine.outcome.opposite),
        *entries[tpn][r + 1 :],
    )
    opponent = mine.opponent
    assert other.outcome is not None
    entries[opponent] = (
        *entries[opponent][:r],
        replace(other, outcome=other.outcome.opposite),
        *entries[opponent][r + 1 :],
    )
    return replace(event, entries=entries)


@pytest.mark.parametrize("seed", range(6))
def test_a_changed_result_gives_the_standings_computed_afresh(seed: int) -> None:
    event = random_event(seed, shape=Shape(players=(20, 60), rounds=(5, 9)))
    _values(event)  # the memo now holds this event's rows
    for step in range(3):
        event = _flip_one_game(event, seed * 7 + step)
        kept = _values(event)
        _forget_everything()
        assert kept == _values(event)


def test_a_changed_rating_rebuilds_the_rated_rows() -> None:
    """The rated rows depend on the opponents' ratings, not only on the player's own entries."""
    event = random_event(3, shape=Shape(players=(20, 30), rounds=(5, 6)))
    _values(event)
    first = event.players[0]
    changed = replace(
        event,
        players=(replace(first, rating=(first.rating or 1500) + 400), *event.players[1:]),
    )
    kept = _values(changed)
    _forget_everything()
    assert kept == _values(changed)


def test_rows_are_reused_only_for_the_same_entries_object() -> None:
    built: list[int] = []
    memo: RowMemo[int] = RowMemo()

    def build(tpn: int, entries: tuple[RoundEntry, ...]) -> int:
        built.append(tpn)
        return len(entries)

    row = (RoundEntry(EntryKind.FULL_BYE),)
    entries = {1: row, 2: row, 3: (RoundEntry(EntryKind.HALF_BYE),)}
    assert memo.rows("ctx", entries, [1, 2, 3], build) == {1: 1, 2: 1, 3: 1}
    assert built == [1, 2, 3]
    built.clear()
    # An equal but new tuple for player 3: rebuilt; 1 and 2 kept.
    entries = {**entries, 3: (RoundEntry(EntryKind.HALF_BYE), RoundEntry(EntryKind.ZERO_BYE))}
    assert memo.rows("ctx", entries, [1, 2, 3], build) == {1: 1, 2: 1, 3: 2}
    assert built == [3]
    built.clear()
    # Another context: everything is built again.
    memo.rows("other", entries, [1, 2, 3], build)
    assert built == [1, 2, 3]


def test_forgetting_empties_every_memo() -> None:
    event = random_event(1, shape=Shape(players=(20, 30), rounds=(5, 6)))
    _values(event)
    assert table._ROWS._rows and unplayed._ROWS._rows and rating._RATED._rows
    compute_standings(event, ["BH"])
    assert VALUES._kept
    forget_kept_rows()
    assert not table._ROWS._rows and not unplayed._ROWS._rows and not rating._RATED._rows
    assert not VALUES._kept
    assert not unplayed._SIMPLE_TERMS
