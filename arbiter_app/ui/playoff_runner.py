"""What the play-off card's buttons do: turn the arbiter's answer into a play-off command.

Each button of the card (:data:`arbiter_app.ui.playoff_adapter.BUTTONS`) has a
key; :class:`PlayoffRunner` runs the matching play-off command of the session
(:mod:`arbiter_app.session.playoff_commands`: a recorded draw from a fresh
seed, a physical draw typed in, a coin toss, a colour, results, a decision),
which checks it against the regulation and journals it.
What must be asked (the order of a physical draw, the results) goes through a
:class:`Prompter`, so that the dialogs can be replaced in tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol

from arbiter_app.core.errors import RuleError
from arbiter_app.core.playoff import GameSpec, Step, next_step
from arbiter_app.ui.document import Changes, EventDocument


class Prompter(Protocol):
    """Asks the arbiter what only the arbiter knows; None means "cancelled"."""

    def drawn_order(self, step: Step, names: Mapping[int, str]) -> tuple[int, ...] | None: ...

    def toss_winner(self, step: Step, names: Mapping[int, str]) -> int | None: ...

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
        step = self.current_step()
        if step is None:
            raise RuleError("this event has no play-off to run")
        names = {p.tpn: p.name for p in self.document.tournament.players}
        changes = Changes()
        for name, args in self._commands(key, step, names):
            changes = changes | self.document.playoff_command(name, args)
        return changes

    def _commands(
        self, key: str, step: Step, names: Mapping[int, str]
    ) -> list[tuple[str, dict[str, object]]]:
        if key == "start":
            return [("start", {"at": datetime.now().astimezone().isoformat(timespec="seconds")})]
        if key == "draw-seeded":
            return [("draw", {})]
        if key == "draw-physical":
            order = self.prompter.drawn_order(step, names)
            return [] if order is None else [("draw", {"outcome": list(order)})]
        if key == "toss-seeded":
            return [("toss", {})]
        if key == "toss-physical":
            winner = self.prompter.toss_winner(step, names)
            return [] if winner is None else [("toss", {"winner": winner})]
        if key in ("choose-white", "choose-black"):
            return [("choose", {"choice": key.removeprefix("choose-")})]
        if key == "print":
            return [("printed", {})] if self.prompter.print_sheets(step, names) else []
        if key == "printed":
            return [("printed", {})]
        if key == "results":
            entered = self.prompter.results(step.games, names) or {}
            return [("result", {"game": game, "result": r}) for game, r in entered.items()]
        if key == "decide":
            decided = self.prompter.decision(step, names)
            if decided is None:
                return []
            return [("decide", {"order": list(decided[0]), "reason": decided[1]})]
        if key in ("rule-break", "rule-keep"):
            breaks = key == "rule-break"
            question = "Why is this tie broken?" if breaks else "Why does this tie stay?"
            reason = self.prompter.reason(step, question)
            if reason is None:
                return []
            return [("ruling", {"players": list(step.players), "break": breaks, "reason": reason})]
        raise RuleError(f"nothing to do for {key!r} at this step ({step.code})")
