"""What the reader has gathered from a file's lines, before the event is built."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbiter_app.core.errors import Issue
from arbiter_app.core.model import ByeRequest, Colour, Player, PointAdjustment, VirtualPoints
from arbiter_app.core.trf import extension as ext
from arbiter_app.core.trf.cells import Cell

DEFAULT_POINTS = "299-default"
"""The pseudo-tag of a 299 record that sets default points (a TRF-26 use of record 299)."""


@dataclass
class Item:
    """A line of the file in order: a model record (tag) or a kept line (text).

    *number* is the line's number in the file; *key* the pairing number of a
    player record (its anchor), None for other records.
    """

    text: str
    tag: str | None
    number: int = 0
    key: int | None = None


@dataclass
class Row:
    """A player record as read: the player, its rounds, its points and rank columns."""

    line: int
    player: Player
    cells: list[Cell]
    points: Fraction | None
    rank: int | None


class ReadState:
    """Everything read so far; problems go to *issues*, doubts to *warnings*."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.issues: list[Issue] = []
        self.warnings: list[Issue] = []
        self.notes: list[Issue] = []
        self.xxs: dict[str, Fraction] = {}
        """JaVaFo's point system (record XXS), by Arbiter's field name."""
        self.xxp: list[tuple[list[int], int]] = []
        """JaVaFo's forbidden pairs (XXP), with their lines."""
        self.xxz: list[tuple[int, int]] = []
        """JaVaFo's players absent from the round to pair (XXZ), with their lines."""
        self.xxa: dict[int, list[Fraction]] = {}
        """JaVaFo's acceleration records (XXA): each player's virtual points, round 1 first."""
        self.items: list[Item] = []
        self.seen: dict[str, int] = {}
        self.tags: set[str] = set()
        self.info: dict[str, object] = {}
        self.deputies: list[str] = []
        self.counts: dict[str, tuple[str, int]] = {}
        self.planned = 0
        self.colour: Colour | None = None
        self.xxc: list[str] = []
        self.values_162: dict[str, Fraction] = {}
        self.x_points: Fraction | None = None
        """Record 162's ``X``: the points of a result not known (TRF-26: a draw's by default)."""
        self.tiebreak_lists: dict[str, tuple[str, ...]] = {}
        self.defaults_299: dict[str, Fraction] = {}
        self.rows: list[Row] = []
        self.byes: list[tuple[ByeRequest, int, int]] = []
        self.forbidden: list[tuple[int, int, list[int], int, Item]] = []
        self.adjustments: list[tuple[PointAdjustment, int]] = []
        self.accelerations: list[VirtualPoints] = []
        self.arb = ext.ArbiterRecords()
        self.nrs_federation: str | None = None
        """Record 172's federation: the tag of the National Rating Support records."""
        self.nrs: dict[int, tuple[int | None, str, int]] = {}
        self.line_no = 0
        """The line being read."""
        self.newline = "\n"
        self.corrected: set[int] = set()
        """Lines whose derived data (points, counts) the writer will write anew."""

    # -- helpers -------------------------------------------------------------
    def issue(self, line: int, col: int, message: str) -> None:
        self.issues.append(Issue(self.source, line, col, message))

    def warn(self, line: int, col: int, message: str) -> None:
        self.warnings.append(Issue(self.source, line, col, message))

    def note(self, line: int, col: int, message: str) -> None:
        """What the reading took that the file did not say in TRF-26's words: a default
        (no 142, 162, 192, 202), another program's record read as TRF-26's (XXA, XXS),
        TRF-2006's codes."""
        self.notes.append(Issue(self.source, line, col, message))

    def keep(self, text: str) -> None:
        self.items.append(Item(text, None, self.line_no))

    def model(self, text: str, tag: str, key: int | None = None) -> Item:
        item = Item(text, tag, self.line_no, key)
        self.items.append(item)
        return item

    def known(
        self, tpn: int, players: dict[int, Player], line: int, what: str, col: int = 5
    ) -> bool:
        """Whether *tpn* is a player of the file; if not, say so where the record names it."""
        if tpn in players:
            return True
        self.issue(line, col, f"{what}: there is no player {tpn} in the file")
        return False
