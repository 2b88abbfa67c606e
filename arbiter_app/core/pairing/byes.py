"""Byes by policy, requested byes, absences and late entries.

Each event chooses how the odd player out of a Swiss round is picked:

- ``FIDE``: the Dutch engine gives the pairing-allocated bye (PAB) to the
  lowest-ranked player of the lowest score group who can take it, never to a
  player who already had a PAB or scored a forfeit win (FIDE C.04.1 c and d;
  C.04.3 article 1.5 and the absolute criterion [C2]). The bye scores a win
  (C.04.1 c).
- ``USCF``: US Chess rule 28L (City Chess OK rules: "We give the forced bye to the
  lowest-rated player in the lowest score group … No player can be given two
  forced byes in the same event"); not to an unrated player in round one nor
  to a new player who would then play fewer than four games (28L5; seed
  City Chess OK rules: "a new player needs four games in order to be given a rating");
  not to a player who took or committed to a half-point bye unless all others
  in the score group already had a bye or a no-show forfeit win (22C6, 28L4).
  The forced bye is worth a full point (22B).
- ``ONLINE``: the online Swiss rules "Special cases": the participant who cannot be
  paired "is exempted and thus receives 1 point for that round. They can only
  be exempted once per tournament." Among those not yet exempted, the
  lowest-ranked player of the lowest score group is chosen, as the Dutch
  system would.

For the US and online policies the bye player is chosen here and the rest is
paired by the Dutch engine; if the rest cannot be paired, the next candidate
is tried.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Collection
from dataclasses import dataclass, replace
from fractions import Fraction

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import ByeRequest, EntryKind, Event, Player, RoundEntry
from arbiter_app.core.words import count

USCF_NEW_PLAYER_GAMES = 4
"""Games a new player needs for a first rating (US Chess 28L5; City Chess OK rules)."""


class ByePolicy(enum.Enum):
    """Who receives the bye when an odd number of players is to be paired."""

    FIDE = "fide"
    USCF = "uscf"
    ONLINE = "online"

    @property
    def article(self) -> str:
        return _POLICY_ARTICLE[self]

    @classmethod
    def parse(cls, text: str) -> ByePolicy:
        """A policy from its name; the tournament file's setting names are accepted too."""
        name = text.strip().lower()
        if name in _ALIASES:
            return _ALIASES[name]
        try:
            return cls(name)
        except ValueError:
            known = ", ".join([p.value for p in cls] + list(_ALIASES))
            raise RuleError(f"unknown bye policy {text!r} (known: {known})") from None


# The names the tournament file's settings use (arbiter_app.session.codec.BYE_POLICIES).
_ALIASES = {"uscf-28l": ByePolicy.USCF, "once-per-tournament": ByePolicy.ONLINE}

_POLICY_ARTICLE = {
    ByePolicy.FIDE: "FIDE C.04.1 c/d, C.04.3 article 1.5",
    ByePolicy.USCF: "US Chess 28L",
    ByePolicy.ONLINE: "online Swiss rules, Special cases (exempted once per tournament)",
}


@dataclass(frozen=True, slots=True)
class ByeRules:
    """An event's bye settings.

    *requested_bye_limit* is the arbiter's limit of requested byes (half, full
    or zero point) per player per event; None means no limit (US Chess 22C:
    "the director may allow half-point byes"; 22C3 recommends limiting them).
    """

    policy: ByePolicy = ByePolicy.FIDE
    requested_bye_limit: int | None = None


HALF_POINT_BYE_LIMIT_RULE = "FIDE C.02 question 176, the tournament regulations; US Chess 22C"
"""Where the number of half-point byes a player may take comes from: the regulations announce
it (FIDE sets no number; US Chess 22C leaves it to the director's announcement)."""

MOST_HALF_POINT_BYES = 99
"""The largest limit the event takes (more than any event's rounds)."""


def checked_half_point_bye_limit(value: object) -> int | None:
    """*value* as the announced number of half-point byes a player may take in the event
    (0: none allowed; None: no limit announced), or RuleError saying why not.

    No rule set fixes the number: FIDE leaves it to the tournament regulations and US Chess
    22C to the director's announcement, so the default is no limit, set by the arbiter.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            f"the number of half-point byes a player may take is a whole number or none, "
            f"not {value!r}"
        )
    if not 0 <= value <= MOST_HALF_POINT_BYES:
        raise RuleError(
            f"the number of half-point byes a player may take is from 0 to "
            f"{MOST_HALF_POINT_BYES}, not {value} ({HALF_POINT_BYE_LIMIT_RULE})"
        )
    return value


def half_point_bye_limit_words(limit: int) -> str:
    """The announced limit in words: "no half-point bye" or "at most 2 half-point byes"."""
    return "no half-point bye" if limit == 0 else f"at most {count(limit, 'half-point bye')}"


# -- history ---------------------------------------------------------------


def _rows(event: Event, tpn: int, before_round: int) -> tuple[RoundEntry, ...]:
    return event.entries_of(tpn, before_round - 1)


def had_pairing_bye(event: Event, tpn: int, before_round: int) -> bool:
    """Player *tpn* received a pairing-allocated (forced) bye before *before_round*."""
    return any(e.kind is EntryKind.PAIRING_BYE for e in _rows(event, tpn, before_round))


def had_forfeit_win(event: Event, tpn: int, before_round: int) -> bool:
    """Player *tpn* scored a win because an opponent did not appear (C.04.1 d; US 22C6)."""
    return any(e.kind is EntryKind.FORFEIT_WIN for e in _rows(event, tpn, before_round))


def had_any_bye(event: Event, tpn: int, before_round: int) -> bool:
    return any(e.kind.is_bye for e in _rows(event, tpn, before_round))


def half_point_byes(event: Event, tpn: int, before_round: int) -> int:
    """Half-point byes taken before *before_round* plus those requested for any later round.

    US Chess 22C6 speaks of a player who "has previously taken or committed to
    a half-point bye".
    """
    taken = sum(1 for e in _rows(event, tpn, before_round) if e.kind is EntryKind.HALF_BYE)
    committed = sum(
        1
        for r in event.bye_requests
        if r.tpn == tpn and r.kind is EntryKind.HALF_BYE and r.round >= before_round
    )
    return taken + committed


def games_played(event: Event, tpn: int, before_round: int) -> int:
    return sum(1 for e in _rows(event, tpn, before_round) if e.kind is EntryKind.GAME)


def fide_may_receive_pab(event: Event, tpn: int, round_no: int) -> str | None:
    """Why *tpn* may not receive the PAB in *round_no* under FIDE rules, or None.

    FIDE C.04.1 d: "A player who has already received a pairing-allocated bye,
    or has already scored a (forfeit) win due to an opponent not appearing in
    time, shall not receive the pairing-allocated bye." The 2025 texts bar any
    round won without playing ([C2], C.04.3 article 2.1.2), a full-point bye too.
    """
    if had_pairing_bye(event, tpn, round_no):
        return f"player {tpn} already had a pairing-allocated bye (FIDE C.04.1 d)"
    if had_forfeit_win(event, tpn, round_no):
        return f"player {tpn} already scored a forfeit win (FIDE C.04.1 d)"
    if any(e.kind is EntryKind.FULL_BYE for e in _rows(event, tpn, round_no)):
        # The 2025 text: a win's points scored without playing bars the PAB
        # (C.04.3 article 2.1.2 [C2]), as the Dutch engine reads it.
        return (
            f"player {tpn} already had a full-point bye, a win's points without playing "
            "(FIDE C.04.1 d; C.04.3 article 2.1.2 [C2])"
        )
    return None


def uscf_may_receive_bye(
    event: Event, tpn: int, round_no: int, group: Collection[int]
) -> str | None:
    """Why *tpn* may not receive the US Chess forced bye in *round_no*, or None.

    *group* is the player's score group among the players to be paired.
    """
    player = event.player(tpn)
    if had_pairing_bye(event, tpn, round_no):
        return f"player {tpn} already had a forced bye (US Chess 28L; City Chess OK rules: never twice)"
    if player.unrated and round_no == 1:
        return f"player {tpn} is unrated and this is round one (US Chess 28L)"
    if player.unrated:
        later = max(event.planned_rounds - round_no, 0)
        requested_later = sum(1 for r in event.bye_requests if r.tpn == tpn and r.round > round_no)
        possible = games_played(event, tpn, round_no) + later - requested_later
        if possible < USCF_NEW_PLAYER_GAMES:
            return (
                f"player {tpn} is a new player who would then play only {count(possible, 'game')}, "
                f"fewer than {USCF_NEW_PLAYER_GAMES} (US Chess 28L5)"
            )
    if half_point_byes(event, tpn, round_no):
        others = [t for t in group if t != tpn]
        if not all(
            had_any_bye(event, t, round_no) or had_forfeit_win(event, t, round_no) for t in others
        ):
            return (
                f"player {tpn} took or committed to a half-point bye and others in the score "
                "group have had no bye or no-show forfeit win (US Chess 22C6, 28L4)"
            )
    return None


def online_may_be_exempted(event: Event, tpn: int, round_no: int) -> str | None:
    """Why *tpn* may not be exempted in *round_no* under the online Swiss rules, or None."""
    if had_pairing_bye(event, tpn, round_no):
        return f"player {tpn} was already exempted once (the online Swiss rules: only once per tournament)"
    return None


def bye_refusal(
    policy: ByePolicy, event: Event, tpn: int, round_no: int, group: Collection[int]
) -> str | None:
    """Why *tpn* may not get the bye under *policy*; None if they may."""
    if policy is ByePolicy.FIDE:
        return fide_may_receive_pab(event, tpn, round_no)
    if policy is ByePolicy.USCF:
        return uscf_may_receive_bye(event, tpn, round_no, group)
    return online_may_be_exempted(event, tpn, round_no)


def bye_candidates(
    policy: ByePolicy, event: Event, round_no: int, to_pair: Collection[int]
) -> list[int]:
    """Eligible players for the bye, best candidate first.

    Lowest score group first (US Chess 28L: "lowest score group"; seed
    the online Swiss rules: as the Swiss would). Within a group: US Chess the lowest rated
    (unrated players count as lowest; equal ratings: the higher pairing
    number); FIDE and online the lowest ranked (the highest pairing number).
    """
    scores = {t: event.score(t, round_no - 1) for t in to_pair}
    players = event.player_map()
    groups: dict[Fraction, list[int]] = {}
    for t in to_pair:
        groups.setdefault(scores[t], []).append(t)
    out: list[int] = []
    for score in sorted(groups):
        group = groups[score]
        if policy is ByePolicy.USCF:
            order = sorted(group, key=lambda t: (players[t].rating or 0, -t))
        else:
            order = sorted(group, key=lambda t: -t)
        out.extend(t for t in order if bye_refusal(policy, event, t, round_no, group) is None)
    return out


# -- requested byes, absences, withdrawals ------------------------------------

REQUESTABLE = (EntryKind.HALF_BYE, EntryKind.FULL_BYE, EntryKind.ZERO_BYE)


def requests_for_round(event: Event, round_no: int) -> dict[int, EntryKind]:
    """Requested byes (TRF 240) for *round_no*: player → HALF_BYE, FULL_BYE or ZERO_BYE."""
    return {r.tpn: r.kind for r in event.bye_requests if r.round == round_no}


def check_bye_request(event: Event, request: ByeRequest, rules: ByeRules) -> list[str]:
    """Problems with a bye request, readable and with the rule; empty when it may be granted."""
    problems: list[str] = []
    known = event.player_map()
    if request.tpn not in known:
        return [f"there is no player {request.tpn}"]
    if request.kind not in REQUESTABLE:
        problems.append(
            f"a {request.kind.value} cannot be requested (half, full or zero point only)"
        )
    if request.round <= event.rounds_played:
        problems.append(f"round {request.round} has already been paired")
    if event.planned_rounds and request.round > event.planned_rounds:
        problems.append(
            f"the event has {count(event.planned_rounds, 'round')}, not {request.round}"
        )

    player = known[request.tpn]
    if player.withdrawn_from_round is not None and player.withdrawn_from_round <= request.round:
        problems.append(f"player {request.tpn} has withdrawn")
    if any(r.tpn == request.tpn and r.round == request.round for r in event.bye_requests):
        problems.append(f"player {request.tpn} already asked for a bye in round {request.round}")
    if rules.requested_bye_limit is not None:
        taken = sum(1 for e in event.entries_of(request.tpn) if e.kind in REQUESTABLE) + sum(
            1 for r in event.bye_requests if r.tpn == request.tpn and r.round > event.rounds_played
        )
        if taken + 1 > rules.requested_bye_limit:
            problems.append(
                f"player {request.tpn} would have {taken + 1} requested byes; the arbiter's "
                f"limit is {rules.requested_bye_limit} (US Chess 22C3; event regulations)"
            )
    return problems


def is_withdrawn(player: Player, round_no: int) -> bool:
    return player.withdrawn_from_round is not None and player.withdrawn_from_round <= round_no


def withdraw(event: Event, tpn: int, from_round: int) -> Event:
    """Player *tpn* leaves the event: not paired from *from_round* on (earlier results stay)."""
    if from_round <= event.rounds_played and any(
        e.kind is not EntryKind.WITHDRAWN for e in event.entries_of(tpn)[from_round - 1 :]
    ):
        raise RuleError(
            f"round {from_round} has already been paired; player {tpn} can withdraw from "
            f"round {event.rounds_played + 1} on"
        )
    players = [
        replace(p, withdrawn_from_round=from_round) if p.tpn == tpn else p for p in event.players
    ]
    return event.with_players(players)


# -- late entries (the online Swiss rules registration deadline) ----------------------


def registration_deadline_round(planned_rounds: int) -> int:
    """The round whose end closes registration: ceil(rounds / 2 − 1) (the online Swiss rules).

    the online Swiss rules: "Players must register to the tournament before half the
    number of rounds of the tournament minus 1, rounded up, are played.
    Examples: before end of 4th round for a 10 rounds tournament, before end of
    5th round for an 11 rounds tournament."
    """
    return max(math.ceil(Fraction(planned_rounds, 2) - 1), 0)


def late_entry(
    event: Event,
    player: Player,
    rounds_completed: int,
    *,
    deadline: bool = False,
) -> Event:
    """Add *player* after *rounds_completed* rounds; the missed rounds are not paired (0 points).

    With *deadline* (the online Swiss rules), registration is refused once the round
    ``ceil(rounds/2 − 1)`` has ended. The newcomer takes the next free pairing
    number; renumber by rating with :mod:`.numbers` if the regulations ask for it.
    """
    if any(p.tpn == player.tpn for p in event.players):
        raise RuleError(f"pairing number {player.tpn} is taken")
    if deadline:
        last = registration_deadline_round(event.planned_rounds)
        if rounds_completed >= last:
            raise RuleError(
                f"registration closed at the end of round {last} of {event.planned_rounds} "
                "(the online Swiss rules: before half the rounds minus one, rounded up, are played)"
            )
    entries = dict(event.entries)
    entries[player.tpn] = (RoundEntry(EntryKind.NOT_PAIRED),) * rounds_completed
    return event.with_players([*event.players, player]).with_entries(entries)
