"""An event held in memory, with an undo history of whole events.

For an event that has no file yet (the window's empty start, or a build
without the tournament file): results and tie-break settings can be changed
and undone; pairings, the play-off and prizes are recorded by the session in
an event file, so here the play-off is only previewed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import (
    Colour,
    EntryKind,
    Event,
    Outcome,
    Player,
    RoundEntry,
    RuleSet,
    System,
)
from arbiter_app.core.pairing.byes import withdraw
from arbiter_app.core.playoff import PlayoffState
from arbiter_app.core.playoff import preset as playoff_preset
from arbiter_app.core.playoff.results import PrizeRow
from arbiter_app.core.presets import PRESETS
from arbiter_app.core.prizes import PrizeList
from arbiter_app.core.warning_levels import Confirmation, ConfirmationNeeded, answers
from arbiter_app.session.codec import (
    clean_player_fields,
    info_from_json,
    info_to_json,
    point_system_from_json,
    point_system_to_json,
)
from arbiter_app.session.event_commands import SETTINGS, check_setting, combination_refusal
from arbiter_app.session.player_commands import disqualify_alert
from arbiter_app.session.playoff_commands import qualifying_standings, ties_of
from arbiter_app.ui.document import BoardLine, Changes, Compute, GameResult, StandingsOptions


def entries_for_result(white: int, black: int, result: GameResult) -> tuple[RoundEntry, RoundEntry]:
    """The two round entries (White's, Black's) a typed result stands for."""
    if result is GameResult.WHITE_FORFEIT_WIN:
        return (
            RoundEntry(EntryKind.FORFEIT_WIN, black, Colour.WHITE),
            RoundEntry(EntryKind.FORFEIT_LOSS, white, Colour.BLACK),
        )
    if result is GameResult.DOUBLE_FORFEIT:
        return (
            RoundEntry(EntryKind.FORFEIT_LOSS, black, Colour.WHITE),
            RoundEntry(EntryKind.FORFEIT_LOSS, white, Colour.BLACK),
        )
    if result is GameResult.BLACK_FORFEIT_WIN:
        return (
            RoundEntry(EntryKind.FORFEIT_LOSS, black, Colour.WHITE),
            RoundEntry(EntryKind.FORFEIT_WIN, white, Colour.BLACK),
        )
    outcome = {
        GameResult.WHITE_WINS: Outcome.WIN,
        GameResult.BLACK_WINS: Outcome.LOSS,
        GameResult.DRAW: Outcome.DRAW,
    }[result]
    return (
        RoundEntry.game(black, Colour.WHITE, outcome),
        RoundEntry.game(white, Colour.BLACK, outcome.opposite),
    )


@dataclass(frozen=True, slots=True)
class _State:
    event: Event
    options: StandingsOptions


@dataclass(frozen=True, slots=True)
class _Step:
    label: str
    before: _State
    after: _State
    changes: Changes


class MemoryBackend:
    """An event held in memory with an undo history (no file yet)."""

    def __init__(self, event: Event, options: StandingsOptions | None = None) -> None:
        self._state = _State(event, options or StandingsOptions())
        self._done: list[_Step] = []
        self._undone: list[_Step] = []
        self._confirm: Confirmation = None

    @property
    def event(self) -> Event:
        return self._state.event

    @property
    def standings_options(self) -> StandingsOptions:
        return self._state.options

    def set_standings_options(self, options: StandingsOptions) -> Changes:
        if options == self._state.options:
            return Changes()
        reason = combination_refusal(
            system=self._state.event.system.value,
            tiebreaks=options.tiebreaks,
            acceleration=None,
            swap_last_two=False,
        )
        if reason:
            raise RuleError(reason)
        changes = Changes(settings=True)
        after = replace(self._state, options=options)
        label = f"Tie-breaks: {options.preset or ', '.join(options.tiebreaks) or 'none'}"
        self._apply(_Step(label, self._state, after, changes))
        return changes

    @property
    def path(self) -> Path | None:
        return None

    @property
    def modified(self) -> bool:
        """Anything done is in no file."""
        return bool(self._done)

    def set_result(self, round_no: int, white: int, black: int, result: GameResult) -> Changes:
        event = self._state.event
        if event.entry(white, round_no).opponent != black:
            raise RuleError(f"players {white} and {black} are not paired in round {round_no}")
        w_entry, b_entry = entries_for_result(white, black, result)
        entries = dict(event.entries)
        for tpn, new in ((white, w_entry), (black, b_entry)):
            row = list(entries.get(tpn, ()))
            row[round_no - 1] = replace(new, opponent_rating=row[round_no - 1].opponent_rating)
            entries[tpn] = tuple(row)
        after = replace(event, entries=entries)
        changes = Changes(results=True, rounds=frozenset({round_no}))
        label = f"Result {white}–{black} in round {round_no}: {result.label}"
        self._apply(_Step(label, self._state, replace(self._state, event=after), changes))
        return changes

    def playoff_state(self) -> PlayoffState | None:
        """A preview of the play-off the regulation asks for (the ties of the standings)."""
        options = self._state.options
        if not options.playoff_regulation:
            return None
        regulation = playoff_preset(options.playoff_regulation)
        standings = qualifying_standings(
            self._state.event, options.tiebreaks, regulation.qualify_after_tiebreaks
        )
        return PlayoffState(regulation, tuple(ties_of(standings)))

    def boards(self, round_no: int) -> tuple[BoardLine, ...] | None:
        return None

    def paired_rounds(self) -> int:
        return self._state.event.rounds_played

    def pair_next_round(
        self, initial_colour: Colour | None = None, compute_with: Compute | None = None
    ) -> Changes:
        raise RuleError("pairings are recorded in an event file: import the event into one first")

    def prize_list(self) -> tuple[list[PrizeRow], PrizeList] | None:
        return None

    def prize_currency(self) -> str | None:
        return None

    def set_prize_fund(self, amounts: Sequence[str], currency: str) -> Changes:
        raise RuleError("the prize fund is kept in an event file: import the event into one first")

    def prize_categories(self) -> tuple[tuple[str, ...], str]:
        return (), "best-prize"

    def set_prize_categories(self, categories: Sequence[str], rule: str) -> Changes:
        raise RuleError("category prizes are kept in an event file: save the event first")

    def playoff_command(self, name: str, args: Mapping[str, object]) -> Changes:
        # The play-off is recorded by the session, draw by draw, in the journal.
        raise RuleError(
            "the play-off is recorded in an event file: import the event into one first"
        )

    def add_player(self, fields: Mapping[str, object]) -> Changes:
        event = self._state.event
        if event.rounds_played:
            raise RuleError("rounds are paired already; a late entry needs a tournament file")
        try:
            clean_player_fields(fields)  # the one check of a player's fields (core.limits)
        except ValueError as exc:
            raise RuleError(str(exc)) from exc
        name = str(fields.get("name") or "").strip()
        if not name:
            raise RuleError("a player needs a name")
        rating = fields.get("rating")
        tpn = max((p.tpn for p in event.players), default=0) + 1
        player = Player(
            tpn,
            name,
            rating if isinstance(rating, int) and rating > 0 else None,
            str(fields.get("title") or ""),
            str(fields.get("federation") or ""),
            str(fields.get("fide_id") or ""),
        )
        after = replace(self._state, event=event.with_players((*event.players, player)))
        changes = Changes(players=True)
        self._apply(_Step(f"Add player {name}", self._state, after, changes))
        return changes

    def _apply(self, step: _Step) -> None:
        self._done.append(step)
        self._undone.clear()
        self._state = step.after

    def undo(self) -> Changes:
        if not self._done:
            return Changes()
        step = self._done.pop()
        self._undone.append(step)
        self._state = step.before
        return step.changes

    def redo(self) -> Changes:
        if not self._undone:
            return Changes()
        step = self._undone.pop()
        self._done.append(step)
        self._state = step.after
        return step.changes

    def close(self) -> None:
        """Nothing to release: the event lives in memory."""

    def undo_label(self) -> str | None:
        return self._done[-1].label if self._done else None

    def redo_label(self) -> str | None:
        return self._undone[-1].label if self._undone else None

    # -- players --
    def _change_player(self, label: str, player: Player, changes: Changes) -> Changes:
        event = self._state.event
        players = [player if p.tpn == player.tpn else p for p in event.players]
        after = replace(self._state, event=event.with_players(players))
        self._apply(_Step(label, self._state, after, changes))
        return changes

    def edit_player(self, tpn: int, fields: Mapping[str, object]) -> Changes:
        player = self._state.event.player(tpn)
        try:
            cleaned = clean_player_fields(fields)
        except ValueError as exc:
            raise RuleError(str(exc)) from exc
        if not cleaned:
            return Changes()
        edited = replace(player, **cleaned)
        return self._change_player(f"Edit player {edited.name}", edited, Changes(players=True))

    def late_entry(self, fields: Mapping[str, object], missed: str) -> Changes:
        raise RuleError("rounds are paired already; a late entry needs a tournament file")

    def withdraw_player(self, tpn: int, from_round: int) -> Changes:
        player = self._state.event.player(tpn)
        if player.withdrawn_from_round is not None:
            raise RuleError(
                f"player {tpn} withdrew already (from round {player.withdrawn_from_round})"
            )
        withdrawn = withdraw(self._state.event, tpn, from_round).player(tpn)
        label = f"Withdraw {player.name} from round {from_round}"
        return self._change_player(label, withdrawn, Changes(players=True))

    def disqualify_player(self, tpn: int) -> Changes:
        player = self._state.event.player(tpn)
        if player.disqualified:
            raise RuleError(f"player {tpn} is disqualified already")
        # The session's level-3 question, asked the same way without a file.
        alert = disqualify_alert(tpn, player.name)
        if not answers(self._confirm, alert):
            raise ConfirmationNeeded([alert])
        changed = replace(player, disqualified=True)
        return self._change_player(f"Disqualify {player.name}", changed, Changes(players=True))

    def reinstate_player(self, tpn: int) -> Changes:
        event = self._state.event
        player = event.player(tpn)
        if not player.disqualified and player.withdrawn_from_round is None:
            raise RuleError(f"player {tpn} is neither withdrawn nor disqualified")
        # As the session does: rounds marked "withdrawn" become rounds not paired.
        row = tuple(
            RoundEntry(EntryKind.NOT_PAIRED) if e.kind is EntryKind.WITHDRAWN else e
            for e in event.entries.get(tpn, ())
        )
        restored = replace(player, disqualified=False, withdrawn_from_round=None)
        players = [restored if p.tpn == tpn else p for p in event.players]
        after = event.with_players(players).with_entries({**event.entries, tpn: row})
        changes = Changes(players=True, results=True)
        self._apply(
            _Step(
                f"Reinstate {player.name}", self._state, replace(self._state, event=after), changes
            )
        )
        return changes

    def set_pairing_numbers(self, by: str, order: Sequence[int] = ()) -> Changes:
        # A drawing of lots is a journalled draw with its seed: only an event file keeps one.
        raise RuleError(
            "pairing numbers are given in an event file: import the event into one first"
        )

    def requested_bye(self, tpn: int, round_no: int, kind: str) -> Changes:
        raise RuleError(
            "requested byes are recorded in an event file: import the event into one first"
        )

    def import_players(self, players: Sequence[Mapping[str, object]], source: str) -> Changes:
        raise RuleError(
            "a player list is imported into an event file: start the event with File ▸ New first"
        )

    # -- pairings and play-off --
    def change_pairing(self, round_no: int, board: int, white: int, black: int) -> Changes:
        # The session checks a hand-made board against the pairing rules and journals it.
        raise RuleError(
            "changing a pairing by hand needs an event file: import the event into one first"
        )

    @contextmanager
    def confirming(self, answer: Confirmation) -> Iterator[None]:
        """Run the actions inside with *answer* to the questions they ask."""
        before, self._confirm = self._confirm, answer
        try:
            yield
        finally:
            self._confirm = before

    # -- event settings --
    def event_settings(self) -> dict[str, object]:
        """The event's settings in the session's vocabulary; the bye policy is FIDE's."""
        event, options = self._state.event, self._state.options
        rule_set = options.rule_set or event.rule_set
        return {
            "system": event.system.value,
            "rounds": event.planned_rounds,
            "point_system": point_system_to_json(event.point_system),
            "round_point_systems": [point_system_to_json(p) for p in event.round_point_systems],
            "tiebreaks": list(options.tiebreaks),
            "rule_set": rule_set.value if rule_set else None,
            "bye_policy": "fide",
            "preset": options.preset or None,
            "playoff": options.playoff_regulation or None,
            "info": info_to_json(event.info),
            "acceleration": None,
            "swap_last_two": False,
        }

    def edit_settings(self, values: Mapping[str, object]) -> Changes:
        """Apply *values* to the event in memory, checked as the session checks them.

        The bye policy is only kept in an event file (it matters for pairing, which
        is recorded there too): another policy than FIDE's is refused.
        """
        if not values:
            return Changes()
        event, options = self._state.event, self._state.options
        current = self.event_settings()
        checked: dict[str, Any] = {}
        for key, value in values.items():
            if key not in SETTINGS:
                raise RuleError(f"unknown setting {key!r}")
            checked[key] = check_setting(
                key,
                value,
                paired=event.rounds_played,
                system=event.system.value,
                info=dict(cast(Mapping[str, Any], current["info"])),
            )
        if checked.get("bye_policy", "fide") != "fide":
            raise RuleError("a bye policy other than FIDE's needs an event file: save the event")
        if checked.get("acceleration") or checked.get("swap_last_two"):
            raise RuleError(
                "an acceleration or a changed round order is for pairing, which needs an "
                "event file: save the event"
            )
        reason = combination_refusal(
            system=str(checked.get("system", event.system.value)),
            tiebreaks=list(checked.get("tiebreaks", options.tiebreaks)),
            acceleration=None,
            swap_last_two=False,
        )
        if reason:
            raise RuleError(reason)
        preset_name = checked.get("preset")
        if preset_name:
            # As the session does: the preset's list, rule set and play-off unless given.
            found = PRESETS[preset_name]
            checked.setdefault("tiebreaks", list(found.tiebreaks))
            checked.setdefault("rule_set", found.rule_set.value if found.rule_set else None)
            checked.setdefault("playoff", found.playoff.regulation if found.playoff else None)
        after = replace(
            event,
            info=info_from_json(checked.get("info", current["info"])),
            system=System(checked.get("system", event.system.value)),
            planned_rounds=int(checked.get("rounds", event.planned_rounds)),
            point_system=point_system_from_json(
                checked.get("point_system", current["point_system"])
            ),
            round_point_systems=tuple(
                point_system_from_json(p)
                for p in checked.get("round_point_systems", current["round_point_systems"])
            ),
        )
        rule_set = options.rule_set or event.rule_set
        if "rule_set" in checked:
            rule_set = RuleSet(checked["rule_set"]) if checked["rule_set"] else None
        after = replace(after, rule_set=rule_set)
        regulation = str(checked.get("playoff", options.playoff_regulation) or "")
        places, playoff_after = options.playoff_places, options.playoff_after
        if "playoff" in checked or "preset" in checked:
            core = PRESETS.get(str(checked.get("preset", options.preset) or ""))
            places, playoff_after = (), 0
            if core is not None and core.playoff is not None:
                places, playoff_after = core.playoff.places, core.playoff.after_tiebreaks
            if regulation:
                places = places or playoff_preset(regulation).places
        new_options = StandingsOptions(
            tuple(checked.get("tiebreaks", options.tiebreaks)),
            str(checked.get("preset", options.preset) or ""),
            rule_set,
            places,
            playoff_after,
            regulation,
        )
        changes = Changes(settings=True)
        step = _Step("Event settings", self._state, _State(after, new_options), changes)
        self._apply(step)
        return changes
