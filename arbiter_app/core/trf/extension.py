"""Arbiter's own records: what the model holds and neither TRF version can say.

Both FIDE formats let a program add records of its own (JaVaFo's ``XX?``
records are the best known); a reader skips the tags it does not know.
Arbiter's records start with ``ARB``, then a keyword and its values, one
fact a line. The writer adds them only where the FIDE records fall short,
so a plain event gives a plain file:

``ARB SYSTEM double-swiss``
    The tournament system (:class:`~arbiter_app.core.model.System` value),
    written when it differs from what record 192 says (Swiss without it).
``ARB RULESET uscf``
    The tie-break rule set stored with the event.
``ARB WITHDRAWN 12 4``
    Player 12 left the event before round 4 (``Player.withdrawn_from_round``).
    Blank rounds from round 4 on read as withdrawn, earlier ones as not paired.
``ARB ENTRY 12 2 withdrawn``
    The exception to that rule for one blank round (``withdrawn`` or
    ``not-paired``); also how a last round that nobody played is kept.
``ARB DISQUALIFIED 7``
    Player 7 was disqualified.
``ARB NATIONAL 7 1850 ITA-12345``
    National rating (``-`` for none) and national id (the rest of the line).
``ARB ORATING 7 3 2210``
    Player 7's opponent in round 3 had rating 2210 at the start of the round.
``ARB POINTS * W=3 D=1 L=0 FW=- FL=0 PAB=- FPB=- HPB=- ZPB=0 ABS=0 NAME=3/1/0``
    A point system, exactly (``*``: the event's; a number: that round's own).
``ARB REASON 2 Late arrival, article 6.7``
    Why the second point adjustment (in the order of the 299 penalty records)
    was made.
"""

from __future__ import annotations

TAG = "ARB"

SYSTEM = "SYSTEM"
RULESET = "RULESET"
WITHDRAWN = "WITHDRAWN"
ENTRY = "ENTRY"
DISQUALIFIED = "DISQUALIFIED"
NATIONAL = "NATIONAL"
ORATING = "ORATING"
POINTS = "POINTS"
REASON = "REASON"

KEYWORDS = frozenset(
    {SYSTEM, RULESET, WITHDRAWN, ENTRY, DISQUALIFIED, NATIONAL, ORATING, POINTS, REASON}
)


def line(keyword: str, *values: object) -> str:
    """One Arbiter record: ``ARB KEYWORD value value …``."""
    return " ".join([TAG, keyword, *(str(v) for v in values)])
