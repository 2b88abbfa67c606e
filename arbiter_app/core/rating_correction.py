"""Results corrected for the rating report only (FIDE C.04.2 article 4.3; checklist Q192).

When a result is found wrong after the pairings of a later round were made from
it, the pairings stand, and so do the standings made with them: the correction
goes to the rating report only, which FIDE rates the games from. So the event
keeps the result played (its pairings, scores, tie-breaks and prizes), and the
report's player records (TRF ``001``) carry the corrected result, with a
``### Rating correction @ Round n`` line saying that the pairings and standings
used the other one (the checklist's Q193). TRF-26 has no record for such a
correction: the line is a comment, as the checklist's ``###`` lines are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from arbiter_app.core.model import Event, RoundEntry
from arbiter_app.core.result import GameResult

ARTICLE = "FIDE C.04.2 article 4.3"
"""The article that keeps the pairings and standings and corrects the rating report."""


@dataclass(frozen=True, slots=True)
class RatingCorrection:
    """Board *white*-*black* of *round*: *played* in the pairings and standings, *corrected*
    in the rating report, for *reason*."""

    round: int
    white: int
    black: int
    played: GameResult
    corrected: GameResult
    reason: str

    def trf_line(self) -> str:
        """The report's comment line (checklist Q193)."""
        why = f" ({self.reason})" if self.reason else ""
        return (
            f"### Rating correction @ Round {self.round}: {self.white}-{self.black} "
            f"{self.played.value} => {self.corrected.value}{why}; the pairings and standings "
            f"used {self.played.value} ({ARTICLE})"
        )

    def __str__(self) -> str:
        return (
            f"round {self.round}, {self.white}-{self.black}: {self.corrected.label} in the "
            f"rating report, {self.played.label} in the pairings and standings"
            + (f" ({self.reason})" if self.reason else "")
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "white": self.white,
            "black": self.black,
            "played": self.played.value,
            "corrected": self.corrected.value,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> RatingCorrection:
        return cls(
            int(value["round"]),
            int(value["white"]),
            int(value["black"]),
            GameResult(value["played"]),
            GameResult(value["corrected"]),
            str(value.get("reason", "")),
        )


def for_rating(event: Event, corrections: Iterable[RatingCorrection]) -> Event:
    """*event* as the rating report gives it: each correction's board with its corrected
    result (colours and the ratings at the start of the round as played). A correction
    whose board is no longer as recorded (or of a round the event does not hold) is left
    out, so a report never rates a game that was not on the board."""
    rows = {tpn: list(row) for tpn, row in event.entries.items()}
    changed = False
    for c in corrections:
        white_row, black_row = rows.get(c.white), rows.get(c.black)
        if white_row is None or black_row is None or c.round > min(len(white_row), len(black_row)):
            continue
        white, black = white_row[c.round - 1], black_row[c.round - 1]
        if white.opponent != c.black or black.opponent != c.white:
            continue
        new_white, new_black = c.corrected.entries(c.white, c.black)
        white_row[c.round - 1] = _keep(new_white, white)
        black_row[c.round - 1] = _keep(new_black, black)
        changed = True
    if not changed:
        return event
    return replace(event, entries={tpn: tuple(row) for tpn, row in rows.items()})


def _keep(new: RoundEntry, old: RoundEntry) -> RoundEntry:
    return replace(new, colour=old.colour, opponent_rating=old.opponent_rating)
