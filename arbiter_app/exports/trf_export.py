"""The final standings as a FIDE Tournament Report File (TRF-16 or TRF-26).

The TRF writer (:mod:`arbiter_app.core.trf`) writes the event; this module
gives it the rank column from the standings read model, so the file's ranks
are the places the tie-breaks decided, not only the order by points (the rank
of a shared place is its first place, as in ``3-5`` → 3). Players left out of
the standings (disqualified) are ranked after everyone else.

An event read from (or imported from) a TRF file is written back as that
file: its records in their order and form, its kept lines, its version unless
another is asked for, and its own rank column while the results and the
tie-break list are those of the file (the official ranks stay official until
something changes them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arbiter_app.core.model import Event
from arbiter_app.core.standings import Standings
from arbiter_app.core.trf import TrfDocument, TrfVersion, results_key, write_trf
from arbiter_app.core.trf.document import Anchor, UnknownResult
from arbiter_app.core.trf.report import PROGRAM
from arbiter_app.core.trf.system import CODES_192


def standings_ranks(standings: Standings, *, report: bool = False) -> dict[int, int]:
    """The rank column: the places of the standings, the players out of them after everyone.

    In the FIDE rating report a player out of the standings (disqualified; a
    round-robin player who completed under half of his games, C.05) has rank 0,
    "not ranked", as FIDE's own example writes the players who left: TRF-26 has no
    record that says why, and a rank after everyone would read as a place earned.
    """
    ranks = {row.tpn: row.rank for row in standings.rows}
    after = len(standings.rows)
    for offset, excluded in enumerate(standings.excluded, start=1):
        ranks[excluded.tpn] = 0 if report else after + offset
    return ranks


def standings_to_trf(
    event: Event,
    standings: Standings,
    version: str | None = None,
    *,
    document: TrfDocument | None = None,
    tiebreaks: Sequence[str] = (),
    system_code: str = "",
    comments: Sequence[str] = (),
    notes: list[str] | None = None,
    unknown: Sequence[UnknownResult] = (),
) -> str:
    """The FIDE rating report of *event*; *document* is the TRF file it came from, if any.

    *unknown* are the games paired whose result is not known yet (adjourned), written
    ``?`` with record 162's ``X``: only in the file of in-tournament data exchange (TRF-26
    remark 3; FIDE C.02, checklist questions 164-165), never in the rating report (Q169).

    Only records the TRF-26 specification defines go into a TRF-26 report
    (:mod:`arbiter_app.core.trf.report`); *notes* receives a sentence for each fact
    the report cannot hold, which the ``.arbiter`` file keeps.

    *version* defaults to the document's, else TRF-26; *tiebreaks* fill
    TRF-26 records 202/212; *system_code* is the record-192 code the event's
    settings give (``FIDE_DUTCH_BAKU``, ``BERGER_DOUBLEROUNDROBIN``: see
    :func:`arbiter_app.core.trf.system.pairing_code`) when it says more than
    the system alone; *comments* are the event's ``###`` lines (the log of
    pairing-integrity events, FIDE C.02), written after the records.
    """
    codes = tuple(tiebreaks)
    logged = tuple(comments)
    stated = _stated_192(event, system_code)
    if document is None:
        chosen = TrfVersion.parse(version or TrfVersion.TRF26.value)
        return write_trf(
            TrfDocument(
                event,
                chosen,
                ranks=standings_ranks(standings, report=True),
                tiebreaks=codes,
                verbatim=stated,
                comments=logged,
                controller=PROGRAM,
                unknown_results=tuple(unknown),
            ),
            report=True,
            notes=notes,
        )
    unchanged = document.results_as_read() == results_key(event) and codes == document.tiebreaks
    ranks = dict(document.ranks) if unchanged else standings_ranks(standings, report=True)
    # A player whose rank is not the file's (a blank one included) gets his record written
    # anew, so the column holds the new places all the way down.
    verbatim = {
        **stated,  # the file's own record 192, when it had one, stays
        **{
            anchor: texts
            for anchor, texts in document.verbatim.items()
            if anchor[0] != "001" or ranks.get(anchor[1]) == document.ranks.get(anchor[1])
        },
    }
    return write_trf(
        replace(
            document,
            event=event,
            version=TrfVersion.parse(version) if version else document.version,
            ranks=ranks,
            tiebreaks=codes,
            verbatim=verbatim,
            comments=logged,
            unknown_results=tuple(unknown),
        ),
        report=True,
        notes=notes,
    )


def _stated_192(event: Event, code: str) -> dict[Anchor, tuple[str, str]]:
    """Record 192 as the settings say it, in place of the code of the system alone."""
    plain = f"192 {CODES_192[event.system]}"
    if not code or f"192 {code}" == plain:
        return {}
    return {("192", 0): (plain, f"192 {code}")}
