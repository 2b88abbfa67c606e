"""Play-off regulations as data (FIDE C.07 article 3.1 and GCT 2023 regulations/City Chess OK rules).

A :class:`Regulation` holds what FIDE C.07 article 3.1 says the regulations of
an event must fix for a play-off:

- 3.1.1 which places are decided (:attr:`Regulation.places`);
- 3.1.2 which tied players qualify, after which tie-breaks
  (:attr:`Regulation.qualification`, :attr:`Regulation.other_places_tiebreaks`);
- 3.1.3 the format: the :attr:`Regulation.stages` in order, each a round robin,
  a head-to-head check or an Armageddon knockout, with a :class:`Format` per
  number of tied players;
- 3.1.4 how pairing numbers are allocated and 3.1.5 how colours are
  (:class:`ColourRule` per stage, and the texts :attr:`Regulation.pairing_numbers`
  and :attr:`Regulation.colours`);
- 3.1.6 the time controls (per :class:`Format`);
- 3.1.7 the schedule (:class:`Schedule`);

plus how money and tour points are shared. The engine reads nothing else, so a
preset is only data (see :mod:`arbiter_app.core.playoff.presets`) and every
regulation can be stored as JSON in the event file.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from arbiter_app.core.errors import InputError, Issue
from arbiter_app.core.limits import MAX_PLAYERS, MAX_ROUNDS
from arbiter_app.core.prizes import SharingPolicy
from arbiter_app.core.timecontrol import TimeControl, parse_encoded
from arbiter_app.core.tour import PointsScale
from arbiter_app.core.words import count


class StageKind(enum.Enum):
    ROUND_ROBIN = "round-robin"
    """A (single or double) round robin by the Berger tables (C.05 Annex 1)."""
    HEAD_TO_HEAD = "head-to-head"
    """The tied players' own games in the event decide if decisive (City Chess OK rules step 1)."""
    ARMAGEDDON_KNOCKOUT = "armageddon-knockout"
    """Single Armageddon games, knockout, byes by lot (GCT 2023 2.4, 2.4.1, 2.5)."""


class ColourRule(enum.Enum):
    LOTS = "lots"
    """Pairing numbers drawn by lot, colours from the Berger table (C.07 3.1.4)."""
    REVERSE_IF_SAME = "reverse-if-same"
    """GCT 2023 4.9 and 4.11: after an odd number of round robins, the same players
    play with colours reversed; otherwise a fresh draw."""
    TOSS = "toss"
    """Each game: a coin toss whose winner chooses the colour (GCT 2023 2.5.3)."""


@dataclass(frozen=True, slots=True)
class Format:
    """How a stage is played by *min_players* … *max_players* tied players (``None``: no limit)."""

    min_players: int
    max_players: int | None
    time_control: str
    cycles: int = 1
    article: str = ""
    label: str = ""

    def fits(self, players: int) -> bool:
        return self.min_players <= players and (
            self.max_players is None or players <= self.max_players
        )

    @property
    def clock(self) -> TimeControl:
        return parse_encoded(self.time_control)

    def to_json(self) -> dict[str, Any]:
        return {
            "min_players": self.min_players,
            "max_players": self.max_players,
            "time_control": self.time_control,
            "cycles": self.cycles,
            "article": self.article,
            "label": self.label,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Format:
        top = data.get("max_players")
        fmt = cls(
            int(data["min_players"]),
            None if top is None else int(top),
            str(data.get("time_control", "")),
            int(data.get("cycles", 1)),
            str(data.get("article", "")),
            str(data.get("label", "")),
        )
        if fmt.time_control:
            parse_encoded(
                fmt.time_control
            )  # refuse an unreadable clock now, not during the play-off
        return fmt


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage of the play-off; *repeat* is how often it may be held (``None``: until resolved)."""

    kind: StageKind
    formats: tuple[Format, ...]
    article: str
    colours: ColourRule = ColourRule.LOTS
    colours_article: str = ""
    repeat: int | None = 1
    draw_wins_for_black: bool = False
    draw_article: str = ""
    byes_article: str = ""
    same_day: bool = False
    """Head-to-head: only games "in a round that day" count (City Chess OK Tiebreaks 1)."""

    def format_for(self, players: int) -> Format | None:
        return next((f for f in self.formats if f.fits(players)), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "formats": [f.to_json() for f in self.formats],
            "article": self.article,
            "colours": self.colours.value,
            "colours_article": self.colours_article,
            "repeat": self.repeat,
            "draw_wins_for_black": self.draw_wins_for_black,
            "draw_article": self.draw_article,
            "byes_article": self.byes_article,
            "same_day": self.same_day,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Stage:
        repeat = data.get("repeat", 1)
        return cls(
            StageKind(data["kind"]),
            tuple(Format.from_json(f) for f in data.get("formats", ())),
            str(data.get("article", "")),
            ColourRule(data.get("colours", ColourRule.LOTS.value)),
            str(data.get("colours_article", "")),
            None if repeat is None else int(repeat),
            bool(data.get("draw_wins_for_black", False)),
            str(data.get("draw_article", "")),
            str(data.get("byes_article", "")),
            bool(data.get("same_day", False)),
        )


class StartRule(enum.Enum):
    AFTER_LAST_GAME = "after-last-game"
    """Same day, not less than *gap* minutes after the last game ended (GCT 2023 2.2, 3.2)."""
    NEXT_DAY = "next-day"
    """On the day after the last scheduled round, a reserve day (GCT 2023 4.4)."""


@dataclass(frozen=True, slots=True)
class Schedule:
    """C.07 3.1.7: when the play-off starts; *between_rounds* minutes are planned between games."""

    start: StartRule = StartRule.AFTER_LAST_GAME
    gap_minutes: int = 0
    between_rounds_minutes: int = 0
    article: str = ""

    @property
    def cited(self) -> str:
        """The article to cite for the schedule (C.07 3.1.7 when the regulation names none)."""
        return self.article or "C.07 3.1.7"

    def to_json(self) -> dict[str, Any]:
        return {
            "start": self.start.value,
            "gap_minutes": self.gap_minutes,
            "between_rounds_minutes": self.between_rounds_minutes,
            "article": self.article,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Schedule:
        return cls(
            StartRule(data.get("start", StartRule.AFTER_LAST_GAME.value)),
            int(data.get("gap_minutes", 0)),
            int(data.get("between_rounds_minutes", 0)),
            str(data.get("article", "")),
        )


@dataclass(frozen=True, slots=True)
class Regulation:
    """A play-off regulation (module docstring); presets live in :mod:`.presets`."""

    name: str
    title: str
    source: str
    places: tuple[int, ...]
    places_article: str
    stages: tuple[Stage, ...]
    qualification: str = "all players tied on points for a place that is decided"
    qualification_article: str = ""
    qualify_after_tiebreaks: int = 0
    """C.07 3.1.2: how many of the event's tie-breaks apply before the tied players
    who play off are known (0: everyone level on points plays off)."""
    unbroken_article: str = ""
    ambiguity_article: str = ""
    pairing_numbers: str = "by lot"
    colours: str = "by the Berger tables"
    schedule: Schedule = field(default_factory=Schedule)
    max_round_robins: int | None = None
    decide_article: str = ""
    sharing: SharingPolicy = field(default_factory=SharingPolicy)
    points: PointsScale | None = None
    points_article: str = ""
    other_places_tiebreaks: tuple[str, ...] = ()

    def c07_parameters(self) -> dict[str, str]:
        """The regulation read back as FIDE C.07 article 3.1's list, for the printed protocol."""
        formats = []
        for stage in self.stages:
            for f in stage.formats:
                who = f"{f.min_players}" + ("+" if f.max_players is None else f"-{f.max_players}")
                players = "1 player" if who == "1" else f"{who} players"  # a range: "2-3 players"
                formats.append(f"{stage.kind.value} ({players}, {count(f.cycles, 'cycle')})")

        clocks = sorted({f.time_control for s in self.stages for f in s.formats if f.time_control})
        return {
            "3.1.1": "places " + ", ".join(map(str, self.places)),
            "3.1.2": self.qualification
            + (
                f" (after the first {count(self.qualify_after_tiebreaks, 'tie-break')})"
                if self.qualify_after_tiebreaks
                else ""
            ),
            "3.1.3": "; ".join(formats),
            "3.1.4": self.pairing_numbers,
            "3.1.5": self.colours,
            "3.1.6": ", ".join(str(parse_encoded(c)) for c in clocks),
            "3.1.7": self.schedule.start.value
            + (
                f", {count(self.schedule.gap_minutes, 'minute')} after the last game"
                if self.schedule.gap_minutes
                else ""
            ),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "source": self.source,
            "places": list(self.places),
            "places_article": self.places_article,
            "stages": [s.to_json() for s in self.stages],
            "qualification": self.qualification,
            "qualification_article": self.qualification_article,
            "qualify_after_tiebreaks": self.qualify_after_tiebreaks,
            "unbroken_article": self.unbroken_article,
            "ambiguity_article": self.ambiguity_article,
            "pairing_numbers": self.pairing_numbers,
            "colours": self.colours,
            "schedule": self.schedule.to_json(),
            "max_round_robins": self.max_round_robins,
            "decide_article": self.decide_article,
            "sharing": self.sharing.to_json(),
            "points": None if self.points is None else self.points.to_json(),
            "points_article": self.points_article,
            "other_places_tiebreaks": list(self.other_places_tiebreaks),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Regulation:
        """Read a regulation back; a missing or malformed field is reported by name."""
        shape = _shape_problems(data)
        if shape:
            raise InputError([Issue("play-off regulation", 0, 0, p) for p in shape])
        try:
            top = data.get("max_round_robins")
            points = data.get("points")
            reg = cls(
                name=str(data["name"]),
                title=str(data.get("title", data["name"])),
                source=str(data.get("source", "")),
                places=tuple(int(p) for p in data["places"]),
                places_article=str(data.get("places_article", "")),
                stages=tuple(Stage.from_json(s) for s in data["stages"]),
                qualification=str(data.get("qualification", "")),
                qualification_article=str(data.get("qualification_article", "")),
                qualify_after_tiebreaks=int(data.get("qualify_after_tiebreaks", 0)),
                unbroken_article=str(data.get("unbroken_article", "")),
                ambiguity_article=str(data.get("ambiguity_article", "")),
                pairing_numbers=str(data.get("pairing_numbers", "")),
                colours=str(data.get("colours", "")),
                schedule=Schedule.from_json(data.get("schedule", {})),
                max_round_robins=None if top is None else int(top),
                decide_article=str(data.get("decide_article", "")),
                sharing=SharingPolicy.from_json(data.get("sharing", {})),
                points=None if points is None else PointsScale.from_json(points),
                points_article=str(data.get("points_article", "")),
                other_places_tiebreaks=tuple(
                    str(t) for t in data.get("other_places_tiebreaks", ())
                ),
            )
        except InputError:
            raise
        except KeyError as exc:
            raise InputError(
                [Issue("play-off regulation", 0, 0, f"missing field {exc.args[0]!r}")]
            ) from None
        except (TypeError, ValueError) as exc:
            raise InputError([Issue("play-off regulation", 0, 0, str(exc))]) from None
        validate(reg)
        return reg


def _shape_problems(data: Any) -> list[str]:
    """The parts of a regulation's JSON that must be objects (named fields) or lists of
    them and are not: said before any field is read."""
    if not isinstance(data, Mapping):
        return ["a regulation is an object with named fields"]
    problems: list[str] = []
    for key in ("schedule", "sharing", "points"):
        # "points" may be null (no tour points); the others are objects when given.
        given = key in data and (data[key] is not None or key != "points")
        if given and not isinstance(data[key], Mapping):
            problems.append(f"{key} must be an object with named fields")
    stages = data.get("stages", [])
    if not isinstance(stages, list):
        return [*problems, "stages must be a list of stages"]
    for index, stage in enumerate(stages, 1):
        if not isinstance(stage, Mapping):
            problems.append(f"stage {index} must be an object with named fields")
            continue
        formats = stage.get("formats", [])
        if not isinstance(formats, list) or not all(isinstance(f, Mapping) for f in formats):
            problems.append(f"stage {index}: formats must be a list of objects")
    return problems


def validate(reg: Regulation) -> None:
    """Refuse a regulation the engine could not follow, saying which part is wrong."""
    problems: list[str] = []
    if reg.qualify_after_tiebreaks < 0:
        problems.append("3.1.2: the number of tie-breaks before qualification is 0 or more")
    if not reg.places or any(p < 1 for p in reg.places):
        problems.append("3.1.1: the places decided must be listed (1 or more)")
    for index, stage in enumerate(reg.stages, 1):
        if not stage.formats:
            problems.append(f"stage {index}: no format for any number of players")
        for f in stage.formats:
            if f.min_players < 2:
                problems.append(f"stage {index}: a play-off game needs at least 2 players")
            if stage.kind is not StageKind.HEAD_TO_HEAD and not f.time_control:
                problems.append(f"stage {index}: 3.1.6 no time control")
            if f.cycles not in (1, 2):
                problems.append(f"stage {index}: a round robin has 1 or 2 cycles")
        if stage.kind is StageKind.HEAD_TO_HEAD and any(
            f.max_players != 2 or f.min_players != 2 for f in stage.formats
        ):
            problems.append(f"stage {index}: a head-to-head check is between exactly 2 players")
        if stage.repeat is not None and stage.repeat < 1:
            problems.append(f"stage {index}: repeat must be at least 1")
        if stage.kind is StageKind.ARMAGEDDON_KNOCKOUT and stage.colours is not ColourRule.TOSS:
            problems.append(f"stage {index}: Armageddon colours are given by a coin toss")
    problems += _out_of_bounds(reg)
    if problems:
        raise InputError([Issue("play-off regulation", 0, 0, p) for p in problems])


LONGEST_WAIT_MINUTES: Final = 7 * 24 * 60
"""Minutes a schedule may put before or between play-off games: a week (C.07 3.1.7 plans a
play-off for the day of the event; more is a typing mistake, and a date cannot hold
billions of minutes)."""
MOST_REPEATS: Final = MAX_ROUNDS
"""Times a stage may be repeated, round robins played, tie-breaks counted before
qualification: as many as an event has rounds."""
MOST_POINTS: Final = 10**6
"""Tour points of one place, or of an outright winner (GCT 2023 gives 13)."""


def _out_of_bounds(reg: Regulation) -> list[str]:
    """Numbers a regulation gives that no event can use (a 4,300-digit place, billions of
    minutes between games): refused here, by name, before any date or list is made of
    them (issue 27, point 7)."""
    checks: list[tuple[str, int | None, int, int]] = [
        ("3.1.7: the minutes after the last game (gap_minutes)", reg.schedule.gap_minutes,
         0, LONGEST_WAIT_MINUTES),
        ("3.1.7: the minutes between play-off games (between_rounds_minutes)",
         reg.schedule.between_rounds_minutes, 0, LONGEST_WAIT_MINUTES),
        ("3.1.2: the tie-breaks before qualification", reg.qualify_after_tiebreaks, 0,
         MOST_REPEATS),
        ("the round robins before the chief arbiter decides (max_round_robins)", reg.max_round_robins, 1,
         MOST_REPEATS),
    ]  # fmt: skip
    checks += [("3.1.1: a place decided", place, 1, MAX_PLAYERS) for place in reg.places]
    for index, stage in enumerate(reg.stages, 1):
        checks.append((f"stage {index}: repeat", stage.repeat, 1, MOST_REPEATS))
        for f in stage.formats:
            checks.append((f"stage {index}: the fewest players", f.min_players, 2, MAX_PLAYERS))
            checks.append((f"stage {index}: the most players", f.max_players, 2, MAX_PLAYERS))
    if reg.points is not None:
        checks += [("tour points", p, 0, MOST_POINTS) for p in reg.points.points]
        checks.append(("tour points of an outright winner", reg.points.outright_winner, 0,
                       MOST_POINTS))  # fmt: skip
    problems: list[str] = []
    for what, value, lowest, highest in checks:
        if value is not None and not lowest <= value <= highest:
            shown = (
                str(value) if len(str(value)) <= 12 else f"a number of {len(str(value)):,} digits"
            )
            problems.append(f"{what} is {shown}; it is {lowest:,} to {highest:,}")
    return problems
