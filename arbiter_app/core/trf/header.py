"""The tournament section of a TRF file: records 012-132, and TRF-26's 142-222.

Each record goes to a :class:`Records` collector under its anchor (its tag
and how many of that tag came before). A header record the file being
written back had is written even when its value is empty (``032``,
``122``, ``132`` alone), so that the file keeps every record it had.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Colour, Event, Player
from arbiter_app.core.points import STANDARD, PointSystem
from arbiter_app.core.tiebreaks.base import REGISTRY, parse_spec
from arbiter_app.core.timecontrol import format_fide
from arbiter_app.core.timecontrol import parse as parse_time_control
from arbiter_app.core.trf.dates import format_date, format_round_date, read_date
from arbiter_app.core.trf.document import Anchor, TrfDocument, TrfVersion
from arbiter_app.core.trf.national import METHOD, federation_code, fits
from arbiter_app.core.trf.records import ROUND_DATES_START, format_tenths
from arbiter_app.core.trf.scoring import to_records
from arbiter_app.core.trf.system import CODES_192


class Records:
    """The model records of a file being written, in the writer's order, with their anchors."""

    def __init__(self) -> None:
        self.records: list[tuple[Anchor, str]] = []
        self._counts: dict[str, int] = defaultdict(int)

    def emit(self, tag: str, text: str, key: int | None = None) -> None:
        """Add a record; *key* anchors a player record by its pairing number."""
        if key is None:
            key = self._counts[tag]
            self._counts[tag] += 1
        self.records.append(((tag, key), text.rstrip()))


def one_line(value: str, tag: str, problems: list[str]) -> str:
    if "\n" in value or "\r" in value:
        problems.append(f"record {tag}: {value!r} runs over more than one line")
        return value.replace("\r", " ").replace("\n", " ")
    return value


def tournament_section(
    event: Event, had: Collection[Anchor], out: Records, problems: list[str]
) -> None:
    """Records 012-132; *had* are the anchors of the file being written back."""
    info = event.info

    def text(tag: str, value: str) -> None:
        if value or (tag, 0) in had:
            out.emit(tag, f"{tag} {one_line(value, tag, problems)}")

    text("012", info.name)
    text("022", info.city)
    text("032", info.federation)
    text("042", "" if info.start_date is None else format_date(info.start_date))
    text("052", "" if info.end_date is None else format_date(info.end_date))
    # The counts are derived data: a file being written back keeps them only if it had them.
    if not had or ("062", 0) in had:
        out.emit("062", f"062 {len(event.players)}")
    if not had or ("072", 0) in had:
        out.emit("072", f"072 {sum(1 for p in event.players if p.rating)}")
    text("092", info.tournament_type)
    text("102", info.chief_arbiter)
    for deputy in info.deputy_arbiters:
        out.emit("112", f"112 {one_line(deputy, '112', problems)}")
    text("122", info.time_control)
    if info.round_dates:
        cells = [
            round_date_cell(round_no, day, problems)
            for round_no, day in enumerate(info.round_dates, start=1)
        ]
        out.emit("132", "132".ljust(ROUND_DATES_START) + "  ".join(cells))
    elif ("132", 0) in had:
        out.emit("132", "132")


def round_date_cell(round_no: int, day: str, problems: list[str]) -> str:
    """Round *round_no*'s date in record 132's form, ``YY/MM/DD`` (columns 92-99, 102-109, …).

    The window and the command line take ISO dates (``2026-11-20``); a file read in keeps
    its dates as written (``20.11.26``, ``2026/11/20``). Every date Arbiter reads is
    written as TRF-16 and TRF-26 define record 132; text that is no date is written as
    it stands when it fits the eight columns, else it is a problem.
    """
    text = day.strip()
    if not text:
        return " " * 8
    read = read_date(text)
    if read is not None:
        return format_round_date(read)
    if len(text) > 8:
        problems.append(
            f"round {round_no}'s date {text!r} is no date Arbiter reads and is longer than "
            "record 132's YY/MM/DD"
        )
    return text.rjust(8)


def trf26_section(doc: TrfDocument, kept_tags: Collection[str], out: Records) -> PointSystem:
    """TRF-26's tournament records: 142, 152, 162 (and 299 defaults), 172, 182, 192, 202,
    212, 222.

    Record 182 (the pairing controller) is the document's: the file's own, or
    Arbiter's name for an event Arbiter ran (:data:`arbiter_app.core.trf.report.PROGRAM`).

    Returns the point system a reader gets back from 162 and the 299
    defaults (Arbiter's own record carries the rest, see
    :mod:`arbiter_app.core.trf.scoring`). A record the file had kept
    verbatim (a 222 Arbiter cannot derive, say) is not written twice.
    """
    event = doc.event
    if event.planned_rounds:
        # Rounds, as announced: a double Swiss round of two games counts once.
        out.emit("142", f"142 {event.announced_rounds}")
    colour = initial_colour(doc)
    if colour is not None:
        out.emit("152", f"152 {colour.value.upper()}")
    standard = STANDARD
    records = to_records(event.point_system)
    if records is not None:
        line_162, lines_299, standard = records
        line_162 = line_162 or _default_162()
        draw = format_tenths(event.point_system.draw, 4)
        if doc.unknown_results and draw is not None:
            # TRF-26 record 162's X, a result not known (an adjourned game, written "?"):
            # said, at a draw's points as TRF-26's default has it (C.02, questions 164-165,
            # and 167: no provisional score other than a draw).
            line_162 += f"    X{draw}"
        out.emit("162", line_162)
        for line in lines_299:
            out.emit("299", line)
    federation, _ = national_ratings(doc)
    if federation is not None:
        out.emit("172", f"172 {federation} {METHOD}")
    if doc.controller:
        out.emit("182", f"182 {doc.controller}")
    out.emit("192", f"192 {CODES_192[event.system]}")
    fide = fide_tiebreaks(doc.tiebreaks)
    if fide and "202" not in kept_tags:
        out.emit("202", "202 " + ",".join(fide))
        out.emit("212", "212 " + ",".join(("PTS", *fide)))
    code = encoded_time_control(event.info.time_control)
    if code and "222" not in kept_tags:
        out.emit("222", f"222 {code}")
    return standard


def national_ratings(doc: TrfDocument) -> tuple[str | None, tuple[Player, ...]]:
    """TRF-26's national rating records: the federation record 172 names and the players.

    The federation is the event's (032) when it is a three-letter code, else the
    one every nationally rated player has (an event whose host federation is not
    filled in still rates its players nationally). None and no players when the
    file is TRF-16, no federation is known, or nobody has a national rating or number.
    """
    rated = tuple(
        p
        for p in sorted(doc.event.players, key=lambda p: p.tpn)
        if (p.national_rating is not None or p.national_id) and fits(p)
    )
    if doc.version is not TrfVersion.TRF26 or not rated:
        return None, ()
    federation = federation_code(doc.event.info.federation)
    if federation is None:
        theirs = {federation_code(p.federation) for p in rated}
        federation = theirs.pop() if len(theirs) == 1 else None
    return (federation, rated) if federation is not None else (None, ())


def _default_162() -> str:
    return "162  W 1.0    D 0.5    L 0.0    A 0.0"


def initial_colour(doc: TrfDocument) -> Colour | None:
    """The colour of the first player in round 1: as the file said it, else as round 1 shows it.

    TRF-26 record 152 "mandatory only if it differs from the colour of the
    highest ranked participant who was paired in the first round"; written
    whenever it is known, so that a reader need not work it out.
    """
    if doc.initial_colour:
        return doc.initial_colour
    # Loaded only here: reading a file for its standings needs no pairing engine.
    from arbiter_app.core.pairing.dutch import initial_colour_from_round_one

    return initial_colour_from_round_one(doc.event)


def fide_tiebreaks(codes: tuple[str, ...]) -> tuple[str, ...]:
    """*codes* when every one is a FIDE C.07 tie-break (records 202/212 list only those)."""
    for code in codes:
        try:
            spec = parse_spec(code)
        except ArbiterError:
            return ()
        if not REGISTRY[spec.name].article.startswith("FIDE"):
            return ()
    return codes


def encoded_time_control(text: str) -> str:
    """Record 222 (``5400+30``, ``40/6000+30:900+30``) from record 122's text, "" if unreadable."""
    if not text.strip():
        return ""
    try:
        return format_fide(parse_time_control(text))
    except ArbiterError:
        return ""
