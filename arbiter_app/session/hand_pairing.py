"""A whole round paired by hand: ``set_pairing``, checked against the pairing rules first.

The arbiter gives every board of a round (and the pairing-allocated bye) before
any result is in: the round after the last one paired, or the last one again.
Players left out are accounted for as the engine would: a withdrawn player is
withdrawn, a player who asked for a bye gets it, a disqualified one is not
paired. The round is then checked by :func:`~arbiter_app.core.pairing.manual.check_pairing`
(repeated games, forbidden pairs, the absolute colour rules, the bye policy,
players paired twice or left out, requested byes): every rule broken, with its
article, makes a level-3 question (FIDE C.02, manual pairings) asked before
anything is stored. A confirmed pairing is journalled with the rules it breaks.

A round robin's round is checked for its cycle as well: the games of the cycle not
played yet must still fit the rounds left (every pair meets once a cycle, C.05
Annex 1; the checklist's question 101), or the same level-3 question names them.

A double Swiss round is two games with the colours reversed in the second
(City Chess OK rules); both game columns are stored by the one command.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import EntryKind, RuleSet, System
from arbiter_app.core.pairing.boards import Board, Bye, RoundPairing
from arbiter_app.core.pairing.byes import ByePolicy, requests_for_round
from arbiter_app.core.pairing.double_swiss import swiss_view
from arbiter_app.core.pairing.manual import both_against_due_colour, check_pairing
from arbiter_app.core.pairing.swiss import round_field
from arbiter_app.core.warning_levels import Alert
from arbiter_app.session.codec import event_from_state
from arbiter_app.session.commands import SetPairing
from arbiter_app.session.commands import given as unset_or
from arbiter_app.session.manual_pairing import (
    check_can_start,
    colour_notice,
    finish,
    phase_round,
    refuse_while_open,
    round_robin_rest,
)
from arbiter_app.session.pairing import next_round_number
from arbiter_app.session.registry import Context, command, whole_number
from arbiter_app.session.round_commands import (
    broken_rules_alert,
    check_can_pair,
    read_pairing,
    write_round,
)
from arbiter_app.session.session import Session
from arbiter_app.session.state import Tx


@command(SetPairing)
def set_pairing(tx: Tx, cmd: SetPairing, ctx: Context) -> dict[str, Any]:
    """Pair a whole round by hand (*round*, *boards* [[White, Black], …], *byes*).

    Returns the game columns written and the rules the pairing breaks.
    """
    round_no = whole_number(cmd.round, "round", minimum=1)
    system = System(tx.setting("system", System.SWISS.value))
    first = system.first_game(round_no)
    columns = list(range(first, first + system.games_per_round))
    check_can_pair(tx, columns[0], columns[-1])
    games, given = read_pairing(tx, cmd.boards, unset_or(cmd.byes, []), columns[0])
    event = event_from_state(tx.base)
    view = swiss_view(event)
    placed = {t for game in games for t in game} | {tpn for tpn, _ in given}
    requests = requests_for_round(view, round_no)
    left_out: list[tuple[int, EntryKind]] = []
    for player in view.players:
        if player.tpn in placed:
            continue
        gone = player.withdrawn_from_round
        if gone is not None and gone <= round_no:
            left_out.append((player.tpn, EntryKind.WITHDRAWN))
        elif player.tpn in requests:
            left_out.append((player.tpn, requests[player.tpn]))
        elif player.disqualified:
            left_out.append((player.tpn, EntryKind.NOT_PAIRED))
    pairing = RoundPairing(
        round_no,
        tuple(Board(n, w, b) for n, (w, b) in enumerate(games, start=1)),
        tuple(
            Bye(tpn, kind, "set by the arbiter", odd_one_out=kind is EntryKind.PAIRING_BYE)
            for tpn, kind in (*given, *left_out)
        ),
    )
    policy = ByePolicy.parse(str(tx.setting("bye_policy", "fide")))
    broken = check_pairing(event.truncated(first - 1), pairing, bye_policy=policy)
    alerts: list[Alert] = []
    if system.is_round_robin:
        # Checklist Q101: the games of the cycle left must still fit its rounds left.
        rest, undecided = round_robin_rest(event.truncated(first - 1), pairing)
        broken.extend(rest)
        alerts.extend(undecided)
    if broken:
        alerts.append(
            broken_rules_alert(
                f"Round {round_no} as given",
                broken,
                "Pair the round this way anyway? It is journalled with the rules it breaks.",
            )
        )
    if not system.is_round_robin:
        wrong = [both_against_due_colour(event, board, round_no) for board in pairing.boards]
        found = [v for v in wrong if v is not None]
        if found:
            alerts.append(colour_notice(found, us_chess=event.effective_rule_set is RuleSet.USCF))
    # A whole round given at once: inside an open manual pairing one more hand change,
    # else a manual pairing of its own, compared with the engine's pairing at once.
    open_round = phase_round(tx)
    outcome: dict[str, Any] = {}
    if open_round is None:
        check_can_start(tx, round_no)
        outcome = finish(tx, ctx, round_no, pairing, alerts)
    elif open_round != round_no:
        refuse_while_open(tx, None, f"pair round {round_no} by hand")
    else:
        ctx.ask(*alerts)
    byes = [*given, *left_out]
    for offset, column in enumerate(columns):
        # The second game of a double Swiss round: colours reversed.
        boards = [(b, w) if offset % 2 else (w, b) for w, b in games]
        write_round(tx, column, boards, byes)
    rules = [str(v) for v in broken]
    if rules:
        ctx.put_record("pairing-override", f"{first}", {"rules": rules})
    return {
        "round": round_no,
        "columns": columns,
        "broken": rules,
        "paired": len(games),
        "mpa": outcome.get("line", ""),
        "phase_open": open_round is not None,
    }


@dataclass(frozen=True, slots=True)
class ToPair:
    """A player a round paired by hand must place: on a board or with the pairing-allocated
    bye, with the points they take into the round."""

    tpn: int
    name: str
    points: Fraction


def hand_pairing_round(session: Session) -> int:
    """The round a pairing by hand pairs: the next one once it can be paired; else the last
    one paired again while none of its games has a result (``set_pairing`` takes either:
    a double Swiss's match is moved this way); else the reason neither can be."""
    state = session.event_state
    if state.pairing_refusal is None:
        return next_round_number(session)
    system = session.event.system
    latest = system.rounds_in(state.paired)
    if latest >= 1:
        first = system.first_game(latest)
        columns = range(first, first + system.games_per_round)
        boards = sum(len(session.boards(c)) for c in columns)
        waiting = [c for c, _ in state.pending]
        if boards and len(waiting) == boards and all(c in columns for c in waiting):
            return latest
    raise RuleError(state.pairing_refusal or "no round can be paired by hand now")


def players_to_pair(session: Session) -> tuple[int, list[ToPair]]:
    """The round a pairing by hand pairs (:func:`hand_pairing_round`) and who it pairs, as
    the pairing engine would take them: withdrawn and disqualified players, and those who
    asked for a bye, are left out (:func:`~arbiter_app.core.pairing.swiss.players_out`;
    ``set_pairing`` gives them what the engine would). A new round lists them highest
    score first (then by pairing number); a round paired again, as its boards stand (White,
    Black, board after board, the pairing-allocated bye last), for the arbiter to change."""
    event = session.event
    round_no = hand_pairing_round(session)
    scores = event.scores(after_round=(round_no - 1) * event.system.games_per_round)
    names = event.player_map()
    field = [ToPair(t, names[t].name, scores[t]) for t in round_field(event, round_no)]
    standing = [
        t for b in session.boards(event.system.first_game(round_no)) for t in (b.white, b.black)
    ]
    if not standing:
        return round_no, sorted(field, key=lambda p: (-p.points, p.tpn))
    place = {t: i for i, t in enumerate(standing)}
    return round_no, sorted(field, key=lambda p: (place.get(p.tpn, len(place)), -p.points, p.tpn))
