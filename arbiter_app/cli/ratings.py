"""``arbiter-app ratings import|find|info|check``: FIDE's rating lists and US Chess's
member lists, offline.

``ratings import FILE`` stores a list as FIDE ships it (``players_list.zip``,
``standard_rating_list_xml.zip`` … or the unpacked TXT or XML file) in the
rating database of the user's data folder, with its month; ``ratings find``
looks players up by name or FIDE ID; ``ratings info`` lists what is imported;
``ratings check FILE`` lists the players of an event whose rating differs
from the list valid at the event's start; ``ratings update FOLDER`` imports every
list of a folder, and ``ratings update --download`` downloads FIDE's lists that are
a day old or more and imports them, for the arbiter who switched the download on
with ``ratings download --on`` (off by default: Arbiter works offline).

With ``--uschess`` the same commands work on US Chess's monthly member lists
(the Golden Database DBF or the tab-separated supplement, zipped or not):
``ratings import LIST --uschess --month 2026-11``, ``ratings find NAME_OR_ID
--uschess``, and ``ratings check FILE --uschess``, which gives a level-2 notice
for each player whose US Chess ID is on no imported list or whose membership
expires before the event's last day (:mod:`arbiter_app.core.uschess_members`).
"""

from __future__ import annotations

import argparse
import json
import time
from datetime import date, datetime
from pathlib import Path

from arbiter_app.cli import uschess_lists
from arbiter_app.cli.confirming import add_confirm_argument, confirmation, print_notices
from arbiter_app.core import words
from arbiter_app.core.custom_list import parse_layout
from arbiter_app.core.errors import ArbiterError, InputError
from arbiter_app.core.list_freshness import detail_lines
from arbiter_app.core.rating_source import (
    Difference,
    Found,
    default_words,
    describe,
    newest_ratings,
    sequence_words,
)
from arbiter_app.core.ratinglist import RatingType, month_text, parse_month
from arbiter_app.session import Session
from arbiter_app.session.commands import UNSET, ApplyListRatings, EditSettings
from arbiter_app.session.list_refresh import Outcome, refresh_fide_lists
from arbiter_app.session.rating_lookup import (
    CHECK_SWITCHED_OFF,
    CheckReport,
    check_ratings,
    checks_after_update,
    rating_lists_of,
    rating_type_of,
    update_lists,
)
from arbiter_app.store.fide_download import (
    DEFAULT_ADDRESS,
    download_address,
    download_enabled,
    read_checks,
    set_download,
)
from arbiter_app.store.rating_db import CustomImportReport, ImportReport, RatingDatabase

TYPES = [t.value for t in RatingType]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("ratings")
    actions = p.add_subparsers(dest="ratings_action", metavar="ACTION", required=True)
    imp = actions.add_parser(
        "import", help="store a FIDE list (zip, TXT or XML as FIDE ships it) with its month"
    )
    imp.add_argument("list_file", type=Path, metavar="FILE")
    imp.add_argument(
        "--month",
        type=_month,
        help="the list's month, 2026-09 (needed when neither the file nor its name says)",
    )
    imp.add_argument(
        "--type",
        choices=TYPES,
        dest="rating_type",
        help="which list a single list is (needed when its file name does not say)",
    )
    _uschess_option(imp, "the file is a US Chess member list (Golden Database or supplement)")
    imp.add_argument(
        "--list",
        dest="custom_name",
        metavar="NAME",
        help="the file is the national or custom list NAME: a CSV file with a header row "
        "(needs --month)",
    )
    imp.add_argument(
        "--columns",
        metavar="LAYOUT",
        help="which header holds which field of a custom list: id=HEADER,name=HEADER,"
        "rating=HEADER (also fide_id, federation, title, sex, birth_year)",
    )
    _event_option(imp)
    imp.set_defaults(handler=run_import)
    update = actions.add_parser(
        "update",
        help="import every list in a folder at once: FIDE's files and the custom lists "
        "already imported (NAME.csv)",
    )
    update.add_argument("folder", type=Path, nargs="?")
    update.add_argument(
        "--month", type=_month, help="the lists' month where a file's name does not say it"
    )
    update.add_argument(
        "--download",
        action="store_true",
        help="download FIDE's lists that are a day old or more and import them, instead of a "
        "folder (switched on with ratings download --on)",
    )
    _event_option(update)
    update.set_defaults(handler=run_update)
    download = actions.add_parser(
        "download",
        help="whether FIDE's lists are downloaded and kept no more than a day old (off by "
        "default), and from where",
    )
    switch = download.add_mutually_exclusive_group()
    switch.add_argument("--on", action="store_true", help="download FIDE's lists")
    switch.add_argument("--off", action="store_true", help="download nothing (the default)")
    download.add_argument(
        "--address",
        metavar="URL",
        help=f"where FIDE's list files are downloaded from ('' for FIDE's: {DEFAULT_ADDRESS})",
    )
    download.set_defaults(handler=run_download)
    lists = actions.add_parser(
        "lists", help="the event's sequence of rating lists: show it, or set it with --set"
    )
    lists.add_argument("file", type=Path)
    lists.add_argument(
        "--set",
        dest="sequence",
        metavar="LISTS",
        help="the lists in order: standard, rapid, blitz (FIDE's) and list:NAME (custom), "
        "e.g. rapid,standard,list:ENG",
    )
    lists.add_argument(
        "--default", action="store_true", help="back to the default of the event's rating type"
    )
    lists.set_defaults(handler=run_lists)
    find = actions.add_parser("find", help="look a player up by name (Surname, Name) or FIDE ID")
    find.add_argument("text", metavar="NAME_OR_ID")
    find.add_argument("--limit", type=int, default=20)
    find.add_argument("--json", action="store_true")
    _uschess_option(find, "look up the imported US Chess member lists (by name or US Chess ID)")
    find.set_defaults(handler=run_find)
    info = actions.add_parser("info", help="the lists imported, with their months")
    info.set_defaults(handler=run_info)
    check = actions.add_parser(
        "check", help="players whose rating differs from the list valid at the event's start"
    )
    check.add_argument("file", type=Path)
    check.add_argument(
        "--apply",
        metavar="PLAYERS",
        help="give the list's rating to these players of the check: all, or their numbers (3,7,12)",
    )
    check.add_argument(
        "--from-round",
        type=int,
        metavar="N",
        help="check against the lists valid at this round's date (a list valid from a given "
        "round) and, once round 1 is paired, the round the applied ratings count from (the "
        "next one to be paired)",
    )
    add_confirm_argument(check)
    _uschess_option(
        check, "check the memberships: IDs on no member list, memberships expired before the end"
    )
    check.set_defaults(handler=run_check)


def _event_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--event",
        type=Path,
        metavar="EVENT",
        help="an event file whose ratings are then checked against the lists, as the window "
        "checks the open event (unless its check after a list update is switched off: "
        "settings EVENT --no-rating-check)",
    )


def _check_after_update(event_file: Path | None) -> None:
    """Check *event_file*'s ratings after a list was imported or updated (FIDE C.02,
    question 139), unless the event switched that check off (question 138)."""
    if event_file is None:
        return
    with Session.open(event_file, readonly=True) as session:
        on = checks_after_update(session.state)
    if not on:
        print(f"{event_file.name}: {CHECK_SWITCHED_OFF}")
        return
    print(f"{event_file.name}:")
    _print_check(event_file, None)


def _uschess_option(p: argparse.ArgumentParser, text: str) -> None:
    p.add_argument("--uschess", action="store_true", help=text)


def run_import(args: argparse.Namespace) -> int:
    if args.uschess:
        if args.event is not None:
            raise ArbiterError(
                "--event checks an event against FIDE's and the custom lists; an event's US "
                "Chess memberships are checked with 'ratings check EVENT --uschess'"
            )
        return uschess_lists.run_import(args)
    if args.custom_name or args.columns:
        return _import_custom(args)
    started = time.perf_counter()
    kind = RatingType(args.rating_type) if args.rating_type else None
    with RatingDatabase.open() as db:
        report = db.import_file(args.list_file, month=args.month, rating_type=kind)
    seconds = time.perf_counter() - started
    _say_imported(report, f"{args.list_file.name} in {seconds:.1f} s")
    _check_after_update(args.event)
    return 0


def _say_imported(report: ImportReport | CustomImportReport, source: str) -> None:
    """What an import of a list did: the list, what it replaced, what it left out."""
    print(f"imported {report.imported.size}: {report.imported.title}, from {source}")
    if report.replaced is not None:
        print(f"it replaces the same list imported on {report.replaced.imported[:10]}")
    for problem in report.problems:
        print(f"left out: {problem}")


def _import_custom(args: argparse.Namespace) -> int:
    if not args.custom_name:
        raise ArbiterError("--columns declares a custom list's layout: name the list with --list")
    if args.month is None:
        raise ArbiterError(
            f"give the month of the list {args.custom_name} (for November 2026: --month 2026-11)"
        )
    layout = parse_layout(args.columns) if args.columns else None
    with RatingDatabase.open() as db:
        report = db.import_custom(
            args.list_file, name=args.custom_name, month=args.month, layout=layout
        )
    _say_imported(report, args.list_file.name)
    _check_after_update(args.event)
    return 0


def run_update(args: argparse.Namespace) -> int:
    """Every list in the folder, in one action (:func:`update_lists`), or FIDE's lists
    downloaded (:func:`refresh_fide_lists`)."""
    if args.download:
        if args.folder is not None or args.month is not None:
            raise ArbiterError("--download takes no folder and no --month: FIDE's files say both")
        return _download_now(args.event)
    if args.folder is None:
        raise ArbiterError(
            "give the folder of the lists you downloaded, or --download to download FIDE's"
        )
    lines = update_lists(args.folder, args.month)
    for line in lines:
        if line.imported:
            print(f"imported {line.text}, from {line.file}")
        elif line.imported is None:
            print(f"skipped {line.file}: {line.text}")
        else:
            print(f"not imported: {line.file}: {line.text}")
    imported = sum(1 for line in lines if line.imported)
    failed = sum(1 for line in lines if line.imported is False)
    print(
        f"{words.count(imported, 'list')} imported"
        + (f", {words.count(failed, 'file')} not imported." if failed else ".")
    )
    if imported:
        _check_after_update(args.event)
    return 2 if failed else 0


_SAID = {
    Outcome.IMPORTED: "imported ",
    Outcome.UNCHANGED: "",
    Outcome.FAILED: "not downloaded: ",
    Outcome.FRESH: "not asked for, ",
}
"""What comes before each outcome's own words."""


def _download_now(event: Path | None = None) -> int:
    """FIDE's lists a day old or more, downloaded and imported (FIDE C.02 checklist, Q135)."""
    lines = refresh_fide_lists(datetime.now().astimezone())
    for line in lines:
        print(f"The {line.kind.value} list: {_SAID[line.outcome]}{line.text}.")
    imported = sum(1 for line in lines if line.outcome is Outcome.IMPORTED)
    failed = sum(1 for line in lines if line.outcome is Outcome.FAILED)
    if all(line.outcome is Outcome.FRESH for line in lines):
        print("Nothing was asked for: FIDE answered for every list less than a day ago.")
        return 0
    print(
        f"{words.count(imported, 'list')} imported"
        + (f", {words.count(failed, 'list')} not downloaded." if failed else ".")
    )
    if imported and event is not None:
        _check_after_update(event)
    elif imported:
        print("Check an event against them: arbiter-app ratings check FILE.")
    return 2 if failed else 0


def run_download(args: argparse.Namespace) -> int:
    """The preference of this computer: FIDE's lists downloaded, and from where."""
    enabled = True if args.on else False if args.off else None
    set_download(enabled=enabled, address=args.address)
    if not download_enabled():
        print("FIDE's lists are not downloaded: Arbiter sends nothing over the network.")
        if args.address is not None:
            print(f"When switched on, they will come from {download_address()}.")
        return 0
    print(
        f"FIDE's lists are downloaded from {download_address()} and kept no more than a day "
        "old: the window asks for them every hour while it runs; here, run arbiter-app "
        "ratings update --download (from the system's scheduler, for instance)."
    )
    _say_freshness()
    return 0


def _say_freshness() -> None:
    now = datetime.now().astimezone()
    for line in detail_lines(read_checks(), now):
        print(line)


def run_lists(args: argparse.Namespace) -> int:
    """The event's sequence of lists (FIDE C.02 checklist, rating lists)."""
    if args.sequence is not None or args.default:
        if args.sequence is not None and args.default:
            raise ArbiterError("give either --set or --default")
        with Session.open(args.file) as session:
            chosen = None if args.default else [e.strip() for e in args.sequence.split(",")]
            session.run(EditSettings(rating_lists=chosen))
    with Session.open(args.file, readonly=True) as session:
        sequence = rating_lists_of(session.state)
        own = bool(session.state.setting("rating_lists"))
        wanted = rating_type_of(session.state)
    where = "set for the event" if own else default_words(wanted)
    print(f"Ratings come from, in order: {sequence_words(sequence)} ({where}).")
    return 0


def _month(text: str) -> date:
    try:
        return parse_month(text)
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc.issues[0].message)) from None


def _line(found: Found, everything: list[Found]) -> str:
    """One player: identity from the newest list, each rating from the newest list giving it."""
    p = found.player
    titles = " ".join(t for t in dict.fromkeys((p.title, p.women_title)) if t)
    ratings = "  ".join(
        f"{kind.value} {f.player.rating(kind) or '-'} ({f.list.month.strftime('%b %Y')})"
        for kind, f in newest_ratings(everything).items()
    )
    born = p.birth_year or "----"
    flag = "  inactive" if p.inactive else ""
    return (
        f"{p.fide_id:>10}  {p.name:<28} {titles:<7} {p.federation:<3} {p.sex:<1} "
        f"{born}  {ratings}{flag}"
    )


_IDENTITY = (
    "fide_id",
    "name",
    "federation",
    "sex",
    "title",
    "women_title",
    "other_titles",
    "foa",
    "birth_year",
    "flag",
)


def _json(found: Found, everything: list[Found]) -> dict[str, object]:
    """The player as the newest list gives them; each rating with its games, K and month."""
    out: dict[str, object] = {k: getattr(found.player, k) for k in _IDENTITY}
    out["ratings"] = {
        kind.value: {
            "rating": f.player.rating(kind),
            "games": getattr(f.player, f"{kind.value}_games"),
            "k": getattr(f.player, f"{kind.value}_k"),
            "list": month_text(f.list.month),
        }
        for kind, f in newest_ratings(everything).items()
    }
    return out


def run_find(args: argparse.Namespace) -> int:
    if args.uschess:
        return uschess_lists.run_find(args)
    with RatingDatabase.open() as db:
        if not db.lists():
            print("no FIDE list has been imported yet (arbiter-app ratings import FILE)")
            return 1
        found = [(f, db.by_id(f.player.fide_id)) for f in db.search(args.text, max(1, args.limit))]
    if args.json:
        print(json.dumps([_json(*f) for f in found], ensure_ascii=False, indent=2))
        return 0 if found else 1
    if not found:
        print(f"nobody on the imported lists matches {args.text!r}")
        return 1
    for f in found:
        print(_line(*f))
    return 0


def run_info(args: argparse.Namespace) -> int:
    with RatingDatabase.open() as db:
        lists = db.lists()
        custom = db.custom_lists()
        where = db.path
    print(f"rating database: {where}")
    if not lists:
        print("no FIDE list has been imported yet (arbiter-app ratings import FILE)")
    for x in lists:
        print(f"{x.title}: {x.size}, from {x.file}, imported {x.imported[:10]}")
    for c in custom:
        print(f"{c.title}: {c.size}, from {c.file}, imported {c.imported[:10]}")
    if download_enabled():
        print(f"FIDE's lists are downloaded from {download_address()}:")
        _say_freshness()
    uschess_lists.run_info()
    return 0


def run_check(args: argparse.Namespace) -> int:
    if args.uschess:
        return uschess_lists.run_check(args)
    report = _print_check(args.file, args.from_round)
    if args.apply is None:
        return 0
    chosen = _chosen(report.differences, args.apply)
    command = ApplyListRatings(
        ratings=[
            {"tpn": d.tpn, "rating": d.on_list.rating, "rating_source": d.on_list.source}
            for d in chosen
            if d.on_list is not None
        ],
        from_round=args.from_round if args.from_round is not None else UNSET,
    )
    with Session.open(args.file) as session:
        outcome = session.run(command, confirm=confirmation(args))
        players = {p.tpn: p for p in session.event.players}
    numbers = outcome.value
    print(f"Applied {words.count(len(numbers), 'rating')} from the lists:")
    for number, d in zip(numbers, chosen, strict=True):
        p = players[number]
        now = str(p.rating) if p.rating else "unrated"
        print(
            f"  {number} {p.name}: {d.in_event or 'unrated'} -> {now} ({describe(p.rating_source)})"
        )
    print_notices(outcome.notices)
    return 0


def _print_check(file: Path, from_round: int | None) -> CheckReport:
    """Check the ratings of the event *file* against the lists and print what differs."""
    with Session.open(file, readonly=True) as session:
        event = session.event
        wanted = rating_type_of(session.state)
        sequence = rating_lists_of(session.state)
    report = check_ratings(event, wanted, sequence=sequence, from_round=from_round)
    print(report.heading())
    for warning in (report.stale(), report.outdated()):
        if warning:
            print(warning)
    for difference in report.differences:
        print(difference.sentence())
    print(report.summary())
    return report


def _chosen(found: tuple[Difference, ...], text: str) -> list[Difference]:
    """The differences *text* chooses: ``all`` (those a list gives a rating for), or the
    players' numbers; a number the check did not propose is refused with the reason."""
    usable = [d for d in found if d.on_list is not None]
    if text.strip().lower() == "all":
        if not usable:
            raise ArbiterError("--apply: the check proposes no rating to apply")
        return usable
    by_number = {d.tpn: d for d in found}
    out: list[Difference] = []
    for part in text.split(","):
        try:
            number = int(part)
        except ValueError:
            raise ArbiterError(
                f"--apply: give all, or players' numbers separated by commas, not {part!r}"
            ) from None
        d = by_number.get(number)
        if d is None:
            raise ArbiterError(
                f"--apply: player {number} has the list's rating already, or was not checked"
            )
        if d.on_list is None:
            raise ArbiterError(
                f"--apply: player {number}'s FIDE ID is on no list valid at the start"
            )
        out.append(d)
    return out
