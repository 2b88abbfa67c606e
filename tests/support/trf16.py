"""A tiny test-only TRF-16 writer, to feed events to FIDE's reference engine (gacrux).

Only what tie-breaks need: header records 012, 042, 062, 092, XXR and one 001
record per player (pairing number, name, rating, points, rounds). Codes: games
``1 = 0`` (``W D L`` when unrated), forfeits ``+ -``, pairing-allocated bye
``U``, full/half/zero-point byes ``F H Z``, absences and withdrawals ``-`` with
opponent 0000. To be replaced by arbiter_app's own TRF exporter when it lands.
"""

from __future__ import annotations

from datetime import date

from arbiter_app.core.model import Colour, EntryKind, Event, Outcome, RoundEntry

_GAME = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0"}
_UNRATED = {Outcome.WIN: "W", Outcome.DRAW: "D", Outcome.LOSS: "L"}
_BYE = {
    EntryKind.PAIRING_BYE: "U",
    EntryKind.FULL_BYE: "F",
    EntryKind.HALF_BYE: "H",
    EntryKind.ZERO_BYE: "Z",
    EntryKind.NOT_PAIRED: "-",
    EntryKind.WITHDRAWN: "-",
}


def _cell(tpn: int, e: RoundEntry) -> str:
    if e.colour is None and e.opponent is not None:
        # TRF needs a colour on both sides of a pairing; the lower number takes White.
        colour = "w" if tpn < e.opponent else "b"
    else:
        colour = {Colour.WHITE: "w", Colour.BLACK: "b", None: "-"}[e.colour]
    if e.kind is EntryKind.GAME:
        assert e.outcome is not None and e.opponent is not None
        code = (_GAME if e.rated else _UNRATED)[e.outcome]
        return f"{e.opponent:4d} {colour} {code}"
    if e.kind.is_forfeit:
        code = "+" if e.kind is EntryKind.FORFEIT_WIN else "-"
        return f"{e.opponent or 0:4d} {colour} {code}"
    return f"0000 - {_BYE[e.kind]}"


def _points(value: object) -> str:
    text = f"{float(value):.1f}"  # type: ignore[arg-type]
    return f"{text:>4}"


def write_trf16(event: Event, start: date, tournament_type: str = "Swiss Dutch") -> str:
    """The event as TRF-16 text (record 042 = *start*, which selects gacrux's rule set)."""
    rounds = event.rounds_played
    scores = event.scores()
    lines = [
        f"012 {event.info.name or 'Test'}",
        f"042 {start.isoformat()}",
        f"062 {len(event.players)}",
        f"092 {tournament_type}",
    ]
    for p in event.players:
        head = (
            f"001 {p.tpn:4d} {'':1}{'':3} {p.name[:33]:<33} {p.rating or 0:4d} {'':3} "
            f"{'':11} {'':10} {_points(scores[p.tpn])} {p.tpn:4d}"
        )
        assert len(head) == 89, head
        cells = "".join(f"  {_cell(p.tpn, event.entry(p.tpn, r))}" for r in range(1, rounds + 1))
        lines.append(head + cells)
    lines.append(f"XXR {rounds}")
    return "\n".join(lines) + "\n"
