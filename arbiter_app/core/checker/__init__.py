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
from arbiter_app.core.checker.manual import ManualPairing, manual_pairings
from arbiter_app.core.checker.pairings import check_round_robin, check_swiss
from arbiter_app.core.checker.standings import check_ranks
from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import NOT_PAIRED, Colour, Event, Outcome, RoundEntry
from arbiter_app.core.pairing.baku import ARTICLE as BAKU_ARTICLE
from arbiter_app.core.pairing.baku import baku_virtual_points
from arbiter_app.core.pairing.berger import ARTICLE as BERGER
from arbiter_app.core.pairing.swiss import engine_name
from arbiter_app.core.presets import parse_tiebreak_list
from arbiter_app.core.trf.document import TrfDocument
from arbiter_app.core.trf.system import CODES_192

__all__ = [
    "CheckReport",
    "Finding",
    "Kind",
    "accelerated_event",
    "check_document",
    "documented_pairings",
    "file_tiebreaks",
    "not_known_as_draws",
]


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


def not_known_as_draws(event: Event, doc: TrfDocument) -> tuple[Event, str]:
    """*event* with each game whose result is not known (a ``?``) checked as TRF-26 record
    162's ``X``, "unknown result, e.g. adjourned game", worth a draw by default: paired in
    its round, a draw in the scores the next rounds were paired on and the ranks."""
    entries = {tpn: list(row) for tpn, row in event.entries.items()}
    for game in doc.unknown_results:
        for tpn, opponent, colour in (
            (game.white, game.black, Colour.WHITE),
            (game.black, game.white, Colour.BLACK),
        ):
            row = entries[tpn]
            row.extend([NOT_PAIRED] * (game.round - len(row)))
            row[game.round - 1] = RoundEntry.game(opponent, colour, Outcome.DRAW, rated=False)
    games = [f"round {g.round}: {g.white}-{g.black}" for g in doc.unknown_results]
    said = (
        f"{words.count(len(games), 'game')} whose result is not known ({', '.join(games)}) "
        "checked as a draw: TRF-26 record 162's X (an unknown result) is worth a draw's points "
        "unless the file says otherwise"
    )
    return replace(event, entries={t: tuple(r) for t, r in entries.items()}), said


def accelerated_event(doc: TrfDocument) -> tuple[Event, str | None]:
    """*doc*'s event with the virtual points record 192 announces (``_BAKU``: C.04.5.1) when
    no record 250 gives them, and a note saying where its virtual points come from."""
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


def documented_pairings(doc: TrfDocument) -> tuple[dict[int, ManualPairing], list[str]]:
    """The rounds *doc*'s ``### MPA`` lines document as paired by hand (FIDE C.02, questions
    64-69), by round, and notes on the lines that could not be read."""
    manual, unread = manual_pairings(line.text for line in doc.kept)
    manual.update(manual_pairings(doc.comments)[0])
    return manual, unread


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
    taken as the last (:func:`~arbiter_app.core.checker.pairings.check_swiss`). *engine*
    pairs a Swiss's rounds again: gacrux, FIDE's reference (the default), or ``own``,
    Arbiter's engine, much faster on a large field. Raises
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
    event, acceleration = accelerated_event(doc)
    notes: list[str] = []
    if doc.unknown_results:
        event, said = not_known_as_draws(event, doc)
        notes.append(said)
    if doc.system_reading is not None:
        notes.append(doc.system_reading.note)
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
        manual, unread = documented_pairings(doc)
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
