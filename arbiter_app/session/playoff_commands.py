"""Play-off commands: the core engine's actions as journaled session commands.

The play-off lives in the ``records`` table under the family ``playoff``:
``setup`` holds the regulation (as JSON, so a custom one is kept too), the
ties, the tied players' games in the event and when the last game ended;
``actions`` holds the list of engine actions in their JSON form. Every
command rebuilds the :class:`~arbiter_app.core.playoff.PlayoffState`, applies
one action (the engine refuses what the regulation does not allow, and then
nothing is written) and stores the longer list. Seeds for drawings of lots
and coin tosses come from the session (``ctx.seed``) and stay in the journal,
so the same journal always gives the same play-off.

The prize fund lives under the family ``prizes`` (key ``fund``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from arbiter_app.core.errors import InputError, RuleError
from arbiter_app.core.event_state import EventState
from arbiter_app.core.lots import physical_draw, physical_toss, seeded_draw, seeded_toss
from arbiter_app.core.model import Event
from arbiter_app.core.playoff import (
    Action,
    Choose,
    Decide,
    DrawLots,
    PlayoffState,
    Printed,
    Regulation,
    Result,
    Ruling,
    Start,
    Tie,
    Toss,
    action_to_json,
    next_step,
    preset,
)
from arbiter_app.core.playoff.actions import parse_colour
from arbiter_app.core.playoff.gate import (
    PlayoffGate,
    PlayoffStatus,
    final_day,
    meetings_among,
    qualifying_standings,
    ties_of,
)
from arbiter_app.core.playoff.scope import PlayoffScope, playoff_scope
from arbiter_app.core.prizes import PrizeFund, currency_code, money
from arbiter_app.core.warning_levels import Alert, Level
from arbiter_app.session.codec import event_from_state
from arbiter_app.session.commands import (
    UNSET,
    ChooseColour,
    ConfirmPrinted,
    DecidePlayoff,
    DrawPlayoffLots,
    PlayoffResult,
    PlayoffResults,
    RestartPlayoff,
    RuleOnTie,
    SetPrizeFund,
    StartPlayoff,
    TossCoin,
    given,
)
from arbiter_app.session.registry import CommandError, Context, command, text
from arbiter_app.session.setting_levels import fund_alert
from arbiter_app.session.state import State, Tx
from arbiter_app.session.tournament_state import (
    PLAYOFF,
    event_state_of,
    regulation_named,
    state_from_records,
    state_of_tx,
    stored_playoff,
)

__all__ = [
    "ABANDONED",
    "FAMILY",
    "preview",
    "qualifying_standings",
    "state_from_records",
    "stored_fund",
    "stored_playoff",
    "ties_of",
]

FAMILY = PLAYOFF

ABANDONED = "playoff-abandoned"
"""The ``records`` family of play-offs set aside by ``playoff.restart``, numbered from 1."""

RESTART_WARNING = (
    "Restarting sets this play-off aside: its games no longer count, though they stay in the "
    "journal and its draws on the lot protocol. Confirm to restart it."
)
"""What the arbiter confirms before a play-off is restarted (the window and the command line)."""


# -- reading the stored play-off ------------------------------------------------------
def _event(tx: Tx) -> Event:
    return event_from_state(state_of_tx(tx))


def playoff_scope_of(state: State) -> PlayoffScope:
    """Which places a play-off decides in the event, and its order so far: the one answer
    every view of the standings takes (:mod:`arbiter_app.core.playoff.scope`)."""
    return playoff_scope(stored_playoff(state), state.setting("playoff"))


def preview(state: State, event: Event) -> PlayoffState | None:
    """The play-off the event's regulation would hold now (before ``playoff.start``)."""
    regulation = regulation_named(state)
    if regulation is None:
        return None
    standings = qualifying_standings(
        event, state.setting("tiebreaks", []), regulation.qualify_after_tiebreaks
    )
    return PlayoffState(regulation, tuple(ties_of(standings)))


def stored_fund(state: State) -> tuple[PrizeFund | None, tuple[int, ...]]:
    """The prize fund and the wildcards stored with ``prizes.set_fund``."""
    row = state.tables["records"].get(("prizes", "fund"))
    if row is None:
        return None, ()
    data = json.loads(row["value"])
    return PrizeFund.from_json(data), tuple(int(t) for t in data.get("wildcards", ()))


def _event_state(
    tx: Tx, playoff: PlayoffState | None, regulation: Regulation | None = None
) -> EventState:
    """The event's state as this command sees the rows (the core decides).

    *regulation* is the one the command names, when it names one.
    """
    rows = state_of_tx(tx)
    return event_state_of(rows, event_from_state(rows), playoff, regulation)


def _gate(tx: Tx, playoff: PlayoffState | None, regulation: Regulation | None) -> PlayoffGate:
    return _event_state(tx, playoff, regulation).playoff


def _current(tx: Tx, ctx: Context) -> PlayoffState:
    """The play-off started, refused with the reason when it no longer matches the standings."""
    state = state_from_records(ctx.record(FAMILY, "setup"), ctx.record(FAMILY, "actions", []))
    if state is None:
        raise RuleError("no play-off has been started (use playoff start)")
    gate = _gate(tx, state, None)
    if gate.status is PlayoffStatus.STALE:
        raise RuleError(gate.reason)
    return state


def _apply(ctx: Context, state: PlayoffState, action: Action) -> dict[str, Any]:
    after = state.apply(action)
    ctx.put_record(FAMILY, "actions", [action_to_json(a) for a in after.actions])
    return next_step(after).to_json()


def _regulation(tx: Tx, cmd: StartPlayoff) -> Regulation:
    custom = given(cmd.regulation_json, None)
    if custom is not None:
        if not isinstance(custom, dict):
            raise CommandError("regulation_json must be a JSON object")
        return Regulation.from_json(custom)
    name = given(cmd.regulation, None) or tx.setting("playoff")
    if not name:
        raise CommandError("name the play-off regulation (the event's preset names none)")
    return preset(str(name))


def _time(value: object, name: str) -> datetime | None:
    if value is None or value is UNSET:
        return None
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        raise CommandError(f"{name} must be a date and time such as 2023-08-20T18:05") from None


# -- commands -------------------------------------------------------------------------
@command(StartPlayoff)
def playoff_start(tx: Tx, cmd: StartPlayoff, ctx: Context) -> dict[str, Any]:
    """Start the play-off under a regulation (by name, or a custom one as JSON).

    Only a final event whose regulated places are tied has a play-off to start
    (FIDE C.07 3.1.1); otherwise the refusal is the reason the core gives.
    *ties* names the ties instead (a tour's standings, GCT 2023 section 4): the
    event must still be final.
    """
    if ctx.record(FAMILY, "setup") is not None:
        stale = _gate(tx, _stored(ctx), None)
        if stale.can_restart:
            raise RuleError(stale.reason)
        raise RuleError("a play-off has been started already (undo it to start again)")
    regulation = _regulation(tx, cmd)
    return _start(tx, cmd, ctx, regulation)


def _stored(ctx: Context) -> PlayoffState | None:
    return state_from_records(ctx.record(FAMILY, "setup"), ctx.record(FAMILY, "actions", []))


def _start(tx: Tx, cmd: StartPlayoff, ctx: Context, regulation: Regulation) -> dict[str, Any]:
    """Check the gate, then write the play-off's setup and its first action."""
    event = _event(tx)
    gate = _gate(tx, None, regulation)
    named = given(cmd.ties, None)
    if named is None:
        if not gate.can_start:
            raise RuleError(gate.reason)
        ties = list(gate.ties)
    else:
        if gate.status is PlayoffStatus.NOT_DUE:
            raise RuleError(gate.reason)
        try:
            ties = [Tie(int(place), tuple(int(t) for t in players)) for place, players in named]
        except (TypeError, ValueError):
            raise CommandError("ties must be a list of [place, [pairing numbers]]") from None
        known = {p.tpn for p in event.players}
        unknown = sorted({t for tie in ties for t in tie.players} - known)
        if unknown:
            raise CommandError(f"no player with pairing number {', '.join(map(str, unknown))}")
    end, at = _time(cmd.last_game_end, "last_game_end"), _time(cmd.at, "at")
    if end is not None and at is not None and (end.tzinfo is None) != (at.tzinfo is None):
        raise CommandError("give both times with a time zone, or both without")
    setup: dict[str, Any] = {
        "regulation": regulation.to_json(),
        "ties": [[tie.place, list(tie.players)] for tie in ties],
        "meetings": [
            {"white": m.white, "black": m.black, "result": m.result, "round": m.round}
            | ({"day": m.day} if m.day else {})
            for m in meetings_among(event, ties)
        ],
        "last_game_end": None if end is None else end.isoformat(),
    }
    if named is not None:
        setup["given"] = True
    last_day = final_day(event)
    if last_day:
        setup["final_day"] = last_day
    state = state_from_records(setup, [])
    assert state is not None
    ctx.put_record(FAMILY, "setup", setup)
    return _apply(ctx, state, Start(at))


@command(RestartPlayoff)
def playoff_restart(tx: Tx, cmd: RestartPlayoff, ctx: Context) -> dict[str, Any]:
    """Start the play-off again after a correction changed the tie it was played for.

    The old play-off is kept as an abandoned record (its draws stay on the lot
    protocol, its commands in the journal); the new one breaks the ties of the
    standings as they are now, under the same regulation. When no regulated
    place is tied any more, the old play-off is only set aside. Setting games
    already played aside is a level-3 question first (FIDE C.02: confirm or
    cancel), answered with ``confirm`` like every warning of the session.
    """
    old = _stored(ctx)
    if old is None:
        raise RuleError("no play-off has been started (use playoff start)")
    now = _event_state(tx, old)
    gate = now.playoff
    if not gate.can_restart:
        raise RuleError("the play-off still matches the standings; there is nothing to restart")
    if not now.final:
        # Once the round is complete again the play-off may well match once more.
        raise RuleError(gate.reason)
    ctx.ask(
        Alert(
            Level.CONFIRM,
            f"{gate.reason} {RESTART_WARNING}",
            "FIDE C.07 article 3.1: the play-off breaks the ties of the final standings as they are",
        )
    )
    setup = ctx.record(FAMILY, "setup")
    number = 1 + sum(1 for key in tx.keys("records") if key[0] == ABANDONED)
    ctx.put_record(
        ABANDONED,
        str(number),
        {"setup": setup, "actions": ctx.record(FAMILY, "actions", []), "reason": gate.reason},
    )
    ctx.delete_record(FAMILY, "setup")
    ctx.delete_record(FAMILY, "actions")
    fresh = _gate(tx, None, old.regulation)
    if fresh.status is PlayoffStatus.NO_TIE:
        return {"step": "done", "article": old.regulation.places_article, "text": fresh.reason}
    if not fresh.can_start:
        raise RuleError(fresh.reason)
    return _start(tx, StartPlayoff(), ctx, old.regulation)


@command(DrawPlayoffLots)
def playoff_draw(tx: Tx, cmd: DrawPlayoffLots, ctx: Context) -> dict[str, Any]:
    """Draw lots (pairing numbers, or knockout pairings and byes): seeded, or a physical draw."""
    state = _current(tx, ctx)
    step = next_step(state)
    if step.code != "draw-lots":
        raise RuleError(f"no drawing of lots is due now; next: {step.code} ({step.text})")
    witnesses = [str(w) for w in given(cmd.witnesses, ())]
    outcome = given(cmd.outcome, None)
    if outcome is None:
        assert ctx.seed is not None
        draw = seeded_draw(
            step.text, step.players, ctx.seed, witnesses=witnesses, article=step.article
        )
    else:
        draw = physical_draw(
            step.text,
            step.players,
            [int(t) for t in outcome],
            witnesses=witnesses,
            article=step.article,
        )
    return _apply(ctx, state, DrawLots(draw))


@command(TossCoin)
def playoff_toss(tx: Tx, cmd: TossCoin, ctx: Context) -> dict[str, Any]:
    """Toss the coin of an Armageddon game (or record one tossed at the board)."""
    state = _current(tx, ctx)
    step = next_step(state)
    if step.code != "toss" or step.game is None:
        raise RuleError(f"no coin toss is due now; next: {step.code} ({step.text})")
    choice = given(cmd.choice, None)
    try:
        colour = None if choice is None else parse_colour(str(choice))
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    winner = given(cmd.winner, None)
    witnesses = [str(w) for w in given(cmd.witnesses, ())]
    if winner is None:
        assert ctx.seed is not None
        draw = seeded_toss(
            "coin toss", step.players, ctx.seed, witnesses=witnesses, article=step.article
        )
    else:
        draw = physical_toss(
            "coin toss", step.players, int(winner), witnesses=witnesses, article=step.article
        )
    return _apply(ctx, state, Toss(step.game, draw, colour))


@command(ChooseColour)
def playoff_choose(tx: Tx, cmd: ChooseColour, ctx: Context) -> dict[str, Any]:
    """Record the colour the winner of the coin toss chose."""
    state = _current(tx, ctx)
    step = next_step(state)
    if step.code != "choose" or step.game is None:
        raise RuleError(f"no choice of colour is due now; next: {step.code} ({step.text})")
    try:
        colour = parse_colour(text(cmd.choice, "choice"))
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    return _apply(ctx, state, Choose(step.game, colour))


@command(ConfirmPrinted)
def playoff_printed(tx: Tx, cmd: ConfirmPrinted, ctx: Context) -> dict[str, Any]:
    """Confirm that the sheets due have been printed."""
    return _apply(ctx, _current(tx, ctx), Printed())


@command(PlayoffResult)
def playoff_result(tx: Tx, cmd: PlayoffResult, ctx: Context) -> dict[str, Any]:
    """Enter the result of a play-off game."""
    result = Result(text(cmd.game, "game"), text(cmd.result, "result"))
    return _apply(ctx, _current(tx, ctx), result)


@command(PlayoffResults)
def playoff_results(tx: Tx, cmd: PlayoffResults, ctx: Context) -> dict[str, Any]:
    """Enter the results of several play-off games at once: all of them, or none.

    *results* is a list of ``[game, result]`` in the order the games were played
    (a later game may only be due once an earlier one is in). The arbiter enters
    them together, so they are one action: one transaction and one journal entry.
    """
    results = cmd.results
    if not isinstance(results, list) or not results:
        raise CommandError("results are a list of [game, result]")
    actions: list[Action] = []
    for item in results:
        if not isinstance(item, list) or len(item) != 2:
            raise CommandError(f"a result is [game, result], not {item!r}")
        actions.append(Result(text(item[0], "game"), text(item[1], "result")))
    state = _current(tx, ctx)
    for action in actions[:-1]:
        state = state.apply(action)
    return _apply(ctx, state, actions[-1])


def _players(value: object, name: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise CommandError(f"{name} must list pairing numbers")
    try:
        return tuple(int(t) for t in value)
    except (TypeError, ValueError):
        raise CommandError(f"{name} must list pairing numbers") from None


@command(DecidePlayoff)
def playoff_decide(tx: Tx, cmd: DecidePlayoff, ctx: Context) -> dict[str, Any]:
    """Record the chief arbiter's decision by other means: the order and the reason."""
    reason = str(given(cmd.reason, ""))
    return _apply(ctx, _current(tx, ctx), Decide(_players(cmd.order, "order"), reason))


@command(RuleOnTie)
def playoff_ruling(tx: Tx, cmd: RuleOnTie, ctx: Context) -> dict[str, Any]:
    """Record the arbiter's ruling on an ambiguous tie: broken or not, and why."""
    broken = cmd.broken
    if not isinstance(broken, bool):
        raise CommandError("break must be true or false")
    reason = str(given(cmd.reason, ""))
    ruling = Ruling(_players(cmd.players, "players"), broken, reason)
    return _apply(ctx, _current(tx, ctx), ruling)


@command(SetPrizeFund)
def prizes_set_fund(tx: Tx, cmd: SetPrizeFund, ctx: Context) -> dict[str, Any]:
    """Store the prize fund (place prizes, first place first) and any wildcards.

    Once round 1 is paired, a fund set or changed is a level-3 question (FIDE C.02).
    """
    fund = cmd.arguments()
    ctx.ask(*fund_alert(tx, fund))
    return store_fund(tx, ctx, fund)


def stored_wildcards(ctx: Context) -> list[int]:
    """The wildcards of the stored fund (none when no fund is stored)."""
    stored = ctx.record("prizes", "fund")
    return [int(t) for t in stored.get("wildcards", ())] if stored else []


def store_fund(tx: Tx, ctx: Context, fund_json: Mapping[str, Any]) -> dict[str, Any]:
    """Check and store a prize fund (``prizes``, ``currency``, ``wildcards``); returns it."""
    amounts = fund_json.get("prizes")
    if not isinstance(amounts, list) or not amounts:
        raise CommandError("prizes must list the place prizes, first place first")
    try:
        currency = currency_code(str(fund_json.get("currency", "USD")))
        fund = PrizeFund(tuple(money(a) for a in amounts), currency)
    except InputError as exc:
        raise CommandError(str(exc)) from None
    wildcards = [int(t) for t in fund_json.get("wildcards", ())]
    known = {p.tpn for p in _event(tx).players}
    unknown = sorted(set(wildcards) - known)
    if unknown:
        raise CommandError(f"no player with pairing number {', '.join(map(str, unknown))}")
    value = {**fund.to_json(), "wildcards": wildcards}
    ctx.put_record("prizes", "fund", value)
    return value
