"""A stored round against the pairing engine's pairing of it (FIDE C.02, manual pairings).

Reads the round as the rows hold it (its boards, and the pairing-allocated
bye among its entries) and has the core pair it again
(:func:`arbiter_app.core.pairing.compare.engine_pairing`) with the event's own
options: its bye policy, the colour drawn for round 1, a double round robin's
order of its last two rounds.
"""

from __future__ import annotations

from arbiter_app.core.model import EntryKind, Event, RuleSet, System
from arbiter_app.core.pairing.boards import Board, Bye, RoundPairing
from arbiter_app.core.pairing.byes import ByePolicy
from arbiter_app.core.pairing.compare import Comparison, engine_pairing
from arbiter_app.core.pairing.swiss import US_CHESS, SwissOptions
from arbiter_app.core.team_scores import with_teammates_apart
from arbiter_app.session.codec import event_from_state
from arbiter_app.session.state import Tx
from arbiter_app.session.tournament_state import state_of_tx
from arbiter_app.session.trf_source import stored_initial_colour


def first_column(tx: Tx, round_no: int) -> int:
    """The game column of round *round_no*'s first game (a double Swiss round has two)."""
    system = System(tx.setting("system", System.SWISS.value))
    return system.first_game(round_no)


def stored_round(tx: Tx, round_no: int) -> RoundPairing:
    """Round *round_no* as stored: its boards in order and its pairing-allocated bye."""
    column = first_column(tx, round_no)
    boards = sorted(
        (number, row["white"], row["black"])
        for (r, number), row in tx.rows("boards").items()
        if r == column
    )
    byes = tuple(
        Bye(tpn, EntryKind.PAIRING_BYE, odd_one_out=True)
        for (tpn, r), row in sorted(tx.rows("entries").items())
        if r == column and row["kind"] == EntryKind.PAIRING_BYE.value
    )
    return RoundPairing(round_no, tuple(Board(n, w, b) for n, w, b in boards), byes)


def options_of(tx: Tx) -> SwissOptions:
    """The event's pairing options: its bye policy, the colour its file drew for round 1,
    and its engine: the US Chess engine under the US Chess rule set (with its announced
    28N variation), FIDE's Dutch reference otherwise (as the round was paired)."""
    us_chess = tx.setting("rule_set") == RuleSet.USCF.value
    return SwissOptions(
        bye_policy=ByePolicy.parse(str(tx.setting("bye_policy", "fide"))),
        initial_colour=stored_initial_colour(tx.setting("trf_source")),
        engine=US_CHESS if us_chess else "gacrux",
        keep_clubs_apart=bool(tx.setting("teammates_apart", False)),
    )


def check_round(
    tx: Tx,
    pairing: RoundPairing,
    *,
    planned_rounds: int | None = None,
    event: Event | None = None,
    options: SwissOptions | None = None,
) -> Comparison:
    """*pairing* (a round of the event) compared with the engine's pairing of that round.

    *event* and *options* stand for the event's own when given: the event under settings
    not stored yet (a configuration change checked before it is made, FIDE C.02).
    """
    if event is None:
        event = event_from_state(state_of_tx(tx))
    if options is None:
        options = options_of(tx)
    if tx.setting("teammates_apart") and options.engine != US_CHESS:
        # The pairing kept teammates apart (US Chess 28N): the engine compared does too (the
        # US Chess engine through its own option).
        event = with_teammates_apart(event)
    return engine_pairing(
        event,
        pairing,
        options,
        planned_rounds=planned_rounds,
        swap_last_two=bool(tx.setting("swap_last_two", False)),
    )
