"""Commands on rounds: pairings (from the pairing engine or by hand) and results.

A round's pairings are *data*: the pairing engine (or the arbiter) decides
them and :func:`record_pairings` stores them as boards plus the entries of
the players who do not play (byes, absent, withdrawn). A game's entries are
written when its result is entered, on both players' rows at once, so the two
sides of a game can never disagree (``check_consistency`` in the core).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.event_state import setup_warning
from arbiter_app.core.model import EntryKind, RoundEntry, RuleSet, System
from arbiter_app.core.pairing.boards import Board, RoundPairing
from arbiter_app.core.pairing.byes import ByePolicy
from arbiter_app.core.pairing.manual import (
    Violation,
    both_against_due_colour,
    check_pairing,
    move_onto_board,
)
from arbiter_app.core.result import GameResult, is_adjourned
from arbiter_app.core.warning_levels import Alert, Level
from arbiter_app.core.words import count
from arbiter_app.session import queries
from arbiter_app.session.adjourned import adjourn, resume
from arbiter_app.session.codec import entry_row, event_from_state
from arbiter_app.session.commands import (
    ChangePairing,
    CorrectResult,
    EnterResult,
    RecordPairings,
    RecordRoundPairings,
    given,
)
from arbiter_app.session.corrections import correction_alerts, log_correction
from arbiter_app.session.manual_pairing import (
    begin,
    check_can_start,
    colour_notice,
    phase_round,
    refuse_while_open,
    setup_notice,
)
from arbiter_app.session.rating_corrections import drop_correction
from arbiter_app.session.registry import CommandError, Context, command, text, whole_number
from arbiter_app.session.setting_levels import CHECKLIST
from arbiter_app.session.state import Tx
from arbiter_app.session.tournament_state import state_of_tx

BYE_KINDS = frozenset(
    {
        EntryKind.PAIRING_BYE,
        EntryKind.FULL_BYE,
        EntryKind.HALF_BYE,
        EntryKind.ZERO_BYE,
        EntryKind.NOT_PAIRED,
    }
)


def _pairable(tx: Tx, tpn: object, round_no: int) -> int:
    number = queries.as_tpn(tpn)
    row = queries.player(tx, number)
    if row["disqualified"]:
        raise RuleError(f"player {tpn} ({row['name']}) is disqualified and cannot be paired")
    gone = row["withdrawn_from_round"]
    if gone is not None and gone <= round_no:
        raise RuleError(
            f"player {tpn} ({row['name']}) withdrew from round {gone} and cannot be paired"
        )
    return number


def _absent_entry(tx: Tx, tpn: int, round_no: int) -> RoundEntry:
    """What a player left out of round *round_no* gets: withdrawn, the requested bye, or nothing."""
    row = queries.player(tx, tpn)
    gone = row["withdrawn_from_round"]
    if gone is not None and gone <= round_no:
        return RoundEntry(EntryKind.WITHDRAWN)
    request = tx.get("bye_requests", (tpn, round_no))
    if request is not None:
        return RoundEntry(EntryKind(request["kind"]))
    return RoundEntry(EntryKind.NOT_PAIRED)


def _board_row(tx: Tx, white: int, black: int) -> dict[str, Any]:
    return {
        "white": white,
        "black": black,
        # Ratings at the start of the round (the online Swiss rules, AROC 1).
        "white_rating": queries.player(tx, white)["rating"],
        "black_rating": queries.player(tx, black)["rating"],
    }


@command(RecordPairings)
def record_pairings(tx: Tx, cmd: RecordPairings, ctx: Context) -> None:
    """Store a round's pairings: boards (White, Black) and the byes."""
    round_no = whole_number(cmd.round, "round", minimum=1)
    refuse_while_open(tx, None, "pair a round with the pairing engine")
    check_can_pair(tx, round_no, round_no)
    games, given_byes = read_pairing(tx, cmd.boards, given(cmd.byes, []), round_no)
    write_round(tx, round_no, games, given_byes)
    if round_no == 1:
        warning = setup_warning(event_from_state(state_of_tx(tx)))
        if warning is not None:
            ctx.ask(setup_notice(warning))


def check_can_pair(tx: Tx, first: int, last: int) -> None:
    """Game columns *first*..*last* can be paired now: the next ones, or the last ones
    paired again before any result (the columns of one round of the event)."""
    planned = int(tx.setting("rounds", 0))
    if last > planned:
        raise RuleError(
            f"the event has {count(planned, 'round')}; add rounds in the settings first"
        )

    paired = queries.paired_rounds(tx)
    if first > paired + 1:
        raise RuleError(f"round {paired + 1} must be paired before round {first}")
    if last < paired:
        raise RuleError(
            f"round {last + 1} is paired already; only the last round can be paired again"
        )
    for column in range(first, last + 1):
        if column <= paired and queries.round_has_results(tx, column):
            raise RuleError(
                f"round {column} has results; change its pairings board by board or undo"
            )


def read_pairing(
    tx: Tx, boards: object, byes: object, round_no: int
) -> tuple[list[tuple[int, int]], list[tuple[int, EntryKind]]]:
    """The *boards* (``[White, Black]``) and *byes* (``[player, kind]``) as a command gave
    them, every player once and pairable."""
    if not isinstance(boards, list) or not isinstance(byes, list):
        raise CommandError("pairings are a list of boards [White, Black] and a list of byes")
    seen: set[int] = set()

    def take(tpn: object) -> int:
        number = _pairable(tx, tpn, round_no)
        if number in seen:
            raise RuleError(f"player {number} is paired twice in round {round_no}")
        seen.add(number)
        return number

    games: list[tuple[int, int]] = []
    for pair in boards:
        if not isinstance(pair, list) or len(pair) != 2:
            raise CommandError(f"a board is [White, Black], not {pair!r}")
        games.append((take(pair[0]), take(pair[1])))
    given_byes: list[tuple[int, EntryKind]] = []
    for item in byes:
        if not isinstance(item, list) or len(item) != 2:
            raise CommandError(f"a bye is [player, kind], not {item!r}")
        try:
            kind = EntryKind(item[1])
        except ValueError as exc:
            raise CommandError(f"unknown bye kind {item[1]!r}") from exc
        if kind not in BYE_KINDS:
            raise CommandError(f"{kind.value} is not a bye")
        given_byes.append((take(item[0]), kind))
    return games, given_byes


def write_round(
    tx: Tx,
    round_no: int,
    games: Sequence[tuple[int, int]],
    given_byes: Sequence[tuple[int, EntryKind]],
) -> None:
    """Store game column *round_no*: the boards, the byes given, and for everyone else
    what :func:`_absent_entry` says (withdrawn, the requested bye, or not paired)."""
    seen = {t for game in games for t in game} | {tpn for tpn, _ in given_byes}
    # Pairing a round again replaces everything it held.
    for key in [k for k in tx.keys("boards") if k[0] == round_no]:
        tx.delete("boards", key)
    for key in [k for k in tx.keys("entries") if k[1] == round_no]:
        tx.delete("entries", key)
    for number, (white, black) in enumerate(games, start=1):
        tx.put("boards", (round_no, number), _board_row(tx, white, black))
    for tpn, kind in given_byes:
        tx.put("entries", (tpn, round_no), entry_row(RoundEntry(kind)))
    for (tpn,) in tx.keys("players"):
        if tpn not in seen:
            tx.put("entries", (tpn, round_no), entry_row(_absent_entry(tx, tpn, round_no)))


@command(RecordRoundPairings)
def record_round_pairings(tx: Tx, cmd: RecordRoundPairings, ctx: Context) -> None:
    """Store a round of a double system: its game columns, each as ``record_pairings`` does.

    A double Swiss or double round robin round is two games (FIDE C.05 Annex 1, the
    second cycle with colours reversed): the arbiter pairs it in one action, so both
    columns are written in one transaction and one journal entry, never one without the
    other.
    """
    columns = cmd.columns
    if not isinstance(columns, list) or not columns:
        raise CommandError("a round's pairings are a list of game columns")
    for column in columns:
        if not isinstance(column, dict):
            raise CommandError(
                f"a game column is an object with round, boards and byes, not {column!r}"
            )
        record_pairings(tx, RecordPairings.of(column), ctx)


def board_change_refusal(system: System) -> str | None:
    """Why a board of *system* cannot be changed on its own (None: it can): a double system's
    round is one match on each board, its two games against the same opponent."""
    if system.games_per_round == 1:
        return None
    return (
        "a round of a double system is two games against the same opponent: pair the "
        "round again by hand to move players between boards"
    )


@command(ChangePairing)
def change_pairing(tx: Tx, cmd: ChangePairing, ctx: Context) -> dict[str, Any]:
    """Change (or add) one board of a round by hand, before its result is in.

    The change happens in the round's manual pairing, which it opens when none is
    (:mod:`arbiter_app.session.manual_pairing`); returns the round and whether it opened.
    """
    round_no = whole_number(cmd.round, "round", minimum=1)
    number = whole_number(cmd.board, "board", minimum=1)
    boards = queries.boards_of_round(tx, round_no)
    if not boards and queries.paired_rounds(tx) < round_no:
        raise RuleError(
            f"round {round_no} is not paired yet: pair it whole first (with the pairing "
            "engine, or by hand with 'arbiter-app pairing set'), then change its boards"
        )
    old = boards.get(number)
    if old is None and number != len(boards) + 1:
        raise RuleError(
            f"round {round_no} has boards 1 to {len(boards)}; a new board is number "
            f"{len(boards) + 1}"
        )
    if old is not None and queries.has_result(tx, round_no, old):
        raise RuleError(f"board {number} of round {round_no} has a result; correct it or undo")
    white = _pairable(tx, cmd.white, round_no)
    black = _pairable(tx, cmd.black, round_no)
    if white == black:
        raise RuleError("a player cannot play themself")
    swap, displaced_bye = given(cmd.swap, False), given(cmd.displaced_bye, True)
    for name, flag in (("swap", swap), ("displaced_bye", displaced_bye)):
        if not isinstance(flag, bool):
            raise CommandError(f"{name} is true or false, not {flag!r}")
    # A hand change happens in the round's manual pairing, opened now if need be (FIDE C.02).
    open_round = phase_round(tx)
    swiss_round = System(tx.setting("system", System.SWISS.value)).rounds_in(round_no)
    if open_round is None:
        check_can_start(tx, swiss_round)
        begin(tx, swiss_round)
    elif open_round != swiss_round:
        refuse_while_open(tx, None, f"change a pairing of round {swiss_round}")
    if swap:
        moved = _move_across_boards(tx, ctx, round_no, number, (white, black), displaced_bye)
        return {"round": swiss_round, "phase_started": open_round is None, **moved}
    before = {old["white"], old["black"]} if old else set()
    for tpn in (white, black):
        if tpn in before:
            continue
        for other, row in boards.items():
            if other != number and tpn in (row["white"], row["black"]):
                raise RuleError(
                    f"player {tpn} plays on board {other} of round {round_no}; change that "
                    "board first, or swap the players between the boards"
                )
    broken = pairing_rules_broken(tx, round_no, number, white, black)
    alerts: list[Alert] = []
    if broken:
        names = {tpn: queries.player(tx, tpn)["name"] for tpn in (white, black)}
        alerts.append(
            broken_rules_alert(
                f"Board {number} of round {round_no}, {white} {names[white]} (White) v "
                f"{black} {names[black]} (Black)",
                broken,
                "Change it anyway? The change is journalled with the rules it breaks.",
            )
        )
    wrong = _against_due_colours(tx, round_no, [Board(number, white, black)])
    if wrong:
        alerts.append(colour_notice(wrong, us_chess=_us_chess(tx)))
    ctx.ask(*alerts)
    for tpn in (white, black):
        if tpn not in before:
            tx.delete("entries", (tpn, round_no))
    for tpn in before - {white, black}:
        tx.put("entries", (tpn, round_no), entry_row(_absent_entry(tx, tpn, round_no)))
    tx.put("boards", (round_no, number), _board_row(tx, white, black))
    if broken:
        ctx.put_record(
            "pairing-override", f"{round_no}.{number}", {"rules": [str(v) for v in broken]}
        )
    return {"round": swiss_round, "phase_started": open_round is None}


def _move_across_boards(
    tx: Tx, ctx: Context, round_no: int, number: int, pair: tuple[int, int], bye: bool
) -> dict[str, Any]:
    """Put *white* and *black* on board *number*, moving players between boards
    (:func:`~arbiter_app.core.pairing.manual.move_onto_board`): the displaced take the
    places left, or the pairing-allocated bye (unless *bye* is false), or are left for
    the arbiter to pair.

    FIDE C.02 (manual pairings): every pairing rule the changed boards and the bye
    break is a level-3 question; a player left without a board is a level-2 notice.
    Returns the boards changed, the bye given and the players left unpaired.
    """
    refusal = board_change_refusal(System(tx.setting("system", System.SWISS.value)))
    if refusal is not None:
        raise RuleError(refusal)
    before = queries.round_pairing(tx, round_no)
    moved = move_onto_board(before, number, *pair, bye_to_displaced=bye)
    for changed in moved.changed:
        old = tx.get("boards", (round_no, changed))
        if old is not None and queries.has_result(tx, round_no, old):
            raise RuleError(
                f"board {changed} of round {round_no} has a result; moving its players "
                "would change a game already played"
            )
    boards = {b.number: b for b in moved.pairing.boards}
    touched = {t for n in moved.changed for t in boards[n].players}
    touched |= {moved.bye} if moved.bye is not None else set()
    event = event_from_state(tx.base)
    policy = ByePolicy.parse(str(tx.setting("bye_policy", "fide")))
    broken = [
        v
        for v in check_pairing(event.truncated(round_no - 1), moved.pairing, bye_policy=policy)
        if v.players and set(v.players) <= touched
    ]

    def named(tpn: int) -> str:
        return f"{tpn} {queries.player(tx, tpn)['name']}"

    what = "; ".join(
        [
            *(
                f"board {n}: {named(boards[n].white)} v {named(boards[n].black)}"
                for n in moved.changed
            ),
            *([f"{named(moved.bye)} gets the pairing-allocated bye"] if moved.bye else []),
        ]
    )
    alerts: list[Alert] = []
    if broken:
        alerts.append(
            broken_rules_alert(
                f"Round {round_no} changed by hand ({what})",
                broken,
                "Change it anyway? The change is journalled with the rules it breaks.",
            )
        )
    wrong = _against_due_colours(tx, round_no, [boards[n] for n in moved.changed])
    if wrong:
        alerts.append(colour_notice(wrong, us_chess=_us_chess(tx)))
    if moved.unpaired:
        left = ", ".join(named(t) for t in moved.unpaired)
        alerts.append(
            Alert(
                Level.NOTICE,
                f"{left} {'has' if len(moved.unpaired) == 1 else 'have'} no board in round "
                f"{round_no} now: pair them on a new board, or with the player who has the "
                "pairing-allocated bye.",
                f"{CHECKLIST}: a player left unpaired by a manual change is a level-2 warning",
            )
        )
    ctx.ask(*alerts)
    for changed in moved.changed:
        board = boards[changed]
        tx.put("boards", (round_no, changed), _board_row(tx, board.white, board.black))
        for tpn in board.players:
            tx.delete("entries", (tpn, round_no))
    if moved.bye is not None:
        tx.put("entries", (moved.bye, round_no), entry_row(RoundEntry(EntryKind.PAIRING_BYE)))
    for tpn in moved.unpaired:
        tx.put("entries", (tpn, round_no), entry_row(_absent_entry(tx, tpn, round_no)))
    if broken:
        ctx.put_record(
            "pairing-override", f"{round_no}.{number}", {"rules": [str(v) for v in broken]}
        )
    return {
        "boards": [[n, boards[n].white, boards[n].black] for n in moved.changed],
        "bye": moved.bye,
        "unpaired": list(moved.unpaired),
        "broken": [str(v) for v in broken],
    }


def pairing_rules_broken(
    tx: Tx, round_no: int, number: int, white: int, black: int
) -> list[Violation]:
    """The pairing rules a hand-made board *white* v *black* breaks (C.04 via check_pairing).

    Only the rules that concern these two players are reported: the rest of
    the round is checked when it is paired.
    """
    before = event_from_state(tx.base).truncated(round_no - 1)
    board = RoundPairing(round_no, (Board(number, white, black),))
    return [
        v for v in check_pairing(before, board) if v.players and set(v.players) <= {white, black}
    ]


def _us_chess(tx: Tx) -> bool:
    """The event runs under the US Chess rules: its warnings cite them, not FIDE C.02."""
    return event_from_state(tx.base).effective_rule_set is RuleSet.USCF


def _against_due_colours(tx: Tx, column: int, boards: Sequence[Board]) -> list[Violation]:
    """Boards of game column *column* whose players both get the colour they are not due."""
    event = event_from_state(tx.base)
    if event.system.is_round_robin:
        return []  # a round robin's colours follow its table (C.05 Annex 1)
    swiss_round = event.system.rounds_in(column)
    found = [both_against_due_colour(event, board, swiss_round) for board in boards]
    return [v for v in found if v is not None]


def broken_rules_alert(what: str, broken: Sequence[Violation], question: str) -> Alert:
    """The level-3 question for a pairing made by hand that breaks pairing rules.

    FIDE C.02 (manual pairings): a repeated game, a prohibited pairing, an
    ineligible bye or an absolute colour rule broken is confirmed or cancelled
    (level 3). The rules come first, each with its article.
    """
    rules = "this pairing rule" if len(broken) == 1 else f"these {len(broken)} pairing rules"
    return Alert(
        Level.CONFIRM,
        f"{what} breaks {rules}. {question}",
        f"{CHECKLIST}: a pairing made by hand that breaks a pairing rule is a level-3 warning",
        tuple(str(v) for v in broken),  # each rule with its own article
    )


def _set_result(tx: Tx, cmd: EnterResult | CorrectResult, ctx: Context, *, correcting: bool) -> str:
    round_no = whole_number(cmd.round, "round", minimum=1)
    number = whole_number(cmd.board, "board", minimum=1)
    typed = text(cmd.result, "result")
    if is_adjourned(typed):
        # Checklist Q157: a game adjourned, or its result not known yet (session.adjourned).
        refuse_while_open(tx, round_no, "adjourn a game of its round")
        return adjourn(tx, round_no, number, correcting=correcting)
    try:
        result = GameResult.parse(typed)
    except ValueError as exc:
        raise CommandError(str(exc)) from exc
    row, _, _, previous = queries.board_result(tx, round_no, number)
    refuse_while_open(tx, round_no, "enter or correct a result of its round")
    resume(tx, round_no, number, result, ctx)
    if correcting:
        drop_correction(tx, round_no, number)
    white, black = row["white"], row["black"]
    if correcting and previous is None:
        raise RuleError(f"board {number} of round {round_no} has no result yet; enter it")
    if not correcting and previous is not None:
        raise RuleError(
            f"board {number} of round {round_no} has the result {previous.value} already; "
            "correct it instead"
        )
    if correcting and previous is not None:
        change = f"{previous.value} => {result.value}"
        alerts, integrity = correction_alerts(
            tx, round_no, f"the result of board {number}, {white}-{black}, {change},"
        )
        ctx.ask(*alerts)
        if integrity:
            log_correction(tx, round_no, f"{white}-{black} {change}")
    white_entry, black_entry = result.entries(
        white, black, row["white_rating"], row["black_rating"]
    )
    tx.put("entries", (white, round_no), entry_row(white_entry))
    tx.put("entries", (black, round_no), entry_row(black_entry))
    return result.value


@command(EnterResult)
def enter_result(tx: Tx, cmd: EnterResult, ctx: Context) -> str:
    """Enter the result of a board (1-0, 0-1, ½-½, +-, -+, --, ½-0, 0-½, 0-0, a game not
    rated), or mark its game adjourned (``adjourned``)."""
    return _set_result(tx, cmd, ctx, correcting=False)


@command(CorrectResult)
def correct_result(tx: Tx, cmd: CorrectResult, ctx: Context) -> str:
    """Replace the result of a board that has one."""
    return _set_result(tx, cmd, ctx, correcting=True)
