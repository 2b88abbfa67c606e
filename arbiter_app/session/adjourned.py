"""Games adjourned, or whose result is not known yet (FIDE's checklist for tournament
programs, Q157 and Q162).

An adjourned board keeps no result: its round is not complete, so the next round
is not paired and the standings stay those of the last complete round. The mark
is a row of the ``records`` family ``adjourned`` keyed by the round and the board,
holding the board's two players: a mark whose board has changed since (paired again,
changed by hand) or has a result no longer counts. Entering the result takes it
away; a result other than a draw asks first (level 3, the checklist's Q163). In FIDE mode the adjournment is a pairing-integrity event (C.02, the
checklist's Q112-115 list adjournments among them): a ``### Adjournment @ Round n``
line, taken back with the command by Undo.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.fide_mode import FideModeStatus, Pibe, PibeKind
from arbiter_app.core.result import ADJOURNED, GameResult
from arbiter_app.core.warning_levels import Alert, Level
from arbiter_app.session import queries
from arbiter_app.session.integrity import fide_mode_of, log_pibe
from arbiter_app.session.registry import Context
from arbiter_app.session.setting_levels import CHECKLIST
from arbiter_app.session.state import State, Tx
from arbiter_app.store.journal import canonical_json

FAMILY = "adjourned"
"""The ``records`` family of the adjourned boards."""


def _key(round_no: int, board: int) -> tuple[str, str]:
    return (FAMILY, f"{round_no:04d}:{board:04d}")


def adjourn(tx: Tx, round_no: int, number: int, *, correcting: bool) -> str:
    """Mark board *number* of *round_no* adjourned (its game goes on later, or its result is
    not known yet); refused on a board that has a result."""
    row, _, _, previous = queries.board_result(tx, round_no, number)
    if previous is not None or correcting:
        had = f"the result {previous.value}" if previous is not None else "no result"
        raise RuleError(
            f"board {number} of round {round_no} has {had}; a game is adjourned before it "
            "has a result (undo the result to take it back)"
        )
    white, black = row["white"], row["black"]
    if number in adjourned_in(tx, round_no):
        raise RuleError(f"board {number} of round {round_no} is adjourned already")
    tx.put("records", _key(round_no, number), {"value": _value(white, black)})
    if fide_mode_of(tx).status is FideModeStatus.ON:
        log_pibe(tx, Pibe(PibeKind.ADJOURNMENT, round_no, f"{white}-{black}"))
    return ADJOURNED


def mark_adjourned(tx: Tx, round_no: int, number: int, white: int, black: int) -> None:
    """Mark board *number* (*white* v *black*) of *round_no* as a game whose result is not
    known, as an import reads it (``?`` in a TRF file: :mod:`arbiter_app.session.unknown_results`)."""
    tx.put("records", _key(round_no, number), {"value": _value(white, black)})


def resume(tx: Tx, round_no: int, number: int, result: GameResult, ctx: Context) -> None:
    """The board has its result now: the mark goes. A result of an adjourned game that is
    not a draw is a level-3 question first (FIDE C.02, the checklist's Q163: an adjourned
    game used to count as a draw until its result came in)."""
    if number not in adjourned_in(tx, round_no).get(round_no, ()):
        return
    if result is not GameResult.DRAW:
        ctx.ask(
            Alert(
                Level.CONFIRM,
                f"Board {number} of round {round_no} was adjourned; its result is "
                f"{result.label}, not a draw. Enter it?",
                f"{CHECKLIST}: the result of an adjourned game that is not a draw",
            )
        )
    tx.delete("records", _key(round_no, number))


def adjourned_in(state: State | Tx, round_no: int | None = None) -> dict[int, tuple[int, ...]]:
    """The boards adjourned, by round (of *round_no* only when given): boards still as they
    were when adjourned and still without a result."""
    if isinstance(state, Tx):
        records: Mapping[Any, Any] = state.rows("records")
        get = state.get
    else:
        records = state.tables["records"]

        def get(table: str, key: Any) -> Any:
            return state.tables[table].get(key)

    found: dict[int, list[int]] = {}
    for key, row in records.items():
        if key[0] != FAMILY:
            continue
        r, number = (int(part) for part in key[1].split(":"))
        if round_no is not None and r != round_no:
            continue
        board = get("boards", (r, number))
        players = json.loads(row["value"])
        if board is None or (board["white"], board["black"]) != (
            players["white"],
            players["black"],
        ):
            continue
        if get("entries", (board["white"], r)) or get("entries", (board["black"], r)):
            continue
        found.setdefault(r, []).append(number)
    return {r: tuple(sorted(numbers)) for r, numbers in sorted(found.items())}


def _value(white: int, black: int) -> str:
    return canonical_json({"black": black, "white": white})
