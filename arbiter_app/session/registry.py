"""The catalogue of commands, open to later command families.

A command is a function ``(tx, args, ctx) -> value`` registered under a
unique name with :func:`command`. It reads and writes rows through the
:class:`~arbiter_app.session.state.Tx`, raises
:class:`~arbiter_app.core.errors.RuleError` (or :class:`CommandError`) with a
clear message to refuse, and must be *deterministic*: given the same rows,
arguments and :class:`Context` it must make the same writes, because undo,
redo and ``verify`` replay the journal. Anything random comes from
``ctx.seed``, which the session draws from :mod:`secrets` when the command is
registered with ``needs_seed=True`` and which the journal keeps.

Risky actions ask through the context: :meth:`Context.ask` takes the FIDE C.02
warnings of :mod:`arbiter_app.core.warning_levels`; a level-3 or level-4
question that the command's ``confirm`` argument does not answer refuses the
command with :class:`~arbiter_app.core.warning_levels.ConfirmationNeeded`
(nothing is written), level 5 always refuses, and level-2 notices go back to
the caller with the outcome. The session hands ``confirm`` to the context,
never to the command itself, and the journal keeps it with the arguments, so
a replay is answered exactly as the arbiter answered.

A command runs in one section of the event (the session's chosen one, which
the journal entry records): its ``tx`` holds that section's rows only, so
every command reads and writes a tournament as if the event had no other.
Commands on the event as a whole (adding a section, moving a player between
sections, making quads) register with :func:`event_command`: they get an
:class:`~arbiter_app.session.event_rows.EventTx` over every section, and their
context's ``tx`` is the section they were run from.

Later families (play-off, prizes) register their own commands the same way,
under their own *family* name, and keep their data in the ``records`` table
through :meth:`Context.record` / :meth:`Context.put_record`, keyed by family::

    @command("playoff.draw_numbers", family="playoff", needs_seed=True)
    def draw_numbers(tx, args, ctx):
        ...
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.warning_levels import (
    Alert,
    Confirmation,
    ConfirmationNeeded,
    Level,
    Refused,
    answers,
)
from arbiter_app.session.state import Tx
from arbiter_app.store.journal import canonical_json

if TYPE_CHECKING:
    from arbiter_app.session.event_rows import EventTx


class CommandError(ArbiterError):
    """A command was given arguments it cannot use (the message says which and why)."""


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


Apply = Callable[[Tx, dict[str, Any], Context], Any]
EventApply = Callable[["EventTx", dict[str, Any], Context], Any]


SeedRule = bool | Callable[[dict[str, Any]], bool]
"""Whether a command draws lots: always, never, or depending on its arguments."""


@dataclass(frozen=True, slots=True)
class CommandSpec:
    name: str
    apply: Callable[[Any, dict[str, Any], Context], Any]
    family: str
    needs_seed: SeedRule
    summary: str
    whole_event: bool = False
    """The command gets every section (an :class:`EventTx`), not one section's rows."""

    def wants_seed(self, args: dict[str, Any]) -> bool:
        rule = self.needs_seed
        return rule(args) if callable(rule) else rule


REGISTRY: dict[str, CommandSpec] = {}

RESERVED = frozenset({"undo", "redo"})
"""Journal entries handled by the session itself, not by a registered command."""


def command(
    name: str, *, family: str = "event", needs_seed: SeedRule = False
) -> Callable[[Apply], Apply]:
    """Register the decorated function as command *name* (run in one section)."""

    def decorate(fn: Apply) -> Apply:
        _register(name, fn, family, needs_seed, whole_event=False)
        return fn

    return decorate


def event_command(
    name: str, *, family: str = "sections", needs_seed: SeedRule = False
) -> Callable[[EventApply], EventApply]:
    """Register the decorated function as command *name* on the event as a whole."""

    def decorate(fn: EventApply) -> EventApply:
        _register(name, fn, family, needs_seed, whole_event=True)
        return fn

    return decorate


def _register(
    name: str,
    fn: Callable[[Any, dict[str, Any], Context], Any],
    family: str,
    needs_seed: SeedRule,
    *,
    whole_event: bool,
) -> None:
    if name in RESERVED:
        raise ValueError(f"{name!r} is reserved for the session")
    existing = REGISTRY.get(name)
    if existing is not None and existing.apply is not fn:
        raise ValueError(f"command {name!r} is registered twice")
    summary = (fn.__doc__ or "").strip().splitlines()[0] if fn.__doc__ else name
    REGISTRY[name] = CommandSpec(name, fn, family, needs_seed, summary, whole_event)


def lookup(name: str) -> CommandSpec:
    try:
        return REGISTRY[name]
    except KeyError as exc:
        raise CommandError(f"unknown command {name!r}") from exc


# -- argument helpers shared by the command modules ------------------------------
def arg_int(args: dict[str, Any], name: str, *, minimum: int | None = None) -> int:
    value = args.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(f"{name} must be a whole number, not {value!r}")
    if minimum is not None and value < minimum:
        raise CommandError(f"{name} must be at least {minimum}, not {value}")
    return value


def arg_str(args: dict[str, Any], name: str) -> str:
    value = args.get(name)
    if not isinstance(value, str) or not value.strip():
        raise CommandError(f"{name} must be given as text")
    return value.strip()
