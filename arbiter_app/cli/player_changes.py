"""``arbiter-app player remove|withdraw|disqualify|reinstate|edit|bye|checkin|absent|list FILE``.

Each change is one session command (one transaction, one journal entry), as
the Players panel runs it; a refusal says why and changes nothing. Rounds are
the rounds ``pair`` pairs: in a double Swiss a bye, an absence or a withdrawal
is for a whole match, so its round 3 is games 5 and 6 (the game column the
file keeps, :meth:`System.first_game`), while ``result`` names the game.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arbiter_app.cli.confirming import (
    add_confirm_argument,
    confirmation,
    print_notices,
)
from arbiter_app.cli.standings import json_number, render_table
from arbiter_app.core.attendance import ABSENCE_ARTICLE, check_in_summary
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import ByeRequest, EntryKind, Event, Player, System
from arbiter_app.core.pairing.byes import ByePolicy
from arbiter_app.core.points import format_points, parse_points
from arbiter_app.core.words import bye_words, count, rounds_words
from arbiter_app.session import Session
from arbiter_app.session.changes import Outcome
from arbiter_app.session.codec import player_row
from arbiter_app.session.commands import (
    CheckIn,
    Command,
    DisqualifyPlayer,
    EditPlayer,
    MarkAbsent,
    ReinstatePlayer,
    RemovePlayer,
    RequestBye,
    RequestByes,
    SetHalfByeEligibility,
    WithdrawPlayer,
)
from arbiter_app.session.player_commands import absences, checked_in, half_bye_ineligible

EDITABLE = (
    ("name", "--name", "the player's name"),
    ("rating", "--rating", "FIDE rating ('' for none)"),
    ("title", "--title", "title, e.g. GM, WIM"),
    ("federation", "--federation", "three-letter federation"),
    ("fide_id", "--fide-id", "FIDE identifier"),
    ("national_rating", "--national-rating", "national rating ('' for none)"),
    ("national_id", "--national-id", "national identifier"),
    ("sex", "--sex", "m or w"),
    ("birth", "--birth", "birth date or year, as written"),
)
"""The fields ``player edit`` changes: the session's player fields and their options."""

_BYE_KINDS = {"1/2": "half", "0": "zero", "1": "full"}
_REQUESTED = {"half": EntryKind.HALF_BYE, "zero": EntryKind.ZERO_BYE, "full": EntryKind.FULL_BYE}


def register(actions: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    rm = actions.add_parser(
        "remove",
        help="take a registration back before round 1 is paired (a player registered twice, "
        "or one who never came); the players after move up one number",
    )
    _player_arguments(rm)
    rm.set_defaults(handler=run_remove)
    wd = actions.add_parser("withdraw", help="the player leaves the event from a round on")
    _player_arguments(wd)
    wd.add_argument("--from-round", required=True, type=int, metavar="R")
    wd.set_defaults(handler=run_withdraw)
    dq = actions.add_parser(
        "disqualify", help="disqualify a player (out of the standings, no score changes)"
    )
    _player_arguments(dq)
    add_confirm_argument(dq)
    dq.set_defaults(handler=run_disqualify)
    back = actions.add_parser("reinstate", help="cancel a withdrawal or a disqualification")
    _player_arguments(back)
    back.set_defaults(handler=run_reinstate)
    edit = actions.add_parser("edit", help="change a player's name, rating, title, …")
    _player_arguments(edit)
    for field, option, help_text in EDITABLE:
        edit.add_argument(option, dest=field, help=help_text)
    edit.set_defaults(handler=run_edit)
    bye = actions.add_parser(
        "bye",
        help="a requested bye of 1/2, 0 or 1 point for a round (or --rounds 3-5) not yet "
        "paired, or cancel it",
    )
    bye.add_argument("file", type=Path)
    bye.add_argument("number", nargs="?", type=int, metavar="N", help="pairing number")
    bye.add_argument("--player", type=int, metavar="TPN", help="pairing number (or N)")
    when = bye.add_mutually_exclusive_group(required=True)
    when.add_argument("--round", type=int, metavar="R")
    when.add_argument(
        "--rounds", metavar="R-S", help="several rounds at once: 3-5, or 2,4 (one action)"
    )
    what = bye.add_mutually_exclusive_group(required=True)
    what.add_argument("--points", metavar="P", help="the bye's points: 1/2 (also ½ or 0.5), 0 or 1")
    what.add_argument("--cancel", action="store_true", help="cancel the player's request")
    add_confirm_argument(bye)
    bye.set_defaults(handler=run_bye)
    half = actions.add_parser(
        "half-bye",
        help="make a player not eligible (or eligible again) for half-point byes (FIDE C.02)",
    )
    _player_arguments(half)
    which = half.add_mutually_exclusive_group(required=True)
    which.add_argument("--ineligible", action="store_true", help="no half-point bye for them")
    which.add_argument("--eligible", action="store_true", help="eligible again")
    half.set_defaults(handler=run_half_bye)
    checkin = actions.add_parser(
        "checkin",
        help="mark players present before round 1 (round 1 then pairs only those present)",
    )
    checkin.add_argument("file", type=Path)
    checkin.add_argument("numbers", nargs="+", type=int, metavar="N", help="pairing numbers")
    checkin.add_argument("--undo", action="store_true", help="mark them not present")
    checkin.set_defaults(handler=run_checkin)
    absent = actions.add_parser(
        "absent",
        help="players who will not play a coming round (the rule set's bye for an absence)",
    )
    absent.add_argument("file", type=Path)
    absent.add_argument("numbers", nargs="+", type=int, metavar="N", help="pairing numbers")
    absent.add_argument("--round", required=True, type=int, metavar="R")
    absent.add_argument("--undo", action="store_true", help="take the absence back")
    absent.set_defaults(handler=run_absent)
    listing = actions.add_parser("list", help="the players, their state and their byes")
    listing.add_argument("file", type=Path)
    listing.add_argument("--json", action="store_true", help="one object per player")
    listing.set_defaults(handler=run_list)


def _player_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=Path)
    p.add_argument("--player", required=True, type=int, metavar="TPN", help="pairing number")


def _run(
    args: argparse.Namespace, command: Command | Callable[[System], Command]
) -> tuple[Outcome, Player]:
    """Run *command* (or the command *command* makes for the event's system, when the
    arbiter's rounds become game columns)."""
    with Session.open(args.file) as session:
        if not isinstance(command, Command):
            command = command(session.event.system)
        outcome = session.run(command, confirm=confirmation(args))
        player = session.event.player(args.player)
    return outcome, player


def run_remove(args: argparse.Namespace) -> int:
    with Session.open(args.file) as session:
        # An unknown number is refused by the session, with its reason.
        names = {p.tpn: p.name for p in session.event.players}
        outcome = session.run(RemovePlayer(tpn=args.player), confirm=confirmation(args))
        after = len(session.event.players)
    left = f"{count(after, 'player')} remain, numbered 1-{after}" if after else "nobody remains"
    print(f"player {args.player} {names[args.player]} is no longer registered; {left}")
    print_notices(outcome.notices)
    return 0


def run_withdraw(args: argparse.Namespace) -> int:
    outcome, player = _run(
        args,
        lambda system: WithdrawPlayer(
            tpn=args.player, from_round=system.first_game(args.from_round)
        ),
    )
    print(
        f"player {player.tpn} {player.name} withdraws from round {args.from_round}: "
        "not paired any more, the rounds before stay as played"
    )
    print_notices(outcome.notices)
    return 0


def run_disqualify(args: argparse.Namespace) -> int:
    outcome, player = _run(args, DisqualifyPlayer(tpn=args.player))
    print(
        f"player {player.tpn} {player.name} is disqualified: out of the standings, no score changes"
    )
    print_notices(outcome.notices)
    return 0


def run_reinstate(args: argparse.Namespace) -> int:
    outcome, player = _run(args, ReinstatePlayer(tpn=args.player))
    print(f"player {player.tpn} {player.name} is reinstated")
    print_notices(outcome.notices)
    return 0


def run_edit(args: argparse.Namespace) -> int:
    fields = {name: getattr(args, name) for name, _, _ in EDITABLE}
    given = {name: value for name, value in fields.items() if value is not None}
    if not given:
        options = ", ".join(option for _, option, _ in EDITABLE)
        raise ArbiterError(f"player edit: give at least one field to change ({options})")
    outcome, player = _run(args, EditPlayer.of({**given, "tpn": args.player}))
    shown = ", ".join(
        f"{name.replace('_', ' ')} {getattr(player, name) or '(none)'}" for name in given
    )
    print(f"player {player.tpn}: {shown}")
    print_notices(outcome.notices)
    return 0


def bye_kind(points: str) -> str:
    """The session's kind of requested bye for *points* (½, 0 or 1), or a clear refusal."""
    try:
        value = parse_points(points)
    except ValueError:
        value = None
    kind = _BYE_KINDS.get(str(value)) if value is not None else None
    if kind is None:
        raise ArbiterError(f"a requested bye is worth 1/2, 0 or 1 point, not {points!r}")
    return kind


def parse_rounds(text: str) -> list[int]:
    """``3-5`` or ``2,4`` (or both: ``2,4-5``) as round numbers, or a clear refusal."""
    rounds: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, _, last = part.partition("-")
        try:
            low = int(first)
            high = int(last) if last else low
        except ValueError:
            raise ArbiterError(f"--rounds takes rounds like 3-5 or 2,4, not {text!r}") from None
        if high < low:
            raise ArbiterError(f"--rounds: {part} runs backwards")
        rounds.extend(range(low, high + 1))
    return rounds


def run_bye(args: argparse.Namespace) -> int:
    if (args.number is None) == (args.player is None):
        raise ArbiterError("player bye: name the player once, as N or --player N")
    args.player = args.number if args.player is None else args.player
    kind = "none" if args.cancel else bye_kind(args.points)
    rounds = [args.round] if args.rounds is None else parse_rounds(args.rounds)
    systems: list[System] = []

    def command(system: System) -> Command:
        # The arbiter's rounds; the file keeps the game column each begins with.
        systems.append(system)
        if args.rounds is None:
            return RequestBye(tpn=args.player, round=system.first_game(args.round), kind=kind)
        games = [system.first_game(r) for r in rounds]
        return RequestByes(tpn=args.player, rounds=games, kind=kind)

    outcome, player = _run(args, command)
    who = f"player {player.tpn} {player.name}"
    where = systems[0].round_name(rounds[0]) if len(rounds) == 1 else rounds_words(sorted(rounds))
    if kind == "none":
        print(
            f"{who}: the bye requests for {where} are cancelled"
            if len(rounds) > 1
            else f"{who}: the bye request for {where} is cancelled"
        )
    else:
        print(f"{who}: {bye_words(_REQUESTED[kind])} requested for {where}")
    print_notices(outcome.notices)
    return 0


def run_checkin(args: argparse.Namespace) -> int:
    present = not args.undo
    with Session.open(args.file) as session:
        changed = session.run(CheckIn(players=args.numbers, present=present)).value
        event = session.event
        summary = check_in_summary(event, checked_in(session.state))
    names = ", ".join(f"{t} {event.player(t).name}" for t in changed)
    print(f"{'checked in' if present else 'no longer checked in'}: {names}")
    print(summary or "nobody is checked in: round 1 pairs every player")
    return 0


def run_absent(args: argparse.Namespace) -> int:
    with Session.open(args.file) as session:
        system = session.event.system
        column = system.first_game(args.round)
        command = MarkAbsent(round=column, players=args.numbers, absent=not args.undo)
        outcome = session.run(command)
        kind = outcome.value
        event = session.event
        policy = ByePolicy.parse(session.settings.bye_policy)
        asked = session.state.tables["bye_requests"]
        # What each player got: the rule set's bye, or a zero-point bye for a player not
        # eligible for half-point byes or past the announced limit (FIDE C.02).
        kinds = {t: asked[(t, column)]["kind"] for t in args.numbers if kind is not None}
    said = system.round_name(args.round)
    if kind is None:
        names = ", ".join(f"{t} {event.player(t).name}" for t in args.numbers)
        print(f"{said}: {names} no longer absent")
    for given in dict.fromkeys(kinds.values()):
        who = [t for t in args.numbers if kinds[t] == given]
        names = ", ".join(f"{t} {event.player(t).name}" for t in who)
        words = bye_words(EntryKind(given))
        print(
            f"{said}: {names} absent, not paired: a {words}"
            f"{' each' if len(who) > 1 else ''} "
            f"({ABSENCE_ARTICLE[policy]})"
        )
    print_notices(outcome.notices)
    return 0


def run_half_bye(args: argparse.Namespace) -> int:
    _, player = _run(args, SetHalfByeEligibility(tpn=args.player, eligible=bool(args.eligible)))
    state = "eligible again" if args.eligible else "not eligible"
    print(f"player {player.tpn} {player.name}: {state} for half-point byes")
    return 0


# -- the list ---------------------------------------------------------------------------------


def _status(event: Event, player: Player) -> str:
    if player.disqualified:
        return "disqualified"
    if player.withdrawn_from_round is not None:
        return f"withdrawn from round {event.system.rounds_in(player.withdrawn_from_round)}"
    return "playing"


def _requests(event: Event, tpn: int) -> list[ByeRequest]:
    return sorted((b for b in event.bye_requests if b.tpn == tpn), key=lambda b: b.round)


def player_json(event: Event, player: Player) -> dict[str, Any]:
    """One player of ``player list --json``: the typed-in fields, the state and the byes."""
    row = player_row(player)
    return {
        "tpn": player.tpn,
        **row,
        "disqualified": player.disqualified,
        "points": json.loads(json_number(event.score(player.tpn))),
        "bye_requests": [
            {"round": event.system.rounds_in(b.round), "kind": b.kind.value}
            for b in _requests(event, player.tpn)
        ],
    }


def run_list(args: argparse.Namespace) -> int:
    with Session.open(args.file, readonly=True) as session:
        event = session.event
        no_half = half_bye_ineligible(session.state)
        state = session.state
        here = checked_in(state)
        away = absences(state)
    if args.json:
        rows = [
            {
                **player_json(event, p),
                "half_bye_eligible": p.tpn not in no_half,
                "present": p.tpn in here,
                "absent_rounds": sorted(event.system.rounds_in(r) for t, r in away if t == p.tpn),
            }
            for p in event.players
        ]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    header = ["No", "Name", "Rtg", "Title", "Fed", "FIDE id", "Pts", "Present", "State",
              "Byes asked"]  # fmt: skip
    table = [
        [
            str(p.tpn),
            p.name,
            str(p.rating or ""),
            p.title,
            p.federation,
            p.fide_id,
            format_points(event.score(p.tpn)),
            "yes" if p.tpn in here else "",
            _status(event, p) + ("; no half-point bye" if p.tpn in no_half else ""),
            ", ".join(
                f"round {event.system.rounds_in(b.round)} ("
                + ("absent, " if (p.tpn, b.round) in away else "")
                + f"{bye_words(b.kind)})"
                for b in _requests(event, p.tpn)
            ),
        ]
        for p in event.players
    ]
    if not table:
        print(f"{args.file.name}: no player registered yet")
        return 0
    sys.stdout.write(render_table(header, table, left={1, 3, 4, 7, 8, 9}))
    summary = check_in_summary(event, here)
    if summary:
        print(summary)
    return 0
