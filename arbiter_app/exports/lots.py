"""The lot-drawing protocol: every draw of the event, ready to be signed.

Each recorded :class:`~arbiter_app.core.lots.Draw` is printed with what was
drawn and why (its purpose and the article that asks for a draw), among whom,
the method (seeded by the application, with the seed that reproduces it, or
a physical draw at the venue), when, the witnesses and the outcome, followed
by lines for the witnesses' and the chief arbiter's signatures (GCT 2023
articles 2.3, 2.4.1, 2.5.3; FIDE C.07 article 3.1.4: the arbiter draws lots
openly so the players can check them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arbiter_app.core.lots import Draw, DrawMethod
from arbiter_app.core.model import EventInfo
from arbiter_app.exports.clock import time_control_field
from arbiter_app.exports.sheet import (
    Align,
    Block,
    Box,
    Column,
    Fields,
    Heading,
    PageBreak,
    Paragraph,
    Sheet,
    Signatures,
    Table,
    embed,
)


@dataclass(frozen=True, slots=True)
class RecordedDraw:
    """A draw with when it was made (the journal's time, as text in the venue's time zone)."""

    draw: Draw
    time: str = ""
    names: Mapping[int, str] | None = None
    """Names of the drawn numbers when they differ from today's (a draw that renumbered)."""
    note: str = ""
    among: str = ""
    """What was drawn among, in words, when it is not a list of numbers to print ("the 960
    Chess960 starting positions, numbered 0 to 959")."""
    outcome: str = ""
    """The outcome in words, printed instead of the table of drawn numbers."""
    method: str = ""
    """How the application drew it, when not by the shuffle of pairing numbers."""


def _is_toss(draw: Draw) -> bool:
    return len(draw.candidates) == 2 and len(draw.outcome) == 1


def _method(draw: Draw) -> str:
    if draw.method is DrawMethod.SEEDED:
        return (
            f"drawn by the application from seed {draw.seed} (SHA-256 Fisher–Yates; "
            "the same seed always gives the same outcome)"
        )
    return "physical draw at the venue, outcome entered by the arbiter"


def protocol_sheet(
    draws: Sequence[RecordedDraw | Draw],
    *,
    event: str = "",
    names: Mapping[int, str] | None = None,
    chief_arbiter: str = "",
    info: EventInfo | None = None,
) -> Sheet:
    """The protocol of *draws*; *names* maps the drawn numbers to players' names.

    *info* is the event's header (its time control is printed on every sheet)."""
    names = names or {}
    blocks: list[Block] = []
    if not draws:
        blocks.append(Paragraph("No lots have been drawn in this event."))
    used = 0
    for i, item in enumerate(draws, start=1):
        rec = item if isinstance(item, RecordedDraw) else RecordedDraw(item)
        # A box must not be split across pages (it is signed as a whole): start a
        # new page when this one is full, by a rough measure of each box's height.
        weight = _weight(rec.draw)
        if used and used + weight > PAGE_CAPACITY:
            blocks.append(PageBreak())
            used = 0
        used += weight
        blocks.append(_draw_box(i, rec, rec.names if rec.names is not None else names))
    return Sheet(
        title="Protocol of the drawing of lots",
        event=event,
        subtitle=f"Chief arbiter: {chief_arbiter}" if chief_arbiter else "",
        header=time_control_field(info) if info is not None else (),
        blocks=tuple(blocks),
        footer="Seeded draws can be checked by anyone: same seed, same algorithm, same outcome.",
    )


PAGE_CAPACITY = 6
"""Box heights per page, in units of a coin toss's box (a page holds about six)."""


def _weight(draw: Draw) -> int:
    if _is_toss(draw):
        return 2
    return 3 + len(draw.candidates) // 4


def _who(n: int, names: Mapping[int, str]) -> str:
    return f"{n} {embed(names[n])}" if n in names else str(n)


def _draw_box(index: int, rec: RecordedDraw, names: Mapping[int, str]) -> Box:
    d = rec.draw
    fields: list[tuple[str, str]] = [("Drawn", d.purpose)]
    if d.article:
        fields.append(("Article", d.article))
    fields.append(("Method", rec.method if rec.method and d.seed is not None else _method(d)))
    if d.seed is not None:
        fields.append(("Seed", str(d.seed)))
    fields.append(("Time", rec.time or "not recorded"))
    fields.append(("Witnesses", ", ".join(d.witnesses) if d.witnesses else "none recorded"))
    fields.append(("Among", rec.among or "; ".join(_who(c, names) for c in d.candidates)))
    blocks: list[Block] = [Heading(f"Draw {index}", 3), Fields(tuple(fields))]
    if rec.outcome:
        blocks.append(Paragraph(f"Outcome: {rec.outcome}"))
    elif _is_toss(d):
        winner = d.outcome[0]
        blocks.append(Paragraph(f"Outcome: the toss is won by {_who(winner, names)}."))
    else:
        blocks.append(
            Table(
                (
                    Column("Drawn number", Align.CENTER, 20),
                    Column("Player", Align.LEFT, 80),
                ),
                tuple((str(pos), _who(n, names)) for pos, n in enumerate(d.outcome, start=1)),
            )
        )
    witnesses = tuple(f"Witness: {w}" for w in d.witnesses[:2]) or ("Witness",)
    if rec.note:
        blocks.append(Paragraph(rec.note, small=True))
    blocks.append(Signatures((*witnesses, "Chief arbiter")))
    return Box(tuple(blocks))
