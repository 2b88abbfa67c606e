"""Commands on the event as a whole: create, settings, import, pairing numbers."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from arbiter_app.core.checker.imported import ARTICLE as DUTCH_ARTICLE
from arbiter_app.core.checker.imported import DutchComparison
from arbiter_app.core.chess960 import ARTICLE as CHESS960_ARTICLE
from arbiter_app.core.chess960 import checked_variant
from arbiter_app.core.errors import InputError, RuleError, UnknownTieBreak
from arbiter_app.core.fide_mode import Pibe, PibeKind
from arbiter_app.core.limits import header_problem, too_many_players, too_many_rounds
from arbiter_app.core.lots import physical_draw, shuffled
from arbiter_app.core.model import EntryKind, Event, RuleSet, System
from arbiter_app.core.pairing.baku import ARTICLE as BAKU_ARTICLE
from arbiter_app.core.pairing.baku import BAKU, baku_refusal, baku_virtual_points
from arbiter_app.core.pairing.byes import checked_half_point_bye_limit
from arbiter_app.core.pairing.manual import imported_breaches
from arbiter_app.core.pairing.numbers import (
    ARTICLE_LOT,
    Numbering,
    rating_order,
    renumbering_refusal,
)
from arbiter_app.core.pairing.ranking import RankingRule, TieOrder, TournamentRating
from arbiter_app.core.playoff import preset as playoff_preset
from arbiter_app.core.points import STANDARD, PointSystem, point_system_refusal
from arbiter_app.core.presets import PRESETS, parse_tiebreak_list
from arbiter_app.core.rating_source import checked_sequence, typed_or_imported
from arbiter_app.core.ratinglist import RatingType
from arbiter_app.core.team_scores import checked_best
from arbiter_app.core.tiebreaks.round_robin import refusal_for as round_robin_refusal
from arbiter_app.core.timecontrol import parse as parse_time_control
from arbiter_app.core.trf.double_swiss_origin import ARTICLE as DOUBLE_SWISS_ARTICLE
from arbiter_app.core.trf.double_swiss_origin import SystemReading
from arbiter_app.core.uschess_report import checked_report_settings
from arbiter_app.core.warning_levels import Alert, Level, Refused
from arbiter_app.core.words import count, noun_for, sentence
from arbiter_app.session import queries, unknown_results
from arbiter_app.session.codec import (
    BYE_POLICIES,
    PLAYER_FIELDS,
    accelerations_from_json,
    clean_player_fields,
    event_from_state,
    info_from_json,
    info_to_json,
    point_system_from_json,
    point_system_to_json,
    split_key,
)
from arbiter_app.session.commands import (
    CreateEvent,
    EditSettings,
    ImportEvent,
    SetPairingNumbers,
    Unset,
    given,
)
from arbiter_app.session.event_rows import SECTION_NAME
from arbiter_app.session.integrity import (
    apply_fide_rules,
    fide_rules_alerts,
    log_pibe,
    refuse_what_fide_mode_fixes,
)
from arbiter_app.session.numbering import players_of, ranking_rule_of, set_numbering
from arbiter_app.session.playoff_commands import store_fund, stored_wildcards
from arbiter_app.session.registry import CommandError, Context, command, text, whole_number
from arbiter_app.session.setting_levels import (
    CHECKLIST,
    configuration_pibes,
    fund_alert,
    pairings_recheck,
    rounds_recheck,
    settings_alerts,
)
from arbiter_app.session.state import State, Tx
from arbiter_app.session.tournament_state import NUMBERING, RANKING, state_of_tx
from arbiter_app.store.schema import STATE_TABLES, TABLES_BY_NAME

PRESET_BYE_POLICIES = {
    "uscf": "uscf-28l",
    "city-chess-ok": "uscf-28l",
    "online-swiss": "once-per-tournament",
}
"""The bye policy each regulation states (City Chess OK rules: US Chess 28L; the online Swiss rules:
"they can only be exempted once per tournament"); other presets use FIDE's."""

SETTINGS = (
    "system",
    "rounds",
    "point_system",
    "round_point_systems",
    "tiebreaks",
    "rule_set",
    "bye_policy",
    "preset",
    "playoff",
    "info",
    "rating_type",
    "acceleration",
    "swap_last_two",
    "team_best",
    "teammates_apart",
    "uschess_report",
    "half_point_bye_limit",
    "rating_lists",
    "rating_check_after_update",
    "variant",
)

ACCELERATIONS = (BAKU,)
"""Acceleration methods the event can use (FIDE C.04.5.1, the Baku Acceleration)."""

FIXED_AFTER_ROUND_ONE = {
    "acceleration": f"the acceleration method is fixed once round 1 is paired ({BAKU_ARTICLE})",
    "swap_last_two": (
        "the order of the rounds is fixed once round 1 is paired (C.05 Annex 1: the Berger "
        "schedule is announced before the event)"
    ),
    "variant": (
        "the game the boards play is announced before the event and fixed once round 1 is "
        f"paired ({CHESS960_ARTICLE})"
    ),
}
"""Settings that cannot change once the first round is paired, and why (the window greys
the box of each)."""


@command(CreateEvent)
def create_event(tx: Tx, cmd: CreateEvent, ctx: Context) -> None:
    """Create the event: name, system, number of rounds, optional preset (and the name of
    its section, ``section_name``, when it is one of several)."""
    if tx.setting("system") is not None:
        raise CommandError("the event exists already")
    name = text(cmd.name, "name")
    section = given(cmd.section_name, None)
    if section is not None:
        tx.set_setting(SECTION_NAME, checked_section_name(section))
    info = dict(cmd.info) if not isinstance(cmd.info, Unset) else {}
    info["name"] = name
    numbering = given(cmd.pairing_numbers, None)
    if numbering is not None:
        if numbering not in (Numbering.RATING.value, Numbering.ENTRY.value):
            raise CommandError(
                f"a new event's pairing numbers are rating or entry, not {numbering!r}"
            )
        tx.set_setting(NUMBERING, numbering)
    settings = cmd.settings()
    settings.setdefault("point_system", "standard")
    if "preset" not in settings:
        settings.setdefault("bye_policy", "fide")
    settings["info"] = info
    if settings.get("system") is None or settings.get("rounds") is None:
        raise CommandError("a new event needs a system and a number of rounds")
    _check_time_control(tx, info)
    _apply_settings(tx, settings)


PRIZE_FUND = "prize_fund"
"""``edit_settings`` also takes the prize fund (``{"prizes": [...], "currency": "USD"}``),
kept in the records like ``prizes.set_fund``'s, so one action can change both."""


@command(EditSettings)
def edit_settings(tx: Tx, cmd: EditSettings, ctx: Context) -> None:
    """Change the event's settings (system, rounds, points, tie-breaks, rule set, byes, fund).

    Once round 1 is paired, what decides pairings or ranks asks first, by the
    FIDE C.02 warning levels (:mod:`arbiter_app.session.setting_levels`).
    """
    if tx.setting("system") is None:
        raise CommandError("create the event first")
    if not cmd.arguments():
        raise CommandError("no setting to change")
    settings = cmd.settings()
    fund = given(cmd.prize_fund, None)
    _check_time_control(tx, settings.get("info"))
    checked = _checked_settings(tx, settings)
    # In FIDE mode the rounds, the points and the bye's value are fixed once round 1 is
    # paired (FIDE C.02, questions 57, 75 and 85): refused, with the way out (leave first).
    refuse_what_fide_mode_fixes(tx, checked)
    recheck = None
    if "rounds" in checked and checked["rounds"] != tx.setting("rounds"):
        recheck = rounds_recheck(tx, int(checked["rounds"]))
    # The paired rounds paired again under new points or byes (the checklist's question 76).
    repaired = pairings_recheck(tx, checked)
    alerts = settings_alerts(tx, checked, recheck, repaired)
    # In FIDE mode a setting outside FIDE's rules leaves FIDE mode (FIDE C.02, the
    # checklist's question 43): a level-4 question, then final (resources/guide/fide-mode.md).
    alerts[:0] = fide_rules_alerts(tx, checked)
    if fund is not None:
        if not isinstance(fund, dict):
            raise CommandError('the prize fund is {"prizes": [...], "currency": "USD"}')
        alerts.extend(fund_alert(tx, fund))
    ctx.ask(*alerts)
    apply_fide_rules(tx, checked)
    # A configuration change once play has started is a pairing-integrity event (FIDE C.02).
    for pibe in configuration_pibes(tx, checked, recheck, repaired):
        log_pibe(tx, pibe)
    for key, value in checked.items():
        tx.set_setting(key, value)
    if fund is not None:
        store_fund(tx, ctx, {**fund, "wildcards": stored_wildcards(ctx)})


def checked_section_name(value: Any, taken: Collection[str] = ()) -> str:
    """A section's name as stored: printable text that fits a sheet's title line, not one
    of the names in *taken* (compared without regard to case)."""
    if not isinstance(value, str) or not value.strip():
        raise CommandError("a section needs a name")
    name = " ".join(value.split())
    problem = header_problem(name)
    if problem is not None:
        raise CommandError(f"the section's name {problem}")
    if name.casefold() in {t.casefold() for t in taken}:
        raise CommandError(f'the event has a section called "{name}" already')
    return name


def _check_time_control(tx: Tx, info: Any) -> None:
    """A time control typed in must be one Arbiter can read (US notation or the FIDE
    encoding, :mod:`arbiter_app.core.timecontrol`): it is printed on every sheet.
    One read from a file (TRF 122) is kept as written."""
    if not isinstance(info, dict) or not info.get("time_control"):
        return
    text = str(info["time_control"])
    if text == tx.setting("info", {}).get("time_control"):
        return
    try:
        parse_time_control(text)
    except InputError as exc:
        raise CommandError(str(exc)) from None


def _apply_settings(tx: Tx, args: dict[str, Any]) -> None:
    for key, value in _checked_settings(tx, args).items():
        tx.set_setting(key, value)


def _checked_settings(tx: Tx, args: dict[str, Any]) -> dict[str, Any]:
    """*args* with the preset's settings filled in, each value checked as it will be stored."""
    unknown = set(args) - set(SETTINGS)
    if unknown:
        raise CommandError(
            f"unknown {noun_for(len(unknown), 'setting')} {', '.join(sorted(unknown))}"
        )
    values = dict(args)
    preset_name = values.get("preset")
    if preset_name is not None:
        found = PRESETS.get(preset_name)
        if found is None:
            raise CommandError(
                f"unknown preset {preset_name!r} (known: {', '.join(sorted(PRESETS))})"
            )
        # Explicit settings given with the preset win over the preset's.
        values.setdefault("tiebreaks", list(found.tiebreaks))
        values.setdefault("rule_set", found.rule_set.value if found.rule_set else None)
        values.setdefault("bye_policy", PRESET_BYE_POLICIES.get(found.name, "fide"))
        values.setdefault("playoff", found.playoff)
    elif "tiebreaks" in values and "preset" not in values:
        # A list typed over a preset that is not the preset's own leaves the preset: the
        # event no longer follows it (its rule set, byes and play-off stay as they are).
        # One rule for the window and the command line.
        following = PRESETS.get(tx.setting("preset") or "")
        if following is not None and values["tiebreaks"] != list(following.tiebreaks):
            values["preset"] = None
    checked = {key: _check_setting(tx, key, value) for key, value in values.items()}

    def after(key: str, default: Any = None) -> Any:
        return checked[key] if key in checked else tx.setting(key, default)

    reason = combination_refusal(
        system=after("system"),
        tiebreaks=after("tiebreaks", []),
        acceleration=after("acceleration"),
        swap_last_two=bool(after("swap_last_two")),
        point_systems=[after("point_system"), *(after("round_point_systems") or [])],
        changed=checked.keys(),
    )
    if reason:
        raise CommandError(reason)
    return checked


def _check_setting(tx: Tx, key: str, value: Any) -> Any:
    locked = key in ("rounds", "system", *FIXED_AFTER_ROUND_ONE)
    paired = queries.paired_rounds(tx) if locked else 0
    return check_setting(
        key,
        value,
        paired=paired,
        system=tx.setting("system"),
        info=tx.setting("info", {}),
        before=tx.setting(key),
    )


def combination_refusal(
    *,
    system: str | None,
    tiebreaks: Sequence[str],
    acceleration: str | None,
    swap_last_two: bool,
    point_systems: Sequence[Any] = (),
    changed: Collection[str] | None = None,
) -> str | None:
    """Why these settings cannot go together, or None.

    Buchholz and its variants are not for round robins (FIDE C.07, 2026 text);
    the Baku Acceleration is for a Swiss with the standard points (C.04.5.1);
    exchanging the last two rounds of the first cycle is for a double round
    robin (C.05 Annex 1). With *changed*, only the rules those settings take
    part in are checked: a list kept as an imported file announced it does not
    stop a change of the event's name.
    """

    def touched(*keys: str) -> bool:
        return changed is None or any(k in changed for k in keys)

    reason = round_robin_refusal(system, tiebreaks) if touched("system", "tiebreaks") else None
    if reason:
        return reason
    points = ("point_system", "round_point_systems")
    if acceleration and system is not None and touched("acceleration", "system", *points):
        systems = [point_system_from_json(p) for p in point_systems if p is not None]
        probe = Event(
            system=System(system),
            point_system=systems[0] if systems else STANDARD,
            round_point_systems=tuple(systems[1:]),
        )
        reason = baku_refusal(probe)
        if reason:
            return reason
    if (
        swap_last_two
        and system != System.DOUBLE_ROUND_ROBIN.value
        and touched("swap_last_two", "system")
    ):
        return (
            "exchanging the last two rounds of the first cycle is for a double round robin "
            "(C.05 Annex 1)"
        )
    return None


def _scoring(system: PointSystem) -> PointSystem:
    """*system*, or CommandError saying why it cannot score an event (FIDE C.07 article 5)."""
    reason = point_system_refusal(system)
    if reason:
        raise CommandError(f"the point system is refused: {reason}")
    return system


def check_setting(
    key: str,
    value: Any,
    *,
    paired: int,
    system: str | None,
    info: Mapping[str, Any],
    before: Any = None,
) -> Any:
    """*value* of the setting *key* as stored, or CommandError saying what is wrong.

    *paired* is the number of rounds paired so far, *system* and *info* the
    event's current system and header, *before* the setting's current value:
    the checks that depend on the event. Shared with the window's in-memory
    event, so both refuse the same things.
    """
    fixed = FIXED_AFTER_ROUND_ONE
    if key in fixed and paired and (value or None) != (before or None):
        rounds = "round 1 is" if paired == 1 else f"{count(paired, 'round')} are"
        raise CommandError(f"{rounds} paired already; {fixed[key]}")
    try:
        if key == "system":
            chosen = System(value).value
            if paired and system is not None and chosen != system:
                raise Refused(
                    Alert(
                        Level.REFUSED,
                        "round 1 is paired already: the system cannot change",
                        "FIDE C.02, verification checklist: the system is locked once "
                        "play has started",
                    )
                )
            return chosen
        if key == "rounds":
            planned = whole_number(value, "rounds", minimum=1)
            if too_many_rounds(planned):
                raise CommandError(str(too_many_rounds(planned)))
            if planned < paired:
                raise CommandError(
                    f"{count(paired, 'round')} {'is' if paired == 1 else 'are'} paired "
                    "already; rounds cannot be fewer"
                )

            return planned
        if key == "point_system":
            return point_system_to_json(_scoring(point_system_from_json(value)))
        if key == "round_point_systems":
            if value is not None and not isinstance(value, list):
                raise CommandError("round_point_systems: a list with one point system a round")
            return [point_system_to_json(_scoring(point_system_from_json(v))) for v in value or []]
        if key == "tiebreaks":
            return _check_tiebreaks(value)
        if key == "rule_set":
            return None if value is None else RuleSet(value).value
        if key == "bye_policy":
            if value not in BYE_POLICIES:
                raise CommandError(
                    f"unknown bye policy {value!r} (known: {', '.join(BYE_POLICIES)})"
                )
            return value
        if key == "info":
            if not isinstance(value, Mapping):
                raise CommandError("info: the event's header is an object with named fields")
            merged = info_to_json(info_from_json({**info, **dict(value)}))
            _check_header(merged)
            return merged
        if key == "playoff" and value is not None:
            # The regulation is run by name later (playoff.start): an unknown name is refused now.
            return playoff_preset(str(value)).name
        if key == "rating_type" and value is not None:
            # FIDE's three ratings; None goes back to the time control's (rating_lookup).
            return RatingType(value).value
        if key == "acceleration":
            if value is not None and value not in ACCELERATIONS:
                raise CommandError(
                    f"unknown acceleration {value!r} (known: {', '.join(ACCELERATIONS)})"
                )
            return value
        if key in ("swap_last_two", "teammates_apart", "rating_check_after_update"):
            if not isinstance(value, bool):
                raise CommandError(f"{key} is true or false, not {value!r}")
            return value
        if key == "team_best":
            # US Chess 28N: the number of a team's best scores that count (None: four).
            return None if value is None else checked_best(value)
        if key == "rating_lists":
            # FIDE C.02 checklist, rating lists: the sequence of lists per event.
            if value is None:
                return None
            try:
                return checked_sequence(value)
            except ValueError as exc:
                raise CommandError(f"rating_lists: {exc}") from None
        if key == "variant":
            # Standard chess or Chess960 (FIDE Laws of Chess, Guidelines II); None: standard.
            return None if value is None else checked_variant(value).value
        if key == "half_point_bye_limit":
            # The regulations' number of half-point byes (FIDE C.02 Q176; US Chess 22C).
            return checked_half_point_bye_limit(value)
        if key == "uschess_report":
            if not isinstance(value, Mapping):
                raise CommandError(
                    "uschess_report: the report's header is an object with named fields"
                )
            # Fields given are merged into those kept, as the event's header is.
            return checked_report_settings({**dict(before or {}), **dict(value)})
        if (
            key == "preset"
            and value is not None
            and (not isinstance(value, str) or value not in PRESETS)
        ):
            raise CommandError(f"unknown preset {value!r} (known: {', '.join(sorted(PRESETS))})")
        return value
    except Refused:
        raise
    except (ValueError, RuleError) as exc:
        raise CommandError(f"{key}: {exc}") from exc
    except (TypeError, AttributeError) as exc:
        # A value of the wrong kind where a number, text or list belongs (another
        # program's or a damaged file's): said plainly, not as Python's words.
        raise CommandError(f"{key}: {_shown(value)} is not a value this setting holds") from exc


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_HEADER_WORDS = {
    "name": "the event's name",
    "city": "the city",
    "federation": "the federation",
    "tournament_type": "the type of tournament",
    "chief_arbiter": "the chief arbiter",
    "deputy_arbiters": "a deputy arbiter",
    "time_control": "the time control",
    "round_dates": "a round date",
}


def _check_header(info: Mapping[str, Any]) -> None:
    """The event's header fields fit a sheet's title line and hold printable text only."""
    for key, what in _HEADER_WORDS.items():
        value = info.get(key)
        for line in value if isinstance(value, list) else [value]:
            problem = header_problem(line) if isinstance(line, str) else None
            if problem is not None:
                raise CommandError(f"{what} {problem}")


def _check_tiebreaks(value: Any) -> list[str]:
    """Codes are kept as text, exactly as announced; each must be in the catalogue."""
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise CommandError("tie-breaks are a list of codes such as ['BH/C1', 'BH', 'SB']")
    for item in value:
        if not isinstance(item, str) or not item.strip() or "," in item:
            raise CommandError(f"not a tie-break code: {item!r}")
    try:
        codes = list(parse_tiebreak_list([str(item) for item in value]))
    except UnknownTieBreak as exc:
        raise CommandError(f"tiebreaks: {exc}") from exc
    if len({c.upper() for c in codes}) != len(codes):
        raise CommandError("a tie-break is listed twice")
    return codes


TRF_SOURCE = "trf_source"
"""The setting that keeps what an imported TRF file held besides its event
(:func:`arbiter_app.core.trf.document_to_json`), so that exporting writes that file back."""


@command(ImportEvent)
def import_event(tx: Tx, cmd: ImportEvent, ctx: Context) -> None:
    """Fill a new event with an imported one (players, rounds, settings).

    *settings* (optional) are ``edit_settings`` values announced with the
    import (a tie-break list, a play-off regulation): part of setting the
    event up, so nothing is asked about them even when the rounds are played.
    Optional: *tiebreaks*, the list the file announced (TRF-26 records
    202/212), and *trf*, what the TRF file held besides the event.
    """
    if tx.rows("players") or queries.paired_rounds(tx):
        raise CommandError("an event can only be imported into an empty file")
    data = cmd.event
    if not isinstance(data, dict):
        raise CommandError("import_event needs the event as an object")
    _check_imported_players(data)
    settings = {
        "info": data["info"],
        "system": data["system"],
        "rounds": max(1, int(data["rounds"]), _max_round(data)),
        "point_system": data["point_system"],
        "round_point_systems": data["round_point_systems"],
        "rule_set": data["rule_set"],
    }
    _apply_settings(tx, settings)
    announced_codes = given(cmd.tiebreaks, None)
    if announced_codes:
        # The list as the file announced it, even one a new event could not choose
        # (a Buchholz in a round robin played before the 2026 text): the codes are checked,
        # not the choice.
        tx.set_setting("tiebreaks", _check_setting(tx, "tiebreaks", announced_codes))
    trf = given(cmd.trf, None)
    if trf is not None:
        if not isinstance(trf, dict):
            raise CommandError("import_event: the TRF file's other records are an object")
        _say_system_reading(trf, data["system"], ctx)
        tx.set_setting(TRF_SOURCE, trf)
    source = str(given(cmd.source, None) or "")
    for table in ("players", "entries", "bye_requests"):
        names = TABLES_BY_NAME[table].key_names
        for row in data[table]:
            key, values = split_key(row, names)
            if table == "players":
                # The imported file's ratings are its own (a TRF file does not say more).
                values["rating_source"] = typed_or_imported(
                    values.get("rating"), source, values.get("rating_source") or None
                )
            tx.put(table, key, values)
    for number, row in enumerate(data["adjustments"], start=1):
        tx.put("adjustments", (number,), row)
    for number, group in enumerate(data["forbidden_pairs"], start=1):
        tx.put("forbidden_pairs", (number,), {"players": ",".join(str(x) for x in group)})
    # Games not known (a TRF "?" or a code TRF-26 does not define; checklist Q164-166):
    # paired without a result, adjourned (session.unknown_results).
    not_known = unknown_results.given_games(given(cmd.unknown_results, None))
    unknown_results.clear_rounds(tx, not_known)
    _boards_from_entries(tx, [(g.round, g.white, g.black) for g in not_known])
    unknown_results.mark_not_known(tx, ctx, not_known)
    _check_imported_rounds(tx, ctx, _compared(cmd))
    set_numbering(tx, Numbering.FILE)
    announced = given(cmd.settings, None)
    if announced:
        if not isinstance(announced, dict):
            raise CommandError("the settings of an import are an object of settings")
        _apply_settings(tx, announced)
    if data.get("accelerations"):
        _import_accelerations(tx, data["accelerations"])


def _say_system_reading(trf: Mapping[str, Any], system: Any, ctx: Context) -> None:
    """Which double Swiss a file whose record 192 says ``FIDE_DOUBLESWISS`` was read as,
    and why: a level-2 notice when the file decided it, a level-3 question when it did
    not (FIDE C.02; the reading is the core's, :mod:`arbiter_app.core.trf.double_swiss_origin`)."""
    data = trf.get("system_reading")
    if data is None:
        return
    try:
        reading = SystemReading.from_json(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise CommandError(f"import_event: the reading of record 192 is not one: {exc}") from exc
    if reading.system.value != system:
        raise CommandError(
            f"import_event: the event's system ({system}) is not the one its file was read as "
            f"({reading.system.value})"
        )
    ctx.ask(Alert(reading.level, reading.reason, DOUBLE_SWISS_ARTICLE))


def _import_accelerations(tx: Tx, records: Any) -> None:
    """Virtual points read from the file (TRF-26 record 250).

    When they are exactly the Baku Acceleration's for the imported field, the
    event is a Baku-accelerated event (C.04.5.1); otherwise the records are kept
    as they were read and pair the event as they say.
    """
    event = event_from_state(State({spec.name: tx.rows(spec.name) for spec in STATE_TABLES}))
    if event.system is System.SWISS and baku_virtual_points(event) == accelerations_from_json(
        records
    ):
        tx.set_setting("acceleration", BAKU)
    else:
        tx.set_setting("virtual_points", records)


def _check_imported_players(data: dict[str, Any]) -> None:
    """An imported event's players pass the same checks as players added one by one
    (core.limits through clean_player_fields), and fit the event's limits."""
    players = data.get("players")
    if not isinstance(players, list):
        raise CommandError("an imported event lists its players")
    numbers = [row.get("tpn") for row in players if isinstance(row, dict)]
    problem = too_many_players(len(players)) or too_many_players(
        max((n for n in numbers if isinstance(n, int)), default=0)
    )
    if problem is not None:
        raise RuleError(problem)
    for row in players:
        if not isinstance(row, dict):
            raise CommandError(f"a player is an object, not {row!r}")
        try:
            clean_player_fields({k: v for k, v in row.items() if k in PLAYER_FIELDS})
        except ValueError as exc:
            raise CommandError(f"player {row.get('tpn')}: {exc}") from exc


_LISTED_BREACHES = 20
"""Broken rules and rounds an import's question lists before saying how many more there are."""


def _compared(cmd: ImportEvent) -> DutchComparison | None:
    """The comparison with the Dutch pairing the import carries (None: an import that made
    none, as every import recorded before it was made did)."""
    value = given(cmd.dutch, None)
    if value is None:
        return None
    try:
        return DutchComparison.from_json(value)
    except ValueError as exc:
        raise CommandError(f"import_event: {exc}") from None


def _check_imported_rounds(tx: Tx, ctx: Context, compared: DutchComparison | None) -> None:
    """An import is a pairing-integrity event when its rounds break pairing rules (FIDE
    C.02, the checklist's questions 54 and 55): a level-3 question listing them first,
    then a ``### Import @ Round r`` line for each round that breaks one.

    The rules are the absolute criteria, colours and byes (:func:`imported_breaches`),
    and, for a Dutch Swiss read from a TRF file, the Dutch pairing itself: *compared*
    says which rounds differ from it and on how many boards (the stricter reading of
    question 54, :mod:`arbiter_app.core.checker.imported`). A comparison that was not
    made (a field too large) is a level-2 notice saying why and how to make it.
    """
    event = event_from_state(state_of_tx(tx))
    breaches = imported_breaches(event)
    differing = {d.round: d for d in compared.rounds} if compared is not None else {}
    beyond = [r for r in differing if r > event.rounds_played]
    if beyond:
        raise CommandError(f"import_event: the file has no round {beyond[0]} to differ")
    alerts = []
    if compared is not None and compared.not_compared:
        alerts.append(Alert(Level.NOTICE, sentence(compared.not_compared), CHECKLIST))
    if not breaches and not differing:
        ctx.ask(*alerts)
        return
    rounds = sorted(set(breaches) | set(differing))
    listed: list[str] = []
    for r in rounds:
        listed += [f"round {r}: {v}" for v in breaches.get(r, ())]
        if r in differing:
            listed.append(f"round {r}: {differing[r].text()}")
    broken = sum(len(found) for found in breaches.values())
    rules = "a pairing rule" if broken == 1 else count(broken, "pairing rule", thousands=True)
    verb = "differs" if len(differing) == 1 else "differ"
    dutch = f"{verb} from the Dutch pairing ({DUTCH_ARTICLE})"
    if broken and differing:
        head = f"The file's rounds break {rules}, and {count(len(differing), 'round')} {dutch}."
    elif broken:
        head = f"The file's rounds break {rules}."
    else:
        head = f"{count(len(differing), 'round')} of the file {dutch}."
    shown = listed[:_LISTED_BREACHES]
    if len(listed) > len(shown):
        # A question the arbiter can read: the first ones, then how many more the report has.
        shown.append(
            f"and {len(listed) - len(shown):,} more, each in the report's ### Import lines"
        )
    alerts.append(
        Alert(
            Level.CONFIRM,
            f"{head} Import it anyway? The report says so with a ### Import line for each round.",
            f"{CHECKLIST}: imported rounds are checked against the pairing rules",
            tuple(shown),
        )
    )
    ctx.ask(*alerts)
    for round_no in rounds:
        parts = [v.message for v in breaches.get(round_no, ())]
        if round_no in differing:
            parts.append(differing[round_no].text())
        log_pibe(tx, Pibe(PibeKind.IMPORT, round_no, "; ".join(parts)))


def _max_round(data: dict[str, Any]) -> int:
    return max((int(e["round"]) for e in data["entries"]), default=0)


def _boards_from_entries(tx: Tx, not_known: Sequence[tuple[int, int, int]] = ()) -> None:
    """Board rows for every game or forfeit whose two sides are known, and for the games
    *not_known* (round, White, Black) paired without a result.

    Imported files carry no board numbers; boards are numbered in each round by
    the lower pairing number of the pair, White first where colours are known.
    """
    pairs: dict[int, set[tuple[int, int]]] = {}
    for round_no, white, black in not_known:
        pairs.setdefault(round_no, set()).add((white, black))
    for (tpn, round_no), row in tx.rows("entries").items():
        opponent = row["opponent"]
        if not EntryKind(row["kind"]).has_opponent or opponent is None:
            continue
        white, black = (opponent, tpn) if row["colour"] == "b" else (tpn, opponent)
        if row["colour"] is None:
            white, black = min(tpn, opponent), max(tpn, opponent)
        pairs.setdefault(round_no, set()).add((white, black))
    for round_no, games in pairs.items():
        seen: set[int] = set()
        board = 0
        for white, black in sorted(games, key=lambda p: (min(p), p)):
            if white in seen or black in seen:
                continue  # the two sides disagree; keep the first reading only
            seen.update((white, black))
            board += 1
            tx.put(
                "boards",
                (round_no, board),
                {"white": white, "black": black, "white_rating": None, "black_rating": None},
            )


def _ranking_rule(tx: Tx, cmd: SetPairingNumbers, ctx: Context) -> RankingRule:
    """The initial ranking's rule *cmd* states (``rating``: FIDE, NRO, FIDON, NIDOF, HBFN;
    ``ties``: name, fide-id, lot), the rest as the event has it (FIDE C.02 questions 145-146)."""
    rule = ranking_rule_of(tx)
    try:
        rating = TournamentRating(given(cmd.rating, rule.rating.value))
    except ValueError:
        known = ", ".join(r.value for r in TournamentRating)
        raise CommandError(f"the tournament rating is one of {known}") from None
    try:
        ties = TieOrder(given(cmd.ties, rule.ties.value))
    except ValueError:
        known = ", ".join(t.value for t in TieOrder)
        raise CommandError(f"equal players are ordered by one of {known}") from None
    if ties is TieOrder.LOT:
        seed = ctx.seed if cmd.given("ties") else rule.seed
        if seed is None:
            raise CommandError("an order drawn by lot needs a seed")
        return RankingRule(rating, ties, seed)
    return RankingRule(rating, ties)


@command(SetPairingNumbers)
def set_pairing_numbers(tx: Tx, cmd: SetPairingNumbers, ctx: Context) -> list[int]:
    """Give the pairing numbers before round 1 (refused once round 1 is paired).

    *by* is ``rating`` (the initial ranking, FIDE C.04.2 articles 2.2, 2.3, then
    kept up to date), ``lot`` (drawn from the session's seed, FIDE C.05 articles
    7.2, 7.5), ``draw`` (a physical draw: *order* lists the present numbers in
    the order drawn, *witnesses* who saw it) or ``order`` (by hand). Returns the
    present numbers in their new order.
    """
    system = System(tx.setting("system", System.SWISS.value))
    refusal = renumbering_refusal(queries.paired_rounds(tx), system)
    if refusal is not None:
        raise RuleError(refusal)
    current = sorted(k[0] for k in tx.keys("players"))
    how = cmd.by
    witnesses = given(cmd.witnesses, [])
    if not isinstance(witnesses, list) or not all(isinstance(w, str) for w in witnesses):
        raise CommandError("witnesses are a list of names")
    if how in ("order", "draw"):
        order = given(cmd.order, None)
        if not isinstance(order, list) or sorted(order) != current:
            raise CommandError(
                "the new order must list every pairing number exactly once: "
                f"{', '.join(map(str, current))}"
            )
        if how == "draw":
            # Checked as a draw: the protocol prints it with its witnesses.
            physical_draw(
                "pairing numbers", current, order, witnesses=witnesses, article=ARTICLE_LOT
            )
    elif how == "rating":
        rule = _ranking_rule(tx, cmd, ctx)
        tx.set_setting(RANKING, rule.to_json())
        order = list(rating_order(players_of(tx), rule))
    elif how == "lot":
        if ctx.seed is None:
            raise CommandError("a drawing of lots needs a seed")
        order = list(shuffled(current, ctx.seed))
    else:
        raise CommandError("renumber 'by' one of: rating, lot, draw (with the order drawn), order")
    if how != "rating" and (cmd.given("rating") or cmd.given("ties")):
        raise CommandError(
            "the tournament rating and the order of equal players go with 'by rating'"
        )
    mapping = {old: new for new, old in enumerate(order, start=1)}
    queries.renumber(tx, mapping)
    set_numbering(tx, Numbering(how))
    return [int(x) for x in order]
