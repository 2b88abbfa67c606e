"""``arbiter-app new FILE``: create a tournament file for a new event."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import System
from arbiter_app.core.presets import PRESETS
from arbiter_app.core.ratinglist import RatingType
from arbiter_app.core.words import count
from arbiter_app.session import Session


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("new")
    p.add_argument("file", type=Path, help="the new .arbiter file")
    p.add_argument("--name", required=True, help="the event's name")
    p.add_argument("--system", required=True, choices=[s.value for s in System])
    p.add_argument(
        "--rounds",
        required=True,
        type=int,
        help="number of rounds (a double Swiss round is two games: --rounds 7 plans 14 games)",
    )
    p.add_argument("--preset", choices=sorted(PRESETS), help="tie-breaks and rules of a seed")
    p.add_argument("--start", metavar="YYYY-MM-DD", help="the first day of the event")
    p.add_argument(
        "--time-control",
        metavar="TC",
        help="such as 90+30, G/90+30 (US) or 5400+30 (TRF-26 seconds)",
    )
    p.add_argument(
        "--rating-type",
        choices=[t.value for t in RatingType],
        help="the FIDE rating players are registered with (default: by the time control, "
        "else standard)",
    )
    p.add_argument(
        "--acceleration",
        choices=["baku"],
        help="a Swiss paired with the Baku Acceleration (FIDE C.04.5.1); fixed after round 1",
    )
    p.add_argument(
        "--swap-last-two",
        action="store_true",
        help="a double round robin exchanging the last two rounds of its first cycle "
        "(C.05 Annex 1)",
    )
    p.add_argument(
        "--section",
        metavar="NAME",
        help="name the event's first section (an Open, before 'section add' makes a Reserve)",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    system = System(args.system)
    if args.rounds < 1:
        raise ArbiterError(f"--rounds: an event has at least 1 round, not {args.rounds}")
    info: dict[str, Any] = {}
    if args.start:
        info["start_date"] = args.start
    if args.time_control:
        info["time_control"] = args.time_control
    extra: dict[str, Any] = {}
    if args.rating_type:
        extra["rating_type"] = args.rating_type
    if args.acceleration:
        extra["acceleration"] = args.acceleration
    if args.swap_last_two:
        extra["swap_last_two"] = True
    if args.section:
        extra["section_name"] = args.section
    with Session.create(
        args.file,
        name=args.name,
        system=args.system,
        rounds=system.games_in(args.rounds),
        preset=args.preset,
        info=info or None,
        settings=extra or None,
    ) as session:
        event = session.event
        settings = session.settings
    rounds = count(event.announced_rounds, "round")
    if system.games_per_round > 1:
        rounds += (
            f" of {count(system.games_per_round, 'game')} ({count(event.planned_rounds, 'game')})"
        )

    said = f"created {args.file}: {event.name}, {event.system.value}, {rounds}"
    if settings.acceleration:
        said += ", Baku Acceleration (FIDE C.04.5.1)"
    if settings.swap_last_two:
        said += ", last two rounds of the first cycle exchanged (C.05 Annex 1)"
    print(said)
    return 0
