"""FIDE Tournament Report Files (TRF-16 and TRF-26): text in, text out, no file access.

- :func:`parse_trf` reads a file's text into a :class:`TrfDocument` (the
  :class:`~arbiter_app.core.model.Event` plus what writing it back needs),
  collecting every problem with its line and column into one
  :class:`~arbiter_app.core.errors.InputError`.
- :func:`write_trf` writes a document back; :func:`event_to_trf` writes an event.

How rounds without a TRF code of their own are written (the FIDE formats
have codes for games, forfeits and the four byes, but not for "not paired"
or "withdrawn"):

- a zero-point bye is ``0000 - Z``;
- a round the player was not paired in is a blank round (ten spaces), which
  every TRF reader takes for an absence worth nothing;
- a round after the player withdrew is blank too; Arbiter's record
  ``ARB WITHDRAWN <tpn> <round>`` (``Player.withdrawn_from_round``) says from
  which round on a blank round means "withdrawn". ``ARB ENTRY`` records state
  the exceptions, so any mix of the two reads back as it was written.
- a forfeit without a known opponent is ``0000 - +`` / ``0000 - -``; some
  programs write ``0000 - -`` for an absence, and Arbiter reads it as the
  format defines ``-``: a forfeit loss (0 points, voluntarily unplayed, as an
  absence is in FIDE C.07 article 16).

The version of a file is TRF-26 when it holds a record that only TRF-26 has
(142-222, 250, 300-362, or a 299 setting default points), TRF-16 otherwise.
TRF-16 output says the number of rounds and the first colour with JaVaFo's
``XXR`` and ``XXC``, TRF-26 output with records 142 and 152; both write the
bye requests (240), prohibited pairings (260) and penalties (299), which a
TRF-16 reader skips.

What else neither format can hold (the tournament system when neither
record 192, nor record 092, nor the games say it, the rule set,
disqualification, national ratings in TRF-16, the opponent's rating per
round, exact point systems, reasons of penalties) travels in Arbiter's own
``ARB`` records, described in :mod:`arbiter_app.core.trf.extension`; other
programs skip them. The FIDE rating report (``write_trf(doc, report=True)``,
:mod:`arbiter_app.core.trf.report`) writes none of them: only the records the
TRF-26 specification defines, with a note for each fact left out, and
:mod:`arbiter_app.core.trf.readiness` lists what the report still lacks.

Files as the field writes them:

- dates in any form (:mod:`arbiter_app.core.trf.dates`): one that is no date
  is kept as written and warned about, never refused;
- the system from 192, else 092's words, else the games
  (:mod:`arbiter_app.core.trf.system`);
- requests for the round still to be paired written as cells after the last
  round with a game are requests, not a played round
  (:func:`arbiter_app.core.trf.assemble.pending_requests`);
- a document keeps the file's own form of each record, the records' order and
  the line ends (:class:`TrfDocument`), so that a file written back is the
  file read, changed only where the event changed; an import keeps them beside
  its event (:mod:`arbiter_app.core.trf.origin`).
"""

from arbiter_app.core.trf.document import (
    KeptLine,
    TrfDocument,
    TrfVersion,
    TrfWriteError,
    results_key,
)
from arbiter_app.core.trf.origin import document_from_json, document_to_json
from arbiter_app.core.trf.reader import parse_trf
from arbiter_app.core.trf.writer import event_to_trf, write_trf

__all__ = [
    "KeptLine",
    "TrfDocument",
    "TrfVersion",
    "TrfWriteError",
    "document_from_json",
    "document_to_json",
    "event_to_trf",
    "parse_trf",
    "results_key",
    "write_trf",
]
