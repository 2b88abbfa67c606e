"""An event's sections as the session lists them, and how one is named and chosen.

A section is a tournament of its own inside the event (an Open and a Reserve,
"Quad 1", "Quad 2", …); its rows are kept apart by
:mod:`arbiter_app.session.event_rows`. This module says what the sections are
called, finds one by its name, and words the refusal when a command needs a
section and none was chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import System
from arbiter_app.core.words import count
from arbiter_app.session.event_rows import EventRows, event_name, section_name

TITLE_JOIN = " - "
"""Between the event's name and the section's in a title ("Saturday Club - Reserve"): plain
ASCII, since the title is also a TRF file's tournament name (record 012)."""


class SectionNeeded(ArbiterError):
    """The event has several sections and the action did not say which one."""


class NoSuchSection(ArbiterError):
    """A section was named that the event does not have."""


@dataclass(frozen=True, slots=True)
class Section:
    """One section of the event: its number (kept in the journal), its name, its tournament."""

    number: int
    name: str
    system: System
    rounds: int
    """Rounds as the arbiter counts them (a double Swiss round is two games)."""
    players: int

    @property
    def described(self) -> str:
        """The section in a few words: "Reserve (Swiss, 4 rounds, 12 players)"."""
        rounds, players = count(self.rounds, "round"), count(self.players, "player")
        return f"{self.name} ({self.system.words}, {rounds}, {players})"


def sections_of(rows: EventRows) -> tuple[Section, ...]:
    """Every section of the event, in the order they were made."""
    out = []
    for number in rows.sections():
        state = rows.part(number)
        name = section_name(state, event_name(state))
        system = System(state.setting("system", System.SWISS.value))
        rounds = system.rounds_in(int(state.setting("rounds", 0)))
        out.append(Section(number, name, system, rounds, len(state.tables["players"])))
    return tuple(out)


def title_of(section: Section, event: str, several: bool) -> str:
    """What sheets and screens call the event of *section*: the event's name, then the
    section's when the event has several (unless the section is called after the event)."""
    if not several or not section.name or section.name == event:
        return event
    if not event:
        return section.name
    return f"{event}{TITLE_JOIN}{section.name}"


def listed(names: Sequence[str]) -> str:
    """Names in a sentence: "Open, Reserve and Quad 1"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def find_section(sections: Sequence[Section], which: int | str) -> Section:
    """The section numbered or named *which* (names without regard to case)."""
    for section in sections:
        if isinstance(which, int) and not isinstance(which, bool):
            if section.number == which:
                return section
        elif section.name.casefold() == str(which).strip().casefold():
            return section
    names = listed([f'"{s.name}"' for s in sections])
    shown = f"number {which}" if isinstance(which, int) else f'"{which}"'
    raise NoSuchSection(f"the event has no section {shown}; its sections are {names}")


def needed(sections: Sequence[Section]) -> SectionNeeded:
    """The refusal when a section must be chosen and was not."""
    names = listed([f'"{s.name}"' for s in sections])
    return SectionNeeded(
        f"the event has {len(sections)} sections ({names}): say which one "
        "(on the command line with --section NAME)"
    )
