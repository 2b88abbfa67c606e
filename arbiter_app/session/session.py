"""An open event: run commands, undo, redo, read the current state."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.event_state import EventState
from arbiter_app.core.model import Event, Player, RoundEntry, System
from arbiter_app.core.pairing.numbers import Numbering
from arbiter_app.core.result import GameResult
from arbiter_app.core.words import count
from arbiter_app.session.changes import Changes, Outcome
from arbiter_app.session.codec import (
    EventSettings,
    entries_by_player,
    entry_from_row,
    event_from_state,
    players_from_state,
    settings_of,
)
from arbiter_app.session.registry import lookup
from arbiter_app.session.replay import (
    CONFIRM,
    REDO,
    UNDO,
    History,
    JournalError,
    apply_command,
    replay,
)
from arbiter_app.session.state import State, Writes
from arbiter_app.session.tournament_state import (
    RoundBoard,
    event_state_of,
    round_boards,
    stored_playoff,
)
from arbiter_app.store.aside import aside_path, clear_leftover, move_into_place
from arbiter_app.store.errors import CorruptFile, OpenedReadOnly
from arbiter_app.store.file import EventFile
from arbiter_app.store.journal import JournalEntry, canonical_json, make_entry, verify_chain
from arbiter_app.store.recovery import RECOVERED

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
class Board:
    """One board of a round: who plays whom, and the result once entered."""

    round: int
    number: int
    white: int
    black: int
    result: GameResult | None


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
    ) -> None:
        self._file = file
        self._scratch = scratch
        self._clock = clock or system_clock
        self.actor = actor
        self._state = State(file.read_state())
        self._entries: list[JournalEntry] = file.read_journal()
        self._history = History()
        for entry in self._entries:
            self._history = self._history.after(entry)
        if file.rebuild_pending:
            # A migration changed what commands record: the state is the journal's replay.
            rebuilt = replay(self._entries, self._history)
            if file.can_rebuild:
                file.rebuild(self._state.diff(rebuilt))
            self._state = rebuilt
        self._event: Event | None = None
        self._event_state: EventState | None = None
        # Each round's boards with whether their results are in: rebuilt only for the
        # rounds a command touched (a result in a 1,000-player event touches one).
        self._boards_cache: dict[int, tuple[RoundBoard, ...]] | None = None
        self._stale_rounds: set[int] = set()
        self._entries_cache: dict[int, tuple[RoundEntry, ...]] | None = None
        self._stale: set[int] = set()
        self._players_cache: tuple[Player, ...] | None = None
        self._last_column: int | None = None
        self._listeners: list[Listener] = []
        # Rows each standing command replaced, by entry number, for commands run in this
        # session: undo writes them back instead of replaying the whole journal.
        self._before: dict[int, Writes] = {}
        self.file_warnings: tuple[str, ...] = ()
        """What is wrong with the file that still lets it be read (a journal that does not
        verify); every command line command prints it, the window shows it in a banner."""

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
        file = EventFile.create(aside, durable=durable)
        session = cls(file, clock=clock, actor=actor)
        args = _creation(name, system, rounds, preset, info, settings)
        try:
            session.run("create_event", **args)
            if then is not None:
                then(session)
        except BaseException:
            session.close()
            clear_leftover(path)
            raise
        session.close()
        try:
            move_into_place(aside, path, durable=durable)
        except BaseException:
            clear_leftover(path)
            raise
        return cls.open(path, clock=clock, actor=actor, durable=durable)

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
            session.run("create_event", **_creation(name, system, rounds, preset, info, settings))
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
    ) -> Session:
        file = EventFile.open(path, readonly=readonly, durable=durable)
        try:
            session = cls(file, clock=clock, actor=actor)
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
        self.event  # noqa: B018 - decoding is the check
        self.settings  # noqa: B018
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

    @property
    def migrated_from(self) -> int | None:
        """The format version the file was migrated from when opened, if any."""
        return self._file.migrated_from

    # -- reading -----------------------------------------------------------------
    @property
    def event(self) -> Event:
        """The event as it stands, as a core value."""
        if self._event is None:
            if self._entries_cache is None:
                self._entries_cache = entries_by_player(self._state)
            elif self._stale:
                fresh = entries_by_player(self._state, self._stale, self.last_column())
                for tpn in self._stale:
                    if tpn in fresh:
                        self._entries_cache[tpn] = fresh[tpn]
                    else:
                        self._entries_cache.pop(tpn, None)
            self._stale = set()
            if self._players_cache is None:
                self._players_cache = players_from_state(self._state)
            self._event = event_from_state(self._state, self._entries_cache, self._players_cache)
        return self._event

    @property
    def settings(self) -> EventSettings:
        return settings_of(self._state)

    @property
    def event_state(self) -> EventState:
        """Where the event stands: registration, a round in progress or complete, final, and
        the play-off (the core's read model; every view and command asks it)."""
        if self._event_state is None:
            self._event_state = event_state_of(
                self._state, self.event, stored_playoff(self._state), boards=self._round_boards()
            )
        return self._event_state

    def _round_boards(self) -> dict[int, tuple[RoundBoard, ...]]:
        tables = self._state.tables
        if self._boards_cache is None:
            self._boards_cache = round_boards(tables["boards"], tables["entries"])
        elif self._stale_rounds:
            fresh = round_boards(tables["boards"], tables["entries"], self._stale_rounds)
            for round_no in self._stale_rounds:
                if round_no in fresh:
                    self._boards_cache[round_no] = fresh[round_no]
                else:
                    self._boards_cache.pop(round_no, None)
        self._stale_rounds = set()
        return self._boards_cache

    @property
    def state(self) -> State:
        """A copy of the rows (for checks and tests; commands are the way to change them)."""
        return self._state.copy()

    def boards(self, round_no: int) -> list[Board]:
        """The boards of *round_no* in board order, each with its result once entered."""
        boards = self._state.tables["boards"]
        # Only this round's boards are sorted: a big event holds thousands of boards.
        return [
            self._board(round_no, number)
            for _, number in sorted(key for key in boards if key[0] == round_no)
        ]

    def board(self, round_no: int, number: int) -> Board | None:
        """Board *number* of *round_no* with its result (None: no such board)."""
        if (round_no, number) not in self._state.tables["boards"]:
            return None
        return self._board(round_no, number)

    def _board(self, round_no: int, number: int) -> Board:
        row = self._state.tables["boards"][(round_no, number)]
        entries = self._state.tables["entries"]
        white_row = entries.get((row["white"], round_no))
        black_row = entries.get((row["black"], round_no))
        result = GameResult.of_entries(
            entry_from_row(white_row) if white_row else None,
            entry_from_row(black_row) if black_row else None,
        )
        return Board(round_no, number, row["white"], row["black"], result)

    def pairs(self, round_no: int) -> list[tuple[int, int, int]]:
        """The boards of *round_no* as (number, White, Black), without reading results."""
        boards = self._state.tables["boards"]
        return [
            (number, boards[(r, number)]["white"], boards[(r, number)]["black"])
            for r, number in sorted(key for key in boards if key[0] == round_no)
        ]

    def last_column(self) -> int:
        """The last game column that has a board or an entry (0 when there is none)."""
        if self._last_column is None:
            tables = self._state.tables
            boards = max((key[0] for key in tables["boards"]), default=0)
            entries = max((key[1] for key in tables["entries"]), default=0)
            self._last_column = max(boards, entries)
        return self._last_column

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
        """The entry :meth:`undo` would take back (the event's creation is never undone)."""
        if not self._history.done:
            return None
        entry = self._entry(self._history.done[-1])
        return None if entry.command == "create_event" else entry

    @property
    def next_redo(self) -> JournalEntry | None:
        return self._entry(self._history.undone[-1]) if self._history.undone else None

    # -- listening -----------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call *listener* with the :class:`Changes` of every command; returns an unsubscribe."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    # -- changing ------------------------------------------------------------------
    def run(self, name: str, /, **args: Any) -> Outcome:
        """Run command *name* in one transaction and journal it.

        A refused command (:class:`~arbiter_app.core.errors.ArbiterError`)
        changes nothing, in memory or on disk; one whose warnings were not
        answered raises :class:`~arbiter_app.core.warning_levels.ConfirmationNeeded`
        with the questions (answer them with ``confirm``, see
        :mod:`arbiter_app.core.warning_levels`). The journal keeps ``confirm``
        only when it answered a question.
        """
        self._writable()
        if name in (UNDO, REDO):
            raise RuleError("use undo() and redo() for undo and redo")
        spec = lookup(name)
        # The journal keeps the arguments as JSON; the command sees exactly what a replay will.
        arguments = json.loads(canonical_json(args))
        seed = secrets.randbits(63) if spec.wants_seed(arguments) else None
        time = self._now()
        applied = apply_command(self._state, name, arguments, time, seed)
        if not applied.answered:
            arguments.pop(CONFIRM, None)
        changes = self._commit(name, arguments, seed, time, applied.writes)
        return Outcome(applied.value, changes, applied.notices, applied.answered)

    def undo(self) -> Changes:
        """Take back the last command that stands (itself a journal entry)."""
        self._writable()
        if not self._history.done:
            raise RuleError("there is nothing to undo")
        target = self._history.done[-1]
        if self._entry(target).command == "create_event":
            raise RuleError("there is nothing to undo (the event's creation stays)")
        writes = self._before.get(target)
        if writes is None:
            # The state before the target is the replay of the commands standing before it.
            goal = History(self._history.done[:-1], (*self._history.undone, target))
            writes = self._state.diff(replay(self._entries, goal))
        return self._commit(UNDO, {"entry": target}, None, self._now(), writes)

    def redo(self) -> Changes:
        """Bring back the last command undone, with its original arguments, time and seed."""
        self._writable()
        if not self._history.undone:
            raise RuleError("there is nothing to redo")
        entry = self._entry(self._history.undone[-1])
        writes = apply_command(
            self._state, entry.command, entry.arguments, entry.time, entry.seed
        ).writes
        return self._commit(REDO, {"entry": entry.seq}, None, self._now(), writes)

    def _commit(
        self, name: str, args: dict[str, Any], seed: int | None, time: str, writes: Writes
    ) -> Changes:
        previous = self._entries[-1] if self._entries else None
        entry = make_entry(previous, time, self.actor, name, args, seed)
        self._file.commit(entry, writes)
        # Only once the transaction is on disk does memory follow.
        if name == UNDO:
            self._before.pop(args["entry"], None)
        else:
            before = {
                table: {key: self._state.tables[table].get(key) for key in rows}
                for table, rows in writes.items()
            }
            self._before[args["entry"] if name == REDO else entry.seq] = before
        self._state.apply(writes)
        self._entries.append(entry)
        self._history = self._history.after(entry)
        changes = Changes.from_writes(name, entry.seq, writes)
        self._forget(changes)
        for listener in list(self._listeners):
            listener(changes)
        return changes

    def _forget(self, changes: Changes) -> None:
        """Drop what the change made stale; players' entries are rebuilt only where touched."""
        self._event = None
        self._event_state = None
        self._last_column = None
        if changes.touches("players"):
            self._boards_cache = None  # a renumbering rewrites every board
        else:
            self._stale_rounds.update(changes.rounds)
        if changes.touches("players"):
            self._players_cache = None
        cache = self._entries_cache
        if cache is None or not changes.touches("entries"):
            return
        self._stale.update(k[0] for k in changes.rows["entries"])
        if len(self._stale) > len(cache) // 2:
            self._entries_cache = None
            self._stale = set()

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
        try:
            replayed = replay(entries)
        except JournalError as exc:
            problems.append(str(exc))
            return problems
        stored = State(self._file.read_state())
        for table, rows in stored.diff(replayed).items():
            keys = ", ".join(str(k) for k in sorted(rows, key=str)[:5])
            problems.append(
                f"table {table}: {count(len(rows), 'row')} "
                f"{'differs' if len(rows) == 1 else 'differ'} from a replay of the journal ({keys})"
            )
        return problems


def _creation(
    name: str,
    system: str,
    rounds: int,
    preset: str | None,
    info: Mapping[str, Any] | None,
    settings: Mapping[str, Any] | None,
) -> dict[str, Any]:
    """The arguments of a new event's ``create_event`` (its journal's first entry)."""
    args: dict[str, Any] = {"name": name, "system": system, "rounds": rounds}
    # A new event records how its pairing numbers are given: a Swiss follows its
    # initial ranking (FIDE C.04.2 article 2.2), a round robin waits for its draw.
    swiss = system in (System.SWISS.value, System.DOUBLE_SWISS.value)
    args.setdefault("pairing_numbers", (Numbering.RATING if swiss else Numbering.ENTRY).value)
    if preset is not None:
        args["preset"] = preset
    if info:
        args["info"] = dict(info)
    if settings:
        args.update(settings)
    return args
