"""The one way to change an event: commands, each one transaction and one journal entry.

Design: **state tables plus a journal of commands, with replay.**

- The file holds the event *as it stands* in plain state tables (players,
  round entries, boards, settings, …) so opening a file and computing its
  standings never replays anything.
- Every change is a registered command (:mod:`~arbiter_app.session.registry`).
  The session runs it against the rows in memory through a private
  transaction view, and writes the rows it changed together with one journal
  entry (time, arbiter, command name, JSON arguments, the seed of any drawing
  of lots, the SHA-256 chain hash) in **one SQLite transaction**. Memory
  follows only after the commit succeeded; a refused command leaves no trace.
- Commands are deterministic functions of (rows, arguments, time, seed), so
  **the stored state always equals a replay of the journal** from empty
  tables; :meth:`Session.verify` checks exactly that, plus the hash chain.
- **Undo and redo are journal entries** (the journal is append-only): undo
  replays the effective commands without the last one and writes the
  difference; redo re-runs the undone command with its original time and
  seed. Both report what changed like any command.
- Each command returns a :class:`~arbiter_app.session.changes.Changes`
  (tables and keys written) so views refresh only what they must.
- Seeds for draws come from :mod:`secrets` here in the session, never in the
  core; the time comes from an injectable clock.

A round's game has round entries only once its result is in (the core's
:class:`~arbiter_app.core.model.RoundEntry` always carries an outcome), so
:attr:`Session.event` shows a game in progress as *not paired* for that round;
:meth:`Session.boards` lists the boards with or without results.

Later command families (play-off, prizes) register commands with
:func:`~arbiter_app.session.registry.command` and keep their data in the
``records`` table; their modules are listed in :data:`COMMAND_FAMILIES` so
that every session can replay their journal entries.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from arbiter_app.core.model import Event
from arbiter_app.session.changes import Changes, Outcome
from arbiter_app.session.codec import EventSettings
from arbiter_app.session.registry import REGISTRY, CommandError, Context, command
from arbiter_app.session.replay import JournalError
from arbiter_app.session.section_view import Board
from arbiter_app.session.sections import NoSuchSection, Section, SectionNeeded
from arbiter_app.session.session import UNTITLED_NAME, LogLine, Session

COMMAND_FAMILIES: tuple[str, ...] = (
    "arbiter_app.session.event_commands",
    "arbiter_app.session.integrity",
    "arbiter_app.session.player_commands",
    "arbiter_app.session.round_commands",
    "arbiter_app.session.corrections",
    "arbiter_app.session.rating_corrections",
    "arbiter_app.session.hand_pairing",
    "arbiter_app.session.manual_pairing",
    "arbiter_app.session.prohibited",
    "arbiter_app.session.tiebreak_lots",
    "arbiter_app.session.chess960",
    "arbiter_app.session.external_values",
    "arbiter_app.session.playoff_commands",
    "arbiter_app.session.prize_commands",
    "arbiter_app.session.tour_file",
    "arbiter_app.session.section_commands",
)
"""Modules whose import registers commands; later families add theirs here."""

for _module in COMMAND_FAMILIES:
    importlib.import_module(_module)


def load_event(path: Path | str) -> Event:
    """The event stored in a tournament file, opened read-only (the writer may be running)."""
    with Session.open(path, readonly=True) as session:
        return session.event


def read_event(path: Path | str) -> tuple[Event, EventSettings]:
    """The event and its announced settings (tie-break codes, bye policy, preset, play-off),
    read in one read-only opening: what the standings of a ``.arbiter`` file need."""
    with Session.open(path, readonly=True) as session:
        return session.event, session.settings


def open_session(path: Path | str, *, readonly: bool = False) -> Session:
    return Session.open(path, readonly=readonly)


__all__ = [
    "COMMAND_FAMILIES",
    "REGISTRY",
    "UNTITLED_NAME",
    "Board",
    "Changes",
    "CommandError",
    "Context",
    "EventSettings",
    "JournalError",
    "LogLine",
    "NoSuchSection",
    "Outcome",
    "Section",
    "SectionNeeded",
    "Session",
    "command",
    "load_event",
    "open_session",
    "read_event",
]
