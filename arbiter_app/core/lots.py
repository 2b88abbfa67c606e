"""Drawing of lots: every random decision is a recorded draw.

A draw is either made by the application from a seed, which is stored so the
same seed always gives the same outcome (anyone can redo it from the seed and
the documented algorithm below), or it is a physical draw at the venue whose
outcome the arbiter types in. Both are values of :class:`Draw`; the session
journals them with the time and the witnesses, and the printed protocol shows
them (FIDE C.05 and C.07 3.1.4: pairing numbers of a play-off by lot; GCT 2023
articles 2.3, 2.4.1, 2.5.3, 3.3, 3.4.1, 3.5.3, 4.7, 4.9).

The seeded shuffle does not depend on Python's ``random`` module: it is a
Fisher–Yates shuffle whose random numbers are taken from SHA-256 of the seed
and a counter, so the outcome is fixed by this file's algorithm alone.

The core never makes up a seed (it has no global random state); the caller
passes a fresh one (the session takes it from the operating system).
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbiter_app.core.errors import RuleError

COLOUR_DRAW = "colour of the top-ranked player in round 1"
"""The purpose of the round-1 colour draw: candidates 0 (White) and 1 (Black)."""
COLOUR_ARTICLE = "FIDE C.04.3 article 5.2.5"
DOUBLE_SWISS_COLOUR_ARTICLE = "FIDE C.04.5 article 4.1"
"""The initial-colour of FIDE's Double-Swiss, drawn by lot before the pairing of round 1."""
COLOUR_NAMES = {0: "White", 1: "Black"}


class DrawMethod(enum.Enum):
    SEEDED = "seeded"
    """Drawn by the application from a stored seed."""
    PHYSICAL = "physical"
    """Drawn at the venue (cards, envelopes, a coin); the outcome was typed in."""


@dataclass(frozen=True, slots=True)
class Draw:
    """One drawing of lots.

    *candidates* are what was drawn among (pairing numbers, or ``0``/``1`` for
    a coin), in the order they were listed; *outcome* is the drawn order
    (for a coin toss, a single winner). *seed* is set for seeded draws.
    """

    purpose: str
    method: DrawMethod
    candidates: tuple[int, ...]
    outcome: tuple[int, ...]
    seed: int | None = None
    witnesses: tuple[str, ...] = ()
    article: str = ""

    def how(self) -> str:
        """How the lots were drawn and who saw it: "physical draw entered by the arbiter;
        witnesses: J. Ortiz"."""
        how = (
            f"drawn by the application from seed {self.seed}"
            if self.method is DrawMethod.SEEDED
            else "physical draw entered by the arbiter"
        )
        return how + (f"; witnesses: {', '.join(self.witnesses)}" if self.witnesses else "")

    def describe(self) -> str:
        # A purpose may be a sentence of its own (the prompt the arbiter was shown).
        return f"{self.purpose.rstrip('.')}: {', '.join(map(str, self.outcome))} ({self.how()})"


def draw_to_json(draw: Draw) -> dict[str, Any]:
    """The draw as the journal and the event file keep it."""
    return {
        "purpose": draw.purpose,
        "method": draw.method.value,
        "candidates": list(draw.candidates),
        "outcome": list(draw.outcome),
        "seed": draw.seed,
        "witnesses": list(draw.witnesses),
        "article": draw.article,
    }


def draw_from_json(data: Mapping[str, Any]) -> Draw:
    """Read back a draw written by :func:`draw_to_json`."""
    seed = data.get("seed")
    return Draw(
        str(data["purpose"]),
        DrawMethod(data["method"]),
        tuple(int(c) for c in data["candidates"]),
        tuple(int(c) for c in data["outcome"]),
        None if seed is None else int(seed),
        tuple(str(w) for w in data.get("witnesses", ())),
        str(data.get("article", "")),
    )


class _SeedStream:
    """Uniform integers from SHA-256(seed, counter): portable and documented."""

    def __init__(self, seed: int) -> None:
        if seed < 0:
            raise ValueError("a seed is a non-negative integer")
        self._seed = seed.to_bytes((seed.bit_length() + 8) // 8 or 1, "big")
        self._counter = 0

    def _block(self) -> int:
        data = self._seed + b":" + self._counter.to_bytes(8, "big")
        self._counter += 1
        return int.from_bytes(hashlib.sha256(data).digest(), "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("empty range")
        limit = (1 << 256) - ((1 << 256) % n)
        while True:
            x = self._block()
            if x < limit:
                return x % n


def shuffled(items: Sequence[int], seed: int) -> tuple[int, ...]:
    """Fisher–Yates shuffle of *items* driven by *seed*; the same seed, the same order."""
    out = list(items)
    stream = _SeedStream(seed)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def seeded_number(seed: int, n: int) -> int:
    """A number in ``range(n)`` drawn from *seed* (a Chess960 starting position among its
    960): the first draw of the same SHA-256 stream as the shuffle, without modulo bias,
    so anyone can draw it from the seed again."""
    return _SeedStream(seed).below(n)


def derived_seeds(seed: int, count: int) -> tuple[int, ...]:
    """*count* seeds for as many draws one action makes from its one stored seed (the
    pairing numbers of each quad of a ladder): numbers below 2**63 read from the same
    SHA-256 stream as the shuffle, so anyone can derive them from the seed again."""
    stream = _SeedStream(seed)
    return tuple(stream.below(1 << 63) for _ in range(count))


def seeded_draw(
    purpose: str,
    candidates: Sequence[int],
    seed: int,
    *,
    witnesses: Sequence[str] = (),
    article: str = "",
) -> Draw:
    """Draw an order of *candidates* from *seed* (e.g. play-off pairing numbers)."""
    return Draw(
        purpose,
        DrawMethod.SEEDED,
        tuple(candidates),
        shuffled(candidates, seed),
        seed,
        tuple(witnesses),
        article,
    )


def _and(numbers: Sequence[int]) -> str:
    items = [str(n) for n in numbers]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def order_problem(candidates: Sequence[int], outcome: Sequence[int]) -> str | None:
    """What is wrong with *outcome* as the order drawn among *candidates*, in words
    ("the order drawn must name each of 1, 3 and 7 exactly once: 2 is not drawn among
    them, 7 is missing"), or None when it is an order of them."""
    if sorted(outcome) == sorted(candidates):
        return None
    wrong = [
        *(f"{n} is not drawn among them" for n in sorted(set(outcome) - set(candidates))),
        *(
            f"{n} is named twice"
            for n in sorted({n for n in outcome if list(outcome).count(n) > 1})
        ),
        *(f"{n} is missing" for n in sorted(set(candidates) - set(outcome))),
    ]
    return (
        f"the order drawn must name each of {_and(sorted(candidates))} exactly once: "
        + ", ".join(wrong)
    )


def physical_draw(
    purpose: str,
    candidates: Sequence[int],
    outcome: Sequence[int],
    *,
    witnesses: Sequence[str] = (),
    article: str = "",
) -> Draw:
    """Record a draw made at the venue; *outcome* must be an order of the candidates."""
    problem = order_problem(candidates, outcome)
    if problem is not None:
        raise RuleError(problem)
    return Draw(
        purpose,
        DrawMethod.PHYSICAL,
        tuple(candidates),
        tuple(outcome),
        None,
        tuple(witnesses),
        article,
    )


def seeded_toss(
    purpose: str,
    sides: Sequence[int],
    seed: int,
    *,
    witnesses: Sequence[str] = (),
    article: str = "",
) -> Draw:
    """Toss a coin between two *sides* (e.g. two pairing numbers); the outcome is the winner."""
    if len(sides) != 2:
        raise RuleError("a coin toss is between exactly two sides")
    winner = sides[_SeedStream(seed).below(2)]
    return Draw(
        purpose, DrawMethod.SEEDED, tuple(sides), (winner,), seed, tuple(witnesses), article
    )


def physical_toss(
    purpose: str,
    sides: Sequence[int],
    winner: int,
    *,
    witnesses: Sequence[str] = (),
    article: str = "",
) -> Draw:
    """Record a coin tossed by the arbiter: *winner* must be one of the two sides."""
    if len(sides) != 2:
        raise RuleError("a coin toss is between exactly two sides")
    if winner not in sides:
        raise RuleError(f"the toss winner {winner} is not one of {list(sides)}")
    return Draw(
        purpose, DrawMethod.PHYSICAL, tuple(sides), (winner,), None, tuple(witnesses), article
    )
