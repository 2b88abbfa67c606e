"""Board results as arbiters write them, and the round entries they give both players.

Accepted spellings (White's score first): ``1-0``, ``0-1``, ``1/2``, ``½-½``,
``1/2-1/2``, ``=``, ``0.5-0.5``; forfeits ``+-`` (White wins by forfeit), ``-+``
(Black wins by forfeit) and ``--`` (neither player came: both lose by
forfeit). A colon may replace the dash (``1:0``, ``+:-``).
"""

from __future__ import annotations

import enum

from arbiter_app.core.model import Colour, EntryKind, Outcome, RoundEntry


class BoardResult(enum.Enum):
    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    WHITE_FORFEIT_WIN = "+-"
    BLACK_FORFEIT_WIN = "-+"
    DOUBLE_FORFEIT = "--"

    @property
    def is_forfeit(self) -> bool:
        return self in (
            BoardResult.WHITE_FORFEIT_WIN,
            BoardResult.BLACK_FORFEIT_WIN,
            BoardResult.DOUBLE_FORFEIT,
        )


_SPELLINGS: dict[str, BoardResult] = {
    "1-0": BoardResult.WHITE_WINS,
    "0-1": BoardResult.BLACK_WINS,
    "1/2-1/2": BoardResult.DRAW,
    "1/2": BoardResult.DRAW,
    "½": BoardResult.DRAW,
    "½-½": BoardResult.DRAW,
    "=": BoardResult.DRAW,
    "=-=": BoardResult.DRAW,
    "0.5-0.5": BoardResult.DRAW,
    "+-": BoardResult.WHITE_FORFEIT_WIN,
    "-+": BoardResult.BLACK_FORFEIT_WIN,
    "--": BoardResult.DOUBLE_FORFEIT,
}


def parse_result(text: str) -> BoardResult:
    """Read a board result; raise ValueError listing the accepted spellings."""
    key = "".join(text.split()).replace(":", "-").replace("–", "-")
    if key in ("+--", "+/-"):
        key = "+-"
    elif key in ("-+-", "-/+"):
        key = "-+"
    elif key in ("---", "-/-"):
        key = "--"
    try:
        return _SPELLINGS[key]
    except KeyError as exc:
        raise ValueError(
            f"not a result: {text!r} (use 1-0, 0-1, 1/2 or ½-½, +- , -+ or --)"
        ) from exc


def result_entries(
    result: BoardResult,
    white: int,
    black: int,
    white_rating: int | None = None,
    black_rating: int | None = None,
) -> tuple[RoundEntry, RoundEntry]:
    """The entries of White and of Black for *result* (each names the other as opponent).

    *white_rating* / *black_rating* are the ratings at the start of the round,
    kept on the opponent's entry (the online Swiss rules, AROC 1).
    """
    w, b = Colour.WHITE, Colour.BLACK
    if result is BoardResult.WHITE_WINS:
        outcomes = (Outcome.WIN, Outcome.LOSS)
    elif result is BoardResult.BLACK_WINS:
        outcomes = (Outcome.LOSS, Outcome.WIN)
    elif result is BoardResult.DRAW:
        outcomes = (Outcome.DRAW, Outcome.DRAW)
    else:
        kinds = {
            BoardResult.WHITE_FORFEIT_WIN: (EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS),
            BoardResult.BLACK_FORFEIT_WIN: (EntryKind.FORFEIT_LOSS, EntryKind.FORFEIT_WIN),
            BoardResult.DOUBLE_FORFEIT: (EntryKind.FORFEIT_LOSS, EntryKind.FORFEIT_LOSS),
        }[result]
        return (
            RoundEntry(kinds[0], black, w, opponent_rating=black_rating),
            RoundEntry(kinds[1], white, b, opponent_rating=white_rating),
        )
    return (
        RoundEntry.game(black, w, outcomes[0], opponent_rating=black_rating),
        RoundEntry.game(white, b, outcomes[1], opponent_rating=white_rating),
    )


def result_of(white_entry: RoundEntry | None, black_entry: RoundEntry | None) -> BoardResult | None:
    """The board result read back from the two entries (None while the game is on)."""
    if white_entry is None or not white_entry.kind.has_opponent:
        return None
    if white_entry.kind is EntryKind.FORFEIT_WIN:
        return BoardResult.WHITE_FORFEIT_WIN
    if white_entry.kind is EntryKind.FORFEIT_LOSS:
        if black_entry is not None and black_entry.kind is EntryKind.FORFEIT_LOSS:
            return BoardResult.DOUBLE_FORFEIT
        return BoardResult.BLACK_FORFEIT_WIN
    if white_entry.outcome is Outcome.WIN:
        return BoardResult.WHITE_WINS
    if white_entry.outcome is Outcome.LOSS:
        return BoardResult.BLACK_WINS
    return BoardResult.DRAW
