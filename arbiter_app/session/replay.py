"""Undo, redo and replay: the journal read as a history of commands.

Undo and redo are journal entries too (``undo`` / ``redo`` with the number of
the entry they take back or bring back), so the journal is never rewritten.
Reading it from the start with an undo stack and a redo stack gives the
*effective* commands: those done and not undone, in order. A new command
empties the redo stack, as in every editor.

The event's state is, by construction, the effective commands applied in
order to empty tables; :func:`replay` does exactly that.

Each entry records the section it ran in (the ``section`` argument, which the
command itself never sees); an entry without one is of the first section, so
the journals of files written before sections existed replay unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.warning_levels import Alert, check_confirmation
from arbiter_app.session.commands import decode_as
from arbiter_app.session.event_rows import EventRows, EventTx, EventWrites, shared_header_writes
from arbiter_app.session.registry import CommandError, Context, lookup
from arbiter_app.store.journal import JournalEntry
from arbiter_app.store.schema import FIRST_SECTION

UNDO = "undo"
REDO = "redo"


class JournalError(ArbiterError):
    """The journal cannot be read as a history (edited, or written by unknown commands)."""


@dataclass(frozen=True, slots=True)
class History:
    """Entry numbers of the effective commands (*done*) and the redo stack (*undone*, top last)."""

    done: tuple[int, ...] = ()
    undone: tuple[int, ...] = ()

    def after(self, entry: JournalEntry) -> History:
        if entry.command == UNDO:
            target = _target(entry)
            if not self.done or self.done[-1] != target:
                raise JournalError(f"journal entry {entry.seq} undoes {target}, which is not last")
            return History(self.done[:-1], (*self.undone, target))
        if entry.command == REDO:
            target = _target(entry)
            if not self.undone or self.undone[-1] != target:
                raise JournalError(
                    f"journal entry {entry.seq} redoes {target}, which was not undone last"
                )
            return History((*self.done, target), self.undone[:-1])
        return History((*self.done, entry.seq), ())


def _target(entry: JournalEntry) -> int:
    target = entry.arguments.get("entry")
    if not isinstance(target, int):
        raise JournalError(
            f"journal entry {entry.seq} does not say which entry it {entry.command}s"
        )
    return target


def history_of(entries: Iterable[JournalEntry]) -> History:
    history = History()
    for entry in entries:
        history = history.after(entry)
    return history


@dataclass(frozen=True, slots=True)
class Applied:
    """What running a command gave: its writes and value, the questions it had answered
    and the notices it gave (FIDE C.02 levels, see :meth:`Context.ask`)."""

    writes: EventWrites
    value: Any
    answered: tuple[Alert, ...] = ()
    notices: tuple[Alert, ...] = ()


CONFIRM = "confirm"
"""The argument that answers a command's warnings; the session gives it to the context."""

SECTION = "section"
"""The argument that says which section a command ran in; the session gives the command
that section's rows. An entry without it is of the first section."""

_SESSION_ARGUMENTS = (CONFIRM, SECTION)


def section_of(arguments: dict[str, Any]) -> int:
    """The section a journal entry's command ran in."""
    value = arguments.get(SECTION, FIRST_SECTION)
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(f"a section is given by its number, not {value!r}")
    return value


def apply_command(
    rows: EventRows, name: str, args: dict[str, Any], time: str, seed: int | None
) -> Applied:
    """Run command *name* against *rows* without changing them: its journal arguments
    *args* are decoded into the command's value (:mod:`arbiter_app.session.commands`).

    The ``confirm`` argument is the arbiter's answer to the command's warnings:
    it goes to the :class:`Context`, not to the command; ``section`` says which
    section's rows the command gets (see :mod:`arbiter_app.session.event_rows`).
    """
    spec = lookup(name)
    try:
        confirm = check_confirmation(args.get(CONFIRM))
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    section = section_of(args)
    if name != "create_event" and section not in rows.sections():
        raise CommandError(f"the event has no section number {section}")
    whole = EventTx(rows)
    tx = whole.section(section)
    ctx = Context(time, seed, tx, confirm, section)
    own = {k: v for k, v in args.items() if k not in _SESSION_ARGUMENTS}
    command = decode_as(spec.cls, own)
    value = spec.apply(whole if spec.whole_event else tx, command, ctx)
    writes = shared_header_writes(rows, whole.writes())
    return Applied(writes, value, tuple(ctx.answered), tuple(ctx.notices))


def replay(entries: Sequence[JournalEntry], upto: History | None = None) -> EventRows:
    """The rows the effective commands of *entries* build from empty tables."""
    history = upto if upto is not None else history_of(entries)
    by_seq = {e.seq: e for e in entries}
    state = EventRows()
    for seq in history.done:
        entry = by_seq.get(seq)
        if entry is None:
            raise JournalError(f"journal entry {seq} is missing")
        try:
            writes = apply_command(
                state, entry.command, entry.arguments, entry.time, entry.seed
            ).writes
        except ArbiterError as exc:
            raise JournalError(
                f"journal entry {seq} ({entry.command}) cannot be replayed: {exc}"
            ) from exc
        state.apply(writes)
    return state
