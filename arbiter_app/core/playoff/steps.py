"""The play-off's inputs and answers: ties, the steps the engine asks for, the final groups."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from arbiter_app.core.lots import Draw
from arbiter_app.core.model import Colour


@dataclass(frozen=True, slots=True)
class Tie:
    """Tied players of the final standings: they occupy places *place* … *place* + n - 1."""

    place: int
    players: tuple[int, ...]

    @property
    def last_place(self) -> int:
        return self.place + len(self.players) - 1


@dataclass(frozen=True, slots=True)
class Meeting:
    """A game between two tied players in the event itself (for a head-to-head stage)."""

    white: int
    black: int
    result: str
    round: int = 0
    day: str = ""
    """The date of that round as the schedule gives it (TRF 132), "" when not known."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A play-off game to play; *white*, *black* and *byes* are main-event pairing numbers.

    The game says where it belongs as fields, so the card, the bracket, the
    sheets and the PGN export group and title games from the same model
    (FIDE C.07 article 3.1: the play-off is a series of stages, each a round
    robin or a knockout, for one tie):

    - *tie*: the places the game helps decide (``places 1-3``);
    - *stage*: which stage of that tie's line (``round robin 1``, ``Armageddon knockout``),
      *knockout* true for a knockout stage;
    - *round*: the round of that stage;
    - *byes*: the tied players with no game in that round (the free round of an odd
      round robin, the byes drawn for a knockout round, GCT 2023 article 2.4.1).
    """

    id: str
    white: int
    black: int
    time_control: str
    armageddon: bool
    round: int
    tie: str = ""
    stage: str = ""
    knockout: bool = False
    byes: tuple[int, ...] = ()

    @property
    def stage_title(self) -> str:
        """The tie and the stage: ``places 1-3: round robin 1`` (one pairing sheet each)."""
        return f"{self.tie}: {self.stage}" if self.tie else self.stage

    @property
    def label(self) -> str:
        """The game's place in words (``places 1-3: round robin 1, round 2``), also the PGN
        ``Stage`` tag that matches a game read back from a PGN file."""
        joint = " round" if self.knockout else ", round"
        return f"{self.stage_title}{joint} {self.round}"

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "white": self.white,
            "black": self.black,
            "time_control": self.time_control,
            "armageddon": self.armageddon,
            "round": self.round,
            "tie": self.tie,
            "stage": self.stage,
            "knockout": self.knockout,
            "byes": list(self.byes),
            "label": self.label,
            "stage_title": self.stage_title,
        }


@dataclass(frozen=True, slots=True)
class Step:
    """The answer of :func:`next_step`.

    *code* is one of ``start``, ``resolve-ambiguity``, ``draw-lots``, ``toss``, ``choose``,
    ``print``, ``play``, ``decide``, ``done``; *players* are whom a draw, toss,
    ruling or decision is among; *game* names the game of a toss.
    """

    code: str
    article: str
    text: str
    games: tuple[GameSpec, ...] = ()
    players: tuple[int, ...] = ()
    game: str | None = None
    earliest_start: datetime | None = None
    longest: timedelta | None = None
    assumptions: tuple[str, ...] = ()
    """What the play-off assumed where the event does not say (e.g. unknown round dates)."""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"step": self.code, "article": self.article, "text": self.text}
        if self.assumptions:
            out["assumptions"] = list(self.assumptions)
        if self.games:
            out["games"] = [g.to_json() for g in self.games]
        if self.players:
            out["players"] = list(self.players)
        if self.game is not None:
            out["game"] = self.game
        if self.earliest_start is not None:
            out["earliest_start"] = self.earliest_start.isoformat()
        if self.longest is not None:
            out["longest_minutes"] = self.longest.total_seconds() / 60
        return out


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the play-off protocol."""

    article: str
    text: str


@dataclass(frozen=True, slots=True)
class DrawnRound:
    """A knockout round as drawn by lot, before the coin tosses give its games colours.

    *pairs* are ``(game, player, player)`` still waiting for a toss or a choice of
    colour; *byes* the players the draw sent on to the next round (GCT 2023 articles
    2.4.1 and 3.4.1: the first drawn get the byes). The bracket and the knockout
    pairing sheet show them as soon as they are drawn.
    """

    tie: str
    round: int
    pairs: tuple[tuple[str, int, int], ...]
    byes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    spec: GameSpec
    result: str | None
    winner: int | None
    note: str = ""


@dataclass(frozen=True, slots=True)
class FinalGroup:
    """Players who end the play-off on places *place* … *last_place* (several: still tied).

    *original* is the tie they came from; *by_playoff* marks places the
    play-off decided (the range is narrower than the original tie);
    *winner* marks the winner of a play-off for the tie's first place.
    """

    place: int
    players: tuple[int, ...]
    original: Tie
    by_playoff: bool
    winner: bool
    article: str

    @property
    def last_place(self) -> int:
        return self.place + len(self.players) - 1


@dataclass(frozen=True, slots=True)
class TossRecord:
    """The coin toss of an Armageddon game: who won it, what they chose (``None``: not yet)."""

    game: str
    draw: Draw
    winner: int
    choice: Colour | None
