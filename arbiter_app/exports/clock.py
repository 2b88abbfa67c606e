"""The main event's time control, as the header of every sheet prints it.

The clock is printed in US notation with the FIDE encoding beside it
(``G/90+30 (5400+30)``, :mod:`arbiter_app.core.timecontrol`); a time control
read from a file that neither notation reads (TRF record 122 is free text)
is printed as written.
"""

from __future__ import annotations

from arbiter_app.core.errors import InputError
from arbiter_app.core.model import EventInfo
from arbiter_app.core.timecontrol import parse

Field = tuple[str, str]

EVENT_CLOCK = "Time control of the event"
"""The label on the play-off's sheets, whose own games have clocks of their own."""


def clock_text(text: str) -> str:
    """*text* as ``US (FIDE)`` when Arbiter reads it, else as written."""
    try:
        clock = parse(text)
    except (InputError, ValueError):
        return text.strip()
    try:
        us = clock.us()
    except ValueError:  # a clock US notation cannot write (bonuses differing by period)
        return clock.fide()
    fide = clock.fide()
    return us if us == fide else f"{us} ({fide})"


def time_control_field(info: EventInfo, label: str = "Time control") -> tuple[Field, ...]:
    """The header field of the event's time control (none while it is not given)."""
    if not info.time_control.strip():
        return ()
    return ((label, clock_text(info.time_control)),)
