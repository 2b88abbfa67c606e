"""What the play-off panel shows, as plain data: the next step and the bracket.

The play-off engine answers "what must the arbiter do next?"; these classes are the
shape the panel draws, filled from the engine's state (resources/architecture.md).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class StepAction:
    """A button of the "what to do now" card; *key* names the action for the handler."""

    key: str
    label: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class PlayoffStep:
    """The one thing to do now, with the article of the regulation that asks for it."""

    title: str
    article: str
    text: str
    actions: tuple[StepAction, ...] = ()
    schedule: str = ""
    """When the play-off may start and when it started, with the article ("" if unknown)."""


@dataclass(frozen=True, slots=True)
class BracketEntry:
    """A player's line in a stage: the name, a score or a result, whether they went on."""

    name: str
    detail: str = ""
    advances: bool = False


@dataclass(frozen=True, slots=True)
class BracketBox:
    """One box of the drawing: a round robin table, a game or a bye."""

    title: str
    entries: tuple[BracketEntry, ...]


@dataclass(frozen=True, slots=True)
class BracketStage:
    """A column of the drawing: the round robin, or one knockout round."""

    title: str
    boxes: tuple[BracketBox, ...]


@dataclass(frozen=True, slots=True)
class PlayoffView:
    step: PlayoffStep | None
    stages: tuple[BracketStage, ...] = ()
