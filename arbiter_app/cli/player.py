"""``arbiter-app player add FILE``: register a player (or a late entry), typed in or
from the FIDE list (``--fide-id N``: name, title, federation, sex, year of birth and
the rating of the event's rating type, from the lists imported with ``ratings import``);
``arbiter-app player import FILE --csv players.csv``: register a whole player list;
``arbiter-app player number FILE --by rating|lot|draw|order``: give the pairing numbers
(before round 1; by lot or a draw at the venue with ``--witness``, by hand with ``--order``);
``withdraw``, ``disqualify``, ``reinstate``, ``edit``, ``bye`` and ``list``:
see :mod:`arbiter_app.cli.player_changes`."""

from __future__ import annotations

import argparse
from pathlib import Path

from arbiter_app.cli import player_changes
from arbiter_app.core import words
from arbiter_app.core.attendance import LATE_ENTRY_CHOICES, late_entry_default
from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.pairing.byes import ByePolicy
from arbiter_app.core.pairing.ranking import TieOrder, TournamentRating
from arbiter_app.core.players_csv import parse_players_csv
from arbiter_app.core.rating_source import MANUAL, checked_sequence, describe, source_entry
from arbiter_app.exports.pairings import says_bye
from arbiter_app.session import Session
from arbiter_app.session.codec import PLAYER_FIELDS
from arbiter_app.session.commands import (
    AddPlayer,
    ImportPlayers,
    LateEntry,
    SetPairingNumbers,
)
from arbiter_app.session.rating_lookup import (
    fields_for,
    fields_for_national,
    other_ratings,
    rating_lists_of,
    rating_type_of,
)
from arbiter_app.sheets.files import read_text
from arbiter_app.store.rating_db import RatingDatabase


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("player")
    actions = p.add_subparsers(dest="player_action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="register a player")
    add.add_argument("file", type=Path)
    add.add_argument("--name", help="Surname, Name (not needed with a FIDE ID on the list)")
    add.add_argument("--rating", type=int, help="a rating typed in (wins over the list's)")
    add.add_argument("--title")
    add.add_argument("--federation")
    add.add_argument("--fide-id", default="", help="fill the player from the imported FIDE lists")
    add.add_argument(
        "--national-id",
        default="",
        help="fill the player from the national or custom lists of the event's sequence "
        "(their ID on that list)",
    )
    add.add_argument(
        "--rating-from",
        metavar="LIST",
        help="with --fide-id, take the rating from this list instead of the event's sequence: "
        "standard, rapid, blitz or list:NAME",
    )
    add.add_argument(
        "--uschess-id",
        default="",
        help="fill the player from the imported US Chess member list (name, US Chess ID, "
        "the rating of the event's rating system); an expired membership is a notice",
    )
    add.add_argument("--sex", choices=["m", "w"], help="m or w, as the FIDE report file")
    add.add_argument("--birth", help="year (or date YYYY/MM/DD) of birth")
    add.add_argument("--club")
    add.add_argument(
        "--late",
        nargs="?",
        const="",
        metavar="KIND[,KIND…]",
        help="a late entry: what the player gets for the rounds already paired, one of "
        f"{', '.join(LATE_ENTRY_CHOICES)}, for every round or one a round (zero-bye,half-bye; "
        "in a double Swiss one a game); without KIND the rule set's default (US Chess 28K: "
        "half-point byes; FIDE: not paired)",
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
    num.add_argument(
        "--tournament-rating",
        choices=[r.value for r in TournamentRating],
        help="with --by rating, the rating that orders the list: FIDE, NRO (national), FIDON "
        "(FIDE else national), NIDOF (national else FIDE), HBFN (the higher); FIDE by default",
    )
    num.add_argument(
        "--equal-order",
        choices=[t.value for t in TieOrder],
        help="with --by rating, the order of players equal on rating and title: name (the "
        "default), fide-id (lowest first), lot (drawn, seed kept)",
    )
    num.set_defaults(handler=run_number)
    player_changes.register(actions)


_EXTRA = ("sex", "birth", "club")


def run_add(args: argparse.Namespace) -> int:
    if not args.name and not args.fide_id and not args.uschess_id and not args.national_id:
        raise ArbiterError(
            "give the player's --name, or a --fide-id (--uschess-id) to fill it from the "
            "FIDE list (the US Chess member list)"
        )
    fields: dict[str, object] = {
        "name": args.name or "",
        "rating": args.rating,
        "title": args.title or "",
        "federation": args.federation or "",
        "fide_id": args.fide_id,
    }
    fields.update((k, getattr(args, k)) for k in (*_EXTRA, "national_id") if getattr(args, k))
    with Session.open(args.file) as session:
        if args.national_id and not args.fide_id:
            national = _from_national(session, args.national_id)
            typed = {k: v for k, v in fields.items() if v not in (None, "")}
            fields = {**national, **typed}
            if args.rating is not None:
                fields["rating_source"] = MANUAL  # typed over the list's
        if args.rating_from and not args.fide_id:
            raise ArbiterError("--rating-from takes the rating of a player given by --fide-id")
        if args.fide_id:
            listed = _from_list(
                session, args.fide_id, required=not args.name, rating_from=args.rating_from
            )
            typed = {k: v for k, v in fields.items() if v not in (None, "")}
            fields = {**listed, **typed}
            if listed and args.rating is not None:
                fields["rating_source"] = MANUAL  # typed over the list's
        notices: list[str] = []
        if args.uschess_id:
            from arbiter_app.cli.uschess_lists import member_fields

            member, notices = member_fields(session, args.uschess_id)
            typed = {k: v for k, v in fields.items() if v not in (None, "")}
            if args.fide_id:  # the FIDE list's rating stays the event's rating
                member = {k: v for k, v in member.items() if k not in ("rating", "rating_source")}
            fields = {**member, **typed}
        if args.late is not None:
            outcome = session.run(_late_entry(session, fields, args.late))
        else:
            outcome = session.run(AddPlayer.of(fields))
        player = session.event.player(outcome.value)
        count = len(session.event.players)
        us_chess = says_bye(session.event)
    rating = f" ({player.rating})" if player.rating else ""
    if player.rating and player.rating_source.startswith(("fide:", "uschess:", "list:")):
        rating = f" ({player.rating}, {describe(player.rating_source)})"
    print(f"player {player.tpn}: {player.name}{rating}")
    if args.fide_id and args.rating is None and not args.rating_from:
        _print_other_ratings(args.file, player.fide_id, player.rating_source)
    for notice in notices:
        print(f"  notice: {notice}")
    if player.tpn < count:
        # The numbers follow the initial ranking (C.04.2 2.2-2.5; US Chess 28J, 29A and
        # 28K for a late entry): say who moved.
        if us_chess:
            article = "US Chess 28K" if args.late else "US Chess 28J and 29A"
        else:
            article = "FIDE C.04.2 " + ("articles 2.4 and 2.5" if args.late else "article 2.2")
        moved = count - player.tpn
        now = str(count) if moved == 1 else f"{player.tpn + 1}-{count}"
        who = words.count(moved, "player")
        print(
            f"  {who} below moved one number on (now {now}): pairing numbers follow the "
            f"initial ranking ({article})"
        )
    return 0


def _late_entry(session: Session, fields: dict[str, object], late: str) -> LateEntry:
    """The late entry *late* describes: one kind for every missed round, one a round, or
    (empty) the rule set's default (:func:`arbiter_app.core.attendance.late_entry_default`)."""
    kinds = [k.strip() for k in late.split(",") if k.strip()]
    if not kinds:
        kinds = [late_entry_default(ByePolicy.parse(session.settings.bye_policy))]
    if len(kinds) == 1:
        return LateEntry.of({**fields, "missed": kinds[0]})
    return LateEntry.of({**fields, "missed_rounds": kinds})


def _print_other_ratings(file: Path, fide_id: str, used: str) -> None:
    """When the rating did not come from the main list of the event's sequence (the first),
    the player's ratings on the other lists valid at the start, which ``--rating-from`` can
    take instead (FIDE C.02 checklist, rating lists)."""
    with Session.open(file, readonly=True) as session:
        day = session.event.info.start_date
        sequence = rating_lists_of(session.state)
    if source_entry(used) == sequence[0]:
        return
    with RatingDatabase.open() as db:
        others = other_ratings(db, fide_id, day, sequence, used)
    if others:
        shown = ", ".join(o.words() for o in others)
        print(f"  on the other lists: {shown} (take one with --rating-from LIST)")


def _from_national(session: Session, national_id: str) -> dict[str, object]:
    """The player's fields from the national or custom lists of the event's sequence."""
    with RatingDatabase.open() as db:
        return fields_for_national(
            db,
            national_id,
            rating_type_of(session.state),
            session.event.info.start_date,
            rating_lists_of(session.state),
        )


def _from_list(
    session: Session, fide_id: str, *, required: bool, rating_from: str | None = None
) -> dict[str, object]:
    """The player's fields from the lists valid at the event's start (its sequence, or the
    one list *rating_from*); nothing when the ID is on no list and the name was typed."""
    wanted = rating_type_of(session.state)
    if rating_from:
        try:
            sequence = tuple(checked_sequence([rating_from]))
        except ValueError as exc:
            raise ArbiterError(f"--rating-from: {exc}") from None
    else:
        sequence = rating_lists_of(session.state)
    with RatingDatabase.open() as db:
        try:
            return fields_for(db, fide_id, wanted, session.event.info.start_date, sequence)
        except RuleError:
            if required:
                raise
            return {}


def run_import(args: argparse.Namespace) -> int:
    # The list is read and checked in full before the event file is even opened.
    players = parse_players_csv(read_text(args.csv), str(args.csv))
    listed = [{name: getattr(p, name) for name in PLAYER_FIELDS} for p in players]
    with Session.open(args.file) as session:
        numbers = session.run(ImportPlayers(players=listed, source=args.csv.name)).value
    print(
        f"imported {words.count(len(numbers), 'player')} from {args.csv.name} into {args.file.name} "
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
    if args.tournament_rating or args.equal_order:
        if args.by != "rating":
            raise ArbiterError("--tournament-rating and --equal-order go with --by rating")
        if args.tournament_rating:
            arguments["rating"] = args.tournament_rating
        if args.equal_order:
            arguments["ties"] = args.equal_order
    if args.witness:
        if args.by not in ("lot", "draw"):
            raise ArbiterError("--witness goes with a draw: --by lot or --by draw")
        arguments["witnesses"] = args.witness
    with Session.open(args.file) as session:
        session.run(SetPairingNumbers.of(arguments))
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
