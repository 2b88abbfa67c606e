"""The play-off in progress: tie groups, round robins and knockouts, rebuilt by replaying actions.

Internal to :mod:`arbiter_app.core.playoff`: the engine replays the actions
into a :class:`Progress` and reads the answer off it. The rules followed are
listed in :mod:`arbiter_app.core.playoff.engine`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from fractions import Fraction

from arbiter_app.core.errors import RuleError
from arbiter_app.core.pairing.berger import round_robin_schedule
from arbiter_app.core.playoff.regulation import ColourRule, Format, Regulation, Stage, StageKind
from arbiter_app.core.playoff.steps import GameSpec, LogEntry, Meeting, Tie
from arbiter_app.core.points import STANDARD, format_points
from arbiter_app.core.result import UNEQUAL, GameResult
from arbiter_app.core.timecontrol import TimeControl


@dataclass(eq=False)
class Game:
    """A play-off game as scheduled, with its result once entered."""

    id: str
    white: int
    black: int
    clock: TimeControl
    armageddon: bool
    round: int
    tie: str
    stage: str
    knockout: bool
    byes: tuple[int, ...] = ()
    result: str | None = None
    winner: int | None = None
    note: str = ""

    def spec(self) -> GameSpec:
        return GameSpec(
            self.id,
            self.white,
            self.black,
            str(self.clock),
            self.armageddon,
            self.round,
            self.tie,
            self.stage,
            self.knockout,
            self.byes,
        )


def stage_name(fmt: Format) -> str:
    """What a round-robin stage is called on the card, the bracket and the sheets: a match
    when the regulation plays one (City Chess OK Tiebreaks 2, the blitz match; GCT 2023
    2.3.1, the mini-match of two players), else a round robin."""
    return fmt.label if "match" in fmt.label else "round robin"


@dataclass(eq=False)
class RoundRobinRun:
    """A round robin under way for one tie: pairing numbers, rounds and byes."""

    stage: Stage
    fmt: Format
    number: int  # the how-many-th round robin of this tie's line (4.11, 4.12)
    numbers: tuple[int, ...] | None = None  # numbers[k] holds pairing number k + 1
    reversed: bool = False
    draw_article: str = ""
    rounds: list[list[Game]] = field(default_factory=list)
    byes: list[int | None] = field(default_factory=list)
    printed: bool = False

    def current(self) -> int | None:
        for index, games in enumerate(self.rounds):
            if any(g.result is None for g in games):
                return index
        return None


@dataclass(eq=False)
class KnockoutRun:
    """An Armageddon knockout under way: who is left, the round, pairs awaiting a toss."""

    stage: Stage
    fmt: Format
    remaining: list[int]
    round: int = 1
    needs_draw: bool = False
    pairs: list[tuple[str, int, int]] = field(default_factory=list)  # awaiting a toss
    tossed: dict[str, int] = field(default_factory=dict)  # game -> toss winner, awaiting a choice
    games: list[Game] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    printed: bool = False


@dataclass(eq=False)
class Group:
    """Players tied for a range of places, and where their line of the play-off stands."""

    label: str
    place: int
    players: tuple[int, ...]
    original: Tie
    stage_index: int = 0
    stage_runs: int = 0
    rr_held: int = 0
    last_rr: tuple[tuple[int, ...], tuple[int, ...], bool] | None = None
    extra_places: frozenset[int] = frozenset()
    status: str = "pending"  # pending, ruling, active, decide, final, split
    run: RoundRobinRun | KnockoutRun | None = None
    decide_text: str = ""
    decide_article: str = ""
    article: str = ""  # the article that put this group where it is
    winner: bool = False

    @property
    def last_place(self) -> int:
        return self.place + len(self.players) - 1

    def describe(self) -> str:
        where = (
            f"place {self.place}"
            if len(self.players) == 1
            else f"places {self.place}-{self.last_place}"
        )
        return f"the tie for {where} (players {', '.join(map(str, self.players))})"


@dataclass(eq=False)
class Progress:
    """Everything the replay of the actions has built: groups, games, the protocol."""

    reg: Regulation
    meetings: tuple[Meeting, ...]
    final_day: str = ""
    groups: list[Group] = field(default_factory=list)
    games: dict[str, Game] = field(default_factory=dict)
    log: list[LogEntry] = field(default_factory=list)
    started: bool = False
    start_time: datetime | None = None
    counter: int = 0
    assumptions: list[str] = field(default_factory=list)
    """What was assumed where the event does not say (shown with every step)."""

    def new_id(self) -> str:
        """Game ids in order of creation: the same actions always give the same ids."""
        self.counter += 1
        return f"G{self.counter}"

    def note(self, article: str, text: str) -> None:
        self.log.append(LogEntry(article, text))


def label(place: int, count: int) -> str:
    return f"place {place}" if count == 1 else f"places {place}-{place + count - 1}"


def fmt(value: Fraction) -> str:
    return format_points(value)


FORFEIT_ARTICLE = "FIDE Laws of Chess 6.7.1"
"""What a play-off game not played does: the GCT 2023 regulations (2.3-2.5, 3.3-3.5) do
not say, so the Laws apply: a player absent when the game starts loses it, and two absent
players both lose it."""


def points(result: str) -> tuple[Fraction, Fraction]:
    """White's and Black's points for a play-off game's *result*, in any notation of
    :class:`~arbiter_app.core.result.GameResult`: a forfeit scores as the win it gives to
    the player present, a double forfeit nothing to either (:data:`FORFEIT_ARTICLE`)."""
    try:
        parsed = GameResult.parse(result)
    except ValueError:
        raise RuleError(
            f"not a result: {result!r} (use 1-0, 0-1 or 1/2-1/2; 1F-0 or 0-1F for a game the "
            "absent player loses by forfeit, 0F-0F when both are absent)"
        ) from None
    if parsed in UNEQUAL or not parsed.is_rated:
        raise RuleError(
            f"a play-off game is won, drawn or lost by forfeit, not {parsed.label}: the "
            "play-off decides who goes through (use 1-0, 0-1 or 1/2-1/2, or a forfeit)"
        )
    white, black = parsed.entries(1, 2)
    return white.points(STANDARD), black.points(STANDARD)


def owns(run: RoundRobinRun | KnockoutRun, game: Game) -> bool:
    if isinstance(run, RoundRobinRun):
        return any(game in games for games in run.rounds)
    return game in run.games


# --- moving the play-off on ----------------------------------------------------------


def advance(p: Progress) -> None:
    """Settle every group that needs no arbiter action (evaluation, splits, head-to-head)."""
    changed = True
    while changed:
        changed = False
        for g in list(p.groups):
            if g.status == "pending":
                _evaluate(p, g)
                changed = True
            elif g.status == "active" and g.run is not None and _run_finished(g.run):
                _finish_run(p, g)
                changed = True


def _evaluate(p: Progress, g: Group) -> None:
    reg = p.reg
    n = len(g.players)
    if n == 1:
        g.status = "final"
        return
    stakes = set(reg.places) | g.extra_places
    inside = sorted(k for k in stakes if g.place <= k <= g.last_place)
    if not inside:
        g.status = "final"
        if (g.place, g.last_place) == (g.original.place, g.original.last_place):
            p.note(reg.unbroken_article, f"{g.describe()} is not broken; the places are shared")
        return
    if g.place not in inside:
        if reg.ambiguity_article:
            g.status = "ruling"  # the regulation leaves it open: the arbiter rules
            return
        # A tie for a place the regulation does not break stays, even when it reaches a
        # place it breaks (GCT 2023 4.2: a tie for second place is not broken).
        g.status = "final"
        p.note(
            reg.unbroken_article,
            f"{g.describe()} is a tie for place {g.place}, which is not broken; "
            "the places are shared",
        )
        return
    _choose_stage(p, g)


def _choose_stage(p: Progress, g: Group) -> None:
    reg = p.reg
    n = len(g.players)
    if reg.max_round_robins is not None and g.rr_held >= reg.max_round_robins:
        g.status = "decide"
        g.decide_article = reg.decide_article
        g.decide_text = (
            f"{g.describe()} is unresolved after {g.rr_held} round robins: the chief arbiter, "
            "after consulting the players, directs that it be resolved by other means. "
            "Record the reason and the resulting order."
        )
        return
    s, runs = g.stage_index, g.stage_runs
    while s < len(reg.stages):
        stage = reg.stages[s]
        if stage.format_for(n) is not None and (stage.repeat is None or runs < stage.repeat):
            break
        s, runs = s + 1, 0
    else:
        g.status = "decide"
        g.decide_article = reg.decide_article or "C.07 3.1.3"
        g.decide_text = (
            f"The regulation has no further stage for {g.describe()}: the chief arbiter "
            "decides by other means. Record the reason and the resulting order."
        )
        return
    g.stage_index, g.stage_runs = s, runs
    stage = reg.stages[s]
    fmt = stage.format_for(n)
    assert fmt is not None
    if stage.kind is StageKind.HEAD_TO_HEAD:
        _head_to_head(p, g, stage, fmt)
    elif stage.kind is StageKind.ROUND_ROBIN:
        _start_round_robin(p, g, stage, fmt)
    else:
        g.status = "active"
        g.run = KnockoutRun(stage, fmt, list(g.players))
        knockout_round(p, g, g.run)


def _head_to_head(p: Progress, g: Group, stage: Stage, fmt: Format) -> None:
    a, b = g.players
    score = {a: Fraction(0), b: Fraction(0)}
    played = [m for m in p.meetings if {m.white, m.black} == {a, b}]
    if stage.same_day:
        played = _that_day(p, g, fmt, played)
    for m in played:
        white, black = points(m.result)
        score[m.white] += white
        score[m.black] += black
    if played and score[a] != score[b]:
        winner, loser = (a, b) if score[a] > score[b] else (b, a)
        p.note(fmt.article, f"head-to-head: {winner} beat {loser} in the event; {winner} is first")
        split(p, g, [[winner], [loser]], fmt.article, stage_next=g.stage_index + 1, runs=0)
        return
    why = "they did not meet that day" if stage.same_day else "they did not meet"
    why = why if not played else ("their game was" if len(played) == 1 else "their games were")
    why += " not decisive" if played else ""
    p.note(fmt.article, f"head-to-head does not decide {g.describe()}: {why}")
    g.stage_index, g.stage_runs = g.stage_index + 1, 0
    _evaluate(p, g)


def _that_day(p: Progress, g: Group, fmt: Format, played: list[Meeting]) -> list[Meeting]:
    """City Chess OK Tiebreaks 1: only a game "in a round that day" counts.

    The day is the date of the event's last round (the schedule, TRF 132): a
    game of a round on another date is left out, and the protocol says so. When
    a date is not known the games are taken as played that day, and the
    play-off says what it assumed with every step.
    """
    if not played:
        return played
    rounds = ", ".join(str(m.round) for m in played if m.round)
    if not p.final_day or not all(m.day for m in played):
        one = len(played) == 1
        text = (
            f"{g.describe()}: the round dates are not known, so "
            + ("their game in the event" if one else "their games in the event")
            + (f" (round {rounds})" if rounds and one else f" (rounds {rounds})" if rounds else "")
            + (" is" if one else " are")
            + " taken as played on the day of the play-off"
        )

        p.note(fmt.article, text)
        p.assumptions.append(f"{text} ({fmt.article}: only a game in a round that day counts)")
        return played
    that_day = [m for m in played if same_date(m.day, p.final_day)]
    for m in played:
        if m not in that_day:
            p.note(
                fmt.article,
                f"{g.describe()}: their game of round {m.round} was on {m.day}, not on the day "
                f"of the play-off ({p.final_day}): it does not count",
            )
    return that_day


def same_date(first: str, second: str) -> bool:
    """Two dates as written are the same day (ISO dates compared as dates, others as text)."""
    try:
        return date.fromisoformat(first.strip()) == date.fromisoformat(second.strip())
    except ValueError:
        return first.strip() == second.strip()


def _start_round_robin(p: Progress, g: Group, stage: Stage, fmt: Format) -> None:
    run = RoundRobinRun(
        stage, fmt, g.rr_held + 1, draw_article=stage.colours_article or stage.article
    )
    g.run, g.status = run, "active"
    if (
        stage.colours is ColourRule.REVERSE_IF_SAME
        and g.last_rr is not None
        and set(g.last_rr[0]) == set(g.players)
        and g.rr_held % 2 == 1
    ):
        # 4.9 / 4.11: the same players after an odd number of round robins: colours reversed.
        _, numbers, was_reversed = g.last_rr
        run.reversed = not was_reversed
        build_round_robin(p, g, run, numbers)
        p.note(
            stage.colours_article,
            f"{stage_name(run.fmt)} {run.number} of {g.describe()}: same players, colours reversed",
        )


def build_round_robin(p: Progress, g: Group, run: RoundRobinRun, numbers: tuple[int, ...]) -> None:
    run.numbers = numbers
    clock = run.fmt.clock
    count = len(numbers)
    # The Berger tables of C.05 Annex 1; a second cycle has the colours reversed.
    schedule = round_robin_schedule(count, double=run.fmt.cycles == 2)
    for round_no, pairs in enumerate(schedule, 1):
        games: list[Game] = []
        seats = [
            (pair.black, pair.white) if run.reversed else (pair.white, pair.black) for pair in pairs
        ]
        # The dummy number of an odd field: its opponent has the round off.
        bye = next((numbers[min(w, b) - 1] for w, b in seats if max(w, b) > count), None)
        for white, black in seats:
            if max(white, black) > count:
                continue
            game = Game(
                p.new_id(),
                numbers[white - 1],
                numbers[black - 1],
                clock,
                clock.is_asymmetric,
                round_no,
                g.label,
                f"{stage_name(run.fmt)} {run.number}",
                False,
                () if bye is None else (bye,),
            )
            p.games[game.id] = game
            games.append(game)
        run.rounds.append(games)
        run.byes.append(bye)


def knockout_round(p: Progress, g: Group, run: KnockoutRun) -> None:
    run.pairs, run.games, run.byes, run.printed, run.tossed = [], [], [], False, {}
    if len(run.remaining) == 2:
        # Two players: the pairing needs no lot; the toss gives the colours (2.5.3).
        a, b = run.remaining
        run.pairs = [(p.new_id(), a, b)]
    elif len(run.remaining) > 2:
        run.needs_draw = True


def pair_knockout(p: Progress, g: Group, run: KnockoutRun, order: Sequence[int]) -> None:
    """2.4.1: byes bring the field to a power of two; the first drawn players get them."""
    n = len(order)
    target = 1 << (n.bit_length() - 1)
    byes = 0 if target == n else 2 * target - n
    run.byes = list(order[:byes])
    rest = list(order[byes:])
    run.needs_draw = False
    for k in range(0, len(rest), 2):
        run.pairs.append((p.new_id(), rest[k], rest[k + 1]))
    text = ", ".join(f"{a}-{b}" for _, a, b in run.pairs)
    if run.byes:
        text += f"; byes: {', '.join(map(str, run.byes))}"
    p.note(run.stage.byes_article or run.stage.article, f"knockout round {run.round}: {text}")


def _run_finished(run: RoundRobinRun | KnockoutRun) -> bool:
    if isinstance(run, RoundRobinRun):
        return run.numbers is not None and run.current() is None
    return len(run.remaining) == 1


def _finish_run(p: Progress, g: Group) -> None:
    run = g.run
    if isinstance(run, RoundRobinRun):
        assert run.numbers is not None
        score = {tpn: Fraction(0) for tpn in g.players}
        for games in run.rounds:
            for game in games:
                white, black = points(game.result or "")
                score[game.white] += white
                score[game.black] += black
        levels = sorted(set(score.values()), reverse=True)
        parts = [[t for t in g.players if score[t] == level] for level in levels]
        table = "; ".join(f"{t}: {fmt(score[t])}" for part in parts for t in part)
        p.note(
            run.fmt.article, f"{stage_name(run.fmt)} {run.number} of {g.describe()} ends: {table}"
        )
        g.rr_held += 1
        g.last_rr = (g.players, run.numbers, run.reversed)
        split(p, g, parts, run.fmt.article, g.stage_index, g.stage_runs + 1)
    else:
        assert isinstance(run, KnockoutRun)
        (winner,) = run.remaining
        others = [t for t in g.players if t != winner]
        p.note(run.stage.article, f"{winner} wins the Armageddon knockout of {g.describe()}")
        split(p, g, [[winner], others], run.stage.article, g.stage_index + 1, 0)


def split(
    p: Progress, g: Group, parts: list[list[int]], article: str, stage_next: int, runs: int
) -> None:
    g.status = "split"
    place = g.place
    for part in parts:
        child = Group(
            label(place, len(part)),
            place,
            tuple(part),
            g.original,
            stage_index=stage_next,
            stage_runs=runs,
            rr_held=g.rr_held,
            last_rr=g.last_rr,
            extra_places=g.extra_places,
            article=article,
        )
        # The winner of a play-off for the first place of the original tie (2.6, 3.6).
        child.winner = (
            len(part) == 1 and place == g.original.place and len(parts) > 1 and place == g.place
        )
        p.groups.append(child)
        place += len(part)
    if len(parts) > 1 and len(parts[0]) == 1:
        p.note(article, f"{parts[0][0]} takes place {g.place}")


def printable(p: Progress) -> list[Group]:
    out = []
    for g in p.groups:
        run = g.run
        if g.status != "active" or run is None or run.printed:
            continue
        if isinstance(run, RoundRobinRun) and run.numbers is not None:
            out.append(g)
        if isinstance(run, KnockoutRun) and not run.needs_draw and not run.pairs and run.games:
            out.append(g)
    return out


def playable(p: Progress) -> list[tuple[Group, list[Game]]]:
    out: list[tuple[Group, list[Game]]] = []
    for g in p.groups:
        run = g.run
        if g.status != "active" or run is None or not run.printed:
            continue
        if isinstance(run, RoundRobinRun):
            index = run.current()
            if index is not None:
                out.append((g, [x for x in run.rounds[index] if x.result is None]))
        else:
            pending = [x for x in run.games if x.result is None]
            if pending and not run.pairs:
                out.append((g, pending))
    return out
