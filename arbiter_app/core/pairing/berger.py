"""Round robins by the FIDE Berger tables (C.05 General Regulations, Annex 1).

The tables are computed, not stored. With *N* the number of players made even
(an odd field adds the dummy number *N*; whoever meets it has a free round),
and *n = N − 1* rounds per cycle:

- in round *r* player *N* meets the player *k* with ``2k ≡ r + 1 (mod n)``,
  and has Black in odd rounds, White in even ones;
- the other boards, in order, pair ``k + m`` with ``k − m`` for
  ``m = 1 … N/2 − 1`` (numbers taken in ``1 … n``, wrapping round);
- of two players *i < j* (neither of them *N*), *i* has White exactly when
  ``j − i`` is odd.

This is the same table as the printed one in C.05 Annex 1 (round 1 pairs
1–N, 2–(N−1), …; round 2 starts N–(N/2+1)); the tests compare it with the
printed tables for 3 to 16 players.

A double round robin repeats the cycle with the colours reversed. C.05
Annex 1 recommends, for a double round robin, exchanging the last two rounds
of the first cycle so that nobody has the same colour three times running
across the two cycles; ``swap_last_two`` does it.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import EntryKind, Event, System
from arbiter_app.core.pairing.boards import Board, Bye, PairingError, RoundPairing
from arbiter_app.core.words import count

ARTICLE = "FIDE C.05 Annex 1 (Berger tables)"


@dataclass(frozen=True, slots=True)
class BergerGame:
    """One board of a Berger table: numbers in ``1 … N`` (N may be the dummy)."""

    white: int
    black: int


def table_size(players: int) -> int:
    """The table used for *players*: the even number at or above it (C.05 Annex 1)."""
    if players < 2:
        raise RuleError("a round robin needs at least two players")
    return players + players % 2


def berger_round(players: int, round_no: int) -> tuple[BergerGame, ...]:
    """Round *round_no* (1 … n) of the single-cycle Berger table for *players*.

    Board 1 is the game of the highest number *N* (the dummy when *players*
    is odd), exactly as printed in C.05 Annex 1.
    """
    size = table_size(players)
    cycle = size - 1
    if not 1 <= round_no <= cycle:
        raise RuleError(f"a round robin of {count(players, 'player')} has rounds 1 to {cycle}")

    def wrap(x: int) -> int:
        return (x - 1) % cycle + 1

    # 2k ≡ r + 1 (mod n); n is odd, so 2 has an inverse, (n + 1) / 2.
    k = wrap((round_no + 1) * ((cycle + 1) // 2))
    games: list[BergerGame] = []
    if round_no % 2 == 1:
        games.append(BergerGame(k, size))
    else:
        games.append(BergerGame(size, k))
    for m in range(1, size // 2):
        a, b = wrap(k + m), wrap(k - m)
        low, high = min(a, b), max(a, b)
        if (high - low) % 2 == 1:
            games.append(BergerGame(low, high))
        else:
            games.append(BergerGame(high, low))
    return tuple(games)


def round_robin_schedule(
    players: int, *, double: bool = False, swap_last_two: bool = False
) -> tuple[tuple[BergerGame, ...], ...]:
    """Every round of a (double) round robin for *players*, round 1 first.

    *double* adds the second cycle with colours reversed; *swap_last_two*
    exchanges the last two rounds of the first cycle (C.05 Annex 1's
    recommendation for double round robins; it needs at least three rounds
    per cycle to mean anything).
    """
    cycle = table_size(players) - 1
    first = [berger_round(players, r) for r in range(1, cycle + 1)]
    second = [tuple(BergerGame(g.black, g.white) for g in rnd) for rnd in first]
    if swap_last_two and cycle >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    return tuple(first + second) if double else tuple(first)


def pair_round_robin(
    event: Event, round_no: int | None = None, *, swap_last_two: bool = False
) -> RoundPairing:
    """The pairing of round *round_no* (default: the next) of a round-robin event.

    Players' pairing numbers are their Berger numbers (assign them by rating
    or by lot with :mod:`arbiter_app.core.pairing.numbers` before round 1).
    The player drawn against the dummy number has a free round (not paired,
    no points). A withdrawn player keeps the number; the opponent has no game.
    """
    if not event.system.is_round_robin:
        raise RuleError(f"the event is a {event.system.value}, not a round robin")
    numbers = sorted(p.tpn for p in event.players)
    count = len(numbers)
    if numbers != list(range(1, count + 1)):
        raise RuleError("Berger pairing needs pairing numbers 1 to N without gaps")
    schedule = round_robin_schedule(
        count,
        double=event.system is System.DOUBLE_ROUND_ROBIN,
        swap_last_two=swap_last_two,
    )
    rnd = event.rounds_played + 1 if round_no is None else round_no
    if not 1 <= rnd <= len(schedule):
        raise PairingError(f"this round robin has rounds 1 to {len(schedule)}, not {rnd}")
    players = event.player_map()
    boards: list[Board] = []
    byes: list[Bye] = []

    def gone(tpn: int) -> bool:
        p = players[tpn]
        return p.withdrawn_from_round is not None and p.withdrawn_from_round <= rnd

    for game in schedule[rnd - 1]:
        pair = (game.white, game.black)
        real = [t for t in pair if t <= count]
        if len(real) == 1:
            reason = f"free round: paired with the dummy number ({ARTICLE})"
            byes.append(Bye(real[0], EntryKind.NOT_PAIRED, reason, odd_one_out=True))
            continue
        away = [t for t in real if gone(t)]
        for t in real:
            if t in away:
                byes.append(Bye(t, EntryKind.WITHDRAWN, "withdrawn"))
            elif away:
                byes.append(Bye(t, EntryKind.NOT_PAIRED, f"opponent {away[0]} has withdrawn"))
        if not away:
            boards.append(Board(len(boards) + 1, game.white, game.black))
    return RoundPairing(rnd, tuple(boards), tuple(byes), engine=ARTICLE)
