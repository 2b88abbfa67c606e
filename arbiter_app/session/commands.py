"""The arbiter's actions as typed values: one frozen class per action, named after it.

Every change to an event is one of these values. The window and the command line build
them from what the arbiter typed; :meth:`Session.run <arbiter_app.session.session.Session.run>`
runs one in one transaction and one journal entry and returns what changed (the Anki
operations pattern). Each class knows its journal name (:attr:`Command.NAME`) and how it is
written there (:meth:`Command.arguments`); :func:`decode` reads a journal entry back into the
same value, so replay, undo, redo, ``verify`` and ``log`` read commands, not dictionaries.

How a value is written is exactly what earlier versions wrote for the same action: every
field given is a key of the entry's JSON arguments, and a field left :data:`UNSET` is no key
at all. The journals of files written by every earlier format therefore decode unchanged.

A value decoded from a file is only as good as the file: :func:`decode` checks which keys
there are (an unknown key refuses the entry), and the command itself checks each value as
it always has (a round that is not a whole number, a player who does not exist), with the
message the arbiter reads. The fields' types are what the window and the command line
must give; a type checker holds them to it.

This module is the vocabulary only: no rule is decided here. The commands' implementations
register for their class with :func:`arbiter_app.session.registry.command`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeAlias, TypeVar

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.fide_mode import LEAVE_TOKEN
from arbiter_app.core.warning_levels import tokens_of
from arbiter_app.core.words import noun_for

Json: TypeAlias = Any
"""A value as JSON holds it (text, number, true/false, null, list, object): the parts of a
command whose shape is a document of its own (an imported event, a regulation, a tour)."""
JsonObject: TypeAlias = Mapping[str, Json]


class CommandError(ArbiterError):
    """A command was given arguments it cannot use (the message says which and why)."""


class Unset(enum.Enum):
    """The value of a field the action does not give (no key in its journal entry)."""

    UNSET = "unset"

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> bool:
        return False


UNSET = Unset.UNSET
"""A field left out: the command takes the event's value or its own default."""

T = TypeVar("T")


def given(value: T | Unset, default: T) -> T:
    """*value*, or *default* where the action left it out."""
    return default if isinstance(value, Unset) else value


@dataclass(frozen=True, kw_only=True)
class Command:
    """One arbiter action (subclasses are the vocabulary)."""

    NAME: ClassVar[str] = ""
    """The action's name in the journal (as every earlier version wrote it)."""
    FAMILY: ClassVar[str] = "event"
    """Which part of the event the action belongs to (``event``, ``playoff``, ``prizes``,
    ``sections``, ``tour``)."""
    UNKNOWN_NOUN: ClassVar[str] = "argument"
    """What an unknown key of a decoded entry is called in the refusal."""
    FINAL: ClassVar[str] = ""
    """The refusal of an Undo of this action, for an action that is final ("" for the
    others)."""
    KEYS: ClassVar[Mapping[str, str]] = {}
    """Fields whose journal key is another word (``broken`` is written ``break``, a Python
    keyword)."""

    @classmethod
    def final_reason(cls, arguments: Mapping[str, Any]) -> str:
        """The refusal of an Undo of the entry with *arguments* ("" when it can be undone):
        :attr:`FINAL` for most actions; an action may be final by what one entry did."""
        return cls.FINAL

    def arguments(self) -> dict[str, Json]:
        """The journal's arguments: every field given, by its name (nothing for UNSET)."""
        out: dict[str, Json] = {}
        for spec in dataclasses.fields(self):
            value = getattr(self, spec.name)
            if value is not UNSET:
                out[self.KEYS.get(spec.name, spec.name)] = _plain(value)
        return out

    @classmethod
    def of(cls, arguments: Mapping[str, Json]) -> Self:
        """The command whose journal arguments are *arguments* (a mapping of field names,
        as a form or a command line gathers them); see :func:`decode`."""
        command = decode_as(cls, arguments)
        assert isinstance(command, cls)
        return command

    def draws_lots(self) -> bool:
        """Whether the session draws a fresh seed for this action (recorded in the journal)."""
        return False

    def given(self, name: str) -> bool:
        """Whether field *name* was given (it is a key of the journal entry)."""
        return getattr(self, name) is not UNSET


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Json:
    if type(value) in _SCALARS:
        return value  # (most of an imported event's values: asked first)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


VOCABULARY: dict[str, type[Command]] = {}
"""Every command class by its journal name."""

C = TypeVar("C", bound=type[Command])


def action(cls: C) -> C:
    """Add *cls* to the vocabulary (a class decorator)."""
    if not cls.NAME:
        raise ValueError(f"{cls.__name__} has no journal name")
    known = VOCABULARY.get(cls.NAME)
    if known is not None and known is not cls:
        raise ValueError(f"two commands are called {cls.NAME!r}")
    VOCABULARY[cls.NAME] = cls
    return cls


def decode(name: str, arguments: Mapping[str, Json]) -> Command:
    """The command a journal entry holds (its name and its own arguments, without the
    session's ``section`` and ``confirm``).

    A key no field of the command has refuses the entry (:class:`CommandError`, naming
    it); a required field that is missing decodes as ``None``, which the command refuses
    with its own message (as a value of the wrong kind is).
    """
    cls = VOCABULARY.get(name)
    if cls is None:
        raise CommandError(f"unknown command {name!r}")
    return decode_as(cls, arguments)


def decode_as(cls: type[Command], arguments: Mapping[str, Json]) -> Command:
    """*arguments* read as a value of *cls* (see :func:`decode`)."""
    if not isinstance(arguments, Mapping):
        raise CommandError(f"{cls.NAME}: the arguments are not an object")
    specs = {cls.KEYS.get(f.name, f.name): f for f in dataclasses.fields(cls)}
    unknown = sorted(set(arguments) - set(specs))
    if unknown:
        noun = noun_for(len(unknown), cls.UNKNOWN_NOUN)
        raise CommandError(f"unknown {noun} {', '.join(unknown)}")
    values: dict[str, Json] = {}
    for key, spec in specs.items():
        if key in arguments:
            values[spec.name] = arguments[key]
        elif spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING:
            values[spec.name] = None
    return cls(**values)


# -- the player's fields, the event's settings: shared by several actions ----------------
@dataclass(frozen=True, kw_only=True)
class PlayerFields(Command):
    """What an arbiter types in (or a rating list fills) for a player."""

    UNKNOWN_NOUN: ClassVar[str] = "player field"

    name: str | Unset = UNSET
    rating: int | str | Unset | None = UNSET
    title: str | Unset | None = UNSET
    federation: str | Unset | None = UNSET
    fide_id: int | str | Unset | None = UNSET
    national_rating: int | str | Unset | None = UNSET
    national_id: str | Unset | None = UNSET
    sex: str | Unset | None = UNSET
    birth: str | Unset | None = UNSET
    club: str | Unset | None = UNSET
    rating_source: str | Unset | None = UNSET

    def player_fields(self) -> dict[str, Json]:
        """The player's fields given (by name), as the player tables store them."""
        names = {f.name for f in dataclasses.fields(PlayerFields)}
        return {k: v for k, v in self.arguments().items() if k in names}


@dataclass(frozen=True, kw_only=True)
class Settings(Command):
    """The event's settings an action may set (each left out keeps the event's)."""

    UNKNOWN_NOUN: ClassVar[str] = "setting"

    system: str | Unset = UNSET
    rounds: int | Unset = UNSET
    point_system: str | JsonObject | Unset = UNSET
    round_point_systems: Json | Unset = UNSET
    tiebreaks: Sequence[str] | str | Unset = UNSET
    rule_set: str | Unset | None = UNSET
    bye_policy: str | Unset = UNSET
    preset: str | Unset | None = UNSET
    playoff: str | Unset | None = UNSET
    info: JsonObject | Unset = UNSET
    rating_type: str | Unset = UNSET
    acceleration: str | Unset | None = UNSET
    swap_last_two: bool | Unset = UNSET
    team_best: int | Unset | None = UNSET
    """How many of a team's best scores count (US Chess 28N; None: four)."""
    teammates_apart: bool | Unset = UNSET
    """Teammates are kept from meeting (US Chess 28N): the pairing forbids it."""
    uschess_report: JsonObject | Unset = UNSET
    """The US Chess rating report's header fields the event keeps (affiliate, TDs, site)."""
    half_point_bye_limit: int | Unset | None = UNSET
    """The half-point byes a player may take in the event, as the regulations announce
    (FIDE C.02 question 176; US Chess 22C): 0 none, None no limit."""
    rating_lists: Sequence[str] | Unset | None = UNSET
    """The lists the event takes its ratings from, in order (``["rapid", "standard",
    "list:ENG"]``; FIDE C.02 checklist, rating lists); None: the default of its rating
    type."""
    rating_check_after_update: bool | Unset = UNSET
    """Whether the event's ratings are checked against the lists by themselves after a
    list is imported or updated (FIDE C.02 checklist, questions 138 and 139); left out:
    on. A check asked for runs either way."""
    variant: str | Unset | None = UNSET
    """The game the boards play: ``standard`` or ``chess960`` (FIDE Laws of Chess,
    Guidelines II); None: standard chess."""

    def settings(self) -> dict[str, Json]:
        """The settings given (by name)."""
        names = {f.name for f in dataclasses.fields(Settings)}
        return {k: v for k, v in self.arguments().items() if k in names}


# -- the event --------------------------------------------------------------------------
@action
@dataclass(frozen=True, kw_only=True)
class CreateEvent(Settings):
    """Create the event: its name, system and number of rounds (the journal's first entry)."""

    NAME: ClassVar[str] = "create_event"
    FINAL: ClassVar[str] = "there is nothing to undo (the event's creation stays)"

    name: str
    system: str
    rounds: int
    pairing_numbers: str | Unset | None = UNSET
    section_name: str | Unset | None = UNSET


@action
@dataclass(frozen=True, kw_only=True)
class EditSettings(Settings):
    """Change the event's settings, and with them the prize fund if given."""

    NAME: ClassVar[str] = "edit_settings"

    prize_fund: JsonObject | Unset = UNSET

    @classmethod
    def final_reason(cls, arguments: Mapping[str, Any]) -> str:
        """A settings change that left FIDE mode is final like leaving it (FIDE C.02,
        the checklist's question 43): its entry answered the level-4 question of leaving,
        which only a setting outside FIDE's rules asks."""
        if LEAVE_TOKEN in tokens_of(arguments.get("confirm")):
            return (
                "this settings change left FIDE mode, so it cannot be undone: leaving FIDE "
                "mode is final (FIDE C.02, verification checklist question 43), and the "
                "report keeps its ### line"
            )
        return cls.FINAL


@action
@dataclass(frozen=True, kw_only=True)
class ImportEvent(Command):
    """Fill a new event with an imported one (an event as JSON, read from a file).

    *unknown_results* are the file's games paired whose result is not known (a TRF ``?``,
    or a code TRF-26 does not define: FIDE C.02, checklist questions 164-166), each
    ``{"round", "white", "black", "codes"}``: imported paired, without a result, adjourned."""

    NAME: ClassVar[str] = "import_event"

    event: JsonObject
    source: str | Unset | None = UNSET
    tiebreaks: Sequence[str] | Unset | None = UNSET
    trf: JsonObject | Unset | None = UNSET
    settings: JsonObject | Unset | None = UNSET
    unknown_results: Sequence[JsonObject] | Unset | None = UNSET
    dutch: JsonObject | Unset | None = UNSET
    """The file's rounds compared with the Dutch pairing when it was read (FIDE C.02, the
    checklist's question 54; :class:`arbiter_app.core.checker.imported.DutchComparison`):
    recorded, so that a replay writes the same ``### Import`` lines without pairing again."""


@action
@dataclass(frozen=True, kw_only=True)
class SetPairingNumbers(Command):
    """Give the pairing numbers before round 1: by rating, by lot, by a physical draw, by hand."""

    NAME: ClassVar[str] = "set_pairing_numbers"

    by: str
    order: Sequence[int] | Unset = UNSET
    witnesses: Sequence[str] | Unset = UNSET
    rating: str | Unset = UNSET
    ties: str | Unset = UNSET

    def draws_lots(self) -> bool:
        return self.by == "lot" or (self.by == "rating" and self.ties == "lot")


@action
@dataclass(frozen=True, kw_only=True)
class LeaveFideMode(Command):
    """Leave FIDE mode (FIDE C.02): final, never undone."""

    NAME: ClassVar[str] = "leave_fide_mode"
    FINAL: ClassVar[str] = (
        "leaving FIDE mode cannot be undone: it is final (FIDE C.02, verification checklist "
        "question 43: the event never comes back to FIDE mode), and the report keeps its "
        "### line"
    )


@action
@dataclass(frozen=True, kw_only=True)
class EnterFideMode(Command):
    """Run the event in FIDE mode (FIDE C.02)."""

    NAME: ClassVar[str] = "enter_fide_mode"


@action
@dataclass(frozen=True, kw_only=True)
class SetExternalValues(Command):
    """Values a tie-break takes from outside the event (text lines as the arbiter typed)."""

    NAME: ClassVar[str] = "set_external_values"

    values: JsonObject


@action
@dataclass(frozen=True, kw_only=True)
class DrawTiebreakLots(Command):
    """Draw the lots that break ties no tie-break broke (FIDE C.07 article 3.2)."""

    NAME: ClassVar[str] = "draw_tiebreak_lots"

    def draws_lots(self) -> bool:
        return True


# -- players ------------------------------------------------------------------------------
@action
@dataclass(frozen=True, kw_only=True)
class AddPlayer(PlayerFields):
    """Register a player."""

    NAME: ClassVar[str] = "add_player"


@action
@dataclass(frozen=True, kw_only=True)
class LateEntry(PlayerFields):
    """Register a player after round 1, with what they get for the rounds missed."""

    NAME: ClassVar[str] = "late_entry"

    missed: str | Unset = UNSET
    missed_rounds: Sequence[str] | Unset = UNSET
    """What the player gets in each round already paired, round 1 first (``not-paired``,
    ``zero-bye``, ``half-bye``, ``full-bye``); left out, *missed* for every one."""


@action
@dataclass(frozen=True, kw_only=True)
class EditPlayer(PlayerFields):
    """Change a registered player's fields."""

    NAME: ClassVar[str] = "edit_player"

    tpn: int


@action
@dataclass(frozen=True, kw_only=True)
class WithdrawPlayer(Command):
    """Withdraw a player from a round on."""

    NAME: ClassVar[str] = "withdraw_player"

    tpn: int
    from_round: int


@action
@dataclass(frozen=True, kw_only=True)
class RemovePlayer(Command):
    """Take a registration back before round 1 is paired (a player registered twice, or one
    who never came); the players after move up one number."""

    NAME: ClassVar[str] = "remove_player"

    tpn: int


@action
@dataclass(frozen=True, kw_only=True)
class DisqualifyPlayer(Command):
    """Disqualify a player (they leave the standings; no score changes)."""

    NAME: ClassVar[str] = "disqualify_player"

    tpn: int


@action
@dataclass(frozen=True, kw_only=True)
class ReinstatePlayer(Command):
    """Take back a withdrawal or a disqualification."""

    NAME: ClassVar[str] = "reinstate_player"

    tpn: int


@action
@dataclass(frozen=True, kw_only=True)
class RequestBye(Command):
    """A bye the player asked for before a round is paired (``half``, ``full``, ``zero``), or
    ``none`` to take it back."""

    NAME: ClassVar[str] = "requested_bye"

    tpn: int
    round: int
    kind: str | None


@action
@dataclass(frozen=True, kw_only=True)
class SetHalfByeEligibility(Command):
    """Whether a player may still take a half-point bye."""

    NAME: ClassVar[str] = "set_half_bye_eligibility"

    tpn: int
    eligible: bool


@action
@dataclass(frozen=True, kw_only=True)
class ImportPlayers(Command):
    """Register a list of players at once (a CSV or rating-list import)."""

    NAME: ClassVar[str] = "import_players"

    players: Sequence[JsonObject]
    source: str | Unset | None = UNSET


@action
@dataclass(frozen=True, kw_only=True)
class CheckIn(Command):
    """Mark players present (*present* true) or not (false) before round 1 is paired;
    once one is present, round 1 pairs only those present."""

    NAME: ClassVar[str] = "check_in"

    players: Sequence[int]
    present: bool


@action
@dataclass(frozen=True, kw_only=True)
class MarkAbsent(Command):
    """Players who will not play a coming round (the rule set's bye for an absence), or,
    with *absent* false, that absence taken back."""

    NAME: ClassVar[str] = "mark_absent"

    round: int
    players: Sequence[int]
    absent: bool | Unset = UNSET


@action
@dataclass(frozen=True, kw_only=True)
class RequestByes(Command):
    """Byes a player asks for in several rounds not yet paired (``half``, ``full``,
    ``zero``), or ``none`` to take them back: one action for the range."""

    NAME: ClassVar[str] = "requested_byes"

    tpn: int
    rounds: Sequence[int]
    kind: str | None


@action
@dataclass(frozen=True, kw_only=True)
class ApplyListRatings(Command):
    """Apply the ratings a check against the rating lists proposed, for the players the
    arbiter chose: one action for all of them (FIDE C.02 checklist, rating lists: the
    consistency check, a chosen subset updated, nothing updated unasked)."""

    NAME: ClassVar[str] = "apply_list_ratings"

    ratings: Sequence[JsonObject]
    """``[{"tpn": 2, "rating": 2360, "rating_source": "fide:standard:2026-09"}, …]``: a
    rating of None makes the player unrated for the event (the list gives none)."""
    from_round: int | Unset = UNSET
    """Once round 1 is paired: the round the ratings count from, the next one to be
    paired (a list valid from that round)."""


# -- rounds -------------------------------------------------------------------------------
@action
@dataclass(frozen=True, kw_only=True)
class RecordPairings(Command):
    """Store a round's pairings: its boards (``[white, black]``) and byes."""

    NAME: ClassVar[str] = "record_pairings"

    round: int
    boards: Sequence[Sequence[int]]
    byes: Sequence[Sequence[int | str]] | Unset = UNSET
    colour_draw: JsonObject | Unset = UNSET
    """Round 1's colour drawn by lot (C.04.3 article 5.2.5), kept for the lot protocol."""


@action
@dataclass(frozen=True, kw_only=True)
class RecordRoundPairings(Command):
    """Store a round of a double system: its game columns, each as :class:`RecordPairings`."""

    NAME: ClassVar[str] = "record_round_pairings"

    columns: Sequence[JsonObject]


@action
@dataclass(frozen=True, kw_only=True)
class SetPairing(Command):
    """Replace a round's pairing by one made by hand."""

    NAME: ClassVar[str] = "set_pairing"

    round: int
    boards: Sequence[Sequence[int]]
    byes: Sequence[Sequence[int | str]] | Unset = UNSET


@action
@dataclass(frozen=True, kw_only=True)
class ChangePairing(Command):
    """Change one board of a round by hand (or swap players onto it from elsewhere)."""

    NAME: ClassVar[str] = "change_pairing"

    round: int
    board: int
    white: int
    black: int
    swap: bool | Unset = UNSET
    displaced_bye: bool | Unset = UNSET


@action
@dataclass(frozen=True, kw_only=True)
class EnterResult(Command):
    """Enter a board's result (``1-0``, ``½-½``, ``0-1``, forfeits ``+/-``, ``½-0``, ``1-0
    unrated``, …), or ``adjourned`` for a game adjourned or whose result is not known yet."""

    NAME: ClassVar[str] = "enter_result"

    round: int
    board: int
    result: str


@action
@dataclass(frozen=True, kw_only=True)
class CorrectResult(Command):
    """Correct a board's result once it is in."""

    NAME: ClassVar[str] = "correct_result"

    round: int
    board: int
    result: str


@action
@dataclass(frozen=True, kw_only=True)
class CorrectColours(Command):
    """Swap the colours of a board that was played with the colours reversed."""

    NAME: ClassVar[str] = "correct_colours"

    round: int
    board: int


@action
@dataclass(frozen=True, kw_only=True)
class CorrectResultForRating(Command):
    """Correct a board's result for the rating report only (FIDE C.04.2 article 4.3): the
    pairings and standings keep the result played."""

    NAME: ClassVar[str] = "correct_result_for_rating"

    round: int
    board: int
    result: str
    reason: str


@action
@dataclass(frozen=True, kw_only=True)
class StartManualPairing(Command):
    """Open a round's pairing for changes by hand (FIDE C.02: a pairing-integrity event)."""

    NAME: ClassVar[str] = "start_manual_pairing"

    round: int


@action
@dataclass(frozen=True, kw_only=True)
class EndManualPairing(Command):
    """Close the manual pairing of the round opened for it."""

    NAME: ClassVar[str] = "end_manual_pairing"

    round: int | Unset = UNSET


@action
@dataclass(frozen=True, kw_only=True)
class ForbidPairing(Command):
    """Players who must not be paired with each other (forbidden pairs)."""

    NAME: ClassVar[str] = "forbid_pairing"

    players: Sequence[int]


@action
@dataclass(frozen=True, kw_only=True)
class AllowPairing(Command):
    """Take back a forbidden pairing."""

    NAME: ClassVar[str] = "allow_pairing"

    players: Sequence[int]


@action
@dataclass(frozen=True, kw_only=True)
class DrawChess960Position(Command):
    """Draw the Chess960 starting position of a round, or of every round (*round* left
    out): by the session's seed, or the *number* drawn at the venue (FIDE Laws of Chess,
    Guidelines II)."""

    NAME: ClassVar[str] = "draw_chess960_position"

    round: int | Unset | None = UNSET
    number: int | Unset | None = UNSET
    witnesses: Sequence[str] | Unset = UNSET

    def draws_lots(self) -> bool:
        return given(self.number, None) is None


# -- play-off -----------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class PlayoffCommand(Command):
    FAMILY: ClassVar[str] = "playoff"


@action
@dataclass(frozen=True, kw_only=True)
class StartPlayoff(PlayoffCommand):
    """Start the play-off under a regulation (by name, or a custom one as JSON)."""

    NAME: ClassVar[str] = "playoff.start"

    regulation: str | Unset | None = UNSET
    regulation_json: JsonObject | Unset | None = UNSET
    ties: Sequence[Sequence[Json]] | Unset | None = UNSET
    last_game_end: str | Unset | None = UNSET
    at: str | Unset | None = UNSET


@action
@dataclass(frozen=True, kw_only=True)
class RestartPlayoff(PlayoffCommand):
    """Start the play-off again after a correction changed the tie it was played for."""

    NAME: ClassVar[str] = "playoff.restart"


@action
@dataclass(frozen=True, kw_only=True)
class DrawPlayoffLots(PlayoffCommand):
    """Draw the play-off's lots: by the session's seed, or the *outcome* of a physical draw."""

    NAME: ClassVar[str] = "playoff.draw"

    outcome: Sequence[int] | Unset | None = UNSET
    witnesses: Sequence[str] | Unset = UNSET

    def draws_lots(self) -> bool:
        return given(self.outcome, None) is None


@action
@dataclass(frozen=True, kw_only=True)
class TossCoin(PlayoffCommand):
    """Toss the coin of an Armageddon game, or record the *winner* of one tossed at the board."""

    NAME: ClassVar[str] = "playoff.toss"

    winner: int | Unset | None = UNSET
    choice: str | Unset | None = UNSET
    witnesses: Sequence[str] | Unset = UNSET

    def draws_lots(self) -> bool:
        return given(self.winner, None) is None


@action
@dataclass(frozen=True, kw_only=True)
class ChooseColour(PlayoffCommand):
    """The colour the winner of the coin toss chose."""

    NAME: ClassVar[str] = "playoff.choose"

    choice: str


@action
@dataclass(frozen=True, kw_only=True)
class ConfirmPrinted(PlayoffCommand):
    """The sheets due have been printed."""

    NAME: ClassVar[str] = "playoff.printed"


@action
@dataclass(frozen=True, kw_only=True)
class PlayoffResult(PlayoffCommand):
    """The result of a play-off game."""

    NAME: ClassVar[str] = "playoff.result"

    game: str
    result: str


@action
@dataclass(frozen=True, kw_only=True)
class PlayoffResults(PlayoffCommand):
    """The results of several play-off games, ``[game, result]`` in playing order: all or none."""

    NAME: ClassVar[str] = "playoff.results"

    results: Sequence[Sequence[str]]


@action
@dataclass(frozen=True, kw_only=True)
class DecidePlayoff(PlayoffCommand):
    """The chief arbiter's decision by other means: the order and the reason."""

    NAME: ClassVar[str] = "playoff.decide"

    order: Sequence[int]
    reason: str | Unset = UNSET


@action
@dataclass(frozen=True, kw_only=True)
class RuleOnTie(PlayoffCommand):
    """The arbiter's ruling on an ambiguous tie: broken by the play-off or not, and why."""

    NAME: ClassVar[str] = "playoff.ruling"
    KEYS: ClassVar[Mapping[str, str]] = {"broken": "break"}

    players: Sequence[int]
    broken: bool
    reason: str | Unset = UNSET


# -- prizes and tour ----------------------------------------------------------------------
@action
@dataclass(frozen=True, kw_only=True)
class SetPrizeFund(Command):
    """The place prizes, first place first, their currency, and any wildcards."""

    NAME: ClassVar[str] = "prizes.set_fund"
    FAMILY: ClassVar[str] = "prizes"

    prizes: Sequence[str | int]
    currency: str | Unset = UNSET
    wildcards: Sequence[int] | Unset = UNSET


@action
@dataclass(frozen=True, kw_only=True)
class SetPrizeCategories(Command):
    """The category prizes (replacing those before) and the rule of who gets what."""

    NAME: ClassVar[str] = "prizes.set_categories"
    FAMILY: ClassVar[str] = "prizes"

    categories: Sequence[str] | Unset = UNSET
    rule: str | Unset = UNSET


@action
@dataclass(frozen=True, kw_only=True)
class CreateTour(Command):
    """A tour's overall standings as an event of its own (a tour file)."""

    NAME: ClassVar[str] = "tour.create"
    FAMILY: ClassVar[str] = "tour"

    tour: JsonObject


# -- sections -----------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class SectionCommand(Command):
    FAMILY: ClassVar[str] = "sections"


@action
@dataclass(frozen=True, kw_only=True)
class AddSection(Settings):
    """Add a section to the event: a tournament of its own with its name, system, rounds."""

    NAME: ClassVar[str] = "section.add"
    FAMILY: ClassVar[str] = "sections"

    name: str
    system: str
    rounds: int


@action
@dataclass(frozen=True, kw_only=True)
class RenameSection(SectionCommand):
    """Rename the section."""

    NAME: ClassVar[str] = "section.rename"

    name: str


@action
@dataclass(frozen=True, kw_only=True)
class RemoveSection(SectionCommand):
    """Remove the section (before its round 1)."""

    NAME: ClassVar[str] = "section.remove"


@action
@dataclass(frozen=True, kw_only=True)
class MovePlayerToSection(SectionCommand):
    """Move a player to another section (before round 1)."""

    NAME: ClassVar[str] = "section.move_player"

    tpn: int
    to: int


@action
@dataclass(frozen=True, kw_only=True)
class MakeQuads(SectionCommand):
    """Split the section's players by rating into quads (US Chess 30G), numbered by lot."""

    NAME: ClassVar[str] = "section.quads"

    size: int | Unset = UNSET
    remainder: str | Unset = UNSET
    house_player: JsonObject | Unset | None = UNSET

    def draws_lots(self) -> bool:
        return True
