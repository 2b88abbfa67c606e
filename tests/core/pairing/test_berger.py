"""Round robins by the Berger tables (FIDE C.05 Annex 1)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from gacrux import berger as gacrux_berger

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import EntryKind, Event, Player, System
from arbiter_app.core.pairing import (
    append_round,
    berger_round,
    pair_round,
    pair_round_robin,
    round_robin_schedule,
)
from arbiter_app.core.pairing.berger import BergerGame
from arbiter_app.core.result import GameResult

DATA = Path(__file__).resolve().parents[2] / "data" / "fide" / "berger" / "printed-tables.txt"


def printed_tables() -> dict[int, list[list[tuple[int, int]]]]:
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    size = 0
    for line in DATA.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            size = int(line[1:-1])
            tables[size] = []
            continue
        _, games = line.split(":")
        tables[size].append([(int(g.split("-")[0]), int(g.split("-")[1])) for g in games.split()])
    return tables


TABLES = printed_tables()


@pytest.mark.parametrize("players", range(3, 17))
def test_table_equals_the_printed_fide_table(players: int) -> None:
    """C.05 Annex 1: N and N-1 players share the table of N (N even)."""
    size = players + players % 2
    printed = TABLES[size]
    assert len(printed) == size - 1
    for rnd, games in enumerate(printed, start=1):
        assert [(g.white, g.black) for g in berger_round(players, rnd)] == games


@pytest.mark.parametrize("players", range(2, 41))
def test_construction_agrees_with_both_of_gacruxs_constructions(players: int) -> None:
    table = gacrux_berger.bergertables(players)
    generic = gacrux_berger.bergertablesGeneric(players)
    size = players + players % 2
    for rnd in range(1, size):
        ours = [(g.white, g.black) for g in berger_round(players, rnd)]
        for theirs in (table, generic):
            boards = theirs["pairing"][rnd]
            assert ours == [
                (boards[b]["white"], boards[b]["black"]) for b in range(1, size // 2 + 1)
            ]


@pytest.mark.parametrize("players", range(2, 21))
def test_everyone_meets_everyone_once_and_colours_balance(players: int) -> None:
    schedule = round_robin_schedule(players)
    met: set[frozenset[int]] = set()
    whites = dict.fromkeys(range(1, players + 2), 0)
    for rnd in schedule:
        in_round = [t for g in rnd for t in (g.white, g.black)]
        assert len(in_round) == len(set(in_round))
        for g in rnd:
            pair = frozenset((g.white, g.black))
            assert pair not in met
            met.add(pair)
            whites[g.white] += 1
    size = players + players % 2
    assert len(met) == size * (size - 1) // 2
    # Each player has White (N-1)/2 rounded up or down.
    assert all(whites[t] in ((size - 1) // 2, size // 2) for t in range(1, size + 1))


def test_double_round_robin_reverses_colours_in_the_second_cycle() -> None:
    single = round_robin_schedule(6)
    double = round_robin_schedule(6, double=True)
    assert len(double) == 10
    for first, second in zip(single, double[5:], strict=True):
        assert [(g.black, g.white) for g in first] == [(g.white, g.black) for g in second]


def test_swap_of_the_last_two_rounds_of_the_first_cycle() -> None:
    """C.05 Annex 1: for a double round robin the last two rounds of cycle one may be exchanged."""
    plain = round_robin_schedule(6, double=True)
    swapped = round_robin_schedule(6, double=True, swap_last_two=True)
    assert swapped[3] == plain[4] and swapped[4] == plain[3]
    assert swapped[:3] == plain[:3] and swapped[5:] == plain[5:]

    # Without the swap somebody has the same colour three times running across the
    # seam of the two cycles; with it nobody does.
    def colours(schedule: tuple[tuple[BergerGame, ...], ...], tpn: int) -> str:
        return "".join(
            "w" if g.white == tpn else "b"
            for rnd in schedule
            for g in rnd
            if tpn in (g.white, g.black)
        )

    assert any("bbb" in colours(plain, t) or "www" in colours(plain, t) for t in range(1, 7))
    assert not any(
        "bbb" in colours(swapped, t) or "www" in colours(swapped, t) for t in range(1, 7)
    )


def _rr(players: int, system: System = System.ROUND_ROBIN) -> Event:
    return Event(
        system=system,
        planned_rounds=0,
        players=tuple(Player(t, f"P{t}", 2000 - t) for t in range(1, players + 1)),
        entries={t: () for t in range(1, players + 1)},
    )


def test_odd_field_gives_the_dummys_opponent_a_free_round() -> None:
    event = _rr(5)
    pairing = pair_round_robin(event, 1)
    # Round 1 of the 6-table: 1-6 (6 is the dummy), 2-5, 3-4.
    assert [(b.white, b.black) for b in pairing.boards] == [(2, 5), (3, 4)]
    assert [(y.tpn, y.kind) for y in pairing.byes] == [(1, EntryKind.NOT_PAIRED)]


def test_rounds_follow_each_other_and_the_double_cycle_continues() -> None:
    event = _rr(4, System.DOUBLE_ROUND_ROBIN)
    seen = []
    for _ in range(6):
        pairing = pair_round(event)
        seen.append([(b.white, b.black) for b in pairing.boards])
        event = append_round(event, pairing, {b.number: GameResult.DRAW for b in pairing.boards})
    assert seen[:3] == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    assert seen[3:] == [[(4, 1), (3, 2)], [(3, 4), (2, 1)], [(4, 2), (1, 3)]]
    with pytest.raises(RuleError):
        pair_round(event)


def test_withdrawn_player_leaves_the_opponent_without_a_game() -> None:
    event = _rr(4)
    players = [replace(p, withdrawn_from_round=1) if p.tpn == 4 else p for p in event.players]
    pairing = pair_round_robin(event.with_players(players), 1)
    assert [(b.white, b.black) for b in pairing.boards] == [(2, 3)]
    kinds = {y.tpn: y.kind for y in pairing.byes}
    assert kinds == {4: EntryKind.WITHDRAWN, 1: EntryKind.NOT_PAIRED}


def test_a_swiss_event_is_not_paired_by_berger() -> None:
    with pytest.raises(RuleError):
        pair_round_robin(_rr(4, System.SWISS), 1)
