"""The play-off kit: schedule, pairing sheets, Armageddon game cards, the bracket, prizes, PGN.

Everything is read from the play-off engine's state
(:class:`~arbiter_app.core.playoff.PlayoffState`): its regulation, the games
it has scheduled and their results, the lots drawn and the coins tossed, so
the printed kit says exactly what the engine decided. A round robin's players
carry the pairing numbers drawn for it (FIDE C.07 3.1.4), other players the main
event's; names come from the event.

Articles printed are the regulation's own (GCT 2023 2.2–2.8 and 3.2–3.8 for
events, 4.x for the tour; FIDE C.07 3.1 for the parameters of a play-off).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from arbiter_app.core.model import Colour, Event
from arbiter_app.core.playoff import PlayoffState, StageKind, next_step
from arbiter_app.core.playoff.steps import DrawnRound, GameRecord
from arbiter_app.core.result import GameResult, sheet_text
from arbiter_app.core.timecontrol import TimeControl, parse_encoded
from arbiter_app.core.words import count
from arbiter_app.exports.clock import EVENT_CLOCK, time_control_field
from arbiter_app.exports.pgn import PlayoffGame
from arbiter_app.exports.sheet import (
    Align,
    Block,
    Box,
    Column,
    Fields,
    Heading,
    PageBreak,
    Paragraph,
    Sheet,
    Signatures,
    Table,
    embed,
)


def names_of(event: Event) -> dict[int, str]:
    return {p.tpn: p.name for p in event.players}


def who(tpn: int, names: Mapping[int, str]) -> str:
    return f"{embed(names.get(tpn, '?'))} ({tpn})"


def seat(tpn: int, names: Mapping[int, str], numbers: Mapping[int, int]) -> str:
    """A player of a play-off round robin as its sheets show them once the pairing numbers
    are drawn: ``1. Name`` with the drawn number (FIDE C.07 article 3.1.4), not the main
    event's; ``Name (12)`` with the main event's number before the draw or in a knockout."""
    if tpn in numbers:
        return f"{numbers[tpn]}. {embed(names.get(tpn, '?'))}"
    return who(tpn, names)


def drawn_line(numbers: Mapping[int, int], names: Mapping[int, str]) -> str:
    """The drawn pairing numbers in order: ``1. Name, 2. Name, 3. Name`` (C.07 3.1.4)."""
    return ", ".join(
        f"{n}. {embed(names.get(tpn, '?'))}"
        for tpn, n in sorted(numbers.items(), key=lambda x: x[1])
    )


def _minutes(td_seconds: float) -> str:
    minutes = round(td_seconds / 60)
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest:02d} min" if hours else f"{rest} min"


def clock_of(text: str) -> TimeControl | None:
    try:
        return parse_encoded(text)
    except ValueError:
        return None


# --- schedule ----------------------------------------------------------------------


def schedule_sheet(event: Event, state: PlayoffState, *, start: datetime | None = None) -> Sheet:
    """What the play-off is, when it may start, its stages and clocks, and who is tied."""
    reg = state.regulation
    names = names_of(event)
    blocks: list[Block] = [
        Heading("Regulation (FIDE C.07 article 3.1)"),
        Table(
            (
                Column("Article", Align.LEFT, 12),
                Column("What the regulation fixes", Align.LEFT, 88),
            ),
            tuple((art, text) for art, text in reg.c07_parameters().items()),
        ),
        Heading("Tied players"),
        Table(
            (Column("Places", Align.LEFT, 15), Column("Players (pairing number)", Align.LEFT, 85)),
            tuple(
                (
                    f"{t.place}-{t.last_place}",
                    "; ".join(who(tpn, names) for tpn in t.players),
                )
                for t in state.ties
            ),
        ),
        Heading("Stages"),
    ]
    rows = []
    for index, stage in enumerate(reg.stages, start=1):
        for fmt in stage.formats:
            count = f"{fmt.min_players}" + (
                "+" if fmt.max_players is None else f"–{fmt.max_players}"
            )
            clock = clock_of(fmt.time_control) if fmt.time_control else None
            rows.append(
                (
                    str(index),
                    _stage_name(stage.kind, fmt.cycles, fmt.label),
                    count,
                    str(clock) if clock else "—",
                    _minutes(clock.longest().total_seconds()) if clock else "—",
                    fmt.article or stage.article,
                )
            )
    blocks.append(
        Table(
            (
                Column("Stage", Align.RIGHT, 7),
                Column("Format", Align.LEFT, 30),
                Column("Players", Align.CENTER, 9),
                Column("Clock", Align.LEFT, 26),
                Column("Longest game", Align.RIGHT, 14),
                Column("Article", Align.LEFT, 14),
            ),
            tuple(rows),
        )
    )
    step = next_step(state)
    timing: list[tuple[str, str]] = [("Start", _start_rule(state))]
    if step.earliest_start is not None:
        timing.append(("Earliest start", f"{step.earliest_start:%Y-%m-%d %H:%M}"))
    if start is not None:
        timing.append(("Planned start", f"{start:%Y-%m-%d %H:%M}"))
        timing.append(("First stage ends by", f"{state.latest_end(start):%H:%M}"))
    timing.append(("Now", f"{step.text} (article {step.article})" if step.article else step.text))
    blocks += [Heading("Schedule"), Fields(tuple(timing))]
    blocks.append(
        Paragraph(
            "Longest game: both clocks used up plus the bonus on an assumed 60 moves each "
            "(the City Chess OK convention: G/45 d5 can last 1 h 40 min).",
            small=True,
        )
    )
    return Sheet(
        title="Play-off schedule",
        event=event.name,
        subtitle=reg.title,
        header=(("Source", reg.source), *time_control_field(event.info, EVENT_CLOCK)),
        blocks=tuple(blocks),
    )


def _stage_name(kind: StageKind, cycles: int, label: str) -> str:
    if label:
        return label
    if kind is StageKind.ROUND_ROBIN:
        return "double round robin" if cycles == 2 else "round robin"
    if kind is StageKind.HEAD_TO_HEAD:
        return "head-to-head result in the event"
    return "Armageddon knockout"


def _start_rule(state: PlayoffState) -> str:
    sched = state.regulation.schedule
    text = sched.start.value.replace("-", " ")
    if sched.gap_minutes:
        text += f", not less than {count(sched.gap_minutes, 'minute')} after the last game"

    return f"{text} (article {sched.article})" if sched.article else text


# --- pairing sheets ------------------------------------------------------------------


def _by_stage(games: Sequence[GameRecord]) -> list[tuple[str, list[GameRecord]]]:
    """The games in runs of one stage (one pairing sheet each), titled by the stage."""
    out: list[tuple[str, list[GameRecord]]] = []
    for g in games:
        key = (
            g.spec.stage_title
            if not g.spec.knockout
            else f"{g.spec.stage_title} round {g.spec.round}"
        )
        if out and out[-1][0] == key:
            out[-1][1].append(g)
        else:
            out.append((key, [g]))
    return out


def stage_pairings_sheet(event: Event, state: PlayoffState) -> Sheet:
    """One pairing sheet per stage of the play-off (a page each), with the clock and results so far."""
    names = names_of(event)
    drawn = state.drawn_numbers()
    blocks: list[Block] = []
    stages = _by_stage(state.games())
    for i, (key, games) in enumerate(stages):
        if i:
            blocks.append(PageBreak())
        first = games[0].spec
        # A round robin's players carry the numbers drawn for it (C.07 3.1.4).
        numbers = drawn.get(first.stage_title, {})
        clock = clock_of(first.time_control)
        blocks.append(Heading(key[:1].upper() + key[1:]))
        info: list[tuple[str, str]] = [("Clock", str(clock) if clock else first.time_control)]
        if numbers:
            info.append(("Pairing numbers", f"drawn by lot: {drawn_line(numbers, names)}"))
        if first.armageddon:
            _, draw_art, colour_art = knockout_articles(state)
            info.append(
                (
                    "Armageddon",
                    "a draw counts as a win for Black"
                    + (f" (article {draw_art})" if draw_art else "")
                    + "; colours by a coin toss, the winner chooses"
                    + (f" (article {colour_art})" if colour_art else ""),
                )
            )
        blocks.append(Fields(tuple(info)))
        rounds = sorted({g.spec.round for g in games})
        blocks.append(
            Table(
                (
                    Column("Round", Align.RIGHT, 8),
                    Column("Game", Align.LEFT, 7),
                    Column("No", Align.RIGHT, 5),
                    Column("White", Align.LEFT, 31),
                    Column("Result", Align.CENTER, 9),
                    Column("No", Align.RIGHT, 5),
                    Column("Black", Align.LEFT, 35),
                ),
                tuple(
                    (
                        str(g.spec.round),
                        g.spec.id,
                        str(numbers.get(g.spec.white, g.spec.white)),
                        names.get(g.spec.white, "?"),
                        sheet_text(g.result) or "–",
                        str(numbers.get(g.spec.black, g.spec.black)),
                        names.get(g.spec.black, "?"),
                    )
                    for r in rounds
                    for g in games
                    if g.spec.round == r
                ),
            )
        )
        resting = _resting(games, numbers)
        if resting:
            blocks.append(Paragraph(resting))
        byes = _knockout_byes(state, games, names)
        if byes:
            blocks.append(Paragraph(byes))
        blocks.append(Signatures(("Chief arbiter",)))
    # A knockout round drawn by lot is on the sheet at once, before its coin tosses.
    for waiting in state.drawn_rounds():
        if blocks:
            blocks.append(PageBreak())
        blocks += _drawn_round(state, waiting, names)
    return kit_sheet(event, state, "Play-off pairings", blocks)


def _knockout_byes(
    state: PlayoffState, games: Sequence[GameRecord], names: Mapping[int, str]
) -> str:
    """The byes drawn by lot for a knockout round (GCT 2023 2.4.1 / 3.4.1), in words."""
    if not games[0].spec.knockout:
        return ""
    return _byes_sentence(state, sorted({p for g in games for p in g.spec.byes}), names)


def _byes_sentence(state: PlayoffState, byes: Sequence[int], names: Mapping[int, str]) -> str:
    """``Bye drawn by lot (article 2.4.1): Name (4), on to the next round without a game.``"""
    if not byes:
        return ""
    art = _byes_article(state)
    where = f" (article {art})" if art else ""
    return (
        f"Bye drawn by lot{where}: "
        + "; ".join(who(p, names) for p in byes)
        + ", on to the next round without a game."
    )


def _byes_article(state: PlayoffState) -> str:
    """The article that gives a knockout's byes by lot (GCT 2023 2.4.1), else the stage's."""
    for stage in state.regulation.stages:
        if stage.kind is StageKind.ARMAGEDDON_KNOCKOUT:
            return stage.byes_article or stage.article
    return ""


def _drawn_round(state: PlayoffState, drawn: DrawnRound, names: Mapping[int, str]) -> list[Block]:
    """A knockout round as soon as the lots are drawn, before the coin tosses give the games
    their colours: the pairs and the byes (GCT 2023 2.4.1 / 3.4.1; colours 2.5.3 / 3.5.3)."""
    _, _, colour_art = knockout_articles(state)
    title = f"{drawn.tie}: Armageddon knockout round {drawn.round}"
    blocks: list[Block] = [
        Heading(title[:1].upper() + title[1:]),
        Fields(
            (
                (
                    "Colours",
                    "by a coin toss, the winner chooses"
                    + (f" (article {colour_art})" if colour_art else "")
                    + "; not tossed yet",
                ),
            )
        ),
    ]
    if drawn.pairs:
        blocks.append(
            Table(
                (
                    Column("Game", Align.LEFT, 10),
                    Column("Player", Align.LEFT, 42),
                    Column("", Align.CENTER, 6),
                    Column("Player", Align.LEFT, 42),
                ),
                tuple((game, who(a, names), "–", who(b, names)) for game, a, b in drawn.pairs),
            )
        )
    if drawn.byes:
        blocks.append(Paragraph(_byes_sentence(state, drawn.byes, names)))
    blocks.append(Signatures(("Chief arbiter",)))
    return blocks


def kit_sheet(
    event: Event, state: PlayoffState, title: str, blocks: Sequence[Block], footer: str = ""
) -> Sheet:
    """A sheet of the play-off kit: the event, the regulation and the event's clock on top;
    without games yet, what the play-off waits for."""
    if not blocks:
        blocks = [Paragraph("No play-off games have been scheduled yet: " + next_step(state).text)]
    return Sheet(
        title=title,
        event=event.name,
        subtitle=state.regulation.title,
        header=time_control_field(event.info, EVENT_CLOCK),
        blocks=tuple(blocks),
        footer=footer,
    )


def _resting(games: Sequence[GameRecord], numbers: Mapping[int, int]) -> str:
    """Who has the free round in each round of a round robin with an odd number of players
    (by the drawn pairing number once drawn)."""
    if games[0].spec.knockout:
        return ""  # knockout byes are drawn by lot and shown on the bracket
    parts = []
    for r in sorted({g.spec.round for g in games}):
        free = sorted({numbers.get(p, p) for g in games if g.spec.round == r for p in g.spec.byes})
        if free:
            parts.append(f"round {r}: {', '.join(map(str, free))}")
    return ("No game (bye): " + "; ".join(parts) + ".") if parts else ""


# --- Armageddon game cards ----------------------------------------------------------------


def knockout_articles(state: PlayoffState) -> tuple[str, str, str]:
    """(stage article, draw-odds article, colours article) of the Armageddon stage."""
    for stage in state.regulation.stages:
        if stage.kind is StageKind.ARMAGEDDON_KNOCKOUT:
            return stage.article, stage.draw_article, stage.colours_article
    return "", "", ""


def _side(clock: TimeControl, colour: Colour) -> str:
    return str(TimeControl(clock.clock(colour)))


def armageddon_cards_sheet(event: Event, state: PlayoffState) -> Sheet:
    """One card per Armageddon game: clocks, colours by the toss, draw odds, result, signatures."""
    names = names_of(event)
    tosses = state.tosses()
    stage_art, draw_art, colour_art = knockout_articles(state)
    blocks: list[Block] = []
    cards = [g for g in state.games() if g.spec.armageddon]
    for i, g in enumerate(cards):
        if i and i % 2 == 0:
            blocks.append(PageBreak())
        spec = g.spec
        clock = clock_of(spec.time_control)
        toss = tosses.get(spec.id)
        if toss is not None:
            toss_text = f"won by {who(toss.winner, names)}"
            if toss.choice is not None:
                chose = "White" if toss.choice is Colour.WHITE else "Black"
                toss_text += f", who chose {chose}"
            else:
                toss_text += "; colour not chosen yet"
            if toss.draw.seed is not None:
                toss_text += f" (drawn by the application, seed {toss.draw.seed})"
            else:
                toss_text += " (coin tossed by the chief arbiter)"
        else:
            toss_text = "not tossed yet"
        fields: list[tuple[str, str]] = [
            ("White", who(spec.white, names)),
            ("Black", who(spec.black, names)),
            ("White's clock", _side(clock, Colour.WHITE) if clock else spec.time_control),
            ("Black's clock", _side(clock, Colour.BLACK) if clock else spec.time_control),
            ("Coin toss", toss_text + (f" — article {colour_art}" if colour_art else "")),
            (
                "Draw odds",
                "a draw counts as a win for Black" + (f" — article {draw_art}" if draw_art else ""),
            ),
            (
                "Result",
                sheet_text(g.result) or "1-0          0-1          ½-½ (Black goes through)",
            ),
        ]
        if g.winner is not None:
            fields.append(("Goes through", who(g.winner, names)))
        blocks.append(
            Box(
                (
                    Heading(f"Armageddon game {spec.id} — {spec.label}", 3),
                    Fields(tuple(fields)),
                    Signatures(("White", "Black", "Chief arbiter")),
                )
            )
        )
    if not cards:
        blocks.append(Paragraph("No Armageddon game has been paired yet."))
    return Sheet(
        title="Armageddon game cards",
        event=event.name,
        subtitle=state.regulation.title + (f" — article {stage_art}" if stage_art else ""),
        header=time_control_field(event.info, EVENT_CLOCK),
        blocks=tuple(blocks),
    )


# --- PGN ------------------------------------------------------------------------------


def playoff_games(event: Event, state: PlayoffState) -> list[PlayoffGame]:
    """The play-off games for the PGN export: names, clocks in the FIDE encoding, Armageddon marked.

    Round is ``stage.round`` (``1.2``: the first stage's second round), with
    ``.board`` added when a round has several games.
    """
    names = names_of(event)
    games = state.games()
    stages: dict[str, int] = {}
    per_round: dict[tuple[str, int], int] = {}
    for g in games:
        key = (g.spec.stage_title, g.spec.round)
        stages.setdefault(key[0], len(stages) + 1)
        per_round[key] = per_round.get(key, 0) + 1
    seen: dict[tuple[str, int], int] = {}
    out = []
    for g in games:
        key = (g.spec.stage_title, g.spec.round)
        seen[key] = seen.get(key, 0) + 1
        number = f"{stages[key[0]]}.{g.spec.round}"
        if per_round[key] > 1:
            number += f".{seen[key]}"
        clock = clock_of(g.spec.time_control)
        out.append(
            PlayoffGame(
                event=f"{event.name} — play-off" if event.name else "Play-off",
                site=event.info.city,
                day=event.info.end_date,
                round=number,
                white=names.get(g.spec.white, str(g.spec.white)),
                black=names.get(g.spec.black, str(g.spec.black)),
                # PGN has no forfeit: the win it gives, or no result (PGN 8.1.1.7).
                result=GameResult.parse(g.result).pgn if g.result else "*",
                time_control=clock.fide() if clock else g.spec.time_control,
                armageddon=g.spec.armageddon,
                stage=g.spec.label,
            )
        )
    return out
