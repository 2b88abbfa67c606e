"""Commands on players: register, edit, late entry, withdraw, disqualify, reinstate, byes."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from datetime import date
from typing import Any

from arbiter_app.core.attendance import absence_kind, full_point_late_refusal, may_check_in
from arbiter_app.core.errors import RuleError
from arbiter_app.core.fide_mode import Pibe, PibeKind
from arbiter_app.core.limits import too_many_players
from arbiter_app.core.model import EntryKind, Player, RoundEntry, System
from arbiter_app.core.pairing.byes import (
    HALF_POINT_BYE_LIMIT_RULE,
    ByePolicy,
    half_point_bye_limit_words,
    is_withdrawn,
    registration_deadline_round,
)
from arbiter_app.core.rating_source import (
    list_missing_at,
    source_month,
    typed_or_imported,
)
from arbiter_app.core.ratinglist import month_words
from arbiter_app.core.warning_levels import Alert, Level
from arbiter_app.core.words import bye_words, count, noun_for, rounds_words
from arbiter_app.session import queries
from arbiter_app.session.codec import (
    PLAYER_FIELDS,
    clean_player_fields,
    entry_row,
    event_from_state,
)
from arbiter_app.session.commands import (
    AddPlayer,
    ApplyListRatings,
    CheckIn,
    DisqualifyPlayer,
    EditPlayer,
    ImportPlayers,
    LateEntry,
    MarkAbsent,
    PlayerFields,
    ReinstatePlayer,
    RemovePlayer,
    RequestBye,
    RequestByes,
    SetHalfByeEligibility,
    Unset,
    WithdrawPlayer,
    given,
)
from arbiter_app.session.integrity import drop_full_point_bye_line, fide_mode_of, log_pibe
from arbiter_app.session.numbering import follow_ranking, place_late_entry
from arbiter_app.session.registry import CommandError, Context, command, whole_number
from arbiter_app.session.setting_levels import CHECKLIST
from arbiter_app.session.state import State, Tx
from arbiter_app.session.tournament_state import event_state_of, state_of_tx
from arbiter_app.store.journal import canonical_json

_REQUESTABLE = {
    "half": EntryKind.HALF_BYE,
    "full": EntryKind.FULL_BYE,
    "zero": EntryKind.ZERO_BYE,
}
"""Byes a player may ask for before a round is paired (TRF-26 record 240: H, F, Z)."""

_MISSED = {
    "not-paired": EntryKind.NOT_PAIRED,
    "half-bye": EntryKind.HALF_BYE,
    "zero-bye": EntryKind.ZERO_BYE,
    "full-bye": EntryKind.FULL_BYE,
}
"""What a late entrant gets for the rounds already played (the regulations decide)."""

DEADLINE_PRESETS = frozenset({"online-swiss"})
"""Presets whose regulations close registration part-way (online Swiss rules, Registration)."""


def _fields(given_fields: Mapping[str, Any], *, required: bool) -> dict[str, Any]:
    values = {k: v for k, v in given_fields.items() if k in PLAYER_FIELDS}
    try:
        cleaned = clean_player_fields(values)
    except ValueError as exc:
        raise CommandError(str(exc)) from exc
    if required and "name" not in cleaned:
        raise CommandError("a player needs a name")
    return cleaned


def _check_room(last_tpn: int) -> None:
    """Pairing numbers run to the four digits of a TRF starting rank (core.limits)."""
    problem = too_many_players(last_tpn)
    if problem is not None:
        raise RuleError(problem)


def _given_id(value: object) -> str:
    """An identifier as registered; "" for none (blank, or only zeros, as some files write
    a missing FIDE ID)."""
    text = str(value or "").strip()
    return text if text.strip("0") else ""


def _id_words(tx: Tx, key: str) -> str:
    if key == "fide_id":
        return "FIDE ID"
    return "US Chess ID" if tx.setting("rule_set") == "uscf" else "national ID"


def id_owners(tx: Tx, leaving_out: int | None = None) -> dict[tuple[str, str], int]:
    """The players' FIDE and national IDs, each with the player it belongs to (but
    *leaving_out*'s, whose own IDs may stay as they are)."""
    return {
        (key, ident): tpn
        for (tpn,), row in tx.rows("players").items()
        if tpn != leaving_out
        for key in ("fide_id", "national_id")
        if (ident := _given_id(row.get(key)))
    }


def id_holder(state: State, key: str, value: str) -> tuple[int, str] | None:
    """The player of *state*'s section (pairing number, name) whose ``fide_id`` or
    ``national_id`` (*key*) is *value*, read as registration reads it; None when nobody's."""
    ident = _given_id(value)
    if not ident:
        return None
    for (tpn,), row in sorted(state.tables["players"].items()):
        if _given_id(row.get(key)) == ident:
            return tpn, str(row["name"])
    return None


def check_ids_free(
    tx: Tx, fields: Mapping[str, Any], owners: Mapping[tuple[str, str], int], where: str = ""
) -> None:
    """Refuse a FIDE or national ID that belongs to another player of the section: a
    player is registered once (a second registration would play, score and be rated
    twice; FIDE's rating server and US Chess's report each take one line per ID)."""
    for key in ("fide_id", "national_id"):
        ident = _given_id(fields.get(key))
        owner = owners.get((key, ident)) if ident else None
        if owner is not None:
            name = queries.player(tx, owner)["name"] if tx.get("players", (owner,)) else ""
            who = f"player {owner} ({name})" if name else f"player {owner}"
            raise RuleError(
                f"{where}{_id_words(tx, key)} {ident} belongs to {who} already: a player is "
                "registered once"
            )


def _new_player(tx: Tx, cmd: PlayerFields) -> int:
    fields = _fields(cmd.player_fields(), required=True)
    check_ids_free(tx, fields, id_owners(tx))
    tpn = max((k[0] for k in tx.keys("players")), default=0) + 1
    _check_room(tpn)
    _put_new(tx, tpn, fields, "")
    return tpn


def _put_new(tx: Tx, tpn: int, fields: dict[str, Any], source: str) -> None:
    """Write a new player's row; a rating without a source is typed in (or from *source*)."""
    row = {name: fields.get(name, "") for name in PLAYER_FIELDS}
    row["rating"] = fields.get("rating")
    row["national_rating"] = fields.get("national_rating")
    row["rating_source"] = typed_or_imported(
        row["rating"], source, fields.get("rating_source") or None
    )
    tx.put("players", (tpn,), {**row, "disqualified": 0, "withdrawn_from_round": None})


@command(AddPlayer)
def add_player(tx: Tx, cmd: AddPlayer, ctx: Context) -> int:
    """Register a player before the first round is paired; returns the pairing number.

    In an event numbered by its initial ranking the numbers follow it (FIDE
    C.04.2 articles 2.2, 2.3): the new player's number is their place in it.
    """
    paired = queries.paired_rounds(tx)
    if paired:
        rounds = "round 1 is" if paired == 1 else f"{count(paired, 'round')} are"
        raise RuleError(f"{rounds} paired already; register the player as a late entry")
    tpn = _new_player(tx, cmd)
    return follow_ranking(tx).get(tpn, tpn)


@command(LateEntry)
def late_entry(tx: Tx, cmd: LateEntry, ctx: Context) -> int:
    """Register a player after rounds were paired; the missed rounds get *missed*, or,
    round by round, *missed_rounds* (FIDE C.04.2 article 2.4 and US Chess 28K: the regulations say
    what a late entrant scores for the rounds missed; the window and the command line
    offer :func:`arbiter_app.core.attendance.late_entry_default`).

    Under the online Swiss rules registration closes part-way through the event.
    """
    paired = queries.paired_rounds(tx)
    missed = _missed_rounds(tx, cmd, paired)
    _check_late_entry_possible(tx)
    _check_registration_open(tx)
    tpn = _new_player(tx, cmd)
    for round_no, kind in enumerate(missed, start=1):
        tx.put("entries", (tpn, round_no), entry_row(RoundEntry(kind)))
    alerts = [
        Alert(
            Level.NOTICE,
            f"{tpn} {cmd.name} gets a full-point bye in round {round_no}: FIDE deprecates "
            "full-point byes, a point for a game not played.",
            f"{CHECKLIST}: a full-point bye is a level-2 warning",
        )
        for round_no, kind in enumerate(missed, start=1)
        if kind is EntryKind.FULL_BYE
    ]
    half = [r for r, kind in enumerate(missed, start=1) if kind is EntryKind.HALF_BYE]
    over = _limit_alert(tx, tpn, queries.player(tx, tpn)["name"], half) if half else None
    ctx.ask(*alerts, *([] if over is None else [over]))
    for round_no, kind in enumerate(missed, start=1):
        if kind is EntryKind.FULL_BYE:
            log_pibe(tx, Pibe(PibeKind.FULL_POINT_BYE, round_no, f"{tpn}=FPB"), player=tpn)
    return place_late_entry(tx, tpn)


def _missed_rounds(tx: Tx, cmd: LateEntry, paired: int) -> list[EntryKind]:
    """What the late entrant gets in each round already paired, checked against the rules."""
    known = ", ".join(_MISSED)
    if isinstance(cmd.missed_rounds, Unset):
        missed_name = given(cmd.missed, "not-paired")
        if missed_name not in _MISSED:
            raise CommandError(f"missed rounds are one of {known}, not {missed_name!r}")
        names = [missed_name] * paired
    else:
        names = list(cmd.missed_rounds) if isinstance(cmd.missed_rounds, (list, tuple)) else []
        if len(names) != paired or isinstance(cmd.missed_rounds, str):
            system = _system(tx)
            each = count(paired, "round" if system.games_per_round == 1 else "game")
            raise CommandError(
                f"missed_rounds names what the player gets in each of the {each} paired already"
            )
        for column, name in enumerate(names, start=1):
            if name not in _MISSED:
                raise CommandError(
                    f"{_system(tx).game_name(column)}: a missed round is one of {known}, "
                    f"not {name!r}"
                )
    kinds = [_MISSED[name] for name in names]
    if EntryKind.FULL_BYE in kinds:
        refusal = full_point_late_refusal(ByePolicy.parse(str(tx.setting("bye_policy", "fide"))))
        if refusal is not None:
            raise RuleError(refusal)
    return kinds


def late_entry_refusal(system: System, paired: int, planned: int) -> str | None:
    """Why no player can join now, or None when a late entry can still play.

    A round robin's schedule is the Berger table for its number of players
    (FIDE C.05 Annex 1), fixed when round 1 is paired: nobody can join it
    afterwards. A player registered once every planned round is paired would
    play no game at all.
    """
    if paired and system.is_round_robin:
        return (
            "a round robin's schedule is fixed by its pairing table once round 1 is paired"
            " (FIDE C.05 Annex 1): no player can join it now"
        )
    if planned and paired >= planned:
        every = "the one round is" if planned == 1 else f"all {count(planned, 'round')} are"
        return f"{every} paired: a player registered now would play no game"
    return None


def _check_late_entry_possible(tx: Tx) -> None:
    refusal = late_entry_refusal(
        System(tx.setting("system", System.SWISS.value)),
        queries.paired_rounds(tx),
        int(tx.setting("rounds", 0)),
    )
    if refusal is not None:
        raise RuleError(refusal)


def rounds_finished(tx: Tx) -> int:
    """Rounds whose every game has its result, as the event's state (the core) says."""
    rows = state_of_tx(tx)
    return event_state_of(rows, event_from_state(rows), None).complete


def _check_registration_open(tx: Tx) -> None:
    """The online Swiss rules, Registration: players register "before half the number of rounds of the
    tournament minus 1, rounded up, are played" (before the end of round 4 of 10)."""
    if tx.setting("preset") not in DEADLINE_PRESETS:
        return
    planned = int(tx.setting("rounds", 0))
    last = registration_deadline_round(planned)
    if rounds_finished(tx) >= last:
        raise RuleError(
            f"registration closed at the end of round {last} of {planned} (the online Swiss rules "
            "Registration: players register before half the rounds minus one, rounded up, "
            "are played)"
        )


@command(EditPlayer)
def edit_player(tx: Tx, cmd: EditPlayer, ctx: Context) -> None:
    """Change a player's name, rating, title, federation or identifiers."""
    tpn = whole_number(cmd.tpn, "tpn", minimum=1)
    row = queries.player(tx, tpn)
    changes = cmd.player_fields()
    if not changes:
        raise CommandError("nothing to change")
    fields = _fields(changes, required=False)
    check_ids_free(tx, fields, id_owners(tx, leaving_out=tpn))
    if "rating" in fields and "rating_source" not in fields and fields["rating"] != row["rating"]:
        # A rating changed by hand is the arbiter's; a list's carries its own source.
        fields["rating_source"] = typed_or_imported(fields["rating"], "")
    tx.put("players", (tpn,), {**row, **fields})
    # A corrected rating, title or name moves the player in the initial ranking
    # (C.04.2 article 2.3) while round 1 is not paired.
    follow_ranking(tx)


@command(RemovePlayer)
def remove_player(tx: Tx, cmd: RemovePlayer, ctx: Context) -> None:
    """Take player *tpn*'s registration back before round 1 is paired; the players after
    him move up one number, and an event numbered by its initial ranking stays so
    (C.04.2 article 2.2). Once a round is paired the player is withdrawn instead: the
    pairings and games that name him stay part of the event."""
    tpn = whole_number(cmd.tpn, "tpn", minimum=1)
    row = queries.player(tx, tpn)
    paired = queries.paired_rounds(tx)
    if paired:
        rounds = "round 1 is" if paired == 1 else f"{count(paired, 'round')} are"
        raise RuleError(
            f"{rounds} paired already: a registration is taken back only before round 1; "
            f"withdraw {tpn} {row['name']} instead (what the event recorded of him stays)"
        )
    last = max(key[0] for key in tx.keys("players"))
    queries.forget_player(tx, tpn)
    queries.renumber(tx, {t: t - 1 for t in range(tpn + 1, last + 1)})
    follow_ranking(tx)


@command(WithdrawPlayer)
def withdraw_player(tx: Tx, cmd: WithdrawPlayer, ctx: Context) -> None:
    """The player leaves the event from round *from_round* on."""
    tpn = whole_number(cmd.tpn, "tpn", minimum=1)
    start = whole_number(cmd.from_round, "from_round", minimum=1)
    row = queries.player(tx, tpn)
    system = _system(tx)
    if row["withdrawn_from_round"] is not None:
        gone = system.rounds_in(row["withdrawn_from_round"])
        raise RuleError(f"player {tpn} withdrew already (from round {gone})")
    for (column, board), game in tx.rows("boards").items():
        if column >= start and tpn in (game["white"], game["black"]):
            round_no = system.rounds_in(column)
            raise RuleError(
                f"player {tpn} is paired on board {board} of {system.round_name(round_no)}; "
                f"withdraw from round {round_no + 1}, or change that pairing first"
            )
    for (who, round_no), _ in tx.rows("entries").items():
        if who == tpn and round_no >= start:
            tx.put("entries", (tpn, round_no), entry_row(RoundEntry(EntryKind.WITHDRAWN)))
    for who, round_no in list(tx.keys("bye_requests")):
        if who == tpn and round_no >= start:
            tx.delete("bye_requests", (who, round_no))
    tx.put("players", (tpn,), {**row, "withdrawn_from_round": start})


@command(DisqualifyPlayer)
def disqualify_player(tx: Tx, cmd: DisqualifyPlayer, ctx: Context) -> None:
    """Disqualify a player: they leave the standings; no score changes (the online Swiss rules).

    A level-3 question first (FIDE C.02): the standings change for everyone below.
    """
    tpn = whole_number(cmd.tpn, "tpn", minimum=1)
    row = queries.player(tx, tpn)
    if row["disqualified"]:
        raise RuleError(f"player {tpn} is disqualified already")
    ctx.ask(disqualify_alert(tpn, row["name"]))
    tx.put("players", (tpn,), {**row, "disqualified": 1})


def disqualify_alert(tpn: int, name: str) -> Alert:
    """The level-3 question before a disqualification (also asked for an event without a file)."""
    return Alert(
        Level.CONFIRM,
        f"Disqualify {tpn} {name}?",
        "the online Swiss rules, special cases; FIDE C.02, verification checklist: "
        "expelled players are excluded from the standings",
        (
            f"{name} is removed from the standings and everyone ranked below moves up "
            "one place; later rounds are paired without them.",
            "No score changes: the games played stay in the crosstable and count for the "
            "opponents.",
            "Reinstate or undo cancels it.",
        ),
    )


@command(ReinstatePlayer)
def reinstate_player(tx: Tx, cmd: ReinstatePlayer, ctx: Context) -> None:
    """Undo a withdrawal or a disqualification decided earlier."""
    tpn = whole_number(cmd.tpn, "tpn", minimum=1)
    row = queries.player(tx, tpn)
    if not row["disqualified"] and row["withdrawn_from_round"] is None:
        raise RuleError(f"player {tpn} is neither withdrawn nor disqualified")
    for (who, round_no), entry in tx.rows("entries").items():
        if who == tpn and entry["kind"] == EntryKind.WITHDRAWN.value:
            tx.put("entries", (tpn, round_no), entry_row(RoundEntry(EntryKind.NOT_PAIRED)))
    tx.put("players", (tpn,), {**row, "disqualified": 0, "withdrawn_from_round": None})


@command(RequestBye)
def requested_bye(tx: Tx, cmd: RequestBye, ctx: Context) -> None:
    """Record (or cancel, kind "none") a bye a player asks for in a round not yet paired."""
    tpn = whole_number(cmd.tpn, "tpn", minimum=1)
    round_no = whole_number(cmd.round, "round", minimum=1)
    row = queries.player(tx, tpn)
    kind = _requested_kind(cmd.kind)
    _check_bye_round(tx, tpn, row, round_no, kind)
    if kind is None:
        _cancel_bye(tx, tpn, round_no)
        return
    ctx.ask(*_bye_alerts(tx, tpn, row["name"], round_no, kind))
    _put_bye(tx, tpn, round_no, kind)


def _requested_kind(kind_name: object) -> EntryKind | None:
    """The bye a request names (None: "none", cancel it)."""
    if kind_name == "none":
        return None
    if not isinstance(kind_name, str) or kind_name not in _REQUESTABLE:
        raise CommandError(f"a requested bye is half, full or zero (or none), not {kind_name!r}")
    return _REQUESTABLE[kind_name]


def _system(tx: Tx) -> System:
    return System(tx.setting("system", System.SWISS.value))


def _beyond_the_event(tx: Tx, column: int, what: str = "") -> RuleError | None:
    """The refusal of a game column past the planned rounds, said in the arbiter's rounds
    (a double Swiss keeps games in the file and names matches to the arbiter)."""
    planned = int(tx.setting("rounds", 0))
    if column <= planned:
        return None
    system = _system(tx)
    rounds = system.rounds_in(planned)
    return RuleError(
        f"the event has {count(rounds, 'round')}: there is no round {system.rounds_in(column)}"
        + what
    )


def _check_bye_round(
    tx: Tx, tpn: int, row: Mapping[str, Any], round_no: int, kind: EntryKind | None
) -> None:
    """Refuse a bye (or its cancellation, *kind* None) the player cannot have in game column
    *round_no* (the round itself where a round is one game)."""
    planned = int(tx.setting("rounds", 0))
    beyond = _beyond_the_event(tx, round_no, " to ask a bye for")
    if beyond is not None:
        raise beyond
    system = _system(tx)
    said = system.round_name(system.rounds_in(round_no))
    if round_no <= queries.paired_rounds(tx):
        raise RuleError(f"{said} is paired already; change the pairing instead")
    if kind is None:
        if tx.get("bye_requests", (tpn, round_no)) is None:
            raise RuleError(f"player {tpn} has no bye request for {said}")
        return
    withdrawn = row["withdrawn_from_round"]
    if withdrawn is not None and withdrawn <= round_no:
        gone = system.rounds_in(withdrawn)
        raise RuleError(f"player {tpn} withdrew from round {gone}; no bye to ask for")
    if (
        kind is EntryKind.HALF_BYE
        and system.rounds_in(round_no) == system.rounds_in(planned)
        and ByePolicy.parse(str(tx.setting("bye_policy", "fide"))) is ByePolicy.USCF
        and _has_played(tx, tpn)
    ):
        raise RuleError(
            f"a half-point bye for the final round is asked before the player's first game "
            f"(US Chess 22C4: irrevocable notice); player {tpn} has played already"
        )


def _has_played(tx: Tx, tpn: int) -> bool:
    """Whether *tpn* was paired on a board or has a round entry already."""
    if any(who == tpn for who, _ in tx.keys("entries")):
        return True
    return any(tpn in (g["white"], g["black"]) for g in tx.rows("boards").values())


def _cancel_bye(tx: Tx, tpn: int, round_no: int) -> None:
    tx.delete("bye_requests", (tpn, round_no))
    drop_full_point_bye_line(tx, tpn, round_no)
    _forget_absence(tx, tpn, round_no)


def _put_bye(tx: Tx, tpn: int, round_no: int, kind: EntryKind) -> None:
    tx.put("bye_requests", (tpn, round_no), {"kind": kind.value})
    _forget_absence(tx, tpn, round_no)
    # A full-point bye is written to the report as a ### line (FIDE C.02, question 179).
    drop_full_point_bye_line(tx, tpn, round_no)
    if kind is EntryKind.FULL_BYE:
        log_pibe(tx, Pibe(PibeKind.FULL_POINT_BYE, round_no, f"{tpn}=FPB"), player=tpn)


@command(RequestByes)
def requested_byes(tx: Tx, cmd: RequestByes, ctx: Context) -> list[int]:
    """Byes one player asks for in several rounds not yet paired: all of them, or none.

    Each round is refused as a single request would be (paired already, past the last
    round, a withdrawal, US Chess 22C4); the questions of FIDE C.02 (a second half-point
    bye, a player not eligible for them, a full-point bye) are asked once for the range.
    Returns the rounds.
    """
    tpn = whole_number(cmd.tpn, "tpn", minimum=1)
    row = queries.player(tx, tpn)
    rounds = _round_list(cmd.rounds)
    kind = _requested_kind(cmd.kind)
    for round_no in rounds:
        _check_bye_round(tx, tpn, row, round_no, kind)
    if kind is None:
        for round_no in rounds:
            _cancel_bye(tx, tpn, round_no)
        return rounds
    ctx.ask(*_range_alerts(tx, tpn, row["name"], rounds, kind))
    for round_no in rounds:
        _put_bye(tx, tpn, round_no, kind)
    return rounds


def _round_list(value: object) -> list[int]:
    if not isinstance(value, (list, tuple)) or not value:
        raise CommandError("rounds must be a non-empty list of round numbers")
    rounds = [whole_number(r, "round", minimum=1) for r in value]
    if len(set(rounds)) != len(rounds):
        raise CommandError("a round is named twice")
    return sorted(rounds)


def _range_alerts(tx: Tx, tpn: int, name: str, rounds: list[int], kind: EntryKind) -> list[Alert]:
    """The questions of a range of byes, each asked once (FIDE C.02, withdrawals, byes)."""
    if kind is not EntryKind.HALF_BYE:
        return _full_bye_notice(tx, tpn, name, rounds, kind)
    alerts = _ineligible_question(tx, tpn, name, rounds)
    every = sorted(_half_byes_held(tx, tpn, rounds) | set(rounds))
    if half_point_bye_limit(tx) is not None:
        # An announced limit replaces the question of a second bye (one mechanism).
        over = _limit_alert(tx, tpn, name, every)
        return alerts if over is None else [*alerts, over]
    if len(_as_rounds(tx, every)) > 1:
        alerts.append(
            Alert(
                Level.CONFIRM,
                f"{tpn} {name} would have {count(len(_as_rounds(tx, every)), 'half-point bye')} "
                f"({_rounds_text(tx, every)}): give them?",
                f"{CHECKLIST}: a second half-point bye is a level-3 warning",
            )
        )
    return alerts


def _half_byes_held(tx: Tx, tpn: int, leaving_out: Collection[int] = ()) -> set[int]:
    """The rounds of *tpn*'s half-point byes, given or asked for (*leaving_out* not counted:
    the rounds being asked for again)."""
    half = EntryKind.HALF_BYE.value
    return {r for (who, r), e in tx.rows("entries").items() if who == tpn and e["kind"] == half} | {
        r
        for (who, r), e in tx.rows("bye_requests").items()
        if who == tpn and r not in leaving_out and e["kind"] == half
    }


def half_point_bye_limit(state: Tx | State) -> int | None:
    """The half-point byes a player may take in the event (None: no limit announced)."""
    value = state.setting("half_point_bye_limit")
    return None if value is None else int(value)


def _limit_alert(tx: Tx, tpn: int, name: str, every: list[int]) -> Alert | None:
    """The level-3 question of half-point byes past the announced limit (FIDE C.02 question
    176: the arbiter may still give one, answering; unanswered, the bye is refused with this
    reason), or None within the limit or with none announced."""
    limit = half_point_bye_limit(tx)
    held = len(_as_rounds(tx, every))
    if limit is None or held <= limit:
        return None
    return Alert(
        Level.CONFIRM,
        f"{tpn} {name} would have {count(held, 'half-point bye')} "
        f"({_rounds_text(tx, every)}); the regulations allow {half_point_bye_limit_words(limit)} "
        f"({HALF_POINT_BYE_LIMIT_RULE}): give them all the same?",
        f"{CHECKLIST}: a half-point bye past the announced limit is a level-3 warning",
    )


def _full_bye_notice(
    tx: Tx, tpn: int, name: str, rounds: list[int], kind: EntryKind
) -> list[Alert]:
    """A full-point bye is a level-2 notice (FIDE deprecates it: a point for a game not
    played); no other bye but the half-point one asks anything."""
    if kind is not EntryKind.FULL_BYE:
        return []
    return [
        Alert(
            Level.NOTICE,
            f"{tpn} {name} gets a full-point bye in {_rounds_text(tx, rounds)}: FIDE deprecates "
            "full-point byes, a point for a game not played.",
            f"{CHECKLIST}: a full-point bye is a level-2 warning",
        )
    ]


def _ineligible_question(tx: Tx, tpn: int, name: str, rounds: list[int]) -> list[Alert]:
    """A half-point bye for a player made ineligible for one: refused in FIDE mode (level 5;
    FIDE C.02, the checklist's question 176 fails a program that still gives it), a
    level-3 question outside it."""
    if tpn not in half_bye_ineligible(tx):
        return []
    them = "them" if len(rounds) > 1 else "one"
    if fide_mode_of(tx).on:
        return [
            Alert(
                Level.REFUSED,
                f"{tpn} {name} is marked not eligible for a half-point bye: in FIDE mode "
                f"none is given in {_rounds_text(tx, rounds)} (make the player eligible again "
                "first)",
                f"{CHECKLIST}: a player marked not eligible gets no half-point bye",
            )
        ]
    return [
        Alert(
            Level.CONFIRM,
            f"{tpn} {name} is marked not eligible for a half-point bye: give {them} in "
            f"{_rounds_text(tx, rounds)} all the same?",
            f"{CHECKLIST}: players can be made ineligible for half-point byes",
        )
    ]


def _as_rounds(tx: Tx, columns: Collection[int]) -> list[int]:
    """The arbiter's rounds holding game columns *columns* (themselves but in a double Swiss)."""
    system = _system(tx)
    return sorted({system.rounds_in(c) for c in columns})


def _rounds_text(tx: Tx, columns: Collection[int]) -> str:
    return rounds_words(_as_rounds(tx, columns))


def _bye_alerts(tx: Tx, tpn: int, name: str, round_no: int, kind: EntryKind) -> list[Alert]:
    """FIDE C.02 (withdrawals, byes, results): a second half-point bye is a level-3
    question; a full-point bye, which FIDE deprecates, a level-2 notice."""
    if kind is not EntryKind.HALF_BYE:
        return _full_bye_notice(tx, tpn, name, [round_no], kind)
    alerts = _ineligible_question(tx, tpn, name, [round_no])
    asked = tx.get("bye_requests", (tpn, round_no))
    if asked is not None and asked["kind"] == kind.value:
        return alerts  # the same request again: no bye more than before
    taken = sorted(_half_byes_held(tx, tpn, (round_no,)))
    if half_point_bye_limit(tx) is not None:
        # An announced limit replaces the question of a second bye (one mechanism).
        over = _limit_alert(tx, tpn, name, sorted({*taken, round_no}))
        return alerts if over is None else [*alerts, over]
    if not taken:
        return alerts
    return [
        *alerts,
        Alert(
            Level.CONFIRM,
            f"{tpn} {name} has a half-point bye already ({_rounds_text(tx, taken)}): give "
            f"another one in {_rounds_text(tx, [round_no])}?",
            f"{CHECKLIST}: a second half-point bye is a level-3 warning",
        ),
    ]


HALF_BYE_INELIGIBLE = ("byes", "half-bye-ineligible")
"""The ``records`` row listing the players not eligible for a half-point bye."""


def half_bye_ineligible(state: Tx | State) -> frozenset[int]:
    """Players the arbiter made ineligible for half-point byes (FIDE C.02, withdrawals,
    byes, results): asking for one for them is a level-3 question."""
    if isinstance(state, Tx):
        row = state.get("records", HALF_BYE_INELIGIBLE)
    else:
        row = state.tables["records"].get(HALF_BYE_INELIGIBLE)
    return frozenset() if row is None else frozenset(json.loads(row["value"])["players"])


@command(SetHalfByeEligibility)
def set_half_bye_eligibility(tx: Tx, cmd: SetHalfByeEligibility, ctx: Context) -> bool:
    """Make player *tpn* eligible (*eligible* true) or not for half-point byes."""
    tpn = whole_number(cmd.tpn, "tpn", minimum=1)
    queries.player(tx, tpn)
    eligible = cmd.eligible
    if not isinstance(eligible, bool):
        raise CommandError("eligible is true or false")
    now = set(half_bye_ineligible(tx))
    if eligible == (tpn not in now):
        state = "eligible" if eligible else "not eligible"
        raise RuleError(f"player {tpn} is {state} for half-point byes already")
    now.symmetric_difference_update({tpn})
    tx.put("records", HALF_BYE_INELIGIBLE, {"value": canonical_json({"players": sorted(now)})})
    return eligible


@command(ImportPlayers)
def import_players(tx: Tx, cmd: ImportPlayers, ctx: Context) -> list[int]:
    """Register a whole player list (a CSV import) at once: every player, or none.

    *players* is a list of objects with the fields of ``add_player``; the
    pairing numbers follow those already given, in the order of the list. A
    FIDE id may belong to one player only.
    """
    paired = queries.paired_rounds(tx)
    if paired:
        rounds = "round 1 is" if paired == 1 else f"{count(paired, 'round')} are"
        raise RuleError(f"{rounds} paired already; register late players one by one")
    players = cmd.players
    if not isinstance(players, list) or not players:
        raise CommandError("import_players needs a non-empty list of players")
    existing = tx.rows("players")
    owners = id_owners(tx)
    next_tpn = max((key[0] for key in existing), default=0) + 1
    _check_room(next_tpn + len(players) - 1)
    numbers: list[int] = []
    for position, listed in enumerate(players, start=1):
        where = f"player {position} of the list"
        if not isinstance(listed, dict):
            raise CommandError(f"{where} is not an object")
        unknown = set(listed) - set(PLAYER_FIELDS)
        if unknown:
            raise CommandError(
                f"{where}: unknown {noun_for(len(unknown), 'player field')} "
                f"{', '.join(sorted(unknown))}"
            )

        try:
            fields = _fields(listed, required=True)
        except CommandError as exc:
            raise CommandError(f"{where}: {exc}") from exc
        check_ids_free(tx, fields, owners, f"{where}: ")
        tpn = next_tpn + len(numbers)
        for key in ("fide_id", "national_id"):
            if ident := _given_id(fields.get(key)):
                owners[(key, ident)] = tpn
        _put_new(tx, tpn, fields, str(given(cmd.source, None) or ""))
        numbers.append(tpn)
    mapping = follow_ranking(tx)
    return [mapping.get(tpn, tpn) for tpn in numbers]


# -- check-in and absences -----------------------------------------------------------------
CHECKED_IN = ("attendance", "present")
"""The ``records`` row listing the players checked in before round 1."""
ABSENCES = ("attendance", "absent")
"""The ``records`` row of the absences marked for coming rounds (``[[tpn, round], …]``)."""


def _record(state: Tx | State, key: tuple[str, str]) -> Any:
    row = state.get("records", key) if isinstance(state, Tx) else state.tables["records"].get(key)
    return None if row is None else json.loads(row["value"])


def checked_in(state: Tx | State) -> frozenset[int]:
    """The players marked present before round 1 (empty: check-in has not begun)."""
    value = _record(state, CHECKED_IN)
    return frozenset() if value is None else frozenset(value["players"])


def absences(state: Tx | State) -> frozenset[tuple[int, int]]:
    """``(player, round)`` of every absence marked and still standing as a bye request."""
    value = _record(state, ABSENCES)
    if value is None:
        return frozenset()
    if isinstance(state, Tx):
        asked = set(state.keys("bye_requests"))
    else:
        asked = set(state.tables["bye_requests"])
    return frozenset((t, r) for t, r in map(tuple, value["absent"]) if (t, r) in asked)


def _put_absences(tx: Tx, marked: set[tuple[int, int]]) -> None:
    if marked:
        value = {"absent": [list(pair) for pair in sorted(marked)]}
        tx.put("records", ABSENCES, {"value": canonical_json(value)})
    elif tx.get("records", ABSENCES) is not None:
        tx.delete("records", ABSENCES)


def _forget_absence(tx: Tx, tpn: int, round_no: int) -> None:
    """A bye asked for or cancelled by hand replaces an absence marked for that round."""
    value = _record(tx, ABSENCES)
    if value is not None:
        _put_absences(tx, {(t, r) for t, r in map(tuple, value["absent"])} - {(tpn, round_no)})


def _player_list(value: object) -> list[int]:
    if not isinstance(value, (list, tuple)) or not value:
        raise CommandError("players must be a non-empty list of pairing numbers")
    numbers = [whole_number(t, "player", minimum=1) for t in value]
    if len(set(numbers)) != len(numbers):
        raise CommandError("a player is named twice")
    return numbers


def _as_player(tpn: int, row: Mapping[str, Any]) -> Player:
    return Player(
        tpn=tpn,
        name=row["name"],
        disqualified=bool(row["disqualified"]),
        withdrawn_from_round=row["withdrawn_from_round"],
    )


@command(CheckIn)
def check_in(tx: Tx, cmd: CheckIn, ctx: Context) -> list[int]:
    """Mark players present (or not) before round 1 is paired; returns those changed.

    Once a first player is present, round 1 pairs only the players present; the others
    are not paired in round 1 (:mod:`arbiter_app.core.attendance`). Check-in closes when
    round 1 is paired: an absence from a later round is marked with ``mark_absent``.
    """
    numbers = _player_list(cmd.players)
    present = cmd.present
    if not isinstance(present, bool):
        raise CommandError("present is true or false")
    if System(tx.setting("system", System.SWISS.value)).is_round_robin:
        raise RuleError(
            "a round robin pairs every player by the Berger tables (FIDE C.05 Annex 1): there "
            "is no check-in to make"
        )
    if queries.paired_rounds(tx):
        raise RuleError(
            "check-in is closed: round 1 is paired already; mark a player absent for a "
            "coming round instead"
        )
    now = set(checked_in(tx))
    changed: list[int] = []
    for tpn in numbers:
        refusal = may_check_in(_as_player(tpn, queries.player(tx, tpn)))
        if refusal is not None:
            raise RuleError(f"{refusal}: no check-in for them")
        if (tpn in now) != present:
            changed.append(tpn)
    if not changed:
        state = "checked in" if present else "not checked in"
        who = f"player {numbers[0]} is" if len(numbers) == 1 else "these players are"
        raise RuleError(f"{who} {state} already")
    now = now | set(changed) if present else now - set(changed)
    if now:
        tx.put("records", CHECKED_IN, {"value": canonical_json({"players": sorted(now)})})
    else:
        tx.delete("records", CHECKED_IN)
    return changed


@command(MarkAbsent)
def mark_absent(tx: Tx, cmd: MarkAbsent, ctx: Context) -> str | None:
    """Players who will not play round *round* (not paired yet): each gets the rule set's
    bye for an absence (:func:`arbiter_app.core.attendance.absence_kind`), or, with
    *absent* false, that absence is taken back. Returns the bye's kind (None when taken
    back)."""
    round_no = whole_number(cmd.round, "round", minimum=1)
    numbers = _player_list(cmd.players)
    absent = given(cmd.absent, True)
    if not isinstance(absent, bool):
        raise CommandError("absent is true or false")
    planned = int(tx.setting("rounds", 0))
    beyond = _beyond_the_event(tx, round_no)
    if beyond is not None:
        raise beyond
    system = _system(tx)
    said = system.round_name(system.rounds_in(round_no))
    if round_no <= queries.paired_rounds(tx):
        for tpn in numbers:
            for (r, board), game in tx.rows("boards").items():
                if r == round_no and tpn in (game["white"], game["black"]):
                    raise RuleError(
                        f"player {tpn} is paired on board {board} of {said} already; "
                        "change the pairing, or enter a forfeit, instead"
                    )
        raise RuleError(f"{said} is paired already; change the pairing instead")
    marked = set(absences(tx))
    if not absent:
        for tpn in numbers:
            queries.player(tx, tpn)
            if (tpn, round_no) not in marked:
                raise RuleError(f"player {tpn} is not marked absent for {said}")
        for tpn in numbers:
            tx.delete("bye_requests", (tpn, round_no))
        _put_absences(tx, marked - {(t, round_no) for t in numbers})
        return None
    policy = ByePolicy.parse(str(tx.setting("bye_policy", "fide")))
    kind = absence_kind(policy, system.rounds_in(round_no), system.rounds_in(planned))
    no_half = half_bye_ineligible(tx)
    limit = half_point_bye_limit(tx)
    for tpn in numbers:
        player = _as_player(tpn, queries.player(tx, tpn))
        if player.disqualified or is_withdrawn(player, round_no):
            state = "is disqualified" if player.disqualified else "has withdrawn"
            raise RuleError(f"player {tpn} {player.name} {state}: no absence to mark")
        if (tpn, round_no) in marked:
            raise RuleError(f"player {tpn} is marked absent for {said} already")
        asked = tx.get("bye_requests", (tpn, round_no))
        if asked is not None:
            raise RuleError(
                f"player {tpn} asked for a {bye_words(EntryKind(asked['kind']))} in "
                f"{said} already; cancel it first"
            )
    notices: list[Alert] = []
    for tpn in numbers:
        # A player the arbiter made ineligible for half-point byes (FIDE C.02) gets none.
        own = EntryKind.ZERO_BYE if kind is EntryKind.HALF_BYE and tpn in no_half else kind
        held = _half_byes_held(tx, tpn)
        if own is EntryKind.HALF_BYE and limit is not None and len(held) >= limit:
            # Past the announced limit the absence scores nothing (FIDE C.02 question 176).
            own = EntryKind.ZERO_BYE
            name = queries.player(tx, tpn)["name"]
            notices.append(
                Alert(
                    Level.NOTICE,
                    f"{tpn} {name} gets a zero-point bye in {said}, not a "
                    f"half-point bye: the regulations allow {half_point_bye_limit_words(limit)}"
                    f" and they have {count(len(held), 'half-point bye')} already "
                    f"({HALF_POINT_BYE_LIMIT_RULE}).",
                    f"{CHECKLIST}: half-point byes past the announced limit",
                )
            )
        tx.put("bye_requests", (tpn, round_no), {"kind": own.value})
        marked.add((tpn, round_no))
    _put_absences(tx, marked)
    ctx.ask(*notices)
    return kind.value


def take_attendance(tx: Tx, tpn: int) -> bool:
    """Player *tpn* leaves the section (moved to another before round 1): off the check-in
    list and the absences; returns whether they were checked in."""
    here = checked_in(tx)
    if tpn in here:
        rest = sorted(here - {tpn})
        if rest:
            tx.put("records", CHECKED_IN, {"value": canonical_json({"players": rest})})
        else:
            tx.delete("records", CHECKED_IN)
    value = _record(tx, ABSENCES)
    if value is not None:
        _put_absences(tx, {(t, r) for t, r in map(tuple, value["absent"]) if t != tpn})
    return tpn in here


def give_attendance(tx: Tx, tpn: int, present: bool) -> None:
    """A player moved in keeps being checked in where check-in has begun (where it has not,
    marking one player present would leave every other out of round 1)."""
    here = checked_in(tx)
    if present and here:
        tx.put("records", CHECKED_IN, {"value": canonical_json({"players": sorted(here | {tpn})})})


# -- ratings from the lists ----------------------------------------------------------------
LIST_RATINGS_ARTICLE = "FIDE C.02 verification checklist, rating lists; FIDE Rating Regulations"


@command(ApplyListRatings)
def apply_list_ratings(tx: Tx, cmd: ApplyListRatings, ctx: Context) -> list[int]:
    """Give the chosen players the ratings a check against the lists proposed.

    Each rating keeps the list it came from (its source code, never ``manual``): the
    checklist asks that the source list be kept per rating. Before round 1 the initial
    ranking follows (FIDE C.04.2 article 2.3). Once round 1 is paired the pairing numbers
    stay, and the arbiter names the round the ratings count from: the next one paired
    (each board keeps its players' ratings at the start of its round), so a list valid
    from a given round is applied between the rounds before it. A rating from a list
    older than the one valid at the start is a level-3 question. Returns the players'
    numbers (after any renumbering).
    """
    entries = cmd.ratings
    if not isinstance(entries, (list, tuple)) or not entries:
        raise CommandError("ratings must be a non-empty list of players' ratings")
    paired = queries.paired_rounds(tx)
    _check_from_round(tx, cmd, paired)
    chosen: dict[int, tuple[int | None, str]] = {}
    for position, entry in enumerate(entries, start=1):
        where = f"rating {position} of the list"
        if not isinstance(entry, Mapping) or set(entry) != {"tpn", "rating", "rating_source"}:
            raise CommandError(f"{where} must give exactly tpn, rating and rating_source")
        tpn = whole_number(entry["tpn"], "tpn", minimum=1)
        queries.player(tx, tpn)
        if tpn in chosen:
            raise CommandError(f"{where}: player {tpn} is given twice")
        source = entry["rating_source"]
        if not isinstance(source, str) or source_month(source) is None:
            raise CommandError(
                f"{where}: the rating source must name a rating list and its month "
                f"(fide:standard:2026-09), not {source!r}"
            )
        fields = _fields({"rating": entry["rating"]}, required=False)
        chosen[tpn] = (fields["rating"], source)
    ctx.ask(*_older_list_alerts(tx, chosen))
    for tpn, (rating, source) in chosen.items():
        row = queries.player(tx, tpn)
        tx.put("players", (tpn,), {**row, "rating": rating, "rating_source": source})
    mapping = follow_ranking(tx)
    return [mapping.get(tpn, tpn) for tpn in chosen]


def _check_from_round(tx: Tx, cmd: ApplyListRatings, paired: int) -> None:
    """Once round 1 is paired, *from_round* must be the next round to be paired."""
    if not cmd.given("from_round"):
        if paired:
            raise RuleError(
                f"{'round 1 is' if paired == 1 else count(paired, 'round') + ' are'} paired "
                f"already: say from which round the ratings count (the next one, round "
                f"{paired + 1}); the rounds paired keep the ratings they were paired with"
            )
        return
    start = whole_number(cmd.from_round, "from_round", minimum=1)
    if start != paired + 1:
        nxt = paired + 1
        if start > nxt:
            raise RuleError(
                f"ratings valid from round {start} are applied once round {start - 1} is "
                f"paired: the next round to be paired is round {nxt}, and it must be paired "
                "with the ratings it has now"
            )
        raise RuleError(
            f"round {start} is paired already and keeps the ratings it was paired with; "
            f"the ratings can count from round {nxt}, the next one to be paired"
        )


def _older_list_alerts(tx: Tx, chosen: Mapping[int, tuple[int | None, str]]) -> list[Alert]:
    """A level-3 question when a rating comes from a list older than the one valid at the
    event's start (the list of the start's month; FIDE Rating Regulations, Official FIDE
    Rating List: a list is valid for its month)."""
    info = tx.setting("info", {}) or {}
    start = info.get("start_date")
    if not start:
        return []
    day = date.fromisoformat(str(start))
    older = sorted(
        {
            month
            for _, source in chosen.values()
            if (month := source_month(source)) is not None
            and list_missing_at([month], day) is not None
        }
    )
    if not older:
        return []
    lists = ", ".join(month_words(m) for m in older)
    return [
        Alert(
            Level.CONFIRM,
            f"The ratings come from the list of {lists}, older than the list valid at the "
            f"event's start ({day.isoformat()}), the list of "
            f"{month_words(day.replace(day=1))}. Apply them anyway?",
            LIST_RATINGS_ARTICLE,
        )
    ]
