"""The file's ranks set against the points and the tie-break list (FIDE C.07).

The rank column of a TRF may show ties ("ties allowed"): players whom the
points and the whole list leave level may share the first place of their
range or be given any order inside it (a drawing of lots, C.07 article 4.2,
decides that outside the file). So each player's rank must fall inside the
range of places his points and tie-breaks give him, ``3`` for a player ranked
alone, ``3-5`` for one of three still level. Players the rules leave out of
the standings (disqualified; a round-robin player who completed under half
of his games, C.05 General Regulations for Competitions) must not be ranked
among the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from arbiter_app.core.checker.findings import Finding, Kind
from arbiter_app.core.model import Event
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.words import count


def check_ranks(
    event: Event, ranks: Mapping[int, int], tiebreaks: Sequence[str]
) -> tuple[list[Finding], list[str]]:
    """Findings for every rank of *ranks* (the file's rank column) that the list contradicts.

    A player the file gives rank 0 while it ranks others is not ranked (FIDE's own
    example writes the players who left so, and Arbiter's rating report its
    disqualified players: TRF-26 has no record for a disqualification); the others'
    places are counted without him.
    """
    if any(ranks.values()):
        unranked = {tpn for tpn, rank in ranks.items() if rank == 0}
        event = event.with_players(
            [replace(p, disqualified=True) if p.tpn in unranked else p for p in event.players]
        )
    standings = compute_standings(event, tiebreaks)
    listed = ", ".join(("points", *tiebreaks))
    notes = [f"standings: {count(len(standings.rows), 'player')} ranked by {listed}"]

    if not ranks:
        notes.append("the file gives no ranks (columns 86-89): the standings are not checked")
        return [], notes
    findings: list[Finding] = []
    last_of: dict[str, int] = {}
    for row in standings.rows:
        last_of[row.place] = int(row.place.split("-")[-1])
    for row in standings.rows:
        rank = ranks.get(row.tpn)
        if not rank:
            continue  # no rank given (a blank or 0 rank column)
        first, last = row.rank, last_of[row.place]
        if first <= rank <= last:
            continue
        where = f"place {first}" if first == last else f"one of places {first}-{last}"
        findings.append(
            Finding(
                Kind.STANDINGS,
                f"Standings: player {row.tpn} should be {where} (by {listed}), "
                f"the file ranks {rank}",
                player=row.tpn,
            )
        )
    for out in standings.excluded:
        rank = ranks.get(out.tpn)
        if rank and rank <= len(standings.rows):
            findings.append(
                Finding(
                    Kind.STANDINGS,
                    f"Standings: player {out.tpn} is not ranked ({out.reason}), "
                    f"the file ranks {rank}",
                    player=out.tpn,
                )
            )
    return findings, notes
