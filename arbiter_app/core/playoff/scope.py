"""Which places a play-off decides: one answer for every view of the standings.

FIDE C.07 article 3.1.1 asks the regulations to say which places are decided over the
board, and 3.1.2 whether some tie-breaks apply before the play-off is decided. Every
view of the standings (the window's panel, the projector, the printed sheets, the
command line, the exports, the prize list) asks :func:`playoff_scope` and nothing else:

- a play-off that has been started decides by its own regulation, however it was
  started (a built-in regulation, a custom one read from a file, the command line or the
  window), and once it has placed players its finishing order counts;
- before one is started, the regulation the event's settings name (a preset that comes
  with a play-off names it in the settings) says which places will be played off;
- otherwise no place is decided by a play-off.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbiter_app.core.errors import ArbiterError

if TYPE_CHECKING:
    from arbiter_app.core.playoff.engine import PlayoffState
    from arbiter_app.core.playoff.regulation import Regulation


@dataclass(frozen=True, slots=True)
class PlayoffScope:
    """The places a play-off decides (C.07 3.1.1), how many tie-breaks of the list apply
    before qualifying for it (3.1.2), and the order it has decided so far (best first)."""

    places: tuple[int, ...] = ()
    after_tiebreaks: int = 0
    order: tuple[int, ...] = ()
    regulation: Regulation | None = None


def playoff_scope(stored: PlayoffState | None, named: str | None) -> PlayoffScope:
    """The scope of the play-off *stored* in the event, else of the regulation *named* by
    its settings (module docstring); an unknown name decides nothing.

    The play-off engine is loaded only when there is a play-off to ask about: the
    standings of an event without one never load it.
    """
    if stored is None and not named:
        return PlayoffScope()
    from arbiter_app.core.playoff.presets import preset
    from arbiter_app.core.playoff.results import decided_order

    if stored is not None:
        regulation = stored.regulation
        order = decided_order(stored)
    elif named:
        try:
            regulation = preset(named)
        except ArbiterError:
            return PlayoffScope()
        order = ()
    return PlayoffScope(
        tuple(regulation.places), regulation.qualify_after_tiebreaks, tuple(order), regulation
    )
