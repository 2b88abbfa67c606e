"""The event's state as the rows hold it: boards with or without results, numbering, play-off.

The state itself is the core's read model (:mod:`arbiter_app.core.event_state`);
this module only reads its inputs from the state tables, for the session, its
commands and every command-line and window view.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from datetime import datetime
from typing import Any

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.event_state import EventState, RoundBoard, event_state
from arbiter_app.core.model import EntryKind, Event
from arbiter_app.core.pairing.numbers import Numbering
from arbiter_app.core.pairing.ranking import RankingRule
from arbiter_app.core.playoff import (
    Meeting,
    PlayoffState,
    Regulation,
    Tie,
    action_from_json,
    preset,
)
from arbiter_app.session.state import State, Tx
from arbiter_app.store.file import Key, Row
from arbiter_app.store.schema import STATE_TABLES

NUMBERING = "pairing_numbers"
"""The setting that records how the pairing numbers were given (:class:`Numbering`)."""

RANKING = "initial_ranking"
"""The setting that holds the initial ranking's rule (:class:`RankingRule`): the
tournament rating method and the order of equal players (FIDE C.04.2 article 2.2)."""

PLAYOFF = "playoff"
"""The ``records`` family of the play-off (its setup and its actions)."""

TOUR = "tour"
"""The ``records`` family of a tour file (:mod:`arbiter_app.session.tour_file`): final
standings with no rounds of their own."""


def numbering_of(state: State | Tx) -> Numbering:
    """How the pairing numbers were given; a file that does not say is ``UNRECORDED``."""
    value = state.setting(NUMBERING)
    if value is None:
        return Numbering.UNRECORDED
    try:
        return Numbering(value)
    except ValueError:
        return Numbering.UNRECORDED


_WITH_OPPONENT = frozenset(k.value for k in EntryKind if k.has_opponent)
"""Entry kinds written with a game's result (a game or a forfeit)."""


def round_boards(
    boards: Mapping[Key, Row],
    entries: Mapping[Key, Row],
    only: Collection[int] | None = None,
) -> dict[int, tuple[RoundBoard, ...]]:
    """Every round's boards (or those of the rounds *only*), each with whether its result is in.

    A game's entries are written when its result is entered, so a board whose
    White has a game or forfeit entry in that round has its result.
    """
    out: dict[int, list[RoundBoard]] = {}
    for (round_no, number), row in boards.items():
        if only is not None and round_no not in only:
            continue
        white = row["white"]
        entry = entries.get((white, round_no))
        done = entry is not None and entry["kind"] in _WITH_OPPONENT
        out.setdefault(round_no, []).append(RoundBoard(number, white, row["black"], done))
    return {r: tuple(sorted(listed, key=lambda b: b.number)) for r, listed in out.items()}


def _setup(state: State) -> dict[str, Any] | None:
    row = state.tables["records"].get((PLAYOFF, "setup"))
    return None if row is None else dict(json.loads(row["value"]))


def state_from_records(setup: Mapping[str, Any] | None, actions: Any) -> PlayoffState | None:
    """The play-off as stored (``None`` when none was started)."""
    if setup is None:
        return None
    end = setup.get("last_game_end")
    return PlayoffState(
        Regulation.from_json(setup["regulation"]),
        tuple(Tie(int(place), tuple(int(t) for t in players)) for place, players in setup["ties"]),
        tuple(action_from_json(a) for a in actions or ()),
        tuple(
            Meeting(
                int(m["white"]),
                int(m["black"]),
                str(m["result"]),
                int(m.get("round", 0)),
                str(m.get("day", "")),
            )
            for m in setup.get("meetings", ())
        ),
        None if end is None else datetime.fromisoformat(end),
        str(setup.get("final_day", "")),
    )


def stored_playoff(state: State) -> PlayoffState | None:
    """The play-off of an open session's rows (for queries, the command line and the window)."""
    actions = state.tables["records"].get((PLAYOFF, "actions"))
    return state_from_records(
        _setup(state), [] if actions is None else json.loads(actions["value"])
    )


def regulation_named(state: State) -> Regulation | None:
    """The play-off regulation the event's settings name (None when they name none)."""
    name = state.setting("playoff")
    if not name:
        return None
    try:
        return preset(str(name))
    except ArbiterError:
        return None


def event_state_of(
    state: State,
    event: Event,
    playoff: PlayoffState | None,
    regulation: Regulation | None = None,
    boards: Mapping[int, tuple[RoundBoard, ...]] | None = None,
) -> EventState:
    """The core's :class:`EventState` of the rows in *state* (*event* and *playoff*: theirs).

    *regulation* overrides the play-off regulation the settings name (a
    command that names one); *boards* are the rows' :func:`round_boards` when
    known already.
    """
    setup = _setup(state)
    tables = state.tables
    if boards is None:
        boards = round_boards(tables["boards"], tables["entries"])
    return event_state(
        event,
        boards,
        numbering=numbering_of(state),
        ranking=RankingRule.from_json(state.setting(RANKING)).text,
        tiebreaks=tuple(state.setting("tiebreaks", [])),
        regulation=regulation or regulation_named(state),
        playoff=playoff,
        ties_given=bool(setup and setup.get("given")),
        standings_only=(TOUR, "tour") in tables["records"],
    )


def state_of_tx(tx: Tx) -> State:
    """The rows as a command sees them (its own writes included), as a :class:`State`."""
    return State({spec.name: tx.rows(spec.name) for spec in STATE_TABLES})
