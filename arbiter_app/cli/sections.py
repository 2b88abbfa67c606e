"""``arbiter-app section add|list|rename|remove|move FILE``, ``arbiter-app quads FILE`` and the
``--section NAME`` every command on one tournament takes.

An event file holds one or more sections (an Open and a Reserve, a ladder of
quads), each a tournament of its own. Commands that read or change one
tournament (``player``, ``pair``, ``result``, ``standings``, ``print``,
``export``…) take ``--section NAME``; an event of one section needs none, and
one of several refuses without it, naming its sections.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from arbiter_app.cli.confirming import print_notices
from arbiter_app.cli.section_option import SECTION_OPTION
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import System
from arbiter_app.core.presets import PRESETS
from arbiter_app.core.quads import HOUSE, QuadGroup, Remainder
from arbiter_app.core.words import count
from arbiter_app.session.commands import (
    UNSET,
    AddSection,
    MakeQuads,
    MovePlayerToSection,
    RemoveSection,
    RenameSection,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "section",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = p.add_subparsers(dest="section_action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="add a section (a tournament of its own) to the event")
    add.add_argument("file", type=Path)
    add.add_argument("--name", required=True, help="the section's name, e.g. Reserve")
    add.add_argument("--system", required=True, choices=[s.value for s in System])
    add.add_argument("--rounds", required=True, type=int)
    add.add_argument("--preset", choices=sorted(PRESETS), help="tie-breaks and rules of a seed")
    add.add_argument("--time-control", metavar="TC", help="the section's own time control")
    add.set_defaults(handler=run_add)
    listing = actions.add_parser("list", help="the event's sections")
    listing.add_argument("file", type=Path)
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(handler=run_list)
    rename = actions.add_parser("rename", help="give a section a new name")
    rename.add_argument("file", type=Path)
    rename.add_argument("old", metavar="NAME")
    rename.add_argument("new", metavar="NEW_NAME")
    rename.set_defaults(handler=run_rename)
    remove = actions.add_parser("remove", help="remove a section that has no players")
    remove.add_argument("file", type=Path)
    remove.add_argument("name", metavar="NAME")
    remove.set_defaults(handler=run_remove)
    move = actions.add_parser(
        "move", help="move a player to another section (before round 1 of both)"
    )
    move.add_argument("file", type=Path)
    move.add_argument("tpn", type=int, metavar="NUMBER", help="the player's pairing number")
    move.add_argument(SECTION_OPTION, dest="section", help="the section the player is in")
    move.add_argument("--to", required=True, metavar="NAME", help="the section to move to")
    move.set_defaults(handler=run_move)

    q = sub.add_parser("quads")
    q.add_argument("file", type=Path)
    q.add_argument(SECTION_OPTION, dest="section", help="the section whose players are split")
    q.add_argument("--size", type=int, default=4, help="players a group (4; 6 and 8 also used)")
    q.add_argument(
        "--remainder",
        choices=[r.value for r in Remainder],
        default=Remainder.SWISS.value,
        help="the players left over (US Chess 30G does not say): swiss (the lowest 5 to 7 "
        "play a 3-round Swiss, the common club practice; the default), round-robin (the lowest play a round robin of their own), "
        "house-player (a house player completes a bottom quad one short)",
    )
    q.add_argument("--house-player", metavar="NAME", help="with --remainder house-player")
    q.add_argument("--house-rating", type=int, metavar="RATING")
    q.add_argument("--dry-run", action="store_true", help="show the groups without making them")
    q.set_defaults(handler=run_quads)


def _session(path: Path, *, readonly: bool = False, section: str | None = None) -> Any:
    from arbiter_app.session import Session

    session = Session.open(path, readonly=readonly)
    try:
        if section:
            session.select(section)
        elif session.sections:
            session.select(session.sections[0].number)
    except BaseException:
        session.close()
        raise
    return session


def run_add(args: argparse.Namespace) -> int:
    system = System(args.system)
    if args.rounds < 1:
        raise ArbiterError(f"--rounds: a section has at least 1 round, not {args.rounds}")
    add = AddSection(
        name=args.name,
        system=args.system,
        rounds=system.games_in(args.rounds),
        preset=args.preset or UNSET,
        info={"time_control": args.time_control} if args.time_control else UNSET,
    )
    with _session(args.file) as session:
        outcome = session.run(add)
        made = next(s for s in session.sections if s.number == outcome.value)
        print(
            f"added the section {made.described}; the event has "
            f"{count(len(session.sections), 'section')}"
        )
        print_notices(outcome.notices)
    return 0


def run_list(args: argparse.Namespace) -> int:
    with _session(args.file, readonly=True) as session:
        sections = session.sections
        if args.json:
            data = [
                {
                    "name": s.name,
                    "system": s.system.value,
                    "rounds": s.rounds,
                    "players": s.players,
                    "state": _state_text(session, s.number),
                }
                for s in sections
            ]
            print(json.dumps(data, ensure_ascii=False, indent=2))
            return 0
        for section in sections:
            print(f"{section.described}: {_state_text(session, section.number)}")
    return 0


def _state_text(session: Any, number: int) -> str:
    with session.selected(number):
        text: str = session.event_state.text
    return text


def run_rename(args: argparse.Namespace) -> int:
    with _session(args.file, section=args.old) as session:
        before = session.section.name
        name = session.run(RenameSection(name=args.new)).value
        print(f'renamed the section "{before}" to "{name}"')
    return 0


def run_remove(args: argparse.Namespace) -> int:
    with _session(args.file, section=args.name) as session:
        name = session.section.name
        session.run(RemoveSection())
        left = ", ".join(s.name for s in session.sections)
        print(f'removed the section "{name}"; the event keeps {left}')
    return 0


def run_move(args: argparse.Namespace) -> int:
    from arbiter_app.session.sections import find_section

    with _session(args.file) as session:
        if args.section:
            session.select(args.section)
        elif session.several_sections:
            from arbiter_app.session.sections import needed

            raise needed(session.sections)
        home = session.section
        target = find_section(session.sections, args.to)
        name = session.event.player(args.tpn).name if _has(session, args.tpn) else None
        if name is None:
            raise ArbiterError(f'"{home.name}" has no player number {args.tpn}')
        number = session.run(MovePlayerToSection(tpn=args.tpn, to=target.number)).value
        print(f'moved {name} from "{home.name}" to "{target.name}", pairing number {number}')
    return 0


def _has(session: Any, tpn: int) -> bool:
    return any(p.tpn == tpn for p in session.event.players)


def run_quads(args: argparse.Namespace) -> int:
    from arbiter_app.session.section_commands import propose_quads

    house: dict[str, Any] | None = None
    if args.house_player:
        house = {"name": args.house_player}
        if args.house_rating is not None:
            house["rating"] = args.house_rating
    elif args.house_rating is not None:
        raise ArbiterError("--house-rating goes with --house-player NAME")
    command = MakeQuads(
        size=args.size, remainder=args.remainder, house_player=UNSET if house is None else house
    )
    with _session(args.file, readonly=args.dry_run) as session:
        if args.section:
            session.select(args.section)
        elif session.several_sections:
            from arbiter_app.session.sections import needed

            raise needed(session.sections)
        players = {p.tpn: p for p in session.event.players}
        source = session.section.name
        groups = propose_quads(session, command)
        if args.dry_run:
            print(f'the players of "{source}" would make:')
            for line in _plan_lines(groups, players, house):
                print(line)
            print("Nothing was changed (--dry-run).")
            return 0
        made = session.run(command).value
        made_words = count(len(groups), "section")
        print(f'split "{source}" into {made_words}, pairing numbers drawn by lot:')
        for number in made:
            with session.selected(number):
                print(session.section.described)
                for player in session.event.players:
                    print(f"  {player.tpn:>2} {player.name} ({_rated(player.rating)})")
    return 0


def _plan_lines(
    groups: tuple[QuadGroup, ...], players: dict[int, Any], house: dict[str, Any] | None
) -> Iterator[str]:
    for group in groups:
        yield group.described
        for tpn in group.players:
            if tpn == HOUSE:
                given = house or {}
                yield f"  {given.get('name', 'house player')} ({_rated(given.get('rating'))}, house player)"
            else:
                yield f"  {players[tpn].name} ({_rated(players[tpn].rating)})"


def _rated(rating: int | None) -> str:
    return "unrated" if rating is None else str(rating)
