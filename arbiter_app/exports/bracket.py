"""The Armageddon knockout of a play-off drawn as a bracket (GCT 2023 articles 2.4, 2.4.1).

The tree is built back from the last round played: each game's players came
from a game of the round before or from a bye, so a knockout whose pairings
are drawn again every round (2.4.1) is still drawn as it really went.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbiter_app.core.model import Event
from arbiter_app.core.playoff import PlayoffState
from arbiter_app.core.playoff.progress import points as result_points
from arbiter_app.core.playoff.steps import DrawnRound, GameRecord, GameSpec
from arbiter_app.core.points import format_points
from arbiter_app.core.result import sheet_text
from arbiter_app.exports.clock import EVENT_CLOCK, time_control_field
from arbiter_app.exports.playoff import knockout_articles, names_of, who
from arbiter_app.exports.sheet import (
    Align,
    Block,
    Bracket,
    BracketNode,
    Column,
    Heading,
    Paragraph,
    Sheet,
    Table,
    embed,
)

PENDING = "colours by coin toss"
KNOCKOUT = "Armageddon knockout"
"""What a drawn game waiting for its toss says on the bracket."""


def _knockouts(state: PlayoffState) -> list[tuple[str, list[GameRecord]]]:
    """Armageddon games by knockout (the tie they break), in order; the pairs of a round
    drawn but not yet given colours count as games with no result (GCT 2023 3.4.1)."""
    out: dict[str, list[GameRecord]] = {}
    for g in state.games():
        if g.spec.knockout:
            out.setdefault(g.spec.tie, []).append(g)
    for drawn in state.drawn_rounds():
        out.setdefault(drawn.tie, []).extend(pending_games(drawn))
    return list(out.items())


def pending_games(drawn: DrawnRound) -> list[GameRecord]:
    """The pairs of *drawn* as games still to be given colours (the byes ride along);
    the stage is the knockout's, as the scheduled games of the round say it."""
    games = [
        GameRecord(
            GameSpec(game, a, b, "", True, drawn.round, drawn.tie, KNOCKOUT, True, drawn.byes),
            None,
            None,
            PENDING,
        )
        for game, a, b in drawn.pairs
    ]
    return games


@dataclass(frozen=True, slots=True)
class StageScore:
    """A player of a play-off round robin: the number drawn for it (None before the draw,
    FIDE C.07 article 3.1.4), the play-off points, and whether they lead it once it is over
    (the winner, or the players still tied on top who go on to the next stage)."""

    tpn: int
    number: int | None
    points: Fraction
    leads: bool

    def label(self, names: Mapping[int, str]) -> str:
        """``1. Name`` by the number drawn, or the name alone before the draw."""
        name = names.get(self.tpn, str(self.tpn))
        return name if self.number is None else f"{self.number}. {name}"


def round_robins(state: PlayoffState) -> list[tuple[str, str, list[GameRecord]]]:
    """The play-off's round robins in order: (tie, stage title, games)."""
    out: dict[tuple[str, str], list[GameRecord]] = {}
    for g in state.games():
        if not g.spec.knockout:
            out.setdefault((g.spec.tie, g.spec.stage_title), []).append(g)
    return [(tie, stage, games) for (tie, stage), games in out.items()]


def round_robin_scores(
    games: Sequence[GameRecord], numbers: Mapping[int, int]
) -> tuple[StageScore, ...]:
    """A round robin's play-off scores, best first (then by the number drawn), as the
    window's bracket and the printed bracket show them."""
    scores: dict[int, Fraction] = {}
    for g in games:
        for p in (g.spec.white, g.spec.black):
            scores.setdefault(p, Fraction(0))
        if g.result is not None:
            white, black = result_points(g.result)
            scores[g.spec.white] += white
            scores[g.spec.black] += black
    finished = all(g.result is not None for g in games)
    top = max(scores.values(), default=Fraction(0))
    ordered = sorted(scores, key=lambda p: (-scores[p], numbers.get(p, p)))
    return tuple(
        StageScore(p, numbers.get(p), scores[p], finished and scores[p] == top) for p in ordered
    )


def _round_robin_table(scores: Sequence[StageScore], names: Mapping[int, str]) -> Table:
    return Table(
        (
            Column("No.", Align.RIGHT, 8),
            Column("Player", width=62, nowrap=True),
            Column("Points", Align.RIGHT, 15),
        ),
        tuple(
            (
                "" if s.number is None else str(s.number),
                who(s.tpn, names),
                format_points(s.points),
            )
            for s in scores
        ),
        strong_rows=frozenset(i for i, s in enumerate(scores) if s.leads),
    )


def bracket_of(games: Sequence[GameRecord], names: Mapping[int, str]) -> Bracket:
    """The knockout as a tree, built back from its last round (so re-drawn rounds stay true).

    The byes of the last round drawn are boxes of their own in that round's column, as
    soon as the draw gives them (GCT 2023 2.4.1: byes bring the field to 2, 4 or 8).
    """
    rounds = sorted({g.spec.round for g in games})
    last = rounds[-1]
    by_round: dict[int, list[GameRecord]] = {
        r: [g for g in games if g.spec.round == r] for r in rounds
    }

    def game_text(g: GameRecord) -> str:
        w, b = embed(names.get(g.spec.white, "?")), embed(names.get(g.spec.black, "?"))
        result = sheet_text(g.result)
        line = f"{w} – {b}"
        if g.note == PENDING:
            line += f"\n({PENDING})"
        if result:
            line += f"\n{result}"
            if g.winner is not None:
                line += f" → {embed(names.get(g.winner, '?'))}"
        return line

    def entering(tpn: int, r: int) -> BracketNode:
        """How *tpn* came into round *r*: the game won in round r-1, or a bye."""
        if r == rounds[0]:
            return BracketNode(who(tpn, names))
        for g in by_round.get(r - 1, []):
            if tpn in (g.spec.white, g.spec.black):
                return node(g)
        return BracketNode(f"{who(tpn, names)}: bye", (entering(tpn, r - 1),))

    def node(g: GameRecord) -> BracketNode:
        return BracketNode(
            game_text(g),
            (entering(g.spec.white, g.spec.round), entering(g.spec.black, g.spec.round)),
        )

    finals = by_round[last]
    winner_known = len(finals) == 1 and finals[0].winner is not None and not finals[0].spec.byes
    roots: list[BracketNode] = []
    for g in finals:
        top = node(g)
        if winner_known and g.winner is not None:
            top = BracketNode(who(g.winner, names), (top,), strong=True)
        roots.append(top)
    # The byes drawn for the last round: on to the next round without a game.
    byes = sorted({t for g in finals for t in g.spec.byes})
    for tpn in byes:
        roots.append(BracketNode(f"{who(tpn, names)}: bye, drawn by lot", (entering(tpn, last),)))
    depth = max(r.depth for r in roots)
    columns = ["Players"] + [f"Round {r}" for r in rounds]
    if winner_known:
        columns.append("Winner")
    return Bracket(
        tuple(columns[-depth:]) if len(columns) >= depth else tuple(columns), tuple(roots)
    )


def bracket_sheet(event: Event, state: PlayoffState) -> Sheet:
    names = names_of(event)
    stage_art, _, _ = knockout_articles(state)
    blocks: list[Block] = []
    drawn = state.drawn_numbers()
    robins = round_robins(state)
    # The round robins first, each player by the number drawn for it (C.07 3.1.4).
    for _, stage, games in robins:
        blocks.append(Heading(stage[:1].upper() + stage[1:]))  # it names its tie
        blocks.append(_round_robin_table(round_robin_scores(games, drawn.get(stage, {})), names))
    for label, games in _knockouts(state):
        blocks.append(Heading(f"Armageddon knockout — {label}"))
        blocks.append(bracket_of(games, names))
    if not blocks:
        blocks.append(Paragraph("No play-off game has been drawn yet."))
    notes: list[str] = []
    if robins:
        notes.append(
            "No. is the pairing number drawn by lot for the round robin (FIDE C.07 article"
            " 3.1.4), the number in brackets the player's number in the event; the leaders are"
            " in bold."
        )
    notes.append(
        "Byes bring the field to 2, 4 or 8 players; pairings and byes are drawn by lot"
        + (f" (article {stage_art})" if stage_art else "")
        + "."
    )
    return Sheet(
        title="Play-off bracket",
        event=event.name,
        subtitle=state.regulation.title,
        header=time_control_field(event.info, EVENT_CLOCK),
        blocks=(*blocks, Paragraph(" ".join(notes), small=True)),
        landscape=True,
    )
