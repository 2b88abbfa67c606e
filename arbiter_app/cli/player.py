"""``arbiter-app player add FILE``: register a player (or a late entry), typed in or
from the FIDE list (``--fide-id N``: name, title, federation, sex, year of birth and
the rating of the event's rating type, from the lists imported with ``ratings import``);
``arbiter-app player import FILE --csv players.csv``: register a whole player list;
``arbiter-app player number FILE --by rating|lot``: give the pairing numbers."""

from __future__ import annotations

import argparse
from pathlib import Path

from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.players_csv import parse_players_csv
from arbiter_app.core.rating_source import MANUAL, describe
from arbiter_app.session import Session
from arbiter_app.session.codec import PLAYER_FIELDS
from arbiter_app.session.rating_lookup import fields_for, rating_type_of
from arbiter_app.sheets.files import read_text
from arbiter_app.store.rating_db import RatingDatabase


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("player", help="manage players")
    actions = p.add_subparsers(dest="player_action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="register a player")
    add.add_argument("file", type=Path)
    add.add_argument("--name", help="Surname, Name (not needed with a FIDE ID on the list)")
    add.add_argument("--rating", type=int, help="a rating typed in (wins over the list's)")
    add.add_argument("--title")
    add.add_argument("--federation")
    add.add_argument("--fide-id", default="", help="fill the player from the imported FIDE lists")
    add.add_argument("--sex", choices=["m", "w"], help="m or w, as the FIDE report file")
    add.add_argument("--birth", help="year (or date YYYY/MM/DD) of birth")
    add.add_argument("--club")
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


_EXTRA = ("sex", "birth", "club")


def run_add(args: argparse.Namespace) -> int:
    if not args.name and not args.fide_id:
        raise ArbiterError("give the player's --name, or a --fide-id to fill it from the FIDE list")
    fields: dict[str, object] = {
        "name": args.name or "",
        "rating": args.rating,
        "title": args.title or "",
        "federation": args.federation or "",
        "fide_id": args.fide_id,
    }
    fields.update((k, getattr(args, k)) for k in _EXTRA if getattr(args, k))
    with Session.open(args.file) as session:
        if args.fide_id:
            listed = _from_list(session, args.fide_id, required=not args.name)
            typed = {k: v for k, v in fields.items() if v not in (None, "")}
            fields = {**listed, **typed}
            if listed and args.rating is not None:
                fields["rating_source"] = MANUAL  # typed over the list's
        if args.late:
            outcome = session.run("late_entry", missed=args.late, **fields)
        else:
            outcome = session.run("add_player", **fields)
        player = session.event.player(outcome.value)
    rating = f" ({player.rating})" if player.rating else ""
    if player.rating and player.rating_source.startswith("fide:"):
        rating = f" ({player.rating}, {describe(player.rating_source)})"
    print(f"player {player.tpn}: {player.name}{rating}")
    return 0


def _from_list(session: Session, fide_id: str, *, required: bool) -> dict[str, object]:
    """The player's fields from the FIDE lists valid at the event's start (of its rating
    type); nothing when the ID is on no list and the name was typed."""
    wanted = rating_type_of(session.state)
    with RatingDatabase.open() as db:
        try:
            return fields_for(db, fide_id, wanted, session.event.info.start_date)
        except RuleError:
            if required:
                raise
            return {}


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
