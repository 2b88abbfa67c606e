"""Time controls: US notation, the FIDE/TRF-26 encoding, and how long a game can last.

Two notations are read and printed:

- **US notation** (US Chess rule 5C and City Chess OK rules): ``G/90+30``,
  ``G/90;+30``, ``G/45 d5``, ``G/5 d0``, ``40/90, SD/30 d5``; the periods may be
  separated by a comma, a semicolon or only a space (``40/90 SD/30``), as
  tournament announcements write them. Minutes for the
  time, seconds for the bonus; ``+n`` is an increment, ``dn`` a delay. As the
  seed says, a bonus written at the end applies to the whole game (both time
  controls). Arbiter adds two forms the notation has no word for: an
  increment that starts at a given move (``+2 from move 61``) and an
  Armageddon clock (``White G/5, Black G/4, +2 from move 61``).
- **FIDE/TRF-26 encoding** (record 222): seconds throughout, periods separated
  by ``:``, each ``[moves/]seconds[+increment]``: ``5400+30``,
  ``40/5400+30:1800+30``; Armageddon gives each side its own clock,
  ``W300-B240``. Arbiter's extensions: ``d5`` for a delay and ``@61`` for the
  move an increment starts at (``W300+2@61-B240+2@61``).

How long a game can last (for the play-off schedule, GCT 2023 articles 2.2,
3.2, 4.4) follows the City Chess OK convention: both clocks are used up
and each player gets the bonus on each of an assumed 60 moves. That convention
reproduces both figures the seed gives: ``G/45 d5`` "could last as long as an
hour and forty minutes" (2 × 45 min + 2 × 60 × 5 s = 100 min) and ``G/90 +30``
"could last around four hours" (2 × 90 min + 2 × 60 × 30 s = 240 min).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

from arbiter_app.core.errors import InputError, Issue
from arbiter_app.core.model import Colour
from arbiter_app.core.words import count

ASSUMED_MOVES: Final = 60
"""Moves per player assumed when estimating how long a game can last (City Chess OK rules)."""


class BonusKind(enum.Enum):
    INCREMENT = "+"
    """Fischer increment: seconds added to the clock after each move."""
    DELAY = "d"
    """Delay (US Chess 5C): the clock waits this many seconds before it runs."""


@dataclass(frozen=True, slots=True)
class Bonus:
    """An increment or a delay of *seconds* per move, from move *from_move* on."""

    kind: BonusKind
    seconds: int
    from_move: int = 1


@dataclass(frozen=True, slots=True)
class Period:
    """A period of the clock: *seconds* for *moves* moves (``None``: the rest of the game)."""

    seconds: int
    moves: int | None = None
    bonus: Bonus | None = None


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The clock of a game: White's periods, and Black's when they differ (Armageddon)."""

    periods: tuple[Period, ...]
    black_periods: tuple[Period, ...] | None = None

    @property
    def is_asymmetric(self) -> bool:
        """White and Black have different clocks (an Armageddon game)."""
        return self.black_periods is not None and self.black_periods != self.periods

    def clock(self, colour: Colour) -> tuple[Period, ...]:
        if colour is Colour.BLACK and self.black_periods is not None:
            return self.black_periods
        return self.periods

    def us(self) -> str:
        """The US notation, e.g. ``G/10+5``, ``40/90, SD/30 d5``."""
        return format_us(self)

    def fide(self) -> str:
        """The FIDE/TRF-26 encoding, e.g. ``600+5``, ``W300-B240``."""
        return format_fide(self)

    def __str__(self) -> str:
        """US notation where it can say the clock, else the FIDE encoding (a bonus for one
        side only, or one that differs between periods, has no US form): every clock that
        was read can be shown."""
        try:
            return self.us()
        except ValueError:
            return self.fide()

    def longest(self, moves: int = ASSUMED_MOVES) -> timedelta:
        """The longest the game is assumed to last: City Chess OK convention (module docstring)."""
        total = sum(side_seconds(self.clock(c), moves) for c in (Colour.WHITE, Colour.BLACK))
        return timedelta(seconds=total)


def side_seconds(periods: Sequence[Period], moves: int) -> int:
    """One player's clock fully used plus the bonus of each of *moves* moves (the FIDE Laws
    of Chess, Appendices A.1 and B.1, measure a game's speed this way with 60 moves)."""
    total = sum(p.seconds for p in periods)
    index, period_end = 0, periods[0].moves
    for move in range(1, moves + 1):
        # Move past the periods whose moves are done (the last period has no end).
        while period_end is not None and move > period_end and index < len(periods) - 1:
            index += 1
            more = periods[index].moves
            period_end = None if more is None else period_end + more
        bonus = periods[index].bonus
        if bonus is not None and move >= bonus.from_move:
            total += bonus.seconds
    return total


def game_in(minutes: int, increment: int = 0, *, delay: int | None = None) -> TimeControl:
    """``G/minutes`` with an increment (or a delay) from move 1."""
    bonus: Bonus | None = None
    if delay is not None:
        bonus = Bonus(BonusKind.DELAY, delay)
    elif increment:
        bonus = Bonus(BonusKind.INCREMENT, increment)
    return TimeControl((Period(minutes * 60, None, bonus),))


def armageddon(
    white_seconds: int, black_seconds: int, increment: int = 0, from_move: int = 1
) -> TimeControl:
    """An Armageddon clock: White and Black have different times (GCT 2023 2.5.1)."""
    bonus = Bonus(BonusKind.INCREMENT, increment, from_move) if increment else None
    return TimeControl((Period(white_seconds, None, bonus),), (Period(black_seconds, None, bonus),))


# --- US notation -------------------------------------------------------------------

_US_BONUS = re.compile(
    r"[,;]?\s*(?P<kind>[+d])\s*(?P<sec>\d+)(?:\s*(?:s|sec))?(?:\s*from\s+move\s+(?P<move>\d+))?\s*$",
    re.IGNORECASE,
)
_US_PERIOD = re.compile(r"(?:(?P<sd>G|SD)|(?P<moves>\d+))\s*/\s*(?P<min>\d+)", re.IGNORECASE)
_US_SIDES = re.compile(r"white\s+(?P<w>.+?)\s*[,;]\s*black\s+(?P<b>.+)", re.IGNORECASE)


LONGEST_PERIOD: Final = 12 * 3600
"""Seconds one period may give a player: twelve hours (no game has a longer period)."""
LONGEST_BONUS: Final = 3600
"""Seconds of increment or delay per move: an hour (more is a typing mistake)."""
LONGEST_MOVE: Final = 1000
"""Move numbers and move counts: a thousand (no game reaches that many moves)."""


def _bounded(text: str, digits: str, largest: int, what: str) -> int:
    """The number *digits* of the time control *text*, refused past *largest* (read as
    text first: a number of thousands of digits is refused without being converted)."""
    if len(digits.lstrip("0")) > len(str(largest)) or int(digits) > largest:
        raise _error(
            text, f"{digits[:12]}{'…' if len(digits) > 12 else ''} {what} is more than {largest:,}"
        )
    return int(digits)


def _error(text: str, message: str) -> InputError:
    shown = text if len(text) <= 40 else text[:37] + "..."
    return InputError([Issue("time control", 0, 0, f"{shown!r}: {message}")])


def parse_us(text: str) -> TimeControl:
    """Read US notation (module docstring); raises :class:`InputError` saying what is wrong."""
    rest = text.strip()
    if not rest:
        raise _error(text, "empty time control")
    bonus: Bonus | None = None
    m = _US_BONUS.search(rest)
    if m:
        from_move = _bounded(text, m["move"], LONGEST_MOVE, "move") if m["move"] else 1
        if from_move < 1:
            raise _error(text, "an increment starts at move 1 or later")
        kind = BonusKind.INCREMENT if m["kind"] == "+" else BonusKind.DELAY
        bonus = Bonus(kind, _bounded(text, m["sec"], LONGEST_BONUS, "bonus"), from_move)
        rest = rest[: m.start()].rstrip(" ,;")
    sides = _US_SIDES.fullmatch(rest)
    if sides:
        white = _us_periods(text, sides["w"], bonus)
        black = _us_periods(text, sides["b"], bonus)
        return TimeControl(white, black)
    return TimeControl(_us_periods(text, rest, bonus))


_US_PERIOD_BREAK = re.compile(r"\s*[,;]\s*|\s+(?=(?:G|SD|\d+)\s*/)", re.IGNORECASE)
"""Between two periods: a comma, a semicolon, or a space before the next ``40/``, ``SD/``."""


def _us_periods(text: str, part: str, bonus: Bonus | None) -> tuple[Period, ...]:
    pieces = [p.strip() for p in _US_PERIOD_BREAK.split(part) if p.strip()]
    if not pieces:
        raise _error(text, "no time given")
    periods: list[Period] = []
    for index, piece in enumerate(pieces):
        m = _US_PERIOD.fullmatch(piece)
        if not m:
            raise _error(text, f"cannot read {piece!r} (expected G/90, 40/90 or SD/30)")
        last = index == len(pieces) - 1
        if m["sd"] and not last:
            raise _error(text, f"{piece!r} is for the rest of the game and must come last")
        if m["moves"] and last:
            raise _error(text, "the last period must be G/… or SD/… (the rest of the game)")
        moves = _bounded(text, m["moves"], LONGEST_MOVE, "moves") if m["moves"] else None
        if moves == 0:
            raise _error(text, "a period needs at least one move")
        minutes = _bounded(text, m["min"], LONGEST_PERIOD // 60, "minutes")
        if moves is not None and minutes == 0:
            raise _error(text, f"{piece!r} gives no time for its {count(moves, 'move')}")
        periods.append(Period(minutes * 60, moves, bonus))
    return tuple(periods)


def _minutes(seconds: int) -> str:
    if seconds % 60 == 0:
        return str(seconds // 60)
    return f"{seconds / 60:g}" if (seconds * 10) % 60 == 0 else f"{seconds}s"


def _us_side(periods: Sequence[Period]) -> str:
    parts: list[str] = []
    for index, period in enumerate(periods):
        if period.moves is None:
            parts.append(("G/" if index == 0 else "SD/") + _minutes(period.seconds))
        else:
            parts.append(f"{period.moves}/{_minutes(period.seconds)}")
    return ", ".join(parts)


def _us_bonus(bonus: Bonus | None) -> str:
    if bonus is None:
        return ""
    text = f"+{bonus.seconds}" if bonus.kind is BonusKind.INCREMENT else f" d{bonus.seconds}"
    if bonus.from_move != 1:
        text += f" from move {bonus.from_move}"
    return text


def format_us(tc: TimeControl) -> str:
    """Print US notation; a bonus shared by every period is written once at the end."""
    bonuses = {p.bonus for p in tc.periods} | {p.bonus for p in tc.black_periods or ()}
    if len(bonuses) != 1:
        raise ValueError("US notation has one bonus for the whole game; use the FIDE encoding")
    (bonus,) = bonuses
    if tc.is_asymmetric:
        assert tc.black_periods is not None
        body = f"White {_us_side(tc.periods)}, Black {_us_side(tc.black_periods)}"
        return body + (", " + _us_bonus(bonus).strip() if bonus else "")
    return _us_side(tc.periods) + _us_bonus(bonus)


# --- FIDE / TRF-26 encoding -------------------------------------------------------

_FIDE_PERIOD = re.compile(
    r"(?:(?P<moves>\d+)/)?(?P<sec>\d+)(?:(?P<kind>[+d])(?P<bonus>\d+)(?:@(?P<move>\d+))?)?"
)
_FIDE_SIDES = re.compile(r"W(?P<w>[^-]+)-B(?P<b>.+)", re.IGNORECASE)


def parse_fide(text: str) -> TimeControl:
    """Read the FIDE/TRF-26 encoding (module docstring)."""
    body = text.strip()
    if not body:
        raise _error(text, "empty time control")
    sides = _FIDE_SIDES.fullmatch(body)
    if sides:
        return TimeControl(_fide_periods(text, sides["w"]), _fide_periods(text, sides["b"]))
    return TimeControl(_fide_periods(text, body))


def _fide_periods(text: str, part: str) -> tuple[Period, ...]:
    pieces = part.split(":")
    periods: list[Period] = []
    for index, piece in enumerate(pieces):
        m = _FIDE_PERIOD.fullmatch(piece.strip())
        if not m:
            raise _error(text, f"cannot read period {piece!r} (expected e.g. 40/5400+30)")
        moves = _bounded(text, m["moves"], LONGEST_MOVE, "moves") if m["moves"] else None
        if moves is not None and index == len(pieces) - 1:
            raise _error(text, "the last period is for the rest of the game (no move count)")
        if moves is None and index != len(pieces) - 1:
            raise _error(text, f"period {piece!r} needs a move count (only the last has none)")
        if moves == 0:
            raise _error(text, "a period needs at least one move")
        bonus = None
        if m["kind"]:
            kind = BonusKind.INCREMENT if m["kind"] == "+" else BonusKind.DELAY
            from_move = _bounded(text, m["move"], LONGEST_MOVE, "move") if m["move"] else 1
            if from_move < 1:
                raise _error(text, "an increment starts at move 1 or later")
            bonus = Bonus(kind, _bounded(text, m["bonus"], LONGEST_BONUS, "bonus"), from_move)
        seconds = _bounded(text, m["sec"], LONGEST_PERIOD, "seconds")
        if moves is not None and seconds == 0:
            raise _error(text, f"period {piece!r} gives no time for its {count(moves, 'move')}")
        periods.append(Period(seconds, moves, bonus))
    return tuple(periods)


def _fide_side(periods: Sequence[Period]) -> str:
    parts: list[str] = []
    for period in periods:
        text = f"{period.moves}/" if period.moves is not None else ""
        text += str(period.seconds)
        if period.bonus is not None:
            text += f"{period.bonus.kind.value}{period.bonus.seconds}"
            if period.bonus.from_move != 1:
                text += f"@{period.bonus.from_move}"
        parts.append(text)
    return ":".join(parts)


def format_fide(tc: TimeControl) -> str:
    """Print the FIDE/TRF-26 encoding."""
    if tc.is_asymmetric:
        assert tc.black_periods is not None
        return f"W{_fide_side(tc.periods)}-B{_fide_side(tc.black_periods)}"
    return _fide_side(tc.periods)


_WORD_UNITS = (
    ("seconds", r"s(?:ec(?:ond)?s?|eg(?:undos?)?|ek(?:unden)?)?\.?(?![a-z])|\"|''|″"),
    ("minutes", r"m(?:in(?:ute)?s?|inutos?)?\.?(?![a-z])|'|′"),
    ("hours", r"h(?:ours?|rs?)?\.?(?![a-z])|horas?\b|stunden?\b"),
    ("moves", r"moves?\b|jugadas?\b|movimientos?\b|z(?:ü|ue)ge\b|coups?\b"),
)
_WORD_QUANTITY = re.compile(
    r"(?P<n>\d+)\s*(?:" + "|".join(f"(?P<{name}>{unit})" for name, unit in _WORD_UNITS) + ")",
    re.IGNORECASE,
)
_FROM_MOVE = re.compile(
    r"(?:from|starting (?:at|from)|desde(?: la)?|ab)\s+(?:move|jugada|zug)\s+(\d+)"
)
_DELAY = re.compile(r"\bdelay\b|\bretraso\b|\bverz(?:ö|oe)gerung\b", re.IGNORECASE)


def parse_words(text: str) -> TimeControl:
    """Read a time control written in words, as record 122 of many TRF files and tournament
    regulations give it: ``90 minutes + 30 seconds per move``, ``90' + 30''``, ``1 h 30 min
    + 30 s``, ``40 moves in 90 min, then 30 min, 30 sec per move from move 1``, ``90 min for
    40 moves + 30 min + 30 s``. Each period is its time, with the moves it is for when it is
    not the last; seconds after the last period are every period's increment (a delay when
    the text says so), from the move it names."""
    lowered = text.strip().lower()
    start = _FROM_MOVE.search(lowered)
    from_move = _bounded(text, start[1], LONGEST_MOVE, "move") if start else 1
    body = lowered[: start.start()] + " " + lowered[start.end() :] if start else lowered
    found = list(_WORD_QUANTITY.finditer(body))
    if not found or re.search(r"\d", _WORD_QUANTITY.sub(" ", body)):
        raise _error(text, "cannot read it (expected e.g. 90 minutes + 30 seconds per move)")
    periods: list[list[int | None]] = []  # [seconds, moves]
    moves: int | None = None  # "40 moves in …": the count waits for its time
    increment: int | None = None
    after_hours = -1  # where an hour count ended: "1 h 30 min" is one period
    for m in found:
        if increment is not None:
            raise _error(text, "the seconds per move come after the last period")
        if m["moves"]:
            value = _bounded(text, m["n"], LONGEST_MOVE, "moves")
            if value == 0:
                raise _error(text, "a period needs at least one move")
            written_after = body[: m.start()].rstrip().endswith(("for", "para", "für", "pour"))
            if written_after and periods and periods[-1][1] is None and moves is None:
                periods[-1][1] = value  # "90 min for 40 moves"
            elif moves is None:
                moves = value
            else:
                raise _error(text, "two move counts for one period")
        elif m["hours"] or m["minutes"]:
            unit = 3600 if m["hours"] else 60
            value = _bounded(
                text, m["n"], LONGEST_PERIOD // unit, "hours" if unit > 60 else "minutes"
            )
            if unit == 60 and after_hours >= 0 and not body[after_hours : m.start()].strip():
                periods[-1][0] = int(periods[-1][0] or 0) + value * 60  # "1 h 30 min"
            else:
                periods.append([value * unit, moves])
                moves = None
            after_hours = m.end() if unit > 60 else -1
        else:
            if not periods:
                raise _error(text, "no time for the game before its seconds per move")
            increment = _bounded(text, m["n"], LONGEST_BONUS, "seconds")
    if moves is not None:
        raise _error(text, "a move count without its time")
    if any(seconds == 0 for seconds, _ in periods):
        raise _error(text, "a period gives no time")
    if periods[-1][1] is not None:
        raise _error(text, "the last period is for the rest of the game (no move count)")
    if any(moves is None for _, moves in periods[:-1]):
        raise _error(text, "each period but the last needs its move count")
    kind = BonusKind.DELAY if _DELAY.search(text) else BonusKind.INCREMENT
    bonus = None if increment is None else Bonus(kind, increment, from_move)
    return TimeControl(
        tuple(Period(int(sec or 0), None if mv is None else int(mv), bonus) for sec, mv in periods)
    )


_PLAIN = re.compile(r"(?P<base>\d+)(?:\s*\+\s*(?P<inc>\d+))?")
"""A bare ``A+B`` (or ``A``): minutes and seconds as people write it, or TRF-26's seconds."""

SECONDS_FROM = 300
"""A bare base of 300 or more is TRF-26's seconds (``5400+30``, ``600+5``, ``300``): nobody
writes a clock of five hours or more as a bare number of minutes."""


def _plain(text: str, said: str = "") -> TimeControl | None:
    """A bare ``A+B`` read as people and files mean it; None when *text* is not one.

    Under 60, ``A`` is minutes (``3+2``, ``15+10``: a clock under a minute is no chess time
    control); from 300 on, seconds as TRF record 222 writes them (``5400+30``). Between, a
    number that is no whole number of minutes when read as seconds (``90+30``, ``75``) is
    minutes; one that is (``60``, ``120+30``, ``180+2``) could be either, and is refused:
    the stricter reading, which asks for ``G/120+30`` or ``7200+30`` rather than rating an
    event on a guess (the time control decides which rating list applies)."""
    m = _PLAIN.fullmatch(text.strip())
    if m is None:
        return _plain_periods(text)
    base = _bounded(text, m["base"], LONGEST_PERIOD, "seconds")
    increment = _bounded(text, m["inc"], LONGEST_BONUS, "bonus") if m["inc"] else 0
    if base >= SECONDS_FROM:
        return None  # TRF-26's seconds: parse_fide reads it
    if base >= 60 and base % 60 == 0:
        rest = f"+{m['inc']}" if m["inc"] else ""
        raise _error(
            said or text,
            f"{count(base, 'minute')} or {count(base, 'second')}? Write G/{base}{rest} for "
            f"{count(base, 'minute')}, or G/{base // 60}{rest} for {count(base // 60, 'minute')}",
        )
    if base == 0:
        raise _error(said or text, "no time given")
    return game_in(base, increment)


_PLAIN_PERIOD = re.compile(r"(?:(?P<moves>\d+)\s*/\s*)?(?P<base>\d+)(?:\s*\+\s*(?P<inc>\d+))?")
_PLAIN_BREAK = re.compile(r"\s*[,;:]\s*")


def _plain_periods(text: str) -> TimeControl | None:
    """``40/120, 60`` (a TRF-2006 record 122): 40 moves in 120 minutes, then 60 for the rest
    of the game. A period with its move count is minutes while no base reaches 300 (40 moves
    in 120 seconds is no chess clock); from 300 on it is TRF-26's seconds, for parse_fide.
    None when *text* is not so written."""
    pieces = _PLAIN_BREAK.split(text.strip())
    found = [_PLAIN_PERIOD.fullmatch(piece) for piece in pieces]
    if len(pieces) < 2 or not all(found) or not all(m and m["moves"] for m in found[:-1]):
        return None
    if found[-1] is None or found[-1]["moves"]:
        return None  # parse_fide says why: the last period is for the rest of the game
    bases = [_bounded(text, m["base"], LONGEST_PERIOD, "minutes") for m in found if m]
    if max(bases) >= SECONDS_FROM:
        return None
    periods: list[Period] = []
    for m, base in zip(found, bases, strict=True):
        assert m is not None
        moves = _bounded(text, m["moves"], LONGEST_MOVE, "moves") if m["moves"] else None
        if moves == 0:
            raise _error(text, "a period needs at least one move")
        if base == 0:
            gives = f"for its {count(moves, 'move')}" if moves else "for the rest of the game"
            raise _error(text, f"period {m[0]!r} gives no time {gives}")
        bonus = None
        if m["inc"]:
            bonus = Bonus(BonusKind.INCREMENT, _bounded(text, m["inc"], LONGEST_BONUS, "bonus"))
        periods.append(Period(base * 60, moves, bonus))
    return TimeControl(tuple(periods))


def parse_encoded(text: str) -> TimeControl:
    """Read a time control written for a machine: US notation, or the FIDE/TRF-26 encoding in
    seconds throughout (``180+2`` is three minutes and two seconds). A play-off regulation
    gives its clocks so (FIDE C.07 article 3.1.6, :mod:`arbiter_app.core.playoff`)."""
    if re.search(r"\b(?:G|SD)\s*/|white", text, re.IGNORECASE):
        return parse_us(text)
    return parse_fide(text)


_INCREMENT_IN_SECONDS = re.compile(
    r"(?P<base>\d+)\s*\+\s*(?P<inc>\d+)\s*(?:s|secs?|seconds?|seg(?:undos?)?)\.?", re.IGNORECASE
)


def parse(text: str) -> TimeControl:
    """Read a time control as an arbiter or a file writes it: US notation when it names
    ``G/``, ``SD/`` or White and Black; words (``90 minutes + 30 seconds per move``,
    ``90' + 30''``); a bare ``90+30`` as minutes and seconds (:func:`_plain`); else the
    FIDE/TRF-26 encoding in seconds (``5400+30``, ``40/5400+30:1800+30``)."""
    if re.search(r"\b(?:G|SD)\s*/|white", text, re.IGNORECASE):
        return parse_us(text)
    # "90+30s": the increment's unit alone says nothing of the base; read as a bare 90+30.
    seconds_only = _INCREMENT_IN_SECONDS.fullmatch(text.strip())
    if seconds_only:
        plain = _plain(f"{seconds_only['base']}+{seconds_only['inc']}", said=text)
        return (
            plain
            if plain is not None
            else parse_fide(f"{seconds_only['base']}+{seconds_only['inc']}")
        )
    if _WORD_QUANTITY.search(text):
        return parse_words(text)
    plain = _plain(text)
    if plain is not None:
        return plain
    return parse_fide(text)
