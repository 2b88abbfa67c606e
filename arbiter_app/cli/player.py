"""``arbiter-app player add FILE``: register a player (or a late entry)."""

from __future__ import annotations

import argparse
from pathlib import Path

from arbiter_app.session import Session


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("player", help="manage players")
    actions = p.add_subparsers(dest="player_action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="register a player")
    add.add_argument("file", type=Path)
    add.add_argument("--name", required=True)
    add.add_argument("--rating", type=int)
    add.add_argument("--title", default="")
    add.add_argument("--federation", default="")
    add.add_argument("--fide-id", default="")
    add.add_argument(
        "--late",
        choices=["not-paired", "half-bye", "zero-bye"],
        help="a late entry: what the player gets for the rounds already paired",
    )
    add.set_defaults(handler=run_add)


def run_add(args: argparse.Namespace) -> int:
    fields = {
        "name": args.name,
        "rating": args.rating,
        "title": args.title,
        "federation": args.federation,
        "fide_id": args.fide_id,
    }
    with Session.open(args.file) as session:
        if args.late:
            outcome = session.run("late_entry", missed=args.late, **fields)
        else:
            outcome = session.run("add_player", **fields)
        player = session.event.player(outcome.value)
    rating = f" ({player.rating})" if player.rating else ""
    print(f"player {player.tpn}: {player.name}{rating}")
    return 0
