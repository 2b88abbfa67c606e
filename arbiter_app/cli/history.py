"""``arbiter-app undo|redo|log|verify FILE``: the journal of an event."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from arbiter_app.session import Session
from arbiter_app.store.journal import (
    JournalEntry,
    against_anchor,
    against_journal,
    find_anchor,
)


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
        if name == "verify":
            p.add_argument(
                "--head",
                metavar="HEAD",
                help="the journal's head as a printed sheet's footer gives it "
                "(37-3f2a9c1b0d4e77aa): that entry must still be in the journal as it was",
            )
            p.add_argument(
                "--against",
                metavar="BACKUP",
                type=Path,
                help="an earlier copy of the event (an automatic backup): its journal must "
                "be the start of this one, entry for entry",
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
    """The file's own checks (integrity, the hash chain, state = replay), and with
    ``--head`` or ``--against`` the journal's head kept outside the file: a journal whose
    chain was rebuilt consistently verifies by itself, but not against them (issue 27)."""
    with Session.open(args.file, readonly=True) as session:
        problems = session.verify()
        entries = session.journal()
        count = len(entries)
    if args.head is not None:
        problems += [
            f"against the head {args.head}: {p}" for p in against_anchor(entries, args.head)
        ]
    if args.against is not None:
        problems += _against_backup(entries, args.against)
    if problems:
        for problem in problems:
            print(f"problem: {problem}")
        return 1
    entries_text = "1 journal entry" if count == 1 else f"{count} journal entries"
    kept = [
        f"the head {args.head}" if args.head is not None else "",
        f"the backup {args.against.name}" if args.against is not None else "",
    ]
    outside = " and ".join(k for k in kept if k)
    matching = f", matches {outside}" if outside else ""
    print(f"{args.file}: ok ({entries_text}, chain intact, state matches the journal{matching})")
    return 0


def _against_backup(entries: list[JournalEntry], backup: Path) -> list[str]:
    """Problems of *entries* against the backup *backup*: its journal must be their start,
    and its own head must be the one its name recorded when it was written."""
    with Session.open(backup, readonly=True) as copy:
        earlier = copy.journal()
    problems = [f"against the backup {backup.name}: {p}" for p in against_journal(entries, earlier)]
    named = find_anchor(backup.name)
    if named is not None:
        own = against_anchor(earlier, named)
        problems += [f"the backup {backup.name} itself: {p}" for p in own]
    return problems
