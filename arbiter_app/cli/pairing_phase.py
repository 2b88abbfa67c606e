"""``arbiter-app pairing manual start|end``, ``pairing change``, ``pairing forbid|unforbid|forbidden``.

A round's hand changes happen in its manual pairing, with an explicit start
and end (FIDE C.02; :mod:`arbiter_app.session.manual_pairing`):

    arbiter-app pairing manual start FILE --round 3
    arbiter-app pairing change FILE --round 3 --board 2 5-8 [--swap] [--confirm]
    arbiter-app pairing manual end FILE [--confirm=keep-hand-pairing]

At the end the round is compared with the pairing engine's; when they differ
the command prints the engine's pairing and the ``### MPA`` line, and keeps
the hand pairing only with ``--confirm=keep-hand-pairing`` (a level-4
question). ``pairing change`` outside an open manual pairing opens it. With
``--swap`` a player may come from another board or from the bye: the player
this board no longer needs takes that place, or the pairing-allocated bye when
nobody has it; the boards changed are printed.

Prohibited pairings (TRF-26 record 260) are entered before round 1:
``pairing forbid FILE 3 7 [9 …]`` (no two of them meet), ``pairing unforbid
FILE 3 7``, ``pairing forbidden FILE [--json]``. Once round 1 is paired they
are refused in FIDE mode; outside it they ask first.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from arbiter_app.cli.confirming import (
    add_confirm_argument,
    confirmation,
    print_notices,
)
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import EntryKind
from arbiter_app.core.words import count
from arbiter_app.exports.pairings import bye_words, says_bye
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    UNSET,
    AllowPairing,
    ChangePairing,
    EndManualPairing,
    ForbidPairing,
    StartManualPairing,
)
from arbiter_app.session.manual_pairing import open_phase


def register(actions: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    manual = actions.add_parser(
        "manual",
        help="start or end the manual pairing of a round (FIDE C.02)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    steps = manual.add_subparsers(dest="manual_step", metavar="STEP", required=True)
    start = steps.add_parser("start", help="open the manual pairing of a round")
    start.add_argument("file", type=Path)
    start.add_argument("--round", required=True, type=int, metavar="R")
    start.set_defaults(handler=run_start)
    end = steps.add_parser(
        "end", help="end it: the round is compared with the pairing engine's pairing"
    )
    end.add_argument("file", type=Path)
    add_confirm_argument(end)
    end.set_defaults(handler=run_end)

    change = actions.add_parser(
        "change", help="change one board of a round by hand (within its manual pairing)"
    )
    change.add_argument("file", type=Path)
    change.add_argument("--round", required=True, type=int, metavar="R")
    change.add_argument("--board", required=True, type=int, metavar="B")
    change.add_argument("pair", metavar="WHITE-BLACK", help="the players by pairing number: 5-8")
    change.add_argument(
        "--swap",
        action="store_true",
        help="take players from other boards or the bye; the displaced take their places",
    )
    change.add_argument(
        "--no-bye",
        action="store_true",
        help="with --swap: leave a displaced player without a board, not on the bye",
    )
    add_confirm_argument(change)
    change.set_defaults(handler=run_change)

    forbid = actions.add_parser(
        "forbid", help="two or more players who must not meet (TRF-26 record 260)"
    )
    forbid.add_argument("file", type=Path)
    forbid.add_argument("players", nargs="+", type=int, metavar="N")
    add_confirm_argument(forbid)
    forbid.set_defaults(handler=run_forbid, command=ForbidPairing)
    unforbid = actions.add_parser("unforbid", help="remove a prohibited pairing")
    unforbid.add_argument("file", type=Path)
    unforbid.add_argument("players", nargs="+", type=int, metavar="N")
    add_confirm_argument(unforbid)
    unforbid.set_defaults(handler=run_forbid, command=AllowPairing)
    listing = actions.add_parser("forbidden", help="list the prohibited pairings")
    listing.add_argument("file", type=Path)
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(handler=run_forbidden)


def run_start(args: argparse.Namespace) -> int:
    with Session.open(args.file) as session:
        session.run(StartManualPairing(round=args.round))
        boards = session.pairs(_column(session, args.round))
    print(
        f"round {args.round}: manual pairing open ({count(len(boards), 'board')} as they stand); "
        "change boards with 'pairing change' or 'pairing set', then 'pairing manual end'"
    )
    return 0


def _column(session: Session, round_no: int) -> int:
    return session.event.system.first_game(round_no)


def run_end(args: argparse.Namespace) -> int:
    with Session.open(args.file) as session:
        outcome = session.run(EndManualPairing(), confirm=confirmation(args))
    value = outcome.value
    if not value["paired"]:
        print(f"round {value['round']}: manual pairing ended; the round is not paired")
    elif value["same"]:
        print(
            f"round {value['round']}: manual pairing ended; the round is the pairing "
            "engine's pairing"
        )
    else:
        print(f"round {value['round']}: manual pairing ended; the hand pairing is kept")
        print(f"report log: {value['line']}")
    print_notices(outcome.notices)
    return 0


def _pair(text: str) -> tuple[int, int]:
    white, dash, black = text.partition("-")
    try:
        if not dash:
            raise ValueError
        return int(white), int(black)
    except ValueError:
        raise ArbiterError(
            f"{text!r}: give the board as White-Black by pairing number, e.g. 5-8"
        ) from None


def run_change(args: argparse.Namespace) -> int:
    white, black = _pair(args.pair)
    with Session.open(args.file) as session:
        change = ChangePairing(
            round=args.round,
            board=args.board,
            white=white,
            black=black,
            swap=True if args.swap else UNSET,
            displaced_bye=False if args.no_bye else UNSET,
        )
        outcome = session.run(change, confirm=confirmation(args))
        names = {p.tpn: p.name for p in session.event.players}
        bye_word = bye_words(EntryKind.PAIRING_BYE, us_chess=says_bye(session.event))
        phase = open_phase(session.state)
    value = outcome.value
    for number, w, b in value.get("boards", [[args.board, white, black]]):
        print(f"round {args.round} board {number}: {w} {names[w]} - {b} {names[b]}")
    if value.get("bye") is not None:
        print(f"{value['bye']} {names[value['bye']]}: {bye_word}")
    for tpn in value.get("unpaired", []):
        print(f"{tpn} {names[tpn]}: no board")
    for question in outcome.answered:
        print("changed although it breaks:")
        for line in question.consequences:
            print(f"  - {line}")
    if phase is not None:
        print(
            f"the manual pairing of round {phase['round']} is open: end it with 'pairing manual end'"
        )
    print_notices(outcome.notices)
    return 0


def run_forbid(args: argparse.Namespace) -> int:
    with Session.open(args.file) as session:
        outcome = session.run(args.command(players=args.players), confirm=confirmation(args))
        listed = _listed(session)
    verb = "may not meet" if args.command is ForbidPairing else "may meet again"
    print(f"players {', '.join(map(str, sorted(args.players)))} {verb}")
    _print_groups(listed)
    print_notices(outcome.notices)
    return 0


def _listed(session: Session) -> list[dict[str, Any]]:
    names = {p.tpn: p.name for p in session.event.players}
    return [
        {"players": sorted(group), "names": [names[t] for t in sorted(group)]}
        for group in session.event.forbidden_pairs
    ]


def _print_groups(listed: list[dict[str, Any]]) -> None:
    if not listed:
        print("no prohibited pairing")
        return
    print("prohibited pairings (TRF-26 record 260):")
    for item in listed:
        people = ", ".join(f"{t} {n}" for t, n in zip(item["players"], item["names"], strict=True))
        print(f"  {people}")


def run_forbidden(args: argparse.Namespace) -> int:
    with Session.open(args.file, readonly=True) as session:
        listed = _listed(session)
    if args.json:
        print(json.dumps(listed, ensure_ascii=False, indent=2))
    else:
        _print_groups(listed)
    return 0
