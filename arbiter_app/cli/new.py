"""``arbiter-app new FILE``: create a tournament file for a new event."""

from __future__ import annotations

import argparse
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import System
from arbiter_app.core.presets import PRESETS
from arbiter_app.session import Session


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("new", help="create a tournament file for a new event")
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
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    system = System(args.system)
    if args.rounds < 1:
        raise ArbiterError(f"--rounds: an event has at least 1 round, not {args.rounds}")
    with Session.create(
        args.file,
        name=args.name,
        system=args.system,
        rounds=system.games_in(args.rounds),
        preset=args.preset,
    ) as session:
        event = session.event
    rounds = f"{event.announced_rounds} rounds"
    if system.games_per_round > 1:
        rounds += f" of {system.games_per_round} games ({event.planned_rounds} games)"
    print(f"created {args.file}: {event.name}, {event.system.value}, {rounds}")
    return 0
