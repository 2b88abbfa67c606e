"""The play-off engine: what must the arbiter do now?

A :class:`PlayoffState` is a regulation, the ties of the final standings and
the list of actions taken so far; the state is rebuilt by replaying the
actions, each one checked against the regulation (an action the regulation
does not allow raises :class:`~arbiter_app.core.errors.RuleError`).
:func:`next_step` answers the one question the arbiter has, naming the
article it comes from.

How ties are followed (FIDE C.07 3.1; GCT 2023 section 2, 3 and 4):

- A tie occupying places ``p … q`` is broken when the regulation decides
  place ``p`` (3.1.1). A tie for a place it does not decide stays tied, even
  when it reaches a decided place (a tour tie for places 2-3 is a tie for
  second place: GCT 2023 4.2); a regulation that leaves that open names an
  ambiguity article, and the engine then asks the arbiter for a ruling and keeps it.
- Each tie goes through the stages in order: the first stage with a format
  for that many players is played (x.3.1 two players, x.3.2 three or more),
  a stage that may repeat (4.11) is repeated, and after a round robin the
  players are ordered by their play-off score; players still equal form a
  new tie that carries on, separately from the others (4.5).
- An Armageddon knockout (2.4) is played until one player is left: with a
  field that is not a power of two, byes bring it down to the largest power
  of two below it (2.4.1: 2, 4 or 8); pairings and byes are drawn by lot at
  every knockout round with more than two players (the first players of the
  drawn order get the byes, the others meet in drawn order). The players who
  lose stay tied below the winner.
- After the regulation's limit of round robins, or when no stage applies, the
  chief arbiter decides by other means (4.12), with a recorded reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from itertools import pairwise

from arbiter_app.core.errors import RuleError
from arbiter_app.core.playoff.actions import Action, Choose, Toss
from arbiter_app.core.playoff.apply import act, earliest_start
from arbiter_app.core.playoff.progress import (
    Group,
    KnockoutRun,
    Progress,
    RoundRobinRun,
    advance,
    label,
    playable,
    printable,
    stage_name,
)
from arbiter_app.core.playoff.regulation import ColourRule, Format, Regulation, StartRule
from arbiter_app.core.playoff.steps import (
    DrawnRound,
    FinalGroup,
    GameRecord,
    GameSpec,
    LogEntry,
    Meeting,
    Step,
    Tie,
    TossRecord,
)


def _format_words(fmt: Format) -> str:
    """The stage's format and clock in a draw's sentence; a match is named once."""
    if stage_name(fmt) == "round robin":
        return f"{fmt.label or 'round robin'}, {fmt.clock}"
    return str(fmt.clock)


# --- the state ----------------------------------------------------------------------


@dataclass(frozen=True)
class PlayoffState:
    """A play-off: *regulation*, the *ties* of the final standings, and the *actions* so far.

    *meetings* are the tied players' games in the event (for a head-to-head
    stage); *last_game_end* is when the last game of the final round ended
    (for the schedule of 2.2/3.2/4.4). Build it once and :meth:`apply` actions.
    """

    regulation: Regulation
    ties: tuple[Tie, ...]
    actions: tuple[Action, ...] = ()
    meetings: tuple[Meeting, ...] = ()
    last_game_end: datetime | None = None
    final_day: str = ""
    """The date of the event's last round (the day of the play-off), "" when not known."""
    _progress: Progress = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_ties(self.ties)
        object.__setattr__(self, "_progress", _replay(self))

    def apply(self, action: Action) -> PlayoffState:
        """The state after *action*; raises RuleError when the regulation does not allow it."""
        return PlayoffState(
            self.regulation,
            self.ties,
            (*self.actions, action),
            self.meetings,
            self.last_game_end,
            self.final_day,
        )

    def apply_all(self, actions: Iterable[Action]) -> PlayoffState:
        state = self
        for action in actions:
            state = state.apply(action)
        return state

    @property
    def log(self) -> tuple[LogEntry, ...]:
        return tuple(self._progress.log)

    def games(self) -> tuple[GameRecord, ...]:
        return tuple(
            GameRecord(g.spec(), g.result, g.winner, g.note) for g in self._progress.games.values()
        )

    def drawn_rounds(self) -> tuple[DrawnRound, ...]:
        """Knockout rounds drawn whose games still wait for colours, with their byes
        (GCT 2023 2.4.1, 3.4.1): what the bracket shows before the games are scheduled."""
        out: list[DrawnRound] = []
        for g in self._progress.groups:
            run = g.run
            if isinstance(run, KnockoutRun) and not run.needs_draw and (run.pairs or run.byes):
                scheduled = {x.round for x in run.games}
                if run.pairs or run.round not in scheduled:
                    out.append(DrawnRound(g.label, run.round, tuple(run.pairs), tuple(run.byes)))
        return tuple(out)

    def drawn_numbers(self) -> dict[str, dict[int, int]]:
        """The pairing numbers drawn by lot for each round robin of the play-off, by the
        stage title its games carry (``places 1-3: round robin 1``): main-event pairing
        number -> drawn number 1..n (FIDE C.07 article 3.1.4; GCT 2023 2.3 / 3.3, City
        Chess OK 4.7). A round robin whose numbers are not drawn yet is absent."""
        out: dict[str, dict[int, int]] = {}
        for g in self._progress.groups:
            run = g.run
            if isinstance(run, RoundRobinRun) and run.numbers is not None:
                title = f"{stage_name(run.fmt)} {run.number}"
                key = f"{g.label}: {title}" if g.label else title
                out[key] = {tpn: k for k, tpn in enumerate(run.numbers, start=1)}
        return out

    def tosses(self) -> dict[str, TossRecord]:
        """Every coin toss by game, with the winner's choice once recorded (2.5.3, 3.5.3)."""
        out: dict[str, TossRecord] = {}
        for action in self.actions:
            if isinstance(action, Toss):
                winner = action.draw.outcome[0]
                out[action.game] = TossRecord(action.game, action.draw, winner, action.choice)
            elif isinstance(action, Choose) and action.game in out:
                before = out[action.game]
                out[action.game] = TossRecord(
                    before.game, before.draw, before.winner, action.choice
                )
        return out

    @property
    def done(self) -> bool:
        return next_step(self).code == "done"

    def final_groups(self) -> tuple[FinalGroup, ...]:
        """Where every tied player ends up (so far): decided places and remaining ties."""
        out: list[FinalGroup] = []
        for g in self._progress.groups:
            if g.status == "split":
                continue
            by_playoff = (g.place, g.last_place) != (g.original.place, g.original.last_place)
            out.append(FinalGroup(g.place, g.players, g.original, by_playoff, g.winner, g.article))
        out.sort(key=lambda f: f.place)
        return tuple(out)

    def latest_end(self, start: datetime) -> datetime:
        """The latest the stages now under way can end, by the longest-game convention."""
        longest = timedelta(0)
        for g in self._progress.groups:
            if g.status == "active" and g.run is not None:
                longest = max(longest, run_duration(self.regulation, g.run, len(g.players)))
        return start + longest


def _check_ties(ties: Sequence[Tie]) -> None:
    seen: set[int] = set()
    places: list[tuple[int, int]] = []
    for tie in ties:
        if len(tie.players) < 2:
            raise RuleError(f"a tie needs two or more players (place {tie.place})")
        if tie.place < 1:
            raise RuleError("places start at 1")
        for tpn in tie.players:
            if tpn in seen:
                raise RuleError(f"player {tpn} is in two ties")
            seen.add(tpn)
        places.append((tie.place, tie.last_place))
    places.sort()
    for (_, last), (first, _) in pairwise(places):
        if first <= last:
            raise RuleError(f"two ties overlap at place {first}")


def _replay(state: PlayoffState) -> Progress:
    p = Progress(state.regulation, state.meetings, final_day=state.final_day)
    for tie in sorted(state.ties, key=lambda t: t.place):
        p.groups.append(Group(label(tie.place, len(tie.players)), tie.place, tie.players, tie))
    advance(p)
    for number, action in enumerate(state.actions, 1):
        try:
            act(p, action, state.last_game_end)
        except RuleError as exc:
            raise RuleError(f"action {number} ({type(action).__name__.lower()}): {exc}") from None
        advance(p)
    return p


# --- the question: what now? ---------------------------------------------------------


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def run_duration(reg: Regulation, run: RoundRobinRun | KnockoutRun, players: int) -> timedelta:
    """Rounds × the longest game of the clock, plus the planned breaks between rounds."""
    if isinstance(run, RoundRobinRun):
        rounds = (players + players % 2 - 1) * run.fmt.cycles
    else:
        rounds = max(1, (len(run.remaining) - 1).bit_length())
    gap = timedelta(minutes=reg.schedule.between_rounds_minutes)
    return run.fmt.clock.longest() * rounds + gap * (rounds - 1)


def next_step(state: PlayoffState) -> Step:
    """What the arbiter must do now, with the article it comes from, and what the play-off
    assumed where the event does not say (:attr:`Step.assumptions`)."""
    step = _next_step(state)
    assumed = tuple(state._progress.assumptions)
    return replace(step, assumptions=assumed) if assumed else step


def _next_step(state: PlayoffState) -> Step:
    """The first step of :data:`STEPS` that has something to do, else the summary."""
    if not state._progress.started:
        return _start_step(state)
    groups = sorted(state._progress.groups, key=lambda g: g.place)
    for step in STEPS:
        found = step(state, groups)
        if found is not None:
            return found
    return _done_step(state)


def _start_step(state: PlayoffState) -> Step:
    """Before anything: when the play-off may start (its schedule) and what it breaks."""
    p = state._progress
    reg = state.regulation
    first = earliest_start(reg, state.last_game_end)
    text = "Start the play-off"
    if first is not None:
        text += (
            f" on {first:%Y-%m-%d}"
            if reg.schedule.start is StartRule.NEXT_DAY
            else f" not before {first:%H:%M}"
        )
        text += f" (article {reg.schedule.cited})"
        end = state.latest_end(first)
        if end > first:
            text += f"; the first stage can last until {end:%H:%M}"
    breaking = [g.describe() for g in p.groups if g.status not in ("final",)]
    if breaking:
        text += ". To break: " + "; ".join(breaking)
    return Step("start", reg.schedule.cited, text + ".", earliest_start=first)


def _ruling_step(state: PlayoffState, groups: Sequence[Group]) -> Step | None:
    """A tie the regulation is ambiguous about: the arbiter rules first."""
    reg = state.regulation
    for g in groups:
        if g.status == "ruling":
            stakes = sorted(
                k for k in set(reg.places) | g.extra_places if g.place <= k <= g.last_place
            )
            return Step(
                "resolve-ambiguity",
                reg.ambiguity_article or reg.places_article,
                f"The regulation is ambiguous about {g.describe()}: it decides "
                f"{'place' if len(stakes) == 1 else 'places'} "
                f"{', '.join(map(str, stakes))} (article {reg.places_article}) but not place "
                f"{g.place} (article {reg.unbroken_article}). Rule whether this tie is broken, "
                "and give the reason.",
                players=g.players,
            )
    return None


def _draw_step(state: PlayoffState, groups: Sequence[Group]) -> Step | None:
    """Lots to draw: a round robin's pairing numbers, or a knockout round's pairings."""
    for g in groups:
        run = g.run
        if g.status != "active":
            continue
        if isinstance(run, RoundRobinRun) and run.numbers is None:
            fresh = ""
            if run.stage.colours is ColourRule.REVERSE_IF_SAME:
                fresh = " (not the same players after an odd number of round robins: a fresh draw)"
            return Step(
                "draw-lots",
                run.draw_article,
                f"Draw lots for the pairing numbers 1-{len(g.players)} of {stage_name(run.fmt)} "
                f"{run.number} ({_format_words(run.fmt)}) of "
                f"{g.describe()}{fresh}.",
                players=g.players,
            )
        if isinstance(run, KnockoutRun) and run.needs_draw:
            n = len(run.remaining)
            target = 1 << (n.bit_length() - 1)
            byes = 0 if target == n else 2 * target - n
            return Step(
                "draw-lots",
                run.stage.byes_article or run.stage.article,
                f"Draw lots for the pairings of Armageddon knockout round {run.round} of "
                f"{g.describe()}: {_count(n, 'player')}, {_count((n - byes) // 2, 'game')}, "
                f"{_count(byes, 'bye')}"
                + (
                    f" (the first {byes} drawn get the byes)."
                    if byes > 1
                    else " (the first drawn gets the bye)."
                    if byes
                    else "."
                ),
                players=tuple(run.remaining),
            )
    return None


def _toss_step(state: PlayoffState, groups: Sequence[Group]) -> Step | None:
    """An Armageddon game's coin: toss it, then record the colour its winner chose."""
    for g in groups:
        run = g.run
        if g.status == "active" and isinstance(run, KnockoutRun) and run.tossed:
            game_id, winner = next(iter(run.tossed.items()))
            pair = next(x for x in run.pairs if x[0] == game_id)
            return Step(
                "choose",
                run.stage.colours_article,
                f"{winner} won the toss for game {game_id} ({pair[1]} v {pair[2]}): record "
                "the colour the winner chooses.",
                players=(winner,),
                game=game_id,
            )
        if g.status == "active" and isinstance(run, KnockoutRun) and run.pairs:
            game_id, a, b = run.pairs[0]
            return Step(
                "toss",
                run.stage.colours_article,
                f"Toss a coin for game {game_id} ({a} v {b}, Armageddon "
                f"{run.fmt.clock}): the winner of the toss chooses the colour.",
                players=(a, b),
                game=game_id,
            )
    return None


def _print_step(state: PlayoffState, groups: Sequence[Group]) -> Step | None:
    """Sheets due before the games: the pairings and score sheets of what was drawn."""
    to_print = printable(state._progress)
    if not to_print:
        return None
    games: list[GameSpec] = []
    for g in to_print:
        run = g.run
        if isinstance(run, RoundRobinRun):
            games += [x.spec() for r in run.rounds for x in r]
        elif isinstance(run, KnockoutRun):
            games += [x.spec() for x in run.games]
    first_run = to_print[0].run
    assert first_run is not None
    return Step(
        "print",
        first_run.stage.article,
        "Print the pairings and score sheets of " + "; ".join(g.describe() for g in to_print) + ".",
        games=tuple(games),
    )


def _play_step(state: PlayoffState, groups: Sequence[Group]) -> Step | None:
    """Games to play and record, round by round, with the player who rests."""
    to_play = playable(state._progress)
    if not to_play:
        return None
    games = [x.spec() for _, batch in to_play for x in batch]
    g0 = to_play[0][0]
    run0 = g0.run
    assert run0 is not None
    longest = max(x.clock.longest() for _, batch in to_play for x in batch)
    article = run0.fmt.article if isinstance(run0, RoundRobinRun) else run0.stage.article
    parts = []
    for g, batch in to_play:
        listing = ", ".join(f"{x.id} {x.white}-{x.black}" for x in batch)
        parts.append(f"round {batch[0].round} of {g.describe()}: {listing}")
    resting = [
        str(g.run.byes[batch[0].round - 1])
        for g, batch in to_play
        if isinstance(g.run, RoundRobinRun) and g.run.byes[batch[0].round - 1] is not None
    ]
    text = "Play and record " + "; ".join(parts)
    if resting:
        text += f" (bye: {', '.join(resting)})"
    return Step("play", article, text + ".", games=tuple(games), longest=longest)


def _decide_step(state: PlayoffState, groups: Sequence[Group]) -> Step | None:
    """The stages are spent and the tie stands: the chief arbiter decides by other means."""
    for g in groups:
        if g.status == "decide":
            return Step("decide", g.decide_article, g.decide_text, players=g.players)
    return None


def _done_step(state: PlayoffState) -> Step:
    """Nothing left to do: the final places, those the play-off decided marked."""
    finals = state.final_groups()
    summary = "; ".join(
        f"{label(f.place, len(f.players))}: {', '.join(map(str, f.players))}"
        + (" (play-off)" if f.by_playoff else "")
        for f in finals
    )
    # No tie left to report gives no empty sentence ("The play-off is over. .").
    text = (
        f"The play-off is over. {summary[:1].upper()}{summary[1:]}."
        if summary
        else ("The play-off is over: no tie was left to break.")
    )
    return Step("done", state.regulation.places_article, text)


STEPS: tuple[Callable[[PlayoffState, Sequence[Group]], Step | None], ...] = (
    _ruling_step,
    _draw_step,
    _toss_step,
    _print_step,
    _play_step,
    _decide_step,
)
"""What the arbiter must do next, in order of precedence once the play-off has started: the
first step with something to do is the answer (a ruling before any draw, every draw before
a toss, every sheet printed before the games, the games before a decision)."""
