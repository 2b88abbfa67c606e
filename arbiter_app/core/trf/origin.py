"""What a TRF file held besides its event, as JSON: kept with an event imported from it.

The event goes into the tournament file's tables; the rest of the
:class:`TrfDocument` (version, initial colour, rank column, tie-break list,
kept lines, the file's own form of its records, their order, line ends,
pending requests written as cells, the key of the results as read, which double
Swiss a record 192 of ``FIDE_DOUBLESWISS`` was read as) is stored
beside it, so that exporting the imported event writes back the file it came
from, changed only where the event changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbiter_app.core.model import Colour, Event
from arbiter_app.core.trf.document import Anchor, KeptLine, TrfDocument, TrfVersion
from arbiter_app.core.trf.double_swiss_origin import SystemReading

FORMAT = 1
"""Version of this JSON form (a later Arbiter reads older forms or ignores them)."""


def _anchor(value: Any) -> Anchor:
    tag, key = value
    return (str(tag), int(key))


def document_to_json(doc: TrfDocument) -> dict[str, Any]:
    """Everything of *doc* but its event and its warnings, as JSON values."""
    return {
        "format": FORMAT,
        "version": doc.version.value,
        "initial_colour": None if doc.initial_colour is None else doc.initial_colour.value,
        "xxc_options": list(doc.xxc_options),
        "ranks": [[tpn, rank] for tpn, rank in sorted(doc.ranks.items())],
        "tiebreaks": list(doc.tiebreaks),
        "kept": [
            [line.text, None if line.before is None else list(line.before)] for line in doc.kept
        ],
        "verbatim": [[list(a), ours, theirs] for a, (ours, theirs) in doc.verbatim.items()],
        "order": [list(a) for a in doc.order],
        "newline": doc.newline,
        "pending_cells": doc.pending_cells,
        "results": doc.results_as_read(),
        "controller": doc.controller,
        "system_reading": None if doc.system_reading is None else doc.system_reading.to_json(),
    }


def document_from_json(event: Event, data: Mapping[str, Any]) -> TrfDocument | None:
    """The document *data* describes, holding *event*; None for a form this version does not read.

    Raises :class:`ValueError` (or :class:`KeyError`, :class:`TypeError`) for
    data that is not this form.
    """
    if data.get("format") != FORMAT:
        return None
    colour = data["initial_colour"]
    reading = data.get("system_reading")
    return TrfDocument(
        event=event,
        version=TrfVersion(data["version"]),
        initial_colour=None if colour is None else Colour(colour),
        xxc_options=tuple(str(x) for x in data["xxc_options"]),
        ranks={int(tpn): int(rank) for tpn, rank in data["ranks"]},
        tiebreaks=tuple(str(x) for x in data["tiebreaks"]),
        kept=tuple(
            KeptLine(str(text), None if before is None else _anchor(before))
            for text, before in data["kept"]
        ),
        verbatim={_anchor(a): (str(ours), str(theirs)) for a, ours, theirs in data["verbatim"]},
        order=tuple(_anchor(a) for a in data["order"]),
        newline=str(data["newline"]),
        pending_cells=bool(data["pending_cells"]),
        results=str(data["results"]),
        controller=str(data.get("controller", "")),
        system_reading=None if reading is None else SystemReading.from_json(reading),
    )
