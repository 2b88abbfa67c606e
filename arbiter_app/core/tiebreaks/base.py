"""The tie-break catalogue's vocabulary: codes, values, explanations, the registry.

A tie-break is named by its FIDE acronym (C.07 article 4 table) with optional
modifiers after slashes: ``BH/C1`` cuts the lowest contribution (C.07 14.1),
``BH/M1`` the highest and the lowest (14.2), ``KS/L1`` / ``KS/L-1`` raise or
lower the Koya limit by half a point at a time (14.5), ``TPN/R`` and
``RTNG/R`` reverse the order (the 2026 text: "ascending or descending"). The US
Chess family (rule 34E) has its own codes (``MM``, ``SOLK``, ``CUM``, ``OPPC``,
``MED``, ``KASH``, ``MBL``, ``RBT``).

Each tie-break is a function registered with :func:`register`; it receives a
:class:`TieBreakContext` (the event, the rule set, the round the standings are
for), the parsed :class:`TieBreakSpec`, the players to compute for, and an
optional :class:`Trace` that collects the explanation. Computing without a
trace is the fast path used by standings; with one, the same code records
which opponents contributed what and what was cut and why.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_app.core.errors import UnknownTieBreak
from arbiter_app.core.model import Event, RuleSet
from arbiter_app.core.points import format_points
from arbiter_app.core.words import noun_for


@dataclass(frozen=True, slots=True)
class TieBreakSpec:
    """A tie-break as announced: *code* exactly as written, *name* the base acronym.

    *cut_low* / *cut_high* count the contributions dropped from the bottom and
    the top (``C1`` → 1/0, ``C2`` → 2/0, ``M1`` → 1/1, ``M2`` → 2/2).
    *options* holds other modifiers verbatim (e.g. ``"L"`` limit for KS, ``"R"``
    reverse order). *parameter* is a number given with a modifier (``KS/L-1``,
    ``RTNG/U1000``), signed when written with a sign.
    """

    code: str
    name: str
    cut_low: int = 0
    cut_high: int = 0
    options: frozenset[str] = frozenset()
    parameter: Fraction | None = None

    @property
    def has_cut(self) -> bool:
        return bool(self.cut_low or self.cut_high)

    @property
    def reversed(self) -> bool:
        """``/R``: the order is reversed (lowest first for RTNG, highest first for TPN)."""
        return "R" in self.options


_MODIFIER = re.compile(r"^(?P<kind>[A-Z]+)(?P<num>[+-]?\d{1,20}(?:\.\d{1,20})?)?$")
"""A modifier: letters, then a number of at most twenty digits (a lot's seed, ``LOT/S…``,
has up to 19; a fuzzed TRF's 5,001-digit cut stopped ``int`` with a ValueError, and such a
number is now a malformed modifier)."""

ALIASES: dict[str, str] = {
    # FIDE C.07 article 4 gives GE as the former name of REP; AROC is ARO/C1.
    "GE": "REP",
    "AROC": "ARO",
    "BUCHHOLZ": "BH",
    "SONNEBORN-BERGER": "SB",
}


def parse_spec(code: str) -> TieBreakSpec:
    """Parse ``"BH/C1"``, ``"ARO/C1"``, ``"AROC1"``, ``"BH/M2"``, ``"KS/L-1"``, ``"TPN/R"``.

    Raises :class:`UnknownTieBreak` if the base acronym is not registered or a
    modifier is malformed.
    """
    text = code.strip()
    if not text:
        raise UnknownTieBreak("empty tie-break code")
    parts = [p.strip().upper() for p in text.split("/")]
    head = parts[0]
    mods = parts[1:]
    # "AROC1" / "AROC 1" (the online Swiss rules: "AROC 1") is ARO with cut 1.
    m = re.fullmatch(r"AROC\s*(\d{0,20})", head)
    if m:
        head = "ARO"
        mods = [f"C{m.group(1) or '1'}", *mods]
    name = ALIASES.get(head, head)
    if name not in REGISTRY:
        raise UnknownTieBreak(f"unknown tie-break {code!r}; known: {', '.join(sorted(REGISTRY))}")
    cut_low = cut_high = 0
    options: set[str] = set()
    parameter: Fraction | None = None
    for mod in mods:
        mm = _MODIFIER.match(mod.replace(" ", ""))
        if not mm:
            raise UnknownTieBreak(f"malformed modifier {mod!r} in tie-break {code!r}")
        kind, num = mm.group("kind"), mm.group("num")
        if num and num[0] in "+-" and kind != "L":
            raise UnknownTieBreak(f"only the limit modifier takes a sign ({mod!r} in {code!r})")
        if kind == "L" and not num:
            raise UnknownTieBreak(
                f"the limit modifier needs a number of half points, e.g. L1 or L-1 ({code!r})"
            )
        if kind == "C" and num:
            cut_low = int(num)
        elif kind == "M" and num:
            cut_low = cut_high = int(num)
        else:
            options.add(kind)
            if num:
                parameter = Fraction(num)
    spec = TieBreakSpec(text, name, cut_low, cut_high, frozenset(options), parameter)
    REGISTRY[name].validate(spec)
    return spec


def modifier_words(spec: TieBreakSpec) -> str:
    """The modifiers of *spec* in words, to follow its description (C.07 article 14).

    ``BH/C1`` → ", the lowest 1 cut"; ``KS/L-1`` → ", the limit lowered by ½ point";
    ``TPN`` → ", lowest first", ``TPN/R`` → ", highest first"; nothing for a plain code.
    """
    parts = []
    if spec.cut_low:
        parts.append(f"the lowest {spec.cut_low} cut")
    if spec.cut_high:
        parts.append(f"the highest {spec.cut_high} cut")
    if spec.name == "KS" and "L" in spec.options and spec.parameter:
        step = Fraction(abs(spec.parameter), 2)
        way = "raised" if spec.parameter > 0 else "lowered"
        parts.append(f"the limit {way} by {format_points(step)} point{'s' if step > 1 else ''}")
    tb = REGISTRY.get(spec.name)
    if tb is not None and "R" in tb.allowed_options:
        # A tie-break that may be reversed (TPN, RTNG) says which end ranks first.
        parts.append("highest first" if tb.better_high(spec) else "lowest first")
    return f", {' and '.join(parts)}" if parts else ""


# -- explanation ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contribution:
    """One term of a tie-break sum: what round/opponent gave how much, and whether it was cut."""

    value: Fraction
    round: int | None = None
    opponent: int | None = None
    note: str = ""
    cut: bool = False


@dataclass
class Trace:
    """Collects the explanation of one value while it is computed."""

    contributions: list[Contribution] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(
        self,
        value: Fraction,
        *,
        round: int | None = None,
        opponent: int | None = None,
        note: str = "",
    ) -> None:
        self.contributions.append(Contribution(value, round, opponent, note))

    def note(self, text: str) -> None:
        self.notes.append(text)

    def mark_cut(self, index: int, reason: str) -> None:
        c = self.contributions[index]
        note = f"{c.note}; cut: {reason}" if c.note else f"cut: {reason}"
        self.contributions[index] = Contribution(c.value, c.round, c.opponent, note, True)


@dataclass(frozen=True, slots=True)
class Explanation:
    """How a value was made: the article, every contribution, what was cut and why."""

    code: str
    tpn: int
    value: Fraction
    article: str
    description: str
    contributions: tuple[Contribution, ...] = ()
    notes: tuple[str, ...] = ()
    formatted: str = ""

    def render(self) -> str:
        lines = [
            f"{self.code} of player {self.tpn} = {self.formatted or format_points(self.value)}",
            f"{self.description} ({self.article})",
        ]
        for c in self.contributions:
            where = []
            if c.round is not None:
                where.append(f"round {c.round}")
            if c.opponent is not None:
                where.append(f"opponent {c.opponent}")
            head = ", ".join(where) or "-"
            mark = "  [cut]" if c.cut else ""
            tail = f"  ({c.note})" if c.note else ""
            lines.append(f"  {head}: {format_points(c.value)}{mark}{tail}")
        lines.extend(f"  note: {n}" for n in self.notes)
        return "\n".join(lines)


# -- context -------------------------------------------------------------------------


class TieBreakContext:
    """What every tie-break needs: the event cut at *after_round*, the rule set, a cache.

    The cache lets tie-breaks share derived figures (scores, opponents'
    adjusted scores) computed once per standings.
    """

    def __init__(
        self,
        event: Event,
        rule_set: RuleSet | None = None,
        after_round: int | None = None,
    ) -> None:
        rounds = event.rounds_played if after_round is None else after_round
        self.event = event if after_round is None else event.truncated(after_round)
        self.rule_set = rule_set or event.effective_rule_set
        self.rounds = rounds
        self.cache: dict[object, object] = {}
        self._scores: dict[int, Fraction] | None = None

    @property
    def scores(self) -> dict[int, Fraction]:
        """Each player's points after :attr:`rounds` (adjustments included)."""
        if self._scores is None:
            self._scores = self.event.scores(self.rounds)
        return self._scores

    def cached(self, key: object, make: Callable[[], object]) -> object:
        if key not in self.cache:
            self.cache[key] = make()
        return self.cache[key]


# -- registry ------------------------------------------------------------------------


Compute = Callable[
    [TieBreakContext, TieBreakSpec, Sequence[int], "Mapping[int, Trace] | None"],
    "dict[int, Fraction]",
]


@dataclass(frozen=True)
class FunctionTieBreak:
    """A registered tie-break: its compute function and metadata.

    *group_dependent* tie-breaks (DE, result between tied players) treat the
    players they are given as the tied group; the others compute each player
    independently. *higher_is_better* is false for TPN.
    """

    name: str
    article: str
    description: str
    func: Compute
    higher_is_better: bool = True
    group_dependent: bool = False
    allow_cut: bool = False
    allowed_options: frozenset[str] = frozenset()
    integer: bool = False

    def validate(self, spec: TieBreakSpec) -> None:
        if spec.has_cut and not self.allow_cut:
            raise UnknownTieBreak(f"{self.name} takes no cut modifier ({spec.code!r})")
        extra = spec.options - self.allowed_options
        if extra:
            raise UnknownTieBreak(
                f"{self.name} does not know the {noun_for(len(extra), 'modifier')} "
                f"{sorted(extra)} ({spec.code!r})"
            )

    def compute(
        self,
        ctx: TieBreakContext,
        spec: TieBreakSpec,
        players: Sequence[int],
        traces: Mapping[int, Trace] | None = None,
    ) -> dict[int, Fraction]:
        return self.func(ctx, spec, players, traces)

    def better_high(self, spec: TieBreakSpec) -> bool:
        """Whether a higher value ranks first for *spec* (``/R`` reverses the usual order)."""
        return self.higher_is_better != spec.reversed

    def format(self, value: Fraction) -> str:
        if self.integer:
            return str(round(value))
        return format_points(value)


REGISTRY: dict[str, FunctionTieBreak] = {}


def register(
    name: str,
    *,
    article: str,
    description: str,
    higher_is_better: bool = True,
    group_dependent: bool = False,
    allow_cut: bool = False,
    options: Sequence[str] = (),
    integer: bool = False,
) -> Callable[[Compute], Compute]:
    """Decorator: add a compute function to the catalogue under *name*."""

    def deco(func: Compute) -> Compute:
        if name in REGISTRY:
            raise RuntimeError(f"tie-break {name} registered twice")
        REGISTRY[name] = FunctionTieBreak(
            name,
            article,
            description,
            func,
            higher_is_better,
            group_dependent,
            allow_cut,
            frozenset(options),
            integer,
        )
        return func

    return deco


def explain(
    ctx: TieBreakContext, spec: TieBreakSpec, tpn: int, group: Sequence[int] | None = None
) -> Explanation:
    """Compute one value with its explanation. *group* is the tied group for DE-like tie-breaks."""
    tb = REGISTRY[spec.name]
    trace = Trace()
    players = list(group) if group is not None else [tpn]
    if tpn not in players:
        players.append(tpn)
    traces = {tpn: trace}
    value = tb.compute(ctx, spec, players, traces)[tpn]
    return Explanation(
        spec.code,
        tpn,
        value,
        tb.article,
        tb.description,
        tuple(trace.contributions),
        tuple(trace.notes),
        tb.format(value),
    )
