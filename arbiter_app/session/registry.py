"""What each command does: the implementation registered for each command class.

A command is a typed value (:mod:`arbiter_app.session.commands`, one class per
arbiter action); what it does is a function ``(tx, command, ctx) -> value``
registered for its class with :func:`command`. It reads and writes rows through
the :class:`~arbiter_app.session.state.Tx`, raises
:class:`~arbiter_app.core.errors.RuleError` (or :class:`CommandError`) with a
clear message to refuse, and must be *deterministic*: given the same rows,
command and :class:`Context` it must make the same writes, because undo, redo
and ``verify`` replay the journal. Anything random comes from ``ctx.seed``,
which the session draws from :mod:`secrets` when the command's
:meth:`~arbiter_app.session.commands.Command.draws_lots` says so, and which the
journal keeps.

A command decoded from a journal entry is checked here, value by value, with the
helpers below (:func:`whole_number`, :func:`text`): a file is only as good as
the program that wrote it.

Risky actions ask through the context: :meth:`Context.ask` takes the FIDE C.02
warnings of :mod:`arbiter_app.core.warning_levels`; a level-3 or level-4
question that the arbiter's ``confirm`` does not answer refuses the command
with :class:`~arbiter_app.core.warning_levels.ConfirmationNeeded` (nothing is
written), level 5 always refuses, and level-2 notices go back to the caller
with the outcome. The session hands ``confirm`` to the context, never to the
command itself, and the journal keeps it with the arguments, so a replay is
answered exactly as the arbiter answered.

A command runs in one section of the event (the session's chosen one, which
the journal entry records): its ``tx`` holds that section's rows only, so
every command reads and writes a tournament as if the event had no other.
Commands on the event as a whole (adding a section, moving a player between
sections, making quads) register with :func:`event_command`: they get an
:class:`~arbiter_app.session.event_rows.EventTx` over every section, and their
context's ``tx`` is the section they were run from.

Command families (play-off, prizes) keep their data in the ``records`` table
through :meth:`Context.record` / :meth:`Context.put_record`, keyed by family::

    @command(DrawPlayoffLots)
    def playoff_draw(tx: Tx, cmd: DrawPlayoffLots, ctx: Context) -> dict[str, Any]:
        ...
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from arbiter_app.core.warning_levels import (
    Alert,
    Confirmation,
    ConfirmationNeeded,
    Level,
    Refused,
    answers,
)
from arbiter_app.session.commands import Command, CommandError, action
from arbiter_app.session.state import Tx
from arbiter_app.store.journal import canonical_json

if TYPE_CHECKING:
    from arbiter_app.session.event_rows import EventTx


@dataclass(frozen=True, slots=True)
class Context:
    """What a command may know beyond the rows: when it runs, its seed if it draws lots,
    and the arbiter's answer to its warnings (*confirm*)."""

    time: str
    seed: int | None
    tx: Tx
    confirm: Confirmation = None
    section: int = 1
    """The number of the section the command runs in (whose rows *tx* holds)."""
    answered: list[Alert] = field(default_factory=list)
    """The level-3 and level-4 questions the command asked and *confirm* answered."""
    notices: list[Alert] = field(default_factory=list)
    """The level-2 notices to show with the outcome."""

    def ask(self, *alerts: Alert) -> None:
        """Put the command's warnings to the arbiter, all at once (FIDE C.02 levels).

        Level 5 refuses (:class:`Refused`); unanswered level-3/4 questions
        refuse with every one of them (:class:`ConfirmationNeeded`), so the
        arbiter sees all the questions of an action together; level-2 notices
        are kept for the outcome.
        """
        for alert in alerts:
            if alert.level is Level.REFUSED:
                raise Refused(alert)
        missing = [a for a in alerts if not answers(self.confirm, a)]
        if missing:
            raise ConfirmationNeeded(missing)
        for alert in alerts:
            (self.notices if alert.level is Level.NOTICE else self.answered).append(alert)

    def record(self, family: str, key: str, default: Any = None) -> Any:
        row = self.tx.get("records", (family, key))
        return default if row is None else json.loads(row["value"])

    def put_record(self, family: str, key: str, value: Any) -> None:
        self.tx.put("records", (family, key), {"value": canonical_json(value)})

    def delete_record(self, family: str, key: str) -> None:
        self.tx.delete("records", (family, key))


__all__ = [
    "REGISTRY",
    "CommandError",
    "CommandSpec",
    "Context",
    "command",
    "event_command",
    "lookup",
    "text",
    "whole_number",
]

C = TypeVar("C", bound=Command)
Apply = Callable[[Tx, C, Context], Any]
EventApply = Callable[["EventTx", C, Context], Any]


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """A command class and the function that carries it out."""

    cls: type[Command]
    apply: Callable[[Any, Any, Context], Any]
    whole_event: bool = False
    """The command gets every section (an :class:`EventTx`), not one section's rows."""

    @property
    def name(self) -> str:
        return self.cls.NAME

    @property
    def summary(self) -> str:
        doc = self.cls.__doc__ or self.cls.NAME
        return doc.strip().splitlines()[0]


REGISTRY: dict[str, CommandSpec] = {}
"""The implementation of every command, by its journal name."""

RESERVED = frozenset({"undo", "redo"})
"""Journal entries handled by the session itself, not by a registered command."""


def command(cls: type[C]) -> Callable[[Apply[C]], Apply[C]]:
    """Register the decorated function as what command *cls* does (in one section)."""

    def decorate(fn: Apply[C]) -> Apply[C]:
        _register(cls, fn, whole_event=False)
        return fn

    return decorate


def event_command(cls: type[C]) -> Callable[[EventApply[C]], EventApply[C]]:
    """Register the decorated function as what command *cls* does on the event as a whole."""

    def decorate(fn: EventApply[C]) -> EventApply[C]:
        _register(cls, fn, whole_event=True)
        return fn

    return decorate


def _register(cls: type[Command], fn: Callable[..., Any], *, whole_event: bool) -> None:
    name = cls.NAME
    if name in RESERVED:
        raise ValueError(f"{name!r} is reserved for the session")
    action(cls)
    existing = REGISTRY.get(name)
    if existing is not None and existing.apply is not fn:
        raise ValueError(f"command {name!r} is registered twice")
    REGISTRY[name] = CommandSpec(cls, fn, whole_event)


def lookup(name: str) -> CommandSpec:
    try:
        return REGISTRY[name]
    except KeyError as exc:
        raise CommandError(f"unknown command {name!r}") from exc


# -- checks of decoded values, shared by the command modules ---------------------------
def whole_number(value: object, name: str, *, minimum: int | None = None) -> int:
    """*value* as a whole number (at least *minimum*), else refused naming *name*."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(f"{name} must be a whole number, not {value!r}")
    if minimum is not None and value < minimum:
        raise CommandError(f"{name} must be at least {minimum}, not {value}")
    return value


def text(value: object, name: str) -> str:
    """*value* as text that is not blank (stripped), else refused naming *name*."""
    if not isinstance(value, str) or not value.strip():
        raise CommandError(f"{name} must be given as text")
    return value.strip()
