"""The arbiter's documented manual pairings: a report's ``### MPA`` lines, read back.

When the arbiter keeps a pairing other than the engine's, the report says so in
the form of the TEC manual (FIDE C.02, verification checklist, questions 64-69
and 112-115; :mod:`arbiter_app.core.fide_mode`)::

    ### MPA @ Round 2: 4-3 5-2 1=PAB => 2-3 5-1 4=PAB

The engine's boards that were not kept come before ``=>``, the boards the
arbiter made instead after it (White first; ``n=PAB`` the pairing-allocated
bye). The checker honours such a documented change as FIDE's checker does: it
still pairs the round again and requires the engine's side of the line to be
the rules' own pairing, then checks the round against the engine's pairing with
the documented change made, and pairs the next rounds from the file's history.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from arbiter_app.core.fide_mode import PibeKind

_HEAD = re.compile(rf"^###\s*{PibeKind.MPA.value}\s*@\s*Round\s+(\d+)\s*:(.*)$", re.IGNORECASE)
_BOARD = re.compile(r"^(\d+)-(\d+)$")
_BYE = re.compile(r"^(\d+)=PAB$", re.IGNORECASE)
NO_LEGAL_PAIRING = "no legal pairing"
"""What the engine's side says when the engine found no pairing for the round."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side of an MPA line: boards as (White, Black) and the pairing-allocated bye."""

    boards: tuple[tuple[int, int], ...] = ()
    bye: int | None = None
    unpairable: bool = False
    """The engine's side says it found no legal pairing."""


@dataclass(frozen=True, slots=True)
class ManualPairing:
    """The documented change of one round: the engine's boards given up, the arbiter's made."""

    round: int
    engine: Side
    hand: Side
    line: str


def _side(text: str) -> Side | None:
    text = text.strip()
    if text.lower() == NO_LEGAL_PAIRING:
        return Side(unpairable=True)
    if text.lower() == "no board":
        return Side()
    boards: list[tuple[int, int]] = []
    bye: int | None = None
    for token in text.split():
        if (board := _BOARD.match(token)) is not None:
            boards.append((int(board[1]), int(board[2])))
        elif (pab := _BYE.match(token)) is not None and bye is None:
            bye = int(pab[1])
        else:
            return None
    return Side(tuple(boards), bye)


def manual_pairings(lines: Iterable[str]) -> tuple[dict[int, ManualPairing], list[str]]:
    """The ``### MPA`` lines among *lines*, by round (a later line of a round replaces an
    earlier one, as a later change does), and notes on lines that cannot be read."""
    found: dict[int, ManualPairing] = {}
    notes: list[str] = []
    for line in lines:
        head = _HEAD.match(line.strip())
        if head is None:
            continue
        round_no = int(head[1])
        engine_text, arrow, hand_text = head[2].partition("=>")
        engine, hand = _side(engine_text), _side(hand_text)
        if not arrow or engine is None or hand is None or hand.unpairable:
            notes.append(f"the line {line.strip()!r} is not an MPA line the checker can read")
            continue
        found[round_no] = ManualPairing(round_no, engine, hand, line.strip())
    return found, notes


def documented_round(
    manual: ManualPairing,
    boards: tuple[tuple[int, int], ...] | None,
    bye: int | None,
) -> tuple[tuple[tuple[int, int], ...], int | None] | None:
    """The round as documented: the engine's *boards* and *bye* (None: it found no pairing)
    with the change of *manual* made; None when the engine's side of the line is not the
    engine's pairing (then the line does not document this round's change)."""
    if boards is None:
        if not manual.engine.unpairable:
            return None
        return manual.hand.boards, manual.hand.bye
    if manual.engine.unpairable or not set(manual.engine.boards) <= set(boards):
        return None
    if manual.engine.bye is not None and manual.engine.bye != bye:
        return None
    given_up = set(manual.engine.boards)
    kept = tuple(b for b in boards if b not in given_up)
    return (*kept, *manual.hand.boards), manual.hand.bye
