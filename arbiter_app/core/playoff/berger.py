"""A small Berger table generator for play-off round robins (FIDE C.05 Annex 1).

The play-off needs only the pairs and colours of each round for a handful of
players; the full pairing package (``arbiter_app.core.pairing``) may replace
this module once it lands. The tables are the FIDE ones: with ``N`` players
(one more, a bye, when the count is odd), players ``i`` and ``j`` below ``N``
meet in the round ``r`` with ``i + j - 1 ≡ r (mod N - 1)``, on the board
``b`` where they sit ``b - 1`` places either side of ``N``'s opponent; the lower number
has White when ``i + j`` is odd, the higher when it is even; player ``N`` meets
the player ``i`` with ``2i - 1 ≡ r (mod N - 1)`` and has White in even rounds.
A double round robin repeats the table with colours reversed (C.05 Annex 1).
"""

from __future__ import annotations

Pairing = tuple[int, int]
"""(white, black) by pairing number; ``0`` stands for the bye of an odd field."""


def berger_round(players: int, round_no: int) -> tuple[Pairing, ...]:
    """The pairings of round *round_no* (1-based) of a single round robin of *players*."""
    n = players + players % 2
    if players < 2 or not 1 <= round_no <= n - 1:
        raise ValueError(f"no round {round_no} in a round robin of {players} players")
    m = n - 1
    out: list[Pairing] = []
    # Player n's game first: board 1 in the FIDE tables.
    partner = next(i for i in range(1, n) if (2 * i - 1 - round_no) % m == 0)
    out.append((n, partner) if round_no % 2 == 0 else (partner, n))
    # Board b pairs the players b - 1 places either side of that partner on the circle.
    for board in range(2, n // 2 + 1):
        i = (partner - 1 + board - 1) % m + 1
        j = (partner - 1 - board + 1) % m + 1
        low, high = min(i, j), max(i, j)
        out.append((low, high) if (low + high) % 2 else (high, low))
    # An odd field: the player drawn against the dummy number has the bye.
    return tuple((w if w <= players else 0, b if b <= players else 0) for w, b in out)


def berger_schedule(players: int, cycles: int = 1) -> tuple[tuple[Pairing, ...], ...]:
    """Every round of a single (*cycles* = 1) or double (2) round robin."""
    single = [berger_round(players, r) for r in range(1, players + players % 2)]
    rounds = list(single)
    if cycles == 2:
        rounds += [tuple((b, w) for w, b in games) for games in single]
    elif cycles != 1:
        raise ValueError("a round robin has one or two cycles")
    return tuple(rounds)
