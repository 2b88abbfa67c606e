"""Where the tournament stands: registration, a round in progress, a round complete, final.

The event's state is a read model of the core, made by :func:`event_state` from
the event, the boards each round was paired with (whether each has its
result), how the pairing numbers were given and the play-off. Every view,
sheet, export and command asks it instead of working the state out again:

- **registration**: no round is paired; players can be added, and the pairing
  numbers can still change (:mod:`arbiter_app.core.pairing.numbers`);
- **round N in progress**: round N is paired and some of its boards have no
  result yet. Standings are those after the last complete round; the round in
  progress can be shown as provisional, its unfinished boards as pending;
- **round N complete**: every board of rounds 1 to N has its result;
- **final**: every planned round is complete (FIDE C.07 article 3.1 breaks the
  ties of the *final* standings), and then the play-off
  (:mod:`arbiter_app.core.playoff.gate`): ready, started, over, or no longer
  matching the standings after a correction.

Rounds are the event's game columns (a double Swiss round has two); the sentences
name the arbiter's rounds (:meth:`System.through_name`: "round 2 of 5, game 1"). A file
that holds final standings only, with no rounds of its own (the Grand Chess
Tour's overall standings, GCT 2023 section 4), is final as it is.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arbiter_app.core.model import Event, RuleSet, System
from arbiter_app.core.pairing.numbers import Numbering, describe_numbering, round_one_refusal
from arbiter_app.core.pairing.ranking import DEFAULT_RULE
from arbiter_app.core.playoff.gate import PlayoffGate, PlayoffStatus, playoff_gate
from arbiter_app.core.words import count

if TYPE_CHECKING:
    from arbiter_app.core.playoff.engine import PlayoffState
    from arbiter_app.core.playoff.regulation import Regulation


class Phase(enum.Enum):
    """The tournament day's states, in the order they come."""

    REGISTRATION = "registration"
    IN_PROGRESS = "round-in-progress"
    ROUND_COMPLETE = "round-complete"
    FINAL = "final"


@dataclass(frozen=True, slots=True)
class RoundBoard:
    """A board as paired (White, Black), and whether its result is in."""

    number: int
    white: int
    black: int
    done: bool


@dataclass(frozen=True)
class EventState:
    """The state of the event (module docstring), with the sentences that explain it.

    *paired* is the last round with pairings, *complete* the last round up to
    which every board has its result; *pending* lists the boards still without
    one as ``(round, board)``, *pending_players* who plays on them.
    *pairing_refusal* says why the next round cannot be paired now (None when
    it can).
    """

    phase: Phase
    planned: int
    players: int
    paired: int
    complete: int
    pending: tuple[tuple[int, int], ...]
    pending_players: frozenset[int]
    numbering: Numbering
    numbering_text: str
    playoff: PlayoffGate
    pairing_refusal: str | None
    setup_warning: str | None = None
    """Why the rounds as set up cannot all be paired (:func:`setup_warning`), or None."""
    system: System = System.SWISS
    """The event's system: its sentences count its rounds, not its game columns."""

    @property
    def final(self) -> bool:
        return self.phase is Phase.FINAL

    @property
    def standings_round(self) -> int:
        """The round the standings are after by default: the last complete round."""
        return self.complete

    @property
    def provisional_round(self) -> int | None:
        """The round in progress that provisional standings include (None: no round is)."""
        return self.paired if self.phase is Phase.IN_PROGRESS else None

    @property
    def current_game(self) -> int:
        """The game column played now (0 before round 1): the last paired; in a double Swiss
        the first game of the latest round still waiting for a result, so that the venue
        sees game 1 of a match just paired (its White is the match's, C.04.5 article 4.4)
        and game 2 once game 1's results are in."""
        system = self.system
        if system.games_per_round == 1 or self.paired < 1:
            return self.paired
        first = system.first_game(system.rounds_in(self.paired))
        waiting = sorted(c for c, _ in self.pending if c >= first)
        return waiting[0] if waiting else self.paired

    @property
    def numbers_fixed(self) -> bool:
        """Round 1 is paired: the pairing numbers can no longer be redrawn or renumbered."""
        return self.paired > 0

    def pending_in(self, round_no: int) -> tuple[int, ...]:
        """The boards of *round_no* still without a result."""
        return _pending_in(self.pending, round_no)

    @property
    def prizes_note(self) -> str:
        """What a prize list must say about the standings it shares out ("" when final and
        the play-off, if any, matches them)."""
        if self.playoff.status is PlayoffStatus.STALE:
            return self.playoff.reason
        if self.final:
            return ""
        after = (
            "before round 1"
            if self.complete == 0
            else f"after {self.system.through_name(self.complete)}"
        )
        return (
            f"The event is not final ({self.text[:1].lower()}{self.text[1:]}): these are the "
            f"prizes of the standings {after}."
        )

    @property
    def text(self) -> str:
        """``Round 3 of 7 in progress: board 4 still lacks a result`` and the like."""
        return phase_text(
            self.phase, self.planned, self.players, self.complete, self.pending, self.system
        )

    @property
    def brief(self) -> str:
        """A few words for a title bar: ``round 3 of 7 in progress``, ``final``…"""
        system = self.system
        if self.phase is Phase.REGISTRATION:
            return "registration"
        if self.phase is Phase.IN_PROGRESS:
            first = system.rounds_in(min(r for r, _ in self.pending))
            of = f" of {system.rounds_in(self.planned)}" if self.planned else ""
            return f"round {first}{of} in progress"
        if self.phase is Phase.ROUND_COMPLETE:
            return f"{system.through_name(self.complete, self.planned)} complete"
        return "final"

    @property
    def headline(self) -> str:
        """One line for a status bar or a printout: the phase, then the play-off if any."""
        words = _PLAYOFF_WORDS.get(self.playoff.status)
        return f"{self.text}; {words}" if words else self.text

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "text": self.text,
            "rounds": self.planned,
            "players": self.players,
            "paired": self.paired,
            "complete": self.complete,
            "standings_after_round": self.standings_round,
            "pending_boards": [{"round": r, "board": b} for r, b in self.pending],
            "pairing_numbers": {
                "by": self.numbering.value,
                "fixed": self.numbers_fixed,
                "text": self.numbering_text,
            },
            "next_round": {
                "can_pair": self.pairing_refusal is None,
                "reason": self.pairing_refusal or "",
            },
            "playoff": {"status": self.playoff.status.value, "text": self.playoff.reason},
            "setup_warning": self.setup_warning or "",
        }


_PLAYOFF_WORDS = {
    PlayoffStatus.READY: "the play-off can start",
    PlayoffStatus.STARTED: "play-off under way",
    PlayoffStatus.OVER: "play-off over",
    PlayoffStatus.STALE: "the play-off no longer matches the standings",
}


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _boards_text(boards: Sequence[int]) -> str:
    numbers = [str(b) for b in boards]
    if len(numbers) == 1:
        return f"board {numbers[0]} still lacks a result"
    listed = ", ".join(numbers[:-1]) + " and " + numbers[-1]
    return f"boards {listed} still lack a result"


def _pending_in(pending: Sequence[tuple[int, int]], round_no: int) -> tuple[int, ...]:
    return tuple(board for r, board in pending if r == round_no)


def _pending_text(
    pending: Sequence[tuple[int, int]], columns: Sequence[int], system: System, named: bool
) -> str:
    """The boards without a result in game columns *columns*: "board 4 still lacks a result";
    each column named ("game 2: …", *named*: "round 1, game 2: …") where there are several."""
    if len(columns) == 1 and system.games_per_round == 1 and not named:
        return _boards_text(_pending_in(pending, columns[0]))
    parts = []
    for column in columns:
        name = system.game_name(column)
        if not named:
            name = name.rpartition(", ")[2]
        parts.append(f"{name}: {_boards_text(_pending_in(pending, column))}")
    return "; ".join(parts)


def phase_text(
    phase: Phase,
    planned: int,
    players: int,
    complete: int,
    pending: Sequence[tuple[int, int]],
    system: System = System.SWISS,
) -> str:
    """The phase as a sentence (without its full stop), in the arbiter's rounds (a double
    Swiss's *planned*, *complete* and *pending* count game columns)."""
    rounds_planned = system.rounds_in(planned)
    of = f" of {rounds_planned}" if planned else ""
    if phase is Phase.REGISTRATION:
        return f"Registration: {_count(players, 'player', 'players')}, no round paired yet"
    if phase is Phase.FINAL:
        return f"Final: all {_count(rounds_planned, 'round', 'rounds')} complete"
    if phase is Phase.ROUND_COMPLETE:
        said = system.through_name(complete, planned)
        return f"{said[:1].upper()}{said[1:]} complete"
    columns = sorted({r for r, _ in pending})
    rounds = sorted({system.rounds_in(c) for c in columns})
    if len(rounds) == 1:
        return f"Round {rounds[0]}{of} in progress: " + _pending_text(
            pending, columns, system, named=False
        )
    parts = _pending_text(pending, columns, system, named=True)
    return f"Rounds {rounds[0]}-{rounds[-1]}{of} in progress ({parts})"


def _not_final(
    phase: Phase,
    planned: int,
    complete: int,
    pending: Sequence[tuple[int, int]],
    system: System = System.SWISS,
) -> str | None:
    """Why the event is not final, as the play-off gate says it (None when it is)."""
    if phase is Phase.FINAL:
        return None
    if phase is Phase.REGISTRATION:
        return "no round has been paired yet"
    rounds_planned = system.rounds_in(planned)
    if phase is Phase.IN_PROGRESS:
        first = system.rounds_in(min(r for r, _ in pending))
        columns = sorted({c for c, _ in pending if system.rounds_in(c) == first})
        of = f" of {rounds_planned}" if planned else ""
        boards = _pending_text(pending, columns, system, named=False)
        return f"round {first}{of} is in progress ({boards})"
    done = complete // system.games_per_round
    return f"{done} of {count(rounds_planned, 'round')} {'is' if done == 1 else 'are'} complete"


def event_state(
    event: Event,
    boards: Mapping[int, Sequence[RoundBoard]] | None,
    *,
    numbering: Numbering = Numbering.ENTRY,
    ranking: str = DEFAULT_RULE.text,
    tiebreaks: Sequence[str] = (),
    regulation: Regulation | None = None,
    playoff: PlayoffState | None = None,
    ties_given: bool = False,
    standings_only: bool = False,
) -> EventState:
    """The state of *event* (module docstring).

    *boards* maps each paired round to its boards; None when the event comes
    from a file that keeps no boards (a TRF file): its rounds hold results
    only, so every round with entries is complete. *regulation* is the
    play-off regulation the event names; *playoff* the one started, if any
    (*ties_given*: started for ties the arbiter named). *standings_only*: the
    event is final standings with no rounds (the tour's overall standings).
    """
    planned = event.rounds
    unfinished: list[tuple[int, RoundBoard]] = []
    if boards is None:
        paired = event.rounds_played
    else:
        paired = max((r for r, listed in boards.items() if listed), default=0)
        paired = max(paired, event.rounds_played)
        unfinished = [
            (r, b)
            for r in sorted(boards)
            for b in sorted(boards[r], key=lambda b: b.number)
            if not b.done
        ]
    pending = tuple((r, b.number) for r, b in unfinished)
    pending_players = frozenset(t for _, b in unfinished for t in (b.white, b.black))
    first_open = min((r for r, _ in pending), default=paired + 1)
    complete = first_open - 1
    if standings_only and not paired:
        phase = Phase.FINAL
        planned = complete = 0
    elif paired == 0:
        phase = Phase.REGISTRATION
    elif pending:
        phase = Phase.IN_PROGRESS
    elif planned and complete >= planned:
        phase = Phase.FINAL
    else:
        phase = Phase.ROUND_COMPLETE
    players = len(event.players)
    gate = playoff_gate(
        event,
        _not_final(phase, planned, complete, pending, event.system),
        regulation=regulation,
        tiebreaks=tiebreaks,
        playoff=playoff,
        ties_given=ties_given,
    )
    return EventState(
        phase,
        planned,
        players,
        paired,
        complete,
        pending,
        pending_players,
        numbering,
        describe_numbering(
            numbering,
            event.system,
            paired,
            ranking,
            us_chess=event.effective_rule_set is RuleSet.USCF,
        ),
        gate,
        _pairing_refusal(event, phase, planned, pending, numbering),
        None if standings_only else setup_warning(event),
        event.system,
    )


def setup_warning(event: Event) -> str | None:
    """Why the event as set up cannot complete all its rounds, or None (FIDE C.02, the
    checklist's question 62: warned about before the start).

    A Swiss of *n* players can be paired without two players meeting twice for at
    most *n* - 1 rounds (*n* when *n* is odd: the bye goes round; FIDE C.04.1 b); a
    round robin has the rounds of its Berger table (FIDE C.05 Annex 1).
    """
    active = [p for p in event.players if not p.disqualified and p.withdrawn_from_round is None]
    n = len(active)
    if n < 2:
        return None
    rounds = event.announced_rounds
    table = n if n % 2 else n - 1
    players = count(n, "player")
    if event.system.is_round_robin:
        cycles = 2 if event.system is System.DOUBLE_ROUND_ROBIN else 1
        schedule = table * cycles
        if rounds == schedule:
            return None
        return (
            f"A round robin of {players} has {count(schedule, 'round')} (FIDE C.05 Annex 1); the "
            f"event is set for {rounds}: "
            + (
                "not every game of the table can be played."
                if rounds < schedule
                else f"rounds after round {schedule} have nobody left to pair."
            )
        )
    if rounds <= table:
        return None
    return (
        f"A Swiss of {players} can be paired for at most {count(table, 'round')} without two players "
        f"meeting twice (FIDE C.04.1 b); the event is set for {rounds}. The last rounds "
        "can only be paired by hand."
    )


def _pairing_refusal(
    event: Event,
    phase: Phase,
    planned: int,
    pending: Sequence[tuple[int, int]],
    numbering: Numbering,
) -> str | None:
    """Why the next round cannot be paired now, or None.

    A round is paired once the previous one is complete (its results decide
    the score groups, FIDE C.04.1 article 5); round 1 needs its pairing numbers
    (:func:`~arbiter_app.core.pairing.numbers.round_one_refusal`).
    """
    system = event.system
    if phase is Phase.IN_PROGRESS:
        first = min(r for r, _ in pending)
        missing = _pending_in(pending, first)
        them = "it" if len(missing) == 1 else "them"
        return (
            f"In {system.game_name(first)}, {_boards_text(missing)}; enter {them} before "
            "pairing the next round."
        )
    if phase is Phase.FINAL:
        rounds = system.rounds_in(planned)
        return (
            f"All {_count(rounds, 'round is', 'rounds are')} paired and complete; "
            "add rounds in the event settings to pair another."
        )
    if phase is Phase.REGISTRATION:
        active = [p for p in event.players if not p.disqualified and p.withdrawn_from_round is None]
        if len(active) < 2:
            return (
                "Round 1 needs at least two players; "
                f"{_count(len(active), 'player is', 'players are')} registered."
            )
        return round_one_refusal(numbering, event.system)
    return None
