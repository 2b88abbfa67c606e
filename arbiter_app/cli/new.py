"""``arbiter-app new FILE``: create a tournament file for a new event."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from arbiter_app.core.model import System
from arbiter_app.core.presets import PRESETS
from arbiter_app.core.ratinglist import RatingType
from arbiter_app.session import Session


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("new", help="create a tournament file for a new event")
    p.add_argument("file", type=Path, help="the new .arbiter file")
    p.add_argument("--name", required=True, help="the event's name")
    p.add_argument("--system", required=True, choices=[s.value for s in System])
    p.add_argument("--rounds", required=True, type=int, help="number of rounds")
    p.add_argument("--preset", choices=sorted(PRESETS), help="tie-breaks and rules of a seed")
    p.add_argument("--start", metavar="YYYY-MM-DD", help="the first day of the event")
    p.add_argument("--time-control", metavar="TC", help="such as G/90+30 (US) or 5400+30 (FIDE)")
    p.add_argument(
        "--rating-type",
        choices=[t.value for t in RatingType],
        help="the FIDE rating players are registered with (default: by the time control, "
        "else standard)",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    info: dict[str, Any] = {}
    if args.start:
        info["start_date"] = args.start
    if args.time_control:
        info["time_control"] = args.time_control
    with Session.create(
        args.file,
        name=args.name,
        system=args.system,
        rounds=args.rounds,
        preset=args.preset,
        info=info or None,
        settings={"rating_type": args.rating_type} if args.rating_type else None,
    ) as session:
        event = session.event
    print(f"created {args.file}: {event.name}, {event.system.value}, {event.planned_rounds} rounds")
    return 0
