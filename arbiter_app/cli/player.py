"""``arbiter-app player add FILE``: register a player (or a late entry);
``arbiter-app player import FILE --csv players.csv``: register a whole player list;
``arbiter-app player number FILE --by rating|lot|draw|order``: give the pairing numbers
(before round 1; by lot or a draw at the venue with ``--witness``, by hand with ``--order``)."""

from __future__ import annotations

import argparse
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
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
        help="give the pairing numbers before round 1: by the initial ranking (FIDE C.04.2 "
        "article 2.2), by lot, as drawn at the venue, or by hand",
    )
    num.add_argument("file", type=Path)
    num.add_argument(
        "--by",
        required=True,
        choices=["rating", "lot", "draw", "order"],
        help="rating: the initial ranking (rating, title, name); lot: drawn by the app "
        "(seed kept); draw: a draw at the venue, typed with --order; order: by hand, --order",
    )
    num.add_argument(
        "--order",
        type=_numbers,
        help="the present pairing numbers in their new order (new number 1 first), e.g. 3,1,2",
    )
    num.add_argument(
        "--witness", action="append", default=[], help="a witness of the draw (repeatable)"
    )
    num.set_defaults(handler=run_number)


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
        count = len(session.event.players)
    rating = f" ({player.rating})" if player.rating else ""
    print(f"player {player.tpn}: {player.name}{rating}")
    if player.tpn < count:
        # The numbers follow the initial ranking (C.04.2 2.2-2.5): say who moved.
        article = "articles 2.4 and 2.5" if args.late else "article 2.2"
        moved = count - player.tpn
        now = str(count) if moved == 1 else f"{player.tpn + 1}-{count}"
        who = "1 player" if moved == 1 else f"{moved} players"
        print(
            f"  {who} below moved one number on (now {now}): pairing numbers follow the "
            f"initial ranking (FIDE C.04.2 {article})"
        )
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


def _numbers(text: str) -> list[int]:
    try:
        return [int(t) for t in text.replace(" ", "").split(",") if t]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected pairing numbers like 3,1,2: {text!r}") from None


def run_number(args: argparse.Namespace) -> int:
    """Renumber through the session: one journalled command; a lot's seed is stored with it."""
    arguments: dict[str, object] = {"by": args.by}
    if args.by in ("draw", "order"):
        if args.order is None:
            raise ArbiterError(
                f"--by {args.by} needs --order: the present pairing numbers in their new order"
            )
        arguments["order"] = args.order
    elif args.order is not None:
        raise ArbiterError(f"--order goes with --by draw or --by order, not --by {args.by}")
    if args.witness:
        if args.by not in ("lot", "draw"):
            raise ArbiterError("--witness goes with a draw: --by lot or --by draw")
        arguments["witnesses"] = args.witness
    with Session.open(args.file) as session:
        session.run("set_pairing_numbers", **arguments)
        players = session.event.players
        seed = session.journal()[-1].seed
        numbering = session.event_state.numbering_text
    for p in players:
        rating = f" ({p.rating})" if p.rating else ""
        print(f"{p.tpn:>4} {p.name}{rating}")
    if seed is not None:
        print(f"drawn by lot from seed {seed} (kept in the journal)")
    print(numbering)
    return 0
