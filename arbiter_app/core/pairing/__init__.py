"""Pairing: Berger round robins, the FIDE Dutch Swiss, double Swiss, byes by policy.

Pure functions over :class:`arbiter_app.core.model.Event`; every pairing is a
:class:`RoundPairing` value. Entry points:

- :func:`pair_round` pairs the next round of any event (Berger tables for round
  robins, the Dutch system for Swiss and double Swiss);
- :mod:`.numbers` assigns pairing numbers by rating or by lot (a recorded draw);
- :mod:`.byes` holds the bye policies (FIDE, US Chess, online), bye requests,
  withdrawals and late entries;
- :func:`check_pairing` lists the rules an arbiter's manual change breaks.
"""

from typing import TYPE_CHECKING

from arbiter_app.core.lazy import lazy_names

if TYPE_CHECKING:
    from arbiter_app.core.pairing.berger import berger_round, pair_round_robin, round_robin_schedule
    from arbiter_app.core.pairing.boards import (
        Board,
        Bye,
        PairingError,
        RoundPairing,
        append_round,
    )
    from arbiter_app.core.pairing.byes import ByePolicy, ByeRules
    from arbiter_app.core.pairing.manual import (
        Moved,
        Violation,
        check_pairing,
        give_bye,
        move_onto_board,
        set_board,
        swap_players,
    )
    from arbiter_app.core.pairing.swiss import SwissOptions, pair_round, pair_swiss

_HOMES: dict[str, tuple[str, ...]] = {
    "berger": (
        "berger_round",
        "pair_round_robin",
        "round_robin_schedule",
    ),
    "boards": (
        "Board",
        "Bye",
        "PairingError",
        "RoundPairing",
        "append_round",
    ),
    "byes": (
        "ByePolicy",
        "ByeRules",
    ),
    "manual": (
        "Moved",
        "Violation",
        "check_pairing",
        "give_bye",
        "move_onto_board",
        "set_board",
        "swap_players",
    ),
    "swiss": (
        "SwissOptions",
        "pair_round",
        "pair_swiss",
    ),
}
"""Where each name of :data:`__all__` lives. A name is imported from its module the first
time it is asked for (PEP 562): importing one module of the package (the standings ask
for one or two) no longer loads them all."""

__all__ = [
    "Board",
    "Bye",
    "ByePolicy",
    "ByeRules",
    "Moved",
    "PairingError",
    "RoundPairing",
    "SwissOptions",
    "Violation",
    "append_round",
    "berger_round",
    "check_pairing",
    "give_bye",
    "move_onto_board",
    "pair_round",
    "pair_round_robin",
    "pair_swiss",
    "round_robin_schedule",
    "set_board",
    "swap_players",
]


__getattr__ = lazy_names(__name__, _HOMES, globals())
