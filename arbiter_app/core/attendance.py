"""Who is at the venue: the check-in before round 1 and absences announced for a round.

Two rules, one home (the session, the window, the command line and the players' page
ask them here):

- **Check-in.** Once the arbiter has marked a first player present, round 1 pairs only
  the players present. A player who did not check in is *not paired* in round 1 and
  scores nothing: FIDE's Dutch rules (C.04.3, general handling) pair only players who
  are there ("players known in advance not to play in a particular round are not paired
  in that round and score 0"); the online Swiss rules say "not included in the
  matchmaking of a round: 0 point"; under US Chess a player who is not there is not
  paired and may join as a late entrant (28K). A bye the player asked for in round 1
  stays what it is.
- **Absence announced before a round is paired.** The player is not paired in that
  round and gets what the rule set gives a player who said so in advance: under FIDE's
  rules a zero-point bye (C.04.1; TRF-26 record 240 ``Z``); under the US Chess rules a
  half-point bye where half-point byes are offered, in the first half of the event or the
  middle round of an odd number of rounds (22C, 22C1), a zero-point bye after that; under
  the online Swiss rules 0 points for a round out of the matchmaking (a zero-point bye).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from arbiter_app.core.model import EntryKind, Event, Player
from arbiter_app.core.pairing.byes import ByePolicy, is_withdrawn, requests_for_round
from arbiter_app.core.words import count

CHECK_IN_ARTICLE = "FIDE C.04.3 general handling; online Swiss rules; US Chess 28K"
"""What a player who did not check in gets, by whose rules (cited in messages)."""

ABSENCE_ARTICLE = {
    ByePolicy.FIDE: "FIDE C.04.1; TRF-26 record 240",
    ByePolicy.USCF: "US Chess 22C, 22C1",
    ByePolicy.ONLINE: "online Swiss rules, not included in the matchmaking",
}
"""The article behind an absence's bye, by the event's bye policy."""


def half_bye_rounds(planned: int) -> int:
    """The last round in which US Chess offers half-point byes without announcing them:
    the first half of the event, or its middle round when the rounds are odd (22C1)."""
    return (planned + 1) // 2


def absence_kind(policy: ByePolicy, round_no: int, planned: int) -> EntryKind:
    """What a player absent from *round_no* (said before the round is paired) gets.

    FIDE and the online rules: a zero-point bye. US Chess: a half-point bye in the rounds
    where 22C1 offers them (:func:`half_bye_rounds`), a zero-point bye after.
    """
    if policy is ByePolicy.USCF and round_no <= half_bye_rounds(planned):
        return EntryKind.HALF_BYE
    return EntryKind.ZERO_BYE


def may_check_in(player: Player) -> str | None:
    """Why *player* cannot be marked present (or not), or None."""
    if player.disqualified:
        return f"player {player.tpn} {player.name} is disqualified"
    if is_withdrawn(player, 1):
        return f"player {player.tpn} {player.name} has withdrawn from the event"
    return None


def left_out_of_round_one(event: Event, present: Collection[int]) -> frozenset[int]:
    """The players round 1 does not pair because they did not check in.

    Nobody checked in (*present* empty) means check-in has not begun: everyone is
    paired. Players who withdrew or asked for a bye in round 1 keep their own entry.
    """
    if not present:
        return frozenset()
    asked = requests_for_round(event, 1)
    return frozenset(
        p.tpn
        for p in event.players
        if p.tpn not in present
        and p.tpn not in asked
        and not p.disqualified
        and not is_withdrawn(p, 1)
    )


NOT_CHECKED_IN = "did not check in before round 1: not paired, 0 points"
"""Why a player is out of round 1 after check-in (the pairing's notes and sheets say it)."""


def check_in_summary(event: Event, present: Iterable[int]) -> str:
    """ "12 of 20 players checked in" (those still in the event), or "" before check-in."""
    here = set(present)
    if not here:
        return ""
    field = [p for p in event.players if may_check_in(p) is None]
    checked = sum(1 for p in field if p.tpn in here)
    return f"{checked} of {count(len(field), 'player')} checked in"


LATE_ENTRY_CHOICES = ("not-paired", "zero-bye", "half-bye", "full-bye")
"""What a late entrant may get for a round already paired (the session's names)."""


def late_entry_default(policy: ByePolicy) -> str:
    """What a late entrant gets for a missed round unless the arbiter chooses otherwise.

    US Chess: a half-point bye for each round missed (28K, with 22C: "the director may
    allow half-point byes for missed rounds"). FIDE and the online rules: not paired,
    0 points (FIDE C.04.2 article 2.4, late entries; the online Swiss rules, "not included in the
    matchmaking of a round: 0 point").
    """
    return "half-bye" if policy is ByePolicy.USCF else "not-paired"


def full_point_late_refusal(policy: ByePolicy) -> str | None:
    """Why a late entrant cannot score a full point for a round missed, or None.

    US Chess gives a full point without a game only to the odd player of a round (22B);
    the online Swiss rules only to the player exempted once (Special cases). FIDE allows
    a full-point bye, deprecated (C.02: a level-2 warning).
    """
    if policy is ByePolicy.USCF:
        return (
            "US Chess gives a full-point bye only to the odd player of a round (22B); a late "
            "entrant gets a half-point or a zero-point bye for the rounds missed (28K, 22C)"
        )
    if policy is ByePolicy.ONLINE:
        return (
            "the online Swiss rules give a point without a game only to the player exempted "
            "once (Special cases); a late entrant is not paired in the rounds missed"
        )
    return None
