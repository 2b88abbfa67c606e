"""A round's pairing against the pairing engine's: the check at the end of a manual pairing.

FIDE C.02 (the checklist's questions 63-69) asks a program to compare a
round paired or changed by hand with the pairing its engine makes from the
same data, colours included, and to show and log the differences (the MPA
pairing-integrity event). The engine is the event's own: the FIDE Dutch
system for a Swiss (C.04.3), the Berger tables for a round robin (C.05
Annex 1). Board order does not count: two pairings are the same when they
seat the same players with the same colours and give the same
pairing-allocated bye.

When the engine finds no legal pairing (fewer players than rounds, say),
the round can only be paired by hand (the checklist's question 63): the
comparison says so instead of naming boards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from arbiter_app.core.errors import RuleError
from arbiter_app.core.fide_mode import pairs_text
from arbiter_app.core.model import Colour, Event
from arbiter_app.core.pairing.boards import RoundPairing
from arbiter_app.core.pairing.swiss import SwissOptions, pair_round


@dataclass(frozen=True, slots=True)
class Comparison:
    """What the engine pairs and where the round differs from it.

    *engine* is the engine's pairing (None: it finds no legal pairing, *reason*
    says why); *missing* are the engine's boards the round does not have,
    *added* the round's boards the engine does not make (``(white, black)``);
    *engine_bye* / *bye* the pairing-allocated byes when they differ.
    """

    engine: RoundPairing | None
    missing: tuple[tuple[int, int], ...] = ()
    added: tuple[tuple[int, int], ...] = ()
    engine_bye: int | None = None
    bye: int | None = None
    reason: str = ""

    @property
    def same(self) -> bool:
        return self.engine is not None and not (
            self.missing or self.added or self.engine_bye != self.bye
        )

    def mpa_text(self) -> str:
        """The text of the ``### MPA @ Round n:`` line: the engine's boards, then the round's."""
        engine = (
            "no legal pairing"
            if self.engine is None
            else pairs_text(list(self.missing), self.engine_bye)
        )
        return f"{engine} => {pairs_text(list(self.added), self.bye)}"

    def engine_text(self, names: Mapping[int, str] | None = None) -> str:
        """The engine's whole pairing, board by board (what the arbiter is shown); with
        *names*, each player by number and name ("5 Eve - 1 Ann")."""
        if self.engine is None:
            return f"The pairing engine finds no legal pairing: {self.reason}"
        board = board_text(names)
        boards = ", ".join(board(b.white, b.black) for b in self.engine.boards)
        bye = self.engine.pairing_bye
        tail = (
            f"; {named(bye.tpn, names)} gets the pairing-allocated bye" if bye is not None else ""
        )
        return f"{boards or 'no board'}{tail}"


def named(tpn: int, names: Mapping[int, str] | None) -> str:
    """A player as the arbiter is shown them: the number, and the name when known."""
    name = (names or {}).get(tpn)
    return f"{tpn} {name}" if name else str(tpn)


def board_text(names: Mapping[int, str] | None) -> Callable[[int, int], str]:
    """How a board is written: ``5-1`` by numbers, ``5 Eve - 1 Ann`` with *names*."""
    if not names:
        return lambda white, black: f"{white}-{black}"
    return lambda white, black: f"{named(white, names)} - {named(black, names)}"


def _seats(pairing: RoundPairing) -> tuple[set[tuple[int, int]], int | None]:
    bye = pairing.pairing_bye
    return {(b.white, b.black) for b in pairing.boards}, None if bye is None else bye.tpn


def compare(pairing: RoundPairing, engine: RoundPairing | None, reason: str = "") -> Comparison:
    """Compare *pairing* with the *engine*'s (None: the engine found none, *reason* why)."""
    mine, bye = _seats(pairing)
    if engine is None:
        return Comparison(None, (), tuple(sorted(mine)), None, bye, reason)
    theirs, engine_bye = _seats(engine)
    different = engine_bye != bye
    return Comparison(
        engine,
        tuple(sorted(theirs - mine)),
        tuple(sorted(mine - theirs)),
        engine_bye if different else None,
        bye if different else None,
    )


def initial_colour_of(pairing: RoundPairing) -> Colour | None:
    """The colour the lowest pairing number on a board had: the colour drawn for round 1
    (C.04.3 article 5.2.5), read back from round 1's boards (gacrux reads it so too)."""
    best: tuple[int, Colour] | None = None
    for board in pairing.boards:
        for tpn in board.players:
            if best is None or tpn < best[0]:
                best = (tpn, board.colour_of(tpn))
    return None if best is None else best[1]


def engine_pairing(
    event: Event,
    pairing: RoundPairing,
    options: SwissOptions,
    *,
    planned_rounds: int | None = None,
    swap_last_two: bool = False,
) -> Comparison:
    """Pair *pairing*'s round again with the engine from *event* (the rounds before it)
    and compare. *planned_rounds* pairs it as if the event had that many game columns
    (the last-round rules of C.04.3 depend on it)."""
    before = event.truncated((pairing.round - 1) * event.system.games_per_round)
    if planned_rounds is not None:
        before = replace(before, planned_rounds=planned_rounds)
    if pairing.round == 1 and options.initial_colour is None:
        options = replace(options, initial_colour=initial_colour_of(pairing))
    try:
        engine = pair_round(before, pairing.round, options, swap_last_two=swap_last_two)
    except RuleError as exc:  # PairingError among them: no legal pairing exists
        return compare(pairing, None, str(exc))
    return compare(pairing, engine)
