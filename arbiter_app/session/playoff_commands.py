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
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from arbiter_app.core.errors import InputError, RuleError
from arbiter_app.core.lots import physical_draw, physical_toss, seeded_draw, seeded_toss
from arbiter_app.core.model import Colour, Event, Outcome
from arbiter_app.core.playoff import (
    Action,
    Choose,
    Decide,
    DrawLots,
    Meeting,
    PlayoffState,
    Printed,
    Regulation,
    Result,
    Ruling,
    Start,
    Tie,
    Toss,
    action_from_json,
    action_to_json,
    next_step,
    preset,
)
from arbiter_app.core.playoff.actions import parse_colour
from arbiter_app.core.prizes import PrizeFund, currency_code, money
from arbiter_app.core.standings import compute_standings
from arbiter_app.session.codec import event_from_state
from arbiter_app.session.registry import CommandError, Context, arg_str, command
from arbiter_app.session.state import State, Tx
from arbiter_app.store.schema import STATE_TABLES

FAMILY = "playoff"


# -- reading the stored play-off ------------------------------------------------------
def _event(tx: Tx) -> Event:
    return event_from_state(State({spec.name: tx.rows(spec.name) for spec in STATE_TABLES}))


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
            Meeting(int(m["white"]), int(m["black"]), str(m["result"]), int(m.get("round", 0)))
            for m in setup.get("meetings", ())
        ),
        None if end is None else datetime.fromisoformat(end),
    )


def stored_playoff(state: State) -> PlayoffState | None:
    """The play-off of an open session's rows (for queries, the CLI and the GUI)."""
    rows = state.tables["records"]
    setup = rows.get((FAMILY, "setup"))
    actions = rows.get((FAMILY, "actions"))
    return state_from_records(
        None if setup is None else json.loads(setup["value"]),
        [] if actions is None else json.loads(actions["value"]),
    )


def preview(state: State, event: Event) -> PlayoffState | None:
    """The play-off the event's regulation would hold now (before ``playoff.start``)."""
    name = state.setting("playoff")
    if not name:
        return None
    regulation = preset(str(name))
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


def _current(ctx: Context) -> PlayoffState:
    state = state_from_records(ctx.record(FAMILY, "setup"), ctx.record(FAMILY, "actions", []))
    if state is None:
        raise RuleError("no play-off has been started (use playoff start)")
    return state


def _apply(ctx: Context, state: PlayoffState, action: Action) -> dict[str, Any]:
    after = state.apply(action)
    ctx.put_record(FAMILY, "actions", [action_to_json(a) for a in after.actions])
    return next_step(after).to_json()


# -- the ties of the final standings --------------------------------------------------
def qualifying_standings(
    event: Event, tiebreaks: Sequence[str], after: int = 0
) -> list[tuple[int, int, int]]:
    """``(tpn, place, last_place)`` after the first *after* tie-breaks (C.07 3.1.2).

    With 0 (the GCT 2023 and City Chess regulations: a tie on points, 2.1,
    3.1, 4.1, City Chess OK rules) players level on points share a range of places.
    Disqualified players are left out, as in the standings.
    """
    table = compute_standings(event, tuple(tiebreaks)[:after])
    out: list[tuple[int, int, int]] = []
    for row in table.rows:
        last = int(row.place.split("-")[-1])
        out.append((row.tpn, row.rank, last))
    return out


def ties_of(standings: Sequence[tuple[int, int, int]]) -> list[Tie]:
    """The ties of the standings: players sharing a range of places."""
    groups: dict[int, list[int]] = {}
    for tpn, place, last in standings:
        if last > place:
            groups.setdefault(place, []).append(tpn)
    return [Tie(place, tuple(players)) for place, players in groups.items()]


def meetings_among(event: Event, ties: list[Tie]) -> list[dict[str, Any]]:
    """The games tied players played against each other in the event (head-to-head)."""
    together = {t: i for i, tie in enumerate(ties) for t in tie.players}
    out: list[dict[str, Any]] = []
    for round_no, tpn, entry in event.iter_games():
        other = entry.opponent
        # Each game once, from White's side, between players of the same tie.
        if not entry.is_played or entry.colour is not Colour.WHITE or other is None:
            continue
        if tpn not in together or together.get(other) != together[tpn]:
            continue
        outcome = entry.outcome
        result = (
            "1-0" if outcome is Outcome.WIN else "0-1" if outcome is Outcome.LOSS else "1/2-1/2"
        )
        out.append({"white": tpn, "black": other, "result": result, "round": round_no})
    return out


def _regulation(tx: Tx, args: dict[str, Any]) -> Regulation:
    custom = args.get("regulation_json")
    if custom is not None:
        if not isinstance(custom, dict):
            raise CommandError("regulation_json must be a JSON object")
        return Regulation.from_json(custom)
    name = args.get("regulation") or tx.setting("playoff")
    if not name:
        raise CommandError("name the play-off regulation (the event's preset names none)")
    return preset(str(name))


def _time(args: dict[str, Any], name: str) -> datetime | None:
    value = args.get(name)
    if value is None:
        return None
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        raise CommandError(f"{name} must be a date and time such as 2023-08-20T18:05") from None


# -- commands -------------------------------------------------------------------------
@command("playoff.start", family=FAMILY)
def playoff_start(tx: Tx, args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Start the play-off under a regulation (by name, or a custom one as JSON)."""
    if ctx.record(FAMILY, "setup") is not None:
        raise RuleError("a play-off has been started already (undo it to start again)")
    regulation = _regulation(tx, args)
    event = _event(tx)
    given = args.get("ties")
    if given is None:
        tiebreaks = tx.setting("tiebreaks", [])
        ties = ties_of(qualifying_standings(event, tiebreaks, regulation.qualify_after_tiebreaks))
    else:
        try:
            ties = [Tie(int(place), tuple(int(t) for t in players)) for place, players in given]
        except (TypeError, ValueError):
            raise CommandError("ties must be a list of [place, [pairing numbers]]") from None
        known = {p.tpn for p in event.players}
        unknown = sorted({t for tie in ties for t in tie.players} - known)
        if unknown:
            raise CommandError(f"no player with pairing number {', '.join(map(str, unknown))}")
    end, at = _time(args, "last_game_end"), _time(args, "at")
    if end is not None and at is not None and (end.tzinfo is None) != (at.tzinfo is None):
        raise CommandError("give both times with a time zone, or both without")
    setup = {
        "regulation": regulation.to_json(),
        "ties": [[tie.place, list(tie.players)] for tie in ties],
        "meetings": meetings_among(event, ties),
        "last_game_end": None if end is None else end.isoformat(),
    }
    state = state_from_records(setup, [])
    assert state is not None
    ctx.put_record(FAMILY, "setup", setup)
    return _apply(ctx, state, Start(at))


def _draw_needs_seed(args: dict[str, Any]) -> bool:
    return args.get("outcome") is None


@command("playoff.draw", family=FAMILY, needs_seed=_draw_needs_seed)
def playoff_draw(tx: Tx, args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Draw lots (pairing numbers, or knockout pairings and byes): seeded, or a physical draw."""
    state = _current(ctx)
    step = next_step(state)
    if step.code != "draw-lots":
        raise RuleError(f"no drawing of lots is due now; next: {step.code} ({step.text})")
    witnesses = [str(w) for w in args.get("witnesses", ())]
    outcome = args.get("outcome")
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


def _toss_needs_seed(args: dict[str, Any]) -> bool:
    return args.get("winner") is None


@command("playoff.toss", family=FAMILY, needs_seed=_toss_needs_seed)
def playoff_toss(tx: Tx, args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Toss the coin of an Armageddon game (or record one tossed at the board)."""
    state = _current(ctx)
    step = next_step(state)
    if step.code != "toss" or step.game is None:
        raise RuleError(f"no coin toss is due now; next: {step.code} ({step.text})")
    choice = args.get("choice")
    try:
        colour = None if choice is None else parse_colour(str(choice))
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    winner = args.get("winner")
    if winner is None:
        assert ctx.seed is not None
        witnesses = [str(w) for w in args.get("witnesses", ())]
        draw = seeded_toss(
            "coin toss", step.players, ctx.seed, witnesses=witnesses, article=step.article
        )
    else:
        witnesses = [str(w) for w in args.get("witnesses", ())]
        draw = physical_toss(
            "coin toss", step.players, int(winner), witnesses=witnesses, article=step.article
        )
    return _apply(ctx, state, Toss(step.game, draw, colour))


@command("playoff.choose", family=FAMILY)
def playoff_choose(tx: Tx, args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Record the colour the winner of the coin toss chose."""
    state = _current(ctx)
    step = next_step(state)
    if step.code != "choose" or step.game is None:
        raise RuleError(f"no choice of colour is due now; next: {step.code} ({step.text})")
    try:
        colour = parse_colour(arg_str(args, "choice"))
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    return _apply(ctx, state, Choose(step.game, colour))


@command("playoff.printed", family=FAMILY)
def playoff_printed(tx: Tx, args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Confirm that the sheets due have been printed."""
    return _apply(ctx, _current(ctx), Printed())


@command("playoff.result", family=FAMILY)
def playoff_result(tx: Tx, args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Enter the result of a play-off game."""
    return _apply(ctx, _current(ctx), Result(arg_str(args, "game"), arg_str(args, "result")))


@command("playoff.results", family=FAMILY)
def playoff_results(tx: Tx, args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Enter the results of several play-off games at once: all of them, or none.

    *results* is a list of ``[game, result]`` in the order the games were played
    (a later game may only be due once an earlier one is in). The arbiter enters
    them together, so they are one action: one transaction and one journal entry.
    """
    results = args.get("results")
    if not isinstance(results, list) or not results:
        raise CommandError("results are a list of [game, result]")
    actions: list[Action] = []
    for item in results:
        if not isinstance(item, list) or len(item) != 2:
            raise CommandError(f"a result is [game, result], not {item!r}")
        pair = {"game": item[0], "result": item[1]}
        actions.append(Result(arg_str(pair, "game"), arg_str(pair, "result")))
    state = _current(ctx)
    for action in actions[:-1]:
        state = state.apply(action)
    return _apply(ctx, state, actions[-1])


def _players(args: dict[str, Any], name: str) -> tuple[int, ...]:
    value = args.get(name)
    if not isinstance(value, list) or not value:
        raise CommandError(f"{name} must list pairing numbers")
    try:
        return tuple(int(t) for t in value)
    except (TypeError, ValueError):
        raise CommandError(f"{name} must list pairing numbers") from None


@command("playoff.decide", family=FAMILY)
def playoff_decide(tx: Tx, args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Record the chief arbiter's decision by other means: the order and the reason."""
    reason = str(args.get("reason", ""))
    return _apply(ctx, _current(ctx), Decide(_players(args, "order"), reason))


@command("playoff.ruling", family=FAMILY)
def playoff_ruling(tx: Tx, args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Record the arbiter's ruling on an ambiguous tie: broken or not, and why."""
    broken = args.get("break")
    if not isinstance(broken, bool):
        raise CommandError("break must be true or false")
    reason = str(args.get("reason", ""))
    return _apply(ctx, _current(ctx), Ruling(_players(args, "players"), broken, reason))


@command("prizes.set_fund", family="prizes")
def prizes_set_fund(tx: Tx, args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Store the prize fund (place prizes, first place first) and any wildcards."""
    amounts = args.get("prizes")
    if not isinstance(amounts, list) or not amounts:
        raise CommandError("prizes must list the place prizes, first place first")
    try:
        currency = currency_code(str(args.get("currency", "USD")))
        fund = PrizeFund(tuple(money(a) for a in amounts), currency)
    except InputError as exc:
        raise CommandError(str(exc)) from None
    wildcards = [int(t) for t in args.get("wildcards", ())]
    known = {p.tpn for p in _event(tx).players}
    unknown = sorted(set(wildcards) - known)
    if unknown:
        raise CommandError(f"no player with pairing number {', '.join(map(str, unknown))}")
    value = {**fund.to_json(), "wildcards": wildcards}
    ctx.put_record("prizes", "fund", value)
    return value
