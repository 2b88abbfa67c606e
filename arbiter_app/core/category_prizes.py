"""Prizes by category besides the place prizes, and which prize each player receives.

A **category** is a named list of prizes for the players who meet a
condition, such as the best under 1800, the best junior, woman, unrated
player, or of a club or a federation. It is written as
``NAME: CONDITION: PRIZES``, for example ``U1800: rating<1800: 200,100``.
The conditions (combined with ``and``, alternatives with ``or``):

- ``rating<1800``, ``rating<=1799``, ``rating>=1600`` (also ``1600<=rating<1800``):
  the player's rating in the event; an unrated player is in no rating band
  (``unrated or rating<1800`` says so when a band is meant for them too);
- ``unrated``;
- ``age<20``, ``age>=65``, …: the age the player reaches in the year the event
  starts (year of the start minus year of birth), the way FIDE's age
  categories count it; a player without a year of birth is in no age category;
- ``sex=w`` (also ``f``) or ``sex=m``; ``club=NAME``; ``fed=XXX``.

**Who receives what** (:class:`AwardRule`), under one rule printed with the list:

- ``best-prize`` (the default): each player receives one prize, the one worth
  most to them: US Chess rule 32B1 (one cash prize per player) and 32B3 (a
  winner who would receive more by winning a prize for which others in the tie
  are ineligible takes that prize), and the usual FIDE event regulations
  ("each player receives only one prize, the highest"). Prizes are given out
  from the largest share down; of two equal ones a place prize goes first, then
  the categories in the order announced. A prize a player does not take goes
  down to the next player of that list.
- ``place-first``: one prize per player, but the place prizes are given first
  and the categories go to the players who won no place prize.
- ``all-prizes``: the rule of one prize per player is not enforced: every list
  is given out on its own and a player may receive several prizes.

**Ties** share as place ties do (US Chess 32B2; GCT 2023 2.8, 3.8): the tied
players who are next in a list put together the prizes of the places they
occupy in it and share them equally, to the cent
(:func:`~arbiter_app.core.prizes.split_equally`); a play-off winner's fixed
amount comes first from the first place prize where the regulation says.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from arbiter_app.core.errors import InputError, Issue, RuleError
from arbiter_app.core.model import Player
from arbiter_app.core.prizes import (
    ZERO_MONEY,
    Award,
    Placing,
    PrizeFund,
    PrizeList,
    SharingPolicy,
    check_placings,
    format_money,
    money,
    split_equally,
)


class AwardRule(enum.Enum):
    """How many prizes a player may receive, and in which order they are given out."""

    BEST_PRIZE = "best-prize"
    PLACE_FIRST = "place-first"
    ALL_PRIZES = "all-prizes"

    def describe(self) -> str:
        if self is AwardRule.BEST_PRIZE:
            return (
                "Each player receives one prize, the one worth most to them (US Chess 32B1 and "
                "32B3; FIDE event regulations); a prize not taken goes down to the next player."
            )
        if self is AwardRule.PLACE_FIRST:
            return (
                "Each player receives one prize; the place prizes are given first, the "
                "category prizes go to players without a place prize."
            )
        return "A player may receive several prizes: each list is given out on its own."


# -- conditions ---------------------------------------------------------------------------
_ATOM = re.compile(
    r"^\s*(?:(?P<low>\d+)\s*(?P<lowop><=|<)\s*)?(?P<key>rating|age|sex|club|fed|federation|unrated)"
    r"\s*(?:(?P<op><=|>=|<|>|=)\s*(?P<value>.+?))?\s*$",
    re.IGNORECASE,
)
_NUMERIC_KEYS = frozenset({"rating", "age"})
_BIRTH_YEAR = re.compile(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)")


@dataclass(frozen=True, slots=True)
class Atom:
    """One test: *key* *op* *value* (``rating < 1800``, ``sex = w``, ``unrated``)."""

    key: str
    op: str = ""
    value: int | str = ""

    def text(self) -> str:
        return self.key if self.key == "unrated" else f"{self.key}{self.op}{self.value}"

    def holds(self, player: Player, year: int | None) -> bool:
        if self.key == "unrated":
            return not player.rating
        if self.key == "sex":
            return _sex(player.sex) == self.value
        if self.key == "club":
            return player.club.strip().casefold() == str(self.value).casefold()
        if self.key == "fed":
            return player.federation.strip().upper() == self.value
        number = player.rating or None if self.key == "rating" else _age(player, year)
        if number is None:
            return False
        limit = int(self.value)
        return {
            "<": number < limit,
            "<=": number <= limit,
            ">": number > limit,
            ">=": number >= limit,
            "=": number == limit,
        }[self.op]


def _sex(code: str) -> str:
    return {"f": "w", "w": "w", "m": "m"}.get(code.strip().lower()[:1], "")


def birth_year(player: Player) -> int | None:
    """The year in the player's birth field (``1990``, ``1990/05/17``, ``17.05.1990``)."""
    found = _BIRTH_YEAR.search(player.birth)
    return int(found.group(1)) if found else None


def _age(player: Player, year: int | None) -> int | None:
    born = birth_year(player)
    if born is None or year is None:
        return None
    return year - born


@dataclass(frozen=True, slots=True)
class Condition:
    """Alternatives (``or``) of tests that must all hold (``and``)."""

    alternatives: tuple[tuple[Atom, ...], ...]

    def text(self) -> str:
        return " or ".join(" and ".join(a.text() for a in group) for group in self.alternatives)

    @property
    def needs_age(self) -> bool:
        return any(a.key == "age" for group in self.alternatives for a in group)

    def holds(self, player: Player, year: int | None) -> bool:
        return any(all(a.holds(player, year) for a in group) for group in self.alternatives)


def parse_condition(text: str) -> Condition:
    """``rating<1800``, ``age>=65 and sex=w``, ``unrated or rating<1600`` → a Condition."""
    groups: list[tuple[Atom, ...]] = []
    for alternative in re.split(r"\s+or\s+", text.strip(), flags=re.IGNORECASE):
        atoms: list[Atom] = []
        for part in re.split(r"\s+and\s+", alternative.strip(), flags=re.IGNORECASE):
            atoms.extend(_parse_atoms(part))
        groups.append(tuple(atoms))
    return Condition(tuple(groups))


def _parse_atoms(part: str) -> list[Atom]:
    found = _ATOM.match(part)
    if found is None or not part.strip():
        raise ValueError(
            f"{part.strip()!r} is not a condition (rating<1800, age>=65, sex=w, unrated, "
            "club=NAME, fed=XXX)"
        )
    key = found.group("key").lower()
    key = "fed" if key == "federation" else key
    op, value = found.group("op"), found.group("value")
    if key == "unrated":
        if op or found.group("low"):
            raise ValueError("unrated stands alone (unrated, or rating<1800)")
        return [Atom("unrated")]
    if op is None:
        raise ValueError(
            f"{key} needs a comparison, such as {key}<1800"
            if key in _NUMERIC_KEYS
            else f"{key} needs a value: {key}=…"
        )
    atoms: list[Atom] = []
    if found.group("low"):
        if key not in _NUMERIC_KEYS or op not in ("<", "<="):
            raise ValueError(f"{part.strip()!r}: a band is written 1600<=rating<1800")
        atoms.append(
            Atom(key, ">=" if found.group("lowop") == "<=" else ">", int(found.group("low")))
        )
    if key in _NUMERIC_KEYS:
        if not value.isdecimal():
            raise ValueError(f"{key} is compared with a whole number, not {value!r}")
        atoms.append(Atom(key, op, int(value)))
        return atoms
    if op != "=":
        raise ValueError(f"{key} is compared with =, not {op}")
    if key == "sex":
        code = _sex(value)
        if not code or value.lower() not in ("m", "w", "f", "male", "female", "man", "woman"):
            raise ValueError(f"sex is m or w, not {value!r}")
        return [Atom("sex", "=", code)]
    if key == "fed":
        if not re.fullmatch(r"[A-Za-z]{3}", value):
            raise ValueError(f"a federation is a three-letter code such as NOR, not {value!r}")
        return [Atom("fed", "=", value.upper())]
    return [Atom("club", "=", value.strip())]


# -- categories --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Category:
    """A named prize list for the players meeting *condition*: prizes[0] for the best of them."""

    name: str
    condition: Condition
    prizes: tuple[Decimal, ...]

    def text(self) -> str:
        """The form :func:`parse_category` reads: ``U1800: rating<1800: 200.00,100.00``."""
        amounts = ",".join(format_money(p) for p in self.prizes)
        return f"{self.name}: {self.condition.text()}: {amounts}"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "condition": self.condition.text(),
            "prizes": [format_money(p) for p in self.prizes],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Category:
        return cls(
            str(data["name"]),
            parse_condition(str(data["condition"])),
            tuple(money(p) for p in data["prizes"]),
        )


def parse_category(text: str) -> Category:
    """``U1800: rating<1800: 200,100`` → a Category; InputError saying what is wrong."""
    parts = text.split(":")
    if len(parts) != 3:
        raise InputError(
            [
                Issue(
                    "category",
                    0,
                    0,
                    f"{text!r}: write NAME: CONDITION: PRIZES, such as "
                    "'U1800: rating<1800: 200,100'",
                )
            ]
        )
    name, condition, amounts = (p.strip() for p in parts)
    if not name:
        raise InputError([Issue("category", 0, 0, f"{text!r}: the category needs a name")])
    try:
        parsed = parse_condition(condition)
    except ValueError as exc:
        raise InputError([Issue("category", 0, 0, f"{name}: {exc}")]) from None
    prizes = tuple(money(a) for a in amounts.replace(",", " ").split())
    return check_category(Category(name, parsed, prizes))


def check_category(category: Category) -> Category:
    """Refuse a category without prizes, or whose prizes grow (prize 2 above prize 1)."""
    where = category.name
    if not category.prizes:
        raise InputError([Issue("category", 0, 0, f"{where}: give at least one prize")])
    for i in range(1, len(category.prizes)):
        if category.prizes[i] > category.prizes[i - 1]:
            raise InputError(
                [
                    Issue(
                        "category",
                        0,
                        0,
                        f"{where}: prize {i + 1} ({format_money(category.prizes[i])}) "
                        f"is larger than prize {i} ({format_money(category.prizes[i - 1])})",
                    )
                ]
            )
    return category


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


# -- giving out the prizes ------------------------------------------------------------------
RANKED: Final = "ranked by tie-break for the trophy"
"""What a share of money adds when the standings rank its players apart by tie-break."""
PLACE: Final = ""
"""The name of the place prizes' list."""


@dataclass
class _List:
    name: str
    amounts: tuple[Decimal, ...]
    members: list[Placing]
    """The eligible players, in final order."""
    order: int
    condition: str = ""
    next: int = 0
    given: list[Award] = field(default_factory=list)
    done: set[int] = field(default_factory=set)
    """Players this list has paid, or passed over on places that carry no prize."""

    @property
    def is_place(self) -> bool:
        return self.name == PLACE

    def label(self, first: int, last: int) -> str:
        span = ordinal(first) if first == last else f"{ordinal(first)}-{ordinal(last)}"
        return f"{span} place" if self.is_place else f"{self.name} {span}"


@dataclass(frozen=True, slots=True)
class _Group:
    lst: _List
    members: tuple[Placing, ...]
    pool: Decimal

    @property
    def share(self) -> Fraction:
        return Fraction(self.pool) / len(self.members)


def _key(p: Placing, policy: SharingPolicy) -> tuple[int, int]:
    return p.tie if policy.pool_original_tie else (p.place, p.last_place)


def _next_group(lst: _List, taken: set[int], policy: SharingPolicy) -> _Group | None:
    """The players next in line for *lst* (tied players together) and the prizes they occupy.

    Places without a prize followed by places with one (a fund such as 100, 0, 50)
    are passed over as soon as they come up: their players stay free for other lists.
    """
    while True:
        available = [p for p in lst.members if p.tpn not in taken and p.tpn not in lst.done]
        if not available or lst.next >= len(lst.amounts):
            return None
        key = _key(available[0], policy)
        members = tuple(p for p in available if _key(p, policy) == key)
        end = lst.next + len(members)
        pool = sum(lst.amounts[lst.next : end], ZERO_MONEY)
        if pool > 0 or not any(lst.amounts[end:]):
            return _Group(lst, members, pool)
        lst.done.update(p.tpn for p in members)
        lst.next = end


def award_prizes(
    fund: PrizeFund,
    placings: Sequence[Placing],
    policy: SharingPolicy,
    categories: Sequence[Category] = (),
    players: Mapping[int, Player] | None = None,
    year: int | None = None,
    rule: AwardRule = AwardRule.BEST_PRIZE,
    ranked: Mapping[int, int] | None = None,
) -> PrizeList:
    """Give out the place prizes of *fund* and the *categories* to the final standings.

    *placings* are in final order; *players* (by pairing number) and *year*
    (the year the event starts) decide who is eligible for a category. See
    the module's docstring for the rules; every amount is exact to the cent.
    *ranked* is each player's place in the standings with all the announced
    tie-breaks: players who share money (US Chess 32B2; GCT 2023 2.8, 3.8) but
    whom the tie-breaks rank apart are told so (the trophy goes by tie-break).
    """
    check_placings(placings)
    if any(c.condition.needs_age for c in categories) and year is None:
        raise RuleError("an age category needs the event's start date; set it first")
    lists = [_List(PLACE, fund.prizes, list(placings), 0)]
    for order, category in enumerate(categories, start=1):
        if players is None:
            raise RuleError("categories need the players' ratings, ages, sexes, clubs")
        eligible = [p for p in placings if category.condition.holds(players[p.tpn], year)]
        lists.append(
            _List(category.name, category.prizes, eligible, order, category.condition.text())
        )
    if len({x.name for x in lists}) != len(lists):
        raise RuleError("two prize lists have the same name")
    taken: set[int] = set()
    unassigned = ZERO_MONEY
    while True:
        group = _choose(lists, taken, policy, rule)
        if group is None:
            break
        unassigned += _give(group, policy, ranked or {})
        if rule is not AwardRule.ALL_PRIZES:
            taken.update(p.tpn for p in group.members)
    # Final order; a player's several prizes (no one-prize rule) in the lists' order.
    awards = [a for lst in lists for a in lst.given]
    got = {a.tpn for a in awards}
    awards += [Award(p.tpn, p.place_text, ZERO_MONEY, "") for p in placings if p.tpn not in got]
    rank = {p.tpn: i for i, p in enumerate(placings)}
    awards.sort(key=lambda a: rank[a.tpn])
    text = policy.cent_rule.describe()
    return PrizeList(
        tuple(awards),
        unassigned,
        text,
        rule.describe() if categories else "",
        tuple(c.text() for c in categories),
    )


def _choose(
    lists: Sequence[_List], taken: set[int], policy: SharingPolicy, rule: AwardRule
) -> _Group | None:
    """The next group to be paid: the largest share (place prizes first on equal shares)."""
    groups = [g for lst in lists if (g := _next_group(lst, taken, policy)) and g.pool > 0]
    if rule is AwardRule.PLACE_FIRST and any(g.lst.is_place for g in groups):
        groups = [g for g in groups if g.lst.is_place]
    if rule is AwardRule.ALL_PRIZES:
        # Every list on its own: in the order announced, each to its end.
        return min(groups, key=lambda g: g.lst.order, default=None)
    return max(groups, key=lambda g: (g.share, -g.lst.order), default=None)


def _ranked_apart(members: Sequence[Placing], ranked: Mapping[int, int]) -> bool:
    """Players sharing one range of places in money whom the standings' tie-breaks rank
    apart (US Chess 32B2: cash is shared, the trophy goes by tie-break; FIDE C.07 3.1.2)."""
    same_range = len({(m.place, m.last_place) for m in members}) == 1
    ranks = [ranked[m.tpn] for m in members if m.tpn in ranked]
    return same_range and len(ranks) == len(members) and len(set(ranks)) > 1


def _give(group: _Group, policy: SharingPolicy, ranked: Mapping[int, int]) -> Decimal:
    """Pay *group* its pool (the play-off winner's fixed amount first); return cents left."""
    lst, members = group.lst, group.members
    apart = len(members) > 1 and _ranked_apart(members, ranked)
    first, last = lst.next + 1, lst.next + len(members)
    winner = next((m for m in members if m.playoff_winner and m.place == 1), None)
    fixed = ZERO_MONEY
    if lst.is_place and winner is not None and len(members) > 1:
        fixed = policy.winner_fixed
        if fixed > lst.amounts[lst.next]:
            raise RuleError(
                f"the winner's fixed amount {format_money(fixed)} exceeds the first prize "
                f"{format_money(lst.amounts[lst.next])}"
            )
    shares, left = split_equally(group.pool - fixed, len(members), policy.cent_rule)
    what = "places" if lst.is_place else f"{lst.name} prizes"
    for member, share in zip(members, shares, strict=True):
        if len(members) == 1:
            why = (
                f"prize for place {first}"
                if lst.is_place
                else f"prize {first} of {lst.name} ({lst.condition})"
            )
            if lst.is_place and member.place != first:
                why += " (passed down: a player placed higher took a larger prize)"
        elif len(set(shares)) == 1:
            # As an arbiter says it: "places 2-5 share 600.00: 150.00 each".
            pool = format_money(group.pool - fixed)
            why = f"{what} {first}-{last} share {pool}: {format_money(share)} each"
        else:
            why = f"equal share of {what} {first}-{last} ({format_money(group.pool - fixed)})"
        if apart:
            why += f"; {RANKED}"
        amount = share
        if member is winner and fixed:
            amount += fixed
            why = f"{format_money(fixed)} to the play-off winner + {why}"
        lst.given.append(Award(member.tpn, member.place_text, amount, why, lst.label(first, last)))
    lst.next += len(members)
    lst.done.update(m.tpn for m in members)
    return left
