"""Colour allocation (C.04.3 section E / article 5) and the order of the boards."""

from __future__ import annotations

from collections.abc import Iterable

from arbiter_app.core.pairing.dutch_engine.cards import Card

_OTHER = {"w": "b", "b": "w"}


def allocate(a: Card, b: Card, top_colour: str) -> tuple[int, int]:
    """``(white, black)`` of a pair, by the first of E.1 … E.5 that decides."""
    white, black, _ = allocate_why(a, b, top_colour)
    return white, black


def allocate_why(a: Card, b: Card, top_colour: str) -> tuple[int, int, str]:
    """``(white, black, rule)`` of a pair, by the first of E.1 … E.5 that decides.

    *rule* names it for the explanation (article 5.2.1 … 5.2.5): ``both``,
    ``stronger``, ``alternate``, ``higher``, ``number``.

    *a* is the player with the lower pairing number (cid order is pairing-number order).

    - E.1 grant both preferences;
    - E.2 grant the stronger preference (absolute over strong over mild; between two
      absolute preferences for the same colour, the larger colour difference wins);
    - E.3 alternate to the most recent round in which the two had different colours;
    - E.4 grant the preference of the higher ranked player;
    - E.5 the higher ranked player gets the initial colour if their pairing number
      is odd, the other colour if it is even.
    """
    acp, acs = a.preference[0], a.preference[1]
    bcp, bcs = b.preference[0], b.preference[1]
    if (acp == "w" and bcp != "w") or (acp != "b" and bcp == "b"):
        return a.cid, b.cid, "both"
    if (acp == "b" and bcp != "b") or (acp != "w" and bcp == "w"):
        return b.cid, a.cid, "both"
    if (acp == "w" and bcp == "w" and acs > bcs) or (acp == "b" and bcp == "b" and acs < bcs):
        return a.cid, b.cid, "stronger"
    if (acp == "b" and bcp == "b" and acs > bcs) or (acp == "w" and bcp == "w" and acs < bcs):
        return b.cid, a.cid, "stronger"
    if a.cod != b.cod and acs == bcs:
        white, black = (a.cid, b.cid) if a.cod < b.cod else (b.cid, a.cid)
        return white, black, "stronger"
    asq, bsq = " " + a.csq, " " + b.csq
    for i in range(1, min(len(asq), len(bsq))):
        ac, bc = asq[-i], bsq[-i]
        if ac != bc:
            if ac == "b" or bc == "w":
                return a.cid, b.cid, "alternate"
            if ac == "w" or bc == "b":
                return b.cid, a.cid, "alternate"
    high, low = (a, b) if a.level > b.level or (a.level == b.level and a.tpn < b.tpn) else (b, a)
    if acp in ("w", "b"):
        white, black = (high.cid, low.cid) if acp == "w" else (low.cid, high.cid)
        return white, black, "higher"
    rev = high.tpn % 2 == 0
    first, second = (low, high) if rev else (high, low)
    white, black = (first.cid, second.cid) if top_colour == "w" else (second.cid, first.cid)
    return white, black, "number"


def board_order(pairs: Iterable[tuple[int, int]], cards: dict[int, Card]) -> list[tuple[int, int]]:
    """Boards by the higher score of the pair, then the sum of scores, then the better number.

    C.04.2 (General handling rules) article 4: the pairs are ordered by the score of
    the higher-scored player, then by the sum of the scores, then by the rank of the
    higher-ranked player.
    """

    def key(pair: tuple[int, int]) -> tuple[object, ...]:
        w, b = cards[pair[0]], cards[pair[1]]
        return (-max(w.score, b.score), -(w.score + b.score), min(w.cid, b.cid))

    return sorted(pairs, key=key)
