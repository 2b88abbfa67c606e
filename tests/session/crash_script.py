"""A scripted run of 4,000 arbiter actions, the same for a given seed (for the crash test).

Eighty players register, then round after round is paired and its results
come in; now and then a rating is edited, a result corrected, or the last
action undone and redone. Every action is valid when run in order.

The script is longer than a child can run before the test kills it (within
two seconds of starting; 1,000 actions take under two seconds on a quiet
machine), so every kill lands while the child is writing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

Action = tuple[str, dict[str, Any]]

PLAYERS = 80
ROUNDS = 99


def script(seed: int, length: int = 4000) -> list[Action]:
    rng = random.Random(seed)
    actions: list[Action] = []
    for i in range(PLAYERS):
        actions.append(("add_player", {"name": f"Player {i + 1}", "rating": 1500 + 37 * i}))
    round_no = 0
    while len(actions) < length:
        round_no += 1
        shift = round_no % (PLAYERS - 1)
        order = [1] + [2 + (k + shift) % (PLAYERS - 1) for k in range(PLAYERS - 1)]
        boards = [[order[k], order[PLAYERS - 1 - k]] for k in range(PLAYERS // 2)]
        actions.append(("record_pairings", {"round": round_no, "boards": boards}))
        for board in range(1, PLAYERS // 2 + 1):
            result = rng.choice(["1-0", "0-1", "1/2", "+-", "-+"])
            actions.append(("enter_result", {"round": round_no, "board": board, "result": result}))
            roll = rng.random()
            if roll < 0.1:
                actions.append(("undo", {}))
                actions.append(("redo", {}))
            elif roll < 0.2:
                actions.append(
                    ("correct_result", {"round": round_no, "board": board, "result": "1/2"})
                )
            elif roll < 0.3:
                tpn = rng.randint(1, PLAYERS)
                actions.append(("edit_player", {"tpn": tpn, "rating": rng.randint(1000, 2800)}))
    return actions[:length]


def run(path: str, seed: int, emit: Callable[[str], None]) -> None:
    """Apply the script to the file at *path*, calling *emit* after each commit."""
    from arbiter_app.session import Session
    from tests.support.sessions import run_entry

    with Session.open(path) as session:
        emit("ready")
        for number, (command, args) in enumerate(script(seed)):
            if command == "undo":
                session.undo()
            elif command == "redo":
                session.redo()
            else:
                run_entry(session, command, **args)
            emit(f"done {number}")
    emit("finished")
