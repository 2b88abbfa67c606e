"""``arbiter-app result FILE --round R --board B RESULT``: enter or correct a result.

``RESULT`` may be ``adj`` (or ``*``): the game is adjourned, or its result not known
yet (checklist Q157). ``--for-rating-only --reason TEXT`` corrects a result for the
rating report only (FIDE C.04.2 article 4.3): the pairings and standings keep the
result played; a level-3 question, answered with ``--confirm``.

Results starting with a dash (``-+``, ``--``) look like options on a command
line: put ``--`` before them, as usual
(``arbiter-app result event.arbiter --round 3 --board 7 -- -+``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from arbiter_app.cli.confirming import add_confirm_argument, confirmation
from arbiter_app.session import Session
from arbiter_app.session.commands import CorrectResult, CorrectResultForRating, EnterResult


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "result",
        description="Enter a result: 1-0, 0-1, 1/2 (½-½), +- (White wins by forfeit), "
        "-+ (Black wins by forfeit), -- (double forfeit); ½-0, 0-½ or 0-0 for a game the "
        "arbiter scored unequally (Laws of Chess 12.9); '1-0 unrated', '½-½ unrated' or "
        "'0-1 unrated' (or W-L, D-D, L-W) for a game played but not rated (TRF-26 W D L). "
        "Put '--' before results that start with a dash.",
    )
    p.add_argument("file", type=Path)
    p.add_argument(
        "--round",
        required=True,
        type=int,
        help="the round; in a double Swiss the game (round 2 is games 3 and 4)",
    )
    p.add_argument("--board", required=True, type=int)
    how = p.add_mutually_exclusive_group()
    how.add_argument("--correct", action="store_true", help="replace a result entered before")
    how.add_argument(
        "--for-rating-only",
        action="store_true",
        help="correct the result in the rating report only; the pairings and standings "
        "keep the result played (FIDE C.04.2 article 4.3)",
    )
    p.add_argument("--reason", default="", help="why, for --for-rating-only (the report says)")
    p.add_argument(
        "result", nargs="+", help="the result, White's score first (1-0 unrated: two words)"
    )
    add_confirm_argument(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    typed = " ".join(args.result)
    if args.for_rating_only:
        return _for_rating(args, typed)
    kind = CorrectResult if args.correct else EnterResult
    command = kind(round=args.round, board=args.board, result=typed)
    with Session.open(args.file) as session:
        outcome = session.run(command, confirm=confirmation(args))
        board = next(b for b in session.boards(args.round) if b.number == args.board)
        names = session.event.player_map()
    print(
        f"round {args.round} board {args.board}: {names[board.white].name} - "
        f"{names[board.black].name} {outcome.value}"
    )
    return 0


def _for_rating(args: argparse.Namespace, typed: str) -> int:
    command = CorrectResultForRating(
        round=args.round, board=args.board, result=typed, reason=args.reason
    )
    with Session.open(args.file) as session:
        outcome = session.run(command, confirm=confirmation(args))
    print(outcome.value)
    return 0
