"""The manual pairing of a round: an explicit start, hand changes, an explicit end (FIDE C.02).

FIDE's verification checklist (questions 63-69) asks for hand changes to a
round to happen in a *manual pairing phase* with a clear start and end:

- **start** (``start_manual_pairing``): on the round paired last, before any
  of its results, or on the next round, to pair it by hand from nothing.
  The round's boards as they stand are kept, to say at the end what changed;
- **within it**, the hand changes (``change_pairing`` for one board,
  ``set_pairing`` for the whole round) ask a level-3 question for every
  pairing rule broken (a repeated game, a prohibited pairing, a
  pairing-allocated bye to a player not eligible for it, a third colour in a
  row or a colour difference over two before the last round) and give a
  level-2 notice when both players of a board get the colour opposite to the
  one they are due. While the phase is open the next round cannot be paired
  and no result of the round can be entered, so the check at the end cannot
  be skipped;
- **end** (``end_manual_pairing``): the pairing engine pairs the round from
  the same data (:mod:`arbiter_app.core.pairing.compare`) and the round is
  compared with it, colours included. When they differ, a level-4 question
  shows the engine's pairing and the boards that differ; confirmed, the round
  keeps the arbiter's pairing and the report gets ``### MPA @ Round r: …``.

How the other hand-pairing actions fit in: *Change pairing…* on a board
(``change_pairing``) starts the phase of its round when none is open, with a
notice saying so; the phase still ends only explicitly. ``pairing set`` (a
whole round given at once, ``set_pairing``) inside an open phase is one more
hand change; outside one it is a whole phase in one action: start, the
round as given, end with the comparison, every question asked together.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.fide_mode import CHECKLIST, Pibe, PibeKind
from arbiter_app.core.model import Event, RuleSet, System
from arbiter_app.core.pairing.boards import RoundPairing
from arbiter_app.core.pairing.compare import Comparison, board_text, named
from arbiter_app.core.pairing.manual import Violation
from arbiter_app.core.pairing.round_robin_rest import Verdict, check_rest
from arbiter_app.core.warning_levels import Alert, Level
from arbiter_app.core.words import count
from arbiter_app.session import queries
from arbiter_app.session.codec import event_from_state
from arbiter_app.session.commands import EndManualPairing, StartManualPairing, given
from arbiter_app.session.integrity import log_pibe
from arbiter_app.session.registry import Context, command, whole_number
from arbiter_app.session.round_check import check_round, first_column, stored_round
from arbiter_app.session.state import Tx
from arbiter_app.session.tournament_state import event_state_of, state_of_tx
from arbiter_app.store.journal import canonical_json

MANUAL = "manual_pairing"
"""The ``records`` family of the open phase (key ``phase``)."""

KEEP_TOKEN = "keep-hand-pairing"
"""The token that keeps a round paired by hand that differs from the engine's."""


def open_phase(state: Any) -> dict[str, Any] | None:
    """The open manual pairing phase (``round``, ``before``), or None."""
    if isinstance(state, Tx):
        row = state.get("records", (MANUAL, "phase"))
    else:
        row = state.tables["records"].get((MANUAL, "phase"))
    return None if row is None else dict(json.loads(row["value"]))


def phase_round(tx: Tx) -> int | None:
    phase = open_phase(tx)
    return None if phase is None else int(phase["round"])


def refuse_while_open(tx: Tx, column: int | None, action: str) -> None:
    """Refuse *action* while a phase is open (on game column *column*'s round, or on any
    round when None): the end of the phase checks the round, which cannot be skipped."""
    open_round = phase_round(tx)
    if open_round is None:
        return
    if column is not None and _round_of(tx, column) != open_round:
        return
    raise RuleError(
        f"the manual pairing of round {open_round} is open: end it first "
        f"('arbiter-app pairing manual end FILE', or End manual pairing) to {action}"
    )


def _round_of(tx: Tx, column: int) -> int:
    return System(tx.setting("system", System.SWISS.value)).rounds_in(column)


def paired_round(tx: Tx) -> int:
    return _round_of(tx, queries.paired_rounds(tx))


def begin(tx: Tx, round_no: int) -> None:
    """Open the phase of *round_no* (checked already), keeping its boards as they stand."""
    before = stored_round(tx, round_no)
    bye = before.pairing_bye
    value = {
        "round": round_no,
        "before": [[b.white, b.black] for b in before.boards],
        "bye": None if bye is None else bye.tpn,
    }
    tx.put("records", (MANUAL, "phase"), {"value": canonical_json(value)})


def check_can_start(tx: Tx, round_no: int) -> None:
    """The phase can open on the round paired last before its first result, or on the
    next round once the event is ready to pair it."""
    open_round = phase_round(tx)
    if open_round is not None:
        raise RuleError(f"the manual pairing of round {open_round} is open already")
    paired = paired_round(tx)
    column = first_column(tx, round_no)
    if round_no == paired and paired:
        system = System(tx.setting("system", System.SWISS.value))
        for offset in range(system.games_per_round):
            if queries.round_has_results(tx, column + offset):
                raise RuleError(
                    f"round {round_no} has results: its pairing can no longer change by hand "
                    "(correct a result instead)"
                )
        return
    if round_no == paired + 1:
        planned = _round_of(tx, int(tx.setting("rounds", 0)))
        if round_no > planned:
            raise RuleError(
                f"the event has {count(planned, 'round')}; add rounds in the settings first"
            )
        rows = state_of_tx(tx)
        pending = event_state_of(rows, event_from_state(rows), None).pending
        if pending:
            last, _ = pending[-1]
            raise RuleError(
                f"round {_round_of(tx, last)} has boards without a result; enter them before "
                f"pairing round {round_no}"
            )
        return
    if not paired:
        raise RuleError(f"round {round_no} cannot be paired by hand now: round 1 comes first")
    raise RuleError(
        f"round {round_no} cannot be paired by hand now: only round {paired} (before its "
        f"results) or round {paired + 1} (the next one) can"
    )


@command(StartManualPairing)
def start_manual_pairing(tx: Tx, cmd: StartManualPairing, ctx: Context) -> int:
    """Open the manual pairing phase of a round (the last paired, or the next)."""
    round_no = whole_number(cmd.round, "round", minimum=1)
    check_can_start(tx, round_no)
    begin(tx, round_no)
    return round_no


def setup_notice(warning: str) -> Alert:
    """Level 2 when round 1 is paired although the rounds cannot all be paired."""
    return Alert(
        Level.NOTICE,
        warning,
        f"{CHECKLIST}: a set-up that cannot complete all its rounds is warned about "
        "before the start",
    )


US_RULES = "US Chess rules 27-29, as the section's engine applies them"
"""What a hand change in an event under the US Chess rules is compared with (not FIDE's
C.02 checklist, which verifies FIDE's pairing systems)."""


def colour_notice(found: list[Violation], *, us_chess: bool = False) -> Alert:
    """Level 2: boards whose two players both get the colour they are not due (FIDE C.02's
    checklist; US Chess 29E in an event under the US Chess rules)."""
    boards = "a board gives" if len(found) == 1 else f"{count(len(found), 'board')} give"
    article = (
        "US Chess 29E: both players given the colour they are not due"
        if us_chess
        else f"{CHECKLIST}: both players given their other colour is a level-2 warning"
    )
    return Alert(
        Level.NOTICE,
        f"{boards[0].upper()}{boards[1:]} both players the colour opposite to the one "
        "they are due.",
        article,
        tuple(str(v) for v in found),
    )


def difference_alert(
    round_no: int,
    comparison: Comparison,
    names: Mapping[int, str] | None = None,
    *,
    us_chess: bool = False,
) -> Alert:
    """Level 4: the round paired by hand is not the engine's (the checklist's question 69;
    the TEC manual shows the correct pairing), each player with *names* by number and name
    (the report's line keeps the numbers). In an event under the US Chess rules
    (*us_chess*) the comparison is with the US Chess engine's rules 27-29, and FIDE's
    report line is not named: US Chess's report has none."""
    line = Pibe(PibeKind.MPA, round_no, comparison.mpa_text()).trf_line()
    if comparison.engine is None:
        question = (
            f"The pairing engine finds no legal pairing for round {round_no}; keep the "
            "round as paired by hand?"
        )
    else:
        differing = len(comparison.added) or 1
        boards = "one board" if differing == 1 else count(differing, "board")
        question = (
            f"Round {round_no} as paired by hand differs from the pairing engine's on "
            f"{boards}. Keep the hand pairing?"
        )
    details = (
        f"The pairing engine pairs round {round_no}: {comparison.engine_text(names)}.",
        f"The round keeps your pairing: {_differences(comparison, names, us_chess)}.",
    )
    if us_chess:
        return Alert(
            Level.CONFIRM_CONSEQUENCES,
            question,
            f"{US_RULES}: a round paired by hand is compared with the engine's pairing",
            details,
            KEEP_TOKEN,
        )
    return Alert(
        Level.CONFIRM_CONSEQUENCES,
        question,
        f"{CHECKLIST}: a round paired by hand is compared with the pairing engine's at "
        "the end of the manual pairing",
        (*details, f"The report says so with the line '{line}'."),
        KEEP_TOKEN,
    )


def _differences(
    comparison: Comparison, names: Mapping[int, str] | None = None, us_chess: bool = False
) -> str:
    board = board_text(names)
    parts = []
    if comparison.added:
        parts.append("yours " + ", ".join(board(w, b) for w, b in comparison.added))
    if comparison.missing:
        parts.append("the engine's " + ", ".join(board(w, b) for w, b in comparison.missing))
    if comparison.bye != comparison.engine_bye:

        def who(tpn: int | None) -> str:
            return named(tpn, names) if tpn else "nobody"

        bye = "the bye" if us_chess else "the pairing-allocated bye"
        parts.append(f"{bye} to {who(comparison.bye)} instead of {who(comparison.engine_bye)}")
    return "; ".join(parts) or "the same boards"


def finish(
    tx: Tx,
    ctx: Context,
    round_no: int,
    pairing: RoundPairing,
    alerts: Sequence[Alert] = (),
) -> dict[str, Any]:
    """End the phase of *round_no* whose pairing is now *pairing*: compare it with the
    engine's, ask when they differ (with *alerts*, the questions of the change that ends
    it, all at once), log the MPA line, close the phase."""
    tx.delete("records", (MANUAL, "phase"))
    if not pairing.boards and pairing.pairing_bye is None:
        ctx.ask(*alerts)
        return {"round": round_no, "paired": False, "same": True, "line": ""}
    comparison = check_round(tx, pairing)
    if comparison.same:
        ctx.ask(*alerts)
        return {"round": round_no, "paired": True, "same": True, "line": ""}
    event = event_from_state(state_of_tx(tx))
    names = {p.tpn: p.name for p in event.players}
    us_chess = event.effective_rule_set is RuleSet.USCF
    ctx.ask(*alerts, difference_alert(round_no, comparison, names, us_chess=us_chess))
    pibe = Pibe(PibeKind.MPA, round_no, comparison.mpa_text())
    log_pibe(tx, pibe)
    return {"round": round_no, "paired": True, "same": False, "line": pibe.trf_line()}


def round_robin_rest(event: Event, pairing: RoundPairing) -> tuple[list[Violation], list[Alert]]:
    """A round robin's round *pairing* given by hand (*event* as it stood before it): the
    rule it breaks when the games of its cycle not played yet no longer fit the rounds
    left (C.05 Annex 1, every pair meets once a cycle; the checklist's question 101), and
    a level-2 notice when the search could not decide within its bound."""
    broken, found = check_rest(event, pairing)
    if broken is not None:
        return [broken], []
    if found.verdict is Verdict.UNDECIDED:
        notice = Alert(
            Level.NOTICE,
            f"Whether the games left in round {pairing.round}'s cycle still fit its rounds "
            f"left could not be decided within {count(found.nodes, 'step', thousands=True)}.",
            f"{CHECKLIST}: a round robin paired by hand must still let every pair meet",
        )
        return [], [notice]
    return [], []


@command(EndManualPairing)
def end_manual_pairing(tx: Tx, cmd: EndManualPairing, ctx: Context) -> dict[str, Any]:
    """End the open manual pairing phase: the round is compared with the engine's pairing;
    a round robin's round is checked for the games its cycle has left (question 101)."""
    round_no = phase_round(tx)
    if round_no is None:
        raise RuleError("no manual pairing is open")
    asked = given(cmd.round, None)
    if asked is not None and asked != round_no:
        raise RuleError(f"the manual pairing open is that of round {round_no}, not {asked}")
    pairing = stored_round(tx, round_no)
    alerts: list[Alert] = []
    event = event_from_state(state_of_tx(tx))
    if event.system.is_round_robin and pairing.boards:
        # round_commands imports this module: its question is taken here, when needed.
        from arbiter_app.session.round_commands import broken_rules_alert

        broken, alerts = round_robin_rest(event.truncated(round_no - 1), pairing)
        if broken:
            alerts.insert(
                0,
                broken_rules_alert(
                    f"Round {round_no} as paired by hand",
                    broken,
                    "End the manual pairing anyway? The round is journalled with the rule "
                    "it breaks.",
                ),
            )
            ctx.put_record(
                "pairing-override", f"{round_no}.rest", {"rules": [str(v) for v in broken]}
            )
    return finish(tx, ctx, round_no, pairing, alerts)
