"""The independent path to gacrux: an event written as TRF-16 text, read by gacrux's own reader.

Arbiter's pairing builds gacrux's input structure in process; the tests check
it against gacrux driven the way its command line drives it (TRF text →
``trf2json`` → ``pairing_dutch``), so a mistake in Arbiter's translation of
the event (scores, byes, forfeits, absences) shows up as a different pairing.
The writer is deliberately small and separate from the application's.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from gacrux.pairingdutch import pairing_dutch
from gacrux.trf2json import trf2json

from arbiter_app.core.model import Colour, EntryKind, Event, RoundEntry

_BYE_CODES = {
    EntryKind.PAIRING_BYE: "U",
    EntryKind.FULL_BYE: "F",
    EntryKind.HALF_BYE: "H",
    EntryKind.ZERO_BYE: "Z",
}
_POINTS = {
    "1": Fraction(1),
    "=": Fraction(1, 2),
    "0": Fraction(0),
    "W": Fraction(1),
    "D": Fraction(1, 2),
    "L": Fraction(0),
    "+": Fraction(1),
    "-": Fraction(0),
    "U": Fraction(1),
    "F": Fraction(1),
    "H": Fraction(1, 2),
    "Z": Fraction(0),
}


def _cell(e: RoundEntry) -> str:
    if e.kind in _BYE_CODES:
        return f"0000 - {_BYE_CODES[e.kind]}"
    if e.kind is EntryKind.GAME:
        assert e.opponent is not None and e.outcome is not None
        colour = "w" if e.colour is Colour.WHITE else "b"
        code = {"1": "1", "=": "=", "0": "0"}[e.outcome.value]
        if not e.rated:
            code = {"1": "W", "=": "D", "0": "L"}[code]
        return f"{e.opponent:4d} {colour} {code}"
    if e.kind.is_forfeit:
        colour = "w" if e.colour is Colour.WHITE else "b" if e.colour is Colour.BLACK else "-"
        code = "+" if e.kind is EntryKind.FORFEIT_WIN else "-"
        opp = f"{e.opponent:4d}" if e.opponent is not None else "0000"
        return f"{opp} {colour} {code}"
    return ""


def event_to_trf(
    event: Event,
    round_to_pair: int,
    not_playing: Mapping[int, str],
    initial_colour: Colour,
) -> str:
    """TRF-16 text of *event* up to ``round_to_pair - 1``, with ``0000 - H|F|Z`` cells.

    *not_playing* maps a player to the code of their cell in the round to be
    paired (``H``/``F``/``Z`` for requested byes, ``Z`` for absent or withdrawn).
    The drawn initial colour is TRF-26 record 152.
    """
    colour = "W" if initial_colour is Colour.WHITE else "B"
    lines = ["012 Oracle", f"XXR {event.planned_rounds}", f"152 {colour}"]
    for p in sorted(event.players, key=lambda p: p.tpn):
        cells = [_cell(event.entry(p.tpn, r)) for r in range(1, round_to_pair)]
        if p.tpn in not_playing:
            cells.append(f"0000 - {not_playing[p.tpn]}")
        points = sum((_POINTS[c[-1]] for c in cells if c), Fraction(0))
        name = p.name[:33]
        head = (
            f"001 {p.tpn:4d} {'':1}{'':>3} {name:<33} {p.rating or 0:4d} {'':3} "
            f"{'':>11} {'':10} {float(points):4.1f} {p.tpn:4d}"
        )
        lines.append(head + "".join(f"  {c:<8}" for c in cells).rstrip())
    for group in event.forbidden_pairs:
        members = "".join(f" {t:4d}" for t in sorted(group))
        lines.append(f"260 {round_to_pair:3d} {round_to_pair:3d}{members}")
    return "\n".join(lines) + "\n"


def gacrux_pairs(trf_text: str) -> list[tuple[int, int]]:
    """Pair the next round of *trf_text* as gacrux's own pipeline does; ``(n, 0)`` is the bye."""
    reader = trf2json()
    reader.parse_file(trf_text, 0)
    status = reader.chessjson["status"]
    assert status["code"] in (0, 467), status
    tournament: dict[str, Any] = reader.get_tournament(1)
    rnd = tournament["currentRound"] + 1
    params: dict[str, Any] = {"experimental": [], "verbose": 0}
    engine = pairing_dutch(tournament, rnd, params)
    brackets = engine.compute_pairing(False)
    pairs = sorted(
        (pair for bracket in brackets for pair in bracket["pairs"]), key=lambda p: p["board"]
    )
    return [(int(p["w"]), int(p["b"])) if p["b"] else (int(p["w"]), 0) for p in pairs]
