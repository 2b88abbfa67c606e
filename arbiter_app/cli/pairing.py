"""``arbiter-app pairing set FILE --round R --pairs "W-B,W-B,…" [--bye N] [--confirm]``.

Pairs a whole round by hand before its results: the round after the last one
paired, or the last one again. Inside the round's open manual pairing (``pairing
manual start``) it is one more hand change; otherwise it is a whole manual pairing
in one command: the round as given is then compared with the pairing engine's, and
a round that differs is kept only with ``--confirm=keep-hand-pairing`` (a level-4
question that shows the engine's pairing; FIDE C.02), written to the report as a
``### MPA`` line. Every board is ``White-Black`` by pairing
number; ``--bye N`` gives player N the pairing-allocated bye. Players left
out who withdrew or asked for a bye get what the engine would give them. The
pairing is checked against the pairing rules first: the rules it breaks are
listed, each with its article, and nothing is stored without ``--confirm``
(a level-3 question, FIDE C.02). For a double Swiss, R counts rounds and both
games of the round are stored, the colours reversed in the second.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from arbiter_app.cli import pairing_phase
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
from arbiter_app.session.commands import SetPairing

_PAIR = re.compile(r"\s*(\d+)\s*-\s*(\d+)\s*")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("pairing")
    actions = p.add_subparsers(dest="pairing_action", metavar="ACTION", required=True)
    set_ = actions.add_parser(
        "set",
        help="the whole round's pairing by hand, checked against the pairing rules",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    set_.add_argument("file", type=Path)
    set_.add_argument("--round", required=True, type=int, metavar="R")
    set_.add_argument(
        "--pairs", required=True, metavar="PAIRS", help='the boards in order: "1-4,3-2,5-6"'
    )
    set_.add_argument("--bye", type=int, metavar="N", help="the pairing-allocated bye")
    add_confirm_argument(set_)
    set_.set_defaults(handler=run_set)
    pairing_phase.register(actions)


def parse_pairs(text: str) -> list[list[int]]:
    """``"1-4, 3-2"`` as ``[[1, 4], [3, 2]]``; a piece that is not ``W-B`` is named."""
    pairs: list[list[int]] = []
    for index, piece in enumerate(text.split(","), start=1):
        if not piece.strip():
            continue
        m = _PAIR.fullmatch(piece)
        if m is None:
            raise ArbiterError(
                f"--pairs: board {index} is {piece.strip()!r}; write each board as White-Black "
                'by pairing number, e.g. "1-4,3-2"'
            )
        pairs.append([int(m[1]), int(m[2])])
    if not pairs:
        raise ArbiterError('--pairs: no board given (e.g. "1-4,3-2")')
    return pairs


def run_set(args: argparse.Namespace) -> int:
    boards = parse_pairs(args.pairs)
    byes = [] if args.bye is None else [[args.bye, EntryKind.PAIRING_BYE.value]]
    with Session.open(args.file) as session:
        outcome = session.run(
            SetPairing(round=args.round, boards=boards, byes=byes), confirm=confirmation(args)
        )
        names = {p.tpn: p.name for p in session.event.players}
        us_chess = says_bye(session.event)
        system = session.event.system
        column = outcome.value["columns"][0]
        stored = session.boards(column)
        left = [
            (p.tpn, session.event.entry(p.tpn, column).kind)
            for p in session.event.players
            if all(p.tpn not in (b.white, b.black) for b in stored)
        ]
    value = outcome.value
    if value["broken"]:
        print("paired by hand although it breaks:")
        for rule in value["broken"]:
            print(f"  - {rule}")
    print(f"{system.round_name(args.round)}: {count(len(stored), 'board')}")

    for b in stored:
        print(f"{b.number:4d}  {b.white:4d} {names[b.white]}  -  {b.black:4d} {names[b.black]}")
    for tpn, kind in left:
        print(f"      {tpn:4d} {names[tpn]}: {bye_words(kind, us_chess=us_chess)}")
    if value.get("mpa"):
        print(f"report log: {value['mpa']}")
    if value.get("phase_open"):
        print(f"the manual pairing of round {args.round} is open: end it with 'pairing manual end'")
    print_notices(outcome.notices)
    return 0
