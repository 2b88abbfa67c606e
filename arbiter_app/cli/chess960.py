"""``arbiter-app chess960 draw|show FILE``: the starting positions of a Chess960 event.

``chess960 draw FILE --round N`` draws round N's starting position, the same for
every board (FIDE Laws of Chess, Guidelines II.1-II.2): by the application from
a fresh seed that the journal keeps (the same seed always gives the same
number), or, with ``--number K``, the number drawn at the venue (0-959 in
Scharnagl's numbering; 518 is the standard position). ``--every-round`` draws
one position for the whole event instead, when its regulations announce one.
``--witness NAME`` (repeated) names who saw the draw; the protocol of the
drawing of lots (``print lots``) prints it. ``chess960 show FILE`` lists the
positions drawn (``--json`` for other programs). Declare the event Chess960
first: ``arbiter-app settings FILE --variant chess960``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from arbiter_app.core.chess960 import POSITIONS, StartingPosition, Variant, position_of_round
from arbiter_app.core.errors import ArbiterError
from arbiter_app.session import Session
from arbiter_app.session.chess960 import positions_of, variant_of
from arbiter_app.session.commands import UNSET, DrawChess960Position
from arbiter_app.session.state import State


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("chess960", description=__doc__)
    actions = p.add_subparsers(dest="chess960_action", metavar="ACTION", required=True)
    draw = actions.add_parser(
        "draw",
        help="draw a round's starting position (or enter the number drawn at the venue)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    draw.add_argument("file", type=Path)
    scope = draw.add_mutually_exclusive_group(required=True)
    scope.add_argument(
        "--round",
        type=int,
        metavar="N",
        help="the round the position is for (in a double Swiss, a game: round 2 is games 3 and 4)",
    )
    scope.add_argument(
        "--every-round",
        action="store_true",
        help="one position for every round of the event, as its regulations announce",
    )
    draw.add_argument(
        "--number",
        type=int,
        metavar="K",
        help=f"the number drawn at the venue, 0 to {POSITIONS - 1} (518: the standard "
        "position); left out, the application draws it",
    )
    draw.add_argument(
        "--witness", action="append", default=[], metavar="NAME", help="who saw the draw"
    )
    draw.set_defaults(handler=run_draw)
    show = actions.add_parser("show", help="list the starting positions drawn")
    show.add_argument("file", type=Path)
    show.add_argument("--json", action="store_true")
    show.set_defaults(handler=run_show)


def run_draw(args: argparse.Namespace) -> int:
    command = DrawChess960Position(
        round=UNSET if args.every_round else args.round,
        number=UNSET if args.number is None else args.number,
        witnesses=list(args.witness) or UNSET,
    )
    with Session.open(args.file) as session:
        position: StartingPosition = session.run(command).value
    print(f"{position.scope().capitalize()}: {position.label()}; {position.how()}.")
    print(f"FEN: {position.fen}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    with Session.open(args.file, readonly=True) as session:
        if variant_of(session.state) is not Variant.CHESS960:
            raise ArbiterError(
                f"{args.file}: the event is not played as Chess960 "
                "(arbiter-app settings FILE --variant chess960)"
            )
        positions = positions_of(session.state)
        rounds = session.event.rounds
        # A double system's round is two games: each game has its position.
        word = "Game" if session.event.system.games_in(1) > 1 else "Round"
    if args.json:
        rows = [
            {**p.to_json(), "back_rank": p.back_rank, "fen": p.fen}
            for _, p in sorted(positions.items(), key=lambda kv: (kv[0] is not None, kv[0] or 0))
        ]
        print(json.dumps(rows, indent=2))
        return 0
    if not positions:
        print("No starting position has been drawn yet.")
        return 0
    for round_no in range(1, rounds + 1):
        position = position_of_round(positions, round_no)
        text = "not drawn yet" if position is None else f"{position.label()}; {position.how()}"
        print(f"{word} {round_no}: {text}.")
    return 0


def chess960_line(state: State, round_no: int) -> str:
    """The line a round's pairings print under them in a Chess960 event: its position, or
    how to draw it ("" for an event of standard chess). *round_no* is a game column, as the
    file numbers rounds (a double system's round is two)."""
    if variant_of(state) is not Variant.CHESS960:
        return ""
    position = position_of_round(positions_of(state), round_no)
    if position is None:
        return (
            f"No Chess960 starting position is drawn for round {round_no} yet: "
            f"arbiter-app chess960 draw FILE --round {round_no} (FIDE Laws of Chess, "
            "Guidelines II.1)."
        )
    return f"Every board plays {position.label()}."
