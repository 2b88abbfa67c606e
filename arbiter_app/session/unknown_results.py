"""Imported games whose result is not known (FIDE C.02, the checklist's questions 164-166).

A TRF file marks a game whose result is not known yet with ``?`` (TRF-26 record 162's
``X``, "unknown result, e.g. adjourned game"); a code TRF-26 does not define is read the
same way (question 166: unknown result codes imported as unknown results). Either way the
game comes in paired, without a result, and marked adjourned: the session's state of a
result not known (:mod:`arbiter_app.session.adjourned`, checklist Q157), so the round is
not complete, the next round is not paired and the rating report is not written until the
arbiter enters the result.

A code TRF-26 does not define is a level-3 question of the import (FIDE C.02), and each
round that had one gets a ``### Import @ Round r`` line naming the players and the code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arbiter_app.core.fide_mode import Pibe, PibeKind
from arbiter_app.core.trf.document import KNOWN_CODES
from arbiter_app.core.trf.records import UNKNOWN_RESULT
from arbiter_app.core.warning_levels import Alert, Level
from arbiter_app.core.words import count
from arbiter_app.session.adjourned import mark_adjourned
from arbiter_app.session.integrity import log_pibe
from arbiter_app.session.registry import CommandError, Context
from arbiter_app.session.setting_levels import CHECKLIST
from arbiter_app.session.state import Tx

ARTICLE = f"{CHECKLIST}, question 166: unknown result codes are imported as unknown results"


@dataclass(frozen=True, slots=True)
class NotKnown:
    """One imported game whose result is not known: its round, White, Black, and the codes
    the two records wrote (White's first)."""

    round: int
    white: int
    black: int
    codes: str

    @property
    def odd_codes(self) -> tuple[str, ...]:
        """The codes TRF-26 does not define (neither ``?`` nor a result), once each."""
        return tuple(dict.fromkeys(c for c in self.codes if c not in KNOWN_CODES))

    def finding(self) -> str:
        """What the import says of it: the players, the round and the code."""
        codes = " and ".join(repr(c) for c in self.odd_codes)
        return (
            f"round {self.round}, player {self.white} (White) v player {self.black} (Black): "
            f"the result code {codes}, which TRF-26 does not define, read as a result not known"
        )


def given_games(value: Any) -> list[NotKnown]:
    """The ``unknown_results`` argument of ``import_event`` as values (CommandError if not a
    list of games)."""
    if value is None:
        return []
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise CommandError("import_event: the games not known are a list")
    games = []
    for item in value:
        try:
            game = NotKnown(
                int(item["round"]), int(item["white"]), int(item["black"]), str(item["codes"])
            )
        except (KeyError, TypeError, ValueError):
            raise CommandError(
                "import_event: a game not known has a round, White, Black and its codes"
            ) from None
        if game.round < 1 or game.white == game.black or len(game.codes) != 2:
            raise CommandError(f"import_event: {item!r} is not a game not known")
        games.append(game)
    return games


def clear_rounds(tx: Tx, games: Sequence[NotKnown]) -> None:
    """No round entry for either player of a game not known: it is paired, no result yet."""
    for game in games:
        for tpn in (game.white, game.black):
            if tx.get("players", (tpn,)) is None:
                raise CommandError(f"import_event: player {tpn} is not in the event")
            tx.delete("entries", (tpn, game.round))


def mark_not_known(tx: Tx, ctx: Context, games: Sequence[NotKnown]) -> None:
    """Mark each game's board adjourned (the result not known); a code TRF-26 does not
    define asks first (level 3) and is logged with a ``### Import`` line for its round."""
    odd = [g for g in games if g.odd_codes]
    if odd:
        ctx.ask(
            Alert(
                Level.CONFIRM,
                f"The file has {count(len(odd), 'game')} with a result code TRF-26 does not "
                "define; each is imported as a game whose result is not known (adjourned), "
                "its result to be entered. Import it anyway? The report says so with a "
                "### Import line.",
                ARTICLE,
                tuple(g.finding() for g in odd),
            )
        )
    boards = {(row["white"], row["black"], r): n for (r, n), row in tx.rows("boards").items()}
    for game in games:
        number = boards.get((game.white, game.black, game.round))
        if number is None:  # the board numbering keeps the first of two readings only
            raise CommandError(
                f"import_event: round {game.round}: {game.white}-{game.black} has no board"
            )
        mark_adjourned(tx, game.round, number, game.white, game.black)
    by_round: dict[int, list[str]] = {}
    for game in odd:
        codes = " and ".join(repr(c) for c in game.odd_codes)
        by_round.setdefault(game.round, []).append(
            f"{game.white}-{game.black} result code {codes}, not TRF-26's, read as not known "
            f"({UNKNOWN_RESULT})"
        )
    for round_no, said in sorted(by_round.items()):
        log_pibe(tx, Pibe(PibeKind.IMPORT, round_no, "; ".join(said)))
