"""Pairings as a tournament file records them, and the round a file asks to pair.

The FIDE-endorsed pairing engines (JaVaFo, bbpPairings, gacrux) read a TRF
whose last round is the one to pair when it holds only ``0000 - H``,
``0000 - F`` or ``0000 - Z`` cells: those players asked for a half-point,
full-point or zero-point bye (``Z`` also marks an absent player), and every
other player is paired. :func:`next_round` reads a file's event that way;
:func:`recorded_pairing` reads the pairing a played round shows, so that a
finished file can be checked round by round (:func:`check_rounds`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from arbiter_app.core.model import ByeRequest, Colour, EntryKind, Event
from arbiter_app.core.pairing.boards import Board, Bye, PairingError, RoundPairing
from arbiter_app.core.pairing.double_swiss import swiss_view
from arbiter_app.core.pairing.dutch import initial_colour_from_round_one
from arbiter_app.core.pairing.swiss import SwissOptions, pair_round

_REQUESTS = (EntryKind.HALF_BYE, EntryKind.FULL_BYE, EntryKind.ZERO_BYE)


def _paired_column(event: Event, column: int) -> bool:
    return any(
        event.entry(p.tpn, column).kind.has_opponent
        or event.entry(p.tpn, column).kind is EntryKind.PAIRING_BYE
        for p in event.players
    )


def with_requests_of(before: Event, event: Event, column: int) -> Event:
    """*before* with the byes *event* shows in *column* added as bye requests (TRF 240)."""
    requests = list(before.bye_requests)
    for player in event.players:
        entry = event.entry(player.tpn, column)
        if entry.kind in _REQUESTS:
            request = ByeRequest(player.tpn, column, entry.kind)
            if request not in requests:
                requests.append(request)
    return replace(before, bye_requests=tuple(requests))


def next_round(event: Event) -> tuple[Event, int]:
    """The event as it stands before the round a file asks to pair, and that round's number.

    The round to pair follows the last round with a game, forfeit or PAB;
    byes entered in it become bye requests (TRF 240) for that round.
    """
    games = event.system.games_per_round
    columns = event.rounds_played
    last = max((c for c in range(1, columns + 1) if _paired_column(event, c)), default=0)
    swiss_round = -(-last // games) + 1
    first_column = (swiss_round - 1) * games + 1
    return with_requests_of(event.truncated(first_column - 1), event, first_column), swiss_round


def recorded_pairing(event: Event, round_no: int) -> RoundPairing:
    """The pairing round *round_no* shows (games and forfeits as boards; byes as byes).

    A game without colours puts the lower pairing number on White.
    """
    games = event.system.games_per_round
    column = (round_no - 1) * games + 1
    boards: list[Board] = []
    byes: list[Bye] = []
    for player in sorted(event.players, key=lambda p: p.tpn):
        e = event.entry(player.tpn, column)
        if e.kind.has_opponent and e.opponent is not None:
            white_side = e.colour is Colour.WHITE or (e.colour is None and player.tpn < e.opponent)
            if white_side:
                boards.append(Board(len(boards) + 1, player.tpn, e.opponent))
        else:
            byes.append(Bye(player.tpn, e.kind, odd_one_out=e.kind is EntryKind.PAIRING_BYE))
    return RoundPairing(round_no, tuple(boards), tuple(byes), games_per_round=games)


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """One round of a finished file re-paired: *differences* is empty when they agree."""

    round: int
    ours: RoundPairing | None
    recorded: RoundPairing
    differences: tuple[str, ...]


def _pairs(pairing: RoundPairing) -> set[tuple[int, int]]:
    pairs = {(b.white, b.black) for b in pairing.boards}
    bye = pairing.pairing_bye
    if bye is not None:
        pairs.add((bye.tpn, 0))
    return pairs


def _show(pair: tuple[int, int]) -> str:
    return f"{pair[0]} 0 (bye)" if pair[1] == 0 else f"{pair[0]}-{pair[1]}"


def check_rounds(event: Event, options: SwissOptions | None = None) -> Iterator[RoundCheck]:
    """Re-pair every round of a finished event and compare with what it records.

    The players a round shows with a requested bye are given that bye; those
    the round shows as not paired (or withdrawn) are treated as absent.
    """
    opts = options or SwissOptions()
    if opts.initial_colour is None:
        opts = replace(opts, initial_colour=initial_colour_from_round_one(swiss_view(event)))
    games = event.system.games_per_round
    rounds = event.rounds_played // games
    for rnd in range(1, rounds + 1):
        column = (rnd - 1) * games + 1
        recorded = recorded_pairing(event, rnd)
        before = with_requests_of(event.truncated(column - 1), event, column)
        absent = frozenset(
            p.tpn
            for p in event.players
            if event.entry(p.tpn, column).kind in (EntryKind.NOT_PAIRED, EntryKind.WITHDRAWN)
        )
        try:
            ours = pair_round(before, rnd, replace(opts, absent=absent))
        except PairingError as exc:
            yield RoundCheck(rnd, None, recorded, (f"Arbiter cannot pair it: {exc}",))
            continue
        mine, theirs = _pairs(ours), _pairs(recorded)
        differences = tuple(
            [f"Arbiter pairs {_show(p)}, the file does not" for p in sorted(mine - theirs)]
            + [f"the file pairs {_show(p)}, Arbiter does not" for p in sorted(theirs - mine)]
        )
        yield RoundCheck(rnd, ours, recorded, differences)
