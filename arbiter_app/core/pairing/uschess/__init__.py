"""The US Chess Swiss system (US Chess Official Rules, 7th edition, rules 27-29).

:func:`pair_uschess` pairs one round of a US Chess Swiss section: the forced bye of
28L (the lowest-rated eligible player in the lowest score group, looking ahead), then
the score groups, top half against bottom half, with the colour fixes of 29E5. The
result carries a log of every step, which ``arbiter-app pair FILE --explain`` prints.
The variations a TD may announce are :class:`UsChessOptions` (the guide page
``uschess-pairing.md`` lists them with their rules and defaults).
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter_app.core.model import Event
from arbiter_app.core.pairing.boards import NoLegalPairing, PairingError
from arbiter_app.core.pairing.byes import ByePolicy, bye_candidates
from arbiter_app.core.pairing.uschess.engine import (
    ENGINE,
    UsChessOptions,
    UsChessPairing,
    pair_field,
)

__all__ = ["ENGINE", "UsChessOptions", "UsChessPairing", "pair_uschess"]


def rated_first(event: Event, round_no: int, candidates: list[int]) -> list[int]:
    """28L2: the bye goes to the lowest-rated player in the lowest score group "but not to
    an unrated player": within each score group the rated candidates come first, lowest
    rating first, and an unrated one only when no rated player of the group may take it."""
    unrated = {p.tpn for p in event.players if p.unrated}
    scores = {t: event.score(t, round_no - 1) for t in candidates}
    position = {t: i for i, t in enumerate(candidates)}
    return sorted(candidates, key=lambda t: (scores[t], t in unrated, position[t]))


def pair_uschess(
    event: Event,
    round_no: int,
    players: Sequence[int],
    options: UsChessOptions | None = None,
) -> UsChessPairing:
    """Pair *players* (those left after requested byes and absences, 28M) in *round_no*.

    *event* holds the rounds before *round_no*. An odd field gives the forced bye first
    (28L): the candidates of :func:`bye_candidates` in order, the first whose absence
    leaves a field that pairs without a repeat (look-ahead); the others are named in
    the log.
    """
    opts = options or UsChessOptions()
    if len(players) % 2 == 0:
        return pair_field(event, players, opts)
    candidates = rated_first(
        event, round_no, bye_candidates(ByePolicy.USCF, event, round_no, players)
    )
    if not candidates:
        raise NoLegalPairing(
            f"round {round_no}: nobody may receive the forced bye under US Chess 28L; "
            "the TD decides (a house player, 28M)"
        )
    passed: list[int] = []
    for bye in candidates:
        rest = [t for t in players if t != bye]
        try:
            result = pair_field(event, rest, opts)
        except PairingError:
            passed.append(bye)
            continue
        first = (
            f"Forced bye: {bye}, the lowest-rated eligible player in the lowest score group "
            "(28L2), worth a full point (28L)"
        )
        if bye in {p.tpn for p in event.players if p.unrated}:
            first += "; no rated player of the group could take it"
        if passed:
            first += (
                f"; {', '.join(map(str, passed))} would have left a field that cannot be "
                "paired without a repeat (look-ahead)"
            )
        return UsChessPairing(result.boards, bye, (first, *result.log))
    raise NoLegalPairing(
        f"round {round_no}: no eligible player can take the forced bye and leave a field "
        "that pairs without a repeat (US Chess 27A1, 28L); pair the round by hand"
    )
