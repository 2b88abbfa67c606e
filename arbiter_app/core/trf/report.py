"""The FIDE rating report: a TRF file holding only the records the TRF-26 specification defines.

FIDE's rating server reads a Tournament Report File (FIDE Handbook, TRF-26,
"Agreed general Data-Exchange Format for tournament results to be submitted
to FIDE"). Arbiter's own records (``ARB …``, :mod:`arbiter_app.core.trf.extension`)
and other programs' extensions (JaVaFo's ``XX?``) are not part of it: the report
leaves them out, the ``.arbiter`` file keeps what they say, and every fact left
out is named in a note, so that nothing is dropped without a word.

Record 182 (Pairing Controller Identifier, "name/ID of the program or user
making the pairings", mandatory for title events) is the file's own for an
event read from TRF, Arbiter's name for an event Arbiter ran.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace

from arbiter_app.core.trf import extension as ext
from arbiter_app.core.trf.scoring import from_exact, to_records
from arbiter_app.core.words import count

PROGRAM = "Arbiter"
"""Record 182 of the events Arbiter runs: the program making the pairings (FIDE endorses programs by name)."""

TRF26_RECORDS = frozenset(
    {"001", "013", "012", "022", "032", "042", "052", "062", "072", "082", "092"}
    | {"102", "112", "122", "132", "142", "152", "162", "172", "182", "192", "202"}
    | {"212", "222", "240", "250", "260", "299", "300", "310", "320", "330", "352"}
    | {"362", "801", "802"}
)
"""The record tags the TRF-26 specification defines (besides ``###`` comments and the
National Rating Support records, tagged with the federation record 172 names)."""


def defined(line: str, nrs_federation: str | None) -> bool:
    """Whether *line* is a TRF-26 record, a ``###`` comment or a blank line."""
    tag = line[:3]
    if not line.strip() or line.startswith("###"):
        return True
    return tag in TRF26_RECORDS or (nrs_federation is not None and tag == nrs_federation)


def _players(args: Iterable[list[str]]) -> str:
    numbers = sorted({int(a[0]) for a in args if a and a[0].isdecimal()})
    return ", ".join(map(str, numbers))


def left_out(lines: Iterable[str], *, trf26: bool = True) -> list[str]:
    """What Arbiter's own records *lines* (``ARB …``) would have said, in a sentence each.

    The report does not write them (TRF-26 defines no such record); the notes tell
    the arbiter what the report therefore does not say.
    """
    by_keyword: dict[str, list[list[str]]] = defaultdict(list)
    for line in lines:
        words = line.split()
        if len(words) >= 2:
            by_keyword[words[1]].append(words[2:])
    notes: list[str] = []
    got = by_keyword.get
    if got(ext.WITHDRAWN):
        left = ", ".join(f"{a[0]} from round {a[1]}" for a in by_keyword[ext.WITHDRAWN])
        notes.append(
            f"withdrawals (players {left}): TRF-26 has no record for a withdrawal; "
            "the rounds after it are blank, which TRF-26 reads as absences (Z)"
        )
    if got(ext.DISQUALIFIED):
        notes.append(
            f"disqualified players ({_players(by_keyword[ext.DISQUALIFIED])}): TRF-26 has no "
            "record for a disqualification; they keep their games and have rank 0 "
            "(not ranked), as FIDE's own example writes players out of the standings"
        )
    if got(ext.ORATING):
        notes.append(
            "the opponents' ratings at the start of each round (players "
            f"{_players(by_keyword[ext.ORATING])}) have no TRF-26 field: the report gives "
            "each player's rating (columns 49-52), which FIDE rates with"
        )
    if got(ext.NATIONAL):
        whose = f"national ratings and numbers of players {_players(by_keyword[ext.NATIONAL])}"
        notes.append(
            f"{whose}: National Rating Support records need a federation for record 172 (the "
            "event's, 032, or one all these players share) and a national number of at most "
            "11 characters"
            if trf26
            else f"{whose}: TRF-16 has no national rating record (TRF-26 has: --trf-version TRF-26)"
        )
    for args in got(ext.POINTS) or ():
        if args and args[0] == "*" and _said_by_162(" ".join(args[1:])):
            continue
        where = "the event's" if args and args[0] == "*" else f"round {args[0]}'s"
        notes.append(
            f"{where} point system cannot be said exactly by records 162 and 299 "
            "(one decimal, the same points every round)"
        )
    if got(ext.SYSTEM):
        notes.append("the tournament system has no code of record 192 that says it")
    if got(ext.RULESET):
        notes.append(
            f"the rule set of the tie-breaks ({by_keyword[ext.RULESET][0][0]}) has no TRF-26 "
            "record; record 202 lists the tie-breaks"
        )
    if got(ext.REASON):
        notes.append(
            f"the reasons of {count(len(by_keyword[ext.REASON]), 'point adjustment')} "
            "(record 299) have no TRF-26 field"
        )
    if got(ext.PLAYED):
        notes.append(
            f"rounds up to {by_keyword[ext.PLAYED][0][0]} were played, though the last of them "
            "hold only requested byes: a reader may take those for the requests of rounds "
            "still to be paired"
        )
    return notes


def _said_by_162(exact: str) -> bool:
    """Whether records 162 and 299 carry every value of the event's point system: only its
    name (``3/1/0, PAB 1``, which TRF has no field for) was in Arbiter's own record."""
    try:
        system = from_exact(exact)
    except ValueError:
        return False
    records = to_records(system)
    return records is not None and replace(records[2], name=system.name) == system
