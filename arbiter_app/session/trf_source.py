"""An event imported from a TRF file, and the file it came from.

Importing (the command line's ``arbiter-app import`` and the window's Import
TRF) stores the event in the tables and the rest of the file (kept records,
the file's own form of its records, the rank column, the initial colour, the
tie-break list of records 202/212) in the ``trf_source`` setting. Exporting
the event as TRF rebuilds the document from both, so the file written back
differs from the one read only where the event changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbiter_app.core.checker.imported import DutchComparison, compare_imported_rounds
from arbiter_app.core.model import Colour, Event
from arbiter_app.core.trf import TrfDocument, document_from_json, document_to_json
from arbiter_app.session.codec import event_to_json


def import_arguments(doc: TrfDocument, compared: DutchComparison | None = None) -> dict[str, Any]:
    """The arguments of the ``import_event`` command for the file *doc* was read from.

    The file's rounds are compared with the Dutch pairing here (FIDE C.02, the
    checklist's question 54: :func:`compare_imported_rounds`), or *compared* is that
    comparison made already (the window makes it while it reads the file); the command
    records it, so that a replay of the journal never pairs the rounds again.
    """
    args: dict[str, Any] = {"event": event_to_json(doc.event), "trf": document_to_json(doc)}
    if doc.tiebreaks:
        args["tiebreaks"] = list(doc.tiebreaks)
    if doc.unknown_results:
        # Paired without a result, adjourned (FIDE C.02, checklist questions 164-166).
        args["unknown_results"] = [game.to_json() for game in doc.unknown_results]
    comparison = compared if compared is not None else compare_imported_rounds(doc)
    if comparison.rounds or comparison.not_compared:
        args["dutch"] = comparison.to_json()
    return args


def stored_document(event: Event, trf_source: Mapping[str, Any] | None) -> TrfDocument | None:
    """The TRF document of an imported event as it stands now; None for an event not imported.

    A stored form this version cannot read counts as not imported (the
    export is then written from the event alone).
    """
    if trf_source is None:
        return None
    try:
        return document_from_json(event, trf_source)
    except (KeyError, TypeError, ValueError):
        return None


def stored_initial_colour(trf_source: Mapping[str, Any] | None) -> Colour | None:
    """The colour drawn for the first player in round 1, as the imported file stated it."""
    doc = stored_document(Event(), trf_source)
    return None if doc is None else doc.initial_colour
