"""The tournament model: players, rounds and what each player did in each round.

Every tie-break depends on *what kind* of round a player had, not only on the
points (FIDE C.07 article 16 and US Chess rule 34E treat a forfeit, a
pairing-allocated bye and a requested bye differently), so a round entry keeps
its kind. The model is immutable: an :class:`Event` is a value, and changes go
through :mod:`arbiter_app.session`, which builds a new one.

Pairing numbers (TPN, "tournament pairing number") identify players; they are
1-based and unique within an event.
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from functools import cached_property

from arbiter_app.core.points import STANDARD, ZERO, PointSystem


class Colour(enum.Enum):
    """The colour a player had (or was scheduled to have) in a round."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Outcome(enum.Enum):
    """The result of a game from one player's point of view."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"

    @property
    def opposite(self) -> Outcome:
        if self is Outcome.WIN:
            return Outcome.LOSS
        if self is Outcome.LOSS:
            return Outcome.WIN
        return Outcome.DRAW

    def pairs_with(self, other: Outcome) -> bool:
        """Whether *self* and the opponent's *other* make one game's result.

        Besides the usual results (a win faces a loss, a draw a draw), the arbiter
        may score a game ½-0, 0-½ or 0-0 (FIDE Laws of Chess article 12.9, and
        the results FIDE's checklist for tournament programs asks for, Q180): a
        half point or nothing faces nothing.
        """
        return other is self.opposite or (self, other) in _UNEQUAL


_UNEQUAL = frozenset(
    {(Outcome.DRAW, Outcome.LOSS), (Outcome.LOSS, Outcome.DRAW), (Outcome.LOSS, Outcome.LOSS)}
)
"""The unequal results of a game, from both sides: ½-0, 0-½ and 0-0."""


class EntryKind(enum.Enum):
    """What a player's round was.

    The names follow FIDE C.07 article 16 and TRF-16/TRF-26 (codes in brackets):

    - ``GAME``: a game played over the board (``1 = 0``; ``W D L`` when unrated).
    - ``FORFEIT_WIN`` / ``FORFEIT_LOSS``: the game was scheduled but not played
      (``+`` / ``-``); the scheduled opponent is kept when known.
    - ``PAIRING_BYE``: pairing-allocated bye, PAB (``U``): the odd player out.
    - ``FULL_BYE`` / ``HALF_BYE`` / ``ZERO_BYE``: requested byes, FPB, HPB, ZPB
      (``F`` / ``H`` / ``Z``).
    - ``NOT_PAIRED``: left out of the round (absent, or not yet entered; seed
      the online Swiss rules: "not included in the matchmaking of a round: 0 point").
    - ``WITHDRAWN``: a round after the player left the event.
    """

    GAME = "game"
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    PAIRING_BYE = "pairing-bye"
    FULL_BYE = "full-bye"
    HALF_BYE = "half-bye"
    ZERO_BYE = "zero-bye"
    NOT_PAIRED = "not-paired"
    WITHDRAWN = "withdrawn"

    @property
    def is_played(self) -> bool:
        """A game was played over the board (C.07 article 16: everything else is unplayed)."""
        return self is EntryKind.GAME

    @property
    def is_forfeit(self) -> bool:
        return self in (EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS)

    @property
    def is_bye(self) -> bool:
        return self in _BYES

    @property
    def has_opponent(self) -> bool:
        """A game or a forfeit: there was a (scheduled) opponent."""
        return self is EntryKind.GAME or self.is_forfeit

    @property
    def is_voluntarily_unplayed(self) -> bool:
        """VUR in FIDE C.07 (2024) article 16.2 / (2026) 16.5: the player chose not to play.

        Half- and zero-point byes, full-point requested byes, forfeit losses,
        absences and withdrawals are voluntary; a pairing-allocated bye and a
        forfeit win are not the player's choice.
        """
        return self in _VOLUNTARY


_BYES = frozenset(
    {EntryKind.PAIRING_BYE, EntryKind.FULL_BYE, EntryKind.HALF_BYE, EntryKind.ZERO_BYE}
)
_VOLUNTARY = frozenset(
    {
        EntryKind.FORFEIT_LOSS,
        EntryKind.FULL_BYE,
        EntryKind.HALF_BYE,
        EntryKind.ZERO_BYE,
        EntryKind.NOT_PAIRED,
        EntryKind.WITHDRAWN,
    }
)


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's round.

    *opponent* is the opponent's pairing number for a game or a forfeit (a
    forfeit may have none when the file does not say). *colour* is the colour
    played or scheduled. *outcome* is set for games only. *rated* is false for
    a game played but not rated (TRF ``W D L``). *opponent_rating* is the
    opponent's rating at the start of this round, for events that track it
    (the online Swiss rules: AROC 1 uses "rating at the start of each round"); when
    None, the opponent's registered rating applies.
    """

    kind: EntryKind
    opponent: int | None = None
    colour: Colour | None = None
    outcome: Outcome | None = None
    rated: bool = True
    opponent_rating: int | None = None

    def __post_init__(self) -> None:
        # Identity tests, not the kind's properties: a 10,000-player event makes 110,000
        # of these whenever it is opened.
        kind = self.kind
        if kind is EntryKind.GAME:
            if self.opponent is None or self.outcome is None:
                raise ValueError("a played game needs an opponent and an outcome")
            return
        if self.outcome is not None:
            raise ValueError(f"a {kind.value} has no game outcome")
        if (
            self.opponent is not None
            and kind is not EntryKind.FORFEIT_WIN
            and kind is not EntryKind.FORFEIT_LOSS
        ):
            raise ValueError(f"a {kind.value} has no opponent")

    # Convenience constructors keep call sites short and readable.
    @staticmethod
    def game(
        opponent: int,
        colour: Colour | None,
        outcome: Outcome,
        *,
        rated: bool = True,
        opponent_rating: int | None = None,
    ) -> RoundEntry:
        return RoundEntry(EntryKind.GAME, opponent, colour, outcome, rated, opponent_rating)

    @staticmethod
    def of(
        kind: EntryKind, opponent: int | None = None, colour: Colour | None = None
    ) -> RoundEntry:
        return RoundEntry(kind, opponent, colour)

    def points(self, system: PointSystem) -> Fraction:
        """The points this round is worth under *system*."""
        kind = self.kind
        if kind is EntryKind.GAME:
            if self.outcome is Outcome.WIN:
                return system.win
            if self.outcome is Outcome.DRAW:
                return system.draw
            return system.loss
        if kind is EntryKind.FORFEIT_WIN:
            return system.forfeit_win_points
        if kind is EntryKind.FORFEIT_LOSS:
            return system.forfeit_loss
        if kind is EntryKind.PAIRING_BYE:
            return system.pairing_bye_points
        if kind is EntryKind.FULL_BYE:
            return system.full_bye_points
        if kind is EntryKind.HALF_BYE:
            return system.half_bye_points
        if kind is EntryKind.ZERO_BYE:
            return system.zero_bye
        return system.absent

    @property
    def is_played(self) -> bool:
        return self.kind is EntryKind.GAME

    @property
    def is_win(self) -> bool:
        return self.kind is EntryKind.GAME and self.outcome is Outcome.WIN

    @property
    def is_draw(self) -> bool:
        return self.kind is EntryKind.GAME and self.outcome is Outcome.DRAW

    @property
    def is_loss(self) -> bool:
        return self.kind is EntryKind.GAME and self.outcome is Outcome.LOSS


NOT_PAIRED = RoundEntry(EntryKind.NOT_PAIRED)


class System(enum.Enum):
    """The tournament system (the City Chess OK rules name all four)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    DOUBLE_ROUND_ROBIN = "double-round-robin"
    DOUBLE_SWISS = "double-swiss"
    FIDE_DOUBLE_SWISS = "fide-double-swiss"
    """FIDE's Double-Swiss System (Handbook C.04.5, applied from 1 February 2026); the plain
    ``double-swiss`` is the club's double Swiss, each match paired as one Dutch round."""

    @property
    def is_round_robin(self) -> bool:
        return self in (System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN)

    @property
    def words(self) -> str:
        """The system as a sentence names it: "Swiss", "double round robin"."""
        return {
            System.SWISS: "Swiss",
            System.ROUND_ROBIN: "round robin",
            System.DOUBLE_ROUND_ROBIN: "double round robin",
            System.DOUBLE_SWISS: "double Swiss",
            System.FIDE_DOUBLE_SWISS: "FIDE Double-Swiss",
        }[self]

    @property
    def games_per_round(self) -> int:
        """A double Swiss round is two games against the same opponent (City Chess OK rules;
        FIDE C.04.5 Preface: a match of two games with alternating colours)."""
        return 2 if self in (System.DOUBLE_SWISS, System.FIDE_DOUBLE_SWISS) else 1

    def games_in(self, rounds: int) -> int:
        """The game columns *rounds* rounds take (the model counts games; a user counts rounds)."""
        return rounds * self.games_per_round

    def rounds_in(self, games: int) -> int:
        """The rounds *games* game columns make, a round begun counting (7 for 13 or 14)."""
        return -(-games // self.games_per_round)

    def first_game(self, round_no: int) -> int:
        """The game column where round *round_no* begins (round 2 of a double Swiss is game 3).

        The arbiter names a round for what pairs it (a requested bye, an absence, a
        withdrawal: C.04.5 pairs matches); the file keeps the game column.
        """
        return (round_no - 1) * self.games_per_round + 1

    def round_name(self, round_no: int) -> str:
        """ "round 2", and the games it holds where a round is several: "round 2 (games 3 and 4)"."""
        if self.games_per_round == 1:
            return f"round {round_no}"
        first = self.first_game(round_no)
        last = first + self.games_per_round - 1
        return f"round {round_no} (games {first} and {last})"

    def through_name(self, column: int, planned: int = 0) -> str:
        """The games up to column *column* as the arbiter says them, with the rounds of
        *planned* columns if given: "round 3 of 7"; in a double Swiss "round 2 of 5" after
        the match's last game and "round 2 of 5, game 1" after its first."""
        round_no = self.rounds_in(column)
        of = f" of {self.rounds_in(planned)}" if planned else ""
        if column % self.games_per_round == 0:
            return f"round {round_no}{of}"
        return f"round {round_no}{of}, game {column - self.first_game(round_no) + 1}"

    def column_label(self, column: int) -> str:
        """A crosstable's heading for game column *column*: "3", or "2.1" (round 2, game 1)
        where a round is several games."""
        if self.games_per_round == 1:
            return str(column)
        round_no = self.rounds_in(column)
        return f"{round_no}.{column - self.first_game(round_no) + 1}"

    def game_name(self, column: int, planned: int = 0) -> str:
        """Game column *column* as the arbiter says it, with the rounds of *planned* columns
        if given: "round 3 of 7", or "round 2 of 5, game 1" where a round is several games."""
        round_no = self.rounds_in(column)
        of = f" of {self.rounds_in(planned)}" if planned else ""
        if self.games_per_round == 1:
            return f"round {round_no}{of}"
        return f"round {round_no}{of}, game {column - self.first_game(round_no) + 1}"


class RuleSet(enum.Enum):
    """Which text decides unplayed rounds in tie-breaks.

    - ``FIDE_2024``: C.07 approved 2023, for all FIDE-rated events from 1 April 2024
      (articles 16.1–16.5).
    - ``FIDE_2026``: C.07 as amended, in force from 1 March 2026 (dummy-opponent caps
      16.4.1/16.4.2, cut order 16.5).
    - ``USCF``: US Chess rule 34E: an opponent's unplayed games count ½, one's own
      unplayed rounds count as opponents with 0 (City Chess OK rules).
    - ``ONLINE_SWISS``: the online Swiss rules (Immortal Game), which sum the scores
      "of each player you played against": no virtual opponent, so an exempt round
      or a round out of the matchmaking adds nothing, and opponents count with their
      tournament score as it stands.
    """

    FIDE_2024 = "fide-2024"
    FIDE_2026 = "fide-2026"
    USCF = "uscf"
    ONLINE_SWISS = "online-swiss"

    @property
    def is_fide(self) -> bool:
        return self in (RuleSet.FIDE_2024, RuleSet.FIDE_2026)


FIDE_2026_IN_FORCE = date(2026, 3, 1)


def fide_rule_set_on(day: date | None) -> RuleSet:
    """The FIDE rule set in force on *day* (the event's start date, TRF record 042).

    Events starting on or after 1 March 2026 use the 2026 text; earlier ones the
    2024 text. Without a date, the rule set in force today cannot be guessed in
    a pure function, so the newest text applies.
    """
    if day is None or day >= FIDE_2026_IN_FORCE:
        return RuleSet.FIDE_2026
    return RuleSet.FIDE_2024


@dataclass(frozen=True, slots=True)
class Player:
    """A participant. *tpn* is the pairing number; *rating* the FIDE rating (None if unrated)."""

    tpn: int
    name: str
    rating: int | None = None
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    national_rating: int | None = None
    national_id: str = ""
    sex: str = ""
    birth: str = ""
    disqualified: bool = False
    withdrawn_from_round: int | None = None
    """The first round the player no longer plays in (None while active)."""
    club: str = ""
    rating_source: str = ""
    """Where *rating* came from (:mod:`arbiter_app.core.rating_source`: a FIDE list and
    its month, typed in, an import); empty when not recorded."""

    @property
    def unrated(self) -> bool:
        return not self.rating


@dataclass(frozen=True, slots=True)
class PointAdjustment:
    """Points added to or taken from a player by the arbiter (TRF record 299: penalties)."""

    tpn: int
    points: Fraction
    round: int | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ByeRequest:
    """A bye asked for before pairing (TRF-26 record 240): *kind* is HALF_BYE, FULL_BYE or ZERO_BYE."""

    tpn: int
    round: int
    kind: EntryKind


@dataclass(frozen=True, slots=True)
class VirtualPoints:
    """Points added to players' scores for pairing only (TRF-26 record 250).

    Players *first_tpn* … *last_tpn* are paired in rounds *first_round* …
    *last_round* as if they had *points* more (an acceleration method such as
    FIDE C.04.5.1, the Baku Acceleration); the points never reach the standings.
    """

    points: Fraction
    first_round: int
    last_round: int
    first_tpn: int
    last_tpn: int

    def covers(self, tpn: int, round_no: int) -> bool:
        return (
            self.first_round <= round_no <= self.last_round
            and self.first_tpn <= tpn <= self.last_tpn
        )


@dataclass(frozen=True, slots=True)
class EventInfo:
    """Descriptive header fields (TRF records 012–132 and their TRF-26 companions)."""

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: date | None = None
    end_date: date | None = None
    tournament_type: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    round_dates: tuple[str, ...] = ()


@dataclass(frozen=True)
class Event:
    """A tournament: players and their round entries, with the event's settings.

    *entries* maps a pairing number to that player's entries, round 1 first; a
    player's tuple may be shorter than the number of rounds played (missing
    rounds read as not paired). *round_point_systems* optionally gives one
    point system per round (index 0 is round 1) and overrides *point_system*.
    """

    info: EventInfo = field(default_factory=EventInfo)
    system: System = System.SWISS
    planned_rounds: int = 0
    players: tuple[Player, ...] = ()
    entries: Mapping[int, tuple[RoundEntry, ...]] = field(default_factory=dict)
    point_system: PointSystem = STANDARD
    round_point_systems: tuple[PointSystem, ...] = ()
    rule_set: RuleSet | None = None
    adjustments: tuple[PointAdjustment, ...] = ()
    bye_requests: tuple[ByeRequest, ...] = ()
    forbidden_pairs: tuple[frozenset[int], ...] = ()
    """Pairs (or groups) of players who must not meet (TRF record 260)."""
    accelerations: tuple[VirtualPoints, ...] = ()
    """Virtual points for pairing (TRF-26 record 250; FIDE C.04.5.1 Baku Acceleration)."""
    external_values: Mapping[int, Fraction] = field(default_factory=dict)
    """Tie-break values the arbiter entered by pairing number (the ``EXT`` tie-break: a
    manual ranking or a value from outside the event; FIDE C.02, final standings)."""

    # -- lookups ---------------------------------------------------------
    @property
    def name(self) -> str:
        return self.info.name

    @cached_property
    def rounds_played(self) -> int:
        """The number of rounds for which any entry exists (computed once: an Event is a value)."""
        return max((len(e) for e in self.entries.values()), default=0)

    def round_date(self, game: int) -> str:
        """The date the schedule gives for the round game column *game* belongs to, "" when
        not known. The schedule (TRF 132, the round dates) has one date per round; a double
        Swiss round is two games on that date (City Chess OK rules), so its dates are looked
        up by round, not by game column."""
        dates = self.info.round_dates
        round_no = self.system.rounds_in(game) if game > 0 else 0
        return dates[round_no - 1].strip() if 0 < round_no <= len(dates) else ""

    @property
    def rounds(self) -> int:
        """Rounds of the event: the planned number, or the played one when larger."""
        return max(self.planned_rounds, self.rounds_played)

    @property
    def announced_rounds(self) -> int:
        """The planned rounds as the event announces them: a double Swiss round of two
        games counts once (City Chess OK rules), while :attr:`planned_rounds` counts games."""
        return self.system.rounds_in(self.planned_rounds)

    @property
    def effective_rule_set(self) -> RuleSet:
        """The stored rule set, else the FIDE text in force on the start date (TRF 042)."""
        if self.rule_set is not None:
            return self.rule_set
        return fide_rule_set_on(self.info.start_date)

    def player(self, tpn: int) -> Player:
        for p in self.players:
            if p.tpn == tpn:
                return p
        raise KeyError(f"no player with pairing number {tpn}")

    def player_map(self) -> dict[int, Player]:
        return {p.tpn: p for p in self.players}

    def entry(self, tpn: int, round_no: int) -> RoundEntry:
        """The entry of player *tpn* in round *round_no* (1-based); not paired if missing."""
        row = self.entries.get(tpn, ())
        if 1 <= round_no <= len(row):
            return row[round_no - 1]
        return NOT_PAIRED

    def entries_of(self, tpn: int, after_round: int | None = None) -> tuple[RoundEntry, ...]:
        """All rounds of player *tpn*, padded to the rounds played, cut after *after_round*."""
        last = self.rounds_played if after_round is None else after_round
        return tuple(self.entry(tpn, r) for r in range(1, last + 1))

    def points_system_for(self, round_no: int) -> PointSystem:
        """The point system of game column *round_no*.

        In FIDE's Double-Swiss the pairing-allocated bye scores "a game won and a game
        drawn" (C.04.5 article 1.4): its first column counts a win, its second a draw,
        unless the event gives the bye a value of its own.
        """
        if 1 <= round_no <= len(self.round_point_systems):
            system = self.round_point_systems[round_no - 1]
        else:
            system = self.point_system
        if self.system is System.FIDE_DOUBLE_SWISS and round_no % 2 == 0:
            return _second_game_of_match(system)
        return system

    def round_points(self, tpn: int, round_no: int) -> Fraction:
        return self.entry(tpn, round_no).points(self.points_system_for(round_no))

    def adjustment_total(self, tpn: int, after_round: int | None = None) -> Fraction:
        total = ZERO
        for adj in self.adjustments:
            if adj.tpn != tpn:
                continue
            if after_round is not None and adj.round is not None and adj.round > after_round:
                continue
            total += adj.points
        return total

    def score(self, tpn: int, after_round: int | None = None) -> Fraction:
        """Points of *tpn* after *after_round* (default: all rounds), adjustments included."""
        last = self.rounds_played if after_round is None else after_round
        total = sum((self.round_points(tpn, r) for r in range(1, last + 1)), ZERO)
        return total + self.adjustment_total(tpn, after_round)

    def scores(self, after_round: int | None = None) -> dict[int, Fraction]:
        """Every player's :meth:`score`, computed once per event and round (an Event is a value).

        The sums run on integers (units of the least common denominator of the
        point values) rather than on Fractions: a 1,000-player event asks for
        all scores after every result.
        """
        last = self.rounds_played if after_round is None else after_round
        cache = self._scores_after
        if last not in cache:
            cache[last] = self._sum_scores(last, after_round)
        return dict(cache[last])

    @cached_property
    def _scores_after(self) -> dict[int, dict[int, Fraction]]:
        return {}

    def _sum_scores(self, last: int, after_round: int | None) -> dict[int, Fraction]:
        systems = [self.points_system_for(r) for r in range(1, last + 1)]
        values = {v for s in {*systems, self.point_system} for v in s.all_values()}
        values.update(a.points for a in self.adjustments)
        unit = math.lcm(1, *(v.denominator for v in values))
        worth: list[dict[tuple[EntryKind, Outcome | None], int]] = []
        by_system: dict[PointSystem, dict[tuple[EntryKind, Outcome | None], int]] = {}
        for system in systems:
            if system not in by_system:
                by_system[system] = units_by_result(system, unit)
            worth.append(by_system[system])
        absent = [w[(EntryKind.NOT_PAIRED, None)] for w in worth]
        adjusted: dict[int, int] = {}
        for adj in self.adjustments:
            if after_round is not None and adj.round is not None and adj.round > after_round:
                continue
            adjusted[adj.tpn] = adjusted.get(adj.tpn, 0) + int(adj.points * unit)
        out: dict[int, Fraction] = {}
        for p in self.players:
            row = self.entries.get(p.tpn, ())[:last]
            total = sum([w[(e.kind, e.outcome)] for w, e in zip(worth, row, strict=False)])
            total += sum(absent[len(row) :]) + adjusted.get(p.tpn, 0)
            out[p.tpn] = Fraction(total, unit)
        return out

    def virtual_points(self, tpn: int, round_no: int) -> Fraction:
        """Points *tpn* is paired with in *round_no* on top of the score (record 250; 0 if none).

        When records overlap the last one counts, as FIDE's reference
        implementation reads record 250.
        """
        found = ZERO
        for acc in self.accelerations:
            if acc.covers(tpn, round_no):
                found = acc.points
        return found

    def max_points_per_round(self, round_no: int) -> Fraction:
        return self.points_system_for(round_no).win

    # -- building ------------------------------------------------------------
    def with_entries(self, entries: Mapping[int, Sequence[RoundEntry]]) -> Event:
        return replace(self, entries={k: tuple(v) for k, v in entries.items()})

    def with_players(self, players: Iterable[Player]) -> Event:
        return replace(self, players=tuple(sorted(players, key=lambda p: p.tpn)))

    def truncated(self, after_round: int) -> Event:
        """The event as it stood after *after_round*: later rounds dropped."""
        return replace(
            self,
            entries={k: v[:after_round] for k, v in self.entries.items()},
            adjustments=tuple(
                a for a in self.adjustments if a.round is None or a.round <= after_round
            ),
        )

    def iter_games(self) -> Iterator[tuple[int, int, RoundEntry]]:
        """Yield ``(round, tpn, entry)`` for every entry of every player."""
        for p in self.players:
            for r, e in enumerate(self.entries.get(p.tpn, ()), start=1):
                yield r, p.tpn, e


def units_by_result(system: PointSystem, unit: int) -> dict[tuple[EntryKind, Outcome | None], int]:
    """What each kind of round (and a game's outcome) is worth under *system*, in 1/*unit* points.

    *unit* is a common denominator of the values (2 under 1/½/0), so that sums of
    many rounds run on integers.
    """
    units: dict[tuple[EntryKind, Outcome | None], int] = {}
    for kind in EntryKind:
        for outcome in tuple(Outcome) if kind is EntryKind.GAME else (None,):
            sample = RoundEntry(kind, 1 if kind.has_opponent else None, None, outcome)
            units[(kind, outcome)] = int(sample.points(system) * unit)
    return units


def check_consistency(event: Event) -> list[str]:
    """Say where the two sides of a game disagree (opponent, colour, result).

    Returns readable problems, an empty list when the event is consistent.
    A game must appear on both players' rows with the same round, opposite
    colours and outcomes that make one result (:meth:`Outcome.pairs_with`); a forfeit win on one side is a forfeit loss
    on the other.
    """
    problems: list[str] = []
    known = {p.tpn for p in event.players}
    for r, tpn, e in event.iter_games():
        if not e.kind.has_opponent or e.opponent is None:
            continue
        opp = e.opponent
        if opp not in known:
            problems.append(f"round {r}: player {tpn} meets unknown player {opp}")
            continue
        if opp == tpn:
            problems.append(f"round {r}: player {tpn} is paired with themself")
            continue
        other = event.entry(opp, r)
        if other.opponent != tpn:
            problems.append(
                f"round {r}: player {tpn} meets {opp}, but {opp}'s round says "
                f"{other.opponent if other.opponent is not None else other.kind.value}"
            )
            continue
        if e.colour is not None and other.colour is not None and e.colour is other.colour:
            problems.append(f"round {r}: players {tpn} and {opp} both have {e.colour.name.lower()}")
        if e.kind is EntryKind.GAME:
            if (
                other.kind is not EntryKind.GAME
                or e.outcome is None
                or other.outcome is None
                or not e.outcome.pairs_with(other.outcome)
                or e.rated != other.rated
            ):
                problems.append(f"round {r}: results of {tpn} and {opp} do not match")
        elif e.kind is EntryKind.FORFEIT_WIN and other.kind is not EntryKind.FORFEIT_LOSS:
            # A double forfeit shows as two forfeit losses, which is fine.
            problems.append(f"round {r}: {tpn} won by forfeit but {opp} did not lose by forfeit")
    return problems


@functools.lru_cache(maxsize=64)
def _second_game_of_match(system: PointSystem) -> PointSystem:
    """*system* for game 2 of a FIDE Double-Swiss match: the PAB counts a draw (C.04.5 1.4)."""
    if system.pairing_bye is not None:
        return system
    return replace(system, pairing_bye=system.draw)
