"""Arbiter's own records: what the model holds and neither TRF version can say.

Both FIDE formats let a program add records of its own (JaVaFo's ``XX?``
records are the best known); a reader skips the tags it does not know.
Arbiter's records start with ``ARB``, then a keyword and its values, one
fact a line. The writer adds them only where the FIDE records fall short,
so a plain event gives a plain file:

``ARB SYSTEM double-swiss``
    The tournament system (:class:`~arbiter_app.core.model.System` value),
    written when it differs from what record 192 says (Swiss without it). For
    a double Swiss, 142 / XXR count rounds and each round fills two result
    columns, the second game with the colours reversed.
``ARB RULESET uscf``
    The tie-break rule set stored with the event.
``ARB WITHDRAWN 12 4``
    Player 12 left the event before round 4 (``Player.withdrawn_from_round``).
    Blank rounds from round 4 on read as withdrawn, earlier ones as not paired.
``ARB ENTRY 12 2 withdrawn``
    The exception to that rule for one blank round (``withdrawn`` or
    ``not-paired``); also how a last round that nobody played is kept.
``ARB PLAYED 5``
    Rounds 1-5 were played as written, though the last of them have no game,
    forfeit or pairing-allocated bye: without it a reader takes rounds that
    hold only requested byes after the last round with a game for the
    requests of rounds still to be paired, as the FIDE pairing engines do.
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

from dataclasses import dataclass, field

from arbiter_app.core.model import EntryKind, RuleSet, System
from arbiter_app.core.points import PointSystem
from arbiter_app.core.trf.scoring import from_exact

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
PLAYED = "PLAYED"

KEYWORDS = frozenset(
    {SYSTEM, RULESET, WITHDRAWN, ENTRY, DISQUALIFIED, NATIONAL, ORATING, POINTS, REASON, PLAYED}
)


def line(keyword: str, *values: object) -> str:
    """One Arbiter record: ``ARB KEYWORD value value …``."""
    return " ".join([TAG, keyword, *(str(v) for v in values)])


@dataclass
class ArbiterRecords:
    """What Arbiter's records of a file said; each value keeps its line for messages.

    The reader resolves them once every player is known (a record may come
    before the player it names, and names are checked then).
    """

    system: System | None = None
    rule_set: RuleSet | None = None
    withdrawn: dict[int, tuple[int, int]] = field(default_factory=dict)
    disqualified: dict[int, int] = field(default_factory=dict)
    national: dict[int, tuple[int | None, str, int]] = field(default_factory=dict)
    entries: dict[tuple[int, int], tuple[EntryKind, int]] = field(default_factory=dict)
    ratings: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    points: PointSystem | None = None
    round_points: dict[int, tuple[PointSystem, int]] = field(default_factory=dict)
    reasons: dict[int, tuple[str, int]] = field(default_factory=dict)
    played: int = 0

    def read(self, keyword: str, args: list[str], value: str, line_no: int) -> None:
        """Take in one record (*value*: everything after ``ARB``).

        Raises :class:`ValueError` or :class:`IndexError` for a malformed record.
        """
        n = line_no
        if keyword == SYSTEM:
            self.system = System(args[0])
        elif keyword == RULESET:
            self.rule_set = RuleSet(args[0])
        elif keyword == WITHDRAWN:
            self.withdrawn[int(args[0])] = (int(args[1]), n)
        elif keyword == DISQUALIFIED:
            self.disqualified[int(args[0])] = n
        elif keyword == NATIONAL:
            rating = None if args[1] == "-" else int(args[1])
            rest = value.split(maxsplit=3)[3]
            self.national[int(args[0])] = (rating, "" if rest == "-" else rest, n)
        elif keyword == ENTRY:
            kind = EntryKind(args[2])
            if kind not in (EntryKind.NOT_PAIRED, EntryKind.WITHDRAWN):
                raise ValueError(f"{args[2]!r} is neither not-paired nor withdrawn")
            self.entries[(int(args[0]), int(args[1]))] = (kind, n)
        elif keyword == ORATING:
            self.ratings[(int(args[0]), int(args[1]))] = (int(args[2]), n)
        elif keyword == POINTS:
            system = from_exact(value.split(maxsplit=2)[2])
            if args[0] == "*":
                self.points = system
            else:
                self.round_points[int(args[0])] = (system, n)
        elif keyword == PLAYED:
            self.played = int(args[0])
        elif keyword == REASON:
            self.reasons[int(args[0])] = (value.split(maxsplit=2)[2], n)
        else:
            raise ValueError(f"unknown keyword {keyword!r}")
