"""The Pairing and Tie-break Checker of FIDE's verification checklist (C.02).

:func:`check_document` reads a tournament report file's document and says,
round by round, every pairing inconsistent with the rules (re-made by
Arbiter's engine from the rounds before: :mod:`.pairings`) and every rank
that does not follow the points and the tie-break list (:mod:`.standings`).
The tie-break list is the one given, else the file's record 212 (without its
leading ``PTS``), else record 202; without any, only the points order is
checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arbiter_app.core import words
from arbiter_app.core.checker.findings import CheckReport, Finding, Kind
from arbiter_app.core.checker.manual import manual_pairings
from arbiter_app.core.checker.pairings import check_round_robin, check_swiss
from arbiter_app.core.checker.standings import check_ranks
from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Event
from arbiter_app.core.pairing.baku import ARTICLE as BAKU_ARTICLE
from arbiter_app.core.pairing.baku import baku_virtual_points
from arbiter_app.core.pairing.berger import ARTICLE as BERGER
from arbiter_app.core.pairing.swiss import engine_name
from arbiter_app.core.presets import parse_tiebreak_list
from arbiter_app.core.trf.document import TrfDocument
from arbiter_app.core.trf.system import CODES_192

__all__ = ["CheckReport", "Finding", "Kind", "check_document", "file_tiebreaks"]


def file_tiebreaks(doc: TrfDocument) -> tuple[tuple[str, ...], str]:
    """The tie-break codes the file announces and the records they come from ("" if none).

    Raises :class:`~arbiter_app.core.errors.UnknownTieBreak` for a code Arbiter
    does not know (the reader keeps such a record as written; the caller says
    which record and line).
    """
    if doc.tiebreaks:
        return tuple(doc.tiebreaks), "records 202/212"
    for tag in ("212", "202"):
        for line in doc.kept:
            if line.tag == tag:
                codes = [c.strip() for c in line.text[4:].split(",") if c.strip()]
                parse_tiebreak_list([c for c in codes if c.upper() != "PTS"])
    return (), ""


def record_192(doc: TrfDocument) -> str:
    """The file's record 192 as written ("" when it has none)."""
    same = doc.verbatim.get(("192", 0))
    if same is not None:
        return same[1]
    for line in doc.kept:
        if line.tag == "192":
            return line.text
    if ("192", 0) in doc.order:
        return f"192 {CODES_192[doc.event.system]}"
    return ""


def _accelerated(doc: TrfDocument) -> tuple[Event, str | None]:
    """The event with the virtual points record 192 announces when no record 250 gives them."""
    event = doc.event
    if event.accelerations:
        return event, "virtual points from records 250"
    if "BAKU" in record_192(doc).upper():
        table = baku_virtual_points(event)
        return replace(
            event, accelerations=table
        ), f"virtual points by the Baku Acceleration ({BAKU_ARTICLE}, record 192)"
    return event, None


def file_order(doc: TrfDocument) -> tuple[int, ...]:
    """The players in the order of their records, when JaVaFo's ``XXC rank`` says the file
    ranks them so (and that order is not the pairing numbers'); else empty."""
    if "rank" not in {word.lower() for word in doc.xxc_options}:
        return ()
    order = tuple(key for tag, key in doc.order if tag == "001")
    return order if list(order) != sorted(order) else ()


def check_document(
    doc: TrfDocument,
    tiebreaks: Sequence[str] | None = None,
    source: str = "",
    rounds: int | None = None,
    engine: str = "gacrux",
) -> CheckReport:
    """Check every round and the standings of *doc*.

    *tiebreaks* overrides the file's list. *rounds* is the event's number of rounds
    when the caller knows it (it overrides record 142 / XXR): a Swiss's final round
    has exceptions of its own (C.04.3 article 1.8), and without any count no round is
    taken as the last (:func:`~arbiter_app.core.checker.pairings.check_swiss`). Raises
    an :class:`~arbiter_app.core.errors.ArbiterError` for a file that cannot be
    checked at all (unknown tie-break codes, round-robin numbers with gaps, fewer
    rounds given than the file holds).

    *engine* re-pairs a Swiss round: ``gacrux`` (FIDE's Dutch reference, the default) or
    ``own`` (Arbiter's Dutch engine, C.04.3), as ``pair --engine`` chooses.
    """
    if tiebreaks is not None:
        codes, where = parse_tiebreak_list(list(tiebreaks)), "the command line"
    else:
        codes, where = file_tiebreaks(doc)
    event, acceleration = _accelerated(doc)
    notes: list[str] = []
    held = event.system.rounds_in(event.rounds_played)
    told = ""
    if rounds is not None:
        if rounds < max(held, 1):
            raise RuleError(
                f"the file holds {words.count(held, 'round')}: the event cannot have had "
                f"{words.count(rounds, 'round')}"
            )
        told = f"the event has {words.count(rounds, 'round')}, as the command line says"
    if event.system.is_round_robin:
        findings, how = check_round_robin(event)
        used = BERGER
    else:
        manual, unread = manual_pairings(line.text for line in doc.kept)
        manual.update(manual_pairings(doc.comments)[0])
        notes += unread
        findings, how = check_swiss(
            event, doc.initial_colour, file_order(doc), manual, scheduled=rounds, engine=engine
        )
        used = engine_name(engine)
    notes += how
    if told and not event.system.is_round_robin:
        notes.append(told)
    if acceleration:
        notes.append(acceleration)
    ranked, standing_notes = check_ranks(event, doc.ranks, codes)
    notes += standing_notes
    return CheckReport(
        source=source,
        system=event.system.value,
        rounds=event.rounds_played // event.system.games_per_round,
        engine=used,
        tiebreaks=tuple(codes),
        tiebreak_source=where,
        findings=tuple(findings + ranked),
        notes=tuple(notes),
        event_rounds=rounds or event.system.rounds_in(event.planned_rounds) or None,
    )
