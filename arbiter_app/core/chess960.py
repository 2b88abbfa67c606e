"""Chess960: the event's variant and the starting positions drawn for its rounds.

FIDE's Laws of Chess, Guidelines II (Chess960 Rules): before a Chess960 game a
starting position is set up at random (II.1); the white pieces stand on the
first rank with the king between the two rooks and the bishops on squares of
opposite colours, the black pieces opposite them (II.2.1-II.2.3), and the
position "can be generated before the game either by a computer program or
using dice, coin, cards, etc." (II.2). In an event every board of a round plays
the same position, drawn by the arbiter before the round; the regulations may
instead announce one position for the whole event.

The 960 positions are numbered 0 to 959 in Scharnagl's numbering, the numbering
of the Chess960 literature and of every program that names a position by a
number: 518 is the standard starting position (RNBQKBNR). The position of a
number is python-chess's ``Board.from_chess960_pos``; the tests check it
against the numbering rule for all 960.

A drawn position is a recorded draw (:mod:`arbiter_app.core.lots`): drawn by
the application from a stored seed, so the same seed always gives the same
number, or drawn at the venue and typed in by the arbiter.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.lots import Draw, DrawMethod, seeded_number

POSITIONS = 960
"""How many Chess960 starting positions there are (numbered 0 to 959)."""
STANDARD_POSITION = 518
"""The number of the standard starting position, RNBQKBNR, in Scharnagl's numbering."""
ARTICLE = "FIDE Laws of Chess, Guidelines II.1-II.2 (Chess960 Rules)"
"""The rule the draw of a starting position follows."""


class Variant(enum.Enum):
    """The game the event's boards play."""

    STANDARD = "standard"
    """Chess from the standard starting position (FIDE Laws of Chess, Article 2)."""
    CHESS960 = "chess960"
    """Chess960 (FIDE Laws of Chess, Guidelines II): a starting position drawn by lot."""

    @property
    def label(self) -> str:
        return "Chess960" if self is Variant.CHESS960 else "standard chess"


def checked_variant(value: object) -> Variant:
    """*value* as a variant, or RuleError naming the known ones."""
    try:
        return Variant(value)
    except ValueError:
        known = ", ".join(v.value for v in Variant)
        raise RuleError(f"unknown variant {value!r} (known: {known})") from None


def checked_number(value: object) -> int:
    """*value* as a starting position's number, 0 to 959, else RuleError with the reason."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            f"a Chess960 starting position is a whole number from 0 to {POSITIONS - 1}, "
            f"not {value!r}"
        )
    if not 0 <= value < POSITIONS:
        raise RuleError(
            f"a Chess960 starting position is numbered from 0 to {POSITIONS - 1} "
            f"(Scharnagl's numbering; {STANDARD_POSITION} is the standard position), "
            f"not {value}"
        )
    return value


def back_rank(number: int) -> str:
    """White's first rank of position *number*, file a first: 518 is ``RNBQKBNR``."""
    import chess  # python-chess is loaded where a position is set up, not with the core

    board = chess.Board.from_chess960_pos(checked_number(number))
    return "".join(
        piece.symbol() if (piece := board.piece_at(chess.square(f, 0))) else "?" for f in range(8)
    )


def fen(number: int) -> str:
    """The position *number* as a FEN (X-FEN castling letters, as PGN files of Chess960
    games write it in their ``FEN`` tag)."""
    import chess

    return str(chess.Board.from_chess960_pos(checked_number(number)).fen())


def drawn_number(seed: int) -> int:
    """The position drawn from *seed*: each of the 960 equally likely (II.1: at random)."""
    return seeded_number(seed, POSITIONS)


@dataclass(frozen=True, slots=True)
class StartingPosition:
    """The starting position drawn for a round (*round*), or for every round of the event
    (*round* None), and how it was drawn."""

    number: int
    round: int | None
    method: DrawMethod
    seed: int | None = None
    witnesses: tuple[str, ...] = ()

    @property
    def back_rank(self) -> str:
        return back_rank(self.number)

    @property
    def fen(self) -> str:
        return fen(self.number)

    @property
    def standard(self) -> bool:
        return self.number == STANDARD_POSITION

    def label(self) -> str:
        """``Chess960 position 518 (RNBQKBNR, the standard position)``."""
        extra = ", the standard position" if self.standard else ""
        return f"Chess960 position {self.number} ({self.back_rank}{extra})"

    def scope(self) -> str:
        return "every round" if self.round is None else f"round {self.round}"

    def how(self) -> str:
        """How it was drawn: by the application from its seed, or at the venue."""
        how = (
            f"drawn by the application from seed {self.seed}"
            if self.method is DrawMethod.SEEDED
            else "drawn at the venue, entered by the arbiter"
        )
        return how + (f"; witnesses: {', '.join(self.witnesses)}" if self.witnesses else "")

    def draw(self) -> Draw:
        """The position as a drawing of lots (for the protocol): one number among 960."""
        return Draw(
            f"Chess960 starting position of {self.scope()}",
            self.method,
            (0, POSITIONS - 1),
            (self.number,),
            self.seed,
            self.witnesses,
            ARTICLE,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "round": self.round,
            "method": self.method.value,
            "seed": self.seed,
            "witnesses": list(self.witnesses),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StartingPosition:
        seed = data.get("seed")
        round_no = data.get("round")
        return cls(
            checked_number(data["number"]),
            None if round_no is None else int(round_no),
            DrawMethod(data["method"]),
            None if seed is None else int(seed),
            tuple(str(w) for w in data.get("witnesses", ())),
        )


def seeded_position(
    round_no: int | None, seed: int, *, witnesses: Sequence[str] = ()
) -> StartingPosition:
    """The position of *round_no* (None: of every round) drawn from *seed*."""
    return StartingPosition(drawn_number(seed), round_no, DrawMethod.SEEDED, seed, tuple(witnesses))


def physical_position(
    round_no: int | None, number: object, *, witnesses: Sequence[str] = ()
) -> StartingPosition:
    """The position of *round_no* (None: of every round) drawn at the venue: *number* as
    the arbiter typed it, checked."""
    return StartingPosition(
        checked_number(number), round_no, DrawMethod.PHYSICAL, None, tuple(witnesses)
    )


def position_of_round(
    positions: Mapping[int | None, StartingPosition], round_no: int
) -> StartingPosition | None:
    """The position round *round_no* plays: its own, else the event's, else None (not drawn)."""
    return positions.get(round_no) or positions.get(None)


TRF_NOTE = (
    "TRF-26 has no record for Chess960: the report says the variant and each round's "
    "starting position in ### lines."
)
"""The note of a rating report of a Chess960 event (the report's notes name every fact it
cannot hold in a record)."""


def trf_lines(positions: Mapping[int | None, StartingPosition], rounds: int) -> list[str]:
    """The report's ``###`` lines of a Chess960 event whose report holds *rounds* rounds:
    one for the position of every round, else one for each round drawn, round 1 first
    (``### Chess960 round 1: position 312 (NBQRBKRN)``); a round not drawn says so."""
    every = positions.get(None)
    if every is not None:
        return [f"### Chess960 every round: position {every.number} ({every.back_rank})"]
    lines = []
    for round_no in range(1, rounds + 1):
        own = positions.get(round_no)
        text = "not drawn" if own is None else f"position {own.number} ({own.back_rank})"
        lines.append(f"### Chess960 round {round_no}: {text}")
    return lines
