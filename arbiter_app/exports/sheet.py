"""The printed sheet as a value: headings, header fields, tables and signature lines.

Every sheet the venue needs (pairings, result slips, crosstables, standings,
the lot-drawing protocol, the play-off kit) is first built as a :class:`Sheet`
from a core read model; :mod:`arbiter_app.exports.html` turns a sheet into
HTML, which is both the HTML export and what the printer lays out as PDF. So
the paper and the file always say the same thing.

Cells are plain text; escaping is the renderer's job, never the builder's.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

_RTL_RANGES = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF))


def embed(name: str) -> str:
    """*name* made safe to print inside a left-to-right sentence.

    A right-to-left name (Arabic, Hebrew) would otherwise pull the numbers
    and punctuation that follow it into its own direction ("4 محمد; 3" shows
    as "4 3 ;محمد"); a left-to-right mark after it ends its run (Unicode
    bidirectional algorithm, UAX #9).
    """
    if any(lo <= ord(ch) <= hi for ch in name for lo, hi in _RTL_RANGES):
        return name + "\u200e"
    return name


class Paper(enum.Enum):
    """The paper sizes a sheet can be printed on (width × height in millimetres)."""

    A4 = "a4"
    LETTER = "letter"

    @property
    def size_mm(self) -> tuple[float, float]:
        return (210.0, 297.0) if self is Paper.A4 else (215.9, 279.4)

    @staticmethod
    def parse(text: str) -> Paper:
        try:
            return Paper(text.strip().lower())
        except ValueError:
            raise ValueError(f"unknown paper size {text!r}: use a4 or letter") from None


class Align(enum.Enum):
    LEFT = "left"
    CENTER = "center"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: its title, alignment and share of the line width in percent (0: auto)."""

    title: str
    align: Align = Align.LEFT
    width: int = 0
    nowrap: bool = False
    """Kept on one line (a player's name in a crosstable): the column widens instead."""


@dataclass(frozen=True, slots=True)
class Heading:
    text: str
    level: int = 2


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str
    small: bool = False


@dataclass(frozen=True, slots=True)
class Fields:
    """Label/value pairs printed as a compact block (the event header, a draw's details)."""

    items: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Table:
    """A table whose header row repeats on every printed page.

    *strong_rows* are row indexes printed in bold (a winner, a tied group's head).
    """

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    strong_rows: frozenset[int] = frozenset()
    small: bool = False

    def __post_init__(self) -> None:
        width = len(self.columns)
        for i, row in enumerate(self.rows):
            if len(row) != width:
                raise ValueError(f"table row {i + 1} has {len(row)} cells, expected {width}")


@dataclass(frozen=True, slots=True)
class Signatures:
    """Lines to sign on, one per label ("White", "Black", "Arbiter")."""

    labels: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Box:
    """Blocks framed together (a result slip, an Armageddon game card)."""

    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Cutouts:
    """Pieces printed *across* to a line, each framed by dashed lines to cut along.

    Result slips six or eight to a page: the arbiter cuts the page along the
    dashes and hands each board its slip.
    """

    pieces: tuple[tuple[Block, ...], ...]
    across: int = 2


@dataclass(frozen=True, slots=True)
class PageBreak:
    pass


@dataclass(frozen=True, slots=True)
class BracketNode:
    """One box of a knockout bracket: its text and the boxes that lead into it."""

    text: str
    children: tuple[BracketNode, ...] = ()
    strong: bool = False

    @property
    def span(self) -> int:
        """Rows the box covers: one per first-round box under it."""
        return sum(c.span for c in self.children) or 1

    @property
    def depth(self) -> int:
        return 1 + max((c.depth for c in self.children), default=0)


@dataclass(frozen=True, slots=True)
class Bracket:
    """A knockout drawn as a tree: *roots* are the last boxes (the final, or the winner).

    *columns* titles the columns from the first round to the roots; a root
    whose tree is shallower than the others is drawn in the last column.
    """

    columns: tuple[str, ...]
    roots: tuple[BracketNode, ...]


@dataclass(frozen=True, slots=True)
class Picture:
    """A square PNG image printed centred, *side_mm* wide (the players' page's QR code).

    Carried as a ``data:`` URL, which a browser and Qt's rich-text engine both show.
    """

    png: bytes
    side_mm: float
    text: str
    """What the picture shows, in words (its ``alt`` text)."""
    caption: str = ""
    """Printed under the picture in large type (the address the code holds)."""


Block = (
    Heading
    | Paragraph
    | Fields
    | Table
    | Signatures
    | Box
    | PageBreak
    | Bracket
    | Cutouts
    | Picture
)


@dataclass(frozen=True, slots=True)
class Sheet:
    """One printable document.

    *title* heads the first page and names the file; *event* and *subtitle*
    are printed under it; *header* holds the fields every reader needs first
    (the rule set and the tie-break list of a standings sheet, for example).
    *landscape* asks for the paper turned (wide crosstables).
    """

    title: str
    blocks: tuple[Block, ...]
    event: str = ""
    subtitle: str = ""
    header: tuple[tuple[str, str], ...] = ()
    landscape: bool = False
    footer: str = ""
    journal_head: str = ""
    """The event's journal head when the sheet was made, printed in the footer of every
    page ("" for a sheet of no event file): what ``verify FILE --head`` checks."""

    def tables(self) -> list[Table]:
        """Every table of the sheet, boxes included (for tests and row counts)."""
        out: list[Table] = []
        _collect(self.blocks, out)
        return out


def _collect(blocks: Sequence[Block], out: list[Table]) -> None:
    for block in blocks:
        if isinstance(block, Table):
            out.append(block)
        elif isinstance(block, Box):
            _collect(block.blocks, out)
        elif isinstance(block, Cutouts):
            for piece in block.pieces:
                _collect(piece, out)
