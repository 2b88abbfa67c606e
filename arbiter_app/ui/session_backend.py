"""The document's backend when a ``.arbiter`` file is open: every action is a session command.

The session (:mod:`arbiter_app.session`) writes each command in one
transaction with its journal entry, so there is nothing to save and undo is
the session's. Its change report is translated into the window's
:class:`~arbiter_app.ui.document.Changes`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.event_state import EventState
from arbiter_app.core.model import Colour, Event, System
from arbiter_app.core.playoff import PlayoffState
from arbiter_app.core.playoff import preset as playoff_preset
from arbiter_app.core.playoff.results import PrizeRow
from arbiter_app.core.presets import PRESETS
from arbiter_app.core.prizes import PrizeList
from arbiter_app.core.trf import TrfDocument
from arbiter_app.core.warning_levels import Confirmation
from arbiter_app.session import Session
from arbiter_app.session.changes import Changes as SessionChanges
from arbiter_app.session.changes import Outcome
from arbiter_app.session.codec import event_to_json
from arbiter_app.session.event_commands import SETTINGS
from arbiter_app.session.importing import create_imported
from arbiter_app.session.pairing import pair_next_round, paired_columns
from arbiter_app.session.playoff_commands import preview, stored_fund, stored_playoff
from arbiter_app.session.prize_commands import stored_categories
from arbiter_app.session.prize_queries import prize_list
from arbiter_app.session.trf_source import import_arguments
from arbiter_app.ui.document import BoardLine, Changes, Compute, GameResult, StandingsOptions

RESULT_TEXT = {
    GameResult.WHITE_WINS: "1-0",
    GameResult.BLACK_WINS: "0-1",
    GameResult.DRAW: "1/2-1/2",
    GameResult.WHITE_FORFEIT_WIN: "+-",
    GameResult.BLACK_FORFEIT_WIN: "-+",
    GameResult.DOUBLE_FORFEIT: "--",
}


def ui_changes(changes: SessionChanges, outcome: Outcome | None = None) -> Changes:
    """The window's report of what a session command (or its undo) wrote.

    With the command's *outcome*, its level-2 notices (FIDE C.02) go along to be shown.
    """
    return Changes(
        # A requested bye is the player's business: the players panel shows it.
        players=changes.touches("players") or changes.touches("bye_requests"),
        results=changes.touches("entries") or changes.touches("boards"),
        # The prize fund is an announcement of the event, like its settings.
        settings=changes.touches("settings")
        or changes.touches("adjustments")
        or "prizes" in changes.families(),
        playoff="playoff" in changes.families(),
        rounds=changes.rounds,
        notices=outcome.notices if outcome is not None else (),
    )


def describe(command: str) -> str:
    """A journal command as the Undo menu shows it: ``playoff.draw`` → "play-off draw"."""
    family, _, name = command.rpartition(".")
    family = {"playoff": "play-off", "prizes": "prize"}.get(family, family)
    return f"{family} {name}".strip().replace("_", " ")


class SessionBackend:
    """A :class:`~arbiter_app.ui.document.Backend` over an open :class:`Session`."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._playoff: tuple[Event, PlayoffState | None] | None = None
        self._confirm: Confirmation = None

    @contextmanager
    def confirming(self, answer: Confirmation) -> Iterator[None]:
        """Run the commands inside with *answer* to their warnings (the arbiter's, from the
        window's dialogs); the journal keeps it with the command it answered."""
        before, self._confirm = self._confirm, answer
        try:
            yield
        finally:
            self._confirm = before

    def _run(self, name: str, /, **args: Any) -> Changes:
        """Run a session command, with the arbiter's answer to its warnings when one is given."""
        if self._confirm is not None:
            args["confirm"] = self._confirm
        outcome = self.session.run(name, **args)
        return ui_changes(outcome.changes, outcome)

    @classmethod
    def open(cls, path: Path) -> SessionBackend:
        return cls(Session.open(path))

    @classmethod
    def create_from(
        cls,
        path: Path,
        event: Event,
        source: str,
        *,
        document: TrfDocument | None = None,
        **settings: object,
    ) -> SessionBackend:
        """A new file at *path* holding *event* (an import), with optional *settings*: made
        aside and moved into place whole (:func:`~arbiter_app.session.importing.create_imported`).

        *document* is the TRF file the event was read from: the new file keeps
        the rest of it (see :mod:`arbiter_app.session.trf_source`).
        """
        args: dict[str, object] = (
            dict(import_arguments(document))
            if document is not None
            else {"event": event_to_json(event)}
        )
        if settings:
            args["settings"] = dict(settings)  # announced with the import: nothing to ask
        return cls(create_imported(path, event, source=source, arguments=args))

    def close(self) -> None:
        self.session.close()

    @property
    def file_warnings(self) -> tuple[str, ...]:
        return self.session.file_warnings

    # -- reading ----------------------------------------------------------------------------
    @property
    def event(self) -> Event:
        return self.session.event

    @property
    def path(self) -> Path | None:
        return self.session.path

    @property
    def modified(self) -> bool:
        return False  # every command is in the file when it returns

    @property
    def standings_options(self) -> StandingsOptions:
        settings = self.session.settings
        places: tuple[int, ...] = ()
        after = 0
        core_preset = PRESETS.get(settings.preset or "")
        if core_preset is not None and core_preset.playoff is not None:
            places = core_preset.playoff.places
            after = core_preset.playoff.after_tiebreaks
        if settings.playoff:
            places = places or playoff_preset(settings.playoff).places
        return StandingsOptions(
            settings.tiebreaks,
            settings.preset or "",
            self.session.event.rule_set,
            places,
            after,
            settings.playoff or "",
        )

    # -- changing ------------------------------------------------------------------------------
    def set_standings_options(self, options: StandingsOptions) -> Changes:
        if options == self.standings_options:
            return Changes()
        args: dict[str, object] = {
            "tiebreaks": list(options.tiebreaks),
            "rule_set": options.rule_set.value if options.rule_set else None,
            "playoff": options.playoff_regulation or None,
        }
        if options.preset:
            args["preset"] = options.preset
        return self._run("edit_settings", **args)

    def set_result(self, round_no: int, white: int, black: int, result: GameResult) -> Changes:
        for number, board_white, board_black in self.session.pairs(round_no):
            if board_white == white and board_black == black:
                # A game without its result has no entry yet (it reads as not paired).
                entered = self.session.event.entry(white, round_no).opponent == black
                command = "correct_result" if entered else "enter_result"
                return self._run(command, round=round_no, board=number, result=RESULT_TEXT[result])
        raise RuleError(f"players {white} and {black} are not paired in round {round_no}")

    def add_player(self, fields: Mapping[str, object]) -> Changes:
        return self._run("add_player", **dict(fields))

    @classmethod
    def create(cls, path: Path, name: str, system: System, rounds: int) -> SessionBackend:
        return cls(Session.create(path, name=name, system=system.value, rounds=rounds))

    def undo(self) -> Changes:
        return ui_changes(self.session.undo()) if self.session.can_undo else Changes()

    def redo(self) -> Changes:
        return ui_changes(self.session.redo()) if self.session.can_redo else Changes()

    def undo_label(self) -> str | None:
        entry = self.session.next_undo
        return describe(entry.command) if entry is not None else None

    def redo_label(self) -> str | None:
        entry = self.session.next_redo
        return describe(entry.command) if entry is not None else None

    # -- pairings ---------------------------------------------------------------------------
    def boards(self, round_no: int) -> tuple[BoardLine, ...] | None:
        return tuple(BoardLine(*pair) for pair in self.session.pairs(round_no))

    def paired_rounds(self) -> int:
        return paired_columns(self.session)

    def pair_next_round(
        self, initial_colour: Colour | None = None, compute_with: Compute | None = None
    ) -> Changes:
        """Pair the next round with the core engine and record it (as ``arbiter-app pair``)."""
        _, recorded = pair_next_round(
            self.session, initial_colour=initial_colour, compute_with=compute_with
        )
        changes = Changes()
        for one in recorded:
            changes = changes | ui_changes(one)
        return changes

    # -- prizes ----------------------------------------------------------------------------
    def prize_list(self) -> tuple[list[PrizeRow], PrizeList] | None:
        rows = self.session.state
        if stored_fund(rows)[0] is None:
            return None
        return prize_list(rows, self.session.event, self.session.settings.playoff)

    def prize_currency(self) -> str | None:
        fund = stored_fund(self.session.state)[0]
        return None if fund is None else fund.currency

    def set_prize_fund(self, amounts: Sequence[str], currency: str) -> Changes:
        return self._run("prizes.set_fund", prizes=list(amounts), currency=currency)

    def prize_categories(self) -> tuple[tuple[str, ...], str]:
        categories, rule = stored_categories(self.session.state)
        return tuple(c.text() for c in categories), rule.value

    def set_prize_categories(self, categories: Sequence[str], rule: str) -> Changes:
        return self._run("prizes.set_categories", categories=list(categories), rule=rule)

    # -- the play-off ---------------------------------------------------------------------
    def playoff_state(self) -> PlayoffState | None:
        """The play-off recorded in the file, else the preview of the event's regulation."""
        event = self.session.event
        # The session builds a new event after every change: it keys the cache.
        if self._playoff is None or self._playoff[0] is not event:
            rows = self.session.state
            self._playoff = (event, stored_playoff(rows) or preview(rows, event))
        return self._playoff[1]

    def event_state(self) -> EventState:
        """The session's read model of where the event stands."""
        return self.session.event_state

    def playoff_command(self, name: str, args: Mapping[str, object]) -> Changes:
        return self._run(f"playoff.{name}", **dict(args))

    # -- players --
    def edit_player(self, tpn: int, fields: Mapping[str, object]) -> Changes:
        return self._run("edit_player", tpn=tpn, **dict(fields))

    def late_entry(self, fields: Mapping[str, object], missed: str) -> Changes:
        return self._run("late_entry", missed=missed, **dict(fields))

    def withdraw_player(self, tpn: int, from_round: int) -> Changes:
        return self._run("withdraw_player", tpn=tpn, from_round=from_round)

    def disqualify_player(self, tpn: int) -> Changes:
        return self._run("disqualify_player", tpn=tpn)

    def reinstate_player(self, tpn: int) -> Changes:
        return self._run("reinstate_player", tpn=tpn)

    def set_pairing_numbers(
        self, by: str, order: Sequence[int] = (), witnesses: Sequence[str] = ()
    ) -> Changes:
        args: dict[str, object] = {"by": by}
        if by in ("order", "draw"):
            args["order"] = list(order)
        if witnesses:
            args["witnesses"] = list(witnesses)
        # By lot the session draws the seed and keeps it in the journal entry.
        return self._run("set_pairing_numbers", **args)

    def requested_bye(self, tpn: int, round_no: int, kind: str) -> Changes:
        return self._run("requested_bye", tpn=tpn, round=round_no, kind=kind)

    def import_players(self, players: Sequence[Mapping[str, object]], source: str) -> Changes:
        # As ``arbiter-app player import``: one journalled command for the whole list.
        listed = [dict(p) for p in players]
        return self._run("import_players", players=listed, source=source)

    # -- pairings and play-off --
    def change_pairing(self, round_no: int, board: int, white: int, black: int) -> Changes:
        """The session's ``change_pairing``: a change that breaks pairing rules asks first
        (a level-3 question the window's dialogs put to the arbiter)."""
        return self._run("change_pairing", round=round_no, board=board, white=white, black=black)

    # -- event settings --
    def event_settings(self) -> dict[str, object]:
        """The stored settings, as ``edit_settings`` takes them (None where none is stored)."""
        state = self.session.state
        return {key: state.setting(key) for key in SETTINGS}

    def edit_settings(self, values: Mapping[str, object]) -> Changes:
        if not values:
            return Changes()
        return self._run("edit_settings", **dict(values))
