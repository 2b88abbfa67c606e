"""Applying the arbiter's actions to a play-off in progress, each checked against the regulation."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from arbiter_app.core.errors import RuleError
from arbiter_app.core.lots import Draw
from arbiter_app.core.model import Colour
from arbiter_app.core.playoff.actions import (
    Action,
    Choose,
    Decide,
    DrawLots,
    Printed,
    Result,
    Ruling,
    Start,
    Toss,
)
from arbiter_app.core.playoff.progress import (
    FORFEIT_ARTICLE,
    Game,
    Group,
    KnockoutRun,
    Progress,
    RoundRobinRun,
    build_round_robin,
    knockout_round,
    owns,
    pair_knockout,
    playable,
    points,
    printable,
    split,
    stage_name,
)
from arbiter_app.core.playoff.regulation import Regulation, StartRule
from arbiter_app.core.result import GameResult
from arbiter_app.core.words import count


def act(p: Progress, action: Action, last_game_end: datetime | None) -> None:
    """Apply one action; RuleError (nothing applied) when the regulation does not allow it."""
    if isinstance(action, Start):
        _start(p, action, last_game_end)
        return
    if not p.started:
        raise RuleError("the play-off has not started yet (record the start first)")
    match action:
        case Ruling():
            _ruling(p, action)
        case DrawLots():
            _draw(p, action.draw)
        case Toss():
            _toss(p, action)
        case Choose():
            _choose(p, action)
        case Printed():
            _printed(p)
        case Result():
            _result(p, action)
        case Decide():
            _decide(p, action)


def earliest_start(reg: Regulation, last_game_end: datetime | None) -> datetime | None:
    """2.2 / 3.2: not less than the gap after the last game; 4.4: the next day (at midnight)."""
    if last_game_end is None:
        return None
    if reg.schedule.start is StartRule.NEXT_DAY:
        day = last_game_end.replace(hour=0, minute=0, second=0, microsecond=0)
        return day + timedelta(days=1)
    return last_game_end + timedelta(minutes=reg.schedule.gap_minutes)


def _start(p: Progress, action: Start, end: datetime | None) -> None:
    if p.started:
        raise RuleError("the play-off has already started")
    reg = p.reg
    article = reg.schedule.cited
    if action.at is not None and end is not None:
        if (action.at.tzinfo is None) != (end.tzinfo is None):
            raise RuleError(
                "give the start and the end of the last game both with a time zone or both without"
            )
        if reg.schedule.start is StartRule.NEXT_DAY:
            if action.at.date() != end.date() + timedelta(days=1):
                raise RuleError(
                    f"article {article}: the play-off is held on the day after the last round "
                    f"({end.date() + timedelta(days=1)}), not on {action.at.date()}"
                )
        else:
            first = end + timedelta(minutes=reg.schedule.gap_minutes)
            if action.at.date() != end.date():
                raise RuleError(
                    f"article {article}: the play-off takes place on the same day as the "
                    f"final round ({end.date()}), not on {action.at.date()}"
                )
            if action.at < first:
                raise RuleError(
                    f"article {article}: the play-off starts not less than "
                    f"{count(reg.schedule.gap_minutes, 'minute')} after the last game ended "
                    f"({end:%H:%M}), so not before {first:%H:%M}"
                )
    p.started, p.start_time = True, action.at
    when = "" if action.at is None else f" at {action.at:%Y-%m-%d %H:%M}"
    p.note(article, f"the play-off starts{when}")


def _group_with(p: Progress, players: Iterable[int], status: str) -> Group | None:
    wanted = set(players)
    return next((g for g in p.groups if g.status == status and set(g.players) == wanted), None)


def _ruling(p: Progress, action: Ruling) -> None:
    g = _group_with(p, action.players, "ruling")
    if g is None:
        asked = [grp.players for grp in p.groups if grp.status == "ruling"]
        raise RuleError(
            f"no ruling is asked about players {list(action.players)}"
            + (f" (asked: {', '.join(map(str, map(list, asked)))})" if asked else "")
        )
    if not action.reason.strip():
        raise RuleError("a ruling needs its reason")
    verdict = "is broken" if action.break_tie else "is not broken; the places are shared"
    p.note(p.reg.ambiguity_article, f"arbiter's ruling: {g.describe()} {verdict} ({action.reason})")
    if action.break_tie:
        g.extra_places = g.extra_places | {g.place}
        g.status = "pending"
    else:
        g.status = "final"


def _draw(p: Progress, draw: Draw) -> None:
    wanted = set(draw.candidates)
    if sorted(draw.outcome) != sorted(draw.candidates) or len(wanted) != len(draw.candidates):
        raise RuleError(f"the drawn order {list(draw.outcome)} is not an order of the candidates")
    due: list[str] = []
    for g in p.groups:
        run = g.run
        if g.status != "active":
            continue
        if isinstance(run, RoundRobinRun) and run.numbers is None:
            if set(g.players) == wanted:
                build_round_robin(p, g, run, draw.outcome)
                numbers = ", ".join(f"{i}: {t}" for i, t in enumerate(draw.outcome, 1))
                p.note(
                    run.draw_article,
                    f"pairing numbers of {stage_name(run.fmt)} {run.number} of {g.describe()} "
                    f"drawn by lot: {numbers} ({draw.how()})",
                )
                return
            due.append(", ".join(map(str, g.players)))
        if isinstance(run, KnockoutRun) and run.needs_draw:
            if set(run.remaining) == wanted:
                pair_knockout(p, g, run, draw.outcome)
                return
            due.append(", ".join(map(str, run.remaining)))
    if not due:
        raise RuleError("no drawing of lots is due now")
    raise RuleError(
        f"no drawing of lots is due among {sorted(wanted)}; due: "
        + "; ".join(f"[{d}]" for d in due)
    )


def _toss(p: Progress, action: Toss) -> None:
    """2.5.3 / 3.5.3: a coin toss; the winner's choice may come with it or later (:class:`Choose`)."""
    g, run, index = _pair(p, action.game)
    game_id, a, b = run.pairs[index]
    if game_id in run.tossed:
        raise RuleError(f"the coin for game {game_id} was tossed already; record the choice")
    if set(action.draw.candidates) != {a, b} or len(action.draw.outcome) != 1:
        raise RuleError(f"the toss for game {game_id} is between players {a} and {b}")
    winner = action.draw.outcome[0]
    p.note(
        run.stage.colours_article,
        f"game {game_id}: {winner} won the toss ({action.draw.how()})",
    )
    run.tossed[game_id] = winner
    if action.choice is not None:
        _colours(p, g, run, index, action.choice)


def _choose(p: Progress, action: Choose) -> None:
    g, run, index = _pair(p, action.game)
    if action.game not in run.tossed:
        raise RuleError(f"the coin for game {action.game} has not been tossed yet")
    _colours(p, g, run, index, action.choice)


def _pair(p: Progress, game: str) -> tuple[Group, KnockoutRun, int]:
    for g in p.groups:
        run = g.run
        if g.status != "active" or not isinstance(run, KnockoutRun):
            continue
        for index, (game_id, _, _) in enumerate(run.pairs):
            if game_id == game:
                return g, run, index
    raise RuleError(f"no coin toss or choice of colour is due for game {game!r}")


def _colours(p: Progress, g: Group, run: KnockoutRun, index: int, choice: Colour) -> None:
    game_id, a, b = run.pairs[index]
    winner = run.tossed.pop(game_id)
    loser = b if winner == a else a
    white, black = (winner, loser) if choice is Colour.WHITE else (loser, winner)
    game = Game(
        game_id,
        white,
        black,
        run.fmt.clock,
        True,
        run.round,
        g.label,
        "Armageddon knockout",
        True,
        tuple(run.byes),
    )
    p.games[game.id] = game
    run.games.append(game)
    del run.pairs[index]
    colour = "White" if choice is Colour.WHITE else "Black"
    p.note(run.stage.colours_article, f"game {game_id}: {winner} chose {colour}")


def _printed(p: Progress) -> None:
    groups = printable(p)
    if not groups:
        raise RuleError("no sheets are due for printing now")
    for g in groups:
        assert g.run is not None
        g.run.printed = True


def _result(p: Progress, action: Result) -> None:
    game = p.games.get(action.game)
    if game is None:
        raise RuleError(f"there is no play-off game {action.game!r}")
    if game.result is not None:
        raise RuleError(f"game {game.id} already has the result {game.result}")
    if all(game not in games for _, games in playable(p)):
        raise RuleError(f"game {game.id} is not being played now")
    white, black = points(action.result)
    owner = next(g for g in p.groups if g.run is not None and owns(g.run, game))
    run = owner.run
    assert run is not None
    entered = GameResult.parse(action.result)
    if entered is GameResult.DOUBLE_FORFEIT and isinstance(run, KnockoutRun):
        raise RuleError(
            f"game {game.id}: both players absent leaves the knockout without a player who goes "
            f"through, and {p.reg.name} does not say what then ({FORFEIT_ARTICLE}: both lose); "
            "the Chief Arbiter decides, with the organiser, and records it"
        )
    if entered.is_forfeit:
        # Not played (FIDE C.07 article 16): kept as a forfeit, scored as the Laws say.
        game.result = entered.value
        game.winner = game.white if white > black else game.black if black > white else None
        if game.winner is None:
            what = "not played: both players absent, both lose"
        else:
            how = "goes through" if isinstance(run, KnockoutRun) else "scores the point"
            what = f"not played: {game.winner} {how} by forfeit"
        game.note = f"{what} ({FORFEIT_ARTICLE})"
        p.note(FORFEIT_ARTICLE, f"game {game.id}: {what}")
    else:
        won = GameResult.WHITE_WINS if white > black else GameResult.BLACK_WINS
        game.result = (won if white != black else GameResult.DRAW).value
        game.winner = game.white if white > black else game.black if black > white else None
    if isinstance(run, KnockoutRun) and game.winner is None:
        # 2.5.2 / 3.5.2: in the event of a draw Black is declared the winner.
        if not run.stage.draw_wins_for_black:
            raise RuleError(f"a knockout game cannot end in a draw under {p.reg.name}")
        game.winner = game.black
        game.note = f"draw: Black wins ({run.stage.draw_article})"
        p.note(run.stage.draw_article, f"game {game.id} drawn: Black ({game.black}) wins")
    if isinstance(run, KnockoutRun):
        assert game.winner is not None
        loser = game.black if game.winner == game.white else game.white
        run.remaining = [t for t in run.remaining if t != loser]
        if all(x.result is not None for x in run.games) and len(run.remaining) > 1:
            run.round += 1
            knockout_round(p, owner, run)


def _decide(p: Progress, action: Decide) -> None:
    g = _group_with(p, action.order, "decide")
    if g is None or len(action.order) != len(set(action.order)):
        asked = [list(grp.players) for grp in p.groups if grp.status == "decide"]
        raise RuleError(
            f"no decision is due about players {list(action.order)}"
            + (f" (due: {asked})" if asked else "")
        )
    if not action.reason.strip():
        raise RuleError(f"article {g.decide_article}: the decision by other means needs its reason")
    p.note(
        g.decide_article,
        f"decided by other means: {', '.join(map(str, action.order))} ({action.reason})",
    )
    split(p, g, [[t] for t in action.order], g.decide_article, len(p.reg.stages), 0)
