"""Where a player's rating came from, and choosing it from the FIDE lists imported.

Every player keeps the source of the rating the event uses, as a short code
in the tournament file:

- ``fide:<type>:<YYYY-MM>``: the FIDE list of that month, the event's rating
  type (``fide:standard:2026-09``);
- ``fide:<type>:<YYYY-MM>:standard``: the event is rapid or blitz and the
  player has no rating of that type on the list, so the standard rating of
  the same list is used: the fallback is marked, and printed as such;
- ``manual`` (typed in), ``import:<file>`` (a TRF file, a CSV player list), or
  empty when the file does not say (events recorded before sources were kept).

Choosing follows the FIDE Rating Regulations ("Official FIDE Rating List"):
a list is prepared on the first day of each month and is valid for that
rating period, so the list valid on a day is the newest one whose month began
on or before that day.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from arbiter_app.core.custom_list import LIST_NAME, CustomPlayer
from arbiter_app.core.model import Player
from arbiter_app.core.ratinglist import (
    ALL_TYPES,
    ListedPlayer,
    RatingType,
    month_text,
    month_words,
    parse_month,
)
from arbiter_app.core.words import count

MANUAL = "manual"


def imported_from(file: str) -> str:
    """The source code of ratings read from *file* (a TRF file, a player list)."""
    return f"import:{file}" if file else ""


def typed_or_imported(rating: object, source: str, given: str | None = None) -> str:
    """The source of a rating entered without one: *given* if any, else typed in (or
    imported from *source*) when there is a rating, else nothing."""
    if given is not None:
        return given
    if not rating:
        return ""
    return imported_from(source) if source else MANUAL


@dataclass(frozen=True, slots=True)
class RatingList:
    """An imported FIDE list: what it covers, its month, where it came from."""

    id: int
    covers: frozenset[RatingType]
    month: date
    file: str
    players: int
    imported: str = ""

    @property
    def size(self) -> str:
        """``1,300,000 players`` (``1 player``)."""
        return count(self.players, "player", thousands=True)

    @property
    def title(self) -> str:
        """``FIDE standard list, September 2026`` / ``FIDE combined list (…), …``."""
        if self.covers == ALL_TYPES:
            kind = "combined list (standard, rapid, blitz)"
        else:
            kind = " and ".join(t.value for t in RatingType if t in self.covers) + " list"
        return f"FIDE {kind}, {month_words(self.month)}"


@dataclass(frozen=True, slots=True)
class Found:
    """A player as one imported list gives them."""

    list: RatingList
    player: ListedPlayer


@dataclass(frozen=True, slots=True)
class CustomList:
    """An imported national or custom list (:mod:`arbiter_app.core.custom_list`)."""

    id: int
    name: str
    month: date
    file: str
    players: int
    imported: str = ""

    @property
    def size(self) -> str:
        return count(self.players, "player", thousands=True)

    @property
    def title(self) -> str:
        """``list ENG, November 2026``."""
        return f"list {self.name}, {month_words(self.month)}"


@dataclass(frozen=True, slots=True)
class CustomFound:
    """A player as one custom list gives them."""

    list: CustomList
    player: CustomPlayer


LIST_ENTRY = "list:"
"""A sequence's entry for a custom list: ``list:ENG``."""


DEFAULT_SEQUENCES: dict[RatingType, tuple[str, ...]] = {
    RatingType.STANDARD: (
        RatingType.STANDARD.value,
        RatingType.RAPID.value,
        RatingType.BLITZ.value,
    ),
    RatingType.RAPID: (
        RatingType.RAPID.value,
        RatingType.STANDARD.value,
        RatingType.BLITZ.value,
    ),
    RatingType.BLITZ: (
        RatingType.BLITZ.value,
        RatingType.STANDARD.value,
        RatingType.RAPID.value,
    ),
}
"""The default sequence of lists per tournament type, as both public trackers quote FIDE's
checklist (FIDE C.02, question 123): a standard event takes the standard list, then the
rapid, then the blitz; a rapid event the effective rapid list (the rapid list, then the
standard one: question 118), then the blitz; a blitz event the effective blitz list (the
blitz list, then the standard one), then the rapid."""


def default_sequence(wanted: RatingType) -> tuple[str, ...]:
    """The lists an event of type *wanted* takes its ratings from, in order, when the
    arbiter has not set a sequence (:data:`DEFAULT_SEQUENCES`)."""
    return DEFAULT_SEQUENCES[wanted]


def default_words(wanted: RatingType) -> str:
    """What the default sequence of an event of type *wanted* is, in words (checklist
    question 123; the effective lists of question 118)."""
    if wanted is RatingType.STANDARD:
        return "the default of a standard event"
    other = RatingType.BLITZ if wanted is RatingType.RAPID else RatingType.RAPID
    return (
        f"the default of a {wanted.value} event: the effective {wanted.value} list "
        f"({wanted.value}, else standard), then the {other.value} list"
    )


def checked_sequence(value: object) -> list[str]:
    """*value* as a sequence of lists (``["rapid", "standard", "list:ENG"]``), else
    ValueError saying why: FIDE's lists by their type, custom lists by ``list:NAME``,
    each once, at least one."""
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",")]
    if not isinstance(value, (list, tuple)) or not value:
        raise ValueError("a sequence of rating lists names one list at least")
    out: list[str] = []
    for entry in value:
        if not isinstance(entry, str):
            raise ValueError(f"a rating list is named by text, not {entry!r}")
        entry = entry.strip()
        name = entry[len(LIST_ENTRY) :] if entry.startswith(LIST_ENTRY) else None
        if name is not None:
            if not LIST_NAME.fullmatch(name):
                raise ValueError(f"{entry!r} does not name a list (list:NAME)")
        elif entry not in {t.value for t in RatingType}:
            raise ValueError(
                f"unknown rating list {entry!r}: FIDE's standard, rapid or blitz list, or a "
                "custom list as list:NAME"
            )
        if entry in out:
            raise ValueError(f"the list {entry!r} is named twice")
        out.append(entry)
    return out


def sequence_words(sequence: Sequence[str]) -> str:
    """``FIDE rapid, FIDE standard, list ENG``."""
    return ", ".join(
        f"list {e[len(LIST_ENTRY) :]}" if e.startswith(LIST_ENTRY) else f"FIDE {e}"
        for e in sequence
    )


@dataclass(frozen=True, slots=True)
class Choice:
    """The rating an event of *wanted* type uses for a player, and where it came from.

    *rating* None: the lists give the player no rating of that type (nor a
    standard one to fall back on): the player is unrated for this event.
    """

    wanted: RatingType
    rating: int | None
    month: date
    fallback: bool = False
    via: str = ""
    """The entry of the sequence that gave the rating when it is not the FIDE list of the
    event's type: another FIDE type (``standard``), or a custom list (``list:ENG``)."""

    @property
    def source(self) -> str:
        if self.via.startswith(LIST_ENTRY):
            return f"{self.via}:{month_text(self.month)}"
        code = f"fide:{self.wanted.value}:{month_text(self.month)}"
        return code + (f":{self.via or 'standard'}" if self.fallback else "")


def valid_on(found: Sequence[Found], day: date | None) -> list[Found]:
    """*found* (any order) restricted to the lists valid on *day* (all when None), newest first.

    A list is valid from the first day of its month (FIDE Rating Regulations,
    Official FIDE Rating List); later lists are left out.
    """
    usable = [f for f in found if day is None or f.list.month <= day]
    return sorted(usable, key=lambda f: (f.list.month, f.list.id), reverse=True)


def choose(
    found: Sequence[Found],
    wanted: RatingType,
    day: date | None = None,
    sequence: Sequence[str] | None = None,
    custom: Sequence[CustomFound] = (),
) -> Choice | None:
    """The rating valid on *day* from the first list of *sequence* that rates the player.

    *sequence* is the event's sequence of lists (:func:`default_sequence` when None):
    FIDE's lists by type and custom lists (``list:NAME``). For the FIDE list of the
    event's type the newest list valid on *day* that covers it and holds the player
    decides; for another type (the standard list of a rapid or blitz event: the usual
    rule of rapid and blitz regulations, players without a rapid or blitz rating are
    ranked by their standard rating) the newest valid list that rates the player, marked
    as a fallback; for a custom list the newest of that name valid on *day*. None when no
    list valid on *day* holds the player at all; a Choice without a rating when lists
    hold the player but none of the sequence rates them.
    """
    ordered = valid_on(found, day)
    others = sorted(
        (c for c in custom if day is None or c.list.month <= day),
        key=lambda c: (c.list.month, c.list.id),
        reverse=True,
    )
    if not ordered and not others:
        return None
    own = next((f for f in ordered if wanted in f.list.covers), None)
    for entry in sequence or default_sequence(wanted):
        if entry.startswith(LIST_ENTRY):
            name = entry[len(LIST_ENTRY) :]
            hit = next((c for c in others if c.list.name == name), None)
            if hit is not None and hit.player.rating is not None:
                return Choice(wanted, hit.player.rating, hit.list.month, True, entry)
            continue
        kind = RatingType(entry)
        if kind is wanted:
            if own is not None and own.player.rating(wanted) is not None:
                return Choice(wanted, own.player.rating(wanted), own.list.month)
            continue
        for f in ordered:
            rating = f.player.rating(kind)
            if kind in f.list.covers and rating is not None:
                via = "" if kind is RatingType.STANDARD else kind.value
                return Choice(wanted, rating, f.list.month, True, via)
    month = (
        own.list.month
        if own is not None
        else ordered[0].list.month
        if ordered
        else others[0].list.month
    )
    return Choice(wanted, None, month)


@dataclass(frozen=True, slots=True)
class ListRating:
    """A player's rating on one list of the lists valid on a day: the entry a sequence
    names it by (``blitz``, ``list:ENG``), the rating and the list's month."""

    entry: str
    rating: int
    month: date

    def words(self) -> str:
        """``FIDE blitz 1801 (September 2026)``, ``list ENG 2101 (November 2026)``."""
        return f"{sequence_words([self.entry])} {self.rating} ({month_words(self.month)})"


def source_entry(source: str) -> str:
    """The entry of a sequence a rating *source* came from: ``fide:rapid:2026-09`` →
    ``rapid``, ``fide:rapid:2026-09:standard`` → ``standard``, ``list:ENG:2026-11`` →
    ``list:ENG``; "" for a rating typed in or imported from a file."""
    parts = source.split(":")
    if parts[0] == "list" and len(parts) == 3:
        return f"{LIST_ENTRY}{parts[1]}"
    if parts[0] == "fide" and len(parts) in (3, 4):
        return parts[-1] if len(parts) == 4 else parts[1]
    return ""


def every_rating(
    found: Sequence[Found], day: date | None, custom: Sequence[CustomFound] = ()
) -> list[ListRating]:
    """The player's rating on every list valid on *day* that rates them: FIDE's three
    (the newest list covering each type that rates the player) and each custom list (its
    newest), so the arbiter sees the ratings of the lists that are not the event's main
    list and may pick one (FIDE C.02 checklist, rating lists)."""
    out: list[ListRating] = []
    ordered = valid_on(found, day)
    for kind in RatingType:
        for f in ordered:
            rating = f.player.rating(kind)
            if kind in f.list.covers and rating is not None:
                out.append(ListRating(kind.value, rating, f.list.month))
                break
    seen: set[str] = set()
    for c in sorted(custom, key=lambda c: (c.list.month, c.list.id), reverse=True):
        if (day is None or c.list.month <= day) and c.list.name not in seen:
            seen.add(c.list.name)
            if c.player.rating is not None:
                out.append(ListRating(LIST_ENTRY + c.list.name, c.player.rating, c.list.month))
    return out


def newest_ratings(found: Sequence[Found]) -> dict[RatingType, Found]:
    """For each rating type, the newest list that covers it and holds the player."""
    ordered = valid_on(found, None)
    out: dict[RatingType, Found] = {}
    for kind in RatingType:
        newest = next((f for f in ordered if kind in f.list.covers), None)
        if newest is not None:
            out[kind] = newest
    return out


def player_fields(
    found: Sequence[Found],
    wanted: RatingType,
    day: date | None = None,
    sequence: Sequence[str] | None = None,
    custom: Sequence[CustomFound] = (),
) -> dict[str, object]:
    """The fields of a player registered from the lists: name, title, federation, FIDE ID,
    sex, year of birth, and the rating with its source (the player commands' fields).

    The personal fields come from the newest list valid on *day* that holds
    the player (the newest of all when none is valid then).
    """
    ordered = valid_on(found, day) or valid_on(found, None)
    if not ordered:
        raise ValueError("the lists do not hold this player")
    person = ordered[0].player
    choice = choose(found, wanted, day, sequence, custom) or choose(
        found, wanted, None, sequence, custom
    )
    return {
        "name": person.name,
        "title": person.title or person.women_title,
        "federation": person.federation,
        "fide_id": str(person.fide_id),
        "sex": person.sex_code,
        "birth": str(person.birth_year) if person.birth_year else "",
        "rating": choice.rating if choice is not None else None,
        "rating_source": choice.source if choice is not None else "",
    }


def describe(source: str) -> str:
    """A rating source code as the arbiter reads it."""
    if not source:
        return "not recorded"
    if source == MANUAL:
        return "typed in"
    kind, _, rest = source.partition(":")
    if kind == "import":
        return f"imported from {rest}"
    if kind == "uschess":
        system, _, mark = rest.partition(":")
        return f"US Chess member list, {system} rating" + (", provisional" if mark else "")
    if kind == "list":
        name, _, month_code = rest.partition(":")
        try:
            return f"list {name}, {month_words(parse_month(month_code))}"
        except (ValueError, ArithmeticError):
            return source
    if kind == "fide":
        parts = rest.split(":")
        try:
            wanted = RatingType(parts[0])
            month = month_words(parse_month(parts[1]))
        except (ValueError, IndexError, ArithmeticError):
            return source
        if len(parts) > 2 and parts[2] == RatingType.STANDARD.value:
            return f"FIDE list of {month}: standard rating (no {wanted.value} rating)"
        if len(parts) > 2:
            return f"FIDE list of {month}: {parts[2]} rating, in place of the {wanted.value} rating"
        return f"FIDE {wanted.value} list, {month}"
    return source


def source_month(source: str) -> date | None:
    """The month of the list a rating *source* names (``fide:rapid:2026-09`` → 2026-09-01);
    None for a rating typed in, imported from a file, or not recorded."""
    kind, _, rest = source.partition(":")
    if kind not in ("fide", "list"):
        return None
    parts = rest.split(":")
    try:
        return parse_month(parts[1])
    except (IndexError, ValueError, ArithmeticError):
        return None


def list_missing_at(months: Iterable[date], day: date | None) -> date | None:
    """The month whose list is valid on *day* when it is not among *months* (the lists
    imported) though an older one is: the check would otherwise take that older list
    silently as the one valid at the start.

    A list is valid from the first day of its month for that month (FIDE Rating
    Regulations, Official FIDE Rating List), so the list valid on 2026-11-20 is the list
    of November 2026. None when *day* is None, when that list is imported, or when no
    list valid on *day* is imported at all (refused elsewhere, with its own reason).
    """
    if day is None:
        return None
    start = day.replace(day=1)
    valid = [m for m in months if m <= day]
    if not valid or max(valid) >= start:
        return None
    return start


def is_fallback(source: str) -> bool:
    """The rating is a standard rating standing in for a missing rapid or blitz one."""
    return source.startswith("fide:") and source.count(":") >= 3


@dataclass(frozen=True, slots=True)
class Difference:
    """A player whose rating in the event is not the one of the list valid at its start."""

    tpn: int
    name: str
    fide_id: str
    in_event: int | None
    on_list: Choice | None
    """None: the FIDE ID is on none of the lists valid at the start."""
    national_id: str = ""

    def sentence(self) -> str:
        had = str(self.in_event) if self.in_event else "unrated"
        known = f"FIDE ID {self.fide_id}" if self.fide_id else f"ID {self.national_id}"
        who = f"{self.tpn} {self.name} ({known})"
        if self.on_list is None:
            return f"{who}: {had} in the event; the ID is on no list valid at the start."
        listed = str(self.on_list.rating) if self.on_list.rating is not None else "unrated"
        where = describe(self.on_list.source)
        return f"{who}: {had} in the event, {listed} on the {where}."


def differences(
    players: Iterable[Player],
    found: Mapping[str, Sequence[Found]],
    wanted: RatingType,
    day: date | None,
    sequence: Sequence[str] | None = None,
    custom: Mapping[int, Sequence[CustomFound]] | None = None,
) -> list[Difference]:
    """Players whose rating differs from the one the sequence of lists gives on *day*.

    *found* maps a FIDE ID to what the imported FIDE lists hold for it; *custom* a
    player's number to what the custom lists of the sequence hold for them. Players on
    no list of either kind are not checked.
    """
    out: list[Difference] = []
    for p in players:
        theirs = (custom or {}).get(p.tpn, ())
        if not p.fide_id and not theirs:
            continue
        choice = choose(
            found.get(p.fide_id, ()) if p.fide_id else (), wanted, day, sequence, theirs
        )
        if choice is not None and choice.rating == (p.rating or None):
            continue
        out.append(Difference(p.tpn, p.name, p.fide_id, p.rating, choice, p.national_id))
    return out
