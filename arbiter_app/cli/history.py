"""``arbiter-app undo|redo|log|verify FILE``: the journal of an event."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from arbiter_app.session import Session


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    for name, handler in (
        ("undo", run_undo),
        ("redo", run_redo),
        ("log", run_log),
        ("verify", run_verify),
    ):
        p = sub.add_parser(name)
        p.add_argument("file", type=Path)
        if name == "log":
            p.add_argument(
                "--json", action="store_true", help="one object per journal entry, in full"
            )
        p.set_defaults(handler=handler)


def run_undo(args: argparse.Namespace) -> int:
    with Session.open(args.file) as session:
        target = session.next_undo
        session.undo()
    assert target is not None  # undo() refuses when there is nothing to undo
    print(f"undone: {target.seq} {target.command}")
    return 0


def run_redo(args: argparse.Namespace) -> int:
    with Session.open(args.file) as session:
        target = session.next_redo
        session.redo()
    assert target is not None
    print(f"redone: {target.seq} {target.command}")
    return 0


def run_log(args: argparse.Namespace) -> int:
    with Session.open(args.file, readonly=True) as session:
        lines = session.log()
        names = {s.number: s.name for s in session.sections}
        where = {
            line.entry.seq: names.get(number, f"section {number}")
            for line in lines
            for number in (session.section_of(line.entry),)
        }
        several = session.several_sections or len(set(where.values())) > 1
    if args.json:
        entries = [
            {
                "seq": line.entry.seq,
                "time": line.entry.time,
                "actor": line.entry.actor,
                "command": line.entry.command,
                "arguments": line.entry.arguments,
                "seed": line.entry.seed,
                "undone": line.undone,
            }
            for line in lines
        ]
        print(json.dumps(entries, ensure_ascii=False, indent=2))
        return 0
    for line in lines:
        e = line.entry
        mark = " (undone)" if line.undone else ""
        seed = f" seed={e.seed}" if e.seed is not None else ""
        who = f" [{e.actor}]" if e.actor else ""
        # Which section each action was in, when the event has (or had) several.
        section = f" {where[e.seq]}:" if several and e.command not in ("undo", "redo") else ""
        print(f"{e.seq:>5} {e.time}{who}{section} {e.command} {_short(e.args)}{seed}{mark}")
    return 0


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def run_verify(args: argparse.Namespace) -> int:
    with Session.open(args.file, readonly=True) as session:
        problems = session.verify()
        count = len(session.journal())
    if problems:
        for problem in problems:
            print(f"problem: {problem}")
        return 1
    entries = "1 journal entry" if count == 1 else f"{count} journal entries"
    print(f"{args.file}: ok ({entries}, chain intact, state matches the journal)")
    return 0
