"""Questions commands ask about the rows, and row rewrites several commands share."""

from __future__ import annotations

import json
from collections.abc import Mapping

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import EntryKind
from arbiter_app.core.pairing.boards import Board, Bye, RoundPairing
from arbiter_app.core.result import GameResult
from arbiter_app.session.codec import entry_from_row
from arbiter_app.session.state import Tx
from arbiter_app.store.file import Row
from arbiter_app.store.journal import canonical_json


def paired_rounds(tx: Tx) -> int:
    """The last round that has any pairing (a board) or any entry."""
    last = 0
    for round_no, _ in tx.keys("boards"):
        last = max(last, round_no)
    for _, round_no in tx.keys("entries"):
        last = max(last, round_no)
    return last


def as_tpn(value: object) -> int:
    """*value* as a pairing number, or a clear refusal."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"a pairing number is a whole number, not {value!r}")
    return value


def player(tx: Tx, number: object) -> Row:
    key = as_tpn(number)
    row = tx.get("players", (key,))
    if row is None:
        raise RuleError(f"there is no player with pairing number {key}")
    return row


def boards_of_round(tx: Tx, round_no: int) -> dict[int, Row]:
    return {board: row for (r, board), row in tx.rows("boards").items() if r == round_no}


def board(tx: Tx, round_no: int, number: int) -> Row:
    row = tx.get("boards", (round_no, number))
    if row is None:
        raise RuleError(f"round {round_no} has no board {number}")
    return row


def has_result(tx: Tx, round_no: int, board_row: Row) -> bool:
    entry = tx.get("entries", (board_row["white"], round_no))
    return entry is not None and EntryKind(entry["kind"]).has_opponent


def board_result(
    tx: Tx, column: int, number: int
) -> tuple[Row, Row | None, Row | None, GameResult | None]:
    """Board *number* of game column *column*: its row, its two players' entry rows (None
    when missing) and the :class:`GameResult` they make (None without a result)."""
    row = board(tx, column, number)
    old_white = tx.get("entries", (row["white"], column))
    old_black = tx.get("entries", (row["black"], column))
    result = GameResult.of_entries(
        entry_from_row(old_white) if old_white else None,
        entry_from_row(old_black) if old_black else None,
    )
    return row, old_white, old_black, result


def round_has_results(tx: Tx, round_no: int) -> bool:
    return any(has_result(tx, round_no, row) for row in boards_of_round(tx, round_no).values())


def renumber(tx: Tx, mapping: Mapping[int, int]) -> None:
    """Give every player a new pairing number and rewrite every row that names one."""

    def new(tpn: int | None) -> int | None:
        return None if tpn is None else mapping.get(tpn, tpn)

    players = tx.rows("players")
    entries = tx.rows("entries")
    byes = tx.rows("bye_requests")
    for table, rows in (("players", players), ("entries", entries), ("bye_requests", byes)):
        for key in rows:
            tx.delete(table, key)
    for (tpn,), row in players.items():
        tx.put("players", (new(tpn),), row)
    for (tpn, round_no), row in entries.items():
        tx.put("entries", (new(tpn), round_no), {**row, "opponent": new(row["opponent"])})
    for (tpn, round_no), row in byes.items():
        tx.put("bye_requests", (new(tpn), round_no), row)
    for key, row in tx.rows("boards").items():
        tx.put("boards", key, {**row, "white": new(row["white"]), "black": new(row["black"])})
    for key, row in tx.rows("adjustments").items():
        tx.put("adjustments", key, {**row, "tpn": new(row["tpn"])})
    for key, row in tx.rows("forbidden_pairs").items():
        group = ",".join(str(new(int(x))) for x in row["players"].split(","))
        tx.put("forbidden_pairs", key, {"players": group})
    for key, row in tx.rows("records").items():
        # A full-point bye's ### line names its player by number (session.integrity).
        if key[0] == "pibe" and '"player"' in row["value"]:
            value = json.loads(row["value"])
            value["player"] = new(int(value["player"]))
            tx.put("records", key, {"value": canonical_json(value)})
        # Players not eligible for half-point byes are listed by number (player_commands).
        if key == ("tiebreaks", "external-values"):
            value = json.loads(row["value"])
            value["values"] = {str(new(int(t))): v for t, v in value["values"].items()}
            tx.put("records", key, {"value": canonical_json(value)})
        # An adjourned board's mark and a correction for the rating report only name the
        # board's two players (session.adjourned, session.rating_corrections).
        if key[0] == "rating_correction":
            value = json.loads(row["value"])
            value = {**value, "black": new(value["black"]), "white": new(value["white"])}
            tx.put("records", key, {"value": canonical_json(value)})
        if key[0] == "adjourned":
            value = json.loads(row["value"])
            value = {"black": new(value["black"]), "white": new(value["white"])}
            tx.put("records", key, {"value": canonical_json(value)})
        # Check-in and absences list their players by number (player_commands).
        if key == ("attendance", "present"):
            value = json.loads(row["value"])
            value["players"] = sorted(new(int(t)) or 0 for t in value["players"])
            tx.put("records", key, {"value": canonical_json(value)})
        if key == ("attendance", "absent"):
            value = json.loads(row["value"])
            value["absent"] = sorted([new(int(t)) or 0, r] for t, r in value["absent"])
            tx.put("records", key, {"value": canonical_json(value)})
        if key == ("byes", "half-bye-ineligible"):
            value = json.loads(row["value"])
            value["players"] = sorted(new(int(t)) or 0 for t in value["players"])
            tx.put("records", key, {"value": canonical_json(value)})
    fund = tx.get("records", ("prizes", "fund"))
    if fund is not None:
        # A wildcard (GCT 2023 tour points) is a player: it follows its player's number.
        value = json.loads(fund["value"])
        if value.get("wildcards"):
            value["wildcards"] = [new(int(t)) for t in value["wildcards"]]
            tx.put("records", ("prizes", "fund"), {"value": canonical_json(value)})


def forget_player(tx: Tx, tpn: int) -> None:
    """Delete player *tpn* and every row that names him (a registration taken back before
    round 1: his requested byes, check-in, absences, forbidden pairs, EXT values, bye
    eligibility and wildcard); the numbers of the others do not change here."""
    tx.delete("players", (tpn,))
    for table in ("entries", "bye_requests"):
        for key in list(tx.keys(table)):
            if key[0] == tpn:
                tx.delete(table, key)
    for key, row in tx.rows("adjustments").items():
        if row["tpn"] == tpn:
            tx.delete("adjustments", key)
    for key, row in tx.rows("forbidden_pairs").items():
        group = [x for x in row["players"].split(",") if int(x) != tpn]
        if len(group) < 2:
            tx.delete("forbidden_pairs", key)
        elif len(group) < len(row["players"].split(",")):
            tx.put("forbidden_pairs", key, {"players": ",".join(group)})
    lists = {
        ("attendance", "present"): "players",
        ("byes", "half-bye-ineligible"): "players",
    }
    for key, row in tx.rows("records").items():
        value = json.loads(row["value"]) if key in lists or key[0] == "pibe" else None
        if key in lists and value is not None:
            value[lists[key]] = [t for t in value[lists[key]] if int(t) != tpn]
            tx.put("records", key, {"value": canonical_json(value)})
        elif key == ("attendance", "absent"):
            value = json.loads(row["value"])
            value["absent"] = [[t, r] for t, r in value["absent"] if int(t) != tpn]
            tx.put("records", key, {"value": canonical_json(value)})
        elif key == ("tiebreaks", "external-values"):
            value = json.loads(row["value"])
            value["values"] = {t: v for t, v in value["values"].items() if int(t) != tpn}
            tx.put("records", key, {"value": canonical_json(value)})
        elif key[0] == "pibe" and value is not None and value.get("player") == tpn:
            tx.delete("records", key)
    fund = tx.get("records", ("prizes", "fund"))
    if fund is not None:
        value = json.loads(fund["value"])
        if tpn in (value.get("wildcards") or ()):
            value["wildcards"] = [t for t in value["wildcards"] if t != tpn]
            tx.put("records", ("prizes", "fund"), {"value": canonical_json(value)})


def round_pairing(tx: Tx, round_no: int) -> RoundPairing:
    """Round *round_no* as stored: its boards, and every other player's entry as a bye."""
    rows = boards_of_round(tx, round_no)
    boards = tuple(Board(n, row["white"], row["black"]) for n, row in sorted(rows.items()))
    on_board = {t for board in boards for t in board.players}
    byes: list[Bye] = []
    for (tpn,) in sorted(tx.keys("players")):
        if tpn in on_board:
            continue
        row = tx.get("entries", (tpn, round_no))
        kind = EntryKind(row["kind"]) if row is not None else EntryKind.NOT_PAIRED
        byes.append(Bye(tpn, kind, odd_one_out=kind is EntryKind.PAIRING_BYE))
    return RoundPairing(round_no, boards, tuple(byes))
