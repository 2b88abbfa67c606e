"""What the Pairing and Tie-break Checker reports: findings, round by round, and the verdict."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Kind(enum.Enum):
    """What a finding is about."""

    PAIRING = "pairing"
    """Two players who should (not) meet."""
    COLOUR = "colour"
    """The right opponents with the colours the wrong way round."""
    BYE = "bye"
    """The pairing-allocated bye (or the free round of a round robin) given to the wrong player."""
    UNPAIRABLE = "unpairable"
    """The engine finds no legal pairing for a round the file pairs."""
    STANDINGS = "standings"
    """A rank that does not follow the points and the tie-break list."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One inconsistency: *round* is None for the standings; *board* is the engine's board."""

    kind: Kind
    message: str
    round: int | None = None
    board: int | None = None
    expected: tuple[int, int] | None = None
    """The engine's board as (White, Black), or (player, 0) for a bye."""
    found: tuple[tuple[int, int], ...] = ()
    """What the file has for those players, as (White, Black) pairs, (player, 0) for a bye."""
    player: int | None = None


@dataclass(frozen=True)
class CheckReport:
    """The verdict on one file: what was checked, how, and every finding in order."""

    source: str
    system: str
    rounds: int
    engine: str
    tiebreaks: tuple[str, ...]
    tiebreak_source: str
    findings: tuple[Finding, ...] = ()
    notes: tuple[str, ...] = field(default=())
    event_rounds: int | None = None
    """The event's number of rounds the check took (record 142 / XXR, or the caller's);
    None when nothing says it, and then no Swiss round was checked as the final one."""

    @property
    def agrees(self) -> bool:
        return not self.findings

    def rounds_with_findings(self) -> tuple[int, ...]:
        return tuple(sorted({f.round for f in self.findings if f.round is not None}))
