"""Corrections of a round the next ones were paired from (FIDE C.02, pairing-integrity events).

Correcting a result (or the colours) of the round in progress changes
nothing that was paired from it: it is an ordinary correction. Correcting a
round once a later round is paired is a **Correction** pairing-integrity
event (the checklist's questions 112-115): the later pairings were made from
the result it replaces. It is asked about first (level 3), journalled with
the command, and written to the report as ``### Correction @ Round r: …``.

How far back: in FIDE mode the results, pairings and colours of the last
round played and the round before it can be corrected, not older ones
(the checklist's questions 189-191: an older round is refused, level 5);
outside FIDE mode an older round is a level-4 question. "The last round
played" is the last round with a result in.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_app.core.errors import RuleError
from arbiter_app.core.fide_mode import Pibe, PibeKind, in_fide_mode
from arbiter_app.core.model import EntryKind, System
from arbiter_app.core.warning_levels import Alert, Level, Refused
from arbiter_app.core.words import count
from arbiter_app.session import queries
from arbiter_app.session.codec import entry_from_row, entry_row
from arbiter_app.session.commands import CorrectColours
from arbiter_app.session.integrity import fide_mode_of, log_pibe
from arbiter_app.session.registry import Context, command, whole_number
from arbiter_app.session.setting_levels import CHECKLIST
from arbiter_app.session.state import Tx

OLD_ROUND_TOKEN = "correct-an-older-round"
"""The token of the level-4 question for a round older than the checklist allows."""

_HAS_RESULT = frozenset(k.value for k in EntryKind if k.has_opponent)


def last_round_played(tx: Tx) -> int:
    """The last game column with a result in (0 when none)."""
    return max(
        (r for (_, r), row in tx.rows("entries").items() if row["kind"] in _HAS_RESULT),
        default=0,
    )


def correction_alerts(tx: Tx, column: int, what: str) -> tuple[list[Alert], bool]:
    """The questions correcting game column *column* asks (*what*: the board and the
    change, as a sentence's subject), and whether it is a pairing-integrity event."""
    system = System(tx.setting("system", System.SWISS.value))
    round_no = system.rounds_in(column)
    paired = system.rounds_in(queries.paired_rounds(tx))
    played = system.rounds_in(last_round_played(tx))
    alerts: list[Alert] = []
    if round_no < played - 1:
        level = in_fide_mode(fide_mode_of(tx), Level.REFUSED, Level.CONFIRM_CONSEQUENCES)
        article = (
            f"{CHECKLIST}: only the last round played and the round before it can be "
            "corrected in FIDE mode"
        )
        if level is Level.REFUSED:
            raise Refused(
                Alert(
                    Level.REFUSED,
                    f"Round {round_no} cannot be corrected: round {played} was played, and "
                    f"in FIDE mode only rounds {played - 1} and {played} can be",
                    article,
                )
            )
        alerts.append(
            Alert(
                level,
                f"Correct {what} of round {round_no}, {count(played - round_no, 'round')} before "
                "the last round played?",
                article,
                (
                    f"The pairings of rounds {round_no + 1} to {paired} were made from the "
                    "result it replaces; they stay as they are.",
                    "The report says so with a ### Correction line.",
                ),
                OLD_ROUND_TOKEN,
            )
        )
    integrity = round_no < paired
    if integrity and not alerts:
        later = (
            f"round {round_no + 1}"
            if paired == round_no + 1
            else (f"rounds {round_no + 1} to {paired}")
        )
        alerts.append(
            Alert(
                Level.CONFIRM,
                f"Correct {what} of round {round_no} now that {later} is paired? The "
                f"pairings of {later} were made from what it replaces; the report says so "
                "with a ### Correction line.",
                f"{CHECKLIST}: correcting a round the next ones were paired from is a "
                "pairing-integrity event (level 3)",
            )
        )
    return alerts, integrity


def log_correction(tx: Tx, column: int, text: str) -> None:
    system = System(tx.setting("system", System.SWISS.value))
    log_pibe(tx, Pibe(PibeKind.CORRECTION, system.rounds_in(column), text))


@command(CorrectColours)
def correct_colours(tx: Tx, cmd: CorrectColours, ctx: Context) -> dict[str, int]:
    """Swap the colours of a board played with the colours reversed (a correction).

    A board whose result is not in yet is a pairing: change it by hand in the
    round's manual pairing instead.
    """
    column = whole_number(cmd.round, "round", minimum=1)
    number = whole_number(cmd.board, "board", minimum=1)
    row, old_white, old_black, result = queries.board_result(tx, column, number)
    white, black = row["white"], row["black"]
    if result is None or old_white is None or old_black is None:
        raise RuleError(
            f"board {number} of round {column} has no result yet: its colours are a pairing; "
            "change it by hand (pairing change)"
        )
    what = f"the colours of board {number}, {white}-{black} (played {black}-{white})"
    alerts, integrity = correction_alerts(tx, column, what)
    ctx.ask(*alerts)
    tx.put(
        "boards",
        (column, number),
        {
            **row,
            "white": black,
            "black": white,
            "white_rating": row["black_rating"],
            "black_rating": row["white_rating"],
        },
    )
    for tpn, old in ((white, old_white), (black, old_black)):
        entry = entry_from_row(old)
        if entry.colour is not None:
            tx.put(
                "entries", (tpn, column), entry_row(replace(entry, colour=entry.colour.opposite))
            )
    if integrity:
        log_correction(tx, column, f"{white}-{black} => {black}-{white} (colours)")
    return {"white": black, "black": white}
