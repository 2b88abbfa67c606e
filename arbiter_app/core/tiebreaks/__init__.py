"""The tie-break catalogue (FIDE C.07 and US Chess rule 34E).

Importing this package registers every tie-break; :func:`parse_spec` turns an
announced code such as ``"BH/C1"`` into a spec and :func:`explain` says how a
value was made.
"""

# Importing the catalogue modules registers their tie-breaks (FIDE C.07, US Chess 34E).
from arbiter_app.core.tiebreaks import (
    buchholz,
    counts,
    encounter,
    external,
    lots,
    progressive,
    rating,
    sonneborn,
    uscf,
)
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
    "buchholz",
    "counts",
    "encounter",
    "explain",
    "external",
    "lots",
    "parse_spec",
    "progressive",
    "rating",
    "register",
    "sonneborn",
    "uscf",
]
