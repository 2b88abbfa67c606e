"""Which tie-breaks a round robin offers, and which it refuses.

FIDE's verification checklist (C.02) asks a program to offer every tie-break a
round robin may use (the "mandatory" round-robin list below, each with its
C.07 article in the catalogue) and to refuse the Buchholz family, which the
C.07 text in force from 1 March 2026 says is not to be used in round robins:
every player meets the same opponents there, so the opponents' scores cannot
separate anybody. Fore Buchholz and the Average of Opponents' Buchholz are
Buchholz variants (C.07 (2023) 8.2, 8.3) and go with it.
"""

from __future__ import annotations

from collections.abc import Iterable

from arbiter_app.core.errors import UnknownTieBreak
from arbiter_app.core.model import System
from arbiter_app.core.tiebreaks.base import REGISTRY, parse_spec

MANDATORY: tuple[str, ...] = (
    "DE",
    "BPG",
    "BWG",
    "REP",
    "STD",
    "SB",
    "SB/C1",
    "SB/C2",
    "RTNG",
    "RTNG/R",
    "WIN",
    "TPN",
    "TPN/R",
    "KS",
    "KS/L1",
    "KS/L2",
    "KS/L-1",
    "KS/L-2",
)
"""The round-robin tie-breaks of FIDE's checklist (C.02, round-robin group), as codes."""

NOT_FOR_ROUND_ROBIN = frozenset({"BH", "FB", "AOB"})
"""Buchholz, Fore Buchholz and the Average of Opponents' Buchholz."""

REFUSAL_ARTICLE = "FIDE C.07, 2026 text: the Buchholz tie-breaks are not used in round robins"


def article_of(code: str) -> str:
    """The C.07 article a tie-break code cites (from the catalogue)."""
    return REGISTRY[parse_spec(code).name].article


def refusal(code: str) -> str | None:
    """Why *code* cannot break ties in a round robin, or None when it can."""
    try:
        name = parse_spec(code).name
    except UnknownTieBreak:
        return None  # unknown codes are refused elsewhere, with the list of known ones
    if name in NOT_FOR_ROUND_ROBIN:
        return (
            f"{code.strip()} cannot break ties in a round robin, where every player meets "
            f"the same opponents ({REFUSAL_ARTICLE})"
        )
    return None


def refusal_for(system: System | str | None, codes: Iterable[str]) -> str | None:
    """The first refusal of *codes* for an event of *system*, None when all may be used."""
    if system is None:
        return None
    if not System(system).is_round_robin:
        return None
    for code in codes:
        reason = refusal(code)
        if reason is not None:
            return reason
    return None


def allowed(system: System | str | None, code: str) -> bool:
    """Whether a picker should offer *code* for an event of *system*."""
    return refusal_for(system, (code,)) is None


SWISS_CHOICES: tuple[str, ...] = (
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "FB",
    "AOB",
    "SB",
    "SB/C1",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "STD",
    "PS",
    "RTNG",
    "TPN",
)
"""The FIDE tie-breaks a Swiss picker offers (C.07), most used first."""


def choices(system: System | str | None) -> tuple[str, ...]:
    """The tie-break codes a picker offers for an event of *system* (none it would refuse).

    A round robin is offered its mandatory list (every one of FIDE's checklist),
    then the other FIDE codes that suit it; a Swiss the FIDE codes.
    """
    if system is not None and System(system).is_round_robin:
        rest = tuple(c for c in SWISS_CHOICES if c not in MANDATORY and allowed(system, c))
        return MANDATORY + rest
    return SWISS_CHOICES
