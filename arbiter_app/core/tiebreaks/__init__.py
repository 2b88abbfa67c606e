"""The tie-break catalogue (FIDE C.07 and US Chess rule 34E).

Importing this package registers every tie-break; :func:`parse_spec` turns an
announced code such as ``"BH/C1"`` into a spec and :func:`explain` says how a
value was made.
"""

# Importing a family's module registers its tie-breaks.
from arbiter_app.core.tiebreaks import uscf  # noqa: F401
from arbiter_app.core.tiebreaks.base import (
    REGISTRY,
    Contribution,
    Explanation,
    TieBreakContext,
    TieBreakSpec,
    Trace,
    explain,
    parse_spec,
    register,
)

__all__ = [
    "REGISTRY",
    "Contribution",
    "Explanation",
    "TieBreakContext",
    "TieBreakSpec",
    "Trace",
    "explain",
    "parse_spec",
    "register",
]
