"""Which double Swiss paired a file whose record 192 says ``FIDE_DOUBLESWISS``.

In FIDE's table of TRF-26 record 192 the code names FIDE's Double-Swiss System
(Handbook C.04.5, applied from 1 February 2026). Arbiter's versions before 27 November
2026 wrote the same code for the club's double Swiss (the City Chess OK rules, each
match paired as one round of the Dutch system); Arbiter writes ``CUSTOM_DOUBLESWISS``
for it since. Such a file must go on with the system it was paired with, so the import
of a file Arbiter wrote looks at what the file shows, in this order:

1. an acceleration (``FIDE_DOUBLESWISS_BAKU``): only the club's double Swiss was ever
   accelerated by Arbiter (FIDE's Double-Swiss is refused one);
2. the points column: a pairing-allocated bye scores a game won and a game drawn in
   FIDE's system (C.04.5 article 1.4) and two games won in the club's; the system whose
   scores agree with every player's points column, when the other's do not;
3. the matches themselves: each one paired again from the matches before it, by C.04.5
   and by the club's rules (as the pairings checker does); the system that makes every
   match of the file again, when the other does not.

The reading says which it chose and why, in a sentence: a level-2 notice (FIDE C.02)
when the file decided, a level-3 question when a file Arbiter wrote does not decide (its
matches fit both systems): it is then read as FIDE's system, as the code says, and
changing its record 192 to ``CUSTOM_DOUBLESWISS`` imports it as the club's. A file
another program wrote is read as the code says: no other program wrote it for the club's
system. Arbiter wrote record 182 (its name) in its reports and ``ARB`` records where the
FIDE records fall short; an export of the club's double Swiss with neither cannot be told
from another program's file, and is read as the code says.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Colour, Event, System
from arbiter_app.core.warning_levels import Level

CLUB_CODE_UNTIL = "27 November 2026"
"""The day Arbiter stopped writing ``FIDE_DOUBLESWISS`` for the club's double Swiss."""

GAMES = 2
"""Games in a match of either double Swiss: match *m* is game columns 2m − 1 and 2m."""

ARTICLE = "TRF-26 record 192; FIDE C.04.5"
"""Where the rules of the choice are: the code's table and FIDE's Double-Swiss System."""

_NAMES = {
    System.FIDE_DOUBLE_SWISS: "FIDE's Double-Swiss System (C.04.5)",
    System.DOUBLE_SWISS: "the club's double Swiss (each match paired as a Dutch round)",
}


@dataclass(frozen=True)
class SystemReading:
    """The double Swiss a file is read as, *why* (a clause: what the file shows), and
    whether the file decided it."""

    system: System
    why: str
    decided: bool

    @property
    def level(self) -> Level:
        """FIDE C.02: a notice when the file decided, a question when it did not."""
        return Level.NOTICE if self.decided else Level.CONFIRM

    @property
    def reason(self) -> str:
        """What the import says: the notice when the file decided, else the question."""
        name = _NAMES[self.system]
        if self.decided:
            return f"Imported as {name}: {self.why}."
        return (
            f"Import as {name}? {self.why[:1].upper()}{self.why[1:]}. To import it as the "
            "club's double Swiss, change its record 192 to CUSTOM_DOUBLESWISS."
        )

    @property
    def note(self) -> str:
        """What a report on the file says (the pairings checker's note), a clause."""
        return f"the file was read as {_NAMES[self.system]}: {self.why}"

    def to_json(self) -> dict[str, Any]:
        return {"system": self.system.value, "why": self.why, "decided": self.decided}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SystemReading:
        """Raises :class:`ValueError`, :class:`KeyError` or :class:`TypeError` for data that
        is not a reading."""
        system = System(data["system"])
        why, decided = data["why"], data["decided"]
        if system not in _NAMES or not isinstance(why, str) or not isinstance(decided, bool):
            raise ValueError(f"not a reading of record 192: {dict(data)!r}")
        return cls(system, why, decided)


def names_fide_double_swiss(code: str) -> bool:
    """Whether a record-192 code names FIDE's Double-Swiss (with or without Baku)."""
    c = code.strip().upper()
    return c.startswith("FIDE_") and "DOUBLESWISS" in c


def written_by_arbiter(controller: str, arbiter_records: bool) -> bool:
    """Whether Arbiter wrote the file: record 182 names it (the pairing controller of
    Arbiter's reports, a version number after the name allowed), or the file has
    Arbiter's own ``ARB`` records."""
    words = controller.split()
    return (bool(words) and words[0].casefold() == "arbiter") or arbiter_records


def _matches_fit(event: Event, colour: Colour | None) -> bool:
    """Whether every match of *event* is the pairing its system makes from the matches
    before it (the pairings checker's reading)."""
    # Imported here: the checker reads TRF documents, so it imports this package.
    from arbiter_app.core.checker.pairings import check_swiss

    try:
        # Arbiter's own Dutch engine pairs the club's rounds: it makes gacrux's pairings
        # (the campaign compares them), a 1,000-player round in a fraction of a second.
        findings, _ = check_swiss(event, colour, engine="own")
    except ArbiterError:  # a system that cannot pair the file's rounds did not pair them
        return False
    return not findings


def read_double_swiss(
    code: str,
    event: Event,
    *,
    by_arbiter: bool,
    stated_points: Mapping[int, Fraction],
    initial_colour: Colour | None,
    matches_fit: Callable[[Event, Colour | None], bool] = _matches_fit,
) -> SystemReading | None:
    """The reading of *event* (read with record 192's *code*), or None when there is
    nothing to say: another code, or another program's file (the code then means what
    FIDE's table says).

    *by_arbiter*: Arbiter wrote the file (:func:`written_by_arbiter`); *stated_points*:
    the points column of each player who has one.
    """
    if not names_fide_double_swiss(code) or not by_arbiter:
        return None
    said = f"record 192 says {code.strip()}"
    fide = replace(event, system=System.FIDE_DOUBLE_SWISS)
    club = replace(event, system=System.DOUBLE_SWISS)
    if code.strip().upper().endswith("_BAKU"):
        return SystemReading(
            System.DOUBLE_SWISS,
            f"{said} with an acceleration, in a file Arbiter wrote, and Arbiter never "
            "accelerates FIDE's Double-Swiss System; before "
            f"{CLUB_CODE_UNTIL} it wrote that code for the club's double Swiss",
            decided=True,
        )
    evidence: list[tuple[str, Callable[[], tuple[bool, bool]]]] = [
        # The cheap evidence first: the matches are paired again only when the points
        # column does not decide.
        (
            "its points column",
            lambda: (_points_fit(fide, stated_points), _points_fit(club, stated_points)),
        ),
        ("its matches", lambda: _by_matches(fide, club, initial_colour, matches_fit)),
    ]
    for what, fits in evidence:
        fide_fits, club_fits = fits()
        if fide_fits != club_fits:
            system = System.FIDE_DOUBLE_SWISS if fide_fits else System.DOUBLE_SWISS
            other = System.DOUBLE_SWISS if fide_fits else System.FIDE_DOUBLE_SWISS
            why = (
                "are the pairings that system makes, not those of "
                if what == "its matches"
                else "agrees with that system's scores, not with those of "
            )
            return SystemReading(system, f"{said}, and {what} {why}{_NAMES[other]}", decided=True)
    return SystemReading(
        System.FIDE_DOUBLE_SWISS,
        f"Arbiter wrote this file and {said}, which Arbiter also wrote for the club's double "
        f"Swiss before {CLUB_CODE_UNTIL}; its matches and points fit both systems",
        decided=False,
    )


def _by_matches(
    fide: Event,
    club: Event,
    colour: Colour | None,
    matches_fit: Callable[[Event, Colour | None], bool],
) -> tuple[bool, bool]:
    """Whether each system makes every complete match of the file again.

    The first two matches are checked first, then twice as many, and so on: the two
    systems usually part at match 2, and a system that does not make the first matches
    does not make them all.
    """
    played = fide.rounds_played // GAMES
    length = min(2, played)
    while True:
        fide_fits = matches_fit(fide.truncated(GAMES * length), colour)
        club_fits = matches_fit(club.truncated(GAMES * length), colour)
        if fide_fits != club_fits or not fide_fits or length >= played:
            return fide_fits, club_fits
        length = min(2 * length, played)


def _points_fit(event: Event, stated: Mapping[int, Fraction]) -> bool:
    """Whether every stated points column equals the score *event*'s system gives."""
    scores = event.scores()
    return all(scores.get(tpn) == points for tpn, points in stated.items())
