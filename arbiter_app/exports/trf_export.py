"""The final standings as a FIDE Tournament Report File (TRF-16 or TRF-26).

The TRF writer (:mod:`arbiter_app.core.trf`) writes the event; this module
gives it the rank column from the standings read model, so the file's ranks
are the places the tie-breaks decided, not only the order by points (the rank
of a shared place is its first place, as in ``3-5`` → 3). Players left out of
the standings (disqualified) are ranked after everyone else.
"""

from __future__ import annotations

from arbiter_app.core.model import Event
from arbiter_app.core.standings import Standings
from arbiter_app.core.trf import TrfDocument, TrfVersion, write_trf


def standings_ranks(standings: Standings) -> dict[int, int]:
    ranks = {row.tpn: row.rank for row in standings.rows}
    after = len(standings.rows)
    for offset, excluded in enumerate(standings.excluded, start=1):
        ranks[excluded.tpn] = after + offset
    return ranks


def standings_to_trf(event: Event, standings: Standings, version: str = "TRF-26") -> str:
    return write_trf(
        TrfDocument(event, TrfVersion.parse(version), ranks=standings_ranks(standings))
    )
