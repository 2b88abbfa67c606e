"""The open event's play-off and standings, shaped for the play-off panel.

The play-off comes from the backend (the session's record of it, see
:mod:`arbiter_app.session.playoff_commands`); the engine
(:mod:`arbiter_app.core.playoff`) answers what to do next; once it has
placed players, their order goes back into the standings
(``playoff_order``). This module only moves data between those pieces and
shapes it for the card and the bracket.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial

from arbiter_app.core.playoff import (
    GameRecord,
    GameSpec,
    PlayoffState,
    Regulation,
    Start,
    Step,
    next_step,
)
from arbiter_app.core.playoff.apply import earliest_start
from arbiter_app.core.playoff.gate import PlayoffGate, PlayoffStatus
from arbiter_app.core.playoff.progress import points as result_points
from arbiter_app.core.playoff.regulation import StartRule
from arbiter_app.core.playoff.results import decided_order
from arbiter_app.core.points import format_points
from arbiter_app.core.words import count
from arbiter_app.exports.bracket import PENDING, pending_games, round_robin_scores
from arbiter_app.exports.playoff import drawn_line, who
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.playoff_view import (
    BracketBox,
    BracketEntry,
    BracketStage,
    PlayoffStep,
    PlayoffView,
    StepAction,
)
from arbiter_app.ui.rows import StandingsTable, standings_table


@dataclass(frozen=True)
class EventPlayoff:
    """The standings as shown and the play-off (recorded, or previewed) when there is one."""

    standings: StandingsTable
    state: PlayoffState | None


def event_playoff(document: EventDocument, *, provisional: bool = False) -> EventPlayoff:
    """Standings and play-off of the open event.

    The backend gives the play-off (the session's record, or a preview from
    the regulation); once it has placed players, their order goes into the
    standings (:func:`decided_order`) while it matches them (the event's state
    says). The standings are after the last complete round, or with
    *provisional* the round in progress.
    """
    state = document.playoff_state()
    return EventPlayoff(standings_work(document, state, provisional=provisional)(), state)


def standings_work(
    document: EventDocument, state: PlayoffState | None, *, provisional: bool = False
) -> Callable[[], StandingsTable]:
    """The computation of the standings shown, every input read now, in the window's
    thread (the event, the options, its state, the play-off's order): what is left is
    pure, and may run in a worker thread (an event of 10,000 players just opened)."""
    order = decided_order(state) if state is not None else ()
    return partial(
        standings_table,
        document.tournament,
        document.standings_options,
        playoff_order=order,
        state=document.event_state(),
        provisional=provisional,
    )


def shown_standings(document: EventDocument, *, provisional: bool = False) -> StandingsTable:
    """The standings every view shows: after the last complete round (or provisional on
    request), the play-off's decided places included while it matches them."""
    return event_playoff(document, provisional=provisional).standings


# -- the card -------------------------------------------------------------------------------

TITLES = {
    "start": "Start the play-off",
    "resolve-ambiguity": "Rule on the tie",
    "draw-lots": "Draw lots",
    "toss": "Toss a coin",
    "choose": "Record the colour chosen",
    "print": "Print the pairings and score sheets",
    "play": "Play and record the games",
    "decide": "The chief arbiter decides",
    "done": "The play-off is over",
}

GATE_TITLES = {
    PlayoffStatus.NOT_DUE: "The play-off cannot start yet",
    PlayoffStatus.NO_TIE: "No play-off is needed",
    PlayoffStatus.STALE: "The play-off no longer matches the standings",
}
"""The card's title when the core's gate, not the engine, has the answer."""

BUTTONS: dict[str, tuple[StepAction, ...]] = {
    "start": (
        StepAction(
            "start",
            "Start the play-off…",
            "Give when the last game of the final round ended and when the play-off starts",
        ),
    ),
    "resolve-ambiguity": (
        StepAction("rule-break", "Break the tie…", "Rule that this tie is broken, with a reason"),
        StepAction("rule-keep", "Leave it tied…", "Rule that this tie stays, with a reason"),
    ),
    "draw-lots": (
        StepAction(
            "draw-seeded",
            "Draw by computer…",
            "A recorded draw from a fresh stored seed, with its witnesses",
        ),
        StepAction(
            "draw-physical",
            "Enter a physical draw…",
            "Type the order drawn at the venue and its witnesses",
        ),
    ),
    "toss": (
        StepAction(
            "toss-seeded",
            "Toss by computer…",
            "A recorded toss from a fresh stored seed, with its witnesses",
        ),
        StepAction(
            "toss-physical",
            "Enter the toss…",
            "Type who won the coin tossed at the board, and its witnesses",
        ),
    ),
    "choose": (
        StepAction("choose-white", "White", "The winner of the toss chose White"),
        StepAction("choose-black", "Black", "The winner of the toss chose Black"),
    ),
    "print": (
        StepAction("print", "Print…", "Print the pairings and score sheets"),
        StepAction("printed", "Already printed", "The sheets are printed; go on"),
    ),
    "play": (StepAction("results", "Enter results…", "Type the results of these games"),),
    "decide": (StepAction("decide", "Record the decision…", "The order and the reason"),),
    "done": (),
    "restart": (
        StepAction(
            "restart",
            "Restart the play-off…",
            "Set this play-off aside (it stays in the journal and on the lot protocol) and "
            "start one for the tie as it stands now",
        ),
    ),
}


def _player(
    tpn: int,
    game: GameSpec,
    names: Mapping[int, str],
    drawn: Mapping[str, Mapping[int, int]] | None,
) -> str:
    numbers = (drawn or {}).get(game.stage_title, {})
    name = names.get(tpn, str(tpn))
    return f"{numbers[tpn]}. {name}" if tpn in numbers else name


def _names_line(players: Sequence[int], names: Mapping[int, str]) -> str:
    """The players with their main-event numbers, as the sheets write them ("Name (12)"):
    "1. Name" is kept for a number drawn for the play-off (FIDE C.07 article 3.1.4)."""
    return ", ".join(who(tpn, names) for tpn in players)


def schedule_rule(regulation: Regulation) -> str:
    """When the regulation lets the play-off start, with its article (C.07 3.1.7; GCT 2023 regulations
    2.2 / 3.2: not less than fifteen minutes after the end of the last game; 4.4: the next day)."""
    schedule = regulation.schedule
    if schedule.start is StartRule.NEXT_DAY:
        when = "on the day after the final round"
    elif schedule.gap_minutes:
        when = (
            f"not less than {count(schedule.gap_minutes, 'minute')} after the last game of the final"
            " round ended, on the same day"
        )
    else:
        when = "after the last game of the final round ended, on the same day"
    return f"Article {schedule.cited}: the play-off starts {when}."


def schedule_line(state: PlayoffState) -> str:
    """The card's line on the start: the rule before it, the times once it is recorded."""
    reg = state.regulation
    start = next((a for a in state.actions if isinstance(a, Start)), None)
    if start is None:
        return schedule_rule(reg) + " Starting the play-off asks for the time it ended."
    parts: list[str] = []
    end = state.last_game_end
    if end is not None:
        parts.append(f"Last game of the final round ended {end:%Y-%m-%d %H:%M}")
    first = earliest_start(reg, end)
    if first is not None:
        shown = (
            f"{first:%Y-%m-%d}" if reg.schedule.start is StartRule.NEXT_DAY else f"{first:%H:%M}"
        )
        parts.append(f"earliest start {shown} (article {reg.schedule.cited})")
    if start.at is not None:
        parts.append(f"started {start.at:%Y-%m-%d %H:%M}")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "." if text else ""


def card(
    step: Step,
    regulation_title: str,
    names: Mapping[int, str],
    schedule: str = "",
    drawn: Mapping[str, Mapping[int, int]] | None = None,
) -> PlayoffStep:
    """The "what to do now" card; *drawn* are the play-off's drawn pairing numbers by
    stage (:meth:`PlayoffState.drawn_numbers`): a round robin's games name their players
    by them (``1. Name``, FIDE C.07 article 3.1.4)."""
    text = step.text
    if step.players:
        label = "Toss winner" if step.code == "choose" else "Players"
        text += f"\n{label}: {_names_line(step.players, names)}"
    if step.games:
        stages = dict.fromkeys(g.stage_title for g in step.games)
        for stage in stages:
            numbers = (drawn or {}).get(stage)
            if numbers:
                text += f"\nPairing numbers drawn ({stage}): {drawn_line(numbers, names)}"
        text += "\nGames: " + "; ".join(
            f"{g.id} {_player(g.white, g, names, drawn)} – {_player(g.black, g, names, drawn)}"
            for g in step.games
        )
    for assumption in step.assumptions:
        text += f"\nAssumed: {assumption}."
    return PlayoffStep(
        TITLES.get(step.code, step.code),
        f"{regulation_title}, article {step.article}",
        text,
        BUTTONS.get(step.code, ()),
        schedule,
    )


# -- the bracket ------------------------------------------------------------------------------

FINAL_ORDER = "Final order"


def _points(result: str | None) -> tuple[Fraction, Fraction] | None:
    """The two players' play-off points of a result the engine accepted."""
    return None if result is None else result_points(result)


def bracket(state: PlayoffState, names: Mapping[int, str]) -> tuple[BracketStage, ...]:
    """Each round robin as a table of play-off scores, each knockout round as its games
    (a round drawn by lot shows its pairs and byes at once, before the tosses)."""
    drawn = [g for d in state.drawn_rounds() for g in pending_games(d)]
    games = (*state.games(), *drawn)
    ties = {g.spec.tie for g in games}
    # A knockout is drawn round by round: each of its rounds is a stage of the drawing.
    order: list[tuple[str, str]] = []
    by_stage: dict[tuple[str, str], list[GameRecord]] = {}
    for g in games:
        spec = g.spec
        key = (spec.tie, f"{spec.stage} round {spec.round}" if spec.knockout else spec.stage)
        if key not in by_stage:
            order.append(key)
            by_stage[key] = []
        by_stage[key].append(g)
    drawn_numbers = state.drawn_numbers()
    stages: list[BracketStage] = []
    for key in order:
        tie, title = key
        stage_games = by_stage[key]
        heading = f"{title} ({tie})" if len(ties) > 1 and tie else title
        if stage_games[0].spec.knockout:
            boxes = [_knockout_box(g, names) for g in stage_games]
            # The byes drawn for this knockout round (2.4.1 / 3.4.1), as the games carry them.
            byes = sorted({p for g in stage_games for p in g.spec.byes})
            boxes += [
                BracketBox("Bye", (BracketEntry(names.get(p, str(p)), "", True),)) for p in byes
            ]
            stages.append(BracketStage(heading.capitalize(), tuple(boxes)))
        else:
            stages.append(
                BracketStage(
                    heading.capitalize(),
                    (
                        _round_robin_box(
                            stage_games,
                            names,
                            drawn_numbers.get(stage_games[0].spec.stage_title, {}),
                        ),
                    ),
                )
            )
    # The final order of the ties the play-off broke; ties the regulation leaves
    # standing (shared places, 3.8) are not part of the drawing.
    in_playoff = {p for g in games for p in (g.spec.white, g.spec.black)}
    finals = [f for f in state.final_groups() if in_playoff & set(f.original.players)]
    if state.done and finals:
        entries = tuple(
            BracketEntry(
                ", ".join(names.get(p, str(p)) for p in f.players),
                str(f.place) if f.last_place == f.place else f"{f.place}-{f.last_place}",
                f.winner,
            )
            for f in finals
        )
        stages.append(BracketStage(FINAL_ORDER, (BracketBox("", entries),)))
    return tuple(stages)


def _round_robin_box(
    games: Sequence[GameRecord], names: Mapping[int, str], numbers: Mapping[int, int]
) -> BracketBox:
    """A round robin's play-off scores, each player as ``1. Name`` by the number drawn."""
    entries = tuple(
        BracketEntry(score.label(names), format_points(score.points), score.leads)
        for score in round_robin_scores(games, numbers)
    )
    clock = games[0].spec.time_control if games else ""
    return BracketBox(clock, entries)


def _knockout_box(game: GameRecord, names: Mapping[int, str]) -> BracketBox:
    spec = game.spec
    pts = _points(game.result)
    white = f"W {format_points(pts[0])}" if pts else "W"
    black = f"B {format_points(pts[1])}" if pts else "B"
    if game.note == PENDING:
        # Drawn, colours still to come from the coin toss (3.5.3).
        return BracketBox(
            f"{spec.id} · Armageddon, {PENDING}",
            (
                BracketEntry(names.get(spec.white, str(spec.white)), "", False),
                BracketEntry(names.get(spec.black, str(spec.black)), "", False),
            ),
        )
    return BracketBox(
        f"{spec.id} · Armageddon",
        (
            BracketEntry(names.get(spec.white, str(spec.white)), white, game.winner == spec.white),
            BracketEntry(names.get(spec.black, str(spec.black)), black, game.winner == spec.black),
        ),
    )


def playoff_view(
    gate: PlayoffGate, state: PlayoffState | None, names: Mapping[int, str]
) -> PlayoffView:
    """The card and the bracket: the engine's step, or the core's reason it cannot go on.

    Before the event is final, or without a tie to break, the card says why
    (the sentence ``arbiter-app playoff start`` refuses with); a play-off that
    no longer matches the standings keeps its drawing and offers a restart.
    """
    if gate.status is PlayoffStatus.NONE and state is None:
        return PlayoffView(None)
    title = GATE_TITLES.get(gate.status)
    if title is not None:
        regulation = state.regulation.title if state is not None else ""
        buttons = BUTTONS["restart"] if gate.status is PlayoffStatus.STALE else ()
        shown = PlayoffStep(title, regulation, gate.reason, buttons)
        drawing: tuple[BracketStage, ...] = ()
        if gate.status is PlayoffStatus.STALE and state is not None:
            # The games stay to be seen; their final order no longer counts.
            drawing = tuple(s for s in bracket(state, names) if s.title != FINAL_ORDER)
        return PlayoffView(shown, drawing)
    if state is None:
        return PlayoffView(None)
    step = next_step(state)
    shown = card(step, state.regulation.title, names, schedule_line(state), state.drawn_numbers())
    if gate.status is PlayoffStatus.READY:
        # The core's sentence names what is broken and what is shared; the schedule line
        # below it says when the play-off may start.
        shown = replace(shown, text=gate.reason)
    return PlayoffView(shown, bracket(state, names))
