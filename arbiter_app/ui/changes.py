"""What an action of the window changed, and how the Undo menu names an action.

The session reports the rows each command wrote
(:class:`arbiter_app.session.changes.Changes`); the panels want to know
whether players, results, settings or the play-off changed, and which rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbiter_app.core.model import System
from arbiter_app.core.result import GameResult
from arbiter_app.core.warning_levels import Alert
from arbiter_app.session.changes import Changes as SessionChanges
from arbiter_app.session.changes import Outcome
from arbiter_app.session.commands import DrawChess960Position, SetPrizeCategories, SetPrizeFund
from arbiter_app.store.journal import JournalEntry


@dataclass(frozen=True, slots=True)
class Changes:
    """What an action changed; views refresh the parts that are set."""

    event: bool = False
    """A different event was opened (everything must be rebuilt)."""
    players: bool = False
    results: bool = False
    settings: bool = False
    playoff: bool = False
    rounds: frozenset[int] = frozenset()
    """The rounds whose results changed (empty when unknown or not applicable)."""
    notices: tuple[Alert, ...] = ()
    """Level-2 notices (FIDE C.02) the action gave, to be shown to the arbiter."""
    cancelled: bool = False
    """The arbiter cancelled a question the action asked: nothing was done."""
    entries: frozenset[tuple[int, int]] | None = None
    """The (pairing number, round) of every round entry written: a result typed writes two,
    and a view of that round refreshes those two players' lines only. None: unknown (a
    refresh of the whole round)."""
    boards: bool = False
    """A round's boards were written (paired, changed by hand, unpaired)."""

    @property
    def anything(self) -> bool:
        return self.event or self.players or self.results or self.settings or self.playoff

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            self.event or other.event,
            self.players or other.players,
            self.results or other.results,
            self.settings or other.settings,
            self.playoff or other.playoff,
            self.rounds | other.rounds,
            self.notices + other.notices,
            self.cancelled or other.cancelled,
            None if self.entries is None or other.entries is None else self.entries | other.entries,
            self.boards or other.boards,
        )

    @property
    def results_only(self) -> bool:
        """Only results changed, on boards as paired, and which entries is known: a view
        may refresh just the lines of :attr:`entries`."""
        return (
            self.results
            and self.entries is not None
            and not (self.event or self.players or self.settings or self.playoff or self.boards)
        )


EVERYTHING = Changes(event=True, players=True, results=True, settings=True, playoff=True)


def ui_changes(changes: SessionChanges, outcome: Outcome | None = None) -> Changes:
    """The window's report of what a session command (or its undo) wrote.

    With the command's *outcome*, its level-2 notices (FIDE C.02) go along to be shown.
    """
    return Changes(
        # Sections added, removed or renamed (or the one shown gone): every view is rebuilt.
        event=changes.section_list,
        # A requested bye, a check-in, an absence: the players panel shows them.
        players=changes.touches("players")
        or changes.touches("bye_requests")
        or "attendance" in changes.families(),
        # A round's manual pairing opening or closing changes what its panel offers; a game
        # adjourned shows on its board.
        results=changes.touches("entries")
        or changes.touches("boards")
        or not {"manual_pairing", "adjourned"}.isdisjoint(changes.families()),
        # The prize fund and a Chess960 round's starting position are announcements of the
        # event, like its settings.
        settings=changes.touches("settings")
        or changes.touches("adjustments")
        or changes.touches("forbidden_pairs")
        or not {"prizes", "chess960"}.isdisjoint(changes.families()),
        playoff="playoff" in changes.families(),
        rounds=changes.rounds,
        notices=outcome.notices if outcome is not None else (),
        entries=frozenset((key[0], key[1]) for key in changes.rows.get("entries", ())),
        boards=changes.touches("boards") or "manual_pairing" in changes.families(),
    )


SECTION_ACTIONS = {
    "section.add": "add section",
    "section.rename": "rename section",
    "section.remove": "remove section",
    "section.move_player": "move player to another section",
    "section.quads": "make quads",
}
"""How Undo names the actions on the event's sections."""


def describe(entry: JournalEntry, system: System = System.SWISS) -> str:
    """A journal entry as the Undo menu names it.

    ``playoff.draw`` reads "play-off draw"; a result names its board, round
    and result ("result of board 2, round 3: ½-½").
    """
    args = entry.arguments
    if entry.command in ("enter_result", "correct_result"):
        try:
            result = GameResult.parse(str(args.get("result", ""))).label
        except ValueError:
            result = str(args.get("result", ""))
        return f"result of board {args.get('board')}, {_game(system, args.get('round'))}: {result}"
    if entry.command in SECTION_ACTIONS:
        return SECTION_ACTIONS[entry.command]
    told = _told(entry.command, args, system)
    if told:
        return told
    family, _, name = entry.command.rpartition(".")
    family = {"playoff": "play-off", "prizes": "prize"}.get(family, family)
    return f"{family} {name}".strip().replace("_", " ").replace("fide", "FIDE")


def _game(system: System, column: object) -> str:
    """A journalled game column as the arbiter says it ("round 3"; "round 2, game 1")."""
    return system.game_name(column) if isinstance(column, int) else f"round {column}"


def _match(system: System, column: object) -> str:
    """The round a journalled game column belongs to ("round 2" for game 3 of a double Swiss)."""
    return f"round {system.rounds_in(column) if isinstance(column, int) else column}"


def _told(command: str, args: Mapping[str, Any], system: System) -> str:
    """What the Undo menu says of the everyday actions, from the journal entry's arguments
    ("pairing of round 3", "registration of Okafor, Daniel"); empty for the others."""
    name = str(args.get("name") or "")
    if command == "record_pairings":
        return f"pairing of {_match(system, args.get('round'))}"
    if command == "record_round_pairings":
        columns = args.get("columns")
        first = columns[0] if isinstance(columns, list) and columns else {}
        round_no = first.get("round") if isinstance(first, dict) else None
        return f"pairing of {_match(system, round_no)}" if round_no else "pairing of the round"
    if command == "change_pairing":
        # A swap moves players of other boards too: the label says so.
        what = "swap onto board" if args.get("swap") is True else "change of board"
        return f"{what} {args.get('board')}, {_game(system, args.get('round'))}"
    if command in ("add_player", "late_entry") and name:
        return f"{'late entry' if command == 'late_entry' else 'registration'} of {name}"
    if command == "remove_player":
        return f"removal of player {args.get('tpn')}"
    if command == "withdraw_player":
        return (
            f"withdrawal of player {args.get('tpn')} from {_match(system, args.get('from_round'))}"
        )
    if command == "requested_bye":
        return f"bye of player {args.get('tpn')} in {_match(system, args.get('round'))}"
    if command == DrawChess960Position.NAME:
        round_no = args.get("round")
        return f"Chess960 position of {f'round {round_no}' if round_no else 'every round'}"
    # "prize set fund" read as nonsense in the Undo menu (issue 26).
    return PRIZE_ACTIONS.get(command, "")


PRIZE_ACTIONS = {SetPrizeFund.NAME: "prize fund", SetPrizeCategories.NAME: "category prizes"}
"""How the Undo menu names the prize actions."""
