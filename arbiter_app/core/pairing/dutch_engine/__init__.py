"""Arbiter's own FIDE Dutch system engine (C.04.3, the text applied from 1 February 2026).

It reads the same tournament structure the gacrux engine reads
(:func:`arbiter_app.core.pairing.dutch.build_tournament`), pairs bracket by bracket
(:mod:`.brackets`), allocates colours by article 5 (section E) and orders the boards
(:mod:`.colours`). A round it cannot certify raises :class:`NotCertified`; it is
not the default engine (gacrux is, and stays the oracle).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from arbiter_app.core.model import Colour, Event
from arbiter_app.core.pairing.dutch import DutchResult, build_tournament
from arbiter_app.core.pairing.dutch_engine.brackets import Engine, NotCertified
from arbiter_app.core.pairing.dutch_engine.cards import read_cards
from arbiter_app.core.pairing.dutch_engine.colours import allocate, allocate_why, board_order
from arbiter_app.core.pairing.dutch_engine.explain import colour_line

ENGINE = "FIDE Dutch system (C.04.3) by Arbiter"

__all__ = ["ENGINE", "NotCertified", "pair_dutch_own", "pair_tournament"]


def pair_tournament(
    tournament: Mapping[str, Any],
    round_no: int,
    tpn_of: Mapping[int, int],
    *,
    explain: bool = False,
) -> DutchResult:
    """Pair *round_no* of a tournament structure; ids are translated back by *tpn_of*.

    With *explain*, the result's log says bracket by bracket how the round was paired
    (:mod:`.explain`); without it no log is written, at no cost to the pairing.
    """
    field = read_cards(tournament, round_no)
    engine = Engine(field, explain=explain, numbers=tpn_of)
    pairs, bye = engine.run()
    cards = field.cards
    if engine.log is None:
        coloured = [allocate(cards[a], cards[b], field.top_colour) for a, b in pairs]
        log: tuple[str, ...] = ()
    else:
        why = [allocate_why(cards[a], cards[b], field.top_colour) for a, b in pairs]
        coloured = [(w, b) for w, b, _ in why]
        rules = {(w, b): rule for w, b, rule in why}
        ordered = board_order(coloured, cards)
        colours = ["Colours (article 5.2), board by board:"]
        colours += [colour_line(tpn_of[w], tpn_of[b], rules[w, b]) for w, b in ordered]
        log = (*engine.log, *colours)
    boards = tuple((tpn_of[w], tpn_of[b]) for w, b in board_order(coloured, cards))
    return DutchResult(boards, None if bye is None else tpn_of[bye], log)


def pair_dutch_own(
    event: Event,
    round_no: int,
    *,
    excluded: Iterable[int] = (),
    initial_colour: Colour,
    explain: bool = False,
) -> DutchResult:
    """Pair round *round_no* of *event* by the Dutch system with Arbiter's engine (and
    explain it with *explain*)."""
    tournament, tpn_of = build_tournament(event, round_no, excluded, initial_colour)
    return pair_tournament(tournament, round_no, tpn_of, explain=explain)
