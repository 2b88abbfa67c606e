"""What a TRF file holds besides the :class:`~arbiter_app.core.model.Event`.

A :class:`TrfDocument` is the event plus everything needed to write the same
file back: the TRF version, the rank column, the first player's colour, and
every line the model has no place for (comments, unknown records, records
such as 202/212/222 that Arbiter keeps verbatim), each remembered together
with the model record it stood before, so that a file written in the usual
record order comes back character for character.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from arbiter_app.core.errors import ArbiterError, Issue
from arbiter_app.core.model import Colour, Event

Anchor = tuple[str, int]
"""A model record in a file: its tag and how many records of that tag came before it."""


class TrfVersion(enum.Enum):
    """The two FIDE Tournament Report File formats Arbiter reads and writes."""

    TRF16 = "TRF-16"
    TRF26 = "TRF-26"

    @classmethod
    def parse(cls, text: str) -> TrfVersion:
        """``"TRF-16"``, ``"trf16"``, ``"16"``, ``"2016"`` (and the same for 26/2026)."""
        digits = "".join(ch for ch in text if ch.isdigit())
        if digits in ("16", "2016"):
            return cls.TRF16
        if digits in ("26", "2026"):
            return cls.TRF26
        raise ValueError(f"unknown TRF version {text!r} (TRF-16 or TRF-26)")


@dataclass(frozen=True, slots=True)
class KeptLine:
    """A line kept verbatim: a ``###`` comment, a blank line or a record Arbiter does not model.

    *before* names the model record the line stood in front of (None: after
    the last one), so that the writer puts it back in the same place.
    """

    text: str
    before: Anchor | None = None

    @property
    def tag(self) -> str:
        return self.text[:3]


@dataclass(frozen=True)
class TrfDocument:
    """A tournament report file: the event and what writing it back needs.

    - *version*: TRF-16 or TRF-26 (detected on reading from the records present).
    - *initial_colour*: the colour of the first player in round 1 (TRF-26
      record 152, TRF-16 ``XXC white1`` / ``XXC black1``); None when not stated.
    - *xxc_options*: the other ``XXC`` words (for example ``rank``), in order.
    - *ranks*: the rank column of the player records (the writer ranks by
      score the players missing here).
    - *kept*: lines the model has no place for, in file order.
    - *warnings*: things that looked wrong but did not stop the reading (for
      example a points column that disagrees with the results); they do not
      take part in comparisons.
    """

    event: Event
    version: TrfVersion = TrfVersion.TRF26
    initial_colour: Colour | None = None
    xxc_options: tuple[str, ...] = ()
    ranks: Mapping[int, int] = field(default_factory=dict)
    kept: tuple[KeptLine, ...] = ()
    warnings: tuple[Issue, ...] = field(default=(), compare=False)


class TrfWriteError(ArbiterError):
    """The event holds something a TRF file cannot say (a name too long for its columns, …)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("cannot write the TRF file:\n" + "\n".join(self.problems))
