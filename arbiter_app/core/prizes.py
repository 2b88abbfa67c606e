"""Prize money: place prizes, pooled places shared equally, the play-off winner's amount first.

Money is :class:`~decimal.Decimal`, exact to the cent. The rules implemented:

- Tied players who are not separated share the prizes of the places they
  occupy equally (GCT 2023 articles 2.8 and 3.8; US Chess 32B).
- After a play-off under the GCT 2023 event regulations the winner first
  receives a fixed amount of the first prize ($5,000 in rapid & blitz events,
  article 2.6; $10,000 in classical events, article 3.6); the balance of the
  first prize and the prizes of every other place the players of the original
  tie occupy are pooled and shared equally among all of them, the winner
  included. The GCT bonus of the overall standings is shared in the same way
  (article 4.2) without a fixed amount.
- A regulation may instead give the places decided by the play-off their own
  prizes (not shared), as in the 2025 three-way play-off fixture.

An equal share is rounded down to the cent; what is left (fewer cents than
sharers) is assigned by a :class:`CentRule` that is printed with the list.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from typing import Any, Final

from arbiter_app.core import words
from arbiter_app.core.errors import InputError, Issue, RuleError

CENT: Final = Decimal("0.01")
ZERO_MONEY: Final = Decimal("0.00")


MOST_DIGITS = 15
"""Digits before the decimal point an amount may have: a thousand trillion is no prize."""


def money(value: str | int | Decimal) -> Decimal:
    """Read an amount such as ``"65,000"``, ``"77666.67"`` or ``5000`` exactly, to the cent."""
    text = str(value).strip().replace(",", "").replace("$", "").replace("_", "")
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise InputError([Issue("prize", 0, 0, f"not an amount of money: {value!r}")]) from None
    if not amount.is_finite() or amount < 0:
        raise InputError([Issue("prize", 0, 0, f"not an amount of money: {value!r}")])
    if amount.adjusted() >= MOST_DIGITS:
        # More digits than any prize fund has (and than the cents' quantize can hold).
        shown = text if len(text) <= 20 else text[:20] + "…"
        message = f"{shown} is more than any prize: at most {MOST_DIGITS} digits before the point"
        raise InputError([Issue("prize", 0, 0, message)])
    if amount != amount.quantize(CENT):
        raise InputError([Issue("prize", 0, 0, f"{value!r} is not a whole number of cents")])
    return amount.quantize(CENT)


def format_money(amount: Decimal) -> str:
    """Two decimals, no separators: ``77666.67`` (the form of ``prizes --json``)."""
    return str(amount.quantize(CENT))


class CentRule(enum.Enum):
    """What happens to the cents left over when a pool does not divide equally."""

    IN_FINAL_ORDER = "in-final-order"
    UNASSIGNED = "unassigned"

    def describe(self) -> str:
        if self is CentRule.IN_FINAL_ORDER:
            return (
                "Equal shares are rounded down to the cent; the remaining cents go one each "
                "to the tied players in final order."
            )
        return (
            "Equal shares are rounded down to the cent; the remaining cents are not "
            "assigned and are reported with the list."
        )


def split_equally(
    amount: Decimal, sharers: int, rule: CentRule = CentRule.IN_FINAL_ORDER
) -> tuple[tuple[Decimal, ...], Decimal]:
    """Share *amount* among *sharers* (listed in final order) to the cent.

    Returns the shares and the unassigned remainder (zero with
    :attr:`CentRule.IN_FINAL_ORDER`, where the shares always add up to *amount*).
    """
    if sharers < 1:
        raise ValueError("at least one player shares a prize")
    base = (amount / sharers).quantize(CENT, rounding=ROUND_DOWN)
    left = amount - base * sharers
    cents = int(left / CENT)
    if rule is CentRule.UNASSIGNED:
        return tuple(base for _ in range(sharers)), left
    shares = tuple(base + CENT if i < cents else base for i in range(sharers))
    return shares, ZERO_MONEY


def currency_code(text: str) -> str:
    """*text* as an ISO 4217 currency code (three letters, upper case), or InputError."""
    code = text.strip().upper()
    if not re.fullmatch(r"[A-Z]{3}", code):
        raise InputError(
            [
                Issue(
                    "prize fund",
                    0,
                    0,
                    f"the currency is a three-letter code such as USD or EUR, not {code!r}",
                )
            ]
        )
    return code


@dataclass(frozen=True, slots=True)
class PrizeFund:
    """Place prizes: ``prizes[0]`` for first place, and so on; later places win nothing."""

    prizes: tuple[Decimal, ...]
    currency: str = "USD"

    @classmethod
    def of(cls, *amounts: str | int | Decimal, currency: str = "USD") -> PrizeFund:
        return cls(tuple(money(a) for a in amounts), currency)

    def place(self, place: int) -> Decimal:
        return self.prizes[place - 1] if 1 <= place <= len(self.prizes) else ZERO_MONEY

    def places(self, first: int, last: int) -> Decimal:
        """The prizes of places *first* … *last* together (the pool of a tie)."""
        return sum((self.place(p) for p in range(first, last + 1)), ZERO_MONEY)

    @property
    def total(self) -> Decimal:
        return sum(self.prizes, ZERO_MONEY)

    def to_json(self) -> dict[str, Any]:
        return {"currency": self.currency, "prizes": [format_money(p) for p in self.prizes]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PrizeFund:
        return cls(tuple(money(p) for p in data["prizes"]), str(data.get("currency", "USD")))


@dataclass(frozen=True, slots=True)
class SharingPolicy:
    """How a regulation shares money among tied players (GCT 2023 2.6, 2.8, 3.6, 3.8, 4.2).

    *winner_fixed* is paid first to the winner of a play-off for first place;
    with *pool_original_tie* the rest of the prizes of the whole original tie
    is shared equally by all its players, otherwise each place decided by the
    play-off keeps its own prize and only players still tied share.
    """

    winner_fixed: Decimal = ZERO_MONEY
    pool_original_tie: bool = True
    cent_rule: CentRule = CentRule.IN_FINAL_ORDER
    article: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "winner_fixed": format_money(self.winner_fixed),
            "pool_original_tie": self.pool_original_tie,
            "cent_rule": self.cent_rule.value,
            "article": self.article,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SharingPolicy:
        return cls(
            money(data.get("winner_fixed", "0")),
            bool(data.get("pool_original_tie", True)),
            CentRule(data.get("cent_rule", CentRule.IN_FINAL_ORDER.value)),
            str(data.get("article", "")),
        )


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's line of the final standings, as the prize rules need it.

    *place* … *last_place* is the player's final place (a range when still
    tied); *tie* is the range of the tie the player was in before any play-off;
    *playoff_winner* marks the winner of a play-off for the first place of that tie.
    """

    tpn: int
    place: int
    last_place: int
    tie: tuple[int, int]
    by_playoff: bool = False
    playoff_winner: bool = False

    @property
    def place_text(self) -> str:
        return (
            str(self.place) if self.place == self.last_place else f"{self.place}-{self.last_place}"
        )


@dataclass(frozen=True, slots=True)
class Award:
    """A prize (or share of one) paid to player *tpn*, placed *place*; *prize* names it
    (``2nd place``, ``U1800 1st-2nd``), empty when the player receives nothing."""

    tpn: int
    place: str
    money: Decimal
    explanation: str
    prize: str = ""


@dataclass(frozen=True, slots=True)
class PrizeList:
    """Every player's award(s) in final order (several each only when the rule allows),
    the cents left unassigned, the cent rule and, with categories, the award rule."""

    awards: tuple[Award, ...]
    unassigned: Decimal
    rule: str
    award_rule: str = ""
    categories: tuple[str, ...] = ()
    """The category prize lists announced, as written (``U1800: rating<1800: 200.00``)."""

    def of(self, tpn: int) -> Award:
        """The player's award; with several (no one-prize rule), them all in one."""
        mine = self.awards_of(tpn)
        if not mine:
            raise KeyError(tpn)
        if len(mine) == 1:
            return mine[0]
        return Award(
            tpn,
            mine[0].place,
            sum((a.money for a in mine), ZERO_MONEY),
            "; ".join(a.explanation for a in mine if a.explanation),
            "; ".join(a.prize for a in mine if a.prize),
        )

    def awards_of(self, tpn: int) -> tuple[Award, ...]:
        return tuple(a for a in self.awards if a.tpn == tpn)

    @property
    def total(self) -> Decimal:
        return sum((a.money for a in self.awards), ZERO_MONEY)


def check_placings(placings: Sequence[Placing]) -> None:
    """Refuse final standings that list a player twice or whose ties do not add up."""
    seen: set[int] = set()
    held: dict[tuple[int, int], int] = {}
    for p in placings:
        if p.tpn in seen:
            raise RuleError(f"player {p.tpn} is listed twice in the final standings")
        seen.add(p.tpn)
        if not (p.tie[0] <= p.place <= p.last_place <= p.tie[1]):
            raise RuleError(
                f"player {p.tpn}: place {p.place_text} lies outside the tie {p.tie[0]}-{p.tie[1]}"
            )
        held[p.tie] = held.get(p.tie, 0) + 1
    for (first, last), count in held.items():
        if count != last - first + 1:
            raise RuleError(
                f"places {first}-{last} are held by {words.count(count, 'player')}, "
                f"not {last - first + 1}"
            )


def distribute(fund: PrizeFund, placings: Sequence[Placing], policy: SharingPolicy) -> PrizeList:
    """Award the *fund* to the final standings *placings* (in final order) under *policy*.

    The place prizes alone: :func:`~arbiter_app.core.category_prizes.award_prizes`
    without categories (one rule for both).
    """
    from arbiter_app.core.category_prizes import award_prizes

    return award_prizes(fund, placings, policy)
