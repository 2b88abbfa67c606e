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
import hashlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from arbiter_app.core.errors import ArbiterError, Issue
from arbiter_app.core.model import Colour, Event
from arbiter_app.core.trf.double_swiss_origin import SystemReading
from arbiter_app.core.trf.records import GAME_CODES, UNKNOWN_RESULT, UNPLAYED_CODES

KNOWN_CODES = frozenset(GAME_CODES) | frozenset(UNPLAYED_CODES) | {UNKNOWN_RESULT}
"""The result codes of a player record that are TRF's own, and ``?``."""

Anchor = tuple[str, int]
"""A model record in a file: its tag and how many records of that tag came before it
(for a player record ``001``: its pairing number)."""


class Deferred(Mapping[Anchor, tuple[str, str]]):
    """A mapping worked out the first time it is read.

    The reader's :attr:`TrfDocument.verbatim` compares every record of the file
    with Arbiter's own text of it, which takes as long as writing the whole
    file; only writing the file back reads it, so reading a file for its
    standings or its sheets does not pay for it.
    """

    __slots__ = ("_compute", "_value")

    def __init__(self, compute: Callable[[], Mapping[Anchor, tuple[str, str]]]) -> None:
        self._compute: Callable[[], Mapping[Anchor, tuple[str, str]]] | None = compute
        self._value: Mapping[Anchor, tuple[str, str]] | None = None

    def _mapping(self) -> Mapping[Anchor, tuple[str, str]]:
        if self._value is None:
            assert self._compute is not None
            self._value = self._compute()
            self._compute = None  # what it needed can go
        return self._value

    def __getitem__(self, anchor: Anchor) -> tuple[str, str]:
        return self._mapping()[anchor]

    def __iter__(self) -> Iterator[Anchor]:
        return iter(self._mapping())

    def __len__(self) -> int:
        return len(self._mapping())

    def __repr__(self) -> str:
        return repr(dict(self._mapping()))


class TrfVersion(enum.Enum):
    """The two FIDE Tournament Report File formats Arbiter reads and writes."""

    TRF16 = "TRF-16"
    TRF26 = "TRF-26"

    @classmethod
    def parse(cls, text: str) -> TrfVersion:
        """``"TRF-16"``, ``"trf16"``, ``"16"``, ``"2016"`` (and the same for 26/2026)."""
        digits = "".join(ch for ch in text if ch.isdecimal())
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


@dataclass(frozen=True, slots=True)
class UnknownResult:
    """A game paired in the file whose result is not known: written ``?`` (an adjourned
    game, TRF-26's ``X`` of record 162) or with a code TRF-26 does not define.

    *white* and *black* are the two players (the lower pairing number first when the file
    gives no colours); *codes* are the result codes as the two records wrote them, White's
    first; *line* is the line of the first of the two records.
    """

    round: int
    white: int
    black: int
    codes: tuple[str, str] = (UNKNOWN_RESULT, UNKNOWN_RESULT)
    line: int = 0

    @property
    def adjourned(self) -> bool:
        """Both records wrote ``?``: the mark of a game adjourned (C.02, question 165)."""
        return self.codes == (UNKNOWN_RESULT, UNKNOWN_RESULT)

    @property
    def odd_codes(self) -> tuple[str, ...]:
        """The codes that are not TRF's (neither ``?`` nor a result), in the file's order."""
        return tuple(dict.fromkeys(c for c in self.codes if c not in KNOWN_CODES))

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "white": self.white,
            "black": self.black,
            "codes": "".join(self.codes),
        }


@dataclass(frozen=True)
class TrfDocument:
    """A tournament report file: the event and what writing it back needs.

    - *version*: TRF-16 or TRF-26 (detected on reading from the records present).
    - *initial_colour*: the colour of the first player in round 1 (TRF-26
      record 152, TRF-16 ``XXC white1`` / ``XXC black1``); None when not stated.
    - *xxc_options*: the other ``XXC`` words (for example ``rank``), in order.
    - *ranks*: the rank column of the player records (the writer ranks by
      score the players missing here).
    - *tiebreaks*: the tie-break list of TRF-26 records 212/202 (without ``PTS``).
    - *kept*: lines the model has no place for, in file order.
    - *verbatim*: for each model record the file wrote otherwise than Arbiter
      would, the pair (Arbiter's text of the record as read, the file's own
      line); the writer gives the file's line back while Arbiter's text of the
      record is still the same, so an unchanged record keeps its exact form
      (``042 28. 07. 2005``, ``062 15 (12)``, a birth year alone, spacing).
    - *order*: the model records in file order; the writer keeps that order
      and puts records the file did not have after their usual predecessor.
    - *newline*: the line end the file used (``\n``, ``\r\n`` or ``\r``).
    - *pending_cells*: the bye requests of the round still to be paired were
      cells of the player records (``0000 - H``), as TRF-16 engines read them,
      rather than 240 records; the writer writes them back the same way.
    - *results*: :func:`results_key` of the event as read: while the event's
      results still give this key, its standings are those of the file and
      the file's rank column is kept. None: not worked out yet, which the
      reader leaves it (only writing the file back asks, and the key costs a
      digest of every round of every player); :meth:`results_as_read` works it
      out from *event*, the event as read.
    - *warnings*: things that looked wrong but did not stop the reading (for
      example a points column that disagrees with the results); they do not
      take part in comparisons.
    - *notes*: what the reading took that the file did not say in TRF-26's words: the
      defaults of the records it lacks (142, 162, 192, 202), other programs' records
      read as TRF-26's (JaVaFo's XXA as 250, XXS as 162), TRF-2006's codes; like the
      warnings they do not take part in comparisons.
    - *comments*: ``###`` lines the event adds to the file, written after every
      record in their order: the log of pairing-integrity events and leaving FIDE
      mode (FIDE C.02, :mod:`arbiter_app.core.fide_mode`). Comment lines a file
      had are kept lines, where they stood.
    - *unknown_results*: the games paired whose result is not known (``?``, or a code
      TRF-26 does not define): the event holds no round for either player there (a
      blank); the writer writes each with ``?`` and record 162's ``X`` (C.02, question 164).
    - *controller*: record 182 as the file said it (TRF-26's Pairing Controller
      Identifier, the program or person that made the pairings); "" when it had none.
    - *system_reading*: which double Swiss a file whose record 192 says
      ``FIDE_DOUBLESWISS`` was read as, and why
      (:mod:`arbiter_app.core.trf.double_swiss_origin`); None for other files.
    """

    event: Event
    version: TrfVersion = TrfVersion.TRF26
    initial_colour: Colour | None = None
    xxc_options: tuple[str, ...] = ()
    ranks: Mapping[int, int] = field(default_factory=dict)
    tiebreaks: tuple[str, ...] = ()
    kept: tuple[KeptLine, ...] = ()
    verbatim: Mapping[Anchor, tuple[str, str]] = field(default_factory=dict)
    order: tuple[Anchor, ...] = ()
    newline: str = "\n"
    pending_cells: bool = False
    results: str | None = None
    warnings: tuple[Issue, ...] = field(default=(), compare=False)
    notes: tuple[Issue, ...] = field(default=(), compare=False)
    comments: tuple[str, ...] = ()
    controller: str = ""
    unknown_results: tuple[UnknownResult, ...] = ()
    system_reading: SystemReading | None = field(default=None, compare=False)

    def results_as_read(self) -> str:
        """*results*, worked out from *event* when the reader left it to be."""
        return self.results if self.results is not None else results_key(self.event)


def results_key(event: Event) -> str:
    """A digest of the results the standings are made of: who played whom with what result,
    byes, points, adjustments, withdrawals, the system and the rule set.

    Ratings are left out: correcting a rating after an import keeps the file's
    official ranks (only the rating-based tie-breaks could move, and files
    that rank by them are rare enough to be corrected by hand).
    """
    parts: list[object] = [
        event.point_system,
        event.round_point_systems,
        event.adjustments,
        event.system,
        event.rule_set,
    ]
    for player in sorted(event.players, key=lambda p: p.tpn):
        parts.append((player.tpn, player.disqualified, player.withdrawn_from_round))
        parts.append(event.entries_of(player.tpn))
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


class TrfWriteError(ArbiterError):
    """The event holds something a TRF file cannot say (a name too long for its columns, …)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("cannot write the TRF file:\n" + "\n".join(self.problems))
