"""What a command changed, so views refresh only what they must (the Anki way)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from arbiter_app.core.warning_levels import Alert
from arbiter_app.session.state import Writes
from arbiter_app.store.file import Key

_STANDINGS_TABLES = frozenset({"players", "entries", "adjustments", "settings"})


@dataclass(frozen=True, slots=True)
class Changes:
    """The rows a command (or an undo / redo) wrote, per table, and its journal entry.

    *rows* are those of the session's chosen section (what its views show);
    *sections* are the numbers of every section the command wrote to, and
    *section_list* says that sections were added, removed or renamed.
    """

    command: str
    seq: int
    rows: Mapping[str, frozenset[Key]] = field(default_factory=dict)
    sections: frozenset[int] = frozenset()
    section_list: bool = False

    @staticmethod
    def from_writes(
        command: str,
        seq: int,
        writes: Writes,
        *,
        sections: frozenset[int] = frozenset(),
        section_list: bool = False,
    ) -> Changes:
        return Changes(
            command,
            seq,
            {t: frozenset(rows) for t, rows in writes.items() if rows},
            sections,
            section_list,
        )

    def touches(self, table: str) -> bool:
        return bool(self.rows.get(table))

    @property
    def empty(self) -> bool:
        return not any(self.rows.values()) and not self.section_list

    @property
    def settings(self) -> frozenset[str]:
        return frozenset(k[0] for k in self.rows.get("settings", ()))

    @property
    def players(self) -> frozenset[int]:
        """Pairing numbers whose player row or round entries changed."""
        out = {k[0] for k in self.rows.get("players", ())}
        out.update(k[0] for k in self.rows.get("entries", ()))
        out.update(k[0] for k in self.rows.get("bye_requests", ()))
        return frozenset(out)

    @property
    def rounds(self) -> frozenset[int]:
        """Rounds whose pairings or results changed."""
        out = {k[1] for k in self.rows.get("entries", ())}
        out.update(k[0] for k in self.rows.get("boards", ()))
        # A board adjourned (session.adjourned): its round's boards show it.
        out.update(int(k[1][:4]) for k in self.rows.get("records", ()) if k[0] == "adjourned")
        return frozenset(out)

    @property
    def standings(self) -> bool:
        """Scores or tie-breaks may differ: players, results or settings changed."""
        return any(self.touches(t) for t in _STANDINGS_TABLES)

    def families(self) -> frozenset[str]:
        """Command families whose ``records`` rows changed (play-off, prizes, …)."""
        return frozenset(k[0] for k in self.rows.get("records", ()))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What :meth:`Session.run` returns: the command's own answer and the changes.

    *notices* are the level-2 warnings to show the arbiter with the outcome;
    *answered* the level-3/4 questions the confirmation answered (FIDE C.02).
    """

    value: Any
    changes: Changes
    notices: tuple[Alert, ...] = ()
    answered: tuple[Alert, ...] = ()
