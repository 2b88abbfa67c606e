"""Results corrected for the rating report only (FIDE C.04.2 article 4.3; checklist Q192).

``correct_result_for_rating`` records, beside a board's result, the result the rating
report gives it (:mod:`arbiter_app.core.rating_correction`): the event's pairings,
standings and prizes keep the result played. It is for a round the pairings of a later
round were made from; a result of the last round paired is corrected itself
(``correct_result``). A level-3 question comes first: the report and the standings will
differ on that board. The rows are in the ``records`` family ``rating_correction``, one
per board; correcting the board again replaces its row, and giving it back the result
played takes the row away.
"""

from __future__ import annotations

import json

from arbiter_app.core.errors import RuleError
from arbiter_app.core.rating_correction import ARTICLE, RatingCorrection
from arbiter_app.core.result import GameResult
from arbiter_app.core.warning_levels import Alert, Level
from arbiter_app.session import queries
from arbiter_app.session.commands import CorrectResultForRating
from arbiter_app.session.registry import CommandError, Context, command, text, whole_number
from arbiter_app.session.state import State, Tx
from arbiter_app.store.journal import canonical_json

FAMILY = "rating_correction"
"""The ``records`` family of the corrections for the rating report only."""


def _key(round_no: int, board: int) -> tuple[str, str]:
    return (FAMILY, f"{round_no:04d}:{board:04d}")


@command(CorrectResultForRating)
def correct_result_for_rating(tx: Tx, cmd: CorrectResultForRating, ctx: Context) -> str:
    """Give a board's game another result in the rating report only; returns the line the
    report carries (or says the correction is taken back)."""
    round_no = whole_number(cmd.round, "round", minimum=1)
    number = whole_number(cmd.board, "board", minimum=1)
    try:
        corrected = GameResult.parse(text(cmd.result, "result"))
    except ValueError as exc:
        raise CommandError(str(exc)) from exc
    if not isinstance(cmd.reason, str):
        raise CommandError("reason must be given as text")
    reason = cmd.reason.strip()
    row, _, _, played = queries.board_result(tx, round_no, number)
    if played is None:
        raise RuleError(
            f"board {number} of round {round_no} has no result yet; enter it ({ARTICLE} "
            "corrects a result the pairings were made from)"
        )
    if queries.paired_rounds(tx) <= round_no:
        raise RuleError(
            f"no round was paired after round {round_no}: correct the result itself "
            f"(result --correct); {ARTICLE} keeps a result only once later pairings were "
            "made from it"
        )
    white, black = row["white"], row["black"]
    key = _key(round_no, number)
    if corrected is played:
        if tx.get("records", key) is None:
            raise RuleError(
                f"board {number} of round {round_no} has the result {played.value} already, "
                "in the standings and in the rating report"
            )
        tx.delete("records", key)
        return f"round {round_no}, {white}-{black}: the rating report gives {played.value} again"
    if not reason:
        raise CommandError(
            "say why the result is corrected for the rating report (the report's line gives it)"
        )
    correction = RatingCorrection(round_no, white, black, played, corrected, reason)
    ctx.ask(
        Alert(
            Level.CONFIRM,
            f"The rating report will give board {number} of round {round_no}, "
            f"{white}-{black}, the result {corrected.label}, while the pairings and "
            f"standings keep {played.label}. Record the correction for the rating report "
            "only?",
            ARTICLE,
        )
    )
    tx.put("records", key, {"value": canonical_json(correction.to_json())})
    return correction.trf_line()


def drop_correction(tx: Tx, round_no: int, board: int) -> None:
    """The board's result was corrected itself: a correction for the rating report only
    made before no longer says what was played, so it goes."""
    if tx.get("records", _key(round_no, board)) is not None:
        tx.delete("records", _key(round_no, board))


def stored_corrections(state: State | Tx) -> tuple[RatingCorrection, ...]:
    """The corrections for the rating report only, by round and board."""
    rows = state.rows("records") if isinstance(state, Tx) else state.tables["records"]
    return tuple(
        RatingCorrection.from_json(json.loads(rows[key]["value"]))
        for key in sorted(k for k in rows if k[0] == FAMILY)
    )
