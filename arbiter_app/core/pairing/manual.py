"""Manual changes to a pairing: the arbiter's swaps, and which rules they would break.

The arbiter may change a pairing the program made (a published pairing is
normally changed only when it breaks an absolute pairing criterion). The
changed pairing is checked here; every rule it breaks comes back as a
:class:`Violation` with the article, so the UI or the session can ask for
confirmation and journal the change with its reasons. An empty list means the
pairing breaks none of the rules checked.

Checked: every player on at most one board and everybody accounted for;
absent, withdrawn and bye-requesting players not paired; no repeat opponents
(FIDE C.04.1 b; US Chess 27A1); no forbidden pair (TRF 260); the absolute
colour rules (C.04.3 article 2.1.3 [C3]: colour difference beyond ±2 or the
same colour three times running, topscorers of the last round excepted);
the bye rules of the event's policy (once only; FIDE C.04.1 d; US Chess 28L;
the online Swiss rules).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from fractions import Fraction

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import NOT_PAIRED, Colour, EntryKind, Event, System
from arbiter_app.core.pairing.berger import table_size
from arbiter_app.core.pairing.boards import Board, Bye, RoundPairing
from arbiter_app.core.pairing.byes import (
    ByePolicy,
    bye_refusal,
    fide_may_receive_pab,
    is_withdrawn,
    requests_for_round,
)
from arbiter_app.core.pairing.double_swiss import swiss_view
from arbiter_app.core.points import format_points


@dataclass(frozen=True, slots=True)
class Violation:
    """One rule a pairing breaks: *article* names the rule, *message* says who and how."""

    article: str
    message: str
    players: tuple[int, ...] = ()

    def __str__(self) -> str:
        # A reason that cites its own article already is not cited twice.
        if self.message.endswith(")"):
            return self.message
        return f"{self.message} ({self.article})"


# -- editing ---------------------------------------------------------------


def swap_players(pairing: RoundPairing, a: int, b: int) -> RoundPairing:
    """Exchange players *a* and *b* wherever they are (boards, colours, the bye)."""

    def sub(t: int) -> int:
        return b if t == a else a if t == b else t

    boards = tuple(Board(x.number, sub(x.white), sub(x.black)) for x in pairing.boards)
    byes = tuple(replace(y, tpn=sub(y.tpn)) for y in pairing.byes)
    return replace(pairing, boards=boards, byes=byes)


def set_board(pairing: RoundPairing, number: int, white: int, black: int) -> RoundPairing:
    """Put *white* and *black* on board *number*, taking them off wherever they were.

    Players displaced from that board, and partners left alone, are not
    re-paired: the checker then reports them as unpaired, which is the point.
    """
    if white == black:
        raise RuleError(f"player {white} cannot play themself")
    moved = {white, black}
    kept = [x for x in pairing.boards if x.number != number and not moved & set(x.players)]
    boards = sorted([*kept, Board(number, white, black)], key=lambda x: x.number)
    byes = tuple(y for y in pairing.byes if y.tpn not in moved)
    return replace(pairing, boards=tuple(boards), byes=byes)


def give_bye(
    pairing: RoundPairing, tpn: int, kind: EntryKind = EntryKind.PAIRING_BYE
) -> RoundPairing:
    """Take *tpn* off any board and give them a bye of *kind* (the opponent is left unpaired)."""
    boards = tuple(x for x in pairing.boards if tpn not in x.players)
    kept = [y for y in pairing.byes if y.tpn != tpn]
    odd = kind is EntryKind.PAIRING_BYE
    byes = (*kept, Bye(tpn, kind, "set by the arbiter", odd_one_out=odd))
    return replace(pairing, boards=boards, byes=byes)


@dataclass(frozen=True, slots=True)
class HandChange:
    """How far an arbiter's change of one board reaches (FIDE C.02, manual pairings):
    *swap* takes players from other boards and the bye (:func:`move_onto_board`), and
    *bye_to_displaced* lets a displaced player with no place left have the
    pairing-allocated bye."""

    swap: bool = False
    bye_to_displaced: bool = True


ONE_BOARD = HandChange()
"""A change of the board alone: its players come from it or have no board."""


@dataclass(frozen=True, slots=True)
class Moved:
    """A round after :func:`move_onto_board`: the new *pairing*, the boards it changed
    (the board asked for first), the displaced player it gave the pairing-allocated
    bye (or None) and the players it left with neither a board nor a bye."""

    pairing: RoundPairing
    changed: tuple[int, ...]
    bye: int | None
    unpaired: tuple[int, ...]


def move_onto_board(
    pairing: RoundPairing, number: int, white: int, black: int, *, bye_to_displaced: bool = True
) -> Moved:
    """Put *white* and *black* on board *number*, as an arbiter swaps players by hand.

    FIDE C.02 lets the arbiter change a pairing by hand; the change is then
    checked with :func:`check_pairing`. A player taken from another board is
    replaced there by a player this board no longer needs, with the colour the
    taken player had; a player taken from the pairing-allocated bye leaves the
    bye to the next displaced player. A displaced player for whom no place is
    left gets the pairing-allocated bye when nobody has it (the field is then odd,
    C.04.1 c) and *bye_to_displaced* allows it; any other is left without a board
    (``NOT_PAIRED``), for the arbiter to pair. *number* may be the next board number, for a new board of players
    who have none. Refused (RuleError) when the move would leave a board empty
    or half-empty.
    """
    if white == black:
        raise RuleError(f"player {white} cannot play themself")
    boards = {b.number: b for b in pairing.boards}
    target = boards.get(number)
    if target is None and number != len(boards) + 1:
        raise RuleError(
            f"round {pairing.round} has boards 1 to {len(boards)}; a new board is number "
            f"{len(boards) + 1}"
        )
    wanted = (white, black)
    outgoing = [t for t in (target.players if target else ()) if t not in wanted]
    pab = pairing.pairing_bye
    seats: list[tuple[int, Colour]] = []  # places on other boards the move empties
    bye_freed = False
    for tpn in wanted:
        if target is not None and tpn in target.players:
            continue
        source = pairing.board_of(tpn)
        if source is not None:
            seats.append((source.number, source.colour_of(tpn)))
        elif pab is not None and pab.tpn == tpn:
            bye_freed = True
    if len(seats) > len(outgoing):
        taken = [(t, b.number) for t in wanted if (b := pairing.board_of(t)) and b.number != number]
        where = " and ".join(f"player {t} plays on board {n}" for t, n in taken)
        raise RuleError(
            f"a new board takes only players who have no board, and {where}: taking them "
            f"would leave an opponent alone, so change {'that board' if len(taken) == 1 else 'those boards'} instead"
        )
    new = dict(boards)
    new[number] = Board(number, white, black)
    for (source_number, colour), tpn in zip(seats, outgoing, strict=False):
        source = new[source_number]
        if colour is Colour.WHITE:
            new[source_number] = Board(source_number, tpn, source.black)
        else:
            new[source_number] = Board(source_number, source.white, tpn)
    leftover = outgoing[len(seats) :]
    bye: int | None = None
    if leftover and bye_to_displaced and (pab is None or bye_freed):
        bye, leftover = leftover[0], leftover[1:]
    moved = set(wanted) | set(outgoing)
    byes = [y for y in pairing.byes if y.tpn not in moved]
    if bye is not None:
        byes.append(Bye(bye, EntryKind.PAIRING_BYE, "set by the arbiter", odd_one_out=True))
    byes += [
        Bye(t, EntryKind.NOT_PAIRED, f"taken off board {number} by the arbiter") for t in leftover
    ]
    changed = (number, *dict.fromkeys(n for n, _ in seats if n != number))
    return Moved(
        replace(pairing, boards=tuple(new[n] for n in sorted(new)), byes=tuple(byes)),
        changed,
        bye,
        tuple(leftover),
    )


# -- checking -------------------------------------------------------------


def check_pairing(
    event: Event,
    pairing: RoundPairing,
    *,
    bye_policy: ByePolicy = ByePolicy.FIDE,
    absent: Collection[int] = (),
) -> list[Violation]:
    """Every rule *pairing* of *event* breaks, readable, with its article.

    *event* is the event before the round (for a double Swiss, with game
    columns; the check works on its Swiss view).
    """
    view = swiss_view(event).truncated(pairing.round - 1)
    rnd = pairing.round
    players = view.player_map()
    out: list[Violation] = []
    seen: dict[int, str] = {}

    def place(tpn: int, where: str) -> None:
        if tpn not in players:
            out.append(Violation("pairing", f"there is no player {tpn} ({where})", (tpn,)))
        elif tpn in seen:
            out.append(
                Violation("pairing", f"player {tpn} is on {seen[tpn]} and on {where}", (tpn,))
            )
        else:
            seen[tpn] = where

    for board in pairing.boards:
        if board.white == board.black:
            out.append(
                Violation("pairing", f"board {board.number}: player {board.white} meets themself")
            )
        place(board.white, f"board {board.number}")
        place(board.black, f"board {board.number}")
    for bye in pairing.byes:
        place(bye.tpn, f"a {bye.kind.value}")
    for tpn in sorted(set(players) - set(seen)):
        out.append(Violation("pairing", f"player {tpn} is neither paired nor given a bye", (tpn,)))

    requests = requests_for_round(view, rnd)
    paired = [t for b in pairing.boards for t in b.players if t in players]
    for tpn in paired:
        p = players[tpn]
        if is_withdrawn(p, rnd) or p.disqualified:
            out.append(
                Violation(
                    "FIDE C.04.2 (withdrawn players are not paired)",
                    f"player {tpn} has withdrawn but is paired",
                    (tpn,),
                )
            )
        if tpn in absent:
            out.append(
                Violation(
                    "the online Swiss rules (not included in the round)",
                    f"player {tpn} is absent but is paired",
                    (tpn,),
                )
            )
        if tpn in requests:
            out.append(
                Violation(
                    "TRF 240 (requested bye)",
                    f"player {tpn} asked for a {requests[tpn].value} but is paired",
                    (tpn,),
                )
            )

    for board in pairing.boards:
        out.extend(_board_violations(view, board, rnd))

    pabs = [y for y in pairing.byes if y.kind is EntryKind.PAIRING_BYE]
    if len(pabs) > 1:
        out.append(
            Violation(
                bye_policy.article,
                f"{len(pabs)} pairing-allocated byes in one round",
                tuple(y.tpn for y in pabs),
            )
        )
    for pab in pabs if not view.system.is_round_robin else []:
        level = view.score(pab.tpn, rnd - 1)
        group = [t for t in paired if view.score(t, rnd - 1) == level]
        reason = bye_refusal(bye_policy, view, pab.tpn, rnd, [*group, pab.tpn])
        if reason:
            out.append(Violation(bye_policy.article, reason, (pab.tpn,)))
    dutch = event.system in (System.SWISS, System.DOUBLE_SWISS)
    if bye_policy is ByePolicy.FIDE and dutch and len(pabs) == 1:
        above = pab_above_lowest_score(view, rnd, pabs[0].tpn, paired)
        if above is not None:
            out.append(above)
    return out


PAB_SCORE_ARTICLE = "FIDE C.04.3 article 2.3.1 [C5]: the lowest score the bye can go to"


def pab_above_lowest_score(
    event: Event, rnd: int, tpn: int, paired: Collection[int]
) -> Violation | None:
    """The pairing-allocated bye of round *rnd* given to *tpn* although a player of a lower
    score could take it with every other player of the round paired (*paired* the players
    on its boards), or None.

    FIDE C.04.3 (2026) article 2.3.1 [C5] minimises the score of the player who gets the
    bye, among the players who may receive it ([C2], article 2.1.2) and with the rest
    paired under the absolute criteria: no second game between two players ([C1]), no
    prohibited pair, and no two non-topscorers who must both have the same colour ([C3]).
    Scores are those pairing uses (with an acceleration's virtual points). The checklist's
    question 66 (Sharly Chess's wording: a bye "below the minimum score") asks for it.
    """
    import rustworkx as rx

    field = sorted({*paired, tpn})
    if len(field) % 2 == 0 or tpn not in field:
        return None

    def score(t: int) -> Fraction:
        return event.score(t, rnd - 1) + event.virtual_points(t, rnd)

    own = score(tpn)
    lower = sorted(
        {score(t) for t in field if score(t) < own and fide_may_receive_pab(event, t, rnd) is None}
    )
    if not lower:
        return None
    last_round = bool(event.planned_rounds) and rnd == event.planned_rounds
    history = {t: _colour_history(event, t, rnd) for t in field}
    top = {t: last_round and _topscorer(event, t, rnd) for t in field}
    met = {
        (t, e.opponent)
        for t in field
        for e in event.entries_of(t, rnd - 1)
        if e.kind is EntryKind.GAME and e.opponent is not None
    }
    forbidden = list(event.forbidden_pairs)

    def may_meet(a: int, b: int) -> bool:
        if (a, b) in met or (b, a) in met or any(a in g and b in g for g in forbidden):
            return False
        for white, black in ((a, b), (b, a)):
            w = _colour_trouble(*history[white], Colour.WHITE)
            k = _colour_trouble(*history[black], Colour.BLACK)
            if (w is None or top[white]) and (k is None or top[black]):
                return True
        return False

    edges = [
        (i, j) for i, a in enumerate(field) for j, b in enumerate(field) if i < j and may_meet(a, b)
    ]
    for level in lower:
        graph = rx.PyGraph()
        graph.add_nodes_from([*field, 0])
        for i, j in edges:
            graph.add_edge(i, j, 1)
        bye = len(field)
        for i, t in enumerate(field):
            if score(t) == level and fide_may_receive_pab(event, t, rnd) is None:
                graph.add_edge(i, bye, 1)
        matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda x: x)
        if 2 * len(matched) == len(field) + 1:
            return Violation(
                PAB_SCORE_ARTICLE,
                f"player {tpn} gets the pairing-allocated bye on a score of "
                f"{format_points(own)} although a player on a score of {format_points(level)} "
                "can have it with the rest of the round paired",
                (tpn,),
            )
    return None


def _colour_history(event: Event, tpn: int, rnd: int) -> tuple[int, list[Colour]]:
    """Whites less blacks of *tpn*'s games before round *rnd*, and the last two colours."""
    colours = [
        e.colour
        for e in event.entries_of(tpn, rnd - 1)
        if e.kind is EntryKind.GAME and e.colour is not None
    ]
    return sum(1 if c is Colour.WHITE else -1 for c in colours), colours[-2:]


def _board_violations(event: Event, board: Board, rnd: int) -> list[Violation]:
    out: list[Violation] = []
    w, b = board.white, board.black
    known = {p.tpn for p in event.players}
    if w not in known or b not in known or w == b:
        return out
    for r in range(_cycle_start(event, rnd), rnd):
        e = event.entry(w, r)
        if e.kind is EntryKind.GAME and e.opponent == b:
            out.append(_repeated(board.number, w, b, r))
    for group in event.forbidden_pairs:
        if w in group and b in group:
            out.append(_forbidden(board.number, w, b))
    last_round = event.planned_rounds and rnd == event.planned_rounds
    for tpn, colour in ((w, Colour.WHITE), (b, Colour.BLACK)):
        problem = _colour_problem(event, tpn, colour, rnd)
        if problem and not (last_round and _topscorer(event, tpn, rnd)):
            out.append(_colour_breach(board.number, tpn, problem))
    return out


def _cycle_start(event: Event, rnd: int) -> int:
    """The first round in which a meeting counts against round *rnd*: round 1, or in a
    double round robin the first round of *rnd*'s cycle (C.05 Annex 1: the pairs meet
    again in the second cycle, colours reversed)."""
    if event.system is not System.DOUBLE_ROUND_ROBIN:
        return 1
    per_cycle = table_size(max(len(event.players), 2)) - 1
    return (rnd - 1) // per_cycle * per_cycle + 1


def _repeated(number: int, white: int, black: int, earlier: int) -> Violation:
    """C.04.1 b: two players meet once only (US Chess 27A1 likewise)."""
    return Violation(
        "FIDE C.04.1 b; US Chess 27A1",
        f"board {number}: players {white} and {black} already played each other in round {earlier}",
        (white, black),
    )


def _forbidden(number: int, white: int, black: int) -> Violation:
    return Violation(
        "TRF 260 (forbidden pair)",
        f"board {number}: players {white} and {black} must not be paired",
        (white, black),
    )


def _colour_breach(number: int, tpn: int, problem: str) -> Violation:
    return Violation(
        "FIDE C.04.3 article 2.1.3 [C3] (absolute colour preference)",
        f"board {number}: player {tpn} {problem}",
        (tpn,),
    )


def _colour_problem(event: Event, tpn: int, colour: Colour, rnd: int) -> str | None:
    colours = [
        e.colour
        for e in event.entries_of(tpn, rnd - 1)
        if e.kind is EntryKind.GAME and e.colour is not None
    ]
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    return _colour_trouble(difference, colours[-2:], colour)


def _colour_trouble(difference: int, last_two: list[Colour], colour: Colour) -> str | None:
    """What giving *colour* breaks (C.04.3 [C3]) to a player whose games so far had
    whites less blacks *difference*, the last two of them in colours *last_two*."""
    diff = difference + (1 if colour is Colour.WHITE else -1)
    name = colour.name.lower()
    problems = []
    if len(last_two) == 2 and last_two[0] is colour and last_two[1] is colour:
        problems.append(f"would have {name} three times running")
    if abs(diff) > 2:
        problems.append(f"would have a colour difference of {diff:+d} with {name}")
    return " and ".join(problems) or None


def _topscorer(event: Event, tpn: int, rnd: int) -> bool:
    """C.04.3 article 1.8: more than half the maximum score before the last round."""
    return event.score(tpn, rnd - 1) * 2 > event.max_points_per_round(rnd) * (rnd - 1)


def imported_breaches(event: Event) -> dict[int, list[Violation]]:
    """The pairing rules the rounds of an imported Swiss break, by round (FIDE C.02, the
    checklist's questions 54 and 55: an imported tournament's rounds are checked).

    Checked as for a pairing made by hand: repeated games (C.04.1 b), prohibited
    pairs (TRF 260), the absolute colour rules (C.04.3 [C3], topscorers of the last
    round excepted) and the pairing-allocated bye (C.04.1 d). Rounds of other systems
    (round robins follow their table) are not checked.

    The findings are those of :func:`_board_violations` on each board against the
    event as it stood before its round, in the same order; the history that check
    reads (who met whom and when, each player's colours) is carried from round to
    round instead of being read again for every board, so a file of 10,000 players
    is checked in one pass over its entries.
    """
    if event.system is not System.SWISS:
        return {}
    known = {p.tpn for p in event.players}
    order = sorted(known)
    rows = [(tpn, event.entries.get(tpn, ())) for tpn in order]
    met: dict[int, dict[int, list[int]]] = {t: {} for t in order}  # opponent -> rounds
    difference = dict.fromkeys(order, 0)  # whites less blacks in the games played
    last_two: dict[int, list[Colour]] = {t: [] for t in order}  # the last two games' colours
    groups: dict[int, list[frozenset[int]]] = {}
    for group in event.forbidden_pairs:
        for tpn in group:
            groups.setdefault(tpn, []).append(group)
    out: dict[int, list[Violation]] = {}
    for rnd in range(1, event.rounds_played + 1):
        last_round = bool(event.planned_rounds) and rnd == event.planned_rounds
        found: list[Violation] = []
        number = 0
        for tpn, row in rows:
            e = row[rnd - 1] if rnd <= len(row) else NOT_PAIRED
            kind = e.kind
            # A board is checked at its lower pairing number, before either player's
            # history takes in this round: the history is of the rounds before it.
            if kind is EntryKind.PAIRING_BYE:
                # C.04.1 d reads only the rounds before this one: the whole event will do.
                reason = fide_may_receive_pab(event, tpn, rnd)
                if reason:
                    found.append(Violation(ByePolicy.FIDE.article, reason, (tpn,)))
            elif kind.has_opponent and e.opponent is not None and e.opponent >= tpn:
                number += 1
                white, black = tpn, e.opponent
                if e.colour is Colour.BLACK:
                    white, black = black, white
                if black in known and white in known and white != black:
                    found.extend(
                        _repeated(number, white, black, r) for r in met[white].get(black, ())
                    )
                    found.extend(
                        _forbidden(number, white, black)
                        for g in groups.get(white, ())
                        if black in g
                    )
                    # Without the colours in the file only the pairing can be checked.
                    sides = ((white, Colour.WHITE), (black, Colour.BLACK)) if e.colour else ()
                    for side, colour in sides:
                        problem = _colour_trouble(difference[side], last_two[side], colour)
                        if problem and not (last_round and _topscorer(event, side, rnd)):
                            found.append(_colour_breach(number, side, problem))
            if kind is EntryKind.GAME:
                if e.opponent is not None:
                    met[tpn].setdefault(e.opponent, []).append(rnd)
                if e.colour is not None:
                    difference[tpn] += 1 if e.colour is Colour.WHITE else -1
                    last_two[tpn] = [*last_two[tpn][-1:], e.colour]
        if found:
            out[rnd] = found
    return out


def due_colour(event: Event, tpn: int, rnd: int) -> Colour | None:
    """The colour *tpn* is due in round *rnd* (FIDE C.04.3, colour preferences), or None
    without a game played.

    A colour difference of two or more, or the same colour in the last two games,
    gives an absolute preference for the other colour; a difference of one a strong
    preference for the colour played less; otherwise the player alternates from the
    last game (a mild preference).
    """
    colours = [
        e.colour
        for e in event.entries_of(tpn, rnd - 1)
        if e.kind is EntryKind.GAME and e.colour is not None
    ]
    if not colours:
        return None
    diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if diff >= 2:
        return Colour.BLACK
    if diff <= -2:
        return Colour.WHITE
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return colours[-1].opposite
    if diff:
        return Colour.BLACK if diff > 0 else Colour.WHITE
    return colours[-1].opposite


def both_against_due_colour(event: Event, board: Board, rnd: int) -> Violation | None:
    """Both players of *board* get the colour opposite to the one each is due (FIDE C.02:
    a level-2 warning when pairing by hand; C.04.3 colour preferences)."""
    view = swiss_view(event)
    if due_colour(view, board.white, rnd) is not Colour.BLACK:
        return None
    if due_colour(view, board.black, rnd) is not Colour.WHITE:
        return None
    return Violation(
        "FIDE C.04.3, colour preferences",
        f"board {board.number}: {board.white} is due black and {board.black} is due white; "
        "both get the other colour",
        (board.white, board.black),
    )
