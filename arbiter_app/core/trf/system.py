"""The tournament system from TRF-26 record 192 (Encoded Type Of Tournament).

Record 192 holds a code from FIDE's table (``FIDE_DUTCH``, ``FIDE_ROUNDROBIN``,
``FIDE_DOUBLEROUNDROBIN``, ``FIDE_DOUBLESWISS``, ``BERGER_ROUNDROBIN``, …). It
names the pairing system too, which Arbiter does not model, so the record is
kept verbatim and only the system is read from it.
"""

from __future__ import annotations

from collections.abc import Iterable

from arbiter_app.core.model import System
from arbiter_app.core.trf.document import KeptLine


def system_from_code(code: str) -> System | None:
    """The system a record-192 code names, None for a code that names none Arbiter knows."""
    c = code.strip().upper()
    if "TEAM" in c or "SCHEVENINGEN" in c or "SCHILLER" in c or "KNOCKOUT" in c:
        return None
    if "DOUBLEROUNDROBIN" in c:
        return System.DOUBLE_ROUND_ROBIN
    if "ROUNDROBIN" in c:
        return System.ROUND_ROBIN
    if "DOUBLESWISS" in c:
        return System.DOUBLE_SWISS
    if c.startswith(("FIDE_", "CUSTOM_SWISS")):
        return System.SWISS
    return None


def system_from_kept(kept: Iterable[KeptLine], default: System) -> System:
    """The system the last record 192 among *kept* names, else *default*."""
    found = default
    for line in kept:
        if line.tag == "192":
            found = system_from_code(line.text[4:]) or found
    return found
