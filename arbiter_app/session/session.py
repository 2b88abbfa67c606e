"""An open event: run commands, undo, redo, read the current state."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import secrets
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.event_state import EventState
from arbiter_app.core.model import Event, System
from arbiter_app.core.pairing.boards import RoundPairing
from arbiter_app.core.pairing.numbers import Numbering
from arbiter_app.core.warning_levels import Confirmation
from arbiter_app.core.words import count
from arbiter_app.session.changes import Changes, Outcome
from arbiter_app.session.codec import EventSettings
from arbiter_app.session.commands import VOCABULARY, Command, CommandError, CreateEvent
from arbiter_app.session.event_rows import EventRows, EventWrites, file_writes
from arbiter_app.session.registry import lookup
from arbiter_app.session.replay import (
    CONFIRM,
    REDO,
    SECTION,
    UNDO,
    History,
    JournalError,
    apply_command,
    replay,
    section_of,
)
from arbiter_app.session.section_view import Board, SectionView
from arbiter_app.session.sections import (
    Section,
    find_section,
    needed,
    sections_of,
    title_of,
)
from arbiter_app.session.state import State
from arbiter_app.store.aside import aside_path, clear_leftover, move_into_place, said_of
from arbiter_app.store.errors import CorruptFile, OpenedReadOnly
from arbiter_app.store.file import EventFile
from arbiter_app.store.journal import (
    BROKEN_MARK,
    JournalEntry,
    canonical_json,
    make_entry,
    verify_chain,
)
from arbiter_app.store.recovery import RECOVERED
from arbiter_app.store.schema import FIRST_SECTION

Clock = Callable[[], datetime]
UNTITLED_NAME = "Untitled event"
"""The name of an event started without one (the window's start)."""

_DAMAGE = (ValueError, TypeError, KeyError, IndexError, ArithmeticError, AttributeError)
"""What decoding rows a bit flip or another program changed raises (JSON and UTF-8
errors are ValueErrors; a NULL where text belongs gives an AttributeError); raised while
a file is being opened, they mean a damaged file."""
Listener = Callable[[Changes], None]


OpenListener = Callable[["Session"], None]
_OPEN_LISTENERS: list[OpenListener] = []


def on_open(listener: OpenListener) -> Callable[[], None]:
    """Call *listener* with every session opened from a file from now on (the command line
    prints each one's :attr:`Session.file_warnings`); returns the way to stop."""
    _OPEN_LISTENERS.append(listener)
    return lambda: _OPEN_LISTENERS.remove(listener)


def system_clock() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class LogLine:
    """A journal entry and whether its effect currently stands."""

    entry: JournalEntry
    undone: bool


class Session:
    """The one way to change an event; every change is a journaled command.

    Open with :meth:`create` or :meth:`open`; close with :meth:`close` (or use
    ``with``). *clock* gives the time written to the journal (tests pin it);
    *actor* is the arbiter's name written with each entry.
    """

    def __init__(
        self,
        file: EventFile,
        *,
        clock: Clock | None = None,
        actor: str = "",
        scratch: bool = False,
        written: tuple[EventRows, list[JournalEntry]] | None = None,
    ) -> None:
        self._file = file
        self._scratch = scratch
        self._clock = clock or system_clock
        self.actor = actor
        self._read_head = file.journal_head()
        """The journal's head and length when the file was read (see :meth:`behind`)."""
        if written is None:
            self._rows = EventRows.from_file(file.read_state())
            self._entries: list[JournalEntry] = file.read_journal()
        else:
            # The rows and the journal this process has just written to *file* (see create).
            self._rows, self._entries = written
        self._history = History()
        for entry in self._entries:
            self._history = self._history.after(entry)
        if file.rebuild_pending:
            # A migration changed what commands record: the state is the journal's replay.
            rebuilt = replay(self._entries, self._history)
            if file.can_rebuild:
                file.rebuild(file_writes(self._rows.diff(rebuilt)))
            self._rows = rebuilt
        self._section: int | None = None
        """The section chosen for reading and running commands (see :meth:`select`)."""
        self._views: dict[int, SectionView] = {}
        self._sections: tuple[Section, ...] | None = None
        self._listeners: list[Listener] = []
        # Rows each standing command replaced, by entry number, for commands run in this
        # session: undo writes them back instead of replaying the whole journal.
        self._before: dict[int, EventWrites] = {}
        self.file_warnings: tuple[str, ...] = ()
        """What is wrong with the file that still lets it be read (a journal that does not
        verify); every command line command prints it, the window shows it in a banner."""
        self._unmarked_break: str | None = None
        """The first problem of a journal found broken on opening and not yet recorded in
        the file: the first write records it (:data:`BROKEN_MARK`), so that writing on
        never wipes out the evidence (a cut tail or an edited last entry verifies again
        once the file's head follows a new entry; issue 27)."""

    # -- opening and closing ---------------------------------------------------
    @classmethod
    def create(
        cls,
        path: Path | str,
        *,
        name: str,
        system: str,
        rounds: int,
        preset: str | None = None,
        info: Mapping[str, Any] | None = None,
        clock: Clock | None = None,
        actor: str = "",
        durable: bool = True,
        settings: Mapping[str, Any] | None = None,
        then: Callable[[Session], object] | None = None,
    ) -> Session:
        """Create a new file holding a new event (the journal's first entry); *settings*
        are more of the event's settings (``edit_settings`` keys) set with it, and *then*
        does more to it (an import writes the imported event and its settings).

        The file is made under a hidden name beside *path*, closed, and given its name
        only when whole (:mod:`arbiter_app.store.aside`): a crash at any moment leaves no
        file of that name or a whole one, and the same command can simply run again.
        """
        path = Path(path)
        EventFile.refuse_new(path)
        clear_leftover(path)
        aside = aside_path(path)
        with said_of(aside, path):
            file = EventFile.create(aside, durable=durable)
        session = cls(file, clock=clock, actor=actor)
        args = _creation(name, system, rounds, preset, info, settings)
        try:
            with said_of(aside, path):
                session.run(args)
                if then is not None:
                    then(session)
        except BaseException:
            session.close()
            clear_leftover(path)
            raise
        written = (session._rows, session._entries)
        session.close()
        try:
            move_into_place(aside, path, durable=durable)
        except BaseException:
            clear_leftover(path)
            raise
        # Opened again under its name; what was just written there is not read back (an
        # imported event of 10,000 players would be decoded a second time for nothing).
        return cls.open(path, clock=clock, actor=actor, durable=durable, written=written)

    @classmethod
    def create_untitled(
        cls,
        *,
        name: str = UNTITLED_NAME,
        system: str = "swiss",
        rounds: int = 5,
        preset: str | None = None,
        info: Mapping[str, Any] | None = None,
        scratch: Path | None = None,
        clock: Clock | None = None,
        actor: str = "",
        durable: bool = True,
        settings: Mapping[str, Any] | None = None,
    ) -> Session:
        """A new event with no file yet, run like any other until :meth:`save_as`.

        It lives in memory, or, with *scratch*, in that file (a new name in the
        user's data folder): then a crash loses nothing and :meth:`recover`
        takes the work up again. Closing an untitled event discards it.
        """
        file = (
            EventFile.in_memory() if scratch is None else EventFile.create(scratch, durable=durable)
        )
        session = cls(file, clock=clock, actor=actor, scratch=scratch is not None)
        try:
            session.run(_creation(name, system, rounds, preset, info, settings))
        except BaseException:
            session.close()  # untitled: the scratch file goes with it
            raise
        return session

    @classmethod
    def recover(
        cls, scratch: Path, *, clock: Clock | None = None, actor: str = "", durable: bool = True
    ) -> Session:
        """Take up the untitled event a crash left in *scratch* (it stays untitled)."""
        session = cls.open(scratch, clock=clock, actor=actor, durable=durable)
        session._scratch = True
        return session

    @classmethod
    def open(
        cls,
        path: Path | str,
        *,
        readonly: bool = False,
        clock: Clock | None = None,
        actor: str = "",
        durable: bool = True,
        written: tuple[EventRows, list[JournalEntry]] | None = None,
    ) -> Session:
        """Open the event file *path* (*written*: the rows and journal :meth:`create` has
        just written to it, taken as they are instead of read and checked again)."""
        file = EventFile.open(path, readonly=readonly, durable=durable)
        try:
            session = cls(file, clock=clock, actor=actor, written=written)
            if written is None:
                session._check_readable()
            session._note_file_warnings()
        except _DAMAGE as exc:
            file.close(settle=False)  # a refused file is left exactly as it was
            raise CorruptFile(file.path, f"the file's contents are damaged ({exc})") from exc
        except BaseException:
            file.close(settle=False)
            raise
        return session

    def _check_readable(self) -> None:
        """Decode everything a session will use, so that a file whose rows SQLite reads
        but Arbiter cannot (a flipped bit in a value, a row of another program) is
        refused when opened, not later in the middle of some action."""
        # A file whose sections were lost is still read as its first section (_current).
        for number in [s.number for s in self.sections] or [FIRST_SECTION]:
            view = self._view(number)
            view.event  # noqa: B018 - decoding is the check
            view.settings  # noqa: B018
        for entry in self._entries:
            entry.arguments  # noqa: B018

    def _note_file_warnings(self) -> None:
        """Say what opening found that still lets the file be read, and tell the listeners.

        A crash's unfinished action that opening rolled back; a journal whose hash chain
        does not verify (cheap: the entries are read already), so the file was changed
        outside Arbiter: it still opens, so the arbiter can read it, and
        :attr:`file_warnings` says what is wrong."""
        if self._file.recovered:
            self.file_warnings += (f"{self._file.path.name}: {RECOVERED}",)
        problems = verify_chain(self._entries, *self._file.journal_head())
        mark = self._file.broken_mark()
        if mark is not None:
            self.file_warnings += (f"{self._file.path.name}: {_broken_since(mark)}",)
        elif problems and not self._file.readonly:
            self._unmarked_break = problems[0]
        if problems:
            shown = "; ".join(problems[:3]) + (
                f"; and {len(problems) - 3} more" if len(problems) > 3 else ""
            )
            self.file_warnings += (
                f"{self._file.path.name}: the journal does not verify: {shown}. The file was "
                "changed outside Arbiter, so its history cannot be trusted; it can still be "
                "read, and the command line's verify lists every problem",
            )
        for listener in list(_OPEN_LISTENERS):
            listener(self)  # (the command line prints the warnings)

    def close(self, *, keep: bool = False) -> None:
        """Release the file; an untitled event is discarded (Save As keeps one), unless
        *keep* leaves its scratch file to be recovered later."""
        self._file.close()
        if self._scratch and not keep:
            self._file.path.unlink(missing_ok=True)

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def path(self) -> Path | None:
        """The event's file; None while the event is untitled (no Save As yet)."""
        return None if self.untitled else self._file.path

    @property
    def untitled(self) -> bool:
        """The event has no file of its own yet (in memory, or in a scratch file)."""
        return self._scratch or self._file.in_memory_event

    @property
    def scratch(self) -> Path | None:
        """The scratch file an untitled event is kept in (None: in memory, or titled)."""
        return self._file.path if self._scratch else None

    @property
    def unsaved(self) -> bool:
        """Untitled, and something was done since the event was created: closing loses it."""
        return self.untitled and len(self._entries) > 1

    # -- files -------------------------------------------------------------------
    def save_as(self, target: Path | str, *, overwrite: bool = False, durable: bool = True) -> None:
        """Write the event to *target* (SQLite's backup API) and go on there.

        From then on every command is written to *target*, under its write
        lock, as for any file; the file or memory the event was in is closed
        (a scratch file is removed). *overwrite* replaces an existing file
        (the caller asked); a file another window has open is refused.
        """
        self._writable()
        moved = self._file.save_as(target, overwrite=overwrite, durable=durable)
        if self._scratch:
            self._file.path.unlink(missing_ok=True)
        self._file, self._scratch = moved, False

    def save_copy(self, target: Path | str, *, overwrite: bool = False) -> None:
        """Write a copy of the event as it stands to *target*; the session stays where it is.

        Works for every event, untitled or in a file, and on a file opened
        read-only (``arbiter-app copy`` while the window has it open).
        """
        self._file.write_copy(target, overwrite=overwrite)

    @property
    def readonly(self) -> bool:
        return self._file.readonly

    def behind(self) -> bool:
        """A session open read-only whose file another window (the one holding its write
        lock) has written to since it was read: the journal's head has moved on. Cheap
        (one row of the file's ``meta`` table), so a window may ask every second. Always
        False for a session that writes: its own actions are all it sees."""
        if not self._file.readonly:
            return False
        try:
            return self._file.journal_head() != self._read_head
        except ArbiterError:
            return False  # unreadable for a moment (being moved, a disk gone): ask later

    @property
    def migrated_from(self) -> int | None:
        """The format version the file was migrated from when opened, if any."""
        return self._file.migrated_from

    # -- sections ----------------------------------------------------------------
    @property
    def sections(self) -> tuple[Section, ...]:
        """The event's sections in the order they were made (one for most events)."""
        if self._sections is None:
            self._sections = sections_of(self._rows)
        return self._sections

    @property
    def several_sections(self) -> bool:
        """The event has more than one section: titles and commands name the section."""
        return len(self.sections) > 1

    @property
    def section(self) -> Section:
        """The section every read and command is about (:meth:`select` chooses it; an event
        of one section needs no choice). Raises :class:`SectionNeeded` when none is chosen."""
        return find_section(self.sections, self._current())

    def select(self, which: int | str) -> Section:
        """Choose the section by its number or name (without regard to case)."""
        chosen = find_section(self.sections, which)
        self._section = chosen.number
        return chosen

    @contextlib.contextmanager
    def selected(self, which: int | str) -> Iterator[Section]:
        """Read (or act on) another section inside the block; the choice comes back after."""
        before = self._section
        try:
            yield self.select(which)
        finally:
            self._section = before

    def section_of(self, entry: JournalEntry) -> int:
        """The number of the section a journal entry's command ran in."""
        try:
            return section_of(entry.arguments)
        except (ValueError, RuleError):
            return FIRST_SECTION

    def _current(self) -> int:
        """The chosen section's number; an event of one section chooses it at first use."""
        if self._section is None:
            sections = self.sections
            if len(sections) > 1:
                raise needed(sections)
            if not sections:
                return FIRST_SECTION
            self._section = sections[0].number
        return self._section

    def _view(self, number: int) -> SectionView:
        view = self._views.get(number)
        if view is None:
            view = self._views[number] = SectionView(self._rows.part(number), self._title(number))
        return view

    def _title(self, number: int) -> str | None:
        """The section's title when the event has several sections (None: the event's name)."""
        sections = self.sections
        if len(sections) < 2:
            return None
        section = next((s for s in sections if s.number == number), None)
        if section is None:
            return None
        state = self._rows.part(number)
        return title_of(section, str(state.setting("info", {}).get("name") or ""), True)

    # -- reading -----------------------------------------------------------------
    @property
    def event(self) -> Event:
        """The chosen section's tournament as it stands, as a core value."""
        return self._view(self._current()).event

    @property
    def settings(self) -> EventSettings:
        return self._view(self._current()).settings

    @property
    def event_state(self) -> EventState:
        """Where the chosen section stands: registration, a round in progress or complete,
        final, and the play-off (the core's read model; every view and command asks it)."""
        return self._view(self._current()).event_state

    @property
    def state(self) -> State:
        """A copy of the chosen section's rows (for checks and tests; commands are the way
        to change them)."""
        return self._view(self._current()).rows.copy()

    @property
    def rows(self) -> EventRows:
        """A copy of every section's rows (a replay of the journal gives the same)."""
        return self._rows.copy()

    def boards(self, round_no: int) -> list[Board]:
        """The boards of *round_no* in board order, each with its result once entered."""
        return self._view(self._current()).boards(round_no)

    def board(self, round_no: int, number: int) -> Board | None:
        """Board *number* of *round_no* with its result (None: no such board)."""
        return self._view(self._current()).board(round_no, number)

    def pairs(self, round_no: int) -> list[tuple[int, int, int]]:
        """The boards of *round_no* as (number, White, Black), without reading results."""
        return self._view(self._current()).pairs(round_no)

    def round_pairing(self, round_no: int) -> RoundPairing:
        """Round *round_no* as stored (boards, and everyone else's entry as a bye), for
        previewing a hand change with :func:`~arbiter_app.core.pairing.manual.move_onto_board`."""
        return self._view(self._current()).round_pairing(round_no)

    def last_column(self) -> int:
        """The last game column that has a board or an entry (0 when there is none)."""
        return self._view(self._current()).last_column()

    def journal(self) -> list[JournalEntry]:
        return list(self._entries)

    def log(self) -> list[LogLine]:
        standing = set(self._history.done)
        return [
            LogLine(e, e.command not in (UNDO, REDO) and e.seq not in standing)
            for e in self._entries
        ]

    @property
    def can_undo(self) -> bool:
        return self.next_undo is not None

    @property
    def can_redo(self) -> bool:
        return bool(self._history.undone)

    def _entry(self, seq: int) -> JournalEntry:
        return self._entries[seq - 1]

    @property
    def next_undo(self) -> JournalEntry | None:
        """The entry :meth:`undo` would take back (none when the last action is final: the
        event's creation, leaving FIDE mode)."""
        if not self._history.done:
            return None
        entry = self._entry(self._history.done[-1])
        return None if _final(entry) else entry

    @property
    def next_redo(self) -> JournalEntry | None:
        return self._entry(self._history.undone[-1]) if self._history.undone else None

    # -- listening -----------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call *listener* with the :class:`Changes` of every command; returns an unsubscribe."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    # -- changing ------------------------------------------------------------------
    def run(self, command: Command, /, *, confirm: Confirmation = None) -> Outcome:
        """Run *command* in one transaction and journal it.

        A refused command (:class:`~arbiter_app.core.errors.ArbiterError`)
        changes nothing, in memory or on disk; one whose warnings were not
        answered raises :class:`~arbiter_app.core.warning_levels.ConfirmationNeeded`
        with the questions (answer them with *confirm*, see
        :mod:`arbiter_app.core.warning_levels`). The journal keeps *confirm*
        only when it answered a question.
        """
        self._writable()
        if not isinstance(command, Command):
            raise TypeError(f"Session.run takes a command value, not {command!r}")
        name = command.NAME
        spec = lookup(name)
        if spec.cls is not type(command):
            raise TypeError(f"{type(command).__name__} is not the command {name!r}")
        args = command.arguments()
        if confirm is not None:
            args[CONFIRM] = confirm
        section = self._current()
        if section != FIRST_SECTION or self.several_sections:
            # The entry says its section (one without is of the first: older files).
            args[SECTION] = section
        # The journal keeps the arguments as JSON; the command sees exactly what a replay
        # will. The text is the entry's too (JSON read back writes the same canonical text),
        # unless the answer to no question is taken out below.
        canonical = canonical_json(args)
        arguments = json.loads(canonical)
        text: str | None = canonical
        seed = secrets.randbits(63) if command.draws_lots() else None
        time = self._now()
        applied = apply_command(self._rows, name, arguments, time, seed)
        if not applied.answered and CONFIRM in arguments:
            arguments.pop(CONFIRM)
            text = None
        changes = self._commit(name, arguments, seed, time, applied.writes, text)
        return Outcome(applied.value, changes, applied.notices, applied.answered)

    def undo(self) -> Changes:
        """Take back the last command that stands (itself a journal entry)."""
        self._writable()
        if not self._history.done:
            raise RuleError("there is nothing to undo")
        target = self._history.done[-1]
        final = _final(self._entry(target))
        if final:
            raise RuleError(final)
        writes = self._before.get(target)
        if writes is None:
            # The state before the target is the replay of the commands standing before it.
            goal = History(self._history.done[:-1], (*self._history.undone, target))
            writes = self._rows.diff(replay(self._entries, goal))
        return self._commit(UNDO, {"entry": target}, None, self._now(), writes)

    def redo(self) -> Changes:
        """Bring back the last command undone, with its original arguments, time and seed."""
        self._writable()
        if not self._history.undone:
            raise RuleError("there is nothing to redo")
        entry = self._entry(self._history.undone[-1])
        writes = apply_command(
            self._rows, entry.command, entry.arguments, entry.time, entry.seed
        ).writes
        return self._commit(REDO, {"entry": entry.seq}, None, self._now(), writes)

    def _commit(
        self,
        name: str,
        args: dict[str, Any],
        seed: int | None,
        time: str,
        writes: EventWrites,
        text: str | None = None,
    ) -> Changes:
        """Write *writes* and the journal entry of *args* (*text*: their canonical JSON,
        when the caller has it; a command's arguments are its input, never changed by it)."""
        previous = self._entries[-1] if self._entries else None
        entry = make_entry(previous, time, self.actor, name, args, seed, text)
        marks = None
        if self._unmarked_break is not None:
            noticed = {"problem": self._unmarked_break, "noticed": time}
            marks = {BROKEN_MARK: canonical_json(noticed)}
        self._file.commit(entry, file_writes(writes), marks)
        self._unmarked_break = None
        # Only once the transaction is on disk does memory follow.
        if name == UNDO:
            self._before.pop(args["entry"], None)
        else:
            before = {
                section: {
                    table: {key: self._rows.part(section).tables[table].get(key) for key in rows}
                    for table, rows in tables.items()
                }
                for section, tables in writes.items()
            }
            self._before[args["entry"] if name == REDO else entry.seq] = before
        listed = self._rows.sections()
        self._rows.apply(writes)
        self._entries.append(entry)
        self._history = self._history.after(entry)
        changes = self._forget(name, entry.seq, writes, listed)
        for listener in list(self._listeners):
            listener(changes)
        return changes

    def _forget(self, name: str, seq: int, writes: EventWrites, listed: list[int]) -> Changes:
        """Drop what the change made stale, section by section, and say what changed (the
        rows of the chosen section; which sections were touched; whether the list of
        sections or their names changed)."""
        named = any(("section_name",) in t.get("settings", {}) for t in writes.values())
        renamed_event = any(("info",) in t.get("settings", {}) for t in writes.values())
        relisted = self._rows.sections() != listed
        counted = any(
            "players" in t
            or ("system",) in t.get("settings", {})
            or ("rounds",) in t.get("settings", {})
            for t in writes.values()
        )
        if counted:
            self._sections = None  # each section's described size and system
        if relisted or named or renamed_event:
            self._sections = None
            if self._section is not None and self._section not in self._rows.sections():
                # The chosen section went (made into quads, removed, undone): the first one.
                remaining = self._rows.sections()
                self._section = remaining[0] if remaining else None
        for section, tables in writes.items():
            view = self._views.get(section)
            if view is None:
                continue
            if view.rows is not self._rows.parts.get(section):
                del self._views[section]  # the section was removed or made again
            else:
                view.forget(Changes.from_writes(name, seq, tables))
        if relisted or named or renamed_event:
            for number, view in self._views.items():
                view.retitle(self._title(number))
        current = self._section if self._section is not None else FIRST_SECTION
        own = writes.get(current, {})
        return Changes.from_writes(
            name,
            seq,
            own,
            sections=frozenset(writes),
            section_list=relisted or named,
        )

    def _writable(self) -> None:
        if self._file.readonly:
            raise OpenedReadOnly(self._file.path, "opened read-only; nothing can be changed")

    def _now(self) -> str:
        moment = self._clock()
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC).isoformat(timespec="milliseconds")

    # -- checking ------------------------------------------------------------------
    def verify(self) -> list[str]:
        """Every problem found: file integrity, the journal chain, state vs. replay."""
        problems: list[str] = []
        integrity = self._file.integrity_check()
        if integrity != "ok":
            problems.append(f"SQLite integrity check: {integrity}")
        entries = self._file.read_journal()
        head, length = self._file.journal_head()
        problems.extend(verify_chain(entries, head, length))
        mark = self._file.broken_mark()
        if mark is not None:
            problems.append(_broken_since(mark))
        try:
            replayed = replay(entries)
        except JournalError as exc:
            problems.append(str(exc))
            return problems
        stored = EventRows.from_file(self._file.read_state())
        several = len(set(stored.parts) | set(replayed.parts)) > 1
        for section, tables in sorted(stored.diff(replayed).items()):
            for table, rows in tables.items():
                keys = ", ".join(str(k) for k in sorted(rows, key=str)[:5])
                differ = "differs" if len(rows) == 1 else "differ"
                where = f"section {section}, table {table}" if several else f"table {table}"
                problems.append(
                    f"{where}: {count(len(rows), 'row')} {differ} from a replay of the journal"
                    f" ({keys})"
                )
        return problems


def _broken_since(mark: Mapping[str, str]) -> str:
    """What a file's mark of a broken journal says (:data:`BROKEN_MARK`)."""
    when = f" on {mark['noticed'][:10]}" if mark.get("noticed") else ""
    return (
        f"the journal was found changed outside Arbiter{when} ({mark['problem']}) and "
        "written to since: its history cannot be trusted, even where it verifies now"
    )


def _final(entry: JournalEntry) -> str:
    """Why the action of *entry* is never undone ("" when it can be)."""
    cls = VOCABULARY.get(entry.command)
    return cls.final_reason(entry.arguments) if cls is not None else ""


def _creation(
    name: str,
    system: str,
    rounds: int,
    preset: str | None,
    info: Mapping[str, Any] | None,
    settings: Mapping[str, Any] | None,
) -> CreateEvent:
    """A new event's ``create_event`` (its journal's first entry); *settings* are more of
    its settings, by name (:class:`~arbiter_app.session.commands.Settings`' fields)."""
    # A new event records how its pairing numbers are given: a Swiss follows its
    # initial ranking (FIDE C.04.2 article 2.2), a round robin waits for its draw.
    swiss = system in (
        System.SWISS.value,
        System.DOUBLE_SWISS.value,
        System.FIDE_DOUBLE_SWISS.value,
    )
    numbering = (Numbering.RATING if swiss else Numbering.ENTRY).value
    extra: dict[str, Any] = {"pairing_numbers": numbering}
    if preset is not None:
        extra["preset"] = preset
    if info:
        extra["info"] = dict(info)
    if settings:
        extra.update(settings)
    try:
        return CreateEvent(name=name, system=system, rounds=rounds, **extra)
    except TypeError:
        unknown = sorted(set(extra) - {f.name for f in dataclasses.fields(CreateEvent)})
        raise CommandError(f"unknown setting {', '.join(unknown)}") from None
