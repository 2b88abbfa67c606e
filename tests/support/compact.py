"""Build events from the compact crosstable notation used by the reference data.

Cells: ``+W9`` won with White against 9, ``=B13`` drew with Black, ``-W5`` lost;
``+F9`` / ``-F11`` forfeit win / loss against that player; ``+BYE`` pairing-
allocated bye; ``+FPB`` full-point bye; ``=BYE`` (or ``=HPB``) half-point bye;
``0BYE`` (or ``ZPB``) zero-point bye; ``--`` not paired; ``WD`` withdrawn.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from pathlib import Path

from arbiter_app.core.model import (
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Outcome,
    Player,
    RoundEntry,
    RuleSet,
    System,
)

_SIGN = {"+": Outcome.WIN, "=": Outcome.DRAW, "-": Outcome.LOSS}
_SPECIAL = {
    "+BYE": RoundEntry(EntryKind.PAIRING_BYE),
    "+FPB": RoundEntry(EntryKind.FULL_BYE),
    "=BYE": RoundEntry(EntryKind.HALF_BYE),
    "=HPB": RoundEntry(EntryKind.HALF_BYE),
    "0BYE": RoundEntry(EntryKind.ZERO_BYE),
    "ZPB": RoundEntry(EntryKind.ZERO_BYE),
    "--": RoundEntry(EntryKind.NOT_PAIRED),
    "": RoundEntry(EntryKind.NOT_PAIRED),
    "WD": RoundEntry(EntryKind.WITHDRAWN),
}


def parse_cell(cell: str) -> RoundEntry:
    cell = cell.strip().upper()
    if cell in _SPECIAL:
        return _SPECIAL[cell]
    sign, kind, rest = cell[0], cell[1], cell[2:]
    if kind == "F":
        k = EntryKind.FORFEIT_WIN if sign == "+" else EntryKind.FORFEIT_LOSS
        return RoundEntry(k, int(rest) if rest else None)
    colour = Colour.WHITE if kind == "W" else Colour.BLACK
    return RoundEntry.game(int(rest), colour, _SIGN[sign])


def event_from_rows(
    rows: Mapping[int, list[str]],
    *,
    ratings: Mapping[int, int | None] | None = None,
    names: Mapping[int, str] | None = None,
    system: System = System.SWISS,
    rule_set: RuleSet | None = None,
    rounds: int | None = None,
) -> Event:
    players = [
        Player(
            tpn,
            (names or {}).get(tpn, f"Player {tpn}"),
            (ratings or {}).get(tpn),
        )
        for tpn in sorted(rows)
    ]
    entries = {tpn: tuple(parse_cell(c) for c in cells) for tpn, cells in rows.items()}
    n = max(len(v) for v in entries.values())
    return Event(
        info=EventInfo(name="test"),
        system=system,
        planned_rounds=rounds or n,
        players=tuple(players),
        entries=entries,
        rule_set=rule_set,
    )


def event_from_text(text: str, **kwargs: object) -> Event:
    """Rows like ``1: +W9 =B13 =W2`` (one player a line)."""
    rows: dict[int, list[str]] = {}
    for line in text.strip().splitlines():
        head, _, cells = line.partition(":")
        rows[int(head)] = cells.split()
    return event_from_rows(rows, **kwargs)  # type: ignore[arg-type]


def event_from_csv(path: Path, players_csv: Path | None = None, **kwargs: object) -> Event:
    rows: dict[int, list[str]] = {}
    with path.open(newline="") as fh:
        reader = csv.reader(fh)
        next(reader)
        for row in reader:
            if row:
                rows[int(row[0])] = row[1:]
    ratings: dict[int, int | None] = {}
    names: dict[int, str] = {}
    if players_csv is not None and players_csv.exists():
        for rec in csv.DictReader(io.StringIO(players_csv.read_text())):
            tpn = int(rec["tpn"])
            names[tpn] = rec.get("name", f"Player {tpn}")
            r = rec.get("rating", "")
            ratings[tpn] = int(r) if r else None
    return event_from_rows(rows, ratings=ratings, names=names, **kwargs)  # type: ignore[arg-type]
