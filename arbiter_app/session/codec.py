"""Rows and JSON ↔ the core model.

The state tables hold plain values; this module turns them into the core's
:class:`~arbiter_app.core.model.Event` and back. Points are written as exact
fraction strings (``"1/2"``), never floats. The same functions serialise an
imported event into the journal, so a replay rebuilds exactly the same rows.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from datetime import date
from fractions import Fraction
from typing import Any

from arbiter_app.core.limits import FIELD_WORDS, MAX_RATING, field_problem
from arbiter_app.core.model import (
    NOT_PAIRED,
    ByeRequest,
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Outcome,
    Player,
    PointAdjustment,
    RoundEntry,
    RuleSet,
    System,
    VirtualPoints,
)
from arbiter_app.core.pairing.baku import BAKU, baku_virtual_points
from arbiter_app.core.points import GCT_RAPID, STANDARD, THREE_ONE_ZERO, PointSystem
from arbiter_app.core.words import noun_for
from arbiter_app.session.state import State
from arbiter_app.store.file import Key, Row

PLAYER_FIELDS = (
    "name",
    "rating",
    "title",
    "federation",
    "fide_id",
    "national_rating",
    "national_id",
    "sex",
    "birth",
    "club",
    "rating_source",
)
"""The fields an arbiter types in (or a FIDE list fills) for a player; the rest is the
event's doing. *rating_source* says where the rating came from
(:mod:`arbiter_app.core.rating_source`)."""

_INT_FIELDS = frozenset({"rating", "national_rating"})

NAMED_POINT_SYSTEMS: dict[str, PointSystem] = {
    "standard": STANDARD,
    "gct-rapid": GCT_RAPID,
    "3-1-0": THREE_ONE_ZERO,
}

BYE_POLICIES = ("fide", "uscf-28l", "once-per-tournament")
"""Who gets the bye when a round has an odd number of players: FIDE C.04.1 (the
pairing-allocated bye), US Chess 28L (lowest rated in the lowest score group),
the online Swiss rules ("only exempted once per tournament")."""


# -- players -----------------------------------------------------------------
def player_row(player: Player) -> Row:
    return {
        "name": player.name,
        "rating": player.rating,
        "title": player.title,
        "federation": player.federation,
        "fide_id": player.fide_id,
        "national_rating": player.national_rating,
        "national_id": player.national_id,
        "sex": player.sex,
        "birth": player.birth,
        "disqualified": int(player.disqualified),
        "withdrawn_from_round": player.withdrawn_from_round,
        "club": player.club,
        "rating_source": player.rating_source,
    }


def player_from_row(tpn: int, row: Mapping[str, Any]) -> Player:
    return Player(
        tpn=tpn,
        name=row["name"] or "",
        rating=row["rating"],
        title=row["title"] or "",
        federation=row["federation"] or "",
        fide_id=row["fide_id"] or "",
        national_rating=row["national_rating"],
        national_id=row["national_id"] or "",
        sex=row["sex"] or "",
        birth=row["birth"] or "",
        disqualified=bool(row["disqualified"]),
        withdrawn_from_round=row["withdrawn_from_round"],
        club=row.get("club") or "",
        rating_source=row.get("rating_source") or "",
    )


def clean_player_fields(values: Mapping[str, Any]) -> dict[str, Any]:
    """Check and normalise typed-in player fields; raise ValueError saying which is wrong."""
    out: dict[str, Any] = {}
    for name, value in values.items():
        if name not in PLAYER_FIELDS:
            raise ValueError(f"unknown player field {name!r}")
        if name in _INT_FIELDS:
            if value is None or value == "":
                out[name] = None
                continue
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise ValueError(f"{name} must be a whole number, not {value!r}")
            try:
                number = int(value)
            except ValueError as exc:
                raise ValueError(f"{name} must be a whole number, not {value!r}") from exc
            if number < 0:
                raise ValueError(f"{name} cannot be negative")
            if number > MAX_RATING:
                raise ValueError(f"{FIELD_WORDS.get(name, name)} is at most {MAX_RATING}")
            out[name] = number or None
        else:
            if value is None:
                value = ""
            if not isinstance(value, str):
                raise ValueError(f"{name} must be text, not {value!r}")
            out[name] = value.strip()
            # The one check of a player's fields, whichever way they came in (core.limits).
            problem = field_problem(name, out[name])
            if problem is not None:
                raise ValueError(f"{FIELD_WORDS.get(name, name)} {problem}")
    if "name" in out and not out["name"]:
        raise ValueError("a player needs a name")
    return out


# -- round entries -------------------------------------------------------------
def entry_row(entry: RoundEntry) -> Row:
    return {
        "kind": entry.kind.value,
        "opponent": entry.opponent,
        "colour": entry.colour.value if entry.colour else None,
        "outcome": entry.outcome.value if entry.outcome else None,
        "rated": int(entry.rated),
        "opponent_rating": entry.opponent_rating,
    }


_KINDS = {k.value: k for k in EntryKind}
_COLOURS: dict[str | None, Colour | None] = {None: None, "": None}
_COLOURS.update((c.value, c) for c in Colour)
_OUTCOMES: dict[str | None, Outcome | None] = {None: None, "": None}
_OUTCOMES.update((o.value, o) for o in Outcome)


def entry_from_row(row: Mapping[str, Any]) -> RoundEntry:
    # Plain dictionary lookups: an event of 1,000 players has 11,000 of these to read.
    try:
        kind = _KINDS[row["kind"]]
        colour = _COLOURS[row["colour"]]
        outcome = _OUTCOMES[row["outcome"]]
    except KeyError as exc:
        raise ValueError(f"not a round entry: {dict(row)!r}") from exc
    rated = row["rated"]
    return RoundEntry(
        kind,
        row["opponent"],
        colour,
        outcome,
        True if rated is None else bool(rated),
        row["opponent_rating"],
    )


# -- settings ------------------------------------------------------------------
def fraction_text(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def point_system_to_json(system: PointSystem) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(system):
        value = getattr(system, f.name)
        out[f.name] = value if f.name == "name" else fraction_text(value)
    return out


def point_system_from_json(value: Any) -> PointSystem:
    """A point system from its JSON form, or from a name in :data:`NAMED_POINT_SYSTEMS`."""
    if isinstance(value, str):
        try:
            return NAMED_POINT_SYSTEMS[value]
        except KeyError as exc:
            known = ", ".join(NAMED_POINT_SYSTEMS)
            raise ValueError(f"unknown point system {value!r} (known: {known})") from exc
    if not isinstance(value, dict):
        raise ValueError(f"a point system is a name or an object, not {value!r}")
    kwargs: dict[str, Any] = {}
    names = {f.name for f in fields(PointSystem)}
    for key, item in value.items():
        if key not in names:
            raise ValueError(f"unknown point system field {key!r}")
        if key == "name":
            kwargs[key] = str(item)
        elif item is None:
            kwargs[key] = None
        else:
            try:
                kwargs[key] = Fraction(str(item))
            except (ValueError, ZeroDivisionError) as exc:
                raise ValueError(f"point system {key}: not a number: {item!r}") from exc
    return PointSystem(**kwargs)


def info_to_json(info: EventInfo) -> dict[str, Any]:
    return {
        "name": info.name,
        "city": info.city,
        "federation": info.federation,
        "start_date": info.start_date.isoformat() if info.start_date else None,
        "end_date": info.end_date.isoformat() if info.end_date else None,
        "tournament_type": info.tournament_type,
        "chief_arbiter": info.chief_arbiter,
        "deputy_arbiters": list(info.deputy_arbiters),
        "time_control": info.time_control,
        "round_dates": list(info.round_dates),
    }


def info_from_json(value: Mapping[str, Any]) -> EventInfo:
    def day(text: Any) -> date | None:
        if not text:
            return None
        try:
            return date.fromisoformat(str(text))
        except ValueError as exc:
            raise ValueError(f"not a date (YYYY-MM-DD): {text!r}") from exc

    known = {f.name for f in fields(EventInfo)}
    unknown = set(value) - known
    if unknown:
        raise ValueError(f"unknown {noun_for(len(unknown), 'event field')} {sorted(unknown)}")

    return EventInfo(
        name=str(value.get("name") or ""),
        city=str(value.get("city") or ""),
        federation=str(value.get("federation") or ""),
        start_date=day(value.get("start_date")),
        end_date=day(value.get("end_date")),
        tournament_type=str(value.get("tournament_type") or ""),
        chief_arbiter=str(value.get("chief_arbiter") or ""),
        deputy_arbiters=tuple(str(x) for x in value.get("deputy_arbiters") or ()),
        time_control=str(value.get("time_control") or ""),
        round_dates=tuple(str(x) for x in value.get("round_dates") or ()),
    )


def accelerations_to_json(records: Iterable[VirtualPoints]) -> list[dict[str, Any]]:
    return [
        {
            "points": str(a.points),
            "first_round": a.first_round,
            "last_round": a.last_round,
            "first_tpn": a.first_tpn,
            "last_tpn": a.last_tpn,
        }
        for a in records
    ]


def accelerations_from_json(value: Any) -> tuple[VirtualPoints, ...]:
    return tuple(
        VirtualPoints(
            Fraction(str(item["points"])),
            int(item["first_round"]),
            int(item["last_round"]),
            int(item["first_tpn"]),
            int(item["last_tpn"]),
        )
        for item in value or ()
    )


@dataclass(frozen=True, slots=True)
class EventSettings:
    """What the event announces beyond the core model: tie-breaks, bye policy, preset.

    *acceleration* names the acceleration method (``"baku"``: FIDE C.04.5.1);
    *swap_last_two* says a double round robin exchanges the last two rounds of
    its first cycle (C.05 Annex 1).
    """

    tiebreaks: tuple[str, ...] = ()
    bye_policy: str = "fide"
    preset: str | None = None
    playoff: str | None = None
    acceleration: str | None = None
    swap_last_two: bool = False
    team_best: int | None = None
    """How many of a team's best scores count (US Chess 28N; None: the default, four)."""
    teammates_apart: bool = False
    """Teammates are kept from meeting (US Chess 28N)."""
    uschess_report: Mapping[str, Any] = field(default_factory=dict)
    """The US Chess rating report's header fields the event keeps."""
    half_point_bye_limit: int | None = None
    """The half-point byes a player may take (FIDE C.02 Q176; US Chess 22C; None: no limit)."""
    trf_source: Mapping[str, Any] | None = None
    """What the TRF file the event was imported from held besides the event (None: not imported)."""


def settings_of(state: State) -> EventSettings:
    return EventSettings(
        tiebreaks=tuple(state.setting("tiebreaks", [])),
        bye_policy=state.setting("bye_policy", "fide"),
        preset=state.setting("preset"),
        playoff=state.setting("playoff"),
        acceleration=state.setting("acceleration"),
        swap_last_two=bool(state.setting("swap_last_two", False)),
        team_best=state.setting("team_best"),
        teammates_apart=bool(state.setting("teammates_apart", False)),
        uschess_report=state.setting("uschess_report") or {},
        half_point_bye_limit=state.setting("half_point_bye_limit"),
        trf_source=state.setting("trf_source"),
    )


# -- the whole event -------------------------------------------------------------
def entries_by_player(
    state: State, only: Iterable[int] | None = None, rounds: int | None = None
) -> dict[int, tuple[RoundEntry, ...]]:
    """Each player's entries, round 1 first; a round without a row reads as not paired.

    With *only*, just those players' entries (players without any are left out);
    *rounds*, when known, is the last round any entry can have (they are then
    looked up by key).
    """
    wanted = None if only is None else set(only)
    grouped: dict[int, dict[int, RoundEntry]] = {}
    table = state.tables["entries"]
    if wanted is not None and rounds is not None:
        # A few players after a change: their rows by key, not a pass over every entry.
        for tpn in wanted:
            for round_no in range(1, rounds + 1):
                row = table.get((tpn, round_no))
                if row is not None:
                    grouped.setdefault(tpn, {})[round_no] = entry_from_row(row)
    else:
        for (tpn, round_no), row in table.items():
            if wanted is None or tpn in wanted:
                grouped.setdefault(tpn, {})[round_no] = entry_from_row(row)
    out: dict[int, tuple[RoundEntry, ...]] = {}
    for tpn, by_round in grouped.items():
        last = max(by_round)
        out[tpn] = tuple(by_round.get(r, NOT_PAIRED) for r in range(1, last + 1))
    return out


def players_from_state(state: State) -> tuple[Player, ...]:
    """The players the rows describe, in pairing-number order."""
    return tuple(
        player_from_row(key[0], row) for key, row in sorted(state.tables["players"].items())
    )


EXTERNAL = ("tiebreaks", "external-values")
"""The ``records`` row of the arbiter's tie-break values (the ``EXT`` tie-break)."""


def external_values_of(state: State) -> dict[int, Fraction]:
    """The arbiter-entered ``EXT`` values by pairing number (empty when none)."""
    row = state.tables["records"].get(EXTERNAL)
    if row is None:
        return {}
    values = json.loads(row["value"])["values"]
    return {int(tpn): Fraction(text) for tpn, text in values.items()}


def event_from_state(
    state: State,
    entries: Mapping[int, tuple[RoundEntry, ...]] | None = None,
    players: tuple[Player, ...] | None = None,
) -> Event:
    """The core :class:`Event` the rows describe (*entries*, *players*: already built, if known).

    A game whose result is not in yet has no entry, so it reads as *not paired*
    for that round: the standings of a round in progress are those after the
    previous round plus the results already entered.
    """
    if players is None:
        players = players_from_state(state)
    rule_set = state.setting("rule_set")
    adjustments = tuple(
        PointAdjustment(row["tpn"], Fraction(row["points"]), row["round"], row["reason"] or "")
        for _, row in sorted(state.tables["adjustments"].items())
    )
    bye_requests = tuple(
        ByeRequest(tpn, round_no, EntryKind(row["kind"]))
        # By round, then player: the order a TRF file's requests are read in.
        for (tpn, round_no), row in sorted(
            state.tables["bye_requests"].items(), key=lambda item: (item[0][1], item[0][0])
        )
    )
    forbidden = tuple(
        frozenset(int(x) for x in row["players"].split(","))
        for _, row in sorted(state.tables["forbidden_pairs"].items())
    )
    event = Event(
        info=info_from_json(state.setting("info", {})),
        system=System(state.setting("system", System.SWISS.value)),
        planned_rounds=int(state.setting("rounds", 0)),
        players=players,
        entries=dict(entries) if entries is not None else entries_by_player(state),
        point_system=point_system_from_json(
            state.setting("point_system", point_system_to_json(STANDARD))
        ),
        round_point_systems=tuple(
            point_system_from_json(x) for x in state.setting("round_point_systems", [])
        ),
        rule_set=RuleSet(rule_set) if rule_set else None,
        adjustments=adjustments,
        bye_requests=bye_requests,
        forbidden_pairs=forbidden,
        accelerations=accelerations_from_json(state.setting("virtual_points")),
        external_values=external_values_of(state),
    )
    if state.setting("acceleration") == BAKU:
        # Derived, not stored: fixed by round 1's field once round 1 is paired (C.04.5.1),
        # which the boards show before any result is in.
        field = round_one_players(state)
        event = replace(event, accelerations=baku_virtual_points(event, field or None))
    return event


def round_one_players(state: State) -> set[int]:
    """The players round 1 paired: on its boards, or given its pairing-allocated bye."""
    field: set[int] = set()
    for (round_no, _), row in state.tables["boards"].items():
        if round_no == 1:
            field.update((row["white"], row["black"]))
    for (tpn, round_no), row in state.tables["entries"].items():
        if round_no == 1 and row["kind"] == EntryKind.PAIRING_BYE.value:
            field.add(tpn)
    return field


def event_to_json(event: Event) -> dict[str, Any]:
    """Everything of *event* that the rows hold, as JSON (for the journal of an import)."""
    return {
        "info": info_to_json(event.info),
        "system": event.system.value,
        "rounds": event.planned_rounds,
        "point_system": point_system_to_json(event.point_system),
        "round_point_systems": [point_system_to_json(p) for p in event.round_point_systems],
        "rule_set": event.rule_set.value if event.rule_set else None,
        "players": [{"tpn": p.tpn, **player_row(p)} for p in event.players],
        "entries": [
            {"tpn": tpn, "round": r, **entry_row(e)}
            for tpn, row in sorted(event.entries.items())
            for r, e in enumerate(row, start=1)
        ],
        "adjustments": [
            {"tpn": a.tpn, "points": str(a.points), "round": a.round, "reason": a.reason}
            for a in event.adjustments
        ],
        "bye_requests": [
            {"tpn": b.tpn, "round": b.round, "kind": b.kind.value} for b in event.bye_requests
        ],
        "forbidden_pairs": [sorted(group) for group in event.forbidden_pairs],
        "accelerations": accelerations_to_json(event.accelerations),
    }


def split_key(row: Mapping[str, Any], key_names: tuple[str, ...]) -> tuple[Key, Row]:
    key = tuple(row[k] for k in key_names)
    return key, {k: v for k, v in row.items() if k not in key_names}
