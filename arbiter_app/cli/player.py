"""``arbiter-app player add FILE``: register a player (or a late entry);
``arbiter-app player import FILE --csv players.csv``: register a whole player list;
``arbiter-app player number FILE --by rating|lot``: give the pairing numbers;
``withdraw``, ``disqualify``, ``reinstate``, ``edit``, ``bye`` and ``list``:
see :mod:`arbiter_app.cli.player_changes`."""

from __future__ import annotations

import argparse
from pathlib import Path

from arbiter_app.cli import player_changes
from arbiter_app.core.players_csv import parse_players_csv
from arbiter_app.session import Session
from arbiter_app.session.codec import PLAYER_FIELDS
from arbiter_app.sheets.files import read_text


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
    imp = actions.add_parser(
        "import",
        help="register the players of a CSV list (header row: name, rating, title, "
        "federation, fide_id, birth, sex; comma or semicolon delimited)",
    )
    imp.add_argument("file", type=Path)
    imp.add_argument("--csv", required=True, type=Path, dest="csv", help="the player list")
    imp.set_defaults(handler=run_import)
    num = actions.add_parser(
        "number",
        help="give the pairing numbers before round 1: by rating (FIDE C.04.2 B) or by lot",
    )
    num.add_argument("file", type=Path)
    num.add_argument("--by", required=True, choices=["rating", "lot"])
    num.set_defaults(handler=run_number)
    player_changes.register(actions)


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


def run_import(args: argparse.Namespace) -> int:
    # The list is read and checked in full before the event file is even opened.
    players = parse_players_csv(read_text(args.csv), str(args.csv))
    listed = [{name: getattr(p, name) for name in PLAYER_FIELDS} for p in players]
    with Session.open(args.file) as session:
        numbers = session.run("import_players", players=listed, source=args.csv.name).value
    print(
        f"imported {len(numbers)} players from {args.csv.name} into {args.file.name} "
        f"(pairing numbers {numbers[0]}-{numbers[-1]})"
    )
    return 0


def run_number(args: argparse.Namespace) -> int:
    """Renumber through the session: one journalled command; a lot's seed is stored with it."""
    with Session.open(args.file) as session:
        session.run("set_pairing_numbers", by=args.by)
        players = session.event.players
        seed = session.journal()[-1].seed
    for p in players:
        rating = f" ({p.rating})" if p.rating else ""
        print(f"{p.tpn:>4} {p.name}{rating}")
    if seed is not None:
        print(f"drawn by lot from seed {seed} (kept in the journal)")
    return 0
