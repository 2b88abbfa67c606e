"""What the arbiter does during a play-off: the actions a play-off state is built from.

Each action is a small immutable value with a JSON form, so the session can
journal it and the state can be rebuilt from the journal (undo is dropping the
last action). The engine (:mod:`.engine`) checks every action against the
regulation and raises :class:`~arbiter_app.core.errors.RuleError` when it is
not what the regulation allows at that moment.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from arbiter_app.core.errors import InputError, Issue
from arbiter_app.core.lots import Draw, draw_from_json, draw_to_json
from arbiter_app.core.model import Colour


@dataclass(frozen=True, slots=True)
class Start:
    """The play-off starts at *at* (checked against the schedule, C.07 3.1.7)."""

    at: datetime | None = None


@dataclass(frozen=True, slots=True)
class DrawLots:
    """A drawing of lots: pairing numbers of a round robin, or pairings and byes of a knockout."""

    draw: Draw


@dataclass(frozen=True, slots=True)
class Toss:
    """The coin toss of an Armageddon game: the toss *draw* names the winner.

    *choice* is the colour the winner chose, when it is known with the toss
    (a coin tossed at the board); otherwise a :class:`Choose` follows.
    """

    game: str
    draw: Draw
    choice: Colour | None = None


@dataclass(frozen=True, slots=True)
class Choose:
    """The winner of the coin toss for *game* chose *choice* (GCT 2023 2.5.3)."""

    game: str
    choice: Colour


@dataclass(frozen=True, slots=True)
class Printed:
    """The arbiter confirms the pairing and score sheets that are due have been printed."""


@dataclass(frozen=True, slots=True)
class Result:
    """The result of a play-off game: ``1-0``, ``0-1``, ``1/2-1/2`` (or ``½-½``, ``=``)."""

    game: str
    result: str


@dataclass(frozen=True, slots=True)
class Decide:
    """The chief arbiter decided the order by other means (GCT 2023 4.12), with the reason."""

    order: tuple[int, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class Ruling:
    """The arbiter's ruling on an ambiguous tie: is it broken (*break_tie*) or not, and why."""

    players: tuple[int, ...]
    break_tie: bool
    reason: str


Action = Start | DrawLots | Toss | Choose | Printed | Result | Decide | Ruling


def _colour_name(colour: Colour) -> str:
    return "white" if colour is Colour.WHITE else "black"


def parse_colour(text: str) -> Colour:
    """``white``/``w`` or ``black``/``b``; anything else is refused."""
    value = text.strip().lower()
    if value in ("white", "w"):
        return Colour.WHITE
    if value in ("black", "b"):
        return Colour.BLACK
    raise ValueError(f"a colour is white or black, not {text!r}")


def action_to_json(action: Action) -> dict[str, Any]:
    """The journal form of an action: ``{"action": "result", ...}``."""
    match action:
        case Start(at):
            return {"action": "start", "at": None if at is None else at.isoformat()}
        case DrawLots(draw):
            return {"action": "draw", "draw": draw_to_json(draw)}
        case Toss(game, draw, choice):
            return {
                "action": "toss",
                "game": game,
                "draw": draw_to_json(draw),
                "choice": None if choice is None else _colour_name(choice),
            }
        case Choose(game, choice):
            return {"action": "choose", "game": game, "choice": _colour_name(choice)}
        case Printed():
            return {"action": "printed"}
        case Result(game, result):
            return {"action": "result", "game": game, "result": result}
        case Decide(order, reason):
            return {"action": "decide", "order": list(order), "reason": reason}
        case Ruling(players, break_tie, reason):
            return {
                "action": "ruling",
                "players": list(players),
                "break_tie": break_tie,
                "reason": reason,
            }
    raise TypeError(f"not a play-off action: {action!r}")


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read an action back from the journal; a malformed one is reported, not guessed."""
    try:
        kind = data["action"]
        if kind == "start":
            at = data.get("at")
            return Start(None if at is None else datetime.fromisoformat(str(at)))
        if kind == "draw":
            return DrawLots(draw_from_json(data["draw"]))
        if kind == "toss":
            choice = data.get("choice")
            colour = None if choice is None else parse_colour(str(choice))
            return Toss(str(data["game"]), draw_from_json(data["draw"]), colour)
        if kind == "choose":
            return Choose(str(data["game"]), parse_colour(str(data["choice"])))
        if kind == "printed":
            return Printed()
        if kind == "result":
            return Result(str(data["game"]), str(data["result"]))
        if kind == "decide":
            return Decide(tuple(int(p) for p in data["order"]), str(data.get("reason", "")))
        if kind == "ruling":
            return Ruling(
                tuple(int(p) for p in data["players"]),
                bool(data["break_tie"]),
                str(data.get("reason", "")),
            )
        raise ValueError(f"unknown play-off action {kind!r}")
    except KeyError as exc:
        raise InputError([Issue("play-off action", 0, 0, f"missing {exc.args[0]!r}")]) from None
    except (TypeError, ValueError) as exc:
        raise InputError([Issue("play-off action", 0, 0, str(exc))]) from None
