"""The check of an imported Swiss's rounds (FIDE C.02, the checklist's questions 54 and 55)
finds exactly what checking each board against the event before its round finds.

``imported_breaches`` carries the history from round to round rather than reading the
event again for every board; these tests compare it with that direct reading, board by
board, on random events that break every rule it checks: repeated games (C.04.1 b),
forbidden pairs (TRF 260), the absolute colour rules (C.04.3 [C3]) with the last round's
topscorers excepted, pairing-allocated byes after a bye or a forfeit win (C.04.1 d), and
games whose colours the file does not give.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from arbiter_app.core.model import (
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Outcome,
    Player,
    RoundEntry,
    System,
)
from arbiter_app.core.pairing import Board, ByePolicy
from arbiter_app.core.pairing.byes import fide_may_receive_pab
from arbiter_app.core.pairing.manual import Violation, _board_violations, imported_breaches


def _board_by_board(event: Event) -> dict[int, list[Violation]]:
    """Each round's boards checked one by one against the event truncated before it."""
    if event.system is not System.SWISS:
        return {}
    out: dict[int, list[Violation]] = {}
    for rnd in range(1, event.rounds_played + 1):
        before = event.truncated(rnd - 1)
        found: list[Violation] = []
        number = 0
        for player in sorted(event.players, key=lambda p: p.tpn):
            e = event.entry(player.tpn, rnd)
            if e.kind is EntryKind.PAIRING_BYE:
                reason = fide_may_receive_pab(before, player.tpn, rnd)
                if reason:
                    found.append(Violation(ByePolicy.FIDE.article, reason, (player.tpn,)))
                continue
            if not e.kind.has_opponent or e.opponent is None or e.opponent < player.tpn:
                continue
            number += 1
            white, black = player.tpn, e.opponent
            if e.colour is Colour.BLACK:
                white, black = black, white
            broken = _board_violations(before, Board(number, white, black), rnd)
            found.extend(v for v in broken if e.colour is not None or "colour" not in v.article)
        if found:
            out[rnd] = found
    return out


def _random_event(seed: int, players: int = 15, rounds: int = 7) -> Event:
    """Random pairings with no regard for history: rematches, colour runs, second byes."""
    rng = random.Random(seed)
    entries: dict[int, list[RoundEntry]] = {t: [] for t in range(1, players + 1)}
    for _ in range(rounds):
        order = list(entries)
        rng.shuffle(order)
        if len(order) % 2:
            odd = order.pop()
            kind = rng.choice([EntryKind.PAIRING_BYE, EntryKind.PAIRING_BYE, EntryKind.HALF_BYE])
            entries[odd].append(RoundEntry.of(kind))
        for white, black in zip(order[::2], order[1::2], strict=True):
            if rng.random() < 0.1:
                entries[white].append(RoundEntry.of(EntryKind.FORFEIT_WIN, black, Colour.WHITE))
                entries[black].append(RoundEntry.of(EntryKind.FORFEIT_LOSS, white, Colour.BLACK))
                continue
            outcome = rng.choice(list(Outcome))
            colourless = rng.random() < 0.1
            w = None if colourless else Colour.WHITE
            b = None if colourless else Colour.BLACK
            entries[white].append(RoundEntry.game(black, w, outcome))
            entries[black].append(RoundEntry.game(white, b, outcome.opposite))
    forbidden = tuple(frozenset(rng.sample(range(1, players + 1), 3)) for _ in range(4))
    return Event(
        info=EventInfo(name=f"random {seed}"),
        system=System.SWISS,
        planned_rounds=rounds,
        players=tuple(Player(t, f"Player {t}", 2400 - 10 * t) for t in entries),
        entries={t: tuple(row) for t, row in entries.items()},
        forbidden_pairs=forbidden,
    )


@pytest.mark.parametrize("seed", range(12))
def test_the_round_by_round_check_finds_what_each_board_checked_alone_finds(seed: int) -> None:
    event = _random_event(seed)
    found = imported_breaches(event)
    assert found == _board_by_board(event)
    articles = {v.article for vs in found.values() for v in vs}
    assert "FIDE C.04.1 b; US Chess 27A1" in articles  # random pairings repeat games


def test_every_kind_of_breach_is_among_the_findings() -> None:
    """Over a few random events each rule the check knows is found at least once."""
    articles = {
        v.article
        for seed in range(12)
        for vs in imported_breaches(_random_event(seed)).values()
        for v in vs
    }
    assert articles == {
        "FIDE C.04.1 b; US Chess 27A1",
        "TRF 260 (forbidden pair)",
        "FIDE C.04.3 article 2.1.3 [C3] (absolute colour preference)",
        ByePolicy.FIDE.article,
    }


def test_a_last_round_topscorer_may_have_a_third_white() -> None:
    """C.04.3 [C3]: the colour rules do not bind topscorers in the last round."""
    win = Outcome.WIN
    leader = (RoundEntry.game(2, Colour.WHITE, win), RoundEntry.game(3, Colour.WHITE, win))
    leader += (RoundEntry.game(4, Colour.WHITE, win),)
    trailing = (RoundEntry.game(1, Colour.BLACK, win.opposite),)
    event = Event(
        system=System.SWISS,
        planned_rounds=3,
        players=tuple(Player(t, f"P{t}", 2000) for t in range(1, 5)),
        entries={
            1: leader,
            2: (
                *trailing,
                RoundEntry.game(4, Colour.WHITE, win),
                RoundEntry.of(EntryKind.HALF_BYE),
            ),
            3: (
                RoundEntry.game(4, Colour.BLACK, win),
                *trailing,
                RoundEntry.of(EntryKind.HALF_BYE),
            ),
            4: (
                RoundEntry.game(3, Colour.WHITE, win.opposite),
                RoundEntry.game(2, Colour.BLACK, win.opposite),
                RoundEntry.game(1, Colour.BLACK, win.opposite),
            ),
        },
    )
    assert imported_breaches(event) == {}
    longer = replace(event, planned_rounds=4)
    (breach,) = imported_breaches(longer)[3]
    assert breach.message == (
        "board 1: player 1 would have white three times running and would have a colour "
        "difference of +3 with white"
    )
    assert imported_breaches(longer) == _board_by_board(longer)
