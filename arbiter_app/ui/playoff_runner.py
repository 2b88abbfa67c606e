"""What the play-off card's buttons do: turn the arbiter's answer into a play-off command.

Each button of the card (:data:`arbiter_app.ui.playoff_adapter.BUTTONS`) has a
key; :class:`PlayoffRunner` runs the matching play-off command of the session
(:mod:`arbiter_app.session.playoff_commands`: a recorded draw from a fresh
seed, a physical draw typed in, a coin toss, a colour, results, a decision),
which checks it against the regulation and journals it.
What must be asked (when the last game ended and when the play-off starts,
the witnesses of a draw or a toss, the order of a physical draw, the results)
goes through a :class:`Prompter`, so that the dialogs can be replaced in tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from arbiter_app.core.errors import RuleError
from arbiter_app.core.playoff import GameSpec, PlayoffState, Step, next_step
from arbiter_app.session.commands import (
    ChooseColour,
    Command,
    ConfirmPrinted,
    DecidePlayoff,
    DrawPlayoffLots,
    PlayoffResult,
    RestartPlayoff,
    RuleOnTie,
    StartPlayoff,
    TossCoin,
)
from arbiter_app.ui.document import Changes, EventDocument


@dataclass(frozen=True, slots=True)
class StartTimes:
    """When the last game of the final round ended, and when the play-off starts.

    The session keeps *last_game_end* with the play-off and the engine checks
    *at* against it (GCT 2023 regulations articles 2.2 / 3.2: not less than fifteen minutes
    after the end of the last game; 4.4: the next day).
    """

    last_game_end: datetime
    at: datetime


@dataclass(frozen=True, slots=True)
class DrawAnswer:
    """A drawing of lots: who witnessed it, and the order drawn at the venue (None: the
    computer draws from a fresh stored seed)."""

    witnesses: tuple[str, ...] = ()
    order: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class TossAnswer:
    """A coin toss: who witnessed it, and who won the coin tossed at the board (None: the
    computer tosses from a fresh stored seed)."""

    witnesses: tuple[str, ...] = ()
    winner: int | None = None


class Prompter(Protocol):
    """Asks the arbiter what only the arbiter knows; None means "cancelled"."""

    def start_times(self, step: Step, state: PlayoffState) -> StartTimes | None:
        """When the last game ended and when the play-off starts (*state*: not started)."""
        ...

    def draw(self, step: Step, names: Mapping[int, str], physical: bool) -> DrawAnswer | None:
        """The witnesses of a drawing of lots, and with *physical* the order drawn."""
        ...

    def toss(self, step: Step, names: Mapping[int, str], physical: bool) -> TossAnswer | None:
        """The witnesses of a coin toss, and with *physical* who won it."""
        ...

    def results(
        self, games: Sequence[GameSpec], names: Mapping[int, str]
    ) -> dict[str, str] | None: ...

    def decision(
        self, step: Step, names: Mapping[int, str]
    ) -> tuple[tuple[int, ...], str] | None: ...

    def reason(self, step: Step, question: str) -> str | None: ...

    def print_sheets(self, step: Step, names: Mapping[int, str]) -> bool: ...


class PlayoffRunner:
    def __init__(self, document: EventDocument, prompter: Prompter) -> None:
        self.document = document
        self.prompter = prompter

    def current_step(self) -> Step | None:
        state = self.document.playoff_state()
        return None if state is None else next_step(state)

    def run(self, key: str) -> Changes:
        """Do what the button *key* stands for at the current step; RuleError if refused.

        Seeds for the draws and tosses "by computer" come from the session,
        which keeps them in the journal.
        """
        state = self.document.playoff_state()
        if state is None:
            raise RuleError("this event has no play-off to run")
        step = next_step(state)
        names = {p.tpn: p.name for p in self.document.tournament.players}
        changes = Changes()
        for command in self._commands(key, step, state, names):
            changes = changes | self.document.run(command)
        return changes

    def _commands(
        self, key: str, step: Step, state: PlayoffState, names: Mapping[int, str]
    ) -> list[Command]:
        if key == "restart":
            # The session's level-3 question (the command line's --confirm) is put by the
            # document's warning dialogs, as for every action.
            return [RestartPlayoff()]
        if key == "start":
            times = self.prompter.start_times(step, state)
            if times is None:
                return []
            return [
                StartPlayoff(
                    last_game_end=times.last_game_end.isoformat(timespec="minutes"),
                    at=times.at.isoformat(timespec="minutes"),
                )
            ]
        if key in ("draw-seeded", "draw-physical"):
            drawn = self.prompter.draw(step, names, key == "draw-physical")
            if drawn is None:
                return []
            if key == "draw-physical":
                if drawn.order is None:
                    return []
                return [DrawPlayoffLots(witnesses=drawn.witnesses, outcome=drawn.order)]
            return [DrawPlayoffLots(witnesses=drawn.witnesses)]
        if key in ("toss-seeded", "toss-physical"):
            tossed = self.prompter.toss(step, names, key == "toss-physical")
            if tossed is None:
                return []
            if key == "toss-physical":
                if tossed.winner is None:
                    return []
                return [TossCoin(witnesses=tossed.witnesses, winner=tossed.winner)]
            return [TossCoin(witnesses=tossed.witnesses)]
        if key in ("choose-white", "choose-black"):
            return [ChooseColour(choice=key.removeprefix("choose-"))]
        if key == "print":
            return [ConfirmPrinted()] if self.prompter.print_sheets(step, names) else []
        if key == "printed":
            return [ConfirmPrinted()]
        if key == "results":
            entered = self.prompter.results(step.games, names) or {}
            return [PlayoffResult(game=game, result=r) for game, r in entered.items()]
        if key == "decide":
            decided = self.prompter.decision(step, names)
            if decided is None:
                return []
            return [DecidePlayoff(order=decided[0], reason=decided[1])]
        if key in ("rule-break", "rule-keep"):
            breaks = key == "rule-break"
            question = "Why is this tie broken?" if breaks else "Why does this tie stay?"
            reason = self.prompter.reason(step, question)
            if reason is None:
                return []
            return [RuleOnTie(players=step.players, broken=breaks, reason=reason)]
        raise RuleError(f"nothing to do for {key!r} at this step ({step.code})")
