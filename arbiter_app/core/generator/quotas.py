"""How many byes, forfeits or unusual results a generated round gets: a count or a percentage.

The Random Tournament Generator of FIDE's checklist (C.02) takes each kind of
irregular round "as a count or a percentage, optionally per round". A quota
is written as comma-separated parts:

- ``3``: three per round;
- ``5%``: five per cent of the players (byes) or of the boards (forfeits and
  unusual results) of every round, rounded half up;
- ``r3:2`` / ``r3:10%``: round 3 gets two (ten per cent), overriding the
  every-round part for that round.

So ``5%,r1:0,r9:0`` means five per cent in every round but the first and the
ninth.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.points import format_decimal

_PART = re.compile(r"^(?:r(?P<round>\d+):)?(?P<value>\d+(?:\.\d+)?)(?P<percent>%?)$")


class QuotaError(ArbiterError):
    """A quota that cannot be read (the message quotes it and says what is expected)."""


@dataclass(frozen=True, slots=True)
class Amount:
    """A count, or a share of the round's players or boards."""

    value: Fraction
    percent: bool

    def of(self, population: int) -> int:
        """The number for a round of *population* players or boards, never above it."""
        if not self.percent:
            return min(int(self.value), population)
        exact = self.value * population / 100
        return min(int(exact + Fraction(1, 2)), population)  # half up

    def __str__(self) -> str:
        number = format_decimal(self.value, 4).rstrip("0").rstrip(".")
        return number + ("%" if self.percent else "")


NONE = Amount(Fraction(0), False)


@dataclass(frozen=True, slots=True)
class Quota:
    """An amount for every round, and amounts for given rounds."""

    every_round: Amount = NONE
    by_round: Mapping[int, Amount] = field(default_factory=dict)

    def amount(self, round_no: int) -> Amount:
        return self.by_round.get(round_no, self.every_round)

    def count(self, round_no: int, population: int) -> int:
        return self.amount(round_no).of(population)

    @property
    def is_zero(self) -> bool:
        return self.every_round.value == 0 and all(a.value == 0 for a in self.by_round.values())

    def __str__(self) -> str:
        parts = [str(self.every_round)] if self.every_round.value or not self.by_round else []
        parts += [f"r{r}:{a}" for r, a in sorted(self.by_round.items())]
        return ",".join(parts)


def parse_quota(text: str, what: str = "quota") -> Quota:
    """Read ``"3"``, ``"5%"``, ``"r3:2"`` or a comma-separated mix of them.

    Raises :class:`QuotaError` naming *what* (the option) and the part that is wrong.
    """
    every: Amount | None = None
    rounds: dict[int, Amount] = {}
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or not all(parts):
        raise QuotaError(f"{what}: {text!r} is empty; give a count (3), a share (5%) or r3:2")
    for part in parts:
        m = _PART.match(part.lower())
        if m is None:
            raise QuotaError(
                f"{what}: {part!r} is not a count (3), a share (5%) or a round's amount (r3:2)"
            )
        amount = Amount(Fraction(m.group("value")), bool(m.group("percent")))
        if not amount.percent and amount.value.denominator != 1:
            raise QuotaError(f"{what}: {part!r}: a count is a whole number")
        if amount.percent and amount.value > 100:
            raise QuotaError(f"{what}: {part!r}: a share is at most 100%")
        if m.group("round") is None:
            if every is not None:
                raise QuotaError(f"{what}: {text!r} gives the every-round amount twice")
            every = amount
            continue
        round_no = int(m.group("round"))
        if round_no < 1:
            raise QuotaError(f"{what}: {part!r}: rounds are numbered from 1")
        if round_no in rounds:
            raise QuotaError(f"{what}: {text!r} gives round {round_no} twice")
        rounds[round_no] = amount
    return Quota(every or NONE, rounds)
