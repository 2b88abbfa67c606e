"""The Baku Acceleration Method (FIDE C.04.5.1): virtual points by group and round.

An accelerated Swiss pairs the stronger half of the field as if it already had
some points, so that the top players meet each other sooner. C.04.5.1 says:

- before round 1 the players to be paired, in pairing-number order, are split
  into two groups: GA holds the first half rounded up to the nearest even
  number (``2 × Q`` with ``Q`` the number of players divided by 4 and rounded
  up), GB the rest; the last GA player stays the same for the whole event
  (late entries are numbered among the others, so a late entry whose number
  comes before the last GA player's is in GA);
- the accelerated rounds are the first half of the rounds, rounded up; in the
  first half of those (rounded up) every GA player is paired with 1 virtual
  point, in the rest of them with ½; GB players never have any, nobody has any
  after the last accelerated round;
- the method needs the standard point system (1, ½, 0).

The virtual points count for pairing only (the pairing score is the score plus
the virtual points), never for the standings. They are written to TRF-26 as
record 250 lines, which :class:`~arbiter_app.core.model.VirtualPoints` holds.
"""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from arbiter_app.core.model import EntryKind, Event, System, VirtualPoints
from arbiter_app.core.points import STANDARD

ARTICLE = "FIDE C.04.5.1"

BAKU = "baku"
"""The setting's name for the method (the event setting ``acceleration``)."""


def group_a_size(players: int) -> int:
    """How many players GA holds: half the field rounded up to an even number (2 × ⌈n/4⌉)."""
    return min(players, 2 * -(-players // 4))


def accelerated_rounds(rounds: int) -> tuple[int, int]:
    """The last round with 1 virtual point and the last accelerated round (C.04.5.1).

    A nine-round event has five accelerated rounds: 1 point in rounds 1-3 and
    ½ in rounds 4-5.
    """
    accelerated = -(-rounds // 2)
    return -(-accelerated // 2), accelerated


def round_one_field(event: Event) -> list[int]:
    """The players to be paired in round 1, in pairing-number order.

    Once round 1 is paired: the players it paired (a game, a forfeit or the
    pairing-allocated bye). Before: everybody still in the event who asked for
    no bye in round 1.
    """
    if event.rounds_played >= 1:
        return sorted(
            p.tpn
            for p in event.players
            if event.entry(p.tpn, 1).kind.has_opponent
            or event.entry(p.tpn, 1).kind is EntryKind.PAIRING_BYE
        )
    asked = {r.tpn for r in event.bye_requests if r.round == 1}
    return sorted(
        p.tpn
        for p in event.players
        if p.tpn not in asked
        and not p.disqualified
        and (p.withdrawn_from_round is None or p.withdrawn_from_round > 1)
    )


def baku_refusal(event: Event) -> str | None:
    """Why the Baku Acceleration cannot be used for *event*, or None when it can."""
    if event.system is System.FIDE_DOUBLE_SWISS:
        return (
            "Arbiter pairs FIDE's Double-Swiss System (C.04.5) without acceleration: choose "
            "no acceleration, or the club's double Swiss"
        )
    if event.system not in (System.SWISS, System.DOUBLE_SWISS):
        kind = event.system.value.replace("-", " ")
        return f"the Baku Acceleration is for Swiss events, not a {kind} ({ARTICLE})"
    systems = {event.point_system, *event.round_point_systems}
    if any(
        (s.win, s.draw, s.loss) != (STANDARD.win, STANDARD.draw, STANDARD.loss) for s in systems
    ):
        return (
            "the Baku Acceleration needs the standard point system of 1, ½ and 0 "
            f"({ARTICLE}, premise)"
        )
    return None


def baku_virtual_points(
    event: Event, paired_in_round_one: Collection[int] | None = None
) -> tuple[VirtualPoints, ...]:
    """The virtual points of *event* by the Baku Acceleration, as record-250 lines.

    *paired_in_round_one* gives round 1's field when the caller knows it from
    elsewhere (a tournament file knows round 1's boards before their results);
    by default it is read from *event* (:func:`round_one_field`). An empty
    field or a one-round event simply has no acceleration worth writing.
    """
    known = paired_in_round_one
    field = round_one_field(event) if known is None else sorted(known)
    if not field or event.rounds < 1:
        return ()
    last_ga = field[group_a_size(len(field)) - 1]
    full_until, accelerated_until = accelerated_rounds(event.rounds)
    out = [VirtualPoints(Fraction(1), 1, full_until, 1, last_ga)]
    if accelerated_until > full_until:
        out.append(VirtualPoints(Fraction(1, 2), full_until + 1, accelerated_until, 1, last_ga))
    return tuple(out)
