"""An imported Swiss's rounds compared with the Dutch pairing (FIDE C.02, the checklist's
questions 54 and 55).

The checklist asks that every imported round be checked against the pairing rules. Its
two public readings differ: one takes the absolute criteria as enough (repeated games,
colours, byes: :func:`~arbiter_app.core.pairing.manual.imported_breaches`), the other asks
for every rule. Arbiter takes the stricter one: each round of a Dutch Swiss (record 192
``FIDE_DUTCH``, or no record 192) is paired again from the file's rounds before it by
Arbiter's own Dutch engine (FIDE C.04.3; a round it cannot certify by gacrux, FIDE's
reference) and compared with the file's, exactly as the checker does
(:func:`~arbiter_app.core.checker.pairings.check_swiss`): the arbiter's documented manual
pairings (``### MPA`` lines), JaVaFo's ``XXC rank``, the acceleration's virtual points and
a file without record 142 are read the same way, so an import reports no round the checker
(``arbiter-app check FILE``) would not.

Pairing every round again costs time: a field of more than :data:`COMPARE_LIMIT` players
is not compared on import, and the import says so and names the command that compares it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbiter_app.core import words
from arbiter_app.core.checker import (
    accelerated_event,
    documented_pairings,
    file_order,
    not_known_as_draws,
)
from arbiter_app.core.checker import record_192 as file_record_192
from arbiter_app.core.checker.findings import Finding, Kind
from arbiter_app.core.checker.pairings import check_swiss
from arbiter_app.core.checker.rounds import FileRound
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import System
from arbiter_app.core.pairing.swiss import OWN_FALLBACK_LIMIT
from arbiter_app.core.trf.document import TrfDocument

ARTICLE = "FIDE C.04.3"
"""The rules an imported Swiss's rounds are compared with: the Dutch system."""

COMPARE_LIMIT = OWN_FALLBACK_LIMIT
"""The largest field whose rounds an import compares with the Dutch pairing: the largest
field gacrux takes over when Arbiter's engine cannot certify a round, so every round of a
field this size can be compared. Measured (CPU seconds for 11 rounds of a generated Swiss
that differs on every board): 0.8 s at 200 players, 12 s at 1,000 (two rounds go to gacrux,
4 s each), 6 s at 3,000, 21 s at 9,999, where the import itself takes 4.4 s of its 5 s."""

ENGINE = "own"
"""The engine that pairs the imported rounds again: Arbiter's (:mod:`..pairing.dutch_engine`)."""

_BOARD_KINDS = (Kind.PAIRING, Kind.COLOUR)


@dataclass(frozen=True, slots=True)
class RoundDifference:
    """One imported round that is not the Dutch pairing of the rounds before it.

    *boards* is how many games the file pairs in the round, *differ* how many of them
    the Dutch system pairs otherwise (other opponents, or the colours reversed); *bye*
    says that the pairing-allocated bye goes to another player; *unpairable* that the
    Dutch system gives no legal pairing for the round at all.
    """

    round: int
    boards: int
    differ: int
    bye: bool = False
    unpairable: bool = False

    def text(self) -> str:
        """What the ``### Import`` line and the import's question say of the round."""
        if self.unpairable:
            return (
                f"the Dutch system ({ARTICLE}) gives no legal pairing for round "
                f"{self.round}, which the file pairs"
            )
        if not self.differ:
            return f"the pairing-allocated bye is not the Dutch pairing's ({ARTICLE})"
        boards = words.count(self.boards, "board", thousands=True)
        verb = "differs" if self.differ == 1 else "differ"
        text = f"{self.differ:,} of {boards} {verb} from the Dutch pairing ({ARTICLE})"
        return f"{text}, and so does the pairing-allocated bye" if self.bye else text

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "boards": self.boards,
            "differ": self.differ,
            "bye": self.bye,
            "unpairable": self.unpairable,
        }


@dataclass(frozen=True, slots=True)
class DutchComparison:
    """What comparing an imported Swiss's rounds with the Dutch pairing found.

    *rounds* are the rounds that differ, in order. *not_compared* says why the rounds
    were not compared ("" when they were); *notes* how they were read (the checker's
    notes: manual pairings, the file's order, the final round).
    """

    rounds: tuple[RoundDifference, ...] = ()
    not_compared: str = ""
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The comparison as the import command records it (its ``dutch`` argument)."""
        return {
            "rounds": [r.to_json() for r in self.rounds],
            "not_compared": self.not_compared,
        }

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> DutchComparison:
        """The comparison an import command recorded; ValueError for one that is not.

        Every value is checked: a journal is read back from a file.
        """
        if not isinstance(value, Mapping) or set(value) - {"rounds", "not_compared"}:
            raise ValueError("the comparison with the Dutch pairing is an object of rounds")
        rounds = value.get("rounds", [])
        reason = value.get("not_compared", "")
        if not isinstance(rounds, list) or not isinstance(reason, str):
            raise ValueError("the comparison with the Dutch pairing lists its rounds")
        found: list[RoundDifference] = []
        for item in rounds:
            if not isinstance(item, Mapping) or set(item) != {
                "round",
                "boards",
                "differ",
                "bye",
                "unpairable",
            }:
                raise ValueError(f"not a round compared with the Dutch pairing: {item!r}")
            numbers = [item["round"], item["boards"], item["differ"]]
            if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in numbers):
                raise ValueError(f"a round compared with the Dutch pairing: {item!r}")
            if not isinstance(item["bye"], bool) or not isinstance(item["unpairable"], bool):
                raise ValueError(f"a round compared with the Dutch pairing: {item!r}")
            difference = RoundDifference(
                item["round"], item["boards"], item["differ"], item["bye"], item["unpairable"]
            )
            if difference.round < 1 or difference.differ > difference.boards:
                raise ValueError(f"a round compared with the Dutch pairing: {item!r}")
            if not (difference.differ or difference.bye or difference.unpairable):
                raise ValueError(f"round {difference.round} is listed but does not differ")
            found.append(difference)
        if [r.round for r in found] != sorted({r.round for r in found}):
            raise ValueError("the rounds compared with the Dutch pairing are listed in order")
        return cls(tuple(found), reason)


def is_dutch_swiss(doc: TrfDocument) -> bool:
    """Whether *doc* is a Swiss paired by the Dutch system: its record 192 says
    ``FIDE_DUTCH`` (with a suffix such as ``_BAKU`` or a year), or it has no record 192
    and reads as a Swiss (TRF-16 files, and engines' input, are Dutch by default)."""
    if doc.event.system is not System.SWISS:
        return False
    code = file_record_192(doc)[3:].strip().upper()
    return not code or code.startswith("FIDE_DUTCH")


def not_compared_reason(players: int, limit: int = COMPARE_LIMIT) -> str:
    """Why the rounds of a field of *players* (more than *limit*) were not compared on
    import, and how to compare them."""
    return (
        f"the rounds were not compared with the Dutch pairing ({ARTICLE}): the field has "
        f"{words.count(players, 'player', thousands=True)}, more than the "
        f"{limit:,} an import compares. FIDE's checklist (question 54, as its "
        "stricter reading has it) asks that every imported round be checked against the "
        "pairing rules, so compare them with 'arbiter-app check FILE --engine own' (the "
        "engine an import compares with) before pairing on; the absolute criteria "
        "(repeated games, colours, byes) were checked"
    )


def compare_imported_rounds(doc: TrfDocument, limit: int = COMPARE_LIMIT) -> DutchComparison:
    """Each round of *doc*'s Dutch Swiss set against the Dutch pairing of the rounds before it.

    Nothing is compared (an empty comparison) for another system or a file with no
    round; a field of more than *limit* players is not compared, and the comparison
    says why (:func:`not_compared_reason`).
    """
    event = doc.event
    if not is_dutch_swiss(doc) or event.rounds_played == 0:
        return DutchComparison()
    players = len(event.players)
    if players > limit:
        return DutchComparison(not_compared=not_compared_reason(players, limit))
    manual, unread = documented_pairings(doc)
    accelerated, acceleration = accelerated_event(doc)
    known: list[str] = []
    if doc.unknown_results:
        # Games whose result is not known are paired: checked as record 162's X, as 'check' does.
        accelerated, said = not_known_as_draws(accelerated, doc)
        known.append(said)
    try:
        findings, how = check_swiss(
            accelerated, doc.initial_colour, file_order(doc), manual, engine=ENGINE
        )
    except ArbiterError as exc:
        # A file the checker cannot read as a Dutch Swiss at all: the import says why, as
        # 'arbiter-app check FILE' would, and goes on with the absolute criteria.
        return DutchComparison(
            not_compared=f"the rounds could not be compared with the Dutch pairing "
            f"({ARTICLE}): {exc}"
        )
    notes = [*unread, *how, *known] + ([acceleration] if acceleration else [])
    by_round: dict[int, list[Finding]] = {}
    for finding in findings:
        if finding.round is not None:
            by_round.setdefault(finding.round, []).append(finding)
    rounds = tuple(
        _difference(rnd, found, len(FileRound.of(event, rnd).games))
        for rnd, found in sorted(by_round.items())
    )
    return DutchComparison(rounds, notes=tuple(notes))


def _difference(round_no: int, found: list[Finding], boards: int) -> RoundDifference:
    """The round's findings as how many of the file's *boards* differ, and the bye."""
    if any(f.kind is Kind.UNPAIRABLE for f in found):
        return RoundDifference(round_no, boards, boards, unpairable=True)
    # A finding names the file's games of the players it is about: each is a game the
    # Dutch pairing does not have (its players are paired otherwise, or coloured otherwise).
    games = {
        frozenset(pair) for f in found if f.kind in _BOARD_KINDS for pair in f.found if pair[1] != 0
    }
    bye = any(f.kind is Kind.BYE for f in found)
    return RoundDifference(round_no, boards, len(games), bye)
