"""``arbiter-app prizes FILE``: the prize list (money and tour points) after any play-off.

``--fund 100000,65000,48000`` stores the prize fund (place prizes, first
place first, separated by commas or spaces, no thousands separators) in the
event file, once; without it the list is printed. Changing a fund stored
already once play has started is a level-3 question: add ``--confirm``. ``--category "U1800:
rating<1800: 200,100"`` (repeated for each category) announces the category
prizes, replacing those announced before (``--no-categories`` removes them);
``--award`` says who receives what: ``best-prize`` (one prize each, the one
worth most: US Chess 32B), ``place-first`` or ``all-prizes``. ``--json`` gives
one object per player: ``tpn``, ``name``, ``place`` (``"1"``, ``"2-5"``),
``money`` (a string with two decimals), ``tour_points`` (a number) and
``prize`` (what the money is for: ``"2nd place"``, ``"U1800 1st"``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from arbiter_app.cli.confirming import add_confirm_argument, confirmation
from arbiter_app.core.category_prizes import RANKED, AwardRule
from arbiter_app.core.playoff import preset as playoff_preset
from arbiter_app.exports.prizes import shows_tour_points
from arbiter_app.session import Session
from arbiter_app.session.commands import UNSET, SetPrizeCategories, SetPrizeFund
from arbiter_app.session.prize_commands import stored_categories
from arbiter_app.session.prize_queries import prize_list


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("prizes")
    p.add_argument("file", type=Path)
    p.add_argument(
        "--fund",
        "--set",
        dest="fund",
        nargs="+",
        metavar="AMOUNTS",
        help="store the place prizes, first place first: 100000,65000,48000 (no thousands separators)",
    )
    p.add_argument("--currency", default="USD")
    p.add_argument("--wildcard", type=int, action="append", default=[])
    p.add_argument(
        "--category",
        action="append",
        metavar="'NAME: CONDITION: PRIZES'",
        help="a category prize list, such as 'U1800: rating<1800: 200,100' (conditions: "
        "rating<N, rating>=N, unrated, age<N, age>=N, sex=w, club=NAME, fed=XXX; and, or); "
        "given once for each category, replacing those announced before",
    )
    p.add_argument(
        "--no-categories", action="store_true", help="remove the category prizes announced"
    )
    p.add_argument(
        "--award",
        choices=[r.value for r in AwardRule],
        help="who receives what: best-prize (one prize each, the one worth most; the default), "
        "place-first (place prizes first), all-prizes (no one-prize rule)",
    )
    p.add_argument("--json", action="store_true")
    add_confirm_argument(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.fund:
        amounts = [a for arg in args.fund for a in arg.replace(",", " ").split()]
        with Session.open(args.file) as session:
            fund = SetPrizeFund(prizes=amounts, currency=args.currency, wildcards=args.wildcard)
            session.run(fund, confirm=confirmation(args))
    announce = SetPrizeCategories(
        categories=list(args.category or []) if args.category or args.no_categories else UNSET,
        rule=args.award or UNSET,
    )
    if announce.arguments():
        with Session.open(args.file) as session:
            session.run(announce)
    with Session.open(args.file, readonly=True) as session:
        rows, prizes = prize_list(session.state, session.event, session.settings.playoff)
        note = session.event_state.prizes_note
        playoff = session.settings.playoff
        categories, _ = stored_categories(session.state)
    if args.json:
        print(json.dumps([r.to_json() for r in rows], ensure_ascii=False, indent=2))
        return 0
    regulation = playoff_preset(playoff) if playoff else None
    # Tour points only where the regulation has them (a club event has none).
    with_points = shows_tour_points(regulation, rows)
    for r in rows:
        mark = " (play-off)" if r.by_playoff else ""
        points = f"  {r.to_json()['tour_points']}" if with_points else ""
        prize = f"  {r.prize}" if categories and r.prize else ""
        print(f"{r.place:>6}{mark:11} {r.tpn:>4} {r.name:<28} {r.money:>12}{points}{prize}")
    # A place shared in money but ranked by tie-break in the standings, said once as the
    # core explains it ("Places 2-5 share 600.00: 150.00 each; ranked by tie-break for the
    # trophy"; US Chess 32B2).
    for shared in dict.fromkeys(r.explanation for r in rows if RANKED in r.explanation):
        print(shared[:1].upper() + shared[1:] + ".")
    for category in categories:
        listed = ", ".join(str(a) for a in category.prizes)
        print(f"Category {category.name} ({category.condition.text()}): {listed}")
    if prizes.award_rule:
        print(prizes.award_rule)
    print(prizes.rule)
    if prizes.unassigned:
        print(f"Not assigned: {prizes.unassigned}")
    if note:
        print(note)
    return 0
